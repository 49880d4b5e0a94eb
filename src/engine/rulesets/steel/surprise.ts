/**
 * Surprise and hesitation ("Surprise & Hesitation"). The surprise check is an
 * opposed skill roll (Sneak against Notice by default; the GM may swap skills).
 * The target then rolls Reflex against TN 7 + ambusher successes − own successes:
 * one success lets him defend only (an automatic white throw); none means he
 * cannot act at all for the exchange.
 */
import { labelled, rollPool, said, type Dice, type PoolRoll } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { event, type Resolution } from "./events";
import { checkCount, checkWhole } from "./refusals";

export interface SkillRollInput {
  /** Who rolls (a fighter reference), to name the roll on the card. */
  readonly id?: string;
  /** Attribute dice (plus any bonus). */
  readonly dice: number;
  /** The skill's TN, with GM modifiers. */
  readonly tn: number;
}

export interface SurpriseResult {
  readonly ambusher: PoolRoll;
  readonly target: PoolRoll;
}

export function surpriseCheck(ambusher: SkillRollInput, target: SkillRollInput, dice: Dice): Outcome<Resolution<SurpriseResult>> {
  for (const [f, v] of [
    ["ambusher", ambusher.dice],
    ["target", target.dice],
  ] as const) {
    const c = checkCount(v, f);
    if (!c.ok) return c;
  }
  const w = checkWhole({ ambusherTn: ambusher.tn, targetTn: target.tn });
  if (!w.ok) return w;
  const a = labelled(dice, () => said(ambusher.id, "BOUT.Card.Roll.ambush", { tn: ambusher.tn }), () => rollPool(dice, ambusher.dice, ambusher.tn));
  const t = labelled(dice, () => said(target.id, "BOUT.Card.Roll.notice", { tn: target.tn }), () => rollPool(dice, target.dice, target.tn));
  return ok({ result: { ambusher: a, target: t }, events: [event("surprise", { ambusher: a.successes, target: t.successes })] });
}

export const HESITATION_BASE_TN = 7;

export function hesitationTn(ambusherSuccesses: number, targetSuccesses: number, gmModifier = 0): number {
  return HESITATION_BASE_TN + ambusherSuccesses - targetSuccesses + gmModifier;
}

export type HesitationOutcome = "defendOnly" | "noAction";

export function hesitationRoll(
  input: { reflex: number; ambusherSuccesses: number; targetSuccesses: number; gmModifier?: number; id?: string },
  dice: Dice,
): Outcome<Resolution<{ tn: number; roll: PoolRoll; outcome: HesitationOutcome }>> {
  const w = checkWhole({ ambusherSuccesses: input.ambusherSuccesses, targetSuccesses: input.targetSuccesses, gmModifier: input.gmModifier }, ["gmModifier"]);
  if (!w.ok) return w;
  const c = checkCount(input.reflex, "reflex");
  if (!c.ok) return c;
  const tn = hesitationTn(input.ambusherSuccesses, input.targetSuccesses, input.gmModifier);
  const roll = labelled(dice, () => said(input.id, "BOUT.Card.Roll.hesitation", { tn }), () => rollPool(dice, input.reflex, tn));
  const outcome: HesitationOutcome = roll.successes > 0 ? "defendOnly" : "noAction";
  return ok({ result: { tn, roll, outcome }, events: [event(outcome, { tn, successes: roll.successes })] });
}
