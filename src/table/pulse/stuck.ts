/**
 * Seed 004 [20.4] at the table: a weapon stuck in a figure costs modAG until
 * pulled out (the sheet's **Pull out a stuck weapon**, a Pass action): the
 * owner says what is stuck, a class A missile or thrown weapon (3 modAG) or a
 * pole weapon (5), and whether it is barbed; pulling a barbed one out does D-4
 * Fatigue damage, a pole weapon D-2, through armour. Apply gives the modAG back
 * and takes the damage. In a running pulse it is the figure's action.
 */
import { checkStunnedMay } from "../../engine/rulesets/pulse/actions";
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterRef } from "../fighter";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { removalDamageModifier, removalRestores, resolveRemoval } from "../../engine/rulesets/pulse/after-combat";
import { applyEffectiveDamage, damageEvents } from "../../engine/rulesets/pulse/damage";
import { stuckHeadline } from "./headline";
import { delta, dryRun, postCard, registerCardKind, withNames, type CardKind, type StatusChange } from "../cards";
import { openOddsDialog } from "../../applications/dialogs/odds-dialog";
import { registerActorAction } from "../../applications/sheets/actor-actions";
import { eventLine as line, type EngineEvent } from "../../applications/results/result-card";
import { view } from "./attack";
import { endTurnCommands } from "./fight";
import { blowConditions } from "../../engine/rulesets/pulse/card-effects";

const T = "BOUT.Pulse.Table.Stuck.";
const KINDS = ["missile", "pole"] as const;
type StuckKind = (typeof KINDS)[number];
interface Removal {
  readonly kind: StuckKind;
  readonly barbed: boolean;
  /** modAG given back: the kind's penalty, at most what is stuck. */
  readonly penalty: number;
}

const weaponOf = (r: Pick<Removal, "kind" | "barbed">) => ({ use: r.kind === "pole" ? ("pole" as const) : ("missile" as const), barbed: r.barbed });

const stuckCard: CardKind = {
  title: `${T}Title`,
  self: true,
  unanswered: () => true,
  prepare(raw, actor, _same, combatId): Outcome<Removal> {
    // [15] a stunned figure's only action is to recover.
    const stun = checkStunnedMay(view(actor).stats.stunned, "pass");
    if (!stun.ok) return stun;
    const d = (raw ?? {}) as { kind?: unknown; barbed?: unknown };
    const stuck = view(actor).stats.stuckPenalty;
    if (stuck <= 0) return refuse("pulse.stuck.none", `${T}None`, { name: actor.name });
    if (!(KINDS as readonly unknown[]).includes(d.kind)) return refuse("pulse.stuck.badKind", `${T}BadKind`);
    const kind = d.kind as StuckKind;
    const turn = dryRun(combatId, endTurnCommands(combatId, actor));
    if (!turn.ok) return turn;
    return ok({ kind, barbed: d.barbed === true, penalty: removalRestores(kind, stuck) });
  },
  describe: (d: Removal | null) => [line("declared", `${T}Declared`, { penalty: d?.penalty ?? 0 })],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<any>> {
    const actor = card.attacker;
    const d = card.declaration as Removal | null;
    if (!actor || !d) return refuse("card.unknownActor", "BOUT.Card.Refusal.UnknownActor");
    const rolled = await resolveWithFoundry((dice) => resolveRemoval(weaponOf(d), dice, fighterRef(actor)));
    const damage = rolled.value.damage;
    const s = view(actor).stats;
    const changes: Record<string, unknown> = { "system.pulse.stuckPenalty": delta(-d.penalty, 0, 40) };
    const events: EngineEvent[] = [...(rolled.value.events as EngineEvent[])];
    const conditions: StatusChange[] = [];
    if (damage > 0) {
      // Pulled out through the armour: off Fatigue while any is left, else Endurance [18]. Not a blow, so no stun.
      const hurt = applyEffectiveDamage(damage, s, false);
      if (hurt.fatigueNow !== s.fatigueNow) changes["system.pulse.fatigueNow"] = delta(hurt.fatigueNow - s.fatigueNow, 0);
      if (hurt.enduranceNow !== s.enduranceNow) changes["system.pulse.enduranceNow"] = delta(hurt.enduranceNow - s.enduranceNow, 0);
      events.push(...(damageEvents({ ...hurt, stun: false, effective: damage }) as EngineEvent[]));
      conditions.push(...blowConditions({ hit: false, kind: "normal", damage: { ...hurt, stun: false, effective: damage }, prone: false, restrained: false }).map((id) => ({ id, active: true })));
    }
    return ok({
      outcome: "success",
      events: withNames(events, [actor]),
      updates: { [fighterRef(actor)]: changes },
      statuses: conditions.length ? { [fighterRef(actor)]: conditions } : {},
      rolls: rolled.rolls,
      lookups: [],
      combatCommands: endTurnCommands(card.combatId, actor),
      headline: stuckHeadline(rolled.value),
    });
  },
};

async function pullOutFromSheet(actor: Actor.Implementation) {
  if (view(actor).stats.stuckPenalty <= 0) return postCard("pulse.stuck", actor, actor, { kind: "missile" }, game.combat?.id ?? "");
  const values = await openOddsDialog({
    title: `${T}Title`,
    titleData: { attacker: actor.name },
    confirmLabel: `${T}Go`,
    fields: [
      { kind: "select", name: "kind", label: `${T}Kind`, value: "missile", options: KINDS.map((k) => ({ value: k, label: `${T}Kinds.${k}` })) },
      { kind: "checkbox", name: "barbed", label: `${T}Barbed`, value: false },
    ],
    odds: (v) => {
      const n = removalDamageModifier(weaponOf({ kind: v.kind as StuckKind, barbed: v.barbed === true }));
      // D-n never below 1: a hurt is certain when there is one at all.
      return { rows: [{ label: n === null ? `${T}NoHarm` : `${T}Harm`, data: { n: n ?? 0, max: Math.max(1, 10 - (n ?? 0)) }, probability: n === null ? 0 : 1, headline: true }] };
    },
  });
  if (values) return postCard("pulse.stuck", actor, actor, { kind: values.kind, barbed: values.barbed === true }, game.combat?.id ?? "");
}

export function registerPulseStuck(): void {
  registerCardKind("pulse.stuck", stuckCard);
  registerActorAction("pulse", { id: "pullOut", label: `${T}Action`, icon: "fa-solid fa-hand-holding-medical", run: pullOutFromSheet });
}
