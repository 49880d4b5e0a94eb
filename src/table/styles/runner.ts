/**
 * The styles' runner, on the active GM's client only: it plays the fighters no
 * player owns whose combatant (or actor) has a fighting style. It reads the
 * documents as they are whenever a fight or a card changes and does what the
 * GM would otherwise click: the round's secret choices and plan through one
 * form (./round-plans.ts), a card's answer and Apply for its fighter, its
 * action when the fight waits on it. Nothing a player sends reaches it: it is
 * no query, and it acts only for fighters the documents say are the GM's.
 */
import type { BoutCombat } from "../../documents/combat";
import { styleName } from "../../engine/styles";
import { activeRuleset } from "../../settings";
import { answerByStyle, applyByStyle, cardKind, cardView, postCardByStyle, type CardView } from "../cards";
import { combatantOf, fighterFrom } from "../fighter";
import { notifyRefusal } from "../notify";
import type { Outcome } from "../../engine/outcome";
import { queued } from "../write-queue";
import { rulesetStyles, type StyleAct, type Styled } from "./registry";
import { downed, styledInOrder, styleOf } from "./style-of";
import { askPlanFor, planFor } from "./round-plans";

type Fight = BoutCombat & { id: string };

/**
 * The styled fighter a combatant is now, or null (a player's, the GM's to
 * decide, its round's plan closed, or out of the fight unless `down` asks for
 * those too: a fight may still wait on one, and its style lets its turn go).
 */
export function styledCombatant(combat: BoutCombat, combatantId: string, { down = false, ruleset = activeRuleset().id } = {}): Styled | null {
  const combatant = combat.combatants.get(combatantId);
  // No style (the GM decides: most fighters) ends the look before the fighter's statuses are read (issue 35).
  const style = styleOf(combatant, ruleset);
  if (!combatant || !style) return null;
  const actor = (combatant.actor as Actor.Implementation | null | undefined) ?? null;
  const out = downed(combatant);
  if (!actor || (out && !down)) return null;
  const plan = planFor(combat, combatantId);
  if (plan === "closed") return null;
  return { combat, combatantId, actor, style, plan, down: out };
}

/** The styled fighter an actor is in a card's fight. */
function styledIn(combatId: string, actor: Actor.Implementation | null): Styled | null {
  const combat = combatId ? (game.combats?.get(combatId) as BoutCombat | undefined) : undefined;
  const combatant = combat ? combatantOf(combat, actor) : null;
  return combat && combatant ? styledCombatant(combat, (combatant as { id: string }).id) : null;
}

const isActiveGM = () => Boolean(game.user?.isActiveGM);
const mark = (styled: Styled) => styleName(activeRuleset().id, styled.style);

/** Work in flight, so a test (or a macro) can wait until the styles have done what they will. */
const pending = new Set<Promise<unknown>>();
function track<T>(work: Promise<T>): Promise<T> {
  pending.add(work);
  void work.finally(() => pending.delete(work));
  return work;
}

/** Resolves once the runner has nothing left to do (the harness's tests await it). */
export async function stylesIdle(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}

// ---- cards -------------------------------------------------------------------

/** Cards whose step a style has taken on this client (a card's id and state), so a hook firing twice acts once. */
const handled = new Set<string>();

/** A card changed: answer it, take an offer from it or apply it, for a fighter a style plays. */
function onCard(message: ChatMessage.Implementation): void {
  if (!isActiveGM()) return;
  const card = cardView(message);
  if (!card) return;
  const key = `${card.id}:${card.state}:${card.result?.taken ?? ""}`;
  if (handled.has(key)) return;
  handled.add(key);
  void track(cardStep(card));
}

async function cardStep(seen: CardView): Promise<void> {
  const styles = rulesetStyles(activeRuleset().id);
  const message = game.messages?.get(seen.id) as ChatMessage.Implementation | undefined;
  // The card as it is now: another step may have landed since the hook fired.
  const card = message ? cardView(message) : null;
  if (!styles || !card || card.state !== seen.state) return;
  const kind = cardKind(card.kind);
  if (card.state === "waiting") {
    if (kind?.unanswered?.(card.declaration)) return;
    const defender = styledIn(card.combatId, card.defender);
    const answer = defender ? styles.answers[card.kind] : undefined;
    const given = defender && answer ? answer(card, defender) : null;
    if (defender && given !== null && given !== undefined) report(await answerByStyle(card.id, given, mark(defender)), defender);
    return;
  }
  // Resolved: an offer to a styled fighter (a Combat Advantage) first, then Apply for the fighter the card is aimed at.
  const offers = card.state === "resolved" || card.state === "applied" ? (kind?.followUps?.(card) ?? []) : [];
  for (const offer of offers) {
    const taker = styledIn(card.combatId, fighterFrom(offer.actorId));
    const take = taker && styles.followUp ? styles.followUp(card, offers.filter((o) => o.actorId === offer.actorId), taker) : null;
    if (taker && take) {
      report(await perform(take, taker), taker);
      break;
    }
  }
  if (card.state !== "resolved") return;
  // A card aimed at a fighter a style plays applies at once: the rules leave nothing to choose.
  const struck = styledIn(card.combatId, card.defender);
  if (struck) report(await applyByStyle(card.id, mark(struck)), struck);
}

