/**
 * Whose side a fighter is on, for every rule that tells friend from foe (a
 * pulse's sides and their initiative, melee zones that stop only foes, the
 * foes a fighting style strikes at). Read from its token's disposition
 * (Foundry's CONST.TOKEN_DISPOSITIONS: SECRET -2, HOSTILE -1, NEUTRAL 0,
 * FRIENDLY 1): friendly tokens are the party, every other token its foes;
 * without a token, a player character is the party and any other actor a foe.
 * Issue 32 shell audit: decided in the combat document before.
 */

/** The two sides, as the tracker names them. */
export const SIDES = ["party", "foes"] as const;
export type Side = (typeof SIDES)[number];

/** What tells a fighter's side: its token's disposition (null without a token), and whether its actor is a player character. */
export interface SideSource {
  readonly disposition: number | null;
  readonly character: boolean;
}

export function sideOf(f: SideSource): Side {
  if (f.disposition !== null) return f.disposition > 0 ? "party" : "foes";
  return f.character ? "party" : "foes";
}
