// Speed of the opposed ruleset: a full melee attack and its exact odds (issue 10).
import { bench, describe } from "vitest";
import { engine } from "./built";

const { SeededDice } = engine.dice;
const { DEFAULT_OPPOSED_TABLES, opposedOdds, resolveMeleeAttack } = engine.opposed;

const dice = new SeededDice(1);
const input = {
  attacker: { id: "a", test: { target: 45 }, damage: 7, advantage: 0 },
  defender: { id: "d", test: { target: 40 }, surprised: false, toughnessBonus: 3, armour: { head: 0, leftArm: 0, rightArm: 2, body: 2, leftLeg: 0, rightLeg: 0 }, woundsNow: 999, advantage: 0 },
  tables: DEFAULT_OPPOSED_TABLES,
};
let sink = 0;

describe("opposed", () => {
  bench("resolveMeleeAttack, opposed", () => {
    const r = resolveMeleeAttack(input, dice);
    if (r.ok) sink += r.value.result.sl;
  });
  bench("opposedOdds over 10,000 roll pairs", () => {
    sink += opposedOdds({ target: 45 }, { target: 40, modifier: 20 }).win;
  });
});
