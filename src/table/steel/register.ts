/**
 * Steel (seed 000) at the table: what this ruleset supplies to the runner (its time
 * structure, item rolls, actor actions, card kinds and hooks), registered in
 * this order (a later item roll for the same item type replaces an earlier one).
 */
import { registerSteelTime } from "./time";
import { registerSteelThrow } from "./throw";
import { registerSteelSkillTests } from "./skill-tests";
import { registerSteelTable } from "./attack";
import { registerSteelContests } from "./contests";
import { registerSteelBleeding } from "./bleeding";
import { registerSteelSurprise } from "./surprise";
import { registerSteelMissile } from "./missile";
import { registerSteelMounted } from "./mounted";
import { registerSteelSheetActions } from "./sheet-actions";
import { registerSteelDuelWorld } from "./duel-world";
import { registerSteelStyles } from "./style";

/** Called once from the `init` hook. */
export function registerSteel(): void {
  registerSteelDuelWorld();
  registerSteelTime();
  registerSteelThrow();
  registerSteelSkillTests();
  registerSteelTable();
  registerSteelContests();
  registerSteelBleeding();
  registerSteelSurprise();
  registerSteelMissile();
  registerSteelMounted();
  registerSteelSheetActions();
  registerSteelStyles();
}
