// Seed 003 "Move" (Charge, Flee, Disengage, Run, Leap, Fall, Climb) and
// "Surprise!": exact dice, exact outcomes.
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import { DEFAULT_OPPOSED_TABLES as tables, charge, climb, disengageByAdvantage, disengageByDodge, fall, flee, leap, readyWeapon, resolveMeleeAttack, resolveSurprise, run, shakeOffSurprise, wieldedDamage } from "../../../../src/engine/rulesets/opposed";

const noArmour = { head: 0, leftArm: 0, rightArm: 0, body: 0, leftLeg: 0, rightLeg: 0 };
const value = <T>(o: { ok: true; value: T } | { ok: false }) => {
  if (!o.ok) throw new Error("refused");
  return o.value;
};

describe("seed 003 'Charge'", () => {
  it("gains +1 Advantage from at least Move yards away but within Run (Move 4: 4 to 16 yards)", () => {
    expect([3, 4, 16, 17].map((distance) => value(charge({ engaged: false, distance, move: 4, advantage: 0 })).result.advantage)).toEqual([0, 1, 1, 0]);
  });
  it("is refused while Engaged", () => {
    expect(charge({ engaged: true, distance: 5, move: 4, advantage: 0 }).ok).toBe(false);
  });
});

describe("seed 003 'Flee'", () => {
  const input = {
    fleer: { id: "f", cool: { target: 40 }, toughnessBonus: 3, armour: noArmour, woundsNow: 10 },
    opponent: { id: "o", melee: { target: 35 }, damage: 6, advantage: 1 },
    tables,
  };
  it("gives the opponent +1 Advantage and a free attack at +20; a hit adds +1 and calls a Cool Test: 61 vs 40 is SL -2, 3 Broken", () => {
    // Free attack 43 vs 35+20: SL 1, a hit to reversed 34 (right arm); 6+1-3 = 4 Wounds.
    const r = value(flee(input, new FixedDice({ 100: [43, 61] })));
    expect(r.result.hit).toMatchObject({ location: "rightArm", wounds: { suffered: 4 } });
    expect([r.result.opponentAdvantage, r.result.cool?.sl, r.result.broken]).toEqual([3, -2, 3]);
  });
  it("a miss still gives the opponent its first +1 and calls no Cool Test", () => {
    const r = value(flee(input, new FixedDice({ 100: [80] })));
    expect([r.result.hit, r.result.cool, r.result.opponentAdvantage, r.result.broken]).toEqual([null, null, 2, 0]);
  });
});

describe("seed 003 'Flee' and 'Attacking' 3: the free attack deals the Weapon Damage of the weapon in hand, as any attack with it does", () => {
  // The opponent holds a bow (ranged, not its melee weapon) and a sword of Damage 4 (+SB); Strength 45 is SB 4.
  const weapons: { id: string; name: string; equipped: boolean; stats: { kind: "melee" | "ranged"; damage: number; addStrengthBonus: boolean } }[] = [
    { id: "bow", name: "Bow", equipped: true, stats: { kind: "ranged", damage: 7, addStrengthBonus: false } },
    { id: "dagger", name: "Dagger", equipped: false, stats: { kind: "melee", damage: 2, addStrengthBonus: true } },
    { id: "sword", name: "Sword", equipped: true, stats: { kind: "melee", damage: 4, addStrengthBonus: true } },
  ];
  it("the weapon in hand is the equipped melee weapon, and it deals 4 + SB 4 = 8; bare hands deal SB alone; a ranged weapon adds SB only when its item says so", () => {
    expect(readyWeapon(weapons)?.id).toBe("sword");
    expect([wieldedDamage(readyWeapon(weapons)!.stats, 45), wieldedDamage(null, 45), wieldedDamage({ kind: "ranged", damage: 7 }, 45), wieldedDamage({ kind: "melee", damage: 4, addStrengthBonus: false }, 45)]).toEqual([8, 4, 7, 4]);
  });
  it("43 against Melee 35 + 20 (SL 1) lands on the right arm for 8 + 1 = 9 Damage, 9 - TB 3 = 6 Wounds: the same as an unopposed attack with the sword rolling 43 against 55", () => {
    const damage = wieldedDamage(readyWeapon(weapons)!.stats, 45);
    const fled = value(flee({ fleer: { id: "f", cool: { target: 40 }, toughnessBonus: 3, armour: noArmour, woundsNow: 10 }, opponent: { id: "o", melee: { target: 35 }, damage, advantage: 0 }, tables }, new FixedDice({ 100: [43, 20] })));
    const attack = value(
      resolveMeleeAttack(
        { attacker: { id: "o", test: { target: 55 }, damage, advantage: 0 }, defender: { id: "f", test: null, surprised: false, toughnessBonus: 3, armour: noArmour, woundsNow: 10, advantage: 0 }, tables },
        new FixedDice({ 100: [43] }),
      ),
    );
    expect(fled.result.hit).toMatchObject({ location: "rightArm", damage: 9, wounds: { suffered: 6, woundsNow: 4 } });
    expect(attack.result.hit).toEqual(fled.result.hit);
  });
});

