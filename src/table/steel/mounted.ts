/**
 * Seed 000 "Mounted Combat" at the table. The GM marks riders on the tracker;
 * the round's pool then cancels the leg-armour penalty and counts the height
 * against foes on foot as higher footing. A rider's sheet offers the ride-by
 * (a Ride check: success makes the round one exchange, a botch throws the
 * rider), alone or against a foe on foot who may burn pool dice to oppose it
 * from his own card; two riders crossing make opposed Ride checks, the winner's
 * choice of one or two exchanges standing; and a rider struck by a landed blow
 * rolls to stay in the saddle.
 * The Ride TN is the rider's "Ride" skill's, else our default of 7.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterName, fighterRef } from "../fighter";
import { actorView } from "../../data/actor/actor-view";
import { isWholeNumber, ok, refuse, type Outcome } from "../../engine/outcome";
import {
  knockedDown,
  checkRideTnModifier,
  ENGAGED_RIDE_TN_MAX,
  gaitChange,
  gaitChangeFrom,
  gaitCheckOutcome,
  gaitOf,
  mayRideBy,
  mayRidersPass,
  mountMove,
  oneSuccessOdds,
  opposedTerrainOdds,
  rideBy,
  rideByFoe,
  rideByYards,
  ridersPass,
  ridersPassOdds,
  rideSkillIn,
  rideTnIn,
  skillCheck,
  successBars,
  type Gait,
  type GaitChange,
  type SteelStats,
} from "../../engine/rulesets/steel";
import type { TimeCommand } from "../../engine/time/machine";
import { gaitHeadline, rideByHeadline, ridersPassHeadline } from "./headline";
import { combatantFor, dryRun, postCard, registerCardKind, withNames, type CardKind, type CardResolution, type CardView } from "../cards";
import { boutIn } from "./bouts-state";
import { openOddsDialog } from "../../applications/dialogs/odds-dialog";
import type { EngineEvent } from "../../applications/results/result-card";
import { registerActorAction } from "../../applications/sheets/actor-actions";
import { combatPoolLeft, fighterOf } from "./attack";
import { groundCommands, timedStatus } from "./wounds";
import { opponentOptions, opponents, pickOpponent } from "../opponents";

const R = "BOUT.Steel.Mounted.";
const view = (actor: Actor.Implementation) => actorView<SteelStats>(actor, "steel");
const refused = (code: string, key: string): Outcome<never> => refuse(`steel.mounted.${code}`, `${R}Refusal.${key}`);

const rideSkill = (actor: Actor.Implementation) => rideSkillIn(view(actor).skills);

/** A rider thrown to the ground in his bout: half his total pool ("Knockdown & Knockout"). */
const thrownCommands = (combatantId: string, actor: Actor.Implementation, combatId: string) => groundCommands(combatantId, fighterOf(actor, combatId), fighterOf(actor, combatId)?.cp ?? 0);

/** The rider's Ride TN: the skill named Ride, else our default. */
export function rideTnOf(actor: Actor.Implementation): number {
  return rideTnIn(view(actor).skills);
}

/** A rider in a running bout, with its bout and gait. */
function riding(actor: Actor.Implementation, combatId: string): Outcome<{ id: string; boutId: string; gait: Gait }> {
  const me = fighterOf(actor, combatId);
  const id = combatantFor(combatId, actor);
  if (!me || !id) return refused("noBout", "NoBout");
  if (!me.mounted) return refused("notMounted", "NotMounted");
  return ok({ id, boutId: me.boutId, gait: gaitOf(me.gait) });
}

/** The card's rider, still mounted in its bout when the GM's client resolves. */
function riderOf(card: CardView): Outcome<{ actor: Actor.Implementation; r: Outcome<{ id: string; boutId: string; gait: Gait }> & { ok: true } }> {
  const actor = card.attacker;
  if (!actor) return refused("noBout", "NoBout");
  const r = riding(actor, card.combatId);
  return r.ok ? ok({ actor, r }) : r;
}

