/**
 * [18.4] damage from magic: a spell of pure magical energy goes through armour;
 * a monster's breath weapon counts as magic too, but its target first rolls a
 * passive resistance (d100 at most the chance the GM gives, from the group's
 * book), and a success halves the damage, rounded down. The damage then falls
 * as any other [18]-[19]: Fatigue first, never both; a stun calls for the
 * dropped-weapon check.
 */
import { labelled, said, type Dice } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { mishapTarget, rollCheck, type CheckResult } from "./checks";
import { validateDamage, type DamageResult, type DamageTarget } from "./damage";
import { resolveMagicDamage } from "./wounds";
import { pulseEvent, type PulseEvent, type Term } from "./events";
import { checkWholeFields } from "./refusals";

export const MAGIC_KINDS = ["spell", "breath"] as const;
export type MagicKind = (typeof MAGIC_KINDS)[number];

export interface MagicAttackInput {
  readonly kind: MagicKind;
  /** The damage die read as D+n. */
  readonly dieModifier: number;
  readonly modifiers: readonly Term[];
  /** Breath only: the target's passive resistance chance in percent. */
  readonly resistChance: number;
  readonly target: DamageTarget & { readonly modMD: number; readonly id?: string };
  /** The caster (a fighter reference), to name the damage die on the card. */
  readonly casterId?: string;
}

export interface MagicAttackResult {
  readonly resist: CheckResult | null;
  readonly damage: DamageResult;
  readonly stunDropCheck: CheckResult | null;
}

export function resolveMagicAttack(input: MagicAttackInput, dice: Dice): Outcome<{ result: MagicAttackResult; events: PulseEvent[] }> {
  // Everything is checked before any die is drawn, so a refusal rolls nothing (resolveMagicDamage checks its part again).
  const bad =
    checkWholeFields({ resistChance: [input.resistChance, 0, 100], modMD: [input.target.modMD, 0, 100] }) ??
    validateDamage({ dieModifier: input.dieModifier, modifiers: input.modifiers, protection: 0, ignoreArmour: true, toEndurance: false, halved: false, target: input.target });
  if (bad && !bad.ok) return bad;
  const events: PulseEvent[] = [];
  let resist: CheckResult | null = null;
  if (input.kind === "breath") {
    resist = labelled(dice, () => said(input.target.id, "BOUT.Card.Roll.Pulse.resist", { target: input.resistChance }), () => rollCheck(dice, input.resistChance));
    events.push(pulseEvent(resist.success ? "ResistPassed" : "ResistFailed", { roll: resist.roll, target: resist.target }));
  }
  const rolled = labelled(dice, () => said(input.casterId, "BOUT.Card.Roll.Pulse.damage"), () => resolveMagicDamage({ dieModifier: input.dieModifier, modifiers: input.modifiers, resisted: Boolean(resist?.success), target: input.target }, dice));
  if (!rolled.ok) return rolled;
  const damage = rolled.value.result;
  events.push(...rolled.value.events);
  let stunDropCheck: CheckResult | null = null;
  if (damage.stun && damage.state !== "dead") {
    stunDropCheck = labelled(dice, () => said(input.target.id, "BOUT.Card.Roll.Pulse.stunDrop", { target: mishapTarget(input.target.modMD) }), () => rollCheck(dice, mishapTarget(input.target.modMD)));
    events.push(pulseEvent(stunDropCheck.success ? "StunKeptWeapon" : "StunDroppedWeapon", { roll: stunDropCheck.roll, target: stunDropCheck.target }));
  }
  return ok({ result: { resist, damage, stunDropCheck }, events });
}
