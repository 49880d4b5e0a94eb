/**
 * One attack from declaration to effects, as the shell calls it from a dialog:
 * the Strike Check [17], the parry if the defender may and wants to [17.4], the
 * weapon-risk check [17.3], the damage [18]-[20] and the attack type's effect
 * [16.5]. Plain input, a Dice source, plain result and events.
 */
import { labelled, rollOne, said, type Dice } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { POISON_CHECKS_PER_ATTACK } from "./after-combat";
import { fallTarget, mishapTarget, rollCheck, type CheckResult } from "./checks";
import { applyEffectiveDamage, readDamage, validateDamageFigures, type DamageResult, type DamageTarget } from "./damage";
import { pulseEvent, type PulseEvent, type Term } from "./events";
import { rollParry, type ParryResult } from "./parry";
import { checkWholeField } from "./refusals";
import { attackKindAllowed, DEFAULT_SPECIAL_ATTACKS, knockoutMinutes, type SpecialAttackContext, type SpecialAttackRule, type AttackKind } from "./special-attacks";
import { resolveStrike, type StrikeInput, type StrikeResult } from "./strike";

export interface AttackInput extends StrikeInput {
  /** Checked with specialAttackAllowed before anything is rolled. */
  readonly context: Omit<SpecialAttackContext, "kind">;
  /** breakageAdded: [18.5] the strength damage bonus makes a 99 likelier to break the weapon (6 per +1 off the save, our reading). */
  /** `id`s: the fighters (references), to name their dice on the card. */
  readonly attacker: { readonly id?: string; readonly modMD: number; readonly weaponRank: number; readonly breakageAdded?: number };
  readonly defender: DamageTarget & {
    readonly id?: string;
    readonly modAG: number;
    /** For the dropped-weapon check when this blow stuns him [19]. */
    readonly modMD: number;
    readonly evading: boolean;
    /** The defender's rank with the weapon he would parry with; null: he does not parry. */
    readonly parryRank: number | null;
    readonly protection: number;
  };
  /** The weapon's D+n (entangle, trip and shield rush use their own). */
  readonly dieModifier: number;
  /** PS shortfall, optional bonuses, GM: added to the damage check. */
  readonly damageModifiers: readonly Term[];
  /**
   * [20.3] the weapon carries poison (class A or B): the wielder handles it to
   * make ready and to put away, a check each (d100 at most this target); null
   * for an Assassin, who handles it without risk.
   */
  readonly poison?: { readonly handlingTarget: number | null };
  /** [16.5] the GM rolls a knockout's minutes apart, in secret: none is drawn here. */
  readonly secretKnockout?: boolean;
  /** The figure struck stood in the missile's way ([17.6]): its strike row names it. */
  readonly inTheWay?: boolean;
}

export interface AttackResult {
  readonly strike: StrikeResult;
  readonly parry: ParryResult | null;
  readonly weaponCheck: CheckResult | null;
  readonly damage: DamageResult | null;
  readonly fall: CheckResult | null;
  /** Knockout: minutes out (the GM's secret roll). */
  readonly knockoutMinutes: number | null;
  /** Restrain: the target is held until someone does the attacker 1 effective damage. */
  readonly restrained: boolean;
  /** Disarm: the target drops one item of the attacker's choice. */
  readonly disarmed: boolean;
  /** Stunned by this blow: the target must check for a dropped weapon [19]. */
  readonly stunDropCheck: CheckResult | null;
  /** [20.3] the wielder's handling checks with a poisoned weapon, rolled before the blow; a failure is a nick. */
  readonly poisonChecks: readonly CheckResult[];
}

/** The attack's own figures and its damage's, field by field in a fixed order, building nothing unless one is refused. */
export function checkAttackFigures(input: AttackInput): Outcome<true> | null {
  const d = input.defender;
  return (
    checkWholeField("parryRank", d.parryRank ?? 0, 0, 10) ??
    checkWholeField("weaponRank", input.attacker.weaponRank, 0, 10) ??
    checkWholeField("modAG", d.modAG, 0, 100) ??
    checkWholeField("modMD", d.modMD, 0, 100) ??
    checkWholeField("dieModifier", input.dieModifier, -20, 50) ??
    validateDamageFigures(input.dieModifier, input.damageModifiers, d.protection, d)
  );
}

