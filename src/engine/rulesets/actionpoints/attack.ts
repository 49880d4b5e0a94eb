/**
 * An attack and the defence against it (sections IV to VII). The defender picks
 * no defence, a passive one (Shield Play or Weapon Parry: free, unresisted), or
 * an active one (Shield Block, Weapon Parry, Dodge: Fatigue, resisted by the
 * attacker's PSF%). The defence is rolled first; the attack roll follows with
 * whatever the defence did to it. `classifyAttack` holds the whole decision for
 * two given rolls, so the odds and the resolution share it.
 */
import { DEFAULT_FRACTION_RULE, drawPlace, labelled, labelSince, markLookup, rollExploding, rollOne, said, type Dice, type PercentileCriticalRule } from "../../dice";
import { ok, PASSED, type Outcome } from "../../outcome";
import { event, type ApEvent, type Resolution } from "./events";
import { markRoll, rank, readRoll, succeeded, type Roll } from "./levels";
import { apRefuse, checkFigure } from "./refusals";
import { netAbsorption } from "./armour";
import type { WeightClass } from "./stats";
import { lookupBand, type Band, type CriticalLocation, type DEFAULT_DEFENCE_FATIGUE } from "./tables";
import { DEFAULT_AP_TABLES, type CriticalEffect } from "./world-tables";

/**
 * IV.c.i.3: a critical attack through a successful Shield Block is taken "as
 * though a normal attack had succeeded and the defensive roll had failed".
 * "normal" (our default) reads it literally: the blow lands as a normal hit,
 * without the critical's bonus die, location and failed armour; "critical"
 * lets the critical keep them. A world setting.
 */
export type CritThroughBlock = "normal" | "critical";
export const CRIT_THROUGH_BLOCK: readonly CritThroughBlock[] = ["normal", "critical"];
export const DEFAULT_CRIT_THROUGH_BLOCK: CritThroughBlock = "normal";
/** The reading for a setting's value; anything unknown reads as the default. */
export function critThroughBlockReading(v: unknown): CritThroughBlock {
  return CRIT_THROUGH_BLOCK.includes(v as CritThroughBlock) ? (v as CritThroughBlock) : DEFAULT_CRIT_THROUGH_BLOCK;
}

export type Defence = "none" | "passiveShield" | "passiveParry" | "activeShield" | "activeParry" | "dodge";
export const DEFENCES: readonly Defence[] = ["none", "passiveShield", "passiveParry", "activeShield", "activeParry", "dodge"];

/**
 * IV.b–c: the defences open to a defender: Shield Play and Shield Block need a
 * shield in hand, a Weapon Parry (passive or active) a weapon; Dodge and no
 * defence are always open.
 */
export function defencesAvailable(hasShield: boolean, hasWeapon: boolean): Defence[] {
  return DEFENCES.filter((d) => d === "none" || d === "dodge" || (d.endsWith("Shield") ? hasShield : hasWeapon));
}

/**
 * IV.b–c: the skill a defence rolls: Shield Play for both shield defences, the
 * weapon's skill for both parries, Dodge for a dodge; none for no defence.
 */
export function defenceSkill(defence: Defence): "shieldPlay" | "weapon" | "dodge" | null {
  if (defence === "none") return null;
  if (defence === "dodge") return "dodge";
  return defence.endsWith("Shield") ? "shieldPlay" : "weapon";
}

