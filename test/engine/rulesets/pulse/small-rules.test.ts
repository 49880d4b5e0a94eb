// Seed 004_2f46e4f6196f6037.txt: [13.6]-[13.7] close combat, [17.4] parry, [19] stun recovery, [20.3] poison,
// [20.4] stuck weapons, [24] infection, [16.4] multiple attacks, [22]-[23] monsters and mounted combat.
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import { weaponsInUse } from "../../../../src/engine/rulesets/pulse/mounted";
import {
  canBePoisoned,
  chargeTurnAllowed,
  mountedChargeBinds,
  verticesTurned,
  mayCombineActions,
  removalRestores,
  checkMountedAttack,
  checkMountedCharge,
  checkMomentumRun,
  checkBlowAtRider,
  canMountOrDismount,
  checkMultipleAttacks,
  closeWithdrawOdds,
  dropsOnClosing,
  poisonTakes,
  passToDisentangle,
  fallTarget,
  infectionChance,
  mishapTarget,
  monsterTurnCost,
  parryOdds,
  parryOutcome,
  readCloseWithdraw,
  readRepulse,
  closeAnswers,
  checkCloseAnswer,
  removalDamageModifier,
  repulseOdds,
  resolveCheck,
  resolveCloseWithdraw,
  resolveInfection,
  resolveInfectionDay,
  resolveParry,
  resolveRemoval,
  riderAttackableFromFront,
  stuckPenalty,
  stunRecoveryTarget,
  trample,
  enteredAlong,
} from "../../../../src/engine/rulesets/pulse";

describe("seed 004 [17.4] parry table", () => {
  it("3 or less parries, 4-7 disarms, 8 or more disarms with a free attack", () => {
    expect([3, 4, 7, 8].map(parryOutcome)).toEqual(["parry", "disarm", "disarm", "riposte"]);
    const out = resolveParry({ defenderRank: 1, attackerRank: 4 }, new FixedDice({ 10: [6] }));
    expect(out.ok && out.value.result).toMatchObject({ total: 3, outcome: "parry", defenderPassesNext: true, attackerDisarmed: false });
  });
  it("exact odds: equal ranks 30/40/30", () => {
    expect(parryOdds(2, 2)).toEqual({ parry: 0.3, disarm: 0.4, riposte: 0.3 });
  });
});

describe("seed 004 [13.6] Repulse and [13.7] withdrawing from close combat", () => {
  it("repulse on D10 <= rank", () => {
    expect(readRepulse(4, 4).repulsed).toBe(true);
    expect(readRepulse(5, 4).repulsed).toBe(false);
    expect(repulseOdds(4)).toBe(0.4);
  });
  it("\"If in melee zone of defender, defender may Repulse\": from outside the zone only admitting is open", () => {
    expect(closeAnswers(true)).toEqual(["repulse", "admit"]);
    expect(closeAnswers(false)).toEqual(["admit"]);
    const refused = checkCloseAnswer("repulse", false);
    expect(refused.ok ? null : refused.refusal.code).toBe("pulse.repulseOutOfZone");
    expect(checkCloseAnswer("repulse", true)).toEqual({ ok: true, value: "repulse" });
    expect(checkCloseAnswer("admit", false)).toEqual({ ok: true, value: "admit" });
    expect(checkCloseAnswer("flee", true).ok).toBe(false);
  });
  it("withdraw: D10 + friendly PS - hostile PS >= 10; a natural 10 always works", () => {
    expect(readCloseWithdraw(5, 15, 10)).toMatchObject({ total: 10, success: true, prone: true });
    expect(readCloseWithdraw(4, 15, 10).success).toBe(false);
    expect(readCloseWithdraw(10, 8, 30)).toMatchObject({ total: -12, success: true });
    expect(closeWithdrawOdds(8, 30)).toBe(0.1);
    expect(closeWithdrawOdds(15, 10)).toBe(0.6);
    const out = resolveCloseWithdraw({ friendlyPS: 15, hostilePS: 10 }, new FixedDice({ 10: [5] }));
    expect(out.ok && out.value.events[0]!.type).toBe("CloseWithdrawn");
  });
});

describe("seed 004 percentile checks: [16.5] fall, [17.3] mishap, [19] stun recovery", () => {
  it("targets: 3 x modAG, 3 x modMD, 2 x (WP + current FT)", () => {
    expect(fallTarget(14)).toBe(42);
    expect(mishapTarget(12)).toBe(36);
    expect(stunRecoveryTarget(13, 9)).toBe(44);
  });
  it("recover on a roll at or under the target", () => {
    const pass = resolveCheck("StunRecovery", 44, new FixedDice({ 100: [44] }));
    const fail = resolveCheck("StunRecovery", 44, new FixedDice({ 100: [45] }));
    expect(pass.ok && pass.value.events[0]!.type).toBe("StunRecoveryPassed");
    expect(fail.ok && fail.value.events[0]!.type).toBe("StunRecoveryFailed");
  });
});

