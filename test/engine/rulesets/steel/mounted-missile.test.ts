// Seed 000_4377b2da58f3a52b.txt: "Mounted Combat" (modifiers, ride-by, gaits, fatigue, hit locations,
// attacking a mounted target) and "Missile Combat" (preparation, pool and refresh, fire, defence, 2d6 location).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FixedDice, SeededDice } from "../../../../src/engine/dice";
import {
  beginPreparation,
  canReachRider,
  DEFAULT_RANGE_BANDS,
  endPreparationRound,
  EVASION_TN,
  gaitChange,
  holdFire,
  missileAttack,
  missileDefencePool,
  missileStateOutsideBout,
  missileFireExchange,
  missileNextRound,
  mountedBlow,
  missilePoolFigures,
  mountMove,
  steelStats,
  nextGait,
  rideBy,
  rideByYards,
  riderAttack,
  riderDefence,
  stayInSaddle,
  type MissileAttackInput,
} from "../../../../src/engine/rulesets/steel";
import { noArmour } from "./helpers";
import { initialValues } from "../../../../src/engine/rulesets/stats";

describe("seed 000 'Mounted Combat' and 'Mounted Combat and Hit Locations'", () => {
  it("nothing straight ahead without reach 4-5; rear swivel +4; only zones 3, 4, 5, 7 and thrusts above the belly at a man on foot", () => {
    expect(riderAttack({ targetSide: "front", reach: 2, zone: 4, againstManOnFoot: true }).ok).toBe(false);
    expect(riderAttack({ targetSide: "front", reach: 5, zone: 12, againstManOnFoot: true })).toEqual({ ok: true, value: { extraCost: 0 } });
    expect(riderAttack({ targetSide: "rear", reach: 2, zone: 5, againstManOnFoot: true })).toEqual({ ok: true, value: { extraCost: 4 } });
    expect(riderAttack({ targetSide: "side", reach: 2, zone: 1, againstManOnFoot: true }).ok).toBe(false);
    expect(riderAttack({ targetSide: "side", reach: 2, zone: 1, againstManOnFoot: false }).ok).toBe(true);
  });
  it("defences: partial evasion with the barding cost; full evasion only leaping off; nothing but evasion against blows at the mount", () => {
    expect(riderDefence("partialEvasion", { attackOnMount: true, barding: 2 })).toEqual({ ok: true, value: { extraCost: 2 } });
    expect(riderDefence("fullEvasion", { attackOnMount: false }).ok).toBe(false);
    expect(riderDefence("fullEvasion", { attackOnMount: false, leapingOff: true }).ok).toBe(true);
    for (const f of ["block", "parry", "counter", "duckAndWeave"] as const) expect(riderDefence(f, { attackOnMount: true }).ok).toBe(false);
    expect(riderDefence("parry", { attackOnMount: false })).toEqual({ ok: true, value: { extraCost: 0 } });
  });
  it("a footman reaches the rider from front or rear only with reach 4 or 5", () => {
    expect([canReachRider("front", 3), canReachRider("rear", 4), canReachRider("side", 0)]).toEqual([false, true, true]);
  });
  it("'Attacking a Mounted Target': a blow from the ground at a rider, from the mount's front or rear, needs reach 4 or 5 (mountedBlow)", () => {
    const foot = { attackerMounted: false, defenderMounted: true, zone: 5 };
    const code = (o: ReturnType<typeof mountedBlow>) => (o.ok ? o.value.extraCost : o.refusal.code);
    expect(code(mountedBlow({ ...foot, side: "front", reach: 3 }))).toBe("steel.riderOutOfReach");
    expect(code(mountedBlow({ ...foot, side: "rear", reach: 3 }))).toBe("steel.riderOutOfReach");
    expect(code(mountedBlow({ ...foot, side: "side", reach: 3 }))).toBe(0);
    expect(code(mountedBlow({ ...foot, side: "front", reach: 4 }))).toBe(0);
    expect(code(mountedBlow({ ...foot, side: "rear", reach: 5 }))).toBe(0);
    // Two on foot: no horse, nothing to check; a rider goes by riderAttack (+4 to swivel to the rear).
    expect(code(mountedBlow({ attackerMounted: false, defenderMounted: false, side: "front", reach: 0, zone: 5 }))).toBe(0);
    expect(code(mountedBlow({ attackerMounted: true, defenderMounted: true, side: "rear", reach: 3, zone: 5 }))).toBe(4);
  });
  it("ride-by: success limits the round to one exchange, failure (the foe wins) two, a botch unhorses", () => {
    const made = rideBy({ agility: 3, rideTn: 7, opponentDice: 2 }, new FixedDice([8, 7, 2, 9, 3]));
    expect(made.ok && made.value.result).toMatchObject({ exchanges: 1, unhorsed: false });
    const beaten = rideBy({ agility: 3, rideTn: 7, opponentDice: 2 }, new FixedDice([8, 2, 2, 9, 7]));
    expect(beaten.ok && beaten.value.result).toMatchObject({ exchanges: 2, unhorsed: false });
    const botch = rideBy({ agility: 3, rideTn: 7 }, new FixedDice([1, 1, 4]));
    expect(botch.ok && botch.value.result).toMatchObject({ exchanges: 2, unhorsed: true });
  });
  it("struck while mounted: Ride check with the margin in dice off; failure is a 10-foot fall", () => {
    const r = stayInSaddle({ agility: 4, rideTn: 7, margin: 2 }, new FixedDice([6, 5]));
    expect(r.ok && r.value.result).toMatchObject({ falls: true, fallFeet: 10 });
    expect(r.ok && r.value.result.roll.dice).toHaveLength(2);
  });
  it("gaits: one step free for a skilled rider, two steps or a wheel need a check, three steps down absurdly hard", () => {
    expect(gaitChange({ kind: "accelerate", steps: 1 }, true)).toEqual({ allowed: true, checkNeeded: false, absurd: false });
    expect(gaitChange({ kind: "accelerate", steps: 1 }, false).checkNeeded).toBe(true);
    expect(gaitChange({ kind: "accelerate", steps: 2 }, true).checkNeeded).toBe(true);
    expect(gaitChange({ kind: "accelerate", steps: 3 }, true).allowed).toBe(false);
    expect(gaitChange({ kind: "decelerate", steps: 3 }, true)).toEqual({ allowed: true, checkNeeded: true, absurd: true });
    expect(gaitChange({ kind: "wheel" }, true).checkNeeded).toBe(true);
    expect(nextGait("trot", { kind: "accelerate", steps: 2 })).toBe("gallop");
    expect(rideByYards(12, "canter")).toBe(12);
    expect(rideByYards(12, "gallop")).toBe(18);
    expect(mountMove(12, 5)).toBe(10);
  });
});

