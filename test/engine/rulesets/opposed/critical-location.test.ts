// Seed 003_094b90e5b0802384.txt, "Criticals and Fumbles" ("it even happens when you are the defender ...
// Your opponent receives an immediate Critical Wound") and "Size" (the modifier to hit a bigger or smaller
// target): where a Critical Wound strikes, and the size modifier of a shot, exact figures.
import { describe, expect, it } from "vitest";
import { CRITICAL_WOUNDS_PER_CRITICAL, HIT_LOCATIONS, criticalLocation, sizeModifierFor } from "../../../../src/engine/rulesets/opposed";

describe("seed 003 'Criticals': where the Critical Wound strikes (criticalLocation)", () => {
  it("on the defender: where the blow landed (the left leg); a blow that did not land: the body", () => {
    expect(criticalLocation(true, "leftLeg", 34, HIT_LOCATIONS)).toBe("leftLeg");
    expect(criticalLocation(true, null, 34, HIT_LOCATIONS)).toBe("body");
  });
  it("on the attacker, from the defender's own critical of 34: reversed to 43, the right arm; no defender's roll: the body", () => {
    expect(criticalLocation(false, "leftLeg", 34, HIT_LOCATIONS)).toBe("rightArm");
    expect(criticalLocation(false, "leftLeg", null, HIT_LOCATIONS)).toBe("body");
  });
  it("'an immediate Critical Wound': one more on the sheet for each critical", () => {
    expect(CRITICAL_WOUNDS_PER_CRITICAL).toBe(1);
  });
});

describe("seed 003 'Size': the size modifier of a shot (sizeModifierFor)", () => {
  it("Large +20, Average 0, Small -10; a size the table does not hold counts as 0", () => {
    expect(sizeModifierFor("large")).toBe(20);
    expect(sizeModifierFor("average")).toBe(0);
    expect(sizeModifierFor("small")).toBe(-10);
    expect(sizeModifierFor("gigantic")).toBe(0);
    expect(sizeModifierFor("toString")).toBe(0);
  });
});
