/**
 * Moves and the tests that go with them ("Move"): Charge, Flee, Disengage, Run,
 * Leap, Fall and Climb, with the seed's numbers.
 */
import { labelled, rollOne, said, type Dice, type PercentileTest } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { hitLocation, woundsSuffered } from "./damage";
import { event, type OpposedEvent, type Resolution } from "./events";
import type { Hit } from "./melee";
import { resolveFumble, type FumbleOutcome } from "./oops";
import { checkFigures, opposedRefuse } from "./refusals";
import type { Location } from "./stats";
import { movement, type HitTables } from "./tables";
import { checkTest, outscores, testEvent, rollTest, type TestInput } from "./tests";

/** Charge: only when not Engaged; +1 Advantage from at least Move yards away but within Run. */
export function charge(input: { engaged: boolean; distance: number; move: number; advantage: number }): Outcome<Resolution<{ advantage: number; gained: boolean }>> {
  const f = checkFigures({ distance: input.distance, move: input.move, advantage: input.advantage }, 0, 10_000);
  if (!f.ok) return f;
  if (input.engaged) return opposedRefuse("cannotCharge");
  const { run } = movement(input.move);
  const gained = input.distance >= input.move && input.distance <= run;
  const advantage = input.advantage + (gained ? 1 : 0);
  return ok({ result: { advantage, gained }, events: [event("charge", { gained, advantage })] });
}

export interface FleeInput {
  readonly fleer: { readonly id: string; readonly cool: TestInput; readonly toughnessBonus: number; readonly armour: Readonly<Record<Location, number>>; readonly woundsNow: number };
  readonly opponent: { readonly id: string; readonly melee: TestInput; readonly damage: number; readonly advantage: number; readonly blackpowder?: boolean };
  /** The Hit Locations and Oops! tables the fight plays with: the free attack is an attack like any other. */
  readonly tables: HitTables;
}

export interface FleeResult {
  readonly freeAttack: PercentileTest;
  readonly hit: Hit | null;
  readonly cool: PercentileTest | null;
  /** Broken Conditions gained: 1 on a failed Cool Test, +1 per SL below 0. */
  readonly broken: number;
  readonly opponentAdvantage: number;
  /** The free attack is a combat test: a success on a double is a critical on the fleer ("Criticals and Fumbles"). */
  readonly criticalsOn: readonly string[];
  /** ... and a failure on a double the attacker's fumble (an Oops! roll). */
  readonly fumble: FumbleOutcome;
}

/** The free attack is an unopposed Melee Test at +20. */
export const FLEE_ATTACK_BONUS = 20;

export function flee(input: FleeInput, dice: Dice): Outcome<Resolution<FleeResult>> {
  for (const [t, f] of [
    [input.fleer.cool, "cool"],
    [input.opponent.melee, "opponent"],
  ] as const) {
    const c = checkTest(t, f);
    if (!c.ok) return c;
  }
  const figs = checkFigures({ damage: input.opponent.damage, advantage: input.opponent.advantage, toughnessBonus: input.fleer.toughnessBonus, woundsNow: input.fleer.woundsNow, ...input.fleer.armour }, 0, 1000);
  if (!figs.ok) return figs;
  const events: OpposedEvent[] = [event("flee", { who: input.fleer.id })];
  let advantage = input.opponent.advantage + 1;
  const attack = rollTest({ ...input.opponent.melee, modifier: (input.opponent.melee.modifier ?? 0) + FLEE_ATTACK_BONUS }, dice, input.opponent.id, "BOUT.Card.Roll.Opposed.freeAttack");
  events.push(testEvent(input.opponent.id, attack));
  let hit: Hit | null = null;
  let cool: PercentileTest | null = null;
  let broken = 0;
  if (attack.success) {
    advantage += 1;
    const { reversed, location } = hitLocation(attack.roll, input.tables.hitLocations);
    const damage = Math.max(0, input.opponent.damage + attack.sl);
    const wounds = woundsSuffered({ damage, toughnessBonus: input.fleer.toughnessBonus, armourPoints: input.fleer.armour[location], woundsNow: input.fleer.woundsNow });
    hit = { roll: attack.roll, reversed, location, damage, wounds };
    events.push(event("fleeHit", { on: input.fleer.id, location, suffered: wounds.suffered }));
    cool = rollTest({ ...input.fleer.cool, difficulty: "challenging" }, dice, input.fleer.id, "BOUT.Card.Roll.Opposed.cool");
    events.push(testEvent(input.fleer.id, cool));
    if (!cool.success) {
      broken = 1 + Math.max(0, -cool.sl);
      events.push(event("broken", { who: input.fleer.id, broken }));
    }
  }
  events.push(event("advantage", { who: input.opponent.id, advantage }));
  // "Criticals and Fumbles": the unopposed free attack's doubles count like any combat test's.
  const criticalsOn = attack.critical ? [input.fleer.id] : [];
  for (const id of criticalsOn) events.push(event("critical", { on: id }));
  const fumble = resolveFumble(input.opponent.id, attack, input.opponent.blackpowder ?? false, dice, input.tables.oops);
  events.push(...fumble.events);
  return ok({ result: { freeAttack: attack, hit, cool, broken, opponentAdvantage: advantage, criticalsOn, fumble }, events });
}

