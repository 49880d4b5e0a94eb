/**
 * [18]-[20] Damage: a D10 read as D+n, modified (never below 1), less armour
 * unless the strike went through it; Fatigue takes it until Fatigue is 0, then
 * Endurance, never both from one attack. Then the effects [19]: death at 0 EN,
 * unconsciousness at 3 or less, stun when one attack does more than a third of
 * the starting Endurance.
 */
import { rollOne, type Dice } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { pulseEvent, sumTerms, type PulseEvent, type Term } from "./events";
import { checkWholeField, checkWholeTerms } from "./refusals";

const T = "BOUT.Pulse.Term.";

export interface DamageTarget {
  /** Starting (original) Endurance. */
  readonly endurance: number;
  readonly enduranceNow: number;
  readonly fatigueNow: number;
  /** [19] monsters with starting EN 5 or less do not fall unconscious at 3. */
  readonly monster: boolean;
}

export interface DamageInput {
  /** The die is read as D+dieModifier (negative for D-n). */
  readonly dieModifier: number;
  /** Bonuses and penalties after the die: PS shortfall, optional bonuses, GM. */
  readonly modifiers: readonly Term[];
  /** Total armour protection of the target. */
  readonly protection: number;
  /** Through armour: a strike at or under 15% [18], pure magic [18.4]. */
  readonly ignoreArmour: boolean;
  /** Goes to Endurance whatever the Fatigue (the 15% rule). */
  readonly toEndurance: boolean;
  /** [18.4] breath weapon resisted: halved, rounded down (after armour). */
  readonly halved: boolean;
  readonly target: DamageTarget;
}

export type VitalState = "fine" | "unconscious" | "dead";

export interface DamageResult {
  readonly roll: number;
  /** The damage check after modifiers, at least 1 ([18], [20]). */
  readonly check: number;
  readonly terms: readonly Term[];
  /** What got through armour (and halving). */
  readonly effective: number;
  readonly pool: "fatigue" | "endurance";
  readonly fatigueNow: number;
  readonly enduranceNow: number;
  readonly stun: boolean;
  readonly state: VitalState;
}

/** [19] the state Endurance leaves the figure in. */
export function vitalState(enduranceNow: number, target: Pick<DamageTarget, "endurance" | "monster">): VitalState {
  if (enduranceNow <= 0) return "dead";
  const faints = !(target.monster && target.endurance <= 5);
  return enduranceNow <= 3 && faints ? "unconscious" : "fine";
}

/** The token conditions that put a figure out of the fight (our reading of [17.5]'s "incapacitated"). */
export const INCAPACITATING_CONDITIONS = ["unconscious", "restrain", "dead"] as const;

/**
 * [17.5] "Defense rating not used when defender is ... incapacitated": Endurance
 * spent, or out of the fight by a condition the table shows (unconscious,
 * restrained, dead).
 */
export function incapacitated(enduranceNow: number, outOfFight: boolean): boolean {
  return enduranceNow <= 0 || outOfFight;
}

/** [19] a stun marks the figure only if the blow left it alive. */
export function stunTakesHold(d: { readonly stun: boolean; readonly state: VitalState }): boolean {
  return d.stun && d.state !== "dead";
}

/** [19] one attack doing more than a third of the starting Endurance stuns (3 x damage > EN, exact). */
export function stuns(effective: number, endurance: number): boolean {
  return 3 * effective > endurance;
}

/** What damage leaves of the pools: DamageResult's part that applyEffectiveDamageTo writes. */
export type DamageEffect = { -readonly [K in "pool" | "fatigueNow" | "enduranceNow" | "stun" | "state"]: DamageResult[K] };

/** Applies a damage total that is already effective (after armour) to the pools. */
export function applyEffectiveDamage(effective: number, target: DamageTarget, toEndurance: boolean): Readonly<DamageEffect> {
  return applyEffectiveDamageTo(effective, target, toEndurance, { pool: "fatigue", fatigueNow: 0, enduranceNow: 0, stun: false, state: "fine" });
}

/** applyEffectiveDamage written into `out` (a record the caller keeps: the duel loops build nothing per blow). */
export function applyEffectiveDamageTo<T extends DamageEffect>(effective: number, target: DamageTarget, toEndurance: boolean, out: T): T {
  const pool = toEndurance || target.fatigueNow <= 0 ? "endurance" : "fatigue";
  // One attack never reduces both: damage beyond the Fatigue left is lost.
  const fatigueNow = pool === "fatigue" ? Math.max(0, target.fatigueNow - effective) : target.fatigueNow;
  const enduranceNow = pool === "endurance" ? Math.max(0, target.enduranceNow - effective) : target.enduranceNow;
  out.pool = pool;
  out.fatigueNow = fatigueNow;
  out.enduranceNow = enduranceNow;
  out.stun = effective > 0 && stuns(effective, target.endurance);
  out.state = vitalState(enduranceNow, target);
  return out;
}

