/**
 * The pool an actor refreshes to this round, from its figures and the situation:
 * what the shell passes to the bouts machine's `setPool` (and `startBouts`).
 */
import type { ActorView } from "../ruleset";
import { roundPool, roundPoolSize, type Light, type RoundPool, type RoundPoolInput } from "./combat-pool";
import { armourPenalty, basePoolOf, effectivePain } from "./derived";
import type { SteelStats } from "./stats";

export interface Situation {
  readonly light?: Light;
  /** Higher footing, or mounted against foes on foot. */
  readonly higherFooting?: boolean;
  /** On horseback: leg armour's penalty is cancelled. */
  readonly mounted?: boolean;
  readonly gmModifier?: number;
  readonly shockCarry?: number;
}

export function poolForRound(actor: ActorView<SteelStats>, situation: Situation = {}): RoundPool {
  return roundPool(poolInput(actor, situation));
}

/** The pool alone, for a whole bout's refresh at a round's start (issue 35: no list of steps per fighter). */
export function poolSizeForRound(actor: ActorView<SteelStats>, situation: Situation = {}): number {
  return roundPoolSize(poolInput(actor, situation));
}

function poolInput(actor: ActorView<SteelStats>, situation: Situation): RoundPoolInput {
  const a = actor.stats;
  const armour = actor.armor.filter((i) => i.equipped).map((i) => i.stats);
  const shields = actor.shields.filter((i) => i.equipped).map((i) => i.stats);
  return {
    base: basePoolOf(a),
    armourPenalty: armourPenalty(armour, shields, situation.mounted),
    pain: effectivePain(a),
    fatigue: a.fatigue,
    light: situation.light,
    seesInDark: a.seesInDark,
    healthNow: a.healthNow,
    higherFooting: situation.higherFooting,
    gmModifier: situation.gmModifier,
    shockCarry: situation.shockCarry,
  };
}
