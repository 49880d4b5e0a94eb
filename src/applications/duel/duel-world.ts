/**
 * The world the simulator plays in. Each ruleset's table folder registers how it
 * reads its part (the same readers its cards use: the chosen RollTables over the
 * JSON tables over ours, the phases tracks, the opposed tie rule, the
 * actionpoints critical rule), so the dialog needs no ruleset's table code. A
 * chosen table that does not read refuses the simulation as it refuses a card.
 */
import type { DuelWorld } from "../../engine/duel";
import { ok, type Outcome } from "../../engine/outcome";
import type { RulesetId } from "../../engine/rulesets/ruleset";

const readers = new Map<RulesetId, () => Outcome<DuelWorld>>();

/** Called once per ruleset from its table registration. */
export function registerDuelWorld(ruleset: RulesetId, read: () => Outcome<DuelWorld>): void {
  readers.set(ruleset, read);
}

/** The active ruleset's world as its cards read it now; a ruleset that registered nothing plays our defaults. */
export function duelWorld(ruleset: RulesetId): Outcome<DuelWorld> {
  return readers.get(ruleset)?.() ?? ok({});
}