/** A refused step is told to the GM once; the fighter is the GM's to play from there. */
function report(outcome: { ok: boolean; refusal?: Parameters<typeof notifyRefusal>[0] }, styled: Styled): void {
  // Someone got there first (the player applied, the GM answered by hand): nothing to tell.
  if (outcome.ok || !outcome.refusal || ["card.applied", "card.answered"].includes(outcome.refusal.code)) return;
  ui.notifications?.info(game.i18n!.format("BOUT.Style.Refused", { name: styled.combat.combatants.get(styled.combatantId)?.name ?? "" }));
  notifyRefusal(outcome.refusal);
}

// ---- the fight -----------------------------------------------------------------

/** Per fight: a tick running, and whether another is due when it ends. */
const ticking = new Map<string, { again: boolean }>();
/** Steps a style tried and the fight refused, by fight state: not tried again until the fight moves on. */
const refused = new Set<string>();

/** The fight changed (or a card in it): let the styles look at it, one look at a time. */
export function tickFight(combat: BoutCombat | null | undefined): void {
  if (!combat?.id || !isActiveGM() || !combat.machineState) return;
  const running = ticking.get(combat.id);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: false };
  ticking.set(combat.id, state);
  void track(
    (async () => {
      try {
        do {
          state.again = false;
          await tick(combat as Fight);
        } while (state.again && game.combats?.get(combat.id!));
      } finally {
        ticking.delete(combat.id!);
      }
    })(),
  );
}

/** One look at the fight: plan the round if it is new, then the first styled fighter the fight waits on acts. */
async function tick(combat: Fight): Promise<void> {
  const ruleset = activeRuleset().id;
  const styles = rulesetStyles(ruleset);
  const state = combat.machineState;
  const structure = combat.structure;
  if (!styles?.act || !state || !structure) return;
  // The acting order as the combat keeps it for this state and the fighters' conditions (BoutCombat#viewOf), not worked out again at every look (issue 35).
  const { ids } = combat.actingOrderOf(state, structure);
  if (styles.plan) {
    const planned = await askPlanFor(combat, styles, ids);
    if (!planned) return;
  }
  // The state's fingerprint as kept with it (BoutCombat#statePrint), not hashed whole again at every look (issue 35).
  const seen = combat.statePrint;
  // Only those whose stored style names a style are looked at (most fighters: the GM decides); the ruleset read once per look.
  for (const id of styledInOrder(combat, ids, ruleset)) {
    const styled = styledCombatant(combat, id, { down: true, ruleset });
    if (!styled) continue;
    const tried = `${combat.id}:${id}:${seen}`;
    if (refused.has(tried)) continue;
    const act = await styles.act(styled);
    if (!act) continue;
    const outcome = await perform(act, styled);
    if (!outcome.ok) {
      refused.add(tried);
      report(outcome, styled);
      continue;
    }
    // The fight moved on (or a card waits): look again.
    ticking.get(combat.id)!.again = true;
    return;
  }
}

async function perform(act: StyleAct, styled: Styled): Promise<Outcome<unknown>> {
  if ("card" in act) return postCardByStyle(act.card, styled.actor, act.defender, act.declaration, styled.combat.id!, mark(styled));
  // A command goes to the fight as the GM's own press would, in its queue (a refusal is told once, by report).
  if ("command" in act) return queued([styled.combat], (lease) => styled.combat.applyCommand(act.command, lease));
  // A step that did not happen is refused like any other (the fight has not moved, so it is not tried again).
  return act.run();
}

/** Wires the runner to the documents' hooks (called once at init); it does nothing on any client but the active GM's. */
export function registerStyleRunner(): void {
  // A card's own step; the fight is looked at again when its state changes (a resolved card's commands land in the fight's update).
  Hooks.on("createChatMessage", (message) => onCard(message));
  Hooks.on("updateChatMessage", (message) => onCard(message));
  Hooks.on("updateCombat", (combat) => tickFight(combat));
  Hooks.on("updateCombatant", (combatant) => tickFight(combatant.parent));
}