const CHANGES: Readonly<Record<string, GaitChange>> = {
  up1: { kind: "accelerate", steps: 1 },
  up2: { kind: "accelerate", steps: 2 },
  down1: { kind: "decelerate", steps: 1 },
  down2: { kind: "decelerate", steps: 2 },
  down3: { kind: "decelerate", steps: 3 },
  wheel: { kind: "wheel" },
};

/**
 * "Ride-by Attacking and Movement": a change of gait or a wheel. One step is free
 * for a rider with the Ride skill; anything more takes a Ride check (Agility dice
 * at the Ride TN, more for the "absurdly hard" three steps down, as the GM sets).
 * A failure leaves the gait as it was; a botch throws the rider.
 */
/** The GM's added TN for a Ride check (0 to 6 either way), as the request sends it. */
export function rideTnModifier(raw: unknown): Outcome<number> {
  return checkRideTnModifier((raw as { tnModifier?: unknown } | null)?.tnModifier ?? 0);
}

const gaitCard: CardKind = {
  title: `${R}GaitTitle`,
  self: true,
  unanswered: () => true,
  prepare(raw, actor, _defender, combatId) {
    const r = riding(actor, combatId);
    if (!r.ok) return r;
    const d = (raw ?? {}) as { change?: unknown };
    const change = typeof d.change === "string" && Object.hasOwn(CHANGES, d.change) ? CHANGES[d.change] : undefined;
    if (!change) return refused("badChange", "BadChange");
    const modified = rideTnModifier(raw);
    if (!modified.ok) return modified;
    const mod = modified.value;
    const ruling = gaitChangeFrom(r.value.gait, change, Boolean(rideSkill(actor)));
    if (!ruling.ok) return refused("badChange", "BadChange");
    return ok({ change: d.change, tnModifier: mod, from: r.value.gait, to: ruling.value.to, check: ruling.value.checkNeeded, tn: rideTnOf(actor) + mod });
  },
  describe: (d) => [{ type: "declared", key: `${R}GaitDeclared`, data: { from: game.i18n!.localize(`${R}Gait.${d?.from}`), to: game.i18n!.localize(`${R}Gait.${d?.to}`), tn: d?.tn ?? 0, check: Boolean(d?.check) } }],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<CardResolution>> {
    const rider = riderOf(card);
    if (!rider.ok) return rider;
    const { actor, r } = rider.value;
    const d = card.declaration as { change: string; from: Gait; to: Gait; check: boolean; tn: number };
    const change = { wheel: CHANGES[d.change]?.kind === "wheel", from: d.from, to: d.to };
    const commands: TimeCommand[] = [];
    if (!d.check) {
      commands.push({ type: "gait", combatantId: r.value.id, gait: d.to } as TimeCommand);
      return ok({ outcome: "success", events: [{ type: "gait", key: `${R}GaitFree`, data: {} }], updates: {}, rolls: [], lookups: [`${R}Gait.`], combatCommands: commands, headline: gaitHeadline(change, null) });
    }
    const rolled = await resolveWithFoundry((dice) => skillCheck({ id: fighterRef(actor), skill: "BOUT.Card.Roll.Ride", dice: view(actor).stats.agility, tn: d.tn }, dice));
    if (!rolled.value.ok) return rolled.value;
    const res = rolled.value.value.result;
    const after = gaitCheckOutcome(d.to, { success: res.success, botch: res.roll.botch });
    if (after.gait) commands.push({ type: "gait", combatantId: r.value.id, gait: after.gait } as TimeCommand);
    // Thrown: on foot, and on the ground for the rest of the round, half his total pool lost.
    if (after.thrown) commands.push({ type: "mount", combatantId: r.value.id, mounted: false } as TimeCommand, ...thrownCommands(r.value.id, actor, card.combatId));
    return ok({
      outcome: res.success ? "success" : "failure",
      events: withNames(rolled.value.value.events as EngineEvent[], [actor]),
      updates: {},
      rolls: rolled.rolls,
      lookups: [`${R}Gait.`],
      combatCommands: commands,
      statuses: after.thrown ? { [fighterRef(actor)]: [timedStatus(knockedDown)] } : {},
      headline: gaitHeadline(change, { success: res.success, botch: after.thrown }),
    });
  },
};