describe("seed 003 'Disengage'", () => {
  it("I: more Advantage than every opponent drops it to 0; equal is not enough", () => {
    expect(value(disengageByAdvantage(3, [2, 1])).result.advantage).toBe(0);
    expect(disengageByAdvantage(3, [3]).ok).toBe(false);
  });
  it("II: an Opposed Dodge/Melee Test; a win gains +1 Advantage, every opponent who wins gains +1", () => {
    const win = value(disengageByDodge({ id: "me", dodge: { target: 50 }, advantage: 0, opponents: [{ id: "x", melee: { target: 40 }, advantage: 2 }] }, new FixedDice({ 100: [21, 38] })));
    expect([win.result.escaped, win.result.advantage, win.result.opponents[0]!.advantage]).toEqual([true, 1, 2]);
    const lose = value(disengageByDodge({ id: "me", dodge: { target: 50 }, advantage: 0, opponents: [{ id: "x", melee: { target: 40 }, advantage: 2 }, { id: "y", melee: { target: 60 }, advantage: 0 }] }, new FixedDice({ 100: [31, 38, 12] })));
    expect([lose.result.escaped, lose.result.advantage, lose.result.opponents.map((o) => o.advantage)]).toEqual([false, 0, [2, 1]]);
  });
});

describe("seed 003 'Run', 'Leap', 'Climb', 'Fall'", () => {
  it("Run: Average Athletics; 32 vs 30+20 is SL 2: Run 16 + 2 = 18 yards more", () => {
    expect(value(run({ athletics: { target: 30 }, move: 4 }, new FixedDice({ 100: [32] }))).result.extraYards).toBe(18);
  });
  it("Leap: Move feet untested; with a test +1 foot per SL, 6 inches at SL 0, Challenging without a run-up", () => {
    expect(value(leap({ move: 4, runUp: true }, new FixedDice([]))).result.feet).toBe(4);
    expect(value(leap({ move: 4, runUp: true, athletics: { target: 30 } }, new FixedDice({ 100: [22] }))).result.feet).toBe(7);
    expect(value(leap({ move: 4, runUp: false, athletics: { target: 30 } }, new FixedDice({ 100: [30] }))).result.feet).toBe(4.5); // 30 vs 30: SL 0
  });
  it("Climb: Average Climb Test for Move + SL yards", () => {
    expect(value(climb({ move: 4, climb: { target: 25 } }, new FixedDice({ 100: [14] }))).result.extraYards).toBe(7);
  });
  it("Fall: 1d10 + 3 per yard, less TB only; more Wounds than TB leaves you Prone", () => {
    const r = value(fall({ yards: 3, toughnessBonus: 3, woundsNow: 12 }, new FixedDice({ 10: [5] })));
    expect([r.result.damage, r.result.wounds, r.result.prone, r.result.woundsNow]).toEqual([14, 11, true, 1]);
  });
  it("Fall on purpose: success counts 1 yard less plus 1 per SL; at 0 yards no damage", () => {
    const r = value(fall({ yards: 3, toughnessBonus: 3, woundsNow: 12, athletics: { target: 30 } }, new FixedDice({ 100: [29] })));
    // 29 vs 50: SL 3 → 3 - (1 + 3) = -1 yards: no damage.
    expect([r.result.yardsCounted, r.result.damage]).toEqual([-1, 0]);
  });
});

describe("seed 003 'Surprise!'", () => {
  it("an Opposed Stealth vs Perception Test: each spotter the ambusher beats is Surprised", () => {
    const r = value(
      resolveSurprise({ stealth: { target: 45 }, spotters: [{ id: "p1", perception: { target: 30 } }, { id: "p2", perception: { target: 60 } }] }, new FixedDice({ 100: [23, 35, 12] })),
    );
    expect(r.result.spotters.map((s) => [s.id, s.surprised])).toEqual([["p1", true], ["p2", false]]);
  });
  it("a Resolve point shakes it off; without one it is refused", () => {
    expect(value(shakeOffSurprise(2)).result.resolve).toBe(1);
    expect(shakeOffSurprise(0).ok).toBe(false);
  });
});

describe("seed 003 'Flee' with 'Criticals and Fumbles': the free attack is an unopposed Melee Test +20, so its doubles count", () => {
  const input = {
    fleer: { id: "f", cool: { target: 40 }, toughnessBonus: 3, armour: { head: 0, leftArm: 0, rightArm: 0, body: 0, leftLeg: 0, rightLeg: 0 }, woundsNow: 10 },
    opponent: { id: "o", melee: { target: 35 }, damage: 6, advantage: 1 },
    tables,
  };
  it("33 against 55 hits and is a critical on the fleer (reversed 33: right arm)", () => {
    const r = value(flee(input, new FixedDice({ 100: [33, 20] })));
    expect(r.result.hit).toMatchObject({ location: "rightArm" });
    expect(r.result.criticalsOn).toEqual(["f"]);
    expect(r.result.fumble.oops).toBeNull();
  });
  it("88 against 55 misses and is the attacker's fumble: Oops! 50 (out of position)", () => {
    const r = value(flee(input, new FixedDice({ 100: [88, 50] })));
    expect(r.result.hit).toBeNull();
    expect(r.result.criticalsOn).toEqual([]);
    expect(r.result.fumble.oops).toMatchObject({ roll: 50, effect: "outOfPosition" });
  });
});
