/**
 * What a lookup reads today, for the chooser to show: ours (nothing chosen:
 * the built-in table, which the Bout: Tables compendium holds word for word),
 * a world table (by its name), a table still in a compendium, or a chosen
 * table that is gone. The last two make the cards refuse until the GM acts.
 */
export type SlotStateName = "ours" | "world" | "compendium" | "missing";

export interface SlotState {
  readonly state: SlotStateName;
  /** The world table's name (empty otherwise). */
  readonly name: string;
}

/** The document a uuid names in this world, as far as the chooser reads it. */
function found(uuid: string): { documentName?: string; name?: string } | null {
  try {
    return (fromUuidSync(uuid as never) as { documentName?: string; name?: string } | null) ?? null;
  } catch {
    return null;
  }
}

export function slotState(uuid: string | undefined): SlotState {
  if (!uuid) return { state: "ours", name: "" };
  if (uuid.startsWith("Compendium.")) return { state: "compendium", name: "" };
  const doc = found(uuid);
  return doc?.documentName === "RollTable" ? { state: "world", name: String(doc.name ?? "") } : { state: "missing", name: "" };
}
