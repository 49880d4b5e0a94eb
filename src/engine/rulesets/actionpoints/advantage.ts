/**
 * Combat Advantages (section VI) and the checks that criticals call for
 * (section VII). An advantage is optional and costs Fatigue Points.
 */
import { labelled, rollOne, said, type Dice, type PercentileCriticalRule } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { event, type Resolution } from "./events";
import { markRoll, readRoll, succeeded, type Roll } from "./levels";
import { apRefuse, checkFigures } from "./refusals";
import { DEFAULT_ADVANTAGE_FATIGUE } from "./tables";
import { mayPayFatigue, resolveAttack, type AttackInput, type AttackResult, type Classification, type Defence } from "./attack";

export type AdvantageKind = keyof typeof DEFAULT_ADVANTAGE_FATIGUE;
/** The advantages that are a blow of one's own (all but the disarm). */
export const ATTACK_ADVANTAGES: readonly AdvantageKind[] = ["shieldBash", "riposte", "dodgeAttack", "bonusAttack"];

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

/**
 * The advantages open after an exchange. A defence that beats the attack opens
 * the ones its kind allows; a passive defence only does so against an
 * attacker's critical failure, and that opens a plain bonus attack (VII.a.ii).
 */
export function advantageOptions(c: Pick<Classification, "advantage">, defence: Defence): AdvantageKind[] {
  if (!c.advantage) return [];
  if (defence === "passiveShield" || defence === "passiveParry") return ["bonusAttack"];
  return advantagesFor(defence);
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
  /** Table 7.3 as the world has it; ours by default. */
  readonly fatigueCosts?: Readonly<Record<AdvantageKind, number>>;
  /** Who takes it, and who it is taken against, for the card. */
  readonly who?: string;
  readonly victim?: string;
}

export interface AdvantageResult {
  readonly fatigueCost: number;
  readonly fatigueNow: number;
  readonly roll: Roll;
  /** For attacks (bash, riposte, dodge attack): the blow lands; for a disarm: the attacker loses the weapon. */
  readonly success: boolean;
}

export function resolveAdvantage(input: AdvantageInput, dice: Dice): Outcome<Resolution<AdvantageResult>> {
  if (!advantagesFor(input.defence).includes(input.kind) && !(input.kind === "bonusAttack" && input.defence !== "none")) return apRefuse("notAllowed", { field: input.kind });
  const f = checkFigures({ tsc: input.tsc, fatigueNow: input.fatigueNow, attackerStrTarget: input.attackerStrTarget, defenderPsf: input.defenderPsf }, -1000, 1000, ["attackerStrTarget", "defenderPsf"]);
  if (!f.ok) return f;
  const fatigueCost = (input.fatigueCosts ?? DEFAULT_ADVANTAGE_FATIGUE)[input.kind];
  if (!mayPayFatigue(fatigueCost, input.fatigueNow)) return apRefuse("outOfRange", { field: "fatigueNow", value: input.fatigueNow, min: fatigueCost, max: 1000 });
  // A disarm is the victim's STR check, less the taker's PSF%, to keep hold of the weapon; any other advantage, the taker's roll.
  const target = input.kind === "disarm" ? (input.attackerStrTarget ?? 0) - (input.defenderPsf ?? 0) : input.tsc + (input.defenceCritical ? 10 : 0);
  const label = input.kind === "disarm" ? said(input.victim, "BOUT.Card.Roll.ActionPoints.keepWeapon", { target }) : said(input.who, `BOUT.Card.Roll.ActionPoints.Blow.${input.kind}`, { target });
  const roll = readRoll(labelled(dice, label, () => rollOne(dice, 100)), target, input.rule);
  const success = input.kind === "disarm" ? !succeeded(roll.level) : succeeded(roll.level);
  markRoll(dice, roll);
  const fatigueNow = input.fatigueNow - fatigueCost;
  return ok({ result: { fatigueCost, fatigueNow, roll, success }, events: [
      event("advantageTaken", { who: input.who ?? "", kind: input.kind, fatigueCost, bonus: input.defenceCritical && input.kind !== "disarm" ? 10 : 0 }),
      input.kind === "disarm" ? event("disarm", { roll: roll.roll, target: roll.target, kept: !success }) : event("advantageRoll", { roll: roll.roll, target: roll.target, success }),
      ...(input.kind === "disarm" && success ? [event("drops", { who: input.victim ?? "", what: "weapon" })] : []),
    ] });
}

export interface AdvantageAttackInput {
  readonly kind: AdvantageKind;
  /** The defence that opened the advantage. */
  readonly defence: Defence;
  /** That defence was a critical success: +10% to the blow (VI.a, c, d; not the bonus attack of VII.a.ii). */
  readonly defenceCritical: boolean;
  /** The taker's Fatigue before paying. */
  readonly fatigueNow: number;
  /** The blow: the taker as attacker (Shield Play or weapon figures), the first attacker as the one struck. */
  readonly attack: AttackInput;
  readonly fatigueCosts?: Readonly<Record<AdvantageKind, number>>;
}

/**
 * A shield bash, riposte, attack after a dodge, or the bonus attack after an
 * attacker's critical failure: paid in Fatigue, then resolved as an attack the
 * other side does not defend (it comes in the opening the defence made; our
 * reading, the seed speaks only of the roll against TSC%).
 */
export function resolveAdvantageAttack(input: AdvantageAttackInput, dice: Dice): Outcome<Resolution<{ fatigueCost: number; fatigueNow: number; attack: AttackResult }>> {
  if (!ATTACK_ADVANTAGES.includes(input.kind)) return apRefuse("badChoice", { field: input.kind });
  const allowed = input.kind === "bonusAttack" ? input.defence !== "none" : advantagesFor(input.defence).includes(input.kind);
  if (!allowed) return apRefuse("notAllowed", { field: input.kind });
  const f = checkFigures({ fatigueNow: input.fatigueNow }, 0, 1000);
  if (!f.ok) return f;
  const fatigueCost = (input.fatigueCosts ?? DEFAULT_ADVANTAGE_FATIGUE)[input.kind];
  if (!mayPayFatigue(fatigueCost, input.fatigueNow)) return apRefuse("outOfRange", { field: "fatigueNow", value: input.fatigueNow, min: fatigueCost, max: 1000 });
  const bonus = input.defenceCritical && input.kind !== "bonusAttack" ? 10 : 0;
  const a = input.attack;
  const blow: AttackInput = { ...a, attacker: { ...a.attacker, modifier: (a.attacker.modifier ?? 0) + bonus }, defender: { ...a.defender, defence: "none" }, blow: input.kind };
  const resolved = resolveAttack(blow, dice);
  if (!resolved.ok) return resolved;
  const fatigueNow = input.fatigueNow - fatigueCost;
  return ok({
    result: { fatigueCost, fatigueNow, attack: resolved.value.result },
    events: [event("advantageTaken", { who: a.attacker.id, kind: input.kind, fatigueCost, bonus }), ...resolved.value.events],
  });
}

/** An Agility roll after a critical failure (to keep hold of a weapon or shield, or to stay on one's feet). The seed does not say how: the GM sets the target. */
export function agilityCheck(target: number, dice: Dice, rule?: PercentileCriticalRule): Outcome<Resolution<{ roll: Roll; kept: boolean }>> {
  const f = checkFigures({ target }, -1000, 1000);
  if (!f.ok) return f;
  const roll = readRoll(rollOne(dice, 100), target, rule);
  markRoll(dice, roll);
  return ok({ result: { roll, kept: succeeded(roll.level) }, events: [event("dropCheck", { roll: roll.roll, target, kept: succeeded(roll.level) })] });
}
