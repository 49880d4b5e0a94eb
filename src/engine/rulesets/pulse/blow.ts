/**
 * A blow's arithmetic without a card: what resolveAttack (./attack.ts) works out
 * for a plain attack — its checks, the Strike Check [17.1], the weapon's save at
 * 99/100 [17.3], the parry [17.4], the damage [18] and its effects [19] — drawing
 * the same dice in the same order, but naming and marking none of them and
 * building nothing: the result goes into a record the caller keeps. The duel
 * loops (src/engine/duel/pulse.ts) play millions of blows with a seeded source
 * that keeps no log (issue 35); a card's attack goes through resolveAttack.
 * Anything but the plain attack (a special attack, poison, a group's plain attack
 * with a fixed damage or a fall check) is resolved by resolveAttack and copied.
 */
import { rollOne, type Dice } from "../../dice";
import type { Refusal } from "../../outcome";
import { resolveAttack, checkAttackFigures, type AttackInput, type AttackResult } from "./attack";
import { checkPasses, mishapTarget } from "./checks";
import { applyEffectiveDamageTo, damageCheck, effectiveDamage, stunTakesHold, vitalState, type DamageEffect } from "./damage";
import { parryOutcome, parryTotal, type ParryOutcome } from "./parry";
import { attackKindAllowed, DEFAULT_SPECIAL_ATTACKS, type AttackKind, type SpecialAttackRule } from "./special-attacks";
import { modifiedStrikeChance, parryOpens, strikeGrade, validateStrike, weaponRisk } from "./strike";

/** What one blow did. Fields past `refused` hold nothing when it is set; the damage's, when `damaged` is false, are the target's pools and state as they were. */
export interface BlowResult extends DamageEffect {
  /** The blow was refused (bad figures, an attack not open): no die was rolled. */
  refused: Refusal | null;
  roll: number;
  modSC: number;
  hit: boolean;
  /** The weapon's save at 99 or 100 ([17.3]): null when the roll put it at no risk. */
  weaponSaved: boolean | null;
  /** The defender's parry ([17.4]), null when none was rolled. */
  parry: ParryOutcome | null;
  /** Damage was dealt (its figures are in the DamageEffect fields). */
  damaged: boolean;
  effective: number;
  /** The stunned defender's check to keep his weapon ([19]), null when none was rolled. */
  stunDropSaved: boolean | null;
}

/** A result record to keep and hand to strikeBlow again and again. */
export function blowResult(): BlowResult {
  return { refused: null, roll: 0, modSC: 0, hit: false, weaponSaved: null, parry: null, damaged: false, effective: 0, stunDropSaved: null, pool: "fatigue", fatigueNow: 0, enduranceNow: 0, stun: false, state: "fine" };
}

function refused(out: BlowResult, refusal: Refusal): BlowResult {
  out.refused = refusal;
  return out;
}

/** resolveAttack's result, copied into the record. */
function copied(resolved: ReturnType<typeof resolveAttack>, input: AttackInput, out: BlowResult): BlowResult {
  if (!resolved.ok) return refused(out, resolved.refusal);
  const r: AttackResult = resolved.value.result;
  out.refused = null;
  out.roll = r.strike.roll;
  out.modSC = r.strike.modSC;
  out.hit = r.strike.hit;
  out.weaponSaved = r.weaponCheck ? r.weaponCheck.success : null;
  out.parry = r.parry ? r.parry.outcome : null;
  out.damaged = r.damage !== null;
  out.effective = r.damage ? r.damage.effective : 0;
  out.stunDropSaved = r.stunDropCheck ? r.stunDropCheck.success : null;
  out.pool = r.damage ? r.damage.pool : "fatigue";
  out.fatigueNow = r.damage ? r.damage.fatigueNow : input.defender.fatigueNow;
  out.enduranceNow = r.damage ? r.damage.enduranceNow : input.defender.enduranceNow;
  out.stun = r.damage ? r.damage.stun : false;
  out.state = r.damage ? r.damage.state : vitalState(input.defender.enduranceNow, input.defender);
  return out;
}

/** Whether resolveAttack alone handles this attack (it is not the plain one this file works out). */
function notPlain(input: AttackInput, rule: SpecialAttackRule): boolean {
  return input.attack !== "normal" || (input.poison !== undefined && input.poison.handlingTarget !== null) || rule.fixedEnduranceDamage !== null || rule.fallCheck;
}

/** resolveAttack's checks of a plain attack, in its order, before any die: the refusal, or null. Builds nothing when they pass. */
export function checkBlow(input: AttackInput, rules: Readonly<Record<AttackKind, SpecialAttackRule>> = DEFAULT_SPECIAL_ATTACKS): Refusal | null {
  const allowed = attackKindAllowed(input.context, input.attack, rules);
  if (!allowed.ok) return allowed.refusal;
  const bad = checkAttackFigures(input) ?? validateStrike(input);
  return bad && !bad.ok ? bad.refusal : null;
}

/**
 * One attack as resolveAttack resolves it, into `out` (returned). The same checks
 * refuse it, the same dice are drawn in the same order, and the figures it reports
 * are resolveAttack's (test/engine/rulesets/pulse/blow.test.ts compares them).
 * `checked`: the caller has passed this input through checkBlow and changed it
 * since only in what cannot leave the limits (the defender's pools as this function
 * left them, and values it checked as well), so the checks are not made again.
 */
export function strikeBlow(input: AttackInput, dice: Dice, out: BlowResult, rules: Readonly<Record<AttackKind, SpecialAttackRule>> = DEFAULT_SPECIAL_ATTACKS, checked = false): BlowResult {
  const rule = rules[input.attack];
  if (notPlain(input, rule)) return copied(resolveAttack(input, dice, rules), input, out);
  if (!checked) {
    const bad = checkBlow(input, rules);
    if (bad !== null) return refused(out, bad);
  }
  const d = input.defender;
  out.refused = null;
  const modSC = modifiedStrikeChance(input, rules);
  const roll = rollOne(dice, 100);
  const grade = strikeGrade(roll, modSC);
  const hit = grade !== "miss";
  const toEndurance = grade === "grievous" || grade === "endurance";
  out.roll = roll;
  out.modSC = modSC;
  out.hit = hit;
  const risk = weaponRisk(roll);
  out.weaponSaved = null;
  if (risk !== null) {
    const harder = risk === "break" ? (input.attacker.breakageAdded ?? 0) : 0;
    out.weaponSaved = checkPasses(rollOne(dice, 100), mishapTarget(input.attacker.modMD) - harder);
  }
  out.parry = null;
  if (!hit && parryOpens(roll, modSC, d.evading) && d.parryRank !== null) out.parry = parryOutcome(parryTotal(rollOne(dice, 10), d.parryRank, input.attacker.weaponRank));
  out.damaged = hit;
  out.stunDropSaved = null;
  if (!hit) {
    out.effective = 0;
    out.pool = "fatigue";
    out.fatigueNow = d.fatigueNow;
    out.enduranceNow = d.enduranceNow;
    out.stun = false;
    out.state = vitalState(d.enduranceNow, d);
    return out;
  }
  const check = damageCheck(rollOne(dice, 10), rule.damage ?? input.dieModifier, input.damageModifiers);
  out.effective = effectiveDamage(check, d.protection, toEndurance, false);
  applyEffectiveDamageTo(out.effective, d, toEndurance, out);
  if (stunTakesHold(out)) out.stunDropSaved = checkPasses(rollOne(dice, 100), mishapTarget(d.modMD));
  return out;
}