describe("seed 004 [20.3] poison and [20.4] stuck like a pig", () => {
  it("only class A and B take poison", () => {
    expect(canBePoisoned({ weaponClass: "A" })).toBe(true);
    expect(canBePoisoned({ weaponClass: "C" })).toBe(false);
  });
  it("class A missile -3 modAG, pole weapons -5, only on man-sized targets", () => {
    expect(stuckPenalty({ weaponClass: "A", use: "missile" }, true)).toBe(3);
    expect(stuckPenalty({ weaponClass: "A", use: "thrown" }, true)).toBe(3);
    expect(stuckPenalty({ weaponClass: "B", use: "pole" }, true)).toBe(5);
    expect(stuckPenalty({ weaponClass: "B", use: "melee" }, true)).toBe(0);
    expect(stuckPenalty({ weaponClass: "A", use: "missile" }, false)).toBe(0);
  });
  it("pulling out: barbed D-4, pole D-2", () => {
    expect(removalDamageModifier({ barbed: true, use: "missile" })).toBe(4);
    expect(removalDamageModifier({ barbed: false, use: "pole" })).toBe(2);
    expect(removalDamageModifier({ barbed: false, use: "missile" })).toBe(null);
    expect(resolveRemoval({ barbed: true, use: "missile" }, new FixedDice({ 10: [9] })).damage).toBe(5);
    expect(resolveRemoval({ barbed: true, use: "missile" }, new FixedDice({ 10: [2] })).damage).toBe(1);
  });
  it("pulling one out gives back its penalty, pole 5 and missile 3, never more than is stuck", () => {
    expect([removalRestores("pole", 8), removalRestores("missile", 8), removalRestores("pole", 3), removalRestores("missile", 0)]).toEqual([5, 3, 3, 0]);
  });
  it("[15] only modAG 26 or more may combine two actions in a pulse", () => {
    expect([mayCombineActions(25), mayCombineActions(26), mayCombineActions(30)]).toEqual([false, true, true]);
  });
});

describe("seed 004 [24] infection", () => {
  it("10% base; +20 + EN damage; +20 for bites and claws", () => {
    expect(infectionChance({ enduranceDamage: 0, natural: false, gmModifier: 0 })).toBe(10);
    expect(infectionChance({ enduranceDamage: 6, natural: false, gmModifier: 0 })).toBe(36);
    expect(infectionChance({ enduranceDamage: 6, natural: true, gmModifier: 5 })).toBe(61);
  });
  it("rolls the infection and the daily course", () => {
    const inf = resolveInfection({ enduranceDamage: 6, natural: false, gmModifier: 0 }, new FixedDice({ 100: [36] }));
    expect(inf.ok && inf.value.result.infected).toBe(true);
    const healed = resolveInfectionDay({ endurance: 16, enduranceNow: 10 }, new FixedDice({ 100: [15] }));
    expect(healed.ok && healed.value.result.healed).toBe(true);
    const worse = resolveInfectionDay({ endurance: 16, enduranceNow: 10 }, new FixedDice({ 100: [16], 10: [8] }));
    expect(worse.ok && worse.value.result).toEqual({ roll: 16, healed: false, damage: 3, enduranceNow: 7 });
  });
});

describe("seed 004 [16.4] multiple attacks", () => {
  const greatsword = { weaponClass: "B", twoHanded: true, rank: 4 };
  const a = (targetId: string, type: "melee" | "fire" = "melee", inMeleeZone = true) => ({ targetId, type, inMeleeZone });
  it("two weapons: same type only", () => {
    expect(checkMultipleAttacks("twoWeapons", [a("x"), a("y")], greatsword).ok).toBe(true);
    expect(checkMultipleAttacks("twoWeapons", [a("x"), a("y", "fire")], greatsword).ok).toBe(false);
  });
  it("two-handed class B: rank 4, once per target, all in the melee zone", () => {
    expect(checkMultipleAttacks("twoHandedB", [a("x"), a("y"), a("z")], greatsword).ok).toBe(true);
    expect(checkMultipleAttacks("twoHandedB", [a("x"), a("y")], { ...greatsword, rank: 3 }).ok).toBe(false);
    // A sweep's first blow already needs the weapon, the rank and an adjacent target.
    expect(checkMultipleAttacks("twoHandedB", [a("x")], { ...greatsword, rank: 3 }).ok).toBe(false);
    expect(checkMultipleAttacks("twoHandedB", [{ ...a("x"), inMeleeZone: false }], greatsword).ok).toBe(false);
    expect(checkMultipleAttacks("twoHandedB", [a("x"), a("x")], greatsword).ok).toBe(false);
    expect(checkMultipleAttacks("twoHandedB", [a("x"), a("y", "melee", false)], greatsword).ok).toBe(false);
    expect(checkMultipleAttacks("twoHandedB", [a("x"), a("y")], { ...greatsword, weaponClass: "C" }).ok).toBe(false);
  });
});