describe("seed 000 'Missile Combat'", () => {
  it("preparation: a Reflex test may shave a round (minimum 1) for its MP cost, taken off the refresh to Proficiency", () => {
    const p = beginPreparation({ preparation: 3, quicken: true, quickenCost: 2, quickenTn: 7, reflex: 3 }, new FixedDice([8, 2, 2]));
    expect(p.ok && p.value.result.state).toEqual({ roundsLeft: 2, ready: false, pool: 0, quickenCost: 2 });
    expect(p.ok && p.value.result.quickened).toBe(true);
    if (!p.ok) return;
    let s = endPreparationRound(p.value.result.state, 6);
    expect(s.ready).toBe(false);
    s = endPreparationRound(s, 6);
    expect(s).toEqual({ roundsLeft: 0, ready: true, pool: 4, quickenCost: 0 });
    // Holding fire: Aim dice flow in up to Aim + Proficiency.
    expect(holdFire(s, 4, 6).pool).toBe(8);
    expect(holdFire(holdFire(s, 4, 6), 4, 6).pool).toBe(10);
    const slow = beginPreparation({ preparation: 1, quicken: true, quickenCost: 2, quickenTn: 7, reflex: 3 }, new FixedDice([]));
    expect(slow.ok && slow.value.result.state.roundsLeft).toBe(1);
    // A one-round weapon has nothing to shave: no test is made.
    expect(slow.ok && slow.value.result.quickened).toBe(null);
  });

  it("'Missile Pool & Refresh': \"If you attempted to reduce the Preparation Time, subtract that MP cost\": a failed Reflex test still costs the dice", () => {
    // Reflex 3 at TN 7: 6, 2, 2 is no success; the bow keeps its 3 rounds and the 2 MP are paid.
    const p = beginPreparation({ preparation: 3, quicken: true, quickenCost: 2, quickenTn: 7, reflex: 3 }, new FixedDice([6, 2, 2]));
    expect(p.ok && p.value.result.roll?.successes).toBe(0);
    expect(p.ok && p.value.result.quickened).toBe(false);
    expect(p.ok && p.value.result.state).toEqual({ roundsLeft: 3, ready: false, pool: 0, quickenCost: 2 });
    if (!p.ok) return;
    let s = p.value.result.state;
    for (let r = 0; r < 3; r++) s = endPreparationRound(s, 6);
    // Proficiency 6 less the 2 paid.
    expect(s).toEqual({ roundsLeft: 0, ready: true, pool: 4, quickenCost: 0 });
    // Not trying costs nothing.
    const plain = beginPreparation({ preparation: 3, quicken: false, quickenCost: 2, quickenTn: 7, reflex: 3 }, new FixedDice([]));
    expect(plain.ok && plain.value.result.state.quickenCost).toBe(0);
  });

  const shot = (over: Partial<MissileAttackInput> = {}): MissileAttackInput => ({
    shooterId: "archer",
    targetId: "guard",
    state: { roundsLeft: 0, ready: true, pool: 8, quickenCost: 0 },
    dice: 4,
    aimDice: 2,
    aim: 3,
    atn: 6,
    band: DEFAULT_RANGE_BANDS[1]!,
    aimedPart: "chest",
    damage: 8,
    damageType: "puncture",
    toughness: 4,
    armour: noArmour,
    defence: { kind: "evade", room: "restricted", dice: 2, poolLeft: 5 },
    ...over,
  });

  it("red fires in the first exchange, white in the second or not at all", () => {
    expect([missileFireExchange("red", false), missileFireExchange("white", false), missileFireExchange("white", true)]).toEqual([1, 2, null]);
  });

  it("evasion DTN by room to move: 4 open, 7 restricted, 9 nowhere", () => {
    expect(EVASION_TN).toEqual({ open: 4, restricted: 7, nowhere: 9 });
  });

  it("a hit: 2d6 location, steered by aim dice towards the aimed part; the pool pays dice and aim dice", () => {
    // attack 3 successes v evade (TN 7) 1; 2d6 = 4 + 5 = 9 (groin), 2 aim dice at short range move it 2 towards 7 (chest).
    const r = missileAttack(shot(), new FixedDice([9, 8, 6, 2, 7, 3, 4, 5]));
    expect(r.ok && r.value.result).toMatchObject({ margin: 2, hit: { roll: 9, adjusted: 7, part: "chest", rawLevel: 2 + 8 - 4, level: 5 } });
    expect(r.ok && r.value.result.state.pool).toBe(2);
  });

  it("refuses: not ready, aim dice above Aim, more than the pool, a shield already used this exchange", () => {
    const c = (over: Partial<MissileAttackInput>) => {
      const r = missileAttack(shot(over), new FixedDice([]));
      return r.ok ? "ok" : r.refusal.code;
    };
    expect(c({ state: { roundsLeft: 1, ready: false, pool: 0, quickenCost: 0 } })).toBe("steel.notReady");
    expect(c({ aimDice: 4 })).toBe("steel.aimTooHigh");
    expect(c({ dice: 7 })).toBe("steel.tooMany");
    expect(c({ defence: { kind: "block", missileDtn: 5, dice: 1, poolLeft: 4, shieldUsed: true } })).toBe("steel.badChoice");
  });

  it("the Missile Pool never goes negative (fast-check)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 4 }), fc.integer(), (dice, aimDice, seed) => {
        const r = missileAttack(shot({ dice, aimDice, aim: 4 }), new SeededDice(seed));
        return r.ok ? r.value.result.state.pool >= 0 : dice + aimDice > 8;
      }),
    );
  });
});

