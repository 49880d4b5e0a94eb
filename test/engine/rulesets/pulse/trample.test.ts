// Seed 004_2f46e4f6196f6037.txt [22] Multi-Hex Monsters: "When entering hex w/1-hex creature, smaller figure is
// knocked down. Monster tramples with 40% base chance, dam=D+(size of monster in hexes)." Who is trampled, and
// the trampling's strike resolved with exact dice.
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import { resolveAttack } from "../../../../src/engine/rulesets/pulse/attack";
import { trampleAttack, trampledBy } from "../../../../src/engine/rulesets/pulse/trample";

const ada = { id: "ada", endurance: 15, enduranceNow: 15, fatigueNow: 18, monster: false, modAG: 12, modMD: 12, evading: false, parryRank: null, protection: 4 };

describe("seed 004 [22] trampling", () => {
  it("a one-hex figure entered by a 3-hex Ogre is trampled; a 2-hex figure is not, nor a one-hex figure by a one-hex one", () => {
    expect([trampledBy(3, 1), trampledBy(3, 2), trampledBy(1, 1)]).toEqual([true, false, false]);
  });
  it("the Ogre (3 hexes, modMD 10) strikes unranked ([17.1]: the base alone) at 40 less Ada's Defense 12 = 28: a 20 hits for D + 3, a 5 and 3 less armour 4 takes 4 Fatigue (18 to 14)", () => {
    const input = trampleAttack({ id: "ogre", modMD: 10, hexes: 3 }, ada, 12);
    expect(input).toMatchObject({ attack: "normal", baseChance: 40, ranked: false, rank: 0, dieModifier: 3, attacker: { id: "ogre", modMD: 10, weaponRank: 0 }, context: { weapon: { use: "unarmed" }, targetHumanOrSmaller: true } });
    const out = resolveAttack(input, new FixedDice({ 100: [20], 10: [5] }));
    if (!out.ok) throw new Error("refused");
    expect(out.value.result.strike.modSC).toBe(28);
    expect(out.value.result.damage).toMatchObject({ roll: 5, check: 8, effective: 4, pool: "fatigue", fatigueNow: 14 });
  });
});