async function gaitFromSheet(actor: Actor.Implementation) {
  const values = await openOddsDialog({
    title: `${R}GaitTitle`,
    titleData: { attacker: actor.name },
    confirmLabel: `${R}Gait.Change`,
    fields: [
      { kind: "select", name: "change", label: `${R}Gait.Field`, value: "up1", options: Object.keys(CHANGES).map((k) => ({ value: k, label: `${R}Gait.Option.${k}` })) },
      { kind: "number", name: "tnModifier", label: `${R}Engaged`, value: 0, min: 0, max: ENGAGED_RIDE_TN_MAX },
    ],
    odds: (v) => {
      const change = CHANGES[String(v.change)];
      const ruling = change ? gaitChange(change, Boolean(rideSkill(actor))) : null;
      const p = !ruling?.allowed ? 0 : ruling.checkNeeded ? oneSuccessOdds(view(actor).stats.agility, rideTnOf(actor) + Number(v.tnModifier)).success : 1;
      return { rows: [{ label: `${R}Odds.GaitChanged`, probability: p, headline: true }] };
    },
  });
  if (values) return postCard("steel.gait", actor, actor, { change: values.change, tnModifier: values.tnModifier }, game.combat?.id ?? "");
}

/** A ride-by now: the rider at a canter or gallop, in the first exchange of his bout's round. */
function rideByNow(actor: Actor.Implementation, combatId: string): Outcome<{ id: string; boutId: string; gait: Gait }> {
  const r = riding(actor, combatId);
  if (!r.ok) return r;
  const bout = boutIn(combatId, r.value.boutId);
  const allowed = mayRideBy({ gait: r.value.gait, exchange: bout?.exchange ?? 0 });
  return allowed.ok ? r : allowed;
}

/** The foe of a ride-by or of riders passing: a fighter in the rider's own bout. */
function foeInBout(foe: Actor.Implementation | null, boutId: string, combatId: string): Outcome<{ id: string; mounted: boolean }> {
  const them = foe ? fighterOf(foe, combatId) : undefined;
  if (!foe || !them || them.boutId !== boutId) return refused("foeNotInBout", "FoeNotInBout");
  return ok({ id: them.id, mounted: Boolean(them.mounted) });
}

function prepareRideBy(raw: unknown, actor: Actor.Implementation, foe: Actor.Implementation | null, combatId: string): Outcome<{ tnModifier: number; tn: number }> {
  const r = rideByNow(actor, combatId);
  if (!r.ok) return r;
  const modified = rideTnModifier(raw);
  if (!modified.ok) return modified;
  if (foe) {
    const them = foeInBout(foe, r.value.boutId, combatId);
    if (!them.ok) return them;
    // Against another rider the seed has the two pass each other instead.
    const onFoot = rideByFoe(them.value.mounted);
    if (!onFoot.ok) return onFoot;
  }
  return ok({ tnModifier: modified.value, tn: rideTnOf(actor) + modified.value });
}

/**
 * GM: the ride-by rolled, the foe's opposing dice (0 when unopposed) checked
 * against his pool by the engine and spent with the result.
 */
