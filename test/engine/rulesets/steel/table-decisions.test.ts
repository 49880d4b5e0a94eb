// Seed 000_4377b2da58f3a52b.txt: small decisions the steel table used to make itself, now the
// engine's ("Ride-by Attacking and Movement", "Mounted modifiers", "Multiple Opponents",
// "Blood Loss (BL)", "Melee Combat" for the blow-order roll).
import { describe, expect, it } from "vitest";
import {
  BENCH_STAKES,
  beforeTheExchanges,
  checkRideTnModifier,
  DECK_STAKES,
  GM_TN_MODIFIER_MAX,
  isBleeding,
  isGmTnModifier,
  terrainAftermath,
  terrainConsequence,
  terrainRoll,
  DEFAULT_RIDE_TN,
  ENGAGED_RIDE_TN_MAX,
  mayRideBy,
  NO_WEAPON_ATN,
  outnumberedApplies,
  rideByGaitAllowed,
  riderHasHeight,
  rollsForBloodLoss,
  shockPoolFor,
} from "../../../../src/engine/rulesets/steel";
import { FixedDice } from "../../../../src/engine/dice";

const code = (o: { ok: boolean; refusal?: { code: string } }) => (o.ok ? "ok" : o.refusal!.code);

describe("seed 000 'Ride-by Attacking and Movement': when a ride-by may be made", () => {
  it("only at a canter or a gallop, and only in the round's first exchange", () => {
    expect(["halt", "trot", "canter", "gallop"].map((g) => rideByGaitAllowed(g as never))).toEqual([false, false, true, true]);
    expect(code(mayRideBy({ gait: "canter", exchange: 1 }))).toBe("ok");
    expect(code(mayRideBy({ gait: "gallop", exchange: 1 }))).toBe("ok");
    expect(code(mayRideBy({ gait: "trot", exchange: 1 }))).toBe("steel.mounted.tooSlow");
    expect(code(mayRideBy({ gait: "gallop", exchange: 2 }))).toBe("steel.mounted.lateRideBy");
    // Two riders passing: the same moment, before the exchanges.
    expect(code(beforeTheExchanges(1))).toBe("ok");
    expect(code(beforeTheExchanges(2))).toBe("steel.mounted.lateRideBy");
  });
});

describe("seed 000 'Mounted Combat': the GM's Ride TN change and our default Ride TN", () => {
  it("engaged checks rise by +3 to +6: the GM's change is a whole number up to 6 either way", () => {
    expect(ENGAGED_RIDE_TN_MAX).toBe(6);
    expect(checkRideTnModifier(6)).toEqual({ ok: true, value: 6 });
    expect(checkRideTnModifier(-6)).toEqual({ ok: true, value: -6 });
    for (const bad of [7, -7, 1.5, "3", null, Number.NaN]) expect(code(checkRideTnModifier(bad))).toBe("steel.mounted.badModifier");
    // Ours, where the seed names none: a rider without a Ride skill checks at TN 7.
    expect(DEFAULT_RIDE_TN).toBe(7);
  });

  it("'Mounted modifiers': the horse's height counts against foes on foot, not against other riders", () => {
    expect(riderHasHeight(true, [false])).toBe(true);
    expect(riderHasHeight(true, [true, false])).toBe(true);
    expect(riderHasHeight(true, [true])).toBe(false);
    expect(riderHasHeight(false, [false])).toBe(false);
    expect(riderHasHeight(true, [])).toBe(false);
  });
});

describe("seed 000 'Multiple Opponents' and 'Blood Loss (BL)': who the round's rolls are for", () => {
  it("one fighter against two or more: a bout of three or more", () => {
    expect([1, 2, 3, 4].map(outnumberedApplies)).toEqual([false, false, true, true]);
  });

  it("the Blood Loss roll: for a bleeding fighter with Health left; none at Health 0 or without Blood Loss", () => {
    expect(rollsForBloodLoss({ bloodLoss: 5, healthNow: 3 })).toBe(true);
    expect(rollsForBloodLoss({ bloodLoss: 5, healthNow: 0 })).toBe(false);
    expect(rollsForBloodLoss({ bloodLoss: 0, healthNow: 3 })).toBe(false);
  });

  it("ours: a striker with no weapon chosen rolls the blow order against TN 10", () => {
    expect(NO_WEAPON_ATN).toBe(10);
  });
});

