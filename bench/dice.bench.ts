// Speed of the dice engine: the odds a dialog computes before a roll, and the
// rolls themselves. Run with `npx vitest bench --run bench/dice.bench.ts`.
import { bench, describe } from "vitest";
import { engine } from "./built";

const { contestMarginDistribution, percentileDistribution, poolBotchProbability, poolSuccessDistribution, resolveWithSupply, rollPool, rollStress, SeededDice, stressDistribution, stressReachProbability } = engine.dice;

// Results are folded into a sink so no call can be optimized away.
let sink = 0;

describe("odds", () => {
  bench("pool-success distribution, 40 dice, every TN 1..10", () => {
    for (let tn = 1; tn <= 10; tn++) sink += poolSuccessDistribution(40, tn)[20]!;
  });

  bench("pool botch probability, 40 dice, every TN 1..10", () => {
    for (let tn = 1; tn <= 10; tn++) sink += poolBotchProbability(40, tn);
  });

  bench("contest margin distribution, 20 vs 20 dice", () => {
    sink += contestMarginDistribution(20, 6, 20, 7).get(0)!;
  });

  bench("stress reach probability, bonus 5 vs ease 15", () => {
    sink += stressReachProbability(5, 15).reach;
  });

  bench("stress reach probability, bonus 0 vs ease 1000", () => {
    sink += stressReachProbability(0, 1000).reach;
  });

  bench("stress distribution, epsilon 1e-15", () => {
    sink += stressDistribution().truncated;
  });

  bench("percentile distribution, target 45, doubles", () => {
    sink += percentileDistribution(45).success;
  });
});

describe("rolls", () => {
  const dice = new SeededDice("bench");

  bench("seeded pool roll, 10 dice vs TN 6", () => {
    sink += rollPool(dice, 10, 6).successes;
  });

  bench("seeded stress roll", () => {
    sink += rollStress(dice).total;
  });

  bench("tape replay: pool + stress through resolveWithSupply", async () => {
    const { value } = await resolveWithSupply(
      (d) => rollPool(d, 10, 6).successes + rollStress(d).total,
      (faces, count) => dice.roll(faces, count),
    );
    sink += value;
  });
});

if (Number.isNaN(sink)) console.log(sink);
