/**
 * Who receives a chat message, and what each client may see of it, as in
 * Foundry v13.
 *
 * The server side (which client is sent a ChatMessage at all) is not in the
 * public v13 source; the harness delivers what the v13 client is written to
 * show, and no more:
 * - a message without whisper recipients goes to everyone;
 * - a whispered message goes to its recipients, its author and every GM
 *   (assistant GMs too); a GM who is neither recipient nor author holds it but
 *   `ChatMessage#visible` is false for them (core GMs never read other users'
 *   whispers, foundryvtt#9888);
 * - a whispered message that carries rolls goes to everyone: v13's
 *   `ChatMessage#visible` is true for any whispered roll (the chat log shows
 *   "rolled privately") and `ChatMessage#isContentVisible` hides its content
 *   from whoever is not a recipient, and from a blind roll's author.
 * An update goes to whoever could receive the message before or after it; a
 * client that never had the message ignores the update, as v13's
 * `ClientDatabaseBackend#handleUpdateDocuments` skips documents it does not hold
 * (a whisper later made public reaches that client only when it reconnects).
 */
import type { AnyObject } from "./utils";

const ASSISTANT = 3;

/** May this user's client be sent this stored ChatMessage? */
export function receivesMessage(source: AnyObject, user: AnyObject): boolean {
  const whisper: string[] = source.whisper ?? [];
  if (!whisper.length) return true;
  if ((user.role ?? 0) >= ASSISTANT) return true;
  if (source.author === user._id || whisper.includes(user._id)) return true;
  return Array.isArray(source.rolls) && source.rolls.length > 0;
}

/** v13 ChatMessage#visible: a whisper shows to its author and recipients; a whispered roll shows to everyone (its content may not). */
export function messageVisible(message: { whisper: string[]; isRoll: boolean; isAuthor: boolean }, userId: string): boolean {
  if (message.whisper.length) {
    if (message.isRoll) return true;
    return message.isAuthor || message.whisper.includes(userId);
  }
  return true;
}

/** v13 ChatMessage#isContentVisible: a whispered roll's content is for its recipients, and its author unless it is blind. */
export function messageContentVisible(message: { whisper: string[]; blind: boolean; isRoll: boolean; isAuthor: boolean; visible: boolean }, userId: string): boolean {
  if (!message.isRoll) return message.visible;
  const whisper = message.whisper ?? [];
  const isBlind = whisper.length > 0 && message.blind;
  if (whisper.length) return whisper.includes(userId) || (message.isAuthor && !isBlind);
  return true;
}

/**
 * v13 ChatMessage.applyRollMode: public clears the whisper, self whispers the
 * current user, private and blind whisper the GMs unless recipients are given;
 * `blind` is set for the blind mode only. "roll" means the user's current mode.
 */
export function applyRollMode(chatData: AnyObject, rollMode: string, current: { userId: string; gmIds: () => string[]; settingMode: () => string }): AnyObject {
  const mode = rollMode === "roll" ? current.settingMode() : rollMode;
  let whisper: string[];
  if (mode === "publicroll") whisper = [];
  else if (mode === "selfroll") whisper = [current.userId];
  else if (chatData.whisper?.length) whisper = chatData.whisper;
  else whisper = current.gmIds();
  chatData.whisper = whisper;
  chatData.blind = mode === "blindroll";
  return chatData;
}
