/**
 * Who may press a card's buttons: one policy for every ruleset's cards, read
 * both where a button is shown (only to those who may press it) and where the
 * active GM checks the press (from the sender's ownership now). A GM may press
 * any; the defender's owner answers; either fighter's owner applies the result
 * (it is the GM's resolution, whoever presses); a follow-up is its fighter's
 * (the owner of the fighter it names). Issue 32 shell audit: each place had
 * its own copy.
 */

export type CardButton = "defend" | "apply" | "followUp";

/** The user pressing, as the documents say now: a GM, and which of the card's fighters (and the follow-up's) it owns. */
export interface CardHands {
  readonly gm: boolean;
  readonly ownsAttacker: boolean;
  readonly ownsDefender: boolean;
  /** Owns the fighter the follow-up is offered to (only read for a follow-up). */
  readonly ownsOffered?: boolean;
}

export function mayPress(button: CardButton, hands: CardHands): boolean {
  if (hands.gm) return true;
  if (button === "defend") return hands.ownsDefender;
  if (button === "apply") return hands.ownsAttacker || hands.ownsDefender;
  return Boolean(hands.ownsOffered);
}
