// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt), "1. Movement":
// "Engagement with certain opponents may be impossible due to range or
// intervening barriers. The storyguide should use common sense in advising
// players when they declare an impossible or absurd engagement." The Missile
// Fire Table: "Target in Touch or Reach Range: No firing possible"; its third
// footnote: the shield's own Dfn (so a shield defence needs a shield).
import { describe, expect, it } from "vitest";
import { declarationAdvice, type DeclaredWeapon } from "../../../src/engine/time/phases-declaration";

const SEED = "seed 001_e84cf39f805b9fd9.txt";
const dagger = { name: "Dagger", missile: false, reach: { min: "touch", max: "touch" } } as const;
const spear = { name: "Spear", missile: false, reach: { min: "reach", max: "close" } } as const;
const bow = { name: "Bow", missile: true, reach: { min: "touch", max: "far" } } as const;
const declared = (over: Partial<DeclaredWeapon>): DeclaredWeapon => ({ action: "melee", range: null, defence: "none", weapon: null, shieldReady: false, ...over });

describe(`${SEED}, "1. Movement": the storyguide's advice on an impossible declaration`, () => {
  it("Inigo cannot declare his dagger at Close, where Bors's spear fights; at Touch he may", () => {
    expect(declarationAdvice(declared({ weapon: dagger, range: "close" }))).toEqual({ code: "outOfReach", weapon: "Dagger", range: "close" });
    expect(declarationAdvice(declared({ weapon: dagger, range: "touch" }))).toBeNull();
    expect(declarationAdvice(declared({ weapon: spear, range: "close" }))).toBeNull();
    expect(declarationAdvice(declared({ weapon: spear, range: "touch" }))?.code).toBe("outOfReach");
  });
  it("shooting needs a missile weapon, and nobody shoots at Touch or Reach", () => {
    expect(declarationAdvice(declared({ action: "missile", weapon: spear, range: "near" }))).toEqual({ code: "noMissileWeapon" });
    expect(declarationAdvice(declared({ action: "missile", weapon: bow, range: "reach" }))).toEqual({ code: "tooCloseToShoot", range: "reach" });
    expect(declarationAdvice(declared({ action: "missile", weapon: bow, range: "near" }))).toBeNull();
  });
  it("a shield defence needs a shield ready", () => {
    expect(declarationAdvice(declared({ action: "none", defence: "shield" }))).toEqual({ code: "noShield" });
    expect(declarationAdvice(declared({ action: "none", defence: "shield", shieldReady: true }))).toBeNull();
  });
});
