/**
 * Skill checks in this ruleset: the linked attribute's dice against the skill's
 * TN (the seed's "AG/Ride check", "Tactics check", Sneak against Notice). One
 * success passes; contested checks compare successes.
 */
import { labelled, rollPool, said, type Dice, type PoolRoll } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { event, type Resolution } from "./events";
import { checkCount, checkWhole } from "./refusals";
import type { SteelActor, SteelSkill } from "./stats";

export interface SkillCheckInput {
  /** Who rolls (a fighter reference) and the skill's name (or a lang key), to name the roll on the card. */
  readonly id?: string;
  readonly skill?: string;
  readonly dice: number;
  readonly tn: number;
  /** Dice added (positive) or taken away (negative). */
  readonly bonusDice?: number;
  readonly tnModifier?: number;
}

/** The dice and TN of a skill for an actor. */
export function skillInput(actor: SteelActor, skill: SteelSkill): SkillCheckInput {
  return { dice: actor[skill.attribute], tn: skill.tn };
}

export function skillCheck(i: SkillCheckInput, dice: Dice): Outcome<Resolution<{ roll: PoolRoll; success: boolean }>> {
  const w = checkWhole({ tn: i.tn, bonusDice: i.bonusDice, tnModifier: i.tnModifier }, ["bonusDice", "tnModifier"]);
  if (!w.ok) return w;
  const c = checkCount(i.dice, "dice");
  if (!c.ok) return c;
  const tn = i.tn + (i.tnModifier ?? 0);
  const roll = labelled(dice, () => (i.skill ? said(i.id, "BOUT.Card.Roll.skill", { skill: i.skill, tn }) : said(i.id, "BOUT.Card.Roll.check", { tn })), () => rollPool(dice, Math.max(0, i.dice + (i.bonusDice ?? 0)), tn));
  const success = roll.successes > 0;
  return ok({ result: { roll, success }, events: [event(success ? "skillSuccess" : "skillFailure", { tn: roll.tn, successes: roll.successes })] });
}

/** Two checks against each other (opposing riders, Sneak against Notice); ties go to `first` unless told otherwise. */
export function contestedSkill(
  first: SkillCheckInput,
  second: SkillCheckInput,
  dice: Dice,
  tie: "first" | "second" | "none" = "first",
): Outcome<Resolution<{ first: PoolRoll; second: PoolRoll; winner: "first" | "second" | "tie"; margin: number }>> {
  const a = skillCheck(first, dice);
  if (!a.ok) return a;
  const b = skillCheck(second, dice);
  if (!b.ok) return b;
  const d = a.value.result.roll.successes - b.value.result.roll.successes;
  const winner = d > 0 ? "first" : d < 0 ? "second" : tie === "none" ? "tie" : tie;
  return ok({
    result: { first: a.value.result.roll, second: b.value.result.roll, winner, margin: Math.abs(d) },
    events: [event("contest", { first: a.value.result.roll.successes, second: b.value.result.roll.successes, winner })],
  });
}
