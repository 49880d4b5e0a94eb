/**
 * [17.1] The Strike Check: the attacker's strike chance, less the target's
 * Defense [17.5], plus every situational modifier, read against a d100. A roll
 * at or under 15% of the modified chance goes straight to Endurance through
 * armour, at or under 5% may be a Grievous Injury [18]; 99 and 100 put the
 * weapon at risk [17.3]; a miss by more than 30 lets an evading defender parry [17.4].
 */
import { markD100, rollOne, type Dice } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { strikeChance } from "./derived";
import { pulseEvent, sumTerms, type PulseEvent, type Term } from "./events";
import { checkWholeField, checkWholeTerms } from "./refusals";
import { DEFAULT_SPECIAL_ATTACKS, type AttackKind, type SpecialAttackRule } from "./special-attacks";

const T = "BOUT.Pulse.Term.";

/** Where the attack comes from, as a hexside relative to the defender's facing: 0 ahead, 3 behind. */
export type RelativeSide = 0 | 1 | 2 | 3 | 4 | 5;

export interface DefenseInput {
  readonly modAG: number;
  /** The prepared shield's rating (0 without one). */
  readonly shield: number;
  /** Hexside the attack comes from, relative to the defender's facing (see ./hex.ts). */
  readonly from: RelativeSide;
  readonly shieldHand: "left" | "right";
  /** [17.5] stunned or incapacitated defenders have no Defense. */
  readonly stunned: boolean;
  readonly incapacitated: boolean;
  /** [13.3] a defensive withdrawal with a prepared shield adds 20. */
  readonly withdrawingDefensively: boolean;
}

export interface DefenseOptions {
  /** [17.5] optional rule: the shield counts only straight ahead and on its own side. */
  readonly shieldFacingRule: boolean;
  /** Defense counts modAG as well as the shield (this system's default reading). */
  readonly agilityInDefense: boolean;
}

export const DEFAULT_DEFENSE_OPTIONS: DefenseOptions = { shieldFacingRule: false, agilityInDefense: true };

/** Whether the shield counts against an attack from `from`. */
export function shieldCounts(from: RelativeSide, hand: "left" | "right", facingRule: boolean): boolean {
  if (from === 3) return false;
  if (!facingRule) return true;
  if (from === 0) return true;
  return hand === "left" ? from === 5 || from === 4 : from === 1 || from === 2;
}

/** [17.5] the Defense subtracted from the attacker's strike chance, as terms. */
export function defenseTerms(d: DefenseInput, options: DefenseOptions = DEFAULT_DEFENSE_OPTIONS): Term[] {
  if (d.stunned || d.incapacitated) return [];
  const terms: Term[] = [];
  if (options.agilityInDefense) terms.push({ key: `${T}DefenseAgility`, value: d.modAG });
  if (d.shield > 0 && shieldCounts(d.from, d.shieldHand, options.shieldFacingRule)) terms.push({ key: `${T}DefenseShield`, value: d.shield });
  if (d.withdrawingDefensively && d.shield > 0) terms.push({ key: `${T}WithdrawDefensive`, value: 20 });
  return terms;
}

/** sumTerms(defenseTerms(d, options)): the Defense as one figure, building nothing (the duel loops ask per blow). */
export function defenseTotal(d: DefenseInput, options: DefenseOptions = DEFAULT_DEFENSE_OPTIONS): number {
  if (d.stunned || d.incapacitated) return 0;
  let total = options.agilityInDefense ? d.modAG : 0;
  if (d.shield > 0 && shieldCounts(d.from, d.shieldHand, options.shieldFacingRule)) total += d.shield;
  if (d.withdrawingDefensively && d.shield > 0) total += 20;
  return total;
}

export interface StrikeInput {
  readonly attack: AttackKind;
  /** Base chance of the weapon for this wielder (see effectiveBaseChance), or a special attack's own. */
  readonly baseChance: number;
  readonly modMD: number;
  readonly ranked: boolean;
  readonly rank: number;
  /** The target's Defense total (sum of defenseTerms). */
  readonly defense: number;
  readonly charging: boolean;
  /** [13.3] an offensive withdrawal strikes at -20. */
  readonly withdrawingOffensively: boolean;
  /** Anything else the GM or the situation adds, each with its label. */
  readonly modifiers: readonly Term[];
}

/** The modified strike chance and how it was built. */
export function strikeTerms(input: StrikeInput, rules: Readonly<Record<AttackKind, SpecialAttackRule>> = DEFAULT_SPECIAL_ATTACKS): Term[] {
  const rule = rules[input.attack];
  const base = rule.baseChance ?? input.baseChance;
  const ranked = rule.usesWeaponRank && input.ranked;
  const sc = strikeChance(base, input.modMD, ranked, input.rank);
  const terms: Term[] = [{ key: `${T}BaseChance`, value: base }];
  if (ranked) {
    terms.push({ key: `${T}ModMD`, value: input.modMD }, { key: `${T}Rank`, value: 4 * input.rank });
  }
  // Guard: the terms must add up to the seed's formula.
  if (sumTerms(terms) !== sc) throw new Error("strikeTerms: terms disagree with strikeChance");
  if (rule.scModifier !== 0) terms.push({ key: `${T}Attack.${input.attack}`, value: rule.scModifier });
  if (input.charging && rule.chargeModifier !== 0) terms.push({ key: `${T}Charge`, value: rule.chargeModifier });
  if (input.withdrawingOffensively) terms.push({ key: `${T}WithdrawOffensive`, value: -20 });
  if (input.defense !== 0) terms.push({ key: `${T}Defense`, value: -input.defense });
  terms.push(...input.modifiers);
  return terms;
}