async function resolveRideBy(card: CardView, foe: Actor.Implementation | null, foeDice: number): Promise<Outcome<CardResolution>> {
  const actor = card.attacker;
  if (!actor) return refused("noBout", "NoBout");
  const again = prepareRideBy({ tnModifier: card.declaration?.tnModifier ?? 0 }, actor, foe, card.combatId);
  if (!again.ok) return again;
  const r = rideByNow(actor, card.combatId);
  if (!r.ok) return r;
  const s = view(actor).stats;
  const foeId = foe ? combatantFor(card.combatId, foe) : null;
  const rolled = await resolveWithFoundry((dice) =>
    rideBy({ id: fighterRef(actor), agility: s.agility, rideTn: rideTnOf(actor), tnModifier: again.value.tnModifier, opponentDice: foeDice, ...(foe ? { opponentId: fighterRef(foe), opponentCpLeft: combatPoolLeft(foe, card.combatId) } : {}) }, dice),
  );
  if (!rolled.value.ok) return rolled.value;
  const res = rolled.value.value.result;
  // Mount fatigue: the rider's fatigue dice slow the horse; it covers half its gait speed after the exchange.
  const move = mountMove(s.mountMove, s.fatigue);
  const covers: EngineEvent = { type: "rideBy", key: `${R}Covers`, data: { yards: rideByYards(move, r.value.gait), move, gait: game.i18n!.localize(`${R}Gait.${r.value.gait}`) } };
  const commands: TimeCommand[] = [];
  if (foeId && foeDice > 0) commands.push({ type: "spend", combatantId: foeId, dice: foeDice, purpose: "other" } as TimeCommand);
  if (res.exchanges === 1) commands.push({ type: "setExchanges", boutId: r.value.boutId, count: 1 } as TimeCommand);
  if (res.unhorsed) commands.push({ type: "mount", combatantId: r.value.id, mounted: false } as TimeCommand, ...thrownCommands(r.value.id, actor, card.combatId));
  const ready = dryRun(card.combatId, commands);
  if (!ready.ok) return ready;
  const opposed: EngineEvent[] = res.opponent ? [{ type: "rideBy", key: `${R}Opposed`, data: { foe: fighterName(foe), dice: res.opponent.dice.length, successes: res.opponent.successes, rider: res.rider.successes } }] : [];
  return ok({
    outcome: res.exchanges === 1 ? "success" : "failure",
    events: withNames([...opposed, ...(rolled.value.value.events as EngineEvent[]), ...(res.unhorsed ? [] : [covers])], [actor, foe]),
    updates: {},
    rolls: rolled.rolls,
    lookups: [],
    combatCommands: commands,
    statuses: res.unhorsed ? { [fighterRef(actor)]: [timedStatus(knockedDown)] } : {},
    headline: rideByHeadline(res, Boolean(foe)),
  });
}

const rideByCard: CardKind = {
  title: `${R}RideByTitle`,
  self: true,
  unanswered: () => true,
  prepare: (raw, actor, _defender, combatId) => prepareRideBy(raw, actor, null, combatId),
  describe: (d) => [{ type: "declared", key: `${R}RideByDeclared`, data: { tn: d?.tn ?? 0 } }],
  async defend() {
    return null;
  },
  resolve: (card) => resolveRideBy(card, null, 0),
};

/** "Ride-By Attacking" at a foe on foot: his owner may burn pool dice at the rider's TN to win the terrain roll and keep two exchanges. */
const rideByAtCard: CardKind = {
  title: `${R}RideByAtTitle`,
  answer: "BOUT.Card.Answer.HoldRider",
  prepare: (raw, actor, foe, combatId) => prepareRideBy(raw, actor, foe, combatId),
  describe: (d) => [{ type: "declared", key: `${R}RideByAtDeclared`, data: { tn: d?.tn ?? 0 } }],
  async defend(card) {
    const foe = card.defender;
    const rider = card.attacker;
    if (!foe || !rider) return null;
    const left = combatPoolLeft(foe, card.combatId);
    const tn = Number(card.declaration?.tn ?? 0);
    const riderDice = view(rider).stats.agility;
    const values = await openOddsDialog({
      title: `${R}RideByAtAnswer`,
      titleData: { name: fighterName(rider) },
      confirmLabel: `${R}Oppose`,
      fields: [{ kind: "number", name: "dice", label: `${R}OpposeDice`, value: Math.min(left, 2), min: 0, max: left, slider: true }],
      odds: (v) => ({
        rows: [{ label: `${R}Odds.TwoExchanges`, probability: 1 - opposedTerrainOdds(riderDice, Number(v.dice), tn), headline: true }],
        distributions: [{ label: "BOUT.Odds.Successes", data: { dice: Number(v.dice), tn }, bars: successBars(Number(v.dice), tn) }],
      }),
    });
    return values ? { dice: values.dice } : null;
  },
  async resolve(card, answer) {
    const dice = (answer as { dice?: unknown } | null)?.dice ?? 0;
    if (!isWholeNumber(dice) || (dice as number) < 0) return refused("badDice", "BadDice");
    return resolveRideBy(card, card.defender, dice as number);
  },
};