describe("seed 004 [22] multi-hex monsters and [23] mounted combat", () => {
  it("[22] a turn swings through the vertices the short way: 180° is 3, 300° is 1, 30° rounds to 1 (60° each)", () => {
    expect([verticesTurned(0, 180), verticesTurned(0, 300), verticesTurned(90, 30), verticesTurned(350, 10), verticesTurned(0, 0)]).toEqual([3, 1, 1, 0, 0]);
  });
  it("[23] the straight charge binds a rider who named Charge or Charge and Close, and a mount carried on by momentum; a rider may face the charge's first step before moving, and never turn after", () => {
    expect([mountedChargeBinds(true, ["charge"], 0), mountedChargeBinds(true, ["chargeAndClose"], 0), mountedChargeBinds(false, ["charge"], 0), mountedChargeBinds(true, ["move"], 0), mountedChargeBinds(false, [], 8)]).toEqual([true, true, false, false, true]);
    expect([chargeTurnAllowed(0, true, 2, 2), chargeTurnAllowed(0, true, 2, 3), chargeTurnAllowed(1, true, 2, 2), chargeTurnAllowed(0, false, null, 2)]).toEqual([true, false, false, false]);
  });
  it("[22] walking a 3-hex monster east along row 0 enters a figure two hexes on, and one beside its path the footprint sweeps over; not one it stood on, nor one off the path", () => {
    // Footprint: (0,0), (1,0) and (0,1); anchor (0,0). Walk east three steps.
    const start = { anchor: { q: 0, r: 0 }, hexes: [{ q: 0, r: 0 }, { q: 1, r: 0 }, { q: 0, r: 1 }] };
    const steps = [{ q: 1, r: 0 }, { q: 2, r: 0 }, { q: 3, r: 0 }];
    const figures = [
      { id: "ahead", hex: { q: 3, r: 0 } },
      { id: "beside", hex: { q: 2, r: 1 } },
      { id: "stoodOn", hex: { q: 1, r: 0 } },
      { id: "far", hex: { q: 2, r: -1 } },
    ];
    expect(enteredAlong(start, steps, figures)).toEqual(["ahead", "beside"]);
    expect(enteredAlong(start, [], figures)).toEqual([]);
  });
  it("trample: 40% base, D + size", () => {
    expect(trample(4)).toEqual({ baseChance: 40, dieModifier: 4 });
    expect(monsterTurnCost(3)).toBe(1);
    expect(monsterTurnCost(4)).toBe(2);
  });
  it("a rider cannot strike straight ahead; two-handed weapons need Horsemanship", () => {
    const base = { horsemanship: 0, twoHanded: false, missileOrThrown: false, mountMoving: false, weaponsUsed: 1, targetSide: 1 };
    expect(checkMountedAttack(base).ok).toBe(true);
    expect(checkMountedAttack({ ...base, targetSide: 0 }).ok).toBe(false);
    expect(checkMountedAttack({ ...base, twoHanded: true }).ok).toBe(false);
    expect(checkMountedAttack({ ...base, twoHanded: true, horsemanship: 9 }).ok).toBe(true);
    expect(checkMountedAttack({ ...base, missileOrThrown: true, mountMoving: true }).ok).toBe(false);
    expect(riderAttackableFromFront("pole")).toBe(true);
    expect(riderAttackableFromFront("melee")).toBe(false);
  });
  it("each limit has its own refusal: straight ahead, two-handed, shooting on the move (Horsemanship 4), two weapons (6)", () => {
    const base = { horsemanship: 0, twoHanded: false, missileOrThrown: false, mountMoving: false, weaponsUsed: 1, targetSide: 1 };
    const code = (o: { ok: boolean; refusal?: { code: string } }) => (o.ok ? "ok" : o.refusal!.code);
    expect([
      code(checkMountedAttack({ ...base, targetSide: 0 })),
      code(checkMountedAttack({ ...base, twoHanded: true, horsemanship: 4 })),
      code(checkMountedAttack({ ...base, missileOrThrown: true, mountMoving: true, horsemanship: 3 })),
      code(checkMountedAttack({ ...base, missileOrThrown: true, mountMoving: true, horsemanship: 4 })),
      code(checkMountedAttack({ ...base, weaponsUsed: 2, horsemanship: 5 })),
    ]).toEqual(["pulse.mountedAhead", "pulse.mountedTwoHanded", "pulse.mountedFireMoving", "ok", "pulse.mountedTwoWeapons"]);
  });
  it("[23] \"more than one weapon at a time\": a two-weapon attack [16.4] uses two, a class B sweep one; at Horsemanship 5 the two weapons are refused, at 6 allowed", () => {
    expect([weaponsInUse("twoWeapons"), weaponsInUse("twoHandedB"), weaponsInUse(undefined)]).toEqual([2, 1, 1]);
    const base = { horsemanship: 5, twoHanded: false, missileOrThrown: false, mountMoving: false, targetSide: 1 };
    const code = (o: { ok: boolean; refusal?: { code: string } }) => (o.ok ? "ok" : o.refusal!.code);
    expect([
      code(checkMountedAttack({ ...base, weaponsUsed: weaponsInUse("twoWeapons") })),
      code(checkMountedAttack({ ...base, weaponsUsed: weaponsInUse("twoHandedB") })),
      code(checkMountedAttack({ ...base, horsemanship: 6, weaponsUsed: weaponsInUse("twoWeapons") })),
    ]).toEqual(["pulse.mountedTwoWeapons", "ok", "ok"]);
  });
  it("a blow at a rider from the mount's front hex needs a long-hafted or missile weapon; from elsewhere anything", () => {
    expect([checkBlowAtRider(true, "melee").ok, checkBlowAtRider(true, "pole").ok, checkBlowAtRider(true, "missile").ok, checkBlowAtRider(false, "melee").ok]).toEqual([false, true, true, true]);
  });
  it("mounting waits for a still mount; a mounted charge runs in one line without turning", () => {
    expect([canMountOrDismount(false).ok, canMountOrDismount(true).ok]).toEqual([true, false]);
    const o = { q: 0, r: 0 };
    expect(checkMountedCharge(o, [{ q: 1, r: 0 }, { q: 2, r: 0 }], false).ok).toBe(true);
    expect(checkMountedCharge(o, [{ q: 1, r: 0 }, { q: 1, r: 1 }], false).ok).toBe(false);
    expect(checkMountedCharge(o, [{ q: 1, r: 0 }], true).ok).toBe(false);
    // [23] carried on next pulse: straight ahead the way the mount faces (east, 0), not back or aside.
    expect(checkMomentumRun(o, 0, [{ q: 1, r: 0 }, { q: 2, r: 0 }]).ok).toBe(true);
    expect(checkMomentumRun(o, 0, [{ q: -1, r: 0 }]).ok).toBe(false);
    expect(checkMomentumRun(o, 0, [{ q: 1, r: 0 }, { q: 1, r: 1 }]).ok).toBe(false);
  });
});