describe("seed 000 'Shock and Pain' and 'Blood Loss': Pain and Health 1 strike every pool, the Missile Pool too", () => {
  // Wit 5, Perception 5: Aim 5; missile Proficiency 6; Will 1.
  const archer = (over: Record<string, number> = {}) => ({ ...initialValues(steelStats.actor), wit: 5, perception: 5, missileProficiency: 6, willpower: 1, pain: 0, healthNow: 4, ...over });
  it("Pain (after Will) comes off the refill and the cap", () => {
    expect(missilePoolFigures(archer())).toEqual({ refill: 6, cap: 11, aim: 5 });
    // Pain 3, Will 1: 2 dice off.
    expect(missilePoolFigures(archer({ pain: 3 }))).toEqual({ refill: 4, cap: 9, aim: 5 });
  });
  it("at Health 1 the Missile Pool is halved, after Pain", () => {
    expect(missilePoolFigures(archer({ healthNow: 1 }))).toEqual({ refill: 3, cap: 5, aim: 5 });
    expect(missilePoolFigures(archer({ healthNow: 1, pain: 3 }))).toEqual({ refill: 2, cap: 4, aim: 5 });
  });
  it("the round's end: readying fills to the wounded refill; holding fire gathers Aim up to the wounded cap; a loosed weapon is readied again", () => {
    const preparing = { roundsLeft: 1, ready: false, pool: 0, quickenCost: 1 };
    expect(missileNextRound(preparing, archer({ pain: 3 }))).toEqual({ roundsLeft: 0, ready: true, pool: 3, quickenCost: 0 });
    expect(missileNextRound({ roundsLeft: 0, ready: true, pool: 4, quickenCost: 0 }, archer({ pain: 3 }))).toMatchObject({ pool: 9 });
    expect(missileNextRound({ roundsLeft: 0, ready: true, pool: 4, quickenCost: 0 }, archer({ healthNow: 1 }))).toMatchObject({ pool: 5 });
    expect(missileNextRound({ roundsLeft: 0, ready: true, pool: 4, quickenCost: 0, fired: true }, archer())).toBeNull();
  });
  it("'Missile Combat' 3d: a target in melee defends with the Combat Pool dice it has left, one outside melee with its Reflex; outside a bout the weapon is ready with a full pool", () => {
    // Agility 4, Wit 5: Reflex 4. Missile Proficiency 6, Pain 3 less Will 1: refill 4.
    const a = archer({ agility: 4, pain: 3 });
    expect(missileDefencePool(true, 3, a)).toEqual({ inMelee: true, dice: 3 });
    expect(missileDefencePool(true, -1, a)).toEqual({ inMelee: true, dice: 0 });
    expect(missileDefencePool(false, 3, a)).toEqual({ inMelee: false, dice: 4 });
    expect(missileStateOutsideBout(a)).toEqual({ roundsLeft: 0, ready: true, pool: 4, quickenCost: 0 });
  });
});