/**
 * Disengage I: more Advantage than every opponent ("than your opponents": each
 * one the fighter is engaged with); drop to 0 and step away freely. `who` names
 * the fighter on the card.
 */
export function disengageByAdvantage(advantage: number, opponents: readonly number[], who = ""): Outcome<Resolution<{ advantage: number }>> {
  const f = checkFigures({ advantage, ...Object.fromEntries(opponents.map((o, i) => [`opponent${i}`, o])) }, 0, 100);
  if (!f.ok) return f;
  if (!opponents.every((o) => advantage > o)) return opposedRefuse("noAdvantage");
  return ok({ result: { advantage: 0 }, events: [event("disengage", { who, advantage: 0 })] });
}

export interface DisengageByDodgeResult {
  readonly dodge: PercentileTest;
  readonly opponents: readonly { readonly id: string; readonly test: PercentileTest; readonly defeated: boolean; readonly advantage: number }[];
  readonly escaped: boolean;
  readonly advantage: number;
  /** "If you fail ... you cannot move": the fighter's Move is gone and it stays where it is. */
  readonly pinned: boolean;
}

/**
 * Disengage II: an Opposed Dodge/Melee Test against each opponent. By our reading
 * of "if you succeed" with several foes, you escape only by beating them all;
 * every opponent who beats you gains +1 Advantage.
 */
export function disengageByDodge(
  input: { id: string; dodge: TestInput; advantage: number; opponents: readonly { id: string; melee: TestInput; advantage: number }[] },
  dice: Dice,
): Outcome<Resolution<DisengageByDodgeResult>> {
  const c = checkTest(input.dodge, "dodge");
  if (!c.ok) return c;
  for (const o of input.opponents) {
    const oc = checkTest(o.melee, o.id);
    if (!oc.ok) return oc;
  }
  const dodge = rollTest(input.dodge, dice, input.id, "BOUT.Card.Roll.Opposed.dodge");
  const events: OpposedEvent[] = [testEvent(input.id, dodge)];
  const opponents = input.opponents.map((o) => {
    const test = rollTest(o.melee, dice, o.id, "BOUT.Card.Roll.Opposed.melee");
    events.push(testEvent(o.id, test));
    // The dodger must out-score each foe; a tie goes to the foe holding the ground.
    const defeated = outscores(dodge, test);
    return { id: o.id, test, defeated, advantage: o.advantage + (defeated ? 0 : 1) };
  });
  const escaped = dodge.success && opponents.every((o) => o.defeated);
  const advantage = input.advantage + (escaped ? 1 : 0);
  events.push(event(escaped ? "disengage" : "disengageFailed", { who: input.id, advantage }));
  return ok({ result: { dodge, opponents, escaped, advantage, pinned: !escaped }, events });
}

/** Run: an Average (+20) Athletics Test; on a success Run + SL more yards this round. */
export function run(input: { athletics: TestInput; move: number; id?: string }, dice: Dice): Outcome<Resolution<{ test: PercentileTest; extraYards: number }>> {
  const c = checkTest(input.athletics, "athletics");
  if (!c.ok) return c;
  const f = checkFigures({ move: input.move }, 0, 100);
  if (!f.ok) return f;
  const test = rollTest({ ...input.athletics, difficulty: "average" }, dice, input.id, "BOUT.Card.Roll.Opposed.athletics");
  const extraYards = test.success ? Math.max(0, movement(input.move).run + test.sl) : 0;
  return ok({ result: { test, extraYards }, events: [event("run", { success: test.success, yards: extraYards })] });
}

