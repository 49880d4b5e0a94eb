/**
 * Seed 004 [13.6]-[13.7] at the table. **Close in** (sheet) is the Close and
 * Grapple action: a card the target's owner answers by trying to Repulse (D10
 * at most their rank with the weapon in hand keeps the attacker out, who loses
 * the pulse) or by letting them in. Once in, both figures carry the Close
 * combat condition and drop their prepared shields and every weapon not rated
 * for close combat. **Withdraw from close combat** (sheet) rolls D10 + own PS
 * against the PS of the foes in the tangle (10 or more, or a natural 10): the
 * figure gets out, prone, in an adjacent hex the GM or player places it on.
 * In a running pulse either is the figure's action and ends its turn.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterFrom, fighterName, fighterRef, refersTo, sameFighter } from "../fighter";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { checkCloseAnswer, closeAnswers, dropsOnClosing, repulseOdds, resolveCloseWithdraw, resolveRepulse } from "../../engine/rulesets/pulse/close-combat";
import { figureInZone } from "../../engine/rulesets/pulse/hex";
import { closeHeadline, withdrawHeadline } from "./headline";
import { dryRun, postCard, registerCardKind, withNames, type CardKind, type CardView, type ItemChange, type StatusChange } from "../cards";
import { openOddsDialog } from "../../applications/dialogs/odds-dialog";
import { registerActorAction } from "../../applications/sheets/actor-actions";
import { eventLine as line, type EngineEvent } from "../../applications/results/result-card";
import { defaultOpponent, opponentOptions, opponents, pickOpponent } from "../opponents";
import { view } from "./attack";
import { checkStunnedMay } from "../../engine/rulesets/pulse/actions";
import { endTurnCommands, fightInfos, inClose, tangledWith } from "./fight";
import { readyWeapon } from "../../engine/rulesets/pulse/wielding";
import { alreadyClosed } from "../../engine/rulesets/pulse/grapple";
import { hostilePS as hostilePSOf } from "../../engine/rulesets/pulse/card-effects";

const T = "BOUT.Pulse.Table.Close.";
const CLOSE = "closeCombat";

/** The fight learns who grapples, so their action list is the close-combat one [13.7]. */
const endTurn = endTurnCommands;
/** The defender's rank with the weapon in hand, for the Repulse. */
const repulseRank = (actor: Actor.Implementation | null) => Number(readyWeapon(view(actor).weapons)?.stats.rank ?? 0);

/** What closing drops: prepared shields and weapons not rated for close combat. */
function drops(actor: Actor.Implementation): ItemChange[] {
  const v = view(actor);
  const d = dropsOnClosing(v.weapons as never, v.shields as never);
  return [...d.weapons, ...d.shields].map((id) => ({ _id: id, "system.equipped": false }));
}

/**
 * [13.6] whether the closer stands in the defender's melee zone, from the tokens
 * on the fight's hex scene; without a map, the GM's word that they face each other.
 */
function inDefenderZone(combatId: string, attacker: Actor.Implementation, defender: Actor.Implementation): boolean {
  const infos = fightInfos(combatId);
  const me = infos.find((i) => sameFighter(i.actor, attacker))?.placed;
  const them = infos.find((i) => sameFighter(i.actor, defender))?.placed;
  return me && them ? figureInZone(them, me) : true;
}

interface CloseDeclaration {
  readonly rank: number;
  /** [13.6] the closer stands in the defender's melee zone, so the defender may Repulse (absent on older cards: yes). */
  readonly repulse?: boolean;
}