export interface AttackInput {
  readonly attacker: {
    readonly id: string;
    readonly tsc: number;
    readonly psf: number;
    /** Situational modifiers to the attack (mounted against foot, a turned back, ...). */
    readonly modifier?: number;
    readonly baseDamage: number;
    /** STR/4 for light weapons, STR/2 for the rest (see strengthBonus). */
    readonly strengthBonus: number;
    readonly attackerBonus: number;
    readonly weaponSize: number;
  };
  readonly defender: {
    readonly id: string;
    readonly defence: Defence;
    /** TSC% and PSF% of the skill defended with (Shield Play, the weapon, Dodge). */
    readonly tsc: number;
    readonly psf: number;
    readonly shield: { readonly absorption: number; readonly blockBonus: number; readonly penetrations: number } | null;
    readonly armour: { readonly absorption: number; readonly weight: WeightClass; readonly failed: boolean };
    readonly parryWeaponSize: number;
    readonly kneeling: boolean;
    readonly fatigueNow: number;
    readonly bodyNow: number;
    readonly con: number;
  };
  readonly rule?: PercentileCriticalRule;
  /** What adjusts the crit die (the seed's "adjusted roll"); 0 by default. */
  readonly critDieModifier?: number;
  /** Tables 7.16 and 7.17 as the world has them; ours by default. */
  readonly criticalTables?: { readonly locations: readonly Band<CriticalLocation>[]; readonly effects: Readonly<Record<CriticalLocation, CriticalEffect>> };
  /**
   * VII: the Agility roll targets for keeping hold of a weapon or shield, or
   * one's feet, after a critical failure. Given, the rolls are made in the
   * resolution; left out, the card only says a roll is due.
   */
  readonly agility?: { readonly attacker: number; readonly defender: number };
  /** IV.c.i.3: how a critical through a successful block lands (see CritThroughBlock). */
  readonly critThroughBlock?: CritThroughBlock;
  /** What the attack roll is, named on the card (a riposte, a shield bash): an advantage's name; a plain attack by default. */
  readonly blow?: string;
}

/**
 * IV.c and VI: an active defence and a Combat Advantage are paid in Fatigue
 * Points; a fighter without that many left cannot make it.
 */
export function mayPayFatigue(cost: number, fatigueNow: number): boolean {
  return cost <= fatigueNow;
}

/**
 * IV.b: "passive defenses do not cost action points or fatigue points"; IV.c:
 * an active one costs what Table 7.3 (the world's) gives it. No defence costs nothing.
 */
export function defenceFatigueCost(table: Readonly<Record<keyof typeof DEFAULT_DEFENCE_FATIGUE, number>>, defence: Defence): number {
  return Object.hasOwn(table, defence) ? table[defence as keyof typeof DEFAULT_DEFENCE_FATIGUE] : 0;
}

/** Whether the fighter can pay for this defence now (IV.c: an active defence in Fatigue). */
export const mayPayDefence = (table: Readonly<Record<keyof typeof DEFAULT_DEFENCE_FATIGUE, number>>, defence: Defence, fatigueNow: number): boolean => mayPayFatigue(defenceFatigueCost(table, defence), fatigueNow);

/** How far the GM may adjust the crit die either way (ours: the seed names an "adjusted roll" without figures). */
export const CRIT_DIE_ADJUSTMENT_MAX = 10;

/**
 * V.a.iv: the crit die "per adjusted roll". The adjustment is the GM's ruling:
 * a whole number within ±10; absent, none. Resolution adds it to the d10, and
 * an adjusted 10 or more on a critical goes to Body (V).
 */
export function critDieAdjustment(v: unknown): Outcome<number> {
  if (v === undefined || v === null) return ok(0);
  return checkFigure("crit die adjustment", v, -CRIT_DIE_ADJUSTMENT_MAX, CRIT_DIE_ADJUSTMENT_MAX) ?? ok(v as number);
}

/**
 * The crit die's adjustment when the GM ruled twice on one blow (on the attack,
 * and on the answer for a player's attack): each checked, and together still
 * within the bound; the answer's own is returned too, for the card's line.
 */
export function combinedCritDieAdjustment(onAttack: unknown, onAnswer: unknown): Outcome<{ readonly total: number; readonly onAnswer: number }> {
  const a = critDieAdjustment(onAttack);
  if (!a.ok) return a;
  const b = critDieAdjustment(onAnswer);
  if (!b.ok) return b;
  const total = critDieAdjustment(a.value + b.value);
  return total.ok ? ok({ total: total.value, onAnswer: b.value }) : total;
}

/** Strength's share of damage: STR/4 for light weapons, STR/2 for the rest, rounded down. */
export function strengthBonus(str: number, light: boolean): number {
  return Math.floor(str / (light ? 4 : 2));
}

const isPassive = (d: Defence) => d === "passiveShield" || d === "passiveParry";
const isActive = (d: Defence) => d === "activeShield" || d === "activeParry" || d === "dodge";

/** Dodge suffers for armour: -10% in medium, -20% in heavy. */
export function dodgeArmourPenalty(weight: WeightClass): number {
  return weight === "heavy" ? 20 : weight === "medium" ? 10 : 0;
}

