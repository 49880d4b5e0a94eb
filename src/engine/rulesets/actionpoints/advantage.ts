/**
 * Combat Advantages (section VI) and the checks that criticals call for
 * (section VII). An advantage is optional and costs Fatigue Points.
 */
import { rollOne, type Dice, type PercentileCriticalRule } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { event, type Resolution } from "./events";
import { readRoll, succeeded, type Roll } from "./levels";
import { apRefuse, checkFigures } from "./refusals";
import { DEFAULT_ADVANTAGE_FATIGUE } from "./tables";
import type { Defence } from "./attack";

export type AdvantageKind = keyof typeof DEFAULT_ADVANTAGE_FATIGUE;

/** Which advantages a successful defence opens (shield bash after a block; disarm or riposte after a parry; an attack after a dodge). */
export function advantagesFor(defence: Defence): AdvantageKind[] {
  switch (defence) {
    case "activeShield":
      return ["shieldBash"];
    case "activeParry":
      return ["disarm", "riposte"];
    case "dodge":
      return ["dodgeAttack"];
    default:
      return [];
  }
}

export interface AdvantageInput {
  readonly kind: AdvantageKind;
  readonly defence: Defence;
  /** The defence was a critical success: +10% to the bonus roll. */
  readonly defenceCritical: boolean;
  /** The defender's TSC% for the bonus roll (Shield Play or the weapon). */
  readonly tsc: number;
  /** For a disarm: the attacker's STR check target and the defender's PSF%. */
  readonly attackerStrTarget?: number;
  readonly defenderPsf?: number;
  readonly fatigueNow: number;
  readonly rule?: PercentileCriticalRule;
}

export interface AdvantageResult {
  readonly fatigueCost: number;
  readonly fatigueNow: number;
  readonly roll: Roll;
  /** For attacks (bash, riposte, dodge attack): the blow lands; for a disarm: the attacker loses the weapon. */
  readonly success: boolean;
}

export function resolveAdvantage(input: AdvantageInput, dice: Dice): Outcome<Resolution<AdvantageResult>> {
  if (!advantagesFor(input.defence).includes(input.kind)) return apRefuse("notAllowed", { field: input.kind });
  const f = checkFigures({ tsc: input.tsc, fatigueNow: input.fatigueNow, attackerStrTarget: input.attackerStrTarget, defenderPsf: input.defenderPsf }, -1000, 1000, ["attackerStrTarget", "defenderPsf"]);
  if (!f.ok) return f;
  const fatigueCost = DEFAULT_ADVANTAGE_FATIGUE[input.kind];
  if (input.fatigueNow < fatigueCost) return apRefuse("outOfRange", { field: "fatigueNow", value: input.fatigueNow, min: fatigueCost, max: 1000 });
  const roll100 = rollOne(dice, 100);
  let roll: Roll;
  let success: boolean;
  if (input.kind === "disarm") {
    // The attacker checks STR, less the defender's PSF%, to keep hold of the weapon.
    roll = readRoll(roll100, (input.attackerStrTarget ?? 0) - (input.defenderPsf ?? 0), input.rule);
    success = !succeeded(roll.level);
  } else {
    roll = readRoll(roll100, input.tsc + (input.defenceCritical ? 10 : 0), input.rule);
    success = succeeded(roll.level);
  }
  const fatigueNow = input.fatigueNow - fatigueCost;
  return ok({ result: { fatigueCost, fatigueNow, roll, success }, events: [event("advantage", { kind: input.kind, roll: roll.roll, target: roll.target, success, fatigueCost })] });
}

/** An Agility roll after a critical failure (to keep hold of a weapon or shield, or to stay on one's feet). The seed does not say how: the GM sets the target. */
export function agilityCheck(target: number, dice: Dice, rule?: PercentileCriticalRule): Outcome<Resolution<{ roll: Roll; kept: boolean }>> {
  const f = checkFigures({ target }, -1000, 1000);
  if (!f.ok) return f;
  const roll = readRoll(rollOne(dice, 100), target, rule);
  return ok({ result: { roll, kept: succeeded(roll.level) }, events: [event("dropCheck", { roll: roll.roll, target, kept: succeeded(roll.level) })] });
}
