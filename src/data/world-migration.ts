import { SYSTEM_ID } from "../config";
import { SCHEMA_VERSION } from "./migrations";

/**
 * Documents are upgraded in memory by `migrateData` every time they load; this
 * writes the upgraded data back once per world so the database catches up. Only the
 * active GM does it: one update per actor (with its items) and one for world items.
 */
export async function migrateWorld(): Promise<void> {
  if (!game.user?.isActiveGM) return;
  const stored = Number(game.settings.get(SYSTEM_ID, "schemaVersion") ?? 0);
  if (stored >= SCHEMA_VERSION) return;
  const systemOf = (doc: { toObject(): { system?: unknown } }) => doc.toObject().system;

  const itemUpdates = game.items!.map((item) => ({ _id: item.id, system: systemOf(item) }));
  if (itemUpdates.length) await Item.implementation.updateDocuments(itemUpdates as never, { diff: false } as never);

  for (const actor of game.actors!) {
    await Actor.implementation.updateDocuments([{ _id: actor.id, system: systemOf(actor) }] as never, { diff: false } as never);
    const owned = actor.items.map((item) => ({ _id: item.id, system: systemOf(item) }));
    if (owned.length) await actor.updateEmbeddedDocuments("Item", owned as never, { diff: false } as never);
  }
  await game.settings.set(SYSTEM_ID, "schemaVersion", SCHEMA_VERSION);
}