/** The defence's target number after the rules' modifiers. */
export function defenceTarget(input: AttackInput): number {
  const d = input.defender;
  if (isPassive(d.defence)) return d.tsc;
  let t = d.tsc - input.attacker.psf;
  if (d.defence === "activeShield") t += d.shield?.blockBonus ?? 0;
  if (d.defence === "dodge") t -= dodgeArmourPenalty(d.armour.weight);
  return t;
}

/** How much of the attacker's damage gets through a successful parry, by weight difference. */
export type ParryEffect = "full" | "baseOnly" | "baseAndCrit" | "none";

export function parryEffect(attackerSize: number, parrySize: number, parryCritical: boolean): ParryEffect {
  const smaller = attackerSize - parrySize;
  if (smaller <= 0) return "full";
  if (smaller === 1) return "baseOnly";
  if (smaller === 2) return "baseAndCrit";
  return parryCritical ? "full" : "none";
}

export type AttackOutcome =
  | "missed" // the attack roll failed
  | "avoided" // dodged, blocked or fully parried
  | "partial" // a parry let part of the damage through
  | "hit";

export interface Classification {
  readonly defence: Roll | null;
  readonly attack: Roll;
  /** The defence counts as an active success (a passive critical is upgraded to one). */
  readonly activeSuccess: boolean;
  readonly outcome: AttackOutcome;
  /** For a partial parry: what gets through. */
  readonly parry: ParryEffect | null;
  /** The defender may take a Combat Advantage. */
  readonly advantage: boolean;
  /** Shield absorption is subtracted from this blow. */
  readonly shieldCounts: boolean;
  readonly attackerDropCheck: boolean;
  /** The defender's critical failure: check to keep the shield or weapon, or kneel after a dodge. */
  readonly defenderFumble: "shield" | "weapon" | "kneel" | null;
  /** The attack's critical success counts as one for damage (its bonus die, location and failed armour). */
  readonly criticalCounts: boolean;
  /** IV.c.i.3 read literally: a critical through a successful block lands as a normal hit. */
  readonly criticalAsNormal: boolean;
}

/** The whole decision for a defence roll and an attack roll (no dice involved). */
export function classifyAttack(input: AttackInput, defenceRoll: number | null, attackRoll: number): Classification {
  const rule = input.rule ?? DEFAULT_FRACTION_RULE;
  const d = input.defender;
  const defence = d.defence !== "none" && defenceRoll !== null ? readRoll(defenceRoll, defenceTarget(input), rule) : null;
  let attackModifier = (input.attacker.modifier ?? 0) + (d.kneeling ? 10 : 0);
  let activeSuccess = false;
  let upgraded = false;
  if (defence && isPassive(d.defence)) {
    if (defence.level === "criticalSuccess") {
      activeSuccess = true;
      upgraded = true;
    } else if (defence.level === "success") attackModifier -= Math.floor(d.psf / 2);
    else if (defence.level === "criticalFailure") attackModifier += 10;
  } else if (defence && isActive(d.defence)) activeSuccess = succeeded(defence.level);
  const attack = readRoll(attackRoll, input.attacker.tsc + attackModifier, rule);
  const attackHits = succeeded(attack.level);

  // The kind of defence an upgraded passive one counts as.
  const effective: Defence = upgraded ? (d.defence === "passiveShield" ? "activeShield" : "activeParry") : d.defence;
  let outcome: AttackOutcome = attackHits ? "hit" : "missed";
  let parry: ParryEffect | null = null;
  if (attackHits && activeSuccess) {
    if (effective === "dodge") outcome = "avoided";
    else if (effective === "activeShield") outcome = attack.level === "criticalSuccess" ? "hit" : "avoided";
    else if (effective === "activeParry") {
      parry = parryEffect(input.attacker.weaponSize, d.parryWeaponSize, defence?.level === "criticalSuccess");
      outcome = parry === "full" ? "avoided" : parry === "none" ? "hit" : "partial";
    }
  }
  // Section VI: an advantage needs a better level than the attacker's; an upgraded passive defence never gives one.
  const defenderBetter = defence !== null && succeeded(defence.level) && rank(defence.level) > rank(attack.level);
  const advantage = !upgraded && defenderBetter && (isActive(d.defence) || attack.level === "criticalFailure");
  const shieldCounts =
    d.shield !== null && (effective === "activeShield" || (d.defence === "passiveShield" && defence !== null && succeeded(defence.level)));
  const defenderFumble: Classification["defenderFumble"] =
    defence?.level === "criticalFailure" && isActive(d.defence) ? (d.defence === "activeShield" ? "shield" : d.defence === "dodge" ? "kneel" : "weapon") : null;
  const throughBlock = attackHits && activeSuccess && effective === "activeShield" && attack.level === "criticalSuccess";
  const criticalAsNormal = throughBlock && (input.critThroughBlock ?? DEFAULT_CRIT_THROUGH_BLOCK) === "normal";
  const criticalCounts = attack.level === "criticalSuccess" && !criticalAsNormal;
  return { defence, attack, activeSuccess, outcome, parry, advantage, shieldCounts, attackerDropCheck: attack.level === "criticalFailure", defenderFumble, criticalCounts, criticalAsNormal };
}

