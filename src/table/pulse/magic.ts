/**
 * Seed 004 [18.4] at the table: the sheet's **Magic or breath damage** puts a
 * damaging spell or a monster's breath on a target. A spell of pure magic goes
 * through armour; a breath weapon does too, but the target first rolls its
 * passive resistance (the chance comes from the group's book; the GM's client
 * rolls it) and a success halves the damage. Apply takes the damage as any
 * blow does [18]-[19]. In a running pulse it is the attacker's action.
 */
import { checkStunnedMay } from "../../engine/rulesets/pulse/actions";
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterName, fighterRef } from "../fighter";
import { isWholeNumber, ok, refuse, type Outcome } from "../../engine/outcome";
import { MAGIC_KINDS, resolveMagicAttack, type MagicKind } from "../../engine/rulesets/pulse/magic";
import { blowAftermath, magicHeadline } from "./headline";
import { delta, dryRun, postCard, registerCardKind, withNames, withThen, type CardKind, type ItemChange, type StatusChange } from "../cards";
import { weaponInHand } from "../../engine/rulesets/pulse/consequences";
import { openOddsDialog } from "../../applications/dialogs/odds-dialog";
import { registerActorAction } from "../../applications/sheets/actor-actions";
import { eventLine as line, type EngineEvent } from "../../applications/results/result-card";
import { defaultOpponent, opponentOptions, opponents, pickOpponent } from "../opponents";
import { figure, view } from "./attack";
import { endTurnCommands } from "./fight";
import { blowConditions, stunDrops } from "../../engine/rulesets/pulse/card-effects";
import { checkOdds } from "../../engine/rulesets/pulse/checks";

const T = "BOUT.Pulse.Table.Magic.";
/** D, D+2, D-4: the seed's way of writing a D10 and its modifier. */
const dieText = (n: number) => (n === 0 ? "" : n > 0 ? `+${n}` : `${n}`);

interface MagicDeclaration {
  readonly kind: MagicKind;
  readonly dieModifier: number;
  readonly resistChance: number;
}

const magicCard: CardKind = {
  title: `${T}Title`,
  unanswered: () => true,
  prepare(raw, attacker, _defender, combatId): Outcome<MagicDeclaration> {
    // [15] a stunned figure's only action is to recover: it casts nothing.
    const stun = checkStunnedMay(view(attacker).stats.stunned, "cast");
    if (!stun.ok) return stun;
    const d = (raw ?? {}) as Record<string, unknown>;
    if (!(MAGIC_KINDS as readonly unknown[]).includes(d.kind)) return refuse("pulse.magic.badKind", `${T}BadForm`);
    if (!isWholeNumber(d.dieModifier) || d.dieModifier < -20 || d.dieModifier > 50) return refuse("pulse.magic.badDie", `${T}BadDie`);
    const resist = d.kind === "breath" ? d.resistChance : 0;
    if (!isWholeNumber(resist) || resist < 0 || resist > 100) return refuse("pulse.magic.badResist", `${T}BadResist`);
    const turn = dryRun(combatId, endTurnCommands(combatId, attacker));
    if (!turn.ok) return turn;
    return ok({ kind: d.kind as MagicKind, dieModifier: d.dieModifier, resistChance: resist });
  },
  describe: (d: MagicDeclaration | null) => [line("declared", `${T}Declared.${d?.kind ?? "spell"}`, { die: dieText(d?.dieModifier ?? 0), chance: d?.resistChance ?? 0 })],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<any>> {
    const d = card.declaration as MagicDeclaration | null;
    const attacker = card.attacker;
    const victim = card.defender;
    if (!attacker || !victim || !d) return refuse("card.unknownActor", "BOUT.Card.Refusal.UnknownActor");
    const t = view(victim);
    const rolled = await resolveWithFoundry((dice) =>
      resolveMagicAttack({ kind: d.kind, casterId: fighterRef(attacker), dieModifier: d.dieModifier, modifiers: [], resistChance: d.resistChance, target: { ...t.stats, modMD: figure(t).modMD, id: fighterRef(victim) } }, dice),
    );
    if (!rolled.value.ok) return rolled.value;
    const { damage, stunDropCheck } = rolled.value.value.result;
    const changes: Record<string, unknown> = {};
    if (damage.fatigueNow !== t.stats.fatigueNow) changes["system.pulse.fatigueNow"] = delta(damage.fatigueNow - t.stats.fatigueNow, 0);
    if (damage.enduranceNow !== t.stats.enduranceNow) changes["system.pulse.enduranceNow"] = delta(damage.enduranceNow - t.stats.enduranceNow, 0);
    const conditions: StatusChange[] = blowConditions({ hit: damage.effective > 0, kind: "normal", damage, prone: false, restrained: false }).map((id) => ({ id, active: true }));
    // [19] a stun that shakes the weapon loose: the first weapon in hand goes.
    const dropped = stunDrops(stunDropCheck) ? weaponInHand(t.weapons) : null;
    const items: Record<string, ItemChange[]> = dropped ? { [fighterRef(victim)]: [{ _id: dropped, "system.equipped": false }] } : {};
    return ok({
      outcome: damage.effective > 0 ? "success" : "failure",
      headline: withThen(magicHeadline(rolled.value.value.result), blowAftermath({ damage, knockedOut: false }, { defenderWeaponDropped: dropped }, { attacker: fighterName(attacker), defender: fighterName(victim) })),
      events: withNames(rolled.value.value.events as EngineEvent[], [attacker, victim]),
      updates: Object.keys(changes).length ? { [fighterRef(victim)]: changes } : {},
      itemUpdates: items,
      statuses: conditions.length ? { [fighterRef(victim)]: conditions } : {},
      rolls: rolled.rolls,
      lookups: [],
      // The stun and the fall reach the fight as the token's conditions, once applied.
      combatCommands: endTurnCommands(card.combatId, attacker),
    });
  },
};

async function magicFromSheet(actor: Actor.Implementation) {
  const foes = opponents(actor);
  const values = await openOddsDialog({
    title: `${T}DialogTitle`,
    titleData: { name: actor.name },
    confirmLabel: `${T}Go`,
    fields: [
      { kind: "select", name: "defender", label: "BOUT.Pulse.Table.Target", value: defaultOpponent(foes), options: opponentOptions(foes) },
      { kind: "select", name: "kind", label: `${T}Kind`, value: "spell", options: MAGIC_KINDS.map((k) => ({ value: k, label: `${T}Kinds.${k}` })) },
      { kind: "number", name: "dieModifier", label: `${T}Die`, value: 0, min: -20, max: 50 },
      { kind: "number", name: "resistChance", label: `${T}Resist`, value: 0, min: 0, max: 100 },
    ],
    odds: (v) => ({ rows: v.kind === "breath" ? [{ label: `${T}ResistOdds`, data: { chance: Number(v.resistChance) || 0 }, probability: checkOdds(Number(v.resistChance) || 0), headline: true }] : [] }),
  });
  const defender = values ? pickOpponent(foes, values.defender) : undefined;
  if (!values || !defender) return;
  return postCard("pulse.magic", actor, defender, { kind: values.kind, dieModifier: Number(values.dieModifier), resistChance: Number(values.resistChance) }, game.combat?.id ?? "");
}

export function registerPulseMagic(): void {
  registerCardKind("pulse.magic", magicCard);
  registerActorAction("pulse", { id: "magic", label: `${T}Action`, icon: "fa-solid fa-fire", run: magicFromSheet });
}