export function resolveAttack(
  input: AttackInput,
  dice: Dice,
  rules: Readonly<Record<AttackKind, SpecialAttackRule>> = DEFAULT_SPECIAL_ATTACKS,
): Outcome<{ result: AttackResult; events: PulseEvent[] }> {
  const allowed = attackKindAllowed(input.context, input.attack, rules);
  if (!allowed.ok) return allowed;
  const bad = checkAttackFigures(input);
  if (bad && !bad.ok) return bad;
  const d = input.defender;
  const a = input.attacker.id;

  const events: PulseEvent[] = [];
  const poisonChecks: CheckResult[] = [];
  const handling = input.poison?.handlingTarget;
  if (handling !== undefined && handling !== null) {
    const badTarget = checkWholeField("poisonHandling", handling, 0, 300);
    if (badTarget && !badTarget.ok) return badTarget;
    for (let i = 0; i < POISON_CHECKS_PER_ATTACK; i++) {
      const check = labelled(dice, () => said(a, "BOUT.Card.Roll.Pulse.poison", { target: handling }), () => rollCheck(dice, handling));
      poisonChecks.push(check);
      events.push(pulseEvent(check.success ? "PoisonHandlingPassed" : "PoisonHandlingFailed", { roll: check.roll, target: check.target }));
    }
  }

  const struck = labelled(
    dice,
    (s) => (input.inTheWay ? said(a, "BOUT.Card.Roll.Pulse.strikeInTheWay", { whom: d.id ?? "", chance: s.ok ? s.value.result.modSC : 0 }) : said(a, "BOUT.Card.Roll.Pulse.strike", { chance: s.ok ? s.value.result.modSC : 0 })),
    () => resolveStrike({ ...input, evading: d.evading }, dice, rules),
  );
  if (!struck.ok) return struck;
  const strike = struck.value.result;
  events.push(...struck.value.events);
  const rule = rules[input.attack];

  let weaponCheck: CheckResult | null = null;
  if (strike.risk) {
    const harder = strike.risk === "break" ? (input.attacker.breakageAdded ?? 0) : 0;
    const target = mishapTarget(input.attacker.modMD) - harder;
    weaponCheck = labelled(dice, () => said(a, strike.risk === "break" ? "BOUT.Card.Roll.Pulse.weaponBreaks" : "BOUT.Card.Roll.Pulse.weaponDrops", { target }), () => rollCheck(dice, target));
    events.push(pulseEvent(weaponCheck.success ? "WeaponSaved" : strike.risk === "break" ? "WeaponBroken" : "WeaponDropped", { roll: weaponCheck.roll, target: weaponCheck.target }));
  }

  let parry: ParryResult | null = null;
  if (strike.parryOpen && d.parryRank !== null) {
    const rank = d.parryRank;
    parry = labelled(dice, () => said(d.id, "BOUT.Card.Roll.Pulse.parry"), () => rollParry(dice, rank, input.attacker.weaponRank));
    events.push(pulseEvent(parry.outcome === "parry" ? "Parried" : parry.outcome === "disarm" ? "ParryDisarm" : "Riposte", { roll: parry.roll, total: parry.total }));
  }

  let damage: DamageResult | null = null;
  let fall: CheckResult | null = null;
  let minutes: number | null = null;
  let stunDropCheck: CheckResult | null = null;
  if (strike.hit) {
    const dieModifier = rule.damage ?? input.dieModifier;
    if (rule.fixedEnduranceDamage !== null) {
      // Disarm: a fixed point of Endurance, no die.
      const effective = rule.fixedEnduranceDamage;
      damage = { roll: 0, check: effective, terms: [], effective, ...applyEffectiveDamage(effective, d, true) };
    } else if (input.attack !== "knockout" && input.attack !== "restrain") {
      damage = readDamage(labelled(dice, () => said(a, "BOUT.Card.Roll.Pulse.damage"), () => rollOne(dice, 10)), {
        dieModifier,
        modifiers: input.damageModifiers,
        protection: d.protection,
        ignoreArmour: strike.toEndurance,
        toEndurance: strike.toEndurance,
        halved: false,
        target: d,
      });
    }
    if (damage) {
      events.push(pulseEvent(damage.pool === "fatigue" ? "DamageFatigue" : "DamageEndurance", { damage: damage.effective, fatigueNow: damage.fatigueNow, enduranceNow: damage.enduranceNow }));
      if (damage.state === "unconscious") events.push(pulseEvent("Unconscious"));
      if (damage.state === "dead") events.push(pulseEvent("Dead"));
      if (damage.stun && damage.state !== "dead") {
        events.push(pulseEvent("Stunned"));
        stunDropCheck = labelled(dice, () => said(d.id, "BOUT.Card.Roll.Pulse.stunDrop", { target: mishapTarget(d.modMD) }), () => rollCheck(dice, mishapTarget(d.modMD)));
        events.push(pulseEvent(stunDropCheck.success ? "StunKeptWeapon" : "StunDroppedWeapon", { roll: stunDropCheck.roll, target: stunDropCheck.target }));
      }
    }
    if (rule.fallCheck) {
      fall = labelled(dice, () => said(d.id, "BOUT.Card.Roll.Pulse.fall", { target: fallTarget(d.modAG) }), () => rollCheck(dice, fallTarget(d.modAG)));
      events.push(pulseEvent(fall.success ? "FallPassed" : "FallFailed", { roll: fall.roll, target: fall.target }));
    }
    if (input.attack === "knockout" && input.secretKnockout) events.push(pulseEvent("KnockedOutSecret"));
    else if (input.attack === "knockout") {
      minutes = knockoutMinutes(labelled(dice, () => said(d.id, "BOUT.Card.Roll.Pulse.knockout"), () => rollOne(dice, 10)));
      events.push(pulseEvent("KnockedOut", { minutes }));
    }
    if (input.attack === "restrain") events.push(pulseEvent("Restrained"));
    if (input.attack === "disarm") events.push(pulseEvent("Disarmed"));
  }
  return ok({
    result: {
      strike,
      parry,
      weaponCheck,
      damage,
      fall,
      knockoutMinutes: minutes,
      restrained: strike.hit && input.attack === "restrain",
      disarmed: strike.hit && input.attack === "disarm",
      stunDropCheck,
      poisonChecks,
    },
    events,
  });
}
