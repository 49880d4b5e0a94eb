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

export function postureEffect(posture: Posture | undefined, kind: "attack" | "defence"): PostureEffect {
  if (posture === "aggressive") return kind === "attack" ? { bonusDice: 2, extraCost: 0 } : { bonusDice: 0, extraCost: 2 };
  if (posture === "defensive") return kind === "defence" ? { bonusDice: 2, extraCost: 0 } : { bonusDice: 0, extraCost: 2 };
  return { bonusDice: 0, extraCost: 0 };
}