async function rideByFromSheet(actor: Actor.Implementation) {
  const combatId = game.combat?.id ?? "";
  const dice = view(actor).stats.agility;
  const tn = rideTnOf(actor);
  const foes = opponents(actor);
  const values = await openOddsDialog({
    title: `${R}RideByTitle`,
    titleData: { attacker: actor.name },
    confirmLabel: `${R}RideBy`,
    fields: [
      { kind: "select", name: "opponent", label: `${R}Foe`, value: "", options: [{ value: "", label: `${R}NoFoe` }, ...opponentOptions(foes)] },
      { kind: "number", name: "opponentDice", label: `${R}FoeDice`, value: 2, min: 0, max: 30 },
      { kind: "number", name: "tnModifier", label: `${R}Engaged`, value: 0, min: 0, max: ENGAGED_RIDE_TN_MAX },
    ],
    odds: (v) => {
      const at = tn + Number(v.tnModifier);
      const o = oneSuccessOdds(dice, at);
      const made = v.opponent ? opposedTerrainOdds(dice, Number(v.opponentDice), at) : o.success;
      return { rows: [{ label: `${R}Odds.OneExchange`, probability: made, headline: true }, { label: `${R}Odds.Thrown`, probability: o.botch }] };
    },
  });
  if (!values) return;
  const foe = pickOpponent(foes, values.opponent);
  if (foe) return postCard("steel.rideByAt", actor, foe, { tnModifier: values.tnModifier }, combatId);
  return postCard("steel.rideBy", actor, actor, { tnModifier: values.tnModifier }, combatId);
}

// ── Riders passing ─────────────────────────────────────────────────────────

const exchangesChoice = (raw: unknown): Outcome<1 | 2> => {
  const n = (raw as { exchanges?: unknown } | null)?.exchanges;
  return n === 1 || n === 2 ? ok(n) : refused("badExchanges", "BadExchanges");
};

/** Both riders in one bout, at the start of its round. */
function ridersNow(rider: Actor.Implementation, foe: Actor.Implementation | null, combatId: string): Outcome<{ boutId: string }> {
  const r = riding(rider, combatId);
  if (!r.ok) return r;
  const them = foeInBout(foe, r.value.boutId, combatId);
  if (!them.ok) return them;
  const bout = boutIn(combatId, r.value.boutId);
  // Riders pass at the same moment a ride-by is made: before the round's exchanges.
  const allowed = mayRidersPass({ foeMounted: Boolean(them.value.mounted), exchange: bout?.exchange ?? 0 });
  return allowed.ok ? ok({ boutId: r.value.boutId }) : allowed;
}

/**
 * "Ride-By Attacking", last paragraph: two riders going different ways make
 * opposed Ride checks; each names beforehand the exchanges he wants, and the
 * winner's choice stands (a tie keeps two).
 */
