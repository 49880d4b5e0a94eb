/**
 * Tests and Opposed Tests ("Attacking", "Criticals and Fumbles"): a d100 under
 * the target, Success Levels from the tens digits, a double on a success is a
 * critical and on a failure a fumble.
 */
import { DOUBLES_RULE, labelled, markD100, percentileTest, rollOne, said, signedSl, type Dice, type PercentileTest } from "../../dice";
import { event, type OpposedEvent } from "./events";
import { PASSED, ok, type Outcome } from "../../outcome";
import { checkFigure, opposedRefuse, passesFigure } from "./refusals";
import { DEFAULT_DIFFICULTY, DIFFICULTIES, type Difficulty } from "./tables";

export interface TestInput {
  /** Characteristic or skill. */
  readonly target: number;
  readonly difficulty?: Difficulty;
  /** Anything else: +20 for a Prepared defence, +20 against the Surprised, Oops penalties ... */
  readonly modifier?: number;
  /** The skill's name (or a lang key) for the card's dice row; the rule does not read it. */
  readonly skill?: string;
}

/** The final target: base, plus difficulty, plus modifiers. */
export function finalTarget(input: TestInput): number {
  return input.target + DIFFICULTIES[input.difficulty ?? DEFAULT_DIFFICULTY] + (input.modifier ?? 0);
}

export function checkTest(input: TestInput, field: string): Outcome<true> {
  // The field names are built only for a refusal: the duel loops check every test.
  if (!passesFigure(input.target, -200, 300)) return checkFigure(`${field}.target`, input.target, -200, 300) ?? PASSED;
  if (input.modifier !== undefined && !passesFigure(input.modifier, -200, 300)) return checkFigure(`${field}.modifier`, input.modifier, -200, 300) ?? PASSED;
  if (input.difficulty !== undefined && !Object.prototype.hasOwnProperty.call(DIFFICULTIES, input.difficulty)) return opposedRefuse("badChoice", { field: `${field}.difficulty` });
  return PASSED;
}

/** Reads a test from its d100 roll. */
export function readTest(roll: number, input: TestInput): PercentileTest {
  return percentileTest(roll, finalTarget(input), DOUBLES_RULE);
}

/**
 * Rolls a test and marks its d100 with the success and SL read from it (for the
 * card's dice), named as `key` for `who` (its target and the input's skill name as values).
 */
export function rollTest(input: TestInput, dice: Dice, who = "", key = "BOUT.Card.Roll.Opposed.test"): PercentileTest {
  const test = readTest(labelled(dice, () => said(who, key, { target: finalTarget(input), skill: input.skill ?? "" }), () => rollOne(dice, 100)), input);
  markD100(dice, test);
  return test;
}

/** Who wins an opposed test when both sides score the same SL. */
export const OPPOSED_TIES = ["higherTarget", "attacker", "defender"] as const;
export type OpposedTie = (typeof OPPOSED_TIES)[number];
/** Ours: the seed leaves ties open; the higher target wins, then the attacker. */
export const DEFAULT_OPPOSED_TIE: OpposedTie = "higherTarget";

/** The world's tie rule from a setting or a form: one of the three, else refused. */
export function readOpposedTie(raw: unknown): Outcome<OpposedTie> {
  return (OPPOSED_TIES as readonly unknown[]).includes(raw) ? ok(raw as OpposedTie) : opposedRefuse("badChoice", { field: "tie" });
}

export interface OpposedOutcome {
  readonly winner: "attacker" | "defender";
  /** Attacker SL minus defender SL: what a hit adds to the weapon's Damage. */
  readonly sl: number;
}

/**
 * Whether test `a` scores above test `b`: more Success Levels, or the same
 * number with a success against a failure (a failure at SL 0 is "-0", below a
 * success's "+0").
 */
export function outscores(a: PercentileTest, b: PercentileTest): boolean {
  return a.sl > b.sl || (a.sl === b.sl && a.success && !b.success);
}

/**
 * Compares two tests: the higher SL wins, a success over a failure at SL 0. The
 * seed does not settle ties: by our default reading the higher target wins, then
 * the attacker; a GM may choose.
 */
export function compareOpposed(attacker: PercentileTest, defender: PercentileTest | null, tie: OpposedTie = DEFAULT_OPPOSED_TIE): OpposedOutcome {
  if (!defender) return { winner: attacker.success ? "attacker" : "defender", sl: attacker.sl };
  const sl = attacker.sl - defender.sl;
  if (outscores(attacker, defender)) return { winner: "attacker", sl };
  if (outscores(defender, attacker)) return { winner: "defender", sl };
  if (tie === "attacker") return { winner: "attacker", sl };
  if (tie === "defender") return { winner: "defender", sl };
  return { winner: defender.target > attacker.target ? "defender" : "attacker", sl };
}

/** A test's line on a card: who rolled what against which target, and the Success Levels signed (a failure at 0 is "-0"). */
export function testEvent(who: string, t: PercentileTest): OpposedEvent {
  return event("test", { who, roll: t.roll, target: t.target, sl: signedSl(t.sl, t.success), success: t.success });
}
