// Seed 000_4377b2da58f3a52b.txt "Missile Combat": 1 (preparation: the weapon is not ready until its rounds
// are over), 2 (the Missile Pool) and 3 c ("maximum = Aim" dice set aside to aim). shotDiceProblem is what
// the table asks before it posts a shot's card; missileAttack refuses on the same limits when it resolves.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import { noArmour } from "./helpers";
import { DEFAULT_RANGE_BANDS, missileAttack, shotDiceProblem, type MissileAttackInput } from "../../../../src/engine/rulesets/steel";

const ready = { ready: true, pool: 8 };

describe("seed 000 'Missile Combat': the dice a shot may spend", () => {
  it("an archer with Aim 3 and 8 in the pool shoots 4 and aims 2; 4 aiming dice are above his Aim; 7 + 2 are more than the pool", () => {
    expect(shotDiceProblem(ready, 4, 2, 3)).toBeNull();
    expect(shotDiceProblem(ready, 4, 4, 3)).toEqual({ kind: "aimTooHigh", aim: 3 });
    expect(shotDiceProblem(ready, 7, 2, 3)).toEqual({ kind: "tooMany", dice: 9, left: 8 });
    expect(shotDiceProblem(ready, 6, 2, 3)).toBeNull();
  });

  it("a bow still in its preparation rounds cannot shoot, whatever the dice", () => {
    expect(shotDiceProblem({ ready: false, pool: 8 }, 1, 0, 3)).toEqual({ kind: "notReady" });
  });

  it("agrees with missileAttack: no problem exactly when the resolution refuses none of these (fast-check)", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), (isReady, pool, dice, aimDice, aim) => {
        const state = { roundsLeft: isReady ? 0 : 1, ready: isReady, pool, quickenCost: 0 };
        const problem = shotDiceProblem(state, dice, aimDice, aim);
        const input: MissileAttackInput = { shooterId: "archer", targetId: "guard", state, dice, aimDice, aim, atn: 6, band: DEFAULT_RANGE_BANDS[1]!, aimedPart: "chest", damage: 8, damageType: "puncture", toughness: 4, armour: noArmour, defence: null };
        const r = missileAttack(input, new FixedDice(Array.from({ length: 40 }, () => 6)));
        const refusedHere = !r.ok && ["steel.notReady", "steel.aimTooHigh", "steel.tooMany"].includes(r.refusal.code);
        return (problem !== null) === refusedHere;
      }),
    );
  });
});