const ridersPassCard: CardKind = {
  title: `${R}PassTitle`,
  answer: "BOUT.Card.Answer.Pass",
  prepare(raw, rider, foe, combatId) {
    const both = ridersNow(rider, foe, combatId);
    if (!both.ok) return both;
    const choice = exchangesChoice(raw);
    if (!choice.ok) return choice;
    const modified = rideTnModifier(raw);
    if (!modified.ok) return modified;
    return ok({ exchanges: choice.value, tnModifier: modified.value, tn: rideTnOf(rider) + modified.value });
  },
  describe: (d) => [{ type: "declared", key: `${R}PassDeclared`, data: { tn: d?.tn ?? 0, exchanges: d?.exchanges ?? 2 } }],
  async defend(card) {
    const foe = card.defender;
    const rider = card.attacker;
    if (!foe || !rider) return null;
    const mine = { dice: view(foe).stats.agility, tn: rideTnOf(foe) };
    const theirs = { dice: view(rider).stats.agility, tn: Number(card.declaration?.tn ?? 0) };
    const values = await openOddsDialog({
      title: `${R}PassAnswer`,
      titleData: { name: fighterName(rider) },
      confirmLabel: `${R}Pass`,
      fields: [{ kind: "select", name: "exchanges", label: `${R}PassChoice`, value: "2", options: ["1", "2"].map((n) => ({ value: n, label: `${R}Exchanges.${n}` })) }],
      odds: () => ({ rows: [{ label: `${R}Odds.PassWon`, probability: ridersPassOdds(mine.dice, mine.tn, theirs.dice, theirs.tn).a, headline: true }] }),
    });
    return values ? { exchanges: Number(values.exchanges) } : null;
  },
  async resolve(card, answer) {
    const rider = card.attacker;
    const foe = card.defender;
    if (!rider || !foe) return refused("noBout", "NoBout");
    const both = ridersNow(rider, foe, card.combatId);
    if (!both.ok) return both;
    const theirChoice = exchangesChoice(answer);
    if (!theirChoice.ok) return theirChoice;
    const d = card.declaration as { exchanges: 1 | 2; tnModifier: number };
    const rolled = await resolveWithFoundry((dice) =>
      ridersPass(
        { id: fighterRef(rider), agility: view(rider).stats.agility, rideTn: rideTnOf(rider), tnModifier: d.tnModifier, choice: d.exchanges },
        { id: fighterRef(foe), agility: view(foe).stats.agility, rideTn: rideTnOf(foe), choice: theirChoice.value },
        dice,
      ),
    );
    if (!rolled.value.ok) return rolled.value;
    const res = rolled.value.value.result;
    const commands = [{ type: "setExchanges", boutId: both.value.boutId, count: res.exchanges } as TimeCommand];
    const ready = dryRun(card.combatId, commands);
    if (!ready.ok) return ready;
    return ok({
      outcome: res.winner === "a" ? "success" : res.winner === "b" ? "failure" : "neutral",
      events: withNames(rolled.value.value.events as EngineEvent[], [rider, foe]),
      updates: {},
      rolls: rolled.rolls,
      lookups: [],
      combatCommands: commands,
      headline: ridersPassHeadline(res),
    });
  },
};

async function passFromSheet(actor: Actor.Implementation) {
  const combatId = game.combat?.id ?? "";
  const foes = opponents(actor).filter((f) => fighterOf(f, combatId)?.mounted);
  const dice = view(actor).stats.agility;
  const tn = rideTnOf(actor);
  const values = await openOddsDialog({
    title: `${R}PassDialogTitle`,
    titleData: { attacker: actor.name },
    confirmLabel: `${R}Pass`,
    fields: [
      { kind: "select", name: "opponent", label: `${R}Foe`, value: foes[0] ? opponentOptions(foes)[0]!.value : "", options: opponentOptions(foes) },
      { kind: "select", name: "exchanges", label: `${R}PassChoice`, value: "1", options: ["1", "2"].map((n) => ({ value: n, label: `${R}Exchanges.${n}` })) },
      { kind: "number", name: "tnModifier", label: `${R}Engaged`, value: 0, min: 0, max: ENGAGED_RIDE_TN_MAX },
    ],
    odds: (v) => {
      const foe = pickOpponent(foes, v.opponent);
      const p = foe ? ridersPassOdds(dice, tn + Number(v.tnModifier), view(foe).stats.agility, rideTnOf(foe)).a : 0;
      return { rows: [{ label: `${R}Odds.PassWon`, probability: p, headline: true }] };
    },
  });
  const foe = values ? pickOpponent(foes, values.opponent) : undefined;
  if (!values || !foe) return;
  return postCard("steel.ridersPass", actor, foe, { exchanges: Number(values.exchanges), tnModifier: values.tnModifier }, combatId);
}

export function registerSteelMounted(): void {
  registerCardKind("steel.rideBy", rideByCard);
  registerCardKind("steel.rideByAt", rideByAtCard);
  registerCardKind("steel.ridersPass", ridersPassCard);
  registerCardKind("steel.gait", gaitCard);
  registerActorAction("steel", { id: "gait", label: `${R}GaitAction`, icon: "fa-solid fa-gauge-high", run: gaitFromSheet });
  registerActorAction("steel", { id: "rideBy", label: `${R}RideBy`, icon: "fa-solid fa-horse-head", run: rideByFromSheet });
  registerActorAction("steel", { id: "ridersPass", label: `${R}PassAction`, icon: "fa-solid fa-arrows-left-right", run: passFromSheet });
}