/** sumTerms(strikeTerms(input, rules)): the modified strike chance as one figure, building nothing (the duel loops ask per blow). */
export function modifiedStrikeChance(input: StrikeInput, rules: Readonly<Record<AttackKind, SpecialAttackRule>> = DEFAULT_SPECIAL_ATTACKS): number {
  const rule = rules[input.attack];
  let sc = strikeChance(rule.baseChance ?? input.baseChance, input.modMD, rule.usesWeaponRank && input.ranked, input.rank) + rule.scModifier;
  if (input.charging) sc += rule.chargeModifier;
  if (input.withdrawingOffensively) sc -= 20;
  return sc - input.defense + sumTerms(input.modifiers);
}

export type StrikeGrade = "grievous" | "endurance" | "hit" | "miss";

/** [18] how a d100 reads against a modified strike chance. Exact integer comparisons. */
export function strikeGrade(roll: number, modSC: number): StrikeGrade {
  if (roll > modSC) return "miss";
  if (20 * roll <= modSC) return "grievous"; // roll <= 5% of modSC
  if (100 * roll <= 15 * modSC) return "endurance"; // roll <= 15% of modSC
  return "hit";
}

/** [17.4] an evading defender may parry a roll more than 30 over the modified chance. */
export function parryOpens(roll: number, modSC: number, evading: boolean): boolean {
  return evading && roll > modSC + 30;
}

/** [17.3] 99: the weapon may break; 100: it may be dropped. */
export function weaponRisk(roll: number): "break" | "drop" | null {
  return roll === 99 ? "break" : roll === 100 ? "drop" : null;
}

export interface StrikeResult {
  readonly roll: number;
  readonly modSC: number;
  readonly terms: readonly Term[];
  readonly grade: StrikeGrade;
  readonly hit: boolean;
  /** Damage goes to Endurance and ignores armour. */
  readonly toEndurance: boolean;
  readonly grievous: boolean;
  readonly parryOpen: boolean;
  readonly risk: "break" | "drop" | null;
}

/** Reads a rolled d100 (no dice drawn): for the shell replaying a roll, and for the odds. */
export function readStrike(roll: number, terms: readonly Term[], evading: boolean): StrikeResult {
  const modSC = sumTerms(terms);
  const grade = strikeGrade(roll, modSC);
  return {
    roll,
    modSC,
    terms,
    grade,
    hit: grade !== "miss",
    toEndurance: grade === "grievous" || grade === "endurance",
    grievous: grade === "grievous",
    parryOpen: grade === "miss" && parryOpens(roll, modSC, evading),
    risk: weaponRisk(roll),
  };
}

/** The strike's figures, checked in a fixed order without allocating (the duel loops call this per attack). */
export function validateStrike(input: StrikeInput): Outcome<true> | null {
  return (
    checkWholeField("baseChance", input.baseChance, -500, 500) ??
    checkWholeField("modMD", input.modMD, 0, 100) ??
    checkWholeField("rank", input.rank, 0, 10) ??
    checkWholeField("defense", input.defense, 0, 500) ??
    checkWholeTerms("modifier", input.modifiers, -500, 500)
  );
}

/** Rolls the Strike Check. */
export function resolveStrike(
  input: StrikeInput & { readonly evading: boolean },
  dice: Dice,
  rules: Readonly<Record<AttackKind, SpecialAttackRule>> = DEFAULT_SPECIAL_ATTACKS,
): Outcome<{ result: StrikeResult; events: PulseEvent[] }> {
  const bad = validateStrike(input);
  if (bad && !bad.ok) return bad;
  const terms = strikeTerms(input, rules);
  const result = readStrike(rollOne(dice, 100), terms, input.evading);
  // The card marks the d100 a hit or a miss, and a grievous blow as critical.
  markD100(dice, { roll: result.roll, success: result.hit, critical: result.grievous });
  const events: PulseEvent[] = [
    pulseEvent(result.hit ? "StrikeHit" : "StrikeMiss", { roll: result.roll, modSC: result.modSC, attack: input.attack }),
  ];
  if (result.grievous) events.push(pulseEvent("Grievous", { roll: result.roll }));
  else if (result.toEndurance) events.push(pulseEvent("ThroughArmour", { roll: result.roll }));
  if (result.parryOpen) events.push(pulseEvent("ParryOpen", { roll: result.roll, modSC: result.modSC }));
  if (result.risk) events.push(pulseEvent(result.risk === "break" ? "WeaponMayBreak" : "WeaponMayDrop", { roll: result.roll }));
  return ok({ result, events });
}
