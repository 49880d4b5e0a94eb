/**
 * Seed 000 "Mounted Combat" at the table. The GM marks riders on the tracker;
 * the round's pool then cancels the leg-armour penalty and counts the height
 * against foes on foot as higher footing. A rider's sheet offers the ride-by
 * (a Ride check: success makes the round one exchange, a botch throws the
 * rider), and a rider struck by a landed blow rolls to stay in the saddle.
 * The Ride TN is the rider's "Ride" skill's, else our default of 7.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { actorView } from "../../data/actor/actor-view";
import { isWholeNumber, ok, refuse, type Outcome } from "../../engine/outcome";
import type { ActorView } from "../../engine/rulesets/ruleset";
import { oneSuccessOdds, rideBy, type SteelStats } from "../../engine/rulesets/steel";
import type { BoutsState } from "../../engine/time/bouts";
import type { TimeCommand } from "../../engine/time/machine";
import { combatantFor, dryRun, machineStateOf, postCard, registerCardKind, withNames, type CardKind, type CardResolution } from "../../chat/cards";
import { openOddsDialog } from "../dialogs/odds-dialog";
import type { EngineEvent } from "../results/result-card";
import { registerActorAction } from "../sheets/actor-actions";
import { fighterOf } from "./steel-attack";

const R = "BOUT.Steel.Mounted.";
const DEFAULT_RIDE_TN = 7;
const view = (actor: Actor.Implementation) => actorView(actor as never, "steel") as unknown as ActorView<SteelStats>;
const refused = (code: string, key: string): Outcome<never> => refuse(`steel.mounted.${code}`, `${R}Refusal.${key}`);

/** The rider's Ride TN: the skill named Ride, else our default. */
export function rideTnOf(actor: Actor.Implementation): number {
  return view(actor).skills.find((s) => s.name.trim().toLowerCase() === "ride")?.stats.tn ?? DEFAULT_RIDE_TN;
}

/** A rider in a running bout, with its bout. */
function riding(actor: Actor.Implementation, combatId: string): Outcome<{ id: string; boutId: string }> {
  const me = fighterOf(actor, combatId);
  const id = combatantFor(combatId, actor);
  if (!me || !id) return refused("noBout", "NoBout");
  if (!me.mounted) return refused("notMounted", "NotMounted");
  return ok({ id, boutId: me.boutId });
}

const rideByCard: CardKind = {
  title: `${R}RideByTitle`,
  self: true,
  unanswered: () => true,
  prepare(raw, actor, _defender, combatId) {
    const r = riding(actor, combatId);
    if (!r.ok) return r;
    const mod = (raw as { tnModifier?: unknown } | null)?.tnModifier ?? 0;
    if (!isWholeNumber(mod) || Math.abs(mod as number) > 6) return refused("badModifier", "BadModifier");
    const bout = machineStateOf<BoutsState>(combatId, "bouts")?.bouts.find((b) => b.id === r.value.boutId);
    if (!bout || bout.exchange !== 1) return refused("lateRideBy", "LateRideBy");
    return ok({ tnModifier: mod, tn: rideTnOf(actor) + (mod as number) });
  },
  describe: (d) => [{ type: "declared", key: `${R}RideByDeclared`, data: { tn: d?.tn ?? 0 } }],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<CardResolution>> {
    const actor = card.attacker;
    if (!actor) return refused("noBout", "NoBout");
    const r = riding(actor, card.combatId);
    if (!r.ok) return r;
    const s = view(actor).stats;
    const rolled = await resolveWithFoundry((dice) => rideBy({ agility: s.agility, rideTn: rideTnOf(actor), tnModifier: Number(card.declaration?.tnModifier ?? 0) }, dice));
    if (!rolled.value.ok) return rolled.value;
    const res = rolled.value.value.result;
    const commands: TimeCommand[] = [];
    if (res.exchanges === 1) commands.push({ type: "setExchanges", boutId: r.value.boutId, count: 1 } as TimeCommand);
    if (res.unhorsed) commands.push({ type: "mount", combatantId: r.value.id, mounted: false } as TimeCommand);
    const ready = dryRun(card.combatId, commands);
    if (!ready.ok) return ready;
    return ok({
      outcome: res.exchanges === 1 ? "success" : "failure",
      events: withNames(rolled.value.value.events as EngineEvent[], [actor]),
      updates: {},
      rolls: rolled.rolls,
      lookups: [],
      combatCommands: commands,
      statuses: res.unhorsed ? { [actor.id!]: ["knockedDown"] } : {},
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
  registerActorAction("steel", { id: "rideBy", label: `${R}RideBy`, icon: "fa-solid fa-horse-head", run: rideByFromSheet });
}
