// Which steel actions a fighter's sheet offers (issue 20, "Figures tab": ruleset actions shown only when they apply).
import { describe, expect, it } from "vitest";
import { NOT_FIGHTING, steelActionApplies, type SteelActionSituation } from "../../../../src/engine/rulesets/steel/sheet-actions";

const riding = (gait: SteelActionSituation["gait"]): SteelActionSituation => ({ inBout: true, mounted: true, gait, initiative: null, mountedFoe: false, exchange: 1 });

describe("steel actions on the sheet", () => {
  // Seed 000, "Ride-by Attacking and Movement": "the mount must be moving at either a Canter (2x) or a Gallop (3x)".
  it("offers a ride-by only to a rider in a bout at a canter or a gallop", () => {
    expect(steelActionApplies("rideBy", riding("canter"))).toBe(true);
    expect(steelActionApplies("rideBy", riding("gallop"))).toBe(true);
    expect(steelActionApplies("rideBy", riding("trot"))).toBe(false);
    expect(steelActionApplies("rideBy", riding("halt"))).toBe(false);
    expect(steelActionApplies("rideBy", { ...riding("gallop"), mounted: false })).toBe(false);
    // "may have moved up to that distance that round prior to the exchange(s)": the ride-by comes before them, in the first.
    expect(steelActionApplies("rideBy", { ...riding("gallop"), exchange: 2 })).toBe(false);
    expect(steelActionApplies("rideBy", NOT_FIGHTING)).toBe(false);
  });

  // Seed 000, "Mounted Combat": gaits are the mount's in the fight.
  it("offers a gait change to a rider in a bout, at any gait", () => {
    expect(steelActionApplies("gait", riding("halt"))).toBe(true);
    expect(steelActionApplies("gait", { ...riding("trot"), mounted: false })).toBe(false);
    expect(steelActionApplies("gait", NOT_FIGHTING)).toBe(false);
  });

  // Seed 000, "Buying Initiative": the combatant who does not hold initiative may try to buy it.
  it("offers buying initiative only while another fighter of the bout holds it", () => {
    const inBout = { inBout: true, mounted: false, gait: "halt" as const, mountedFoe: false, exchange: 1 };
    expect(steelActionApplies("buyInitiative", { ...inBout, initiative: "other" })).toBe(true);
    expect(steelActionApplies("buyInitiative", { ...inBout, initiative: "self" })).toBe(false);
    expect(steelActionApplies("buyInitiative", { ...inBout, initiative: null })).toBe(false);
    expect(steelActionApplies("buyInitiative", NOT_FIGHTING)).toBe(false);
  });

  // Seed 000, "Ride-By Attacking", last paragraph: "When two riders are engaged, ... opposed Ride checks are made".
  it("offers the riders' pass only to a rider in a bout that another rider of the bout faces", () => {
    expect(steelActionApplies("ridersPass", { ...riding("trot"), mountedFoe: true })).toBe(true);
    expect(steelActionApplies("ridersPass", { ...riding("gallop"), mountedFoe: false })).toBe(false);
    expect(steelActionApplies("ridersPass", { ...riding("trot"), mountedFoe: true, exchange: 2 })).toBe(false);
    expect(steelActionApplies("ridersPass", { ...riding("trot"), mounted: false, mountedFoe: true })).toBe(false);
    expect(steelActionApplies("ridersPass", { ...NOT_FIGHTING, mounted: true, mountedFoe: true })).toBe(false);
    expect(steelActionApplies("ridersPass", NOT_FIGHTING)).toBe(false);
  });

  it("leaves the terrain roll and the ambush to their own refusals", () => {
    expect(steelActionApplies("terrain", NOT_FIGHTING)).toBe(true);
    expect(steelActionApplies("ambush", NOT_FIGHTING)).toBe(true);
  });
});
