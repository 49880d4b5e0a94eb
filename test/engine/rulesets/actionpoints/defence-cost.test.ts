// Seed 002 (shared/seeds/002_e3c6bc76ba013433.txt), IV.b: "passive defenses do
// not cost action points or fatigue points"; IV.c: "Active defenses cost
// Fatigue Points" (Table 7.3, the world's; ours by default).
import { describe, expect, it } from "vitest";
import { DEFAULT_DEFENCE_FATIGUE, defenceFatigueCost, mayPayDefence, type Defence } from "../../../../src/engine/rulesets/actionpoints";

const SEED = "seed 002_e3c6bc76ba013433.txt";

describe(`${SEED}, IV.b–c: what a defence costs in Fatigue`, () => {
  it("by ours: a dodge 2, an active block or parry 1; passive ones and none nothing", () => {
    const all: Defence[] = ["dodge", "activeShield", "activeParry", "passiveShield", "passiveParry", "none"];
    expect(all.map((d) => defenceFatigueCost(DEFAULT_DEFENCE_FATIGUE, d))).toEqual([2, 1, 1, 0, 0, 0]);
  });
  it("Bran with 1 Fatigue left cannot dodge (2) but may block (1) or play his shield passively", () => {
    expect([mayPayDefence(DEFAULT_DEFENCE_FATIGUE, "dodge", 1), mayPayDefence(DEFAULT_DEFENCE_FATIGUE, "activeShield", 1), mayPayDefence(DEFAULT_DEFENCE_FATIGUE, "passiveShield", 0)]).toEqual([false, true, true]);
  });
});