export interface DamageOutcome {
  readonly critDie: number;
  readonly attackerDamage: number;
  readonly shieldAbsorbs: number;
  readonly armourAbsorbs: number;
  /** The open-ended bonus die of a critical success, past all defences. */
  readonly bonus: number;
  readonly delivered: number;
  readonly toFatigue: number;
  readonly toBody: number;
  readonly fatigueNow: number;
  readonly bodyNow: number;
  readonly unconscious: boolean;
  readonly dead: boolean;
  readonly critical: { readonly roll: number; readonly location: CriticalLocation; readonly effect: CriticalEffect } | null;
  /** Body Points the critical effect takes on top of the damage. */
  readonly extraBody: number;
  readonly shieldPenetrated: boolean;
  readonly shieldShattered: boolean;
}

/** What the critical failures and the critical effect leave on the floor (VII; Table 7.17). */
export interface Mishaps {
  /** The attacker failed its Agility roll and dropped the weapon. */
  readonly attackerDrops: boolean;
  /** The defender dropped its shield or weapon (a failed Agility roll or a critical effect). */
  readonly defenderDrops: "shield" | "weapon" | null;
  /** The defender fell to one knee (a failed Agility roll after a dodge, or a critical effect). */
  readonly defenderKneels: boolean;
}

export interface AttackResult extends Classification {
  readonly damage: DamageOutcome | null;
  readonly mishaps: Mishaps;
}

export function checkAttack(input: AttackInput): Outcome<true> {
  const a = input.attacker;
  const d = input.defender;
  if (!DEFENCES.includes(d.defence)) return apRefuse("badChoice", { field: "defence" });
  if ((d.defence === "passiveShield" || d.defence === "activeShield") && !d.shield) return apRefuse("notAllowed", { field: "shield" });
  if (input.critThroughBlock !== undefined && !CRIT_THROUGH_BLOCK.includes(input.critThroughBlock)) return apRefuse("badChoice", { field: "critThroughBlock" });
  // Figure by figure in a fixed order, building nothing unless one is refused (the duel loops call this per attack).
  return (
    checkFigure("tsc", a.tsc) ??
    checkFigure("psf", a.psf) ??
    checkFigure("modifier", a.modifier, -1000, 1000, true) ??
    checkFigure("baseDamage", a.baseDamage) ??
    checkFigure("strengthBonus", a.strengthBonus) ??
    checkFigure("attackerBonus", a.attackerBonus) ??
    checkFigure("weaponSize", a.weaponSize) ??
    checkFigure("defenceTsc", d.tsc) ??
    checkFigure("defencePsf", d.psf) ??
    checkFigure("armour", d.armour.absorption) ??
    checkFigure("parryWeaponSize", d.parryWeaponSize) ??
    checkFigure("fatigueNow", d.fatigueNow) ??
    checkFigure("bodyNow", d.bodyNow) ??
    checkFigure("con", d.con) ??
    checkFigure("shieldAbsorption", d.shield?.absorption, -1000, 1000, true) ??
    checkFigure("blockBonus", d.shield?.blockBonus, -1000, 1000, true) ??
    checkFigure("penetrations", d.shield?.penetrations, -1000, 1000, true) ??
    checkFigure("critDieModifier", input.critDieModifier, -1000, 1000, true) ??
    checkFigure("attackerAgility", input.agility?.attacker, -1000, 1000, true) ??
    checkFigure("defenderAgility", input.agility?.defender, -1000, 1000, true) ??
    PASSED
  );
}

