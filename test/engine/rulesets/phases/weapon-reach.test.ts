// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt), "Engagement Example":
// "Inigo cannot attack Bors (because Bors is outside the range of his
// dagger)": a weapon fights at the ranges it reaches (the nearest, Touch by
// default, is our addition).
import { describe, expect, it } from "vitest";
import { reaches, weaponReach } from "../../../../src/engine/rulesets/phases";

const SEED = "seed 001_e84cf39f805b9fd9.txt";

describe(`${SEED}, "Engagement Example": a weapon's reach from its sheet`, () => {
  it("a spear of Reach to Close strikes at Close; a sheet that says nothing is Touch to Reach, so not at Close", () => {
    expect(weaponReach({ minRange: "reach", range: "close" })).toEqual({ min: "reach", max: "close" });
    expect(reaches(weaponReach({ minRange: "reach", range: "close" }), "close")).toBe(true);
    expect(weaponReach({})).toEqual({ min: "touch", max: "reach" });
    expect(reaches(weaponReach({}), "close")).toBe(false);
  });
});