describe("seed 004 [13.6] closing drops shields and long weapons; [20.3] poison needs effective damage", () => {
  it("drops prepared shields and weapons not rated for close combat", () => {
    const weapons = [
      { id: "sword", equipped: true, stats: { closeRated: false } },
      { id: "dagger", equipped: true, stats: { closeRated: true } },
      { id: "bow", equipped: false, stats: { closeRated: false } },
    ];
    expect(dropsOnClosing(weapons, [{ id: "kite", equipped: true }])).toEqual({ weapons: ["sword"], shields: ["kite"] });
  });
  it("poison takes on 1 effective damage, not 0", () => {
    expect(poisonTakes(1)).toBe(true);
    expect(poisonTakes(0)).toBe(false);
  });
});

describe("seed 004 [16.5] Entangle: two consecutive Pass actions work a figure free", () => {
  it("in a fight: a Pass in pulse 3 and another in pulse 4 free it; a gap of a pulse starts the count again", () => {
    const first = passToDisentangle(null, { fight: "f", pulse: 3 });
    expect(first).toEqual({ free: false, record: { fight: "f", pulse: 3, passes: 1 }, needed: 2 });
    expect(passToDisentangle(first.record, { fight: "f", pulse: 4 }).free).toBe(true);
    expect(passToDisentangle(first.record, { fight: "f", pulse: 5 })).toEqual({ free: false, record: { fight: "f", pulse: 5, passes: 1 }, needed: 2 });
  });
  it("two actions in one pulse (modAG 26) count; a Pass from another fight does not; outside a fight any two in a row free it", () => {
    const first = passToDisentangle(null, { fight: "f", pulse: 3 });
    expect(passToDisentangle(first.record, { fight: "f", pulse: 3 }).free).toBe(true);
    expect(passToDisentangle(first.record, { fight: "g", pulse: 4 }).free).toBe(false);
    const calm = passToDisentangle(null, { fight: "", pulse: 0 });
    expect(passToDisentangle(calm.record, { fight: "", pulse: 0 }).free).toBe(true);
  });
});
