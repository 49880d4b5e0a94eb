/**
 * [20.3], [20.4], [24]: what lingers after the blow. Poison, weapons stuck in
 * the target, and infection of wounds once the fight is over.
 */
import { labelled, markLookup, rollOne, said, type Dice } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { rollDMinus } from "../../dice";
import { pulseEvent, type PulseEvent } from "./events";
import { checkWholeFields } from "./refusals";
import type { PulseWeaponStats } from "./stats";

/** [20.3] only class A and B weapons take poison. */
export const canBePoisoned = (w: Pick<PulseWeaponStats, "weaponClass">) => w.weaponClass === "A" || w.weaponClass === "B";

/** [20.3] the poison lasts 6 hours or until it has done 1 point of effective damage. */
export const POISON_HOURS = 6;

/** [20.3] whether poison put on this many seconds ago still works (unknown age: taken as fresh). */
export const poisonFresh = (ageSeconds: number | null | undefined) => ageSeconds === null || ageSeconds === undefined || ageSeconds <= POISON_HOURS * 3600;

/** [20.3] handling checks for an attack with a poisoned weapon: preparing it and putting it away. */
export const POISON_CHECKS_PER_ATTACK = 2;

/**
 * [20.4] the modAG penalty a weapon leaves stuck in a man-sized or smaller
 * target after effective damage: 3 for class A missile or thrown weapons, 5 for
 * pole weapons, none otherwise.
 */
export function stuckPenalty(w: Pick<PulseWeaponStats, "weaponClass" | "use">, targetHumanOrSmaller: boolean): number {
  if (!targetHumanOrSmaller) return 0;
  if (w.use === "pole") return 5;
  if (w.weaponClass === "A" && (w.use === "missile" || w.use === "thrown")) return 3;
  return 0;
}

/** [20.4] pulling one weapon out gives back its penalty (a pole 5, a class A missile 3), never more than is stuck. */
export function removalRestores(kind: "missile" | "pole", stuck: number): number {
  return Math.max(0, Math.min(stuck, stuckPenalty({ use: kind, weaponClass: "A" }, true)));
}

/**
 * [20.4] pulling the weapon out (a Pass action): barbed weapons do D-4 Fatigue
 * damage through armour, pole weapons D-2; others nothing.
 */
export function removalDamageModifier(w: Pick<PulseWeaponStats, "barbed" | "use">): number | null {
  if (w.use === "pole") return 2;
  if (w.barbed) return 4;
  return null;
}

export function resolveRemoval(w: Pick<PulseWeaponStats, "barbed" | "use">, dice: Dice, who = ""): { damage: number; events: PulseEvent[] } {
  const n = removalDamageModifier(w);
  if (n === null) return { damage: 0, events: [pulseEvent("StuckRemoved", { damage: 0 })] };
  const d = labelled(dice, () => said(who, "BOUT.Card.Roll.Pulse.removal"), () => rollDMinus(dice, n));
  return { damage: d.total, events: [pulseEvent("StuckRemoved", { damage: d.total, roll: d.roll })] };
}

export interface InfectionInput {
  /** Who was wounded (a fighter reference), to name the roll on the card. */
  readonly id?: string;
  /** Endurance damage taken in the fight. */
  readonly enduranceDamage: number;
  /** Any wound came from a bite, claws or talons. */
  readonly natural: boolean;
  /** Extra chance from grievous injuries, at the GM's discretion. */
  readonly gmModifier: number;
}

/** [24] 10% base; +20 + the Endurance damage if any was taken; +20 for bites, claws, talons. */
export function infectionChance(input: InfectionInput): number {
  let chance = 10;
  if (input.enduranceDamage > 0) chance += 20 + input.enduranceDamage;
  if (input.natural) chance += 20;
  return chance + input.gmModifier;
}

export function resolveInfection(input: InfectionInput, dice: Dice): Outcome<{ result: { roll: number; chance: number; infected: boolean }; events: PulseEvent[] }> {
  const bad = checkWholeFields({ enduranceDamage: [input.enduranceDamage, 0, 1000], gmModifier: [input.gmModifier, -100, 100] });
  if (bad && !bad.ok) return bad;
  const chance = infectionChance(input);
  const roll = labelled(dice, () => said(input.id, "BOUT.Card.Roll.Pulse.infection", { chance }), () => rollOne(dice, 100));
  const infected = roll <= chance;
  markLookup(dice, 100, [roll], infected ? "BOUT.Card.Die.Row.infected" : "BOUT.Card.Die.Row.clean");
  return ok({ result: { roll, chance, infected }, events: [pulseEvent(infected ? "Infected" : "NotInfected", { roll, chance })] });
}

/**
 * [24] each day: d100 under the starting Endurance heals the infection;
 * otherwise it does D-5 Endurance damage (at least 1).
 */
export function resolveInfectionDay(
  input: { readonly endurance: number; readonly enduranceNow: number; readonly id?: string },
  dice: Dice,
): Outcome<{ result: { roll: number; healed: boolean; damage: number; enduranceNow: number }; events: PulseEvent[] }> {
  const bad = checkWholeFields({ endurance: [input.endurance, 1, 1000], enduranceNow: [input.enduranceNow, 0, 1000] });
  if (bad && !bad.ok) return bad;
  const roll = labelled(dice, () => said(input.id, "BOUT.Card.Roll.Pulse.infectionDay", { endurance: input.endurance }), () => rollOne(dice, 100));
  markLookup(dice, 100, [roll], roll < input.endurance ? "BOUT.Card.Die.Row.heals" : "BOUT.Card.Die.Row.festers");
  if (roll < input.endurance) {
    return ok({ result: { roll, healed: true, damage: 0, enduranceNow: input.enduranceNow }, events: [pulseEvent("InfectionHealed", { roll })] });
  }
  const damage = labelled(dice, () => said(input.id, "BOUT.Card.Roll.Pulse.fever"), () => rollDMinus(dice, 5)).total;
  const enduranceNow = Math.max(0, input.enduranceNow - damage);
  return ok({ result: { roll, healed: false, damage, enduranceNow }, events: [pulseEvent("InfectionWorsens", { roll, damage, enduranceNow })] });
}

/** Exact chance that a day's roll heals (d100 strictly under starting EN). */
export const infectionHealOdds = (endurance: number) => Math.min(100, Math.max(0, endurance - 1)) / 100;

/** [20.3] poison works only through at least 1 point of effective damage, and is then used up. */
export const poisonTakes = (effectiveDamage: number) => effectiveDamage >= 1;
