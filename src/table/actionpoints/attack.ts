/**
 * Seed 002 at the table: a weapon's roll button makes an attack card; the
 * defender's owner picks a passive or active defence (or none), the GM's client
 * rolls both percentiles, the Agility rolls criticals call for and the damage
 * with the engine, and applying the card takes Fatigue then Body, the active
 * defence's Fatigue cost, and what the blow left behind (a dropped weapon or
 * shield, a fighter on one knee, failed armour, a cracked or shattered shield).
 * In an action-phase fight the attack spends the weapon's Action Points,
 * refused before any roll when it is not the attacker's phase or the points
 * are gone. A Combat Advantage the exchange opened is offered on the card.
 */
import { attackHeadline, blowAftermath } from "./headline";
import { fighterFrom, fighterName, fighterRef } from "../fighter";
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { actorView } from "../../data/actor/actor-view";
import { isWholeNumber, ok, refuse, type Outcome } from "../../engine/outcome";
import type { ActorView } from "../../engine/rulesets/ruleset";
import {
  actorStats,
  advantageOptions,
  armourFailures,
  armourFor,
  attackAction,
  attackCostOf,
  attackOdds,
  CRITICAL_LOCATIONS,
  checkTarget,
  combinedCritDieAdjustment,
  critDieAdjustment,
  defenceFatigueCost,
  defenceSkill,
  mayPayFatigue,
  defencesAvailable,
  parryWeaponOf,
  skillFor,
  resolveAttack,
  shieldStats,
  strengthBonus,
  type ActionPointsStats,
  type AdvantageKind,
  type AttackInput,
  type AttackResult,
  type CriticalLocation,
  type Defence,
  CRIT_DIE_ADJUSTMENT_MAX,
  weaponStats,
  wornArmour,
} from "../../engine/rulesets/actionpoints";
import { apCritThroughBlock, apRule, apJsonTables, apTablesRead } from "./tables";
import type { TimeCommand } from "../../engine/time/machine";
import { combatantFor, delta, dryRun, isSet, postCard, registerCardKind, withNames, withThen, type CardKind, type CardView, type FollowUp, type ItemChange, type StatusChange } from "../cards";
import { openOddsDialog } from "../../applications/dialogs/odds-dialog";
import { levelBars } from "../../engine/rulesets/actionpoints/level-odds";
import { registerItemRoll, type ItemRollRequest } from "../../applications/sheets/item-roll";
import { eventLine as line } from "../../applications/results/result-card";
import { defaultOpponent, opponentOptions, opponents, pickOpponent } from "../opponents";

type View = ActorView<ActionPointsStats>;
export const view = (actor: Actor.Implementation | null) => actorView<ActionPointsStats>(actor, "actionpoints");
const refused = (code: string, key: string): Outcome<never> => refuse(code, `BOUT.ActionPoints.Table.Refusal.${key}`);

/** The fighter's skills as the engine reads them. */
const skillsOf = (v: View) => v.skills.map((s) => ({ name: s.name, stats: s.stats as { kind: string; tsc: number; psf: number; attackerBonus: number } }));

/** TSC% and PSF% of a skill: the engine's `skillFor` (the one a weapon names, else the first of the kind). */
export function skillOf(v: View, kind: "weapon" | "shieldPlay" | "dodge", name = ""): { tsc: number; psf: number } | null {
  const found = skillFor(skillsOf(v), kind, name);
  return found ? { tsc: found.stats.tsc, psf: found.stats.psf } : null;
}

/** What the defender can defend with: a shield in hand, a weapon to parry with, always Dodge and nothing. */
export function defencesFor(v: View): Defence[] {
  const shield = v.shields.some((s) => s.equipped);
  const weapon = parryWeaponOf(v.weapons) !== null;
  return defencesAvailable(shield, weapon);
}

interface Declaration {
  readonly weaponId: string;
  readonly weapon: string;
  readonly attacker: AttackInput["attacker"];
  /** The weapon's attack cost. */
  readonly cost: number;
  /** II.b: AP moved before the attack in the same action (a mixed action); 0 for an attack alone. */
  readonly moved: number;
  /** Where the blow lands, when the GM says (null: no location, as the seed has for a normal blow). */
  readonly location: CriticalLocation | null;
  /** The GM's adjustment to the crit die (V.a.iv, "per adjusted roll"); 0: none. */
  readonly critDie: number;
}