const closeCard: CardKind = {
  answer: "BOUT.Card.Answer.Close",
  title: `${T}Title`,
  prepare(_raw, attacker, defender, combatId): Outcome<CloseDeclaration> {
    // [15] a stunned figure's only action is to recover.
    const stun = checkStunnedMay(view(attacker).stats.stunned, "closeAndGrapple");
    if (!stun.ok) return stun;
    if (alreadyClosed(inClose(attacker), inClose(defender))) return refuse("pulse.close.already", `${T}Already`);
    const turn = dryRun(combatId, endTurn(combatId, attacker));
    if (!turn.ok) return turn;
    return ok({ rank: repulseRank(defender), repulse: inDefenderZone(combatId, attacker, defender) });
  },
  describe: () => [line("declared", `${T}Declared`, {})],
  async defend(card: CardView) {
    const rank = repulseRank(card.defender);
    // [13.6] the Repulse is offered only against a closer inside the defender's melee zone.
    const open = closeAnswers((card.declaration as CloseDeclaration | null)?.repulse !== false);
    const values = await openOddsDialog({
      title: `${T}DefendTitle`,
      titleData: { name: fighterName(card.attacker) },
      confirmLabel: "BOUT.Card.Answer.Close",
      fields: [{ kind: "select", name: "answer", label: `${T}Answer`, value: rank > 0 && open.includes("repulse") ? "repulse" : "admit", options: open.map((a) => ({ value: a, label: a === "repulse" ? `${T}Repulse` : `${T}Admit` })) }],
      odds: (v) => ({ rows: v.answer === "repulse" ? [{ label: `${T}Odds`, data: { rank }, probability: repulseOdds(rank), headline: true }] : [] }),
    });
    return values ? { answer: values.answer } : null;
  },
  async resolve(card, raw: any): Promise<Outcome<any>> {
    const attacker = card.attacker;
    const defender = card.defender;
    if (!attacker || !defender) return refuse("card.unknownActor", "BOUT.Card.Refusal.UnknownActor");
    const answer = raw?.answer;
    if (answer !== "repulse" && answer !== "admit") return refuse("pulse.close.badAnswer", `${T}BadAnswer`);
    const open = checkCloseAnswer(answer, (card.declaration as CloseDeclaration | null)?.repulse !== false);
    if (!open.ok) return open;
    const commands = endTurn(card.combatId, attacker);
    const turn = dryRun(card.combatId, commands);
    if (!turn.ok) return turn;
    let events: EngineEvent[] = [];
    let rolls: Roll[] = [];
    if (answer === "repulse") {
      const rolled = await resolveWithFoundry((dice) => resolveRepulse({ id: fighterRef(defender), defenderRank: repulseRank(defender) }, dice));
      if (!rolled.value.ok) return rolled.value;
      events = [...(rolled.value.value.events as EngineEvent[])];
      rolls = rolled.rolls;
      if (rolled.value.value.result.repulsed) {
        events.push(line("keptOut", `${T}KeptOut`, { who: fighterRef(attacker) }));
        return ok({ outcome: "failure", events: withNames(events, [attacker, defender]), updates: {}, rolls, lookups: [], combatCommands: commands, headline: closeHeadline(false) });
      }
    }
    events.push(line("closed", `${T}Closed`, { a: fighterRef(attacker), b: fighterRef(defender) }));
    const statuses: Record<string, StatusChange[]> = { [fighterRef(attacker)]: [{ id: CLOSE, active: true }], [fighterRef(defender)]: [{ id: CLOSE, active: true }] };
    const tangle = (a: Actor.Implementation, b: Actor.Implementation) => ({ "flags.bout.closeWith": [...new Set([...tangledWith(a), fighterRef(b)])] });
    return ok({
      outcome: "success",
      events: withNames(events, [attacker, defender]),
      updates: { [fighterRef(attacker)]: tangle(attacker, defender), [fighterRef(defender)]: tangle(defender, attacker) },
      itemUpdates: { [fighterRef(attacker)]: drops(attacker), [fighterRef(defender)]: drops(defender) },
      statuses,
      rolls,
      lookups: [],
      // Marked before the turn ends, while the closer still acts.
      combatCommands: commands,
      headline: closeHeadline(true),
    });
  },
};

interface WithdrawDeclaration {
  readonly friendlyPS: number;
  readonly hostilePS: number;
}

/** PS of those the figure is tangled with who are still in close combat. */
function hostilePS(actor: Actor.Implementation): number {
  const tangle = tangledWith(actor)
    .map((ref) => fighterFrom(ref))
    .filter((a): a is Actor.Implementation => Boolean(a));
  return hostilePSOf(tangle.map((f) => ({ ps: Number(view(f).stats.ps ?? 0), inClose: inClose(f) })));
}

