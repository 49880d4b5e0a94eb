/**
 * Phases (seed 001) at the table: what this ruleset supplies to the runner (its time
 * structure, item rolls, actor actions, card kinds and hooks), registered in
 * this order (a later item roll for the same item type replaces an earlier one).
 */
import { registerPhasesTime } from "./time";
import { registerPhasesTable } from "./attack";
import { registerPhasesChecks } from "./checks";
import { registerPhasesDuelWorld } from "./duel-world";
import { registerPhasesStyles } from "./style";

/** Called once from the `init` hook. */
export function registerPhases(): void {
  registerPhasesDuelWorld();
  registerPhasesTime();
  registerPhasesTable();
  registerPhasesChecks();
  registerPhasesStyles();
}