/** Fatigue first, then Body; a critical whose adjusted crit die reaches 10 goes to Body. */
export function applyDamage(delivered: number, fatigueNow: number, bodyNow: number, con: number, straightToBody: boolean) {
  const toFatigue = straightToBody ? 0 : Math.min(Math.max(0, fatigueNow), delivered);
  const toBody = delivered - toFatigue;
  const body = bodyNow - toBody;
  return { toFatigue, toBody, fatigueNow: fatigueNow - toFatigue, bodyNow: body, unconscious: body <= 0, dead: body <= -con };
}

export function resolveAttack(input: AttackInput, dice: Dice): Outcome<Resolution<AttackResult>> {
  const valid = checkAttack(input);
  if (!valid.ok) return valid;
  const d = input.defender;
  // The defence is rolled first (a passive one changes the attack's target), but the attack came first: it is named first, so the card lists it first.
  const defencePlace = drawPlace(dice);
  const defenceRoll = d.defence !== "none" ? rollOne(dice, 100) : null;
  const attackPlace = drawPlace(dice);
  const attackRoll = rollOne(dice, 100);
  const c = classifyAttack(input, defenceRoll, attackRoll);
  labelSince(dice, attackPlace, input.blow ? said(input.attacker.id, `BOUT.Card.Roll.ActionPoints.Blow.${input.blow}`, { target: c.attack.target }) : said(input.attacker.id, "BOUT.Card.Roll.ActionPoints.attack", { target: c.attack.target }));
  if (c.defence) labelSince(dice, defencePlace, said(d.id, `BOUT.Card.Roll.ActionPoints.Defence.${d.defence}`, { target: c.defence.target }));
  // Marks go to the latest unmarked draw showing the value: the attack (rolled last) first.
  markRoll(dice, c.attack);
  if (c.defence) markRoll(dice, c.defence);
  const events: ApEvent[] = [];
  if (c.defence) events.push(event("defence", { who: d.id, defence: d.defence, roll: c.defence.roll, target: c.defence.target, level: c.defence.level }));
  events.push(event("attack", { roll: c.attack.roll, target: c.attack.target, level: c.attack.level }));
  if (c.outcome === "avoided") events.push(event(d.defence === "dodge" ? "dodged" : d.defence.endsWith("Shield") ? "blocked" : "parried", { who: d.id }));
  if (c.advantage) events.push(event("advantage", { who: d.id }));
  let attackerDrops = false;
  let defenderDrops: Mishaps["defenderDrops"] = null;
  let defenderKneels = false;
  const agility = (who: string, target: number, what: string) => {
    const roll = readRoll(labelled(dice, () => said(who, `BOUT.Card.Roll.ActionPoints.Agility.${what}`, { target }), () => rollOne(dice, 100)), target, input.rule);
    markRoll(dice, roll);
    const kept = succeeded(roll.level);
    events.push(event("agilityRoll", { who, what, roll: roll.roll, target, kept }));
    return kept;
  };
  if (c.attackerDropCheck) {
    if (input.agility) attackerDrops = !agility(input.attacker.id, input.agility.attacker, "weapon");
    else events.push(event("dropCheck", { who: input.attacker.id, what: "weapon" }));
  }
  if (c.defenderFumble) {
    if (input.agility) {
      const what = c.defenderFumble;
      const kept = agility(d.id, input.agility.defender, what);
      if (!kept && what === "kneel") defenderKneels = true;
      else if (!kept && what !== "kneel") defenderDrops = what;
    } else events.push(event(c.defenderFumble === "kneel" ? "kneels" : "dropCheck", { who: d.id, what: c.defenderFumble }));
  }

  let damage: DamageOutcome | null = null;
  if (c.outcome === "hit" || c.outcome === "partial") {
    const a = input.attacker;
    const critDie = labelled(dice, () => said(input.attacker.id, "BOUT.Card.Roll.ActionPoints.critDie"), () => rollOne(dice, 10)) + (input.critDieModifier ?? 0);
    const full = a.baseDamage + a.strengthBonus + a.attackerBonus + critDie;
    const attackerDamage = c.parry === "baseOnly" ? a.baseDamage : c.parry === "baseAndCrit" ? a.baseDamage + critDie : full;
    const shieldAbsorbs = c.shieldCounts && d.shield ? Math.min(d.shield.absorption, attackerDamage) : 0;
    const armourAbsorbs = netAbsorption(d.armour.absorption, d.armour.failed);
    const through = Math.max(0, attackerDamage - shieldAbsorbs - armourAbsorbs);
    const criticalHit = c.criticalCounts;
    const bonus = criticalHit ? labelled(dice, () => said(input.attacker.id, "BOUT.Card.Roll.ActionPoints.bonus"), () => rollExploding(dice, 10)).total : 0;
    const delivered = through + bonus;
    let critical: DamageOutcome["critical"] = null;
    if (criticalHit) {
      const tables = input.criticalTables ?? { locations: DEFAULT_AP_TABLES.criticalLocations, effects: DEFAULT_AP_TABLES.criticalEffects };
      const roll = labelled(dice, () => said(d.id, "BOUT.Card.Roll.ActionPoints.critical"), () => rollOne(dice, 100));
      const location = lookupBand(tables.locations, roll);
      markLookup(dice, 100, [roll], location);
      critical = { roll, location, effect: tables.effects[location] };
      if (critical.effect.kneel) defenderKneels = true;
      if (critical.effect.drop === "shield" && d.shield) defenderDrops = "shield";
      else if (critical.effect.drop === "weapon") defenderDrops = "weapon";
    }
    const extraBody = critical?.effect.extraBody ?? 0;
    // A blow past the shield's absorption may shatter it: 10% per such blow so far.
    const shieldPenetrated = c.shieldCounts && d.shield !== null && attackerDamage > d.shield.absorption;
    let shieldShattered = false;
    if (shieldPenetrated) {
      const roll = labelled(dice, () => said(d.id, "BOUT.Card.Roll.ActionPoints.shield"), () => rollOne(dice, 100));
      shieldShattered = roll <= 10 * (d.shield!.penetrations + 1);
      markLookup(dice, 100, [roll], shieldShattered ? "BOUT.Card.Die.Row.shatters" : "BOUT.Card.Die.Row.holds");
    }
    const dealt = applyDamage(delivered, d.fatigueNow, d.bodyNow, d.con, criticalHit && critDie >= 10);
    // The critical effect's Body loss comes on top, past Fatigue.
    const bodyNow = dealt.bodyNow - extraBody;
    const applied = { ...dealt, toBody: dealt.toBody + extraBody, bodyNow, unconscious: bodyNow <= 0, dead: bodyNow <= -d.con };
    damage = { critDie, attackerDamage, shieldAbsorbs, armourAbsorbs, bonus, delivered, ...applied, critical, extraBody, shieldPenetrated, shieldShattered };
    events.push(event("hit", { on: d.id, partial: c.outcome === "partial" }));
    if (c.criticalAsNormal) events.push(event("criticalAsNormal", { who: d.id }));
    if (shieldAbsorbs) events.push(event("shieldAbsorbs", { amount: shieldAbsorbs }));
    events.push(event("damage", { attacker: attackerDamage, shield: shieldAbsorbs, armour: armourAbsorbs, bonus, delivered }));
    if (bonus) events.push(event("criticalBonus", { bonus }));
    if (applied.toFatigue) events.push(event("fatigueLoss", { who: d.id, amount: applied.toFatigue, left: applied.fatigueNow }));
    if (applied.toBody) events.push(event("bodyLoss", { who: d.id, amount: applied.toBody, left: applied.bodyNow }));
    if (critical) {
      events.push(event("criticalLocation", { roll: critical.roll, location: critical.location }), event("criticalEffect", { location: critical.location, effect: critical.effect.text }));
      events.push(event("armourFails", { location: critical.location }));
    }
    if (shieldShattered) events.push(event("shieldShatters", { who: d.id }));
    if (applied.dead) events.push(event("dead", { who: d.id }));
    else if (applied.unconscious) events.push(event("unconscious", { who: d.id }));
  }
  if (attackerDrops) events.push(event("drops", { who: input.attacker.id, what: "weapon" }));
  if (defenderDrops) events.push(event("drops", { who: d.id, what: defenderDrops }));
  if (defenderKneels) events.push(event("fallsToKnee", { who: d.id }));
  return ok({ result: { ...c, damage, mishaps: { attackerDrops, defenderDrops, defenderKneels } }, events });
}
