/**
 * Setting a fighter's style (the tracker's row menu) is a GM's decision like
 * any other: the active GM checks it against the documents (a fighter no player
 * owns, a style of the world's ruleset) and writes it once, in the queues of
 * the combatant and of the actor whose default it also sets, checking what
 * landed; another GM asks the active GM. A player's request is refused: a
 * style never plays, nor is set on, a character a player owns.
 */
import type { BoutCombat } from "../../documents/combat";
import { GM_DECIDES, styleIds } from "../../engine/styles";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { activeRuleset } from "../../settings";
import { WriteBatch } from "../batch";
import { askGM, registerRequest } from "../grants";
import { notifyRefusal } from "../notify";
import { queued } from "../write-queue";
import { notSaved } from "../write-notice";
import { playerOwned } from "./style-of";

/**
 * The world actor an unlinked token's default lives on (every token of it copies it), else the actor itself:
 * the token's own link to it (v13 TokenDocument#baseActor), never a look-up by id.
 */
export function defaultHolder(actor: Actor.Implementation): Actor.Implementation {
  const base = actor.isToken ? (actor.token as { baseActor?: Actor.Implementation | null } | null)?.baseActor : null;
  return base ?? actor;
}

/** Active GM: the style checked and written, the combatant's and (with `asDefault`) its actor's default, one batch. */
function writeStyle(combat: BoutCombat, combatantId: unknown, style: unknown, asDefault: unknown): Promise<Outcome<unknown>> {
  const combatant = typeof combatantId === "string" ? combat.combatants.get(combatantId) : undefined;
  const actor = (combatant?.actor as Actor.Implementation | null | undefined) ?? null;
  if (!combatant || !actor) return Promise.resolve(refuse("style.unknown", "BOUT.Style.Refusal.Unknown"));
  const base = defaultHolder(actor);
  return queued([combatant, base], async (): Promise<Outcome<unknown>> => {
    const ruleset = activeRuleset().id;
    if (playerOwned(actor)) return refuse("style.playerOwned", "BOUT.Style.Refusal.PlayerOwned", { name: combatant.name ?? "" });
    if (typeof style !== "string" || ![GM_DECIDES, ...styleIds(ruleset)].includes(style)) return refuse("style.unknownStyle", "BOUT.Style.Refusal.UnknownStyle");
    const batch = new WriteBatch().update(combatant, { "system.style": style }, {}, { lock: true });
    if (asDefault === true) batch.update(base, { [`system.styles.${ruleset}`]: style });
    const committed = await batch.commit();
    return committed.complete ? ok(true) : notSaved("Style.None", committed);
  });
}

/** A GM sets a fighter's style (the active GM writes it; any other GM asks it). Refusals are shown here. */
export async function setStyle(combat: BoutCombat, combatantId: string, style: string, asDefault: boolean): Promise<Outcome<unknown>> {
  let outcome: Outcome<unknown>;
  if (!game.user?.isGM) outcome = refuse("style.gmOnly", "BOUT.Combat.GmOnly");
  else if (game.user.isActiveGM) outcome = await writeStyle(combat, combatantId, style, asDefault);
  else outcome = await askGM("setStyle", { combatId: combat.id, combatantId, style, asDefault });
  if (!outcome.ok) notifyRefusal(outcome.refusal);
  return outcome;
}

export function registerStyleQueries(): void {
  // Only a GM may ask; what it may set is checked against the documents here, in the queue.
  registerRequest("setStyle", (data: { combatId?: unknown; combatantId?: unknown; style?: unknown; asDefault?: unknown }, from) => {
    if (!from.isGM) return refuse("style.gmOnly", "BOUT.Combat.GmOnly");
    const combat = typeof data?.combatId === "string" ? (game.combats?.get(data.combatId) as BoutCombat | undefined) : undefined;
    if (!combat) return refuse("combat.unknown", "BOUT.Combat.Unknown");
    return writeStyle(combat, data.combatantId, data.style, data.asDefault);
  });
}
