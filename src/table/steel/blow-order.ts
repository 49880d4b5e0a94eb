/**
 * Seed 000 "Melee Combat", both (or all) red: before any blow lands, each
 * aggressor rolls Reflex (less any reach penalty) against the ATN of the blow
 * it means to strike; blows land from most successes to fewest, ties to the
 * higher Reflex with a thrust counting one more, and a tie after that lands
 * together. The GM runs it from the tracker, naming each aggressor's weapon and
 * form (and, in a bout of more than two, whom each strikes at); the dice lost to
 * reach come from the two weapons' lengths (the engine's). The order goes to the
 * bout in one write and to chat as a card.
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
import { blowOrderHeadline } from "./headline";

const B = "BOUT.Steel.BlowOrder.";
const FORMS = ["swing", "thrust", "bash"] as const;
type Form = (typeof FORMS)[number];

const view = (actor: Actor.Implementation) => actorView<SteelStats>(actor, "steel");

export async function runBlowOrder(combat: BoutCombat, groupId: string): Promise<void> {
  const state = combat.machineState as BoutsState | null;
  const bout = state?.bouts.find((b) => b.id === groupId);
  if (!state || !bout || bout.phase !== "simultaneous") return;
  const actorOf = (id: string) => (combat.combatants.get(id)?.actor as Actor.Implementation | null | undefined) ?? null;
  const name = (id: string) => combat.combatants.get(id)?.name ?? id;
  const aggressors = bout.declareOrder;
  const members = state.combatants.filter((c) => c.boutId === bout.id);
  const weapons = (id: string) => {
    const a = actorOf(id);
    return a ? view(a).weapons.filter((w) => !w.stats.missile) : [];
  };
  const ready = (id: string) => weapons(id).find((w) => w.equipped) ?? weapons(id)[0];
  // Whom each aggressor strikes at: the other of two; with more in the bout, the GM says (another aggressor by default).
  const others = (id: string) => members.filter((m) => m.id !== id).map((m) => m.id);
  const fields: DialogField[] = aggressors.flatMap((id): DialogField[] => {
    const w = ready(id);
    const targets = others(id);
    return [
      { kind: "select", name: `weapon.${id}`, label: `${B}Weapon`, labelData: { name: name(id) }, value: w?.id ?? "", options: weapons(id).map((x) => ({ value: x.id, label: x.name })) },
      { kind: "select", name: `form.${id}`, label: `${B}Form`, labelData: { name: name(id) }, value: strikerForms(w?.stats ?? null)[0] ?? "swing", options: FORMS.map((f) => ({ value: f, label: `${B}FormLabel.${f}` })) },
      ...(targets.length > 1
        ? [{ kind: "select" as const, name: `target.${id}`, label: `${B}Target`, labelData: { name: name(id) }, value: aggressors.find((x) => x !== id) ?? targets[0]!, options: targets.map((t) => ({ value: t, label: name(t) })) }]
        : []),
    ];
  });
  const values = await openOddsDialog({ title: `${B}Title`, confirmLabel: "BOUT.Roll.Roll", fields });
  if (!values) return;
  const chosen = (id: string) => (aggressors.includes(id) ? weapons(id).find((x) => x.id === values[`weapon.${id}`]) : ready(id));
  // "Weapon Length penalties as normal": the dice lost come from the two weapons' lengths (and who has closed in on whom).
  const strikers: Striker[] = [];
  for (const id of aggressors) {
    const me = members.find((m) => m.id === id);
    const targets = others(id);
    const target = targets.length > 1 ? String(values[`target.${id}`]) : targets[0];
    const them = members.find((m) => m.id === target);
    const form = (FORMS.includes(values[`form.${id}`] as Form) ? values[`form.${id}`] : "swing") as Form;
    const weapon = chosen(id);
    const atn = strikerAtn(weapon?.stats ?? null, form);
    if (!atn.ok) return notifyRefusal(atn.refusal);
    const actor = actorOf(id);
    const reach = them
      ? { own: { reach: weapon?.stats.reach ?? 0, closedIn: Boolean(me?.closedOn?.includes(them.id)) }, opponent: { reach: chosen(them.id)?.stats.reach ?? 0, closedIn: Boolean(them.closedOn?.includes(id)) } }
      : undefined;
    strikers.push({ id, reflex: actor ? reflexOf(view(actor).stats) : 0, atn: atn.value, form, ...(reach ? { reach } : {}) });
  }
  const rolled = await resolveWithFoundry((d) => orderSimultaneousBlows(strikers, d));
  if (!rolled.value.ok) return notifyRefusal(rolled.value.refusal);
  const r = rolled.value.value.result;
  const applied = await combat.commands([{ type: "blowOrder", boutId: bout.id, order: r.order } as TimeCommand]);
  if (!applied.ok) return notifyRefusal(applied.refusal);
  const lines: EngineEvent[] = [
    ...r.rolls.map((x) => ({ type: "blowOrder", key: `${B}Rolled`, data: { who: name(x.id), successes: x.roll.successes, tn: x.roll.tn } })),
    ...r.order.map((group, i) => ({ type: "blowOrder", key: group.length > 1 ? `${B}Together` : `${B}Lands`, data: { n: i + 1, who: group.map(name).join(", ") } })),
  ];
  const first = actorOf(r.order[0]![0]!);
  if (first) await postResultCard(first, { title: game.i18n!.localize(`${B}Title`), name: name(r.order[0]![0]!), outcome: "neutral", headline: blowOrderHeadline(r.order[0]!.map(name)), events: lines, draws: namedDraws(rolled.draws, Object.fromEntries(aggressors.map((id) => [id, name(id)]))) }, rolled.rolls);
}
