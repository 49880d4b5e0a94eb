/**
 * Seed 000 "Melee Combat", both (or all) red: before any blow lands, each
 * aggressor rolls Reflex (less any reach penalty) against the ATN of the blow
 * it means to strike; blows land from most successes to fewest, ties to the
 * higher Reflex with a thrust counting one more, and a tie after that lands
 * together. The GM runs it from the tracker, naming each aggressor's weapon and
 * form (and, in a bout of more than two, whom each strikes at), or the
 * aggressors' styles name them; the dice lost to reach come from the two
 * weapons' lengths (the engine's). The order goes to the bout in one write and
 * to chat as a card.
 */
import { namedDraws } from "../dice-names";
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { actorView } from "../../data/actor/actor-view";
import { orderSimultaneousBlows, reflexOf, strikerAtn, strikerForms, type SteelStats, type Striker } from "../../engine/rulesets/steel";
import type { BoutsState } from "../../engine/time/bouts";
import type { TimeCommand } from "../../engine/time/machine";
import type { BoutCombat } from "../../documents/combat";
import { openOddsDialog, type DialogField } from "../../applications/dialogs/odds-dialog";
import { postResultCard, type EngineEvent } from "../../applications/results/result-card";
import { notifyRefusal } from "../notify";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { blowOrderHeadline } from "./headline";

const B = "BOUT.Steel.BlowOrder.";
const FORMS = ["swing", "thrust", "bash"] as const;
type Form = (typeof FORMS)[number];

const view = (actor: Actor.Implementation) => actorView<SteelStats>(actor, "steel");

/** A bout's aggressors' blows, as the GM or their styles name them: the weapon each strikes with, the form and whom at. */
export type BlowValues = Readonly<Record<string, string | number | boolean>>;

/** What the blow order reads of a bout: its aggressors, its members, each one's melee weapons and ready one. */
function boutBlows(combat: BoutCombat, groupId: string) {
  const state = combat.machineState as BoutsState | null;
  const bout = state?.bouts.find((b) => b.id === groupId);
  if (!state || !bout || bout.phase !== "simultaneous") return null;
  const actorOf = (id: string) => (combat.combatants.get(id)?.actor as Actor.Implementation | null | undefined) ?? null;
  const weapons = (id: string) => {
    const a = actorOf(id);
    return a ? view(a).weapons.filter((w) => !w.stats.missile) : [];
  };
  const members = state.combatants.filter((c) => c.boutId === bout.id);
  return {
    bout,
    members,
    actorOf,
    weapons,
    name: (id: string) => combat.combatants.get(id)?.name ?? id,
    ready: (id: string) => weapons(id).find((w) => w.equipped) ?? weapons(id)[0],
    // Whom each aggressor strikes at: the other of two; with more in the bout, the GM says (another aggressor by default).
    others: (id: string) => members.filter((m) => m.id !== id).map((m) => m.id),
  };
}

/** Each aggressor's ready weapon, its better form and (in a bout of more than two) its target, as the dialog starts. */
export function blowDefaults(combat: BoutCombat, groupId: string): Record<string, string> {
  const b = boutBlows(combat, groupId);
  const values: Record<string, string> = {};
  if (!b) return values;
  for (const id of b.bout.declareOrder) {
    const w = b.ready(id);
    const targets = b.others(id);
    values[`weapon.${id}`] = w?.id ?? "";
    values[`form.${id}`] = strikerForms(w?.stats ?? null)[0] ?? "swing";
    if (targets.length > 1) values[`target.${id}`] = b.bout.declareOrder.find((x) => x !== id) ?? targets[0]!;
  }
  return values;
}

