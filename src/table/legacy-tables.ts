/**
 * One notice for a world that saved rolled tables in the old JSON editors
 * (steel's wound tables, hit zones and missile chart; actionpoints' critical
 * locations and effects) before those became RollTables: the world keeps
 * playing with them where no RollTable is chosen; the active GM is told once
 * what they are and where the tables are edited now. The lists of what is
 * left come from each ruleset's tables file.
 */
import { SYSTEM_ID } from "../config";

export async function noticeLegacyTables(legacy: readonly string[]): Promise<void> {
  if (!game.user?.isActiveGM || legacy.length === 0) return;
  if (game.settings.get(SYSTEM_ID, "legacyTablesNoticed")) return;
  ui.notifications?.info(game.i18n!.format("BOUT.Settings.LegacyTables.Notice", { tables: legacy.join(", ") }), { permanent: true });
  await game.settings.set(SYSTEM_ID, "legacyTablesNoticed", true);
}
