// Seed 003_094b90e5b0802384.txt, "Ranged Combat" ("You cannot make ranged attacks whilst Engaged, unless
// ... Pistol"; "at Point Blank range, where it is also allowable to Dodge") and "Combat Difficulty" (Point
// Blank +40 ... Extreme -50): measured from the tokens where they can be, the table's word only where not.
import { describe, expect, it } from "vitest";
import { disengagingFoes, engagedAmong, shotPlace } from "../../../../src/engine/rulesets/opposed";

describe("seed 003 'Ranged Combat': where a shot stands (shotPlace)", () => {
  it("a bow of Range 50, 3 yards off and not Engaged by the tokens: Point Blank (+40), whatever the GM ticked or the condition says", () => {
    expect(shotPlace({ engaged: false, yards: 3 }, 50, { engagedCondition: true, pointBlank: false })).toEqual({ engaged: false, pointBlank: true, measuredRange: "pointBlank", modifierRange: "pointBlank" });
  });

  it("20 yards off: Short range (+20), not Point Blank, though the GM ruled it", () => {
    expect(shotPlace({ engaged: false, yards: 20 }, 50, { engagedCondition: false, pointBlank: true })).toEqual({ engaged: false, pointBlank: false, measuredRange: "short", modifierRange: "short" });
  });

  it("nothing measured: the Engaged condition and the GM's Point Blank say it, and the modifier is Point Blank's", () => {
    expect(shotPlace({ engaged: null, yards: null }, 50, { engagedCondition: true, pointBlank: true })).toEqual({ engaged: true, pointBlank: true, measuredRange: null, modifierRange: "pointBlank" });
    expect(shotPlace({ engaged: null, yards: null }, 50, { engagedCondition: false, pointBlank: false })).toEqual({ engaged: false, pointBlank: false, measuredRange: null, modifierRange: null });
  });

  it("a weapon with no Range set, 4 yards off: no range step and no Point Blank", () => {
    expect(shotPlace({ engaged: false, yards: 4 }, 0, { engagedCondition: false, pointBlank: true })).toEqual({ engaged: false, pointBlank: false, measuredRange: null, modifierRange: null });
  });
});

describe("seed 003 'Move' (Charge: 'If you are not Engaged in combat already'): Engaged with anyone (engagedAmong)", () => {
  it("one foe beside: Engaged; every foe measured apart: not, whatever the condition; nothing measured: the condition", () => {
    expect(engagedAmong([false, true, null], false)).toBe(true);
    expect(engagedAmong([false, null], true)).toBe(false);
    expect(engagedAmong([null, null], true)).toBe(true);
    expect(engagedAmong([], false)).toBe(false);
  });
});

describe("seed 003 'Move' (Disengage: 'your opponents'): whom the fighter disengages from (disengagingFoes)", () => {
  it("Bran, named, whether beside or not; Cole beside; not Dara apart, nor Eli who could not be measured", () => {
    expect(disengagingFoes("bran", [{ foe: "cole", engaged: true }, { foe: "dara", engaged: false }, { foe: "eli", engaged: null }])).toEqual(["bran", "cole"]);
    expect(disengagingFoes("bran", [])).toEqual(["bran"]);
  });
});

