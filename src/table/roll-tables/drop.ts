/**
 * A RollTable dropped on the chooser's field for a lookup: Foundry's drop data
 * for a document (`{type, uuid}`) from the sidebar or a compendium. Only a
 * RollTable names a lookup's table; anything else (an actor, a table's single
 * result, a journal entry) is refused and the field keeps what it held. Whether
 * the table reads is checked on Save, as for a pasted uuid.
 */
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { R } from "./results";

/** The uuid a drop names, when it is a RollTable's (a world one, "RollTable.<id>", or a compendium's, "Compendium.<pack>.RollTable.<id>"). */
export function droppedTableUuid(data: unknown): Outcome<string> {
  const d = (data ?? {}) as { type?: unknown; uuid?: unknown };
  const uuid = typeof d.uuid === "string" ? d.uuid.trim() : "";
  // The uuid's last pair names the document itself: a table result inside a table ends "TableResult.<id>".
  const parts = uuid.split(".");
  const isTable = d.type === "RollTable" && parts.length >= 2 && parts.at(-2) === "RollTable" && Boolean(parts.at(-1));
  return isTable ? ok(uuid) : refuse("rollTables.notATable", `${R}notATable`);
}
