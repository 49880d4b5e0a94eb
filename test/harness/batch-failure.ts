/**
 * How a v14 `foundry.documents.modifyBatch` that does not go through ends, where the
 * evidence is split (docs/foundry-v14.md, "Batched writes" and "Refused writes"):
 *
 * - "reject": the v14 API documentation (function foundry.documents.modifyBatch: "a
 *   cancellation (via, for example, Document#_preUpdate) or exception thrown by a single
 *   operation will cancel the entire batch. No changes will be made") read as a promise
 *   that rejects: the call throws, nothing is written. pf2e's createTargetsEmbeddedItem
 *   (v14) catches a throw from modifyBatch and tries again, reading it this way.
 * - "resolve": Foundry's tracker, foundryvtt/foundryvtt#14356 ("modifyBatch throws
 *   'undefined' error message"): the client's #handleModifyDocumentBatch catches the
 *   failure and shows a notification; the call resolves, each operation with no documents.
 *
 * Either way nothing of the batch is written and every client hears nothing. The harness
 * takes the reading from BOUT_BATCH_FAILURE ("resolve"; anything else "reject"), and a
 * test may set `world.server.batchFailure` to run both in one file (test/shell/refused-writes.test.ts).
 */
export type BatchFailure = "reject" | "resolve";

export const BATCH_FAILURE_READINGS: readonly BatchFailure[] = ["reject", "resolve"];

export function batchFailureReading(): BatchFailure {
  return process.env.BOUT_BATCH_FAILURE === "resolve" ? "resolve" : "reject";
}