/** Leap: Move in feet without a test; farther takes Athletics (Average with a run-up, else Challenging): +1 foot per SL, +6 inches at SL 0. */
export function leap(input: { move: number; athletics?: TestInput; runUp: boolean; id?: string }, dice: Dice): Outcome<Resolution<{ test: PercentileTest | null; feet: number }>> {
  const f = checkFigures({ move: input.move }, 0, 100);
  if (!f.ok) return f;
  if (!input.athletics) return ok({ result: { test: null, feet: input.move }, events: [event("leap", { feet: input.move })] });
  const c = checkTest(input.athletics, "athletics");
  if (!c.ok) return c;
  const test = rollTest({ ...input.athletics, difficulty: input.runUp ? "average" : "challenging" }, dice, input.id, "BOUT.Card.Roll.Opposed.athletics");
  const feet = input.move + (test.success ? (test.sl > 0 ? test.sl : 0.5) : 0);
  return ok({ result: { test, feet }, events: [event("leap", { feet })] });
}

/**
 * Fall: 1d10 + 3 per yard, less the Toughness Bonus only. A deliberate fall may
 * take an Average Athletics Test: success counts 1 yard less, and 1 more per SL;
 * at 0 yards or less there is no damage. More Wounds than the TB leaves you Prone.
 */
export function fall(
  input: { yards: number; toughnessBonus: number; woundsNow: number; athletics?: TestInput; id?: string },
  dice: Dice,
): Outcome<Resolution<{ test: PercentileTest | null; yardsCounted: number; damage: number; wounds: number; prone: boolean; woundsNow: number }>> {
  const f = checkFigures({ yards: input.yards, toughnessBonus: input.toughnessBonus, woundsNow: input.woundsNow }, 0, 10_000);
  if (!f.ok) return f;
  let test: PercentileTest | null = null;
  let yardsCounted = input.yards;
  if (input.athletics) {
    const c = checkTest(input.athletics, "athletics");
    if (!c.ok) return c;
    test = rollTest({ ...input.athletics, difficulty: "average" }, dice, input.id, "BOUT.Card.Roll.Opposed.athletics");
    if (test.success) yardsCounted -= 1 + Math.max(0, test.sl);
  }
  if (yardsCounted <= 0) return ok({ result: { test, yardsCounted, damage: 0, wounds: 0, prone: false, woundsNow: input.woundsNow }, events: [event("fall", { damage: 0, wounds: 0 })] });
  const damage = labelled(dice, () => said(input.id, "BOUT.Card.Roll.Opposed.fall"), () => rollOne(dice, 10)) + 3 * yardsCounted;
  // Our reading: only the Toughness Bonus reduces it, and a fall may do no harm at all.
  const wounds = Math.max(0, damage - input.toughnessBonus);
  const prone = wounds > input.toughnessBonus;
  const events = [event("fall", { damage, wounds })];
  if (prone) events.push(event("prone", { who: "" }));
  return ok({ result: { test, yardsCounted, damage, wounds, prone, woundsNow: Math.max(0, input.woundsNow - wounds) }, events });
}

/** Climb: half rate for free; an Average Climb Test as the Action climbs Move + SL more yards. */
export function climb(input: { move: number; climb: TestInput; id?: string }, dice: Dice): Outcome<Resolution<{ test: PercentileTest; extraYards: number }>> {
  const f = checkFigures({ move: input.move }, 0, 100);
  if (!f.ok) return f;
  const c = checkTest(input.climb, "climb");
  if (!c.ok) return c;
  const test = rollTest({ ...input.climb, difficulty: "average" }, dice, input.id, "BOUT.Card.Roll.Opposed.climb");
  const extraYards = test.success ? Math.max(0, input.move + test.sl) : 0;
  return ok({ result: { test, extraYards }, events: [event("climb", { success: test.success, yards: extraYards })] });
}