export function defenderFigures(v: View, id: string, defence: Defence, location: CriticalLocation | null = null): AttackInput["defender"] | null {
  const s = v.stats;
  const shieldItem = v.shields.find((x) => x.equipped)?.stats;
  const parryWeapon = parryWeaponOf(v.weapons)?.stats as { size: number; skill: string } | undefined;
  const kind = defenceSkill(defence);
  const skill = kind === null ? { tsc: 0, psf: 0 } : skillOf(v, kind, kind === "weapon" ? (parryWeapon?.skill ?? "") : "");
  if (!skill) return null;
  return {
    id,
    defence,
    tsc: skill.tsc,
    psf: skill.psf,
    shield: shieldItem ? { absorption: shieldItem.absorption, blockBonus: shieldItem.blockBonus, penetrations: shieldItem.penetrations } : null,
    // V.b.iii: the same figure the sheet shows; failed only where a critical failed it (V.d).
    armour: armourFor(wornArmour(v), location),
    parryWeaponSize: parryWeapon?.size ?? 1,
    kneeling: Boolean(s.kneeling),
    fatigueNow: s.fatigueNow,
    bodyNow: s.bodyNow,
    con: s.con,
  };
}

export function attackerFigures(actor: Actor.Implementation, item: Item.Implementation, modifier: number): AttackInput["attacker"] | null {
  const v = view(actor);
  const w = (item.system as any).actionpoints ?? {};
  const skill = skillFor(skillsOf(v), "weapon", w.skill);
  if (!skill) return null;
  return { id: fighterRef(actor), tsc: skill.stats.tsc, psf: skill.stats.psf, modifier, baseDamage: Number(w.baseDamage ?? 0), strengthBonus: strengthBonus(v.stats.str, Boolean(w.light)), attackerBonus: skill.stats.attackerBonus, weaponSize: Number(w.size ?? weaponStats.size.initial) };
}

/** II: the attack's spend, with the points moved first as one mixed action (the engine says which). */
const spendCommands = (combatId: string, attacker: Actor.Implementation | null, cost: number, moved = 0): TimeCommand[] => {
  const id = combatantFor(combatId, attacker);
  const action = attackAction(cost, moved);
  return id && action.ok ? [{ type: "spend", combatantId: id, points: action.value.points, kind: action.value.kind } as TimeCommand] : [];
};

async function declareAttack({ actor, item }: ItemRollRequest) {
  const foes = opponents(actor);
  const values = await openOddsDialog({
    title: "BOUT.Roll.AttackTitle",
    titleData: { name: item.name },
    confirmLabel: "BOUT.ActionPoints.Table.Attack",
    fields: [
      { kind: "select", name: "defender", label: "BOUT.ActionPoints.Table.Target", value: defaultOpponent(foes), options: opponentOptions(foes) },
      { kind: "number", name: "moved", label: "BOUT.ActionPoints.Table.MovedFirst", value: 0, min: 0, max: 24 },
      { kind: "number", name: "modifier", label: "BOUT.Roll.Modifier", value: 0, min: -100, max: 100, gmOnly: true },
      {
        kind: "select",
        name: "location",
        label: "BOUT.ActionPoints.Table.Lands",
        value: "",
        options: [{ value: "", label: "BOUT.ActionPoints.Table.LandsAnywhere" }, ...CRITICAL_LOCATIONS.map((l) => ({ value: l, label: `BOUT.ActionPoints.Location.${l}` }))],
        gmOnly: true,
      },
      { kind: "number", name: "critDie", label: "BOUT.ActionPoints.Table.CritDie", value: 0, min: -CRIT_DIE_ADJUSTMENT_MAX, max: CRIT_DIE_ADJUSTMENT_MAX, gmOnly: true },
    ],
    odds: (v) => {
      const a = attackerFigures(actor, item, Number(v.modifier) || 0);
      const foe = pickOpponent(foes, v.defender) ?? null;
      const d = foe ? defenderFigures(view(foe), fighterRef(foe), "none") : null;
      if (!a || !d) return { rows: [] };
      const odds = attackOdds({ attacker: a, defender: d, rule: apRule() });
      return {
        rows: [{ label: "BOUT.ActionPoints.Table.Odds.Undefended", probability: odds.outcomes.hit + odds.outcomes.partial, headline: true }, { label: "BOUT.ActionPoints.Table.Odds.Critical", probability: odds.criticalHit }],
        distributions: [{ label: "BOUT.Odds.Levels", bars: levelBars(a.tsc + (a.modifier ?? 0), apRule()), keyed: true }],
      };
    },
  });
  if (!values) return;
  const defender = pickOpponent(foes, values.defender);
  if (!defender) return;
  return postCard("actionpoints.attack", actor, defender, { weaponId: item.id, modifier: Number(values.modifier), moved: Number(values.moved ?? 0) || 0, location: values.location ?? "", critDie: Number(values.critDie ?? 0) || 0 }, game.combat?.id ?? "");
}

