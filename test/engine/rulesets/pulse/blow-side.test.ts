// Seed 004_2f46e4f6196f6037.txt [17.5] ("Shields do not add to defense rating if being attacked from rear";
// optional: only from the front or the side holding the shield) and [17.4] ("If defender is evading ...
// defender's weapon rank"): the side a blow comes from, and who parries, exact answers.
import { describe, expect, it } from "vitest";
import { blowSide, fromStraightAhead, parryRank, SHIELD_HAND, sideOfBlow } from "../../../../src/engine/rulesets/pulse/blow-side";

// Bran at 0,0 facing east (direction 0, toward q + 1).
const bran = { hex: { q: 0, r: 0 }, facing: 0 as const };

describe("seed 004 [17.5]: the side of Bran a blow comes from", () => {
  it("from the hex ahead (1,0): 0; from behind (-1,0): 3, the rear; from two hexes behind (-2,0): still 3; from his own hex: none", () => {
    expect(sideOfBlow(bran, { q: 1, r: 0 })).toBe(0);
    expect(sideOfBlow(bran, { q: -1, r: 0 })).toBe(3);
    expect(sideOfBlow(bran, { q: -2, r: 0 })).toBe(3);
    expect(sideOfBlow(bran, { q: 0, r: 0 })).toBeNull();
  });

  it("the measured side stands over the GM's word; without a map the GM's 'from the rear' is the rear hexside", () => {
    expect(blowSide(3, false)).toEqual({ from: 3, fromRear: true });
    expect(blowSide(0, true)).toEqual({ from: 0, fromRear: false });
    expect(blowSide(2, false)).toEqual({ from: 2, fromRear: false });
    expect(blowSide(null, true)).toEqual({ from: 3, fromRear: true });
    expect(blowSide(null, false)).toEqual({ from: 0, fromRear: false });
    expect(SHIELD_HAND).toBe("left");
  });
});

describe("seed 004 [17.4]: who may parry", () => {
  it("evading with a rank 3 sword: rank 3; standing, or evading bare of a weapon: no parry", () => {
    expect(parryRank(true, { rank: 3 })).toBe(3);
    expect(parryRank(false, { rank: 3 })).toBeNull();
    expect(parryRank(true, null)).toBeNull();
  });
});

describe("seed 004 [23]: the mount's front hex", () => {
  it("side 0 is straight ahead; any other side, or none measured, is not", () => {
    expect([fromStraightAhead(0), fromStraightAhead(1), fromStraightAhead(null)]).toEqual([true, false, false]);
  });
});
