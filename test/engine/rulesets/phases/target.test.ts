// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt), Missile Fire Table:
// "Target is dodging or defending: Defender's Defense"; "Target has a shield: +
// Dfn value of shield", and its third footnote ("the value that shield is
// assigned in the Weapon Table, not the Defense score of the character who
// carries the shield ... If a character with a shield is actively defending
// against you, then yes, the shield does count twice"). Initiative Modifiers
// Table, first footnote: a routing character defends against nothing. "3.
// Melee" is named only: Defense Total and Soak are our procedure.
import { describe, expect, it } from "vitest";
import { blowTargetFigures, meleeWeaponOf, shotTargetFigures, type PhasesTarget } from "../../../../src/engine/rulesets/phases";

const SEED = "seed 001_e84cf39f805b9fd9.txt";
// Bran: Defense 3, Soak 2; a sword (+1 Defense), a shield of Dfn 2, mail of 3.
const bran: PhasesTarget = { stats: { defense: 3, soak: 2 }, weapon: { defense: 1 }, shield: { defense: 2 }, armour: [{ protection: 3 }] };

describe(`${SEED}, Missile Fire Table: the target against a shot`, () => {
  it("standing: Soak 2 + 3 = 5, and the shield's Dfn 2 once", () => {
    expect(shotTargetFigures(bran, "none", false)).toEqual({ soak: 5, shield: 2 });
  });
  it("dodging: his Defense 3 + 1 (not the shield's), the shield's Dfn once", () => {
    expect(shotTargetFigures(bran, "dodge", false)).toEqual({ soak: 5, defending: 4, shield: 2 });
  });
  it("defending with the shield: the Dfn twice", () => {
    expect(shotTargetFigures(bran, "shield", false)).toEqual({ soak: 5, defending: 4, shield: 4 });
  });
  it("routing: no defence, whatever he declared; the shield still counts once", () => {
    expect(shotTargetFigures(bran, "shield", true)).toEqual({ soak: 5, shield: 2 });
  });
});

describe(`${SEED}, "3. Melee" (our procedure): the target against a blow`, () => {
  it("defending: Defense 3 + sword 1 + shield 2 = 6; not defending or routing: none", () => {
    expect(blowTargetFigures(bran, "defend", false)).toEqual({ defense: 6, soak: 5 });
    expect(blowTargetFigures(bran, "none", false)).toEqual({ defense: null, soak: 5 });
    expect(blowTargetFigures(bran, "defend", true)).toEqual({ defense: null, soak: 5 });
  });
  it("a bow in hand parries nothing: the sword behind it does", () => {
    expect(meleeWeaponOf([{ missile: true, defense: 0 }, { missile: false, defense: 1 }])).toEqual({ missile: false, defense: 1 });
    expect(meleeWeaponOf([{ missile: true }])).toBeNull();
  });
});