function prepare(raw: unknown, attacker: Actor.Implementation, _defender: Actor.Implementation, combatId: string): Outcome<Declaration> {
  const d = (raw ?? {}) as { weaponId?: unknown; modifier?: unknown; moved?: unknown; location?: unknown; critDie?: unknown };
  const item = typeof d.weaponId === "string" ? attacker.items.get(d.weaponId) : undefined;
  if (!item || item.type !== "weapon") return refused("ap.noWeapon", "NoWeapon");
  if (!isWholeNumber(d.modifier) || Math.abs(d.modifier) > 100) return refused("ap.badModifier", "BadModifier");
  const figures = attackerFigures(attacker, item as Item.Implementation, d.modifier);
  if (!figures) return refused("ap.noSkill", "NoSkill");
  const cost = attackCostOf((item.system as { actionpoints?: { attackCost?: unknown } }).actionpoints);
  const moved = d.moved ?? 0;
  const action = attackAction(cost, moved as number);
  if (!action.ok) return refused("ap.badMoved", "BadMoved");
  const location = d.location === undefined || d.location === "" || d.location === null ? null : (d.location as CriticalLocation);
  if (location !== null && !CRITICAL_LOCATIONS.includes(location)) return refused("ap.badLocation", "BadLocation");
  const critDie = critDieAdjustment(d.critDie);
  if (!critDie.ok) return critDie;
  const ready = dryRun(combatId, spendCommands(combatId, attacker, cost, moved as number));
  if (!ready.ok) return ready;
  return ok({ weaponId: item.id!, weapon: item.name, attacker: figures, cost, moved: moved as number, location, critDie: critDie.value });
}

/**
 * What applying a blow writes: Fatigue then Body off the one struck (with any
 * Fatigue its defence cost), a knee on the ground, dropped gear, a shield
 * cracked further or shattered, armour failed under a critical, and the
 * conditions that follow. Deltas, so two cards resolved before either applies both count.
 */
export function blowChanges(r: AttackResult, attacker: { id: string; weaponId: string }, defender: { id: string; view: View }, defenceFatigue = 0) {
  const lost = r.damage ? { fatigue: r.damage.toFatigue, body: r.damage.toBody } : { fatigue: 0, body: 0 };
  const a = attacker.id;
  const t = defender.id;
  const v = defender.view;
  const m = r.mishaps;
  // The deltas stop at the sheet's own bounds (the engine's figures), as Foundry's field would.
  const updates: Record<string, Record<string, unknown>> = {
    [t]: {
      ...(lost.fatigue + defenceFatigue ? { "system.actionpoints.fatigueNow": delta(-(lost.fatigue + defenceFatigue), actorStats.fatigueNow.min) } : {}),
      ...(lost.body ? { "system.actionpoints.bodyNow": delta(-lost.body, actorStats.bodyNow.min) } : {}),
    },
  };
  const itemUpdates: Record<string, ItemChange[]> = {};
  const itemDeletes: Record<string, string[]> = {};
  const add = (actorId: string, change: ItemChange) => (itemUpdates[actorId] ??= []).push(change);
  const shield = v.shields.find((x) => x.equipped);
  const parryWeapon = parryWeaponOf(v.weapons);
  if (m.attackerDrops && attacker.weaponId) add(a, { _id: attacker.weaponId, "system.equipped": false });
  if (m.defenderDrops === "shield" && shield) add(t, { _id: shield.id, "system.equipped": false });
  if (m.defenderDrops === "weapon" && parryWeapon) add(t, { _id: parryWeapon.id, "system.equipped": false });
  if (r.damage?.shieldShattered && shield) itemDeletes[t] = [shield.id];
  else if (r.damage?.shieldPenetrated && shield) add(t, { _id: shield.id, "system.actionpoints.penetrations": delta(1, shieldStats.penetrations.min, shieldStats.penetrations.max) });
  // V.d: the armour fails where the critical landed, not the whole suit.
  if (r.damage?.critical) for (const f of armourFailures(wornArmour(v), r.damage.critical.location)) add(t, { _id: f.id, "system.actionpoints.failedAt": f.failedAt });
  const conditions: StatusChange[] = [];
  if (m.defenderKneels) conditions.push({ id: "kneeling", active: true });
  if (r.damage?.dead) conditions.push({ id: "dead", active: true });
  else if (r.damage?.unconscious) conditions.push({ id: "unconscious", active: true });
  const statuses: Record<string, StatusChange[]> = conditions.length ? { [t]: conditions } : {};
  return { updates, itemUpdates, itemDeletes, statuses };
}

