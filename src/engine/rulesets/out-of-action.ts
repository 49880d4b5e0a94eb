/**
 * Out of action (issue 31 "In what state"): a fighter who cannot act at all is
 * out of the fight's order and its actions are refused. Every ruleset counts
 * the table's own conditions (dead, unconscious, whoever set them); a ruleset
 * whose figures say it (steel's Health 0, a pulse figure's Endurance 3) adds
 * its own in its folder.
 */

/** Why a fighter cannot act: a localization key, said to the player whose action is refused. */
export interface OutOfAction {
  readonly key: string;
}

const K = "BOUT.OutOfAction.";

/** The conditions that stop a fighter in every ruleset: dead first, then unconscious. */
export function outByStatus(statuses: ReadonlySet<string>): OutOfAction | null {
  if (statuses.has("dead")) return { key: `${K}Dead` };
  if (statuses.has("unconscious")) return { key: `${K}Unconscious` };
  return null;
}

/** A reason of a ruleset's own (a coma), under the same keys. */
export const outOfAction = (reason: string): OutOfAction => ({ key: `${K}${reason}` });
