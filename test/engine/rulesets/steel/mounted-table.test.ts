// Seed 000_4377b2da58f3a52b.txt "Mounted Combat": the decisions the table needs beyond the
// basics in mounted-missile.test.ts. "Mounted modifiers" (a rider's Ride check takes the place of
// pool dice in terrain rolls; two riders make a contested Ride check), "Ride-By Attacking" (the
// foe opposes with pool dice; two riders passing make opposed Ride checks, the winner choosing 1
// or 2 exchanges), "Attacking a Mounted Target" (a blow at the horse wounds the horse; a struck
// rider, by blow or missile, rolls to keep the saddle). Exact dice throughout (FixedDice).
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import { gaitCheckOutcome, gaitOf, mountedBlow, mountedHit, rideTnIn, mountedOpposedTerrainRoll, mountedTerrainRoll, rideBy, rideByFoe, ridersPass, stayInSaddle } from "../../../../src/engine/rulesets/steel";

const code = (o: { ok: boolean; refusal?: { code: string } }) => (o.ok ? "ok" : o.refusal!.code);

describe("seed 000 'Mounted modifiers': AG/Ride checks instead of pool dice in terrain rolls", () => {
  it("on foot: 2 pool dice at the terrain's TN 4 (5, 2: one success), 2 dice burnt", () => {
    const r = mountedTerrainRoll({ mounted: false, cpLeft: 8, dice: 2 }, 4, new FixedDice([5, 2]));
    expect(r.ok && r.value.result).toMatchObject({ success: true, botch: false, fromPool: 2 });
    expect(r.ok && r.value.result.roll).toMatchObject({ dice: [5, 2], tn: 4, successes: 1 });
  });

  it("mounted: Agility 4 dice at the Ride TN 7 plus the GM's 2 (TN 9), no pool dice burnt; 8, 8, 3, 2 fail where the terrain's TN 4 would have passed", () => {
    const r = mountedTerrainRoll({ mounted: true, agility: 4, rideTn: 7, tnModifier: 2 }, 4, new FixedDice([8, 8, 3, 2]));
    expect(r.ok && r.value.result).toMatchObject({ success: false, botch: false, fromPool: 0 });
    expect(r.ok && r.value.result.roll).toMatchObject({ dice: [8, 8, 3, 2], tn: 9, successes: 0 });
    const made = mountedTerrainRoll({ mounted: true, agility: 4, rideTn: 7 }, 4, new FixedDice([7, 1, 1, 1]));
    expect(made.ok && made.value.result).toMatchObject({ success: true, fromPool: 0 });
    // Two 1s and no success: a botch, as for any roll.
    const botch = mountedTerrainRoll({ mounted: true, agility: 3, rideTn: 7 }, 4, new FixedDice([1, 1, 5]));
    expect(botch.ok && botch.value.result).toMatchObject({ success: false, botch: true });
  });

  it("a rider against a foe on foot: the rider rolls Agility 3 at Ride TN 6, the foe 2 pool dice at that same TN 6; 6, 6, 2 against 9, 2 keeps the move", () => {
    const r = mountedOpposedTerrainRoll({ mounted: true, agility: 3, rideTn: 6 }, { mounted: false, cpLeft: 5, dice: 2 }, 4, new FixedDice([6, 6, 2, 9, 2]));
    expect(r.ok && r.value.result).toMatchObject({ actorSucceeds: true, fromPool: { actor: 0, opponent: 2 } });
    expect(r.ok && r.value.result.opponent).toMatchObject({ tn: 6, successes: 1 });
  });

  it("two riders: a contested Ride check, each at his own Ride TN (7 and 5), no pool dice; 7, 2 against 5, 5 cancels the move", () => {
    const r = mountedOpposedTerrainRoll({ mounted: true, agility: 2, rideTn: 7 }, { mounted: true, agility: 2, rideTn: 5 }, 4, new FixedDice([7, 2, 5, 5]));
    expect(r.ok && r.value.result).toMatchObject({ actorSucceeds: false, fromPool: { actor: 0, opponent: 0 } });
    expect(r.ok && [r.value.result.actor.successes, r.value.result.opponent.successes]).toEqual([1, 2]);
  });

  it("a foe on foot may not burn more dice than his pool holds", () => {
    expect(code(mountedOpposedTerrainRoll({ mounted: true, agility: 3, rideTn: 6 }, { mounted: false, cpLeft: 1, dice: 2 }, 4, new FixedDice([])))).toBe("steel.tooMany");
  });
});