/** [18], [20] the damage check: the D10 read as D+n, plus the modifiers, never below 1. */
export function damageCheck(roll: number, dieModifier: number, modifiers: readonly Term[]): number {
  return Math.max(1, roll + dieModifier + sumTerms(modifiers));
}

/** What gets through: less armour unless the blow ignores it, then halved (rounded down) for a resisted breath [18.4]. */
export function effectiveDamage(check: number, protection: number, ignoreArmour: boolean, halved: boolean): number {
  const effective = ignoreArmour ? check : Math.max(0, check - protection);
  return halved ? Math.floor(effective / 2) : effective;
}

/** Reads a rolled D10 (no dice drawn). */
export function readDamage(roll: number, input: DamageInput): DamageResult {
  const terms: Term[] = [{ key: `${T}Die`, value: roll }];
  if (input.dieModifier !== 0) terms.push({ key: `${T}DieModifier`, value: input.dieModifier });
  terms.push(...input.modifiers);
  const check = damageCheck(roll, input.dieModifier, input.modifiers);
  const effective = effectiveDamage(check, input.protection, input.ignoreArmour, input.halved);
  return { roll, check, terms, effective, ...applyEffectiveDamage(effective, input.target, input.toEndurance) };
}

/** The damage figures, checked in a fixed order without allocating (the duel loops call this per attack). */
export function validateDamage(input: DamageInput): Outcome<true> | null {
  return validateDamageFigures(input.dieModifier, input.modifiers, input.protection, input.target);
}

/** validateDamage's checks on the figures themselves, for a caller that has them apart. */
export function validateDamageFigures(dieModifier: unknown, modifiers: readonly Term[], protection: unknown, target: DamageTarget): Outcome<true> | null {
  return (
    checkWholeField("dieModifier", dieModifier, -20, 50) ??
    checkWholeField("protection", protection, 0, 100) ??
    checkWholeField("endurance", target.endurance, 1, 1000) ??
    checkWholeField("enduranceNow", target.enduranceNow, 0, 1000) ??
    checkWholeField("fatigueNow", target.fatigueNow, 0, 1000) ??
    checkWholeTerms("modifier", modifiers, -100, 100)
  );
}

export function resolveDamage(input: DamageInput, dice: Dice): Outcome<{ result: DamageResult; events: PulseEvent[] }> {
  const bad = validateDamage(input);
  if (bad && !bad.ok) return bad;
  const result = readDamage(rollOne(dice, 10), input);
  return ok({ result, events: damageEvents(result) });
}

export function damageEvents(result: Pick<DamageResult, "effective" | "pool" | "stun" | "state" | "enduranceNow" | "fatigueNow">): PulseEvent[] {
  const events = [
    pulseEvent(result.pool === "fatigue" ? "DamageFatigue" : "DamageEndurance", {
      damage: result.effective,
      fatigueNow: result.fatigueNow,
      enduranceNow: result.enduranceNow,
    }),
  ];
  if (result.stun) events.push(pulseEvent("Stunned"));
  if (result.state === "unconscious") events.push(pulseEvent("Unconscious"));
  if (result.state === "dead") events.push(pulseEvent("Dead"));
  return events;
}

export type DamageBonusSystem = "none" | "strength" | "rank";

/**
 * [18.5] optional damage bonuses, one system per weapon: +1 per 5 PS above the
 * weapon's minimum (each +1 adds 6% to the breakage chance; not for missile or
 * thrown weapons), or +1 per 4 ranks.
 */
export function damageBonus(
  system: DamageBonusSystem,
  a: { readonly ps: number; readonly minPS: number; readonly rank: number; readonly missileOrThrown: boolean },
): { readonly bonus: number; readonly breakageAdded: number } {
  if (system === "strength") {
    if (a.missileOrThrown) return { bonus: 0, breakageAdded: 0 };
    const bonus = Math.floor(Math.max(0, a.ps - a.minPS) / 5);
    return { bonus, breakageAdded: 6 * bonus };
  }
  if (system === "rank") return { bonus: Math.floor(a.rank / 4), breakageAdded: 0 };
  return { bonus: 0, breakageAdded: 0 };
}
