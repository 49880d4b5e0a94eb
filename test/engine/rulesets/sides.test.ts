// Whose side a fighter is on (issue 32 shell audit: moved from the combat document), for seed 004 [12]'s sides
// and every rule that tells friend from foe. Foundry's dispositions: SECRET -2, HOSTILE -1, NEUTRAL 0, FRIENDLY 1.
import { describe, expect, it } from "vitest";
import { sideOf, SIDES } from "../../../src/engine/rulesets/sides";

describe("whose side a fighter is on", () => {
  it("a friendly token is the party; a hostile, neutral or secret one is among its foes, whatever its actor", () => {
    expect([1, -1, 0, -2].map((disposition) => sideOf({ disposition, character: true }))).toEqual(["party", "foes", "foes", "foes"]);
    expect(sideOf({ disposition: 1, character: false })).toBe("party");
  });
  it("without a token: a player character is the party, any other actor a foe", () => {
    expect(sideOf({ disposition: null, character: true })).toBe("party");
    expect(sideOf({ disposition: null, character: false })).toBe("foes");
    expect(SIDES).toEqual(["party", "foes"]);
  });
});
