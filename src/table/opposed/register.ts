/**
 * Opposed (seed 003) at the table: what this ruleset supplies to the runner (its time
 * structure, item rolls, actor actions, card kinds and hooks), registered in
 * this order (a later item roll for the same item type replaces an earlier one).
 */
import { registerOpposedTime } from "./time";
import { registerOpposedSkillTests } from "./skill-tests";
import { registerOpposedTable } from "./attack";
import { registerOpposedMoves } from "./moves";
import { registerOpposedSurprise } from "./surprise";
import { registerOpposedSheetActions } from "./sheet-actions";
import { registerOpposedDuelWorld } from "./duel-world";
import { registerOpposedStyles } from "./style";
import { registerHeldInPlace } from "./held";

/** Called once from the `init` hook. */
export function registerOpposed(): void {
  registerOpposedDuelWorld();
  registerOpposedTime();
  registerOpposedSkillTests();
  registerOpposedTable();
  registerOpposedMoves();
  registerOpposedSurprise();
  registerOpposedSheetActions();
  registerOpposedStyles();
  registerHeldInPlace();
}
