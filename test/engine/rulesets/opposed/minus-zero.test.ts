// Seed 003_094b90e5b0802384.txt, Tests and "Attacking": a roll over the target
// is a failure however close, and its Success Levels are then "-0" at best; a
// roll at or under the target is a success, "+0" at worst. An opposed test is
// won by the higher Success Levels, so a success at SL 0 beats a failure at SL 0
// before any tie rule is asked ("Surprise!": "If the ambusher wins ...").
import { describe, expect, it } from "vitest";
import { FixedDice, signedSl } from "../../../../src/engine/dice";
import { DEFAULT_OPPOSED_TABLES as tables, compareOpposed, disengageByDodge, OPPOSED_TIES, opposedOdds, readTest, resolveMeleeAttack, resolveSurprise } from "../../../../src/engine/rulesets/opposed";

const noArmour = { head: 0, leftArm: 0, rightArm: 0, body: 0, leftLeg: 0, rightLeg: 0 };

describe("seed 003: a roll above the target with SL 0 is a failure, -0", () => {
  it("35 against 30: failed, SL 0, written -0; 25 against 28: passed, +0", () => {
    const over = readTest(35, { target: 30 });
    expect(over).toMatchObject({ success: false, sl: 0 });
    expect(signedSl(over.sl, over.success)).toBe("-0");
    const under = readTest(25, { target: 28 });
    expect(signedSl(under.sl, under.success)).toBe("+0");
    expect([signedSl(3, true), signedSl(-2, false)]).toEqual(["+3", "-2"]);
  });

  it("a success at +0 beats a failure at -0 whatever the tie rule says (the tie rule is for equal results)", () => {
    for (const tie of OPPOSED_TIES) {
      expect(compareOpposed(readTest(35, { target: 30 }), readTest(25, { target: 28 }), tie).winner).toBe("defender");
      expect(compareOpposed(readTest(25, { target: 28 }), readTest(35, { target: 30 }), tie).winner).toBe("attacker");
    }
  });

  it("'Surprise!': Stealth 35 against 30 (-0) does not beat Perception 25 against 28 (+0): nobody is Surprised, and the card's line says -0", () => {
    const r = resolveSurprise({ stealth: { target: 30 }, spotters: [{ id: "bran", perception: { target: 28 } }] }, new FixedDice({ 100: [35, 25] }));
    if (!r.ok) throw new Error(r.refusal.code);
    expect(r.value.result.spotters[0]!.surprised).toBe(false);
    expect(r.value.events[0]!.data).toMatchObject({ roll: 35, target: 30, sl: "-0", success: false });
  });

  it("'Attacking': a blow at -0 against a parry at +0 is held, with the attacker's tie rule too; the odds count it the same", () => {
    const input = {
      attacker: { id: "a", test: { target: 30 }, damage: 7, advantage: 0 },
      defender: { id: "d", test: { target: 28 }, surprised: false, toughnessBonus: 3, armour: noArmour, woundsNow: 12, advantage: 0 },
      tables,
      tie: "attacker" as const,
    };
    const r = resolveMeleeAttack(input, new FixedDice({ 100: [35, 25] }));
    if (!r.ok) throw new Error(r.refusal.code);
    expect(r.value.result.winner).toBe("defender");
    // Over all 10,000 pairs, 30 against 28 with ties to the attacker: 6,310 wins (counted apart). The 81 pairs of the
    // attacker's -0 (rolls 31 to 39) against the defender's +0 (rolls 20 to 28) went to the attacker before: 6,391.
    expect(opposedOdds({ target: 30 }, { target: 28 }, "attacker").win).toBeCloseTo(0.631, 12);
  });

  it("'Move' (Disengage II): a Dodge at +0 defeats a foe's -0", () => {
    const r = disengageByDodge({ id: "ada", dodge: { target: 28 }, advantage: 0, opponents: [{ id: "bran", melee: { target: 30 }, advantage: 0 }] }, new FixedDice({ 100: [25, 35] }));
    if (!r.ok) throw new Error(r.refusal.code);
    expect(r.value.result.escaped).toBe(true);
  });
});
