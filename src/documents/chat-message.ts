/**
 * Chat messages. A card is a message of our type written by a GM user
 * (table/cards.ts, isCard); any player may create a message of that type as
 * herself (v13 BaseChatMessage#canCreate), copy a real card's HTML into it and
 * give it any speaker ("Gamemaster"). The GM already refuses every action from
 * such a message; here it is also shown for what it is, so no one at the table
 * takes it for a card: its real author as the sender, its text without the
 * card's markup (no styling, no buttons), and a line saying what it is.
 */
import { isCard } from "../table/cards";

type MessageLike = { readonly type?: string; readonly author?: { readonly name?: string | null } | null };

/** A message of our card type that is not a card (not written by a GM). */
export function isLookAlike(message: MessageLike): boolean {
  return message.type === "card" && !isCard(message as ChatMessage.Implementation);
}

export class BoutChatMessage extends ChatMessage {
  /** v13 ChatMessage#alias names the sender from the speaker; a look-alike card's sender is its author, whatever speaker it gave. */
  override get alias(): string {
    if (isLookAlike(this)) return (this.author as { name?: string } | null)?.name ?? super.alias;
    return super.alias;
  }
}

/** renderChatMessageHTML: a look-alike card as plain text by its author (v13's message element: `.message-sender`, `.message-content`). */
export function unmaskLookAlike(message: MessageLike, html: HTMLElement): void {
  if (!isLookAlike(message)) return;
  const author = message.author?.name ?? "?";
  for (const sender of Array.from(html.querySelectorAll(".message-sender"))) sender.textContent = author;
  const content = html.querySelector(".message-content") ?? html;
  const doc = html.ownerDocument;
  const note = doc.createElement("p");
  note.className = "bout-look-alike-note";
  note.textContent = game.i18n!.format("BOUT.Card.LookAlike", { name: author });
  const text = doc.createElement("p");
  text.textContent = (content.textContent ?? "").replace(/\s+/g, " ").trim();
  content.replaceChildren(note, ...(text.textContent ? [text] : []));
  html.classList.add("bout-look-alike");
}
