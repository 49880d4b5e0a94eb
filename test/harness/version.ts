/**
 * Which Foundry generation the harness models: 13 (the default) or 14, chosen by
 * BOUT_FOUNDRY=14 in the environment (the `shell-v14` vitest project sets it).
 * The v14 mode changes only what docs/foundry-v14.md lists, each cited to the
 * v14 API documentation or fvtt-types 14.366:
 * - `game.release.generation` is 14;
 * - CONFIG.statusEffects is an object keyed by status id (v14 CONFIG.statusEffects);
 * - ActiveEffect changes live in `system.changes` (Active Effects v2), each with a phase;
 * - the user's chat visibility is the `core.messageMode` setting (public, gm, blind, self),
 *   messages take a `messageMode` option (the v13 `rollMode` option still works, deprecated);
 * - context menu entries are named by `label`, core's combatant entries as COMBATANT.ACTIONS.*;
 * - tokens stand on a scene level (`level`), and movement waypoints carry it;
 * - `foundry.documents.modifyBatch` exists: several operations in one request, all or none
 *   (runtime.ts `modifyBatch`, server.ts `WorldServer#batch`).
 */
export type Generation = 13 | 14;

export function foundryGeneration(): Generation {
  return process.env.BOUT_FOUNDRY === "14" ? 14 : 13;
}

export const isV14 = (): boolean => foundryGeneration() === 14;

/** `game.release` as each generation reports it (the builds the harness cites). */
export function releaseData(generation: Generation = foundryGeneration()): { generation: number; build: number; version: string } {
  return generation === 14 ? { generation: 14, build: 366, version: "14.366" } : { generation: 13, build: 350, version: "13.350" };
}

/** v14 message modes and the v13 roll modes they replace (ChatMessage.applyRollMode's meaning). */
export const MESSAGE_MODE_OF_ROLL_MODE: Record<string, string> = { publicroll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self" };
export const ROLL_MODE_OF_MESSAGE_MODE: Record<string, string> = { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll", ic: "publicroll", ooc: "publicroll", emote: "publicroll" };

/**
 * The user's chat visibility setting for a v13 roll mode, as this generation
 * stores it: `["rollMode", "gmroll"]` in v13, `["messageMode", "gm"]` in v14.
 * Tests set it with `game.settings.set("core", ...chatModeSetting("gmroll"))`.
 */
export function chatModeSetting(rollMode: string): [string, string] {
  return isV14() ? ["messageMode", MESSAGE_MODE_OF_ROLL_MODE[rollMode] ?? rollMode] : ["rollMode", rollMode];
}

/** The user's chat visibility as a v13 roll mode, whichever setting holds it. */
export function userRollMode(settings: { get(namespace: string, key: string): unknown }): string {
  return isV14() ? (ROLL_MODE_OF_MESSAGE_MODE[String(settings.get("core", "messageMode"))] ?? "publicroll") : String(settings.get("core", "rollMode"));
}
