/**
 * Seed 000 "Melee Combat", both (or all) red: before any blow lands, each
 * aggressor rolls Reflex (less any reach penalty) against the ATN of the blow
 * it means to strike; blows land from most successes to fewest, ties to the
 * higher Reflex with a thrust counting one more, and a tie after that lands
 * together. The GM runs it from the tracker, naming each aggressor's weapon and
 * form; the order goes to the bout in one write and to chat as a card.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { actorView } from "../../data/actor/actor-view";
import type { ActorView } from "../../engine/rulesets/ruleset";
import { NO_WEAPON_ATN, orderSimultaneousBlows, reflexOf, type SteelStats } from "../../engine/rulesets/steel";
import type { BoutsState } from "../../engine/time/bouts";
import type { TimeCommand } from "../../engine/time/machine";
import type { BoutCombat } from "../../documents/combat";
import { openOddsDialog, type DialogField } from "../../applications/dialogs/odds-dialog";
import { postResultCard, type EngineEvent } from "../../applications/results/result-card";
import { notifyRefusal } from "../notify";
import { blowOrderHeadline } from "./headline";
import { queued } from "../write-queue";

const B = "BOUT.Steel.BlowOrder.";
const FORMS = ["swing", "thrust", "bash"] as const;
type Form = (typeof FORMS)[number];

const view = (actor: Actor.Implementation) => actorView(actor as never, "steel") as unknown as ActorView<SteelStats>;

/** A bout's aggressors' blows, as the GM names them: the weapon each strikes with, the form and the reach penalty. */
export type BlowValues = Readonly<Record<string, string | number | boolean>>;

const weaponsOf = (combat: BoutCombat, id: string) => {
  const a = (combat.combatants.get(id)?.actor as Actor.Implementation | null | undefined) ?? null;
  return a ? view(a).weapons.filter((w) => !w.stats.missile) : [];
};

/** Each aggressor's ready weapon and its better form (the lower ATN), as the dialog starts. */
export function blowDefaults(combat: BoutCombat, aggressors: readonly string[]): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const id of aggressors) {
    const ws = weaponsOf(combat, id);
    const ready = ws.find((w) => w.equipped) ?? ws[0];
    values[`weapon.${id}`] = ready?.id ?? "";
    values[`form.${id}`] = ready && ready.stats.atnThrust < ready.stats.atnSwing ? "thrust" : "swing";
    values[`reach.${id}`] = 0;
  }
  return values;
}

export async function runBlowOrder(combat: BoutCombat, groupId: string): Promise<void> {
  const state = combat.machineState as BoutsState | null;
  const bout = state?.bouts.find((b) => b.id === groupId);
  if (!state || !bout || bout.phase !== "simultaneous") return;
  const name = (id: string) => combat.combatants.get(id)?.name ?? id;
  const aggressors = bout.declareOrder;
  const start = blowDefaults(combat, aggressors);
  const fields: DialogField[] = aggressors.flatMap((id): DialogField[] => [
    { kind: "select", name: `weapon.${id}`, label: `${B}Weapon`, labelData: { name: name(id) }, value: String(start[`weapon.${id}`]), options: weaponsOf(combat, id).map((w) => ({ value: w.id, label: w.name })) },
    { kind: "select", name: `form.${id}`, label: `${B}Form`, labelData: { name: name(id) }, value: String(start[`form.${id}`]), options: FORMS.map((f) => ({ value: f, label: `${B}FormLabel.${f}` })) },
    { kind: "number", name: `reach.${id}`, label: `${B}Reach`, labelData: { name: name(id) }, value: 0, min: 0, max: 5 },
  ]);
  const values = await openOddsDialog({ title: `${B}Title`, confirmLabel: "BOUT.Roll.Roll", fields });
  if (!values) return;
  return rollBlowOrder(combat, groupId, values);
}

/** Rolls the bout's blow order with these blows (the GM's dialog, or the fighters' styles), writes it and posts its card. */
export async function rollBlowOrder(combat: BoutCombat, groupId: string, values: BlowValues): Promise<void> {
  const state = combat.machineState as BoutsState | null;
  const bout = state?.bouts.find((b) => b.id === groupId);
  if (!state || !bout || bout.phase !== "simultaneous") return;
  const actorOf = (id: string) => (combat.combatants.get(id)?.actor as Actor.Implementation | null | undefined) ?? null;
  const name = (id: string) => combat.combatants.get(id)?.name ?? id;
  const strikers = bout.declareOrder.map((id) => {
    const actor = actorOf(id);
    const w = weaponsOf(combat, id).find((x) => x.id === values[`weapon.${id}`])?.stats;
    const form = (FORMS.includes(values[`form.${id}`] as Form) ? values[`form.${id}`] : "swing") as Form;
    return { id, reflex: actor ? reflexOf(view(actor).stats) : 0, atn: w ? (form === "thrust" ? w.atnThrust : w.atnSwing) : NO_WEAPON_ATN, form, reachPenalty: Number(values[`reach.${id}`]) || 0 };
  });
  const rolled = await resolveWithFoundry((d) => orderSimultaneousBlows(strikers, d));
  if (!rolled.value.ok) return notifyRefusal(rolled.value.refusal);
  const r = rolled.value.value.result;
  const applied = await queued([combat], (lease) => combat.applyCommands([{ type: "blowOrder", boutId: bout.id, order: r.order } as TimeCommand], lease));
  if (!applied.ok) return notifyRefusal(applied.refusal);
  const lines: EngineEvent[] = [
    ...r.rolls.map((x) => ({ type: "blowOrder", key: `${B}Rolled`, data: { who: name(x.id), successes: x.roll.successes, tn: x.roll.tn } })),
    ...r.order.map((group, i) => ({ type: "blowOrder", key: group.length > 1 ? `${B}Together` : `${B}Lands`, data: { n: i + 1, who: group.map(name).join(", ") } })),
  ];
  const first = actorOf(r.order[0]![0]!);
  if (first) await postResultCard(first, { title: game.i18n!.localize(`${B}Title`), name: name(r.order[0]![0]!), outcome: "neutral", headline: blowOrderHeadline(r.order[0]!.map(name)), events: lines, draws: rolled.draws }, rolled.rolls);
}
