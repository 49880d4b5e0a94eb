// Seed 000_4377b2da58f3a52b.txt: small decisions the steel table used to make itself, now the
// engine's ("Ride-by Attacking and Movement", "Mounted modifiers", "Multiple Opponents",
// "Blood Loss (BL)", "Melee Combat" for the blow-order roll).
import { describe, expect, it } from "vitest";
import {
  beforeTheExchanges,
  checkRideTnModifier,
  DEFAULT_RIDE_TN,
  ENGAGED_RIDE_TN_MAX,
  mayRideBy,
  NO_WEAPON_ATN,
  outnumberedApplies,
  rideByGaitAllowed,
  riderHasHeight,
  rollsForBloodLoss,
} from "../../../../src/engine/rulesets/steel";

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
