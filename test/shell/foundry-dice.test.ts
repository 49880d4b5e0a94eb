// The shell's dice: engine rules rolled through Foundry's Roll, so roll modes,
// Dice So Nice and CONFIG.Dice.randomUniform see every die (DESIGN.md, dice).
import { beforeAll, describe, expect, it } from "vitest";
import { installGlobalClient } from "../harness/world";
import { resolveWithFoundry, rollFoundryDice } from "../../src/dice/foundry-dice";
import { rollPool, rollStress, DiceTape } from "../../src/engine/dice";

/** Makes Foundry's uniform source hand out the given faces of a d10, in order. */
function scriptD10(faces: number[]) {
  const queue = [...faces];
  CONFIG.Dice.randomUniform = () => {
    const face = queue.shift();
    if (face === undefined) throw new Error("scripted d10s ran out");
    return (face - 0.5) / 10;
  };
}

describe("Foundry dice bridge", () => {
  beforeAll(() => {
    installGlobalClient();
  });

  it("rolls through Roll and returns the faces", async () => {
    scriptD10([3, 10, 7]);
    const rolls: Roll[] = [];
    expect(await rollFoundryDice(10, 3, rolls)).toEqual([3, 10, 7]);
    expect(rolls).toHaveLength(1);
    expect(rolls[0]!.formula).toBe("3d10");
  });

  it("rolls a stress die that rerolls 1s one Foundry roll at a time (seed 001, stress die)", async () => {
    // 1 doubles, 1 doubles again, then 4: 4 x 4 = 16.
    scriptD10([1, 1, 4]);
    const result = await resolveWithFoundry((dice) => rollStress(dice));
    expect(result.value.total).toBe(16);
    expect(result.value.multiplier).toBe(4);
    expect(result.rolls.map((r) => r.formula)).toEqual(["1d10", "1d10", "1d10"]);
    expect(result.dice).toEqual({ 10: [1, 1, 4] });
  });

  it("rolls a whole pool in one Roll and can replay it from the stored dice", async () => {
    scriptD10([6, 2, 9, 1, 7]);
    const result = await resolveWithFoundry((dice) => rollPool(dice, 5, 6));
    expect(result.rolls.map((r) => r.formula)).toEqual(["5d10"]);
    expect(result.value.successes).toBe(3);
    const replay = rollPool(DiceTape.from(result.dice), 5, 6);
    expect(replay).toEqual(result.value);
  });
});
