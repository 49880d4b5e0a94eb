/**
 * Actionpoints (seed 002) at the table: what this ruleset supplies to the runner (its time
 * structure, item rolls, actor actions, card kinds and hooks), registered in
 * this order (a later item roll for the same item type replaces an earlier one).
 */
import { registerActionPointsTime } from "./time";
import { registerActionPointsSkillTests } from "./skill-tests";
import { registerActionPointsTable } from "./attack";
import { registerActionPointsAdvantage } from "./advantage";
import { registerActionPointsStand } from "./stand";
import { registerActionPointsDuelWorld } from "./duel-world";
import { registerActionPointsStyles } from "./style";

/** Called once from the `init` hook. */
export function registerActionPoints(): void {
  registerActionPointsDuelWorld();
  registerActionPointsTime();
  registerActionPointsSkillTests();
  registerActionPointsTable();
  registerActionPointsAdvantage();
  registerActionPointsStand();
  registerActionPointsStyles();
}
