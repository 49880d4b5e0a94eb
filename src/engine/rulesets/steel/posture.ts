import { ok, refuse, type Outcome } from "../../outcome";
/**
 * Posture ("Posture"): declared at the opening of a bout when there is time, it
 * lasts until the first blow or movement. Aggressive: +2 dice to an attack, +2
 * activation cost on defences; defensive: the reverse; neutral: nothing.
 */
export type Posture = "neutral" | "aggressive" | "defensive";
export const POSTURES: readonly Posture[] = ["neutral", "aggressive", "defensive"];

export interface PostureEffect {
  readonly bonusDice: number;
  readonly extraCost: number;
}

// Shared, frozen answers: an exchange asks twice and simulations run millions of them.
const NONE: PostureEffect = Object.freeze({ bonusDice: 0, extraCost: 0 });
const BONUS: PostureEffect = Object.freeze({ bonusDice: 2, extraCost: 0 });
const COST: PostureEffect = Object.freeze({ bonusDice: 0, extraCost: 2 });

/**
 * The dice a declaration actually rolls ("Posture", "Weapon Length"): the dice
 * spent, plus the posture's +2 for its side and any GM bonus dice, less the
 * reach penalty; never below 0.
 */
export function rolledDice(dice: number, posture: Posture | undefined, kind: "attack" | "defence", reachPenalty = 0, bonusDice = 0): number {
  return Math.max(0, dice + postureEffect(posture, kind).bonusDice + bonusDice - reachPenalty);
}

export function postureEffect(posture: Posture | undefined, kind: "attack" | "defence"): PostureEffect {
  if (posture === "aggressive") return kind === "attack" ? BONUS : COST;
  if (posture === "defensive") return kind === "defence" ? BONUS : COST;
  return NONE;
}

/** Seed 000 "Melee Combat": the secret throw is red (attack) or white (respond); none is hesitation. The one list: the bout, the tracker, the throw's dialog and the styles read it. */
export const THROWS = ["red", "white"] as const;
export type ThrowColour = (typeof THROWS)[number];

/**
 * The secret throw as a fighter declares it ("Melee Combat": red or white;
 * "Posture": a posture with it only where the GM allows postures at the
 * opening throw). A bare colour is a neutral throw; anything else is refused.
 */
export function checkThrow(choice: unknown, posturesAllowed: boolean): Outcome<{ throw: ThrowColour; posture: Posture }> {
  const c = (typeof choice === "string" ? { throw: choice } : (choice ?? {})) as { throw?: unknown; posture?: unknown };
  const posture = c.posture ?? "neutral";
  if (!THROWS.includes(c.throw as ThrowColour) || !POSTURES.includes(posture as Posture)) return refuse("declare.badChoice", "BOUT.Declare.Refusal.BadChoice");
  if (posture !== "neutral" && !posturesAllowed) return refuse("declare.noPostures", "BOUT.Declare.Refusal.NoPostures");
  return ok({ throw: c.throw as ThrowColour, posture: posture as Posture });
}