/** What the card localizes in its lines: defences, levels, words, locations, advantages, and the critical effect text itself. */
export const LOOKUPS = ["BOUT.ActionPoints.Table.Defence.", "BOUT.Roll.Level.", "BOUT.ActionPoints.Word.", "BOUT.ActionPoints.Location.", "BOUT.ActionPoints.Advantage.", ""];

const attackCard: CardKind = {
  title: "BOUT.ActionPoints.Table.CardTitle",
  // The GM's rulings: a situational modifier, and the crit die's adjustment (on the attack or, for a player's attack, on the defence).
  gmFigures: (d) => [...(isSet(d.modifier) ? ["BOUT.Roll.Modifier"] : []), ...(isSet(d.critDie) ? ["BOUT.ActionPoints.Table.CritDie"] : [])],
  gmAnswerFigures: (a) => (isSet(a.critDie) ? ["BOUT.ActionPoints.Table.CritDie"] : []),
  prepare,
  describe: (d: Declaration | null) => [
    line("declared", "BOUT.ActionPoints.Table.Declared", { weapon: d?.weapon ?? "", tsc: d?.attacker.tsc ?? 0, cost: d?.cost ?? 0 }),
    ...(d?.moved ? [line("moved", "BOUT.ActionPoints.Table.Moved", { moved: d.moved, total: d.moved + d.cost })] : []),
    ...(d?.location ? [line("lands", "BOUT.ActionPoints.Table.LandsAt", { location: game.i18n!.localize(`BOUT.ActionPoints.Location.${d.location}`) })] : []),
    ...(d?.critDie ? [line("critDie", d.critDie > 0 ? "BOUT.ActionPoints.Table.CritDieUp" : "BOUT.ActionPoints.Table.CritDieDown", { by: Math.abs(d.critDie) })] : []),
  ],
  async defend(card: CardView) {
    const v = view(card.defender);
    const d = card.declaration as Declaration;
    const choices = defencesFor(v);
    const costs = apJsonTables().defenceFatigue as Record<string, number>;
    // An active defence's label carries its Fatigue cost from the world's table.
    const label = (c: Defence) => {
      const name = game.i18n!.localize(`BOUT.ActionPoints.Table.Defence.${c}`);
      return costs[c] === undefined ? name : game.i18n!.format("BOUT.ActionPoints.Table.Defence.WithCost", { defence: name, cost: String(costs[c]) });
    };
    const values = await openOddsDialog({
      title: "BOUT.ActionPoints.Table.DefendTitle",
      titleData: { name: fighterName(card.attacker) },
      confirmLabel: "BOUT.Card.Defend",
      fields: [
        { kind: "select", name: "defence", label: "BOUT.ActionPoints.Table.Defence.Label", value: choices[0]!, options: choices.map((c) => ({ value: c, label: label(c) })) },
        // A player's attack carries no GM ruling: the GM may adjust the crit die when answering for the defender.
        { kind: "number", name: "critDie", label: "BOUT.ActionPoints.Table.CritDie", value: 0, min: -CRIT_DIE_ADJUSTMENT_MAX, max: CRIT_DIE_ADJUSTMENT_MAX, gmOnly: true },
      ],
      odds: (values) => {
        const figures = defenderFigures(v, (card.defender ? fighterRef(card.defender) : ""), values.defence as Defence, d.location ?? null);
        if (!figures) return { rows: [] };
        const odds = attackOdds({ attacker: d.attacker, defender: figures, rule: apRule() });
        return {
          rows: [
            // With no defence nothing stops the blow: it only misses.
            { label: values.defence === "none" ? "BOUT.ActionPoints.Table.Odds.Misses" : "BOUT.ActionPoints.Table.Odds.Stopped", probability: odds.outcomes.missed + odds.outcomes.avoided, headline: true },
            { label: "BOUT.ActionPoints.Table.Odds.Partial", probability: odds.outcomes.partial },
            { label: "BOUT.ActionPoints.Table.Odds.Advantage", probability: odds.advantage },
          ],
        };
      },
    });
    return values ? { defence: values.defence, ...(Number(values.critDie) ? { critDie: Number(values.critDie) } : {}) } : null;
  },
  async resolve(card, answer: any): Promise<Outcome<any>> {
    const d = card.declaration as Declaration;
    if (!card.attacker || !card.defender || !d) return refused("ap.noWeapon", "NoWeapon");
    const v = view(card.defender);
    const defence = answer?.defence as Defence;
    if (!defencesFor(v).includes(defence)) return refused("ap.badDefence", "BadDefence");
    const defender = defenderFigures(v, fighterRef(card.defender!), defence, d.location ?? null);
    if (!defender) return refused("ap.noSkill", "NoDefenceSkill");
    const tablesRead = apTablesRead();
    if (!tablesRead.ok) return tablesRead;
    const tables = tablesRead.value;
    const fpCost = defenceFatigueCost(tables.defenceFatigue, defence);
    if (!mayPayFatigue(fpCost, defender.fatigueNow)) return refused("ap.tooTired", "TooTired");
    // The crit die as the GM adjusted it, on the attack and on the answer (V.a.iv; the engine adds and bounds them).
    const adjusted = combinedCritDieAdjustment(d.critDie ?? 0, answer?.critDie);
    if (!adjusted.ok) return adjusted;
    const onAnswer = { value: adjusted.value.onAnswer };
    const input: AttackInput = {
      attacker: d.attacker,
      defender,
      rule: apRule(),
      criticalTables: { locations: tables.criticalLocations, effects: tables.criticalEffects },
      agility: { attacker: checkTarget(view(card.attacker).stats.agi, tables), defender: checkTarget(v.stats.agi, tables) },
      critThroughBlock: apCritThroughBlock(),
      ...(adjusted.value.total ? { critDieModifier: adjusted.value.total } : {}),
    };
    const rolled = await resolveWithFoundry((dice) => resolveAttack(input, dice));
    if (!rolled.value.ok) return rolled.value;
    const r = rolled.value.value.result;
    const changes = blowChanges(r, { id: fighterRef(card.attacker!), weaponId: d.weaponId }, { id: fighterRef(card.defender!), view: v }, fpCost);
    const options = advantageOptions(r, defence);
    const events = [...withNames(rolled.value.value.events, [card.attacker, card.defender])];
    if (fpCost) events.push({ type: "defenceCost", key: "BOUT.ActionPoints.Table.DefenceCost", data: { who: fighterName(card.defender), cost: fpCost } });
    if (onAnswer.value) events.push(line("critDie", onAnswer.value > 0 ? "BOUT.ActionPoints.Table.CritDieUp" : "BOUT.ActionPoints.Table.CritDieDown", { by: Math.abs(onAnswer.value) }));
    return ok({
      outcome: r.outcome === "hit" || r.outcome === "partial" ? "success" : "failure",
      headline: withThen(attackHeadline(r, defence), blowAftermath(r, { attacker: fighterName(card.attacker), defender: fighterName(card.defender) })),
      events,
      ...changes,
      rolls: rolled.rolls,
      lookups: LOOKUPS,
      combatCommands: spendCommands(card.combatId, card.attacker, d.cost, d.moved ?? 0),
      ...(options.length ? { data: { advantage: { who: fighterRef(card.defender!), against: fighterRef(card.attacker!), options, defence, critical: r.defence?.level === "criticalSuccess" } } } : {}),
    });
  },
  followUps(card): FollowUp[] {
    const adv = card.result?.data?.advantage as OpenAdvantage | undefined;
    if (!adv || card.result?.taken) return [];
    const costs = apJsonTables().advantageFatigue;
    return adv.options.map((kind) => ({ id: kind, label: "BOUT.ActionPoints.Advantage.Button", data: { kind: `BOUT.ActionPoints.Advantage.${kind}`, cost: costs[kind] }, actorId: adv.who }));
  },
  async followUp(card, id) {
    const adv = card.result?.data?.advantage as OpenAdvantage | undefined;
    const taker = adv ? (fighterFrom(adv.who) ?? undefined) : undefined;
    const victim = adv ? (fighterFrom(adv.against) ?? undefined) : undefined;
    if (!adv || !taker || !victim) return refuse("ap.advantage.noSource", "BOUT.ActionPoints.Advantage.Refusal.NoSource");
    return postCard("actionpoints.advantage", taker, victim, { sourceId: card.id, kind: id }, card.combatId);
  },
};

/** A Combat Advantage the exchange opened, kept on its card until taken. */
export interface OpenAdvantage {
  readonly who: string;
  readonly against: string;
  readonly options: readonly AdvantageKind[];
  readonly defence: Defence;
  readonly critical: boolean;
}

export function registerActionPointsTable(): void {
  registerCardKind("actionpoints.attack", attackCard);
  registerItemRoll("actionpoints", "weapon", declareAttack);
}