export async function runBlowOrder(combat: BoutCombat, groupId: string): Promise<void> {
  const b = boutBlows(combat, groupId);
  if (!b) return;
  const start = blowDefaults(combat, groupId);
  const fields: DialogField[] = b.bout.declareOrder.flatMap((id): DialogField[] => {
    const targets = b.others(id);
    return [
      { kind: "select", name: `weapon.${id}`, label: `${B}Weapon`, labelData: { name: b.name(id) }, value: start[`weapon.${id}`]!, options: b.weapons(id).map((x) => ({ value: x.id, label: x.name })) },
      { kind: "select", name: `form.${id}`, label: `${B}Form`, labelData: { name: b.name(id) }, value: start[`form.${id}`]!, options: FORMS.map((f) => ({ value: f, label: `${B}FormLabel.${f}` })) },
      ...(targets.length > 1
        ? [{ kind: "select" as const, name: `target.${id}`, label: `${B}Target`, labelData: { name: b.name(id) }, value: start[`target.${id}`]!, options: targets.map((t) => ({ value: t, label: b.name(t) })) }]
        : []),
    ];
  });
  const values = await openOddsDialog({ title: `${B}Title`, confirmLabel: "BOUT.Roll.Roll", fields });
  if (!values) return;
  const rolled = await rollBlowOrder(combat, groupId, values);
  if (!rolled.ok) notifyRefusal(rolled.refusal);
}

/** Rolls the bout's blow order with these blows (the GM's dialog, or the fighters' styles), writes it and posts its card; a refusal is the caller's to tell. */
export async function rollBlowOrder(combat: BoutCombat, groupId: string, values: BlowValues): Promise<Outcome<true>> {
  const b = boutBlows(combat, groupId);
  if (!b) return refuse("steel.blowOrder.none", "BOUT.Steel.BlowOrder.NotDue");
  const { bout, members, actorOf, name } = b;
  const aggressors = bout.declareOrder;
  const chosen = (id: string) => (aggressors.includes(id) ? b.weapons(id).find((x) => x.id === values[`weapon.${id}`]) : b.ready(id));
  // "Weapon Length penalties as normal": the dice lost come from the two weapons' lengths (and who has closed in on whom).
  const strikers: Striker[] = [];
  for (const id of aggressors) {
    const me = members.find((m) => m.id === id);
    const targets = b.others(id);
    const target = targets.length > 1 ? String(values[`target.${id}`]) : targets[0];
    const them = members.find((m) => m.id === target);
    const form = (FORMS.includes(values[`form.${id}`] as Form) ? values[`form.${id}`] : "swing") as Form;
    const weapon = chosen(id);
    const atn = strikerAtn(weapon?.stats ?? null, form);
    if (!atn.ok) return atn;
    const actor = actorOf(id);
    const reach = them
      ? { own: { reach: weapon?.stats.reach ?? 0, closedIn: Boolean(me?.closedOn?.includes(them.id)) }, opponent: { reach: chosen(them.id)?.stats.reach ?? 0, closedIn: Boolean(them.closedOn?.includes(id)) } }
      : undefined;
    strikers.push({ id, reflex: actor ? reflexOf(view(actor).stats) : 0, atn: atn.value, form, ...(reach ? { reach } : {}) });
  }
  const rolled = await resolveWithFoundry((d) => orderSimultaneousBlows(strikers, d));
  if (!rolled.value.ok) return rolled.value;
  const r = rolled.value.value.result;
  const applied = await combat.commands([{ type: "blowOrder", boutId: bout.id, order: r.order } as TimeCommand]);
  if (!applied.ok) return applied;
  const lines: EngineEvent[] = [
    ...r.rolls.map((x) => ({ type: "blowOrder", key: `${B}Rolled`, data: { who: name(x.id), successes: x.roll.successes, tn: x.roll.tn } })),
    ...r.order.map((group, i) => ({ type: "blowOrder", key: group.length > 1 ? `${B}Together` : `${B}Lands`, data: { n: i + 1, who: group.map(name).join(", ") } })),
  ];
  const first = actorOf(r.order[0]![0]!);
  if (first) await postResultCard(first, { title: game.i18n!.localize(`${B}Title`), name: name(r.order[0]![0]!), outcome: "neutral", headline: blowOrderHeadline(r.order[0]!.map(name)), events: lines, draws: namedDraws(rolled.draws, Object.fromEntries(aggressors.map((id) => [id, name(id)]))) }, rolled.rolls);
  return ok(true);
}