// "Terrain Roll Mechanics" and its examples: what a terrain roll does to the fighter's bout, decided here, not by the table.
describe("seed 000 'Terrain Roll Mechanics': what the roll costs in the bout", () => {
  const rolled = (faces: number[]) => {
    const r = terrainRoll({ cpLeft: 9, dice: 2, tn: 4 }, new FixedDice(faces));
    if (!r.ok) throw new Error("the roll was refused");
    return r.value.result;
  };
  const inBout = { inBout: true, riding: false, success: false, forFooting: false };

  it("Alan on the bench: a failure takes half the dice spent (1) off his next action; a botch half his pool (4) now", () => {
    expect(terrainAftermath(terrainConsequence(rolled([3, 2]), BENCH_STAKES, 9, 2), inBout)).toEqual({ poolPenalty: 0, nextActionPenalty: 1, unhorsed: false, footingWon: false });
    expect(terrainAftermath(terrainConsequence(rolled([1, 1]), BENCH_STAKES, 9, 2), inBout)).toEqual({ poolPenalty: 4, nextActionPenalty: 0, unhorsed: false, footingWon: false });
  });

  it("on the deck: a failure loses half the pool now; a botch knocks him down and, in the saddle, off the horse", () => {
    expect(terrainAftermath(terrainConsequence(rolled([3, 2]), DECK_STAKES, 9, 2), inBout)).toMatchObject({ poolPenalty: 4, unhorsed: false });
    expect(terrainAftermath(terrainConsequence(rolled([1, 1]), DECK_STAKES, 9, 2), { ...inBout, riding: true })).toMatchObject({ poolPenalty: 4, unhorsed: true });
    // A failure that leaves him standing keeps a rider in the saddle.
    expect(terrainAftermath(terrainConsequence(rolled([3, 2]), DECK_STAKES, 9, 2), { ...inBout, riding: true }).unhorsed).toBe(false);
  });

  it("outside a bout there is no pool or horse to reckon with; a success made for the higher footing wins it anywhere", () => {
    expect(terrainAftermath(terrainConsequence(rolled([1, 1]), DECK_STAKES, 9, 2), { ...inBout, inBout: false, riding: true })).toEqual({ poolPenalty: 0, nextActionPenalty: 0, unhorsed: false, footingWon: false });
    expect(terrainAftermath(null, { inBout: false, riding: false, success: true, forFooting: true }).footingWon).toBe(true);
    expect(terrainAftermath(null, { inBout: true, riding: false, success: false, forFooting: true }).footingWon).toBe(false);
    expect(terrainAftermath(null, { inBout: true, riding: false, success: true, forFooting: false }).footingWon).toBe(false);
    // "Mounted modifiers": a rider's height is the horse's (+2 against foes on foot); a terrain roll wins him none.
    expect(terrainAftermath(null, { inBout: true, riding: true, success: true, forFooting: true }).footingWon).toBe(false);
  });
});

describe("the GM's TN modifier and who bleeds: the table asks the engine", () => {
  it("a TN modifier is a whole number within 5 either way (ours; the seed leaves it to the GM)", () => {
    expect(GM_TN_MODIFIER_MAX).toBe(5);
    expect([-5, 0, 5].map(isGmTnModifier)).toEqual([true, true, true]);
    expect([-6, 6, 1.5, "2", null, Number.NaN].map(isGmTnModifier)).toEqual([false, false, false, false, false, false]);
  });

  it("'Blood Loss (BL)': a fighter bleeds while the Blood Loss TN is above 0; at Health 0 he no longer rolls at the round's start", () => {
    expect([isBleeding({ bloodLoss: 0 }), isBleeding({ bloodLoss: 3 })]).toEqual([false, true]);
    expect([rollsForBloodLoss({ bloodLoss: 3, healthNow: 2 }), rollsForBloodLoss({ bloodLoss: 3, healthNow: 0 })]).toEqual([true, false]);
  });
});

// "Shock and Pain" and "Mounted modifiers" ("The mount's CP is only used if it is fighting by itself").
describe("seed 000: the pool a blow's Shock comes off", () => {
  it("a defender's pool less what his defence spent this exchange; undefended, his pool as it is; never below 0", () => {
    expect(shockPoolFor({ horsePool: null, poolLeft: 9, defenceCost: 4 })).toBe(5);
    expect(shockPoolFor({ horsePool: null, poolLeft: 9, defenceCost: null })).toBe(9);
    expect(shockPoolFor({ horsePool: null, poolLeft: 3, defenceCost: 5 })).toBe(0);
  });

  it("a blow at the horse: its own full pool, whatever the rider has left or spent", () => {
    expect(shockPoolFor({ horsePool: 12, poolLeft: 2, defenceCost: 2 })).toBe(12);
  });
});