const withdrawCard: CardKind = {
  title: `${T}WithdrawTitle`,
  self: true,
  unanswered: () => true,
  prepare(_raw, actor, _same, combatId): Outcome<WithdrawDeclaration> {
    const stun = checkStunnedMay(view(actor).stats.stunned, "withdraw");
    if (!stun.ok) return stun;
    if (!inClose(actor)) return refuse("pulse.close.notClose", `${T}NotClose`, { name: actor.name });
    const turn = dryRun(combatId, endTurn(combatId, actor));
    if (!turn.ok) return turn;
    return ok({ friendlyPS: Number(view(actor).stats.ps ?? 0), hostilePS: hostilePS(actor) });
  },
  describe: (d: WithdrawDeclaration | null) => [line("declared", `${T}WithdrawDeclared`, { ps: d?.friendlyPS ?? 0, hostile: d?.hostilePS ?? 0 })],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<any>> {
    const actor = card.attacker;
    const d = card.declaration as WithdrawDeclaration;
    if (!actor || !d) return refuse("card.unknownActor", "BOUT.Card.Refusal.UnknownActor");
    const commands = endTurn(card.combatId, actor);
    const rolled = await resolveWithFoundry((dice) => resolveCloseWithdraw({ id: fighterRef(card.attacker!), friendlyPS: d.friendlyPS, hostilePS: d.hostilePS }, dice));
    if (!rolled.value.ok) return rolled.value;
    const r = rolled.value.value.result;
    // Out of the tangle: off its own list and off the others'.
    const freed: Record<string, Record<string, unknown>> = r.success
      ? Object.fromEntries([
          [fighterRef(actor), { "flags.bout.closeWith": [] }],
          ...tangledWith(actor)
            .map((ref) => fighterFrom(ref))
            .filter((other): other is Actor.Implementation => Boolean(other))
            .map((other) => [fighterRef(other), { "flags.bout.closeWith": tangledWith(other).filter((x) => !refersTo(x, actor)) }]),
        ])
      : {};
    return ok({
      outcome: r.success ? "success" : "failure",
      events: withNames(rolled.value.value.events as EngineEvent[], [actor]),
      updates: freed,
      // Out of the tangle, and prone as the engine says ([13.6] "will be prone").
      statuses: r.success ? { [fighterRef(actor)]: [{ id: CLOSE, active: false }, ...(r.prone ? [{ id: "prone", active: true }] : [])] } : {},
      rolls: rolled.rolls,
      lookups: [],
      combatCommands: commands,
      headline: withdrawHeadline(r),
    });
  },
};

async function closeFromSheet(actor: Actor.Implementation) {
  const foes = opponents(actor);
  const values = await openOddsDialog({
    title: `${T}ActionTitle`,
    titleData: { name: actor.name },
    confirmLabel: `${T}Go`,
    fields: [{ kind: "select", name: "defender", label: "BOUT.Pulse.Table.Target", value: defaultOpponent(foes), options: opponentOptions(foes) }],
    odds: (v) => {
      const foe = pickOpponent(foes, v.defender) ?? null;
      const rank = repulseRank(foe);
      return { rows: [{ label: `${T}OddsIn`, probability: 1 - repulseOdds(rank), headline: true, data: { rank } }] };
    },
  });
  const defender = values ? pickOpponent(foes, values.defender) : undefined;
  if (defender) return postCard("pulse.close", actor, defender, {}, game.combat?.id ?? "");
}

async function withdrawFromSheet(actor: Actor.Implementation) {
  return postCard("pulse.closeWithdraw", actor, actor, {}, game.combat?.id ?? "");
}

export function registerPulseClose(): void {
  registerCardKind("pulse.close", closeCard);
  registerCardKind("pulse.closeWithdraw", withdrawCard);
  registerActorAction("pulse", { id: "close", label: `${T}Action`, icon: "fa-solid fa-people-pulling", run: closeFromSheet });
  registerActorAction("pulse", { id: "closeWithdraw", label: `${T}WithdrawAction`, icon: "fa-solid fa-person-walking-arrow-right", run: withdrawFromSheet });
}
