/**
 * Seed 000 "Mounted Combat" at the table. The GM marks riders on the tracker;
 * the round's pool then cancels the leg-armour penalty and counts the height
 * against foes on foot as higher footing. A rider's sheet offers the ride-by
 * (a Ride check: success makes the round one exchange, a botch throws the
 * rider), and a rider struck by a landed blow rolls to stay in the saddle.
 * The Ride TN is the rider's "Ride" skill's, else our default of 7.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterRef } from "../fighter";
import { actorView } from "../../data/actor/actor-view";
import { isWholeNumber, ok, refuse, type Outcome } from "../../engine/outcome";
import type { ActorView } from "../../engine/rulesets/ruleset";
import { gaitChange, GAITS, mountMove, nextGait, oneSuccessOdds, rideBy, rideByYards, skillCheck, type Gait, type GaitChange, type SteelStats } from "../../engine/rulesets/steel";
import type { BoutsState } from "../../engine/time/bouts";
import type { TimeCommand } from "../../engine/time/machine";
import { combatantFor, dryRun, machineStateOf, postCard, registerCardKind, withNames, type CardKind, type CardResolution, type CardView } from "../cards";
import { openOddsDialog } from "../../applications/dialogs/odds-dialog";
import type { EngineEvent } from "../../applications/results/result-card";
import { registerActorAction } from "../../applications/sheets/actor-actions";
import { fighterOf } from "./attack";

const R = "BOUT.Steel.Mounted.";
const DEFAULT_RIDE_TN = 7;
const view = (actor: Actor.Implementation) => actorView(actor as never, "steel") as unknown as ActorView<SteelStats>;
const refused = (code: string, key: string): Outcome<never> => refuse(`steel.mounted.${code}`, `${R}Refusal.${key}`);

const rideSkill = (actor: Actor.Implementation) => view(actor).skills.find((s) => s.name.trim().toLowerCase() === "ride");

/** The rider's Ride TN: the skill named Ride, else our default. */
export function rideTnOf(actor: Actor.Implementation): number {
  return rideSkill(actor)?.stats.tn ?? DEFAULT_RIDE_TN;
}

