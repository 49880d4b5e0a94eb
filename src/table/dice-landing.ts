/**
 * A card's outcome waits for its dice to land when Dice So Nice (DSN) animates them.
 *
 * DSN flags a message whose rolls it is animating (`message._dice3danimating`,
 * set in its createChatMessage hook for a new message and in its
 * updateChatMessage hook for rolls an update appends) and, in its
 * renderChatMessageHTML hook, hides the whole message when it is new, or only the
 * message's last `.dice-roll` elements when an update added rolls. When the last
 * animation ends it clears the flag, shows what it hid and calls the
 * `diceSoNiceRollComplete` hook with the message id. Our cards have no
 * `.dice-roll` (their faces are the dice partial's boxes), so on a card resolved
 * by an update the headline and the dice would show while the 3D dice still roll.
 *
 * So we follow the same flag: a card rendered while DSN animates it (and DSN's
 * "display chat messages immediately" is off) hides its outcome parts, and the
 * complete hook shows them again on every copy we hid (chat log, pop-out,
 * notification). Without DSN there is no flag and nothing is hidden.
 * Findings and the order of DSN's hooks: docs/dice.md.
 */

/** The class that hides a card's outcome (styles/chat.css). */
export const LANDING_CLASS = "bout-dice-landing";

/** The copies of each message we hid, by message id, until DSN says its dice landed. */
const waiting = new Map<string, Set<HTMLElement>>();

interface AnimatedMessage {
  readonly id?: string | null;
  readonly _dice3danimating?: boolean;
}

function dsnHoldsMessages(): boolean {
  const dice3d = (game as { dice3d?: { messageHookDisabled?: boolean } }).dice3d;
  if (!dice3d || dice3d.messageHookDisabled) return false;
  // DSN's client setting; a client without it (no module) never gets here, but read it with care.
  try {
    return !game.settings!.get("dice-so-nice" as never, "immediatelyDisplayChatMessages" as never);
  } catch {
    return true;
  }
}

/** renderChatMessageHTML: a card DSN is still rolling for keeps its outcome hidden. */
export function holdUntilDiceLand(message: AnimatedMessage, html: HTMLElement): void {
  if (!message._dice3danimating || !message.id || !dsnHoldsMessages()) return;
  const cards = html.matches(".bout-card, .bout-result-card") ? [html] : Array.from(html.querySelectorAll<HTMLElement>(".bout-card, .bout-result-card"));
  if (cards.length === 0) return;
  for (const card of cards) card.classList.add(LANDING_CLASS);
  let copies = waiting.get(message.id);
  if (!copies) waiting.set(message.id, (copies = new Set()));
  for (const card of cards) copies.add(card);
}

/** diceSoNiceRollComplete: the dice of this message landed; show what we hid. */
export function diceLanded(messageId: unknown): void {
  if (typeof messageId !== "string") return;
  const copies = waiting.get(messageId);
  if (!copies) return;
  waiting.delete(messageId);
  for (const card of copies) card.classList.remove(LANDING_CLASS);
}

export function registerDiceLanding(): void {
  Hooks.on("diceSoNiceRollComplete" as never, diceLanded as never);
}