describe("seed 000 'Ride-By Attacking'", () => {
  it("the foe on foot opposes with pool dice at the rider's TN: Ride 7, 2, 2 against the foe's 9, 9 at TN 7: the foe wins the terrain roll, two exchanges (a tie would go to the rider)", () => {
    const r = rideBy({ agility: 3, rideTn: 7, opponentDice: 2, opponentCpLeft: 6 }, new FixedDice([7, 2, 2, 9, 9]));
    expect(r.ok && r.value.result).toMatchObject({ exchanges: 2, unhorsed: false });
    expect(r.ok && r.value.result.opponent).toMatchObject({ dice: [9, 9], tn: 7, successes: 2 });
    expect(code(rideBy({ agility: 3, rideTn: 7, opponentDice: 4, opponentCpLeft: 3 }, new FixedDice([])))).toBe("steel.tooMany");
  });

  it("a ride-by is made against a foe on the ground; against a rider it is refused (riders pass instead)", () => {
    expect(code(rideByFoe(false))).toBe("ok");
    expect(code(rideByFoe(true))).toBe("steel.rideByRider");
  });

  it("two riders moving different ways: opposed Ride checks, the winner's choice of exchanges; a tie keeps two", () => {
    const a = { id: "A", agility: 3, rideTn: 7 };
    const b = { id: "B", agility: 2, rideTn: 6 };
    // A: 8, 7, 1 (two successes); B: 6, 2 (one): A wins and chose one exchange.
    const aWins = ridersPass({ ...a, choice: 1 }, { ...b, choice: 2 }, new FixedDice([8, 7, 1, 6, 2]));
    expect(aWins.ok && aWins.value.result).toMatchObject({ winner: "a", exchanges: 1 });
    // A: 2, 2, 7 (one); B: 6, 9 (two): B wins and chose two.
    const bWins = ridersPass({ ...a, choice: 1 }, { ...b, choice: 2 }, new FixedDice([2, 2, 7, 6, 9]));
    expect(bWins.ok && bWins.value.result).toMatchObject({ winner: "b", exchanges: 2 });
    // One each: nobody chooses, the round keeps two exchanges even though both asked for one.
    const tie = ridersPass({ ...a, choice: 1 }, { ...b, choice: 1 }, new FixedDice([7, 2, 2, 6, 2]));
    expect(tie.ok && tie.value.result).toMatchObject({ winner: null, exchanges: 2 });
    expect(code(ridersPass({ ...a, choice: 3 }, { ...b, choice: 1 }, new FixedDice([])))).toBe("steel.badChoice");
  });
});

describe("seed 000 'Attacking a Mounted Target'", () => {
  it("from the side either horse or rider; from front or rear the horse with any weapon, the rider only with reach 4 or 5", () => {
    const foot = { attackerMounted: false, defenderMounted: true, zone: 5 };
    expect(code(mountedBlow({ ...foot, side: "front", reach: 2, atMount: true }))).toBe("ok");
    expect(code(mountedBlow({ ...foot, side: "rear", reach: 2, atMount: true }))).toBe("ok");
    expect(code(mountedBlow({ ...foot, side: "front", reach: 2 }))).toBe("steel.riderOutOfReach");
    // No horse to aim at under a fighter on foot.
    expect(code(mountedBlow({ attackerMounted: false, defenderMounted: false, side: "side", reach: 2, zone: 5, atMount: true }))).toBe("steel.noMount");
  });

  it("a blow at the horse wounds the horse and calls for no saddle check; a landed blow on the rider calls for one; a miss for none", () => {
    expect(mountedHit({ defenderMounted: true, atMount: true, landed: true })).toEqual({ woundOn: "mount", saddleCheck: false });
    expect(mountedHit({ defenderMounted: true, atMount: false, landed: true })).toEqual({ woundOn: "rider", saddleCheck: true });
    expect(mountedHit({ defenderMounted: true, atMount: false, landed: false })).toEqual({ woundOn: "rider", saddleCheck: false });
    expect(mountedHit({ defenderMounted: false, atMount: false, landed: true })).toEqual({ woundOn: "rider", saddleCheck: false });
  });

  it("a missile landing with margin 2 on a rider of Agility 4, Ride TN 7: 2 dice are left; 7, 3 keep the saddle, 6, 5 throw him (a 10-foot fall)", () => {
    expect(mountedHit({ defenderMounted: true, atMount: false, landed: true }).saddleCheck).toBe(true);
    const keeps = stayInSaddle({ agility: 4, rideTn: 7, margin: 2 }, new FixedDice([7, 3]));
    expect(keeps.ok && keeps.value.result).toMatchObject({ falls: false, fallFeet: 0 });
    const falls = stayInSaddle({ agility: 4, rideTn: 7, margin: 2 }, new FixedDice([6, 5]));
    expect(falls.ok && falls.value.result).toMatchObject({ falls: true, fallFeet: 10 });
  });
});

// "Ride-by Attacking and Movement" (gaits; a change "with a successful Ride check"); "Mounted modifiers" (the Ride TN).
describe("gaits and the Ride TN as the table reads them", () => {
  it("a rider's recorded gait, a halt until set; his Ride TN from the skill named Ride, else 7", () => {
    expect([gaitOf("canter"), gaitOf(undefined), gaitOf("sprint")]).toEqual(["canter", "halt", "halt"]);
    expect(rideTnIn([{ name: "Sneak", stats: { tn: 5 } }, { name: " ride ", stats: { tn: 6 } }])).toBe(6);
    expect(rideTnIn([{ name: "Sneak", stats: { tn: 5 } }])).toBe(7);
  });

  it("a change of gait after its check: free or made, the new gait; failed, it stays; botched, the rider is thrown", () => {
    expect(gaitCheckOutcome("gallop", null)).toEqual({ gait: "gallop", thrown: false });
    expect(gaitCheckOutcome("gallop", { success: true, botch: false })).toEqual({ gait: "gallop", thrown: false });
    expect(gaitCheckOutcome("gallop", { success: false, botch: false })).toEqual({ gait: null, thrown: false });
    expect(gaitCheckOutcome("gallop", { success: false, botch: true })).toEqual({ gait: null, thrown: true });
  });
});