/** A rider in a running bout, with its bout and gait. */
function riding(actor: Actor.Implementation, combatId: string): Outcome<{ id: string; boutId: string; gait: Gait }> {
  const me = fighterOf(actor, combatId);
  const id = combatantFor(combatId, actor);
  if (!me || !id) return refused("noBout", "NoBout");
  if (!me.mounted) return refused("notMounted", "NotMounted");
  return ok({ id, boutId: me.boutId, gait: (GAITS as readonly string[]).includes(me.gait ?? "") ? (me.gait as Gait) : "halt" });
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
  const mod = (raw as { tnModifier?: unknown } | null)?.tnModifier ?? 0;
  return isWholeNumber(mod) && Math.abs(mod as number) <= 6 ? ok(mod as number) : refused("badModifier", "BadModifier");
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
    const ruling = gaitChange(change, Boolean(rideSkill(actor)));
    const to = nextGait(r.value.gait, change);
    if (!ruling.allowed || (change.kind !== "wheel" && to === r.value.gait)) return refused("badChange", "BadChange");
    return ok({ change: d.change, tnModifier: mod, from: r.value.gait, to, check: ruling.checkNeeded, tn: rideTnOf(actor) + mod });
  },
  describe: (d) => [{ type: "declared", key: `${R}GaitDeclared`, data: { from: game.i18n!.localize(`${R}Gait.${d?.from}`), to: game.i18n!.localize(`${R}Gait.${d?.to}`), tn: d?.tn ?? 0, check: Boolean(d?.check) } }],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<CardResolution>> {
    const rider = riderOf(card);
    if (!rider.ok) return rider;
    const { actor, r } = rider.value;
    const d = card.declaration as { to: Gait; check: boolean; tn: number };
    const commands: TimeCommand[] = [];
    if (!d.check) {
      commands.push({ type: "gait", combatantId: r.value.id, gait: d.to } as TimeCommand);
      return ok({ outcome: "success", events: [{ type: "gait", key: `${R}GaitFree`, data: {} }], updates: {}, rolls: [], lookups: [], combatCommands: commands });
    }
    const rolled = await resolveWithFoundry((dice) => skillCheck({ dice: view(actor).stats.agility, tn: d.tn }, dice));
    if (!rolled.value.ok) return rolled.value;
    const res = rolled.value.value.result;
    if (res.success) commands.push({ type: "gait", combatantId: r.value.id, gait: d.to } as TimeCommand);
    if (res.roll.botch) commands.push({ type: "mount", combatantId: r.value.id, mounted: false } as TimeCommand);
    return ok({
      outcome: res.success ? "success" : "failure",
      events: withNames(rolled.value.value.events as EngineEvent[], [actor]),
      updates: {},
      rolls: rolled.rolls,
      lookups: [],
      combatCommands: commands,
      statuses: res.roll.botch ? { [fighterRef(actor)]: ["knockedDown"] } : {},
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
      { kind: "number", name: "tnModifier", label: `${R}Engaged`, value: 0, min: 0, max: 6 },
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

const rideByCard: CardKind = {
  title: `${R}RideByTitle`,
  self: true,
  unanswered: () => true,
  prepare(raw, actor, _defender, combatId) {
    const r = riding(actor, combatId);
    if (!r.ok) return r;
    const modified = rideTnModifier(raw);
    if (!modified.ok) return modified;
    const mod = modified.value;
    if (r.value.gait !== "canter" && r.value.gait !== "gallop") return refused("tooSlow", "TooSlow");
    const bout = machineStateOf<BoutsState>(combatId, "bouts")?.bouts.find((b) => b.id === r.value.boutId);
    if (!bout || bout.exchange !== 1) return refused("lateRideBy", "LateRideBy");
    return ok({ tnModifier: mod, tn: rideTnOf(actor) + mod });
  },
  describe: (d) => [{ type: "declared", key: `${R}RideByDeclared`, data: { tn: d?.tn ?? 0 } }],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<CardResolution>> {
    const rider = riderOf(card);
    if (!rider.ok) return rider;
    const { actor, r } = rider.value;
    const s = view(actor).stats;
    const rolled = await resolveWithFoundry((dice) => rideBy({ agility: s.agility, rideTn: rideTnOf(actor), tnModifier: Number(card.declaration?.tnModifier ?? 0) }, dice));
    if (!rolled.value.ok) return rolled.value;
    const res = rolled.value.value.result;
    // Mount fatigue: the rider's fatigue dice slow the horse; it covers half its gait speed after the exchange.
    const move = mountMove(s.mountMove, s.fatigue);
    const covers: EngineEvent = { type: "rideBy", key: `${R}Covers`, data: { yards: rideByYards(move, r.value.gait), move, gait: game.i18n!.localize(`${R}Gait.${r.value.gait}`) } };
    const commands: TimeCommand[] = [];
    if (res.exchanges === 1) commands.push({ type: "setExchanges", boutId: r.value.boutId, count: 1 } as TimeCommand);
    if (res.unhorsed) commands.push({ type: "mount", combatantId: r.value.id, mounted: false } as TimeCommand);
    const ready = dryRun(card.combatId, commands);
    if (!ready.ok) return ready;
    return ok({
      outcome: res.exchanges === 1 ? "success" : "failure",
      events: withNames([...(rolled.value.value.events as EngineEvent[]), ...(res.unhorsed ? [] : [covers])], [actor]),
      updates: {},
      rolls: rolled.rolls,
      lookups: [],
      combatCommands: commands,
      statuses: res.unhorsed ? { [fighterRef(actor)]: ["knockedDown"] } : {},
    });
  },
};

async function rideByFromSheet(actor: Actor.Implementation) {
  const dice = view(actor).stats.agility;
  const tn = rideTnOf(actor);
  const values = await openOddsDialog({
    title: `${R}RideByTitle`,
    titleData: { attacker: actor.name },
    confirmLabel: `${R}RideBy`,
    fields: [{ kind: "number", name: "tnModifier", label: `${R}Engaged`, value: 0, min: 0, max: 6 }],
    odds: (v) => {
      const o = oneSuccessOdds(dice, tn + Number(v.tnModifier));
      return { rows: [{ label: `${R}Odds.OneExchange`, probability: o.success, headline: true }, { label: `${R}Odds.Thrown`, probability: o.botch }] };
    },
  });
  if (values) return postCard("steel.rideBy", actor, actor, { tnModifier: values.tnModifier }, game.combat?.id ?? "");
}

export function registerSteelMounted(): void {
  registerCardKind("steel.rideBy", rideByCard);
  registerCardKind("steel.gait", gaitCard);
  registerActorAction("steel", { id: "gait", label: `${R}GaitAction`, icon: "fa-solid fa-gauge-high", run: gaitFromSheet });
  registerActorAction("steel", { id: "rideBy", label: `${R}RideBy`, icon: "fa-solid fa-horse-head", run: rideByFromSheet });
}
