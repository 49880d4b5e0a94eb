// Seed 001_e84cf39f805b9fd9.txt "2. First Missiles" (Missile Fire Table): the seed
// names the range classes, not their paces; ours (Touch 1, Reach 2, Close 5, Near
// 15, Middle 50) are the GM's to change, read here and used by the measured range.
import { describe, expect, it } from "vitest";
import { rangeClassAt, readShotRanges, SHOT_RANGE_PACES } from "../../../../src/engine/rulesets/phases/shot-range";
import { shotRange } from "../../../../src/engine/time/phases-movement";

describe("phases: the paces of the range classes are the world's table", () => {
  it("nothing saved reads as ours; a class left out keeps ours", () => {
    expect(readShotRanges("")).toEqual({ ok: true, value: SHOT_RANGE_PACES });
    expect(readShotRanges({ near: 30 })).toEqual({ ok: true, value: { touch: 1, reach: 2, close: 5, near: 30, middle: 50 } });
  });
  it("each limit a whole number of paces from 1, each farther than the one before; anything else is refused naming the class", () => {
    const code = (raw: unknown) => {
      const r = readShotRanges(raw);
      return r.ok ? "ok" : [r.refusal.code, r.refusal.data?.where];
    };
    expect(code({ close: 2.5 })).toEqual(["phases.shotRanges.figure", "close"]);
    expect(code({ touch: 0 })).toEqual(["phases.shotRanges.figure", "touch"]);
    expect(code({ near: 4 })).toEqual(["phases.shotRanges.order", "near"]);
    expect(code([1, 2])).toEqual(["phases.shotRanges.shape", undefined]);
  });
  it("a target 20 paces off is at Middle by ours and at Near once the GM makes Near reach 30; the measured shot range reads the table", () => {
    const wide = readShotRanges({ near: 30 });
    if (!wide.ok) throw new Error("refused");
    expect([rangeClassAt(20), rangeClassAt(20, wide.value)]).toEqual(["middle", "near"]);
    expect(shotRange(null, "a", "b", 20, wide.value)).toEqual({ range: "near", from: "measured" });
  });
});
