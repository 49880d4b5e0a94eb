// Seed 000_4377b2da58f3a52b.txt: "Multiple Opponents", "Melee Combat" (red/white, both red), "Surprise & Hesitation",
// "Dueling (Local) vs. Battle-wide (Global) Initiative", "Exchange of Blows" (buying initiative, GM-set).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FixedDice, SeededDice } from "../../../../src/engine/dice";
import {
  buyInitiative,
  checkThrow,
  crossBoutOrder,
  crowdTns,
  declarationOrder,
  hesitationRoll,
  hesitationTn,
  maxAttackers,
  mayJoinAttack,
  mayDefend,
  noDefence,
  steel,
  doubleRedUnderWay,
  orderSimultaneousBlows,
  outnumberedRoll,
  surpriseCheck,
  whoFaces,
} from "../../../../src/engine/rulesets/steel";

describe("seed 000 'Multiple Opponents'", () => {
  it("table TNs by number of opponents; cap 3 (4 small) or the GM's", () => {
    expect(crowdTns(2)).toMatchObject({ outnumbered: 6, opponents: 5 });
    expect(crowdTns(4)).toMatchObject({ outnumbered: 8, opponents: 6 });
    expect(crowdTns(9)).toMatchObject({ outnumbered: 9, opponents: 7 });
    expect(crowdTns(12)).toMatchObject({ outnumbered: 10, opponents: 8 });
    expect(maxAttackers(false)).toBe(3);
    expect(maxAttackers(true)).toBe(4);
    expect(maxAttackers(false, 5)).toBe(5);
  });

  // Issue 19: "he faces all his opponents at once, to the maximum of 3 opponents (or 4, in the case of smaller
  // opponents, such as dogs or wolves)"; "the GM may change the maximum number of attackers able to attack a defender at once".
  it("mayJoinAttack: a fourth man may not join three on one fighter; a fourth wolf may, a fifth may not", () => {
    const men = ["a", "b", "c"].map((id) => ({ id, small: false }));
    const wolves = ["w1", "w2", "w3"].map((id) => ({ id, small: true }));
    expect(mayJoinAttack({ attacker: { id: "c", small: false }, facing: men.slice(0, 2) })).toEqual({ ok: true, value: men });
    const fourth = mayJoinAttack({ attacker: { id: "d", small: false }, facing: men });
    expect(fourth.ok ? "ok" : [fourth.refusal.code, fourth.refusal.data]).toEqual(["steel.crowdFull", { cap: 3, facing: 3 }]);
    // One already on him strikes again.
    expect(mayJoinAttack({ attacker: { id: "b", small: false }, facing: men })).toEqual({ ok: true, value: men });
    const w4 = mayJoinAttack({ attacker: { id: "w4", small: true }, facing: wolves });
    expect(w4.ok && w4.value.map((f) => f.id)).toEqual(["w1", "w2", "w3", "w4"]);
    const w5 = mayJoinAttack({ attacker: { id: "w5", small: true }, facing: w4.ok ? w4.value : [] });
    expect(w5.ok ? "ok" : [w5.refusal.code, w5.refusal.data]).toEqual(["steel.crowdFull", { cap: 4, facing: 4 }]);
    // Four only when all are small: a man joining three wolves, or a wolf joining three men, makes it three.
    expect(mayJoinAttack({ attacker: { id: "m", small: false }, facing: wolves }).ok).toBe(false);
    expect(mayJoinAttack({ attacker: { id: "w", small: true }, facing: men }).ok).toBe(false);
  });

  it("mayJoinAttack: the GM's cap replaces the seed's; a cap below 1 or not whole is refused", () => {
    const two = [{ id: "a", small: false }, { id: "b", small: false }];
    expect(mayJoinAttack({ attacker: { id: "c", small: false }, facing: two, gmCap: 2 }).ok).toBe(false);
    expect(mayJoinAttack({ attacker: { id: "c", small: true }, facing: [...two, { id: "d", small: false }, { id: "e", small: false }], gmCap: 5 }).ok).toBe(true);
    const zero = mayJoinAttack({ attacker: { id: "c", small: false }, facing: [], gmCap: 0 });
    expect(zero.ok ? "ok" : zero.refusal.code).toBe("steel.negative");
    const half = mayJoinAttack({ attacker: { id: "c", small: false }, facing: [], gmCap: 1.5 });
    expect(half.ok ? "ok" : half.refusal.code).toBe("steel.notNumber");
  });

  it("beating or tying every opponent lets the lone fighter pick", () => {
    // lone 3 dice at TN 8: 2 successes; x (TN 6): 2; y: 0 dice.
    const r = outnumberedRoll({ lone: { id: "hero", cpLeft: 8, dice: 3 }, opponents: [{ id: "x", cpLeft: 5, dice: 2 }, { id: "y", cpLeft: 5, dice: 0 }, { id: "z", cpLeft: 5, dice: 1 }] }, new FixedDice([9, 8, 2, 7, 6, 3]));
    expect(r.ok && r.value.result).toMatchObject({ decides: "lone", superior: [], inferior: ["x", "y", "z"] });
    expect(r.ok && whoFaces(r.value.result, { loneChoice: "z" })).toEqual({ ok: true, value: ["z"] });
    expect(r.ok && whoFaces(r.value.result, { loneChoice: "nobody" }).ok).toBe(false);
  });

  it("opponents who beat him choose; if they all decline he faces one who rolled fewer; none left means no exchange", () => {
    const r = outnumberedRoll({ lone: { id: "hero", cpLeft: 8, dice: 2 }, opponents: [{ id: "x", cpLeft: 5, dice: 2 }, { id: "y", cpLeft: 5, dice: 1 }] }, new FixedDice([6, 2, 9, 9, 3]));
    expect(r.ok && r.value.result).toMatchObject({ decides: "opponents", superior: ["x"], inferior: ["y"] });
    if (!r.ok) return;
    expect(whoFaces(r.value.result, { engaging: ["x"] })).toEqual({ ok: true, value: ["x"] });
    expect(whoFaces(r.value.result, { engaging: [] })).toEqual({ ok: true, value: ["y"] });
    const all = outnumberedRoll({ lone: { id: "hero", cpLeft: 8, dice: 1 }, opponents: [{ id: "x", cpLeft: 5, dice: 1 }, { id: "y", cpLeft: 5, dice: 1 }] }, new FixedDice([2, 9, 9]));
    expect(all.ok && whoFaces(all.value.result, { engaging: [] })).toEqual({ ok: true, value: [] });
  });

  it("a botch: surrounded by up to three of the opponents' choosing (four if small)", () => {
    const opponents = ["a", "b", "c", "d", "e"].map((id) => ({ id, cpLeft: 3, dice: 0 }));
    const r = outnumberedRoll({ lone: { id: "hero", cpLeft: 8, dice: 2 }, opponents }, new FixedDice([1, 1]));
    expect(r.ok && whoFaces(r.value.result, {})).toEqual({ ok: true, value: ["a", "b", "c"] });
    const wolves = outnumberedRoll({ lone: { id: "hero", cpLeft: 8, dice: 2 }, opponents: opponents.map((o) => ({ ...o, small: true })) }, new FixedDice([1, 1]));
    const faced = wolves.ok ? whoFaces(wolves.value.result, {}) : null;
    expect(faced?.ok && faced.value).toHaveLength(4);
  });

  it("a Tactics leader's successes lower the allies' TN", () => {
    // opponents' TN 5 − 2 = 3: a 3 now succeeds.
    const r = outnumberedRoll({ lone: { id: "hero", cpLeft: 8, dice: 0 }, opponents: [{ id: "x", cpLeft: 5, dice: 1 }, { id: "y", cpLeft: 5, dice: 1 }], tacticsSuccesses: 2 }, new FixedDice([3, 2]));
    expect(r.ok && r.value.result.opponents.map((o) => o.roll.successes)).toEqual([1, 0]);
  });

  it("refuses an empty crowd and over-spending", () => {
    expect(outnumberedRoll({ lone: { id: "h", cpLeft: 3, dice: 1 }, opponents: [] }, new FixedDice([])).ok).toBe(false);
    const r = outnumberedRoll({ lone: { id: "h", cpLeft: 3, dice: 4 }, opponents: [{ id: "x", cpLeft: 1, dice: 0 }] }, new FixedDice([]));
    expect(r.ok ? "ok" : r.refusal.code).toBe("steel.tooMany");
  });
});

describe("seed 000 'Melee Combat': declaring and both red", () => {
  it("aggressors declare from lowest Reflex to highest", () => {
    expect(declarationOrder([{ id: "a", reflex: 6 }, { id: "b", reflex: 4 }, { id: "c", reflex: 5 }])).toEqual(["b", "c", "a"]);
  });
  it("Reflex dice vs ATN (less reach): most successes first; ties by Reflex with thrust +1; still tied = together", () => {
    const r = orderSimultaneousBlows(
      [
        { id: "a", reflex: 4, atn: 6, form: "swing" },
        { id: "b", reflex: 3, atn: 6, form: "thrust" },
        // c's short sword (reach 2) against a long sword (reach 3): one die off.
        { id: "c", reflex: 5, atn: 6, form: "swing", reach: { own: { reach: 2, closedIn: false }, opponent: { reach: 3, closedIn: false } } },
      ],
      // a: 7,2,2,2 → 1; b: 6,1,1 → 1 (speed 4 = a's 4); c: 4 dice 9,8,1,1 → 2.
      new FixedDice([7, 2, 2, 2, 6, 1, 1, 9, 8, 1, 1]),
    );
    expect(r.ok && r.value.result.order).toEqual([["c"], ["a", "b"]]);
  });
});

describe("seed 000 'Surprise & Hesitation'", () => {
  it("TN 7 + ambusher successes − target successes", () => {
    expect(hesitationTn(3, 1)).toBe(9);
    expect(hesitationTn(0, 2)).toBe(5);
  });
  it("one success: defend only; none: no action this exchange", () => {
    const s = surpriseCheck({ dice: 4, tn: 6 }, { dice: 3, tn: 7 }, new FixedDice([6, 7, 2, 3, 8, 2, 2]));
    expect(s.ok && [s.value.result.ambusher.successes, s.value.result.target.successes]).toEqual([2, 1]);
    const d = hesitationRoll({ reflex: 3, ambusherSuccesses: 2, targetSuccesses: 1 }, new FixedDice([8, 2, 3]));
    expect(d.ok && d.value.result).toMatchObject({ tn: 8, outcome: "defendOnly" });
    const n = hesitationRoll({ reflex: 3, ambusherSuccesses: 2, targetSuccesses: 1 }, new FixedDice([7, 2, 3]));
    expect(n.ok && n.value.result.outcome).toBe("noAction");
  });
});

describe("seed 000 cross-bout order and buying initiative", () => {
  it("highest Reflex first; equal Reflex land together (the arrow and the guard's blow)", () => {
    expect(crossBoutOrder([{ id: "archer", reflex: 5 }, { id: "guard", reflex: 5 }, { id: "hero", reflex: 7 }])).toEqual([["hero"], ["archer", "guard"]]);
  });
  it("buying initiative is a GM-set contest; ties stay with the holder", () => {
    const tie = buyInitiative({ buyer: { cpLeft: 6, dice: 2, tn: 6 }, holder: { cpLeft: 6, dice: 2, tn: 6 } }, new FixedDice([6, 2, 7, 1]));
    expect(tie.ok && tie.value.result.bought).toBe(false);
    const win = buyInitiative({ buyer: { cpLeft: 6, dice: 2, tn: 6 }, holder: { cpLeft: 6, dice: 2, tn: 6 } }, new FixedDice([6, 6, 7, 1]));
    expect(win.ok && win.value.result.bought).toBe(true);
  });
  it("the blow order is a permutation of the strikers (fast-check)", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ reflex: fc.integer({ min: 0, max: 8 }), thrust: fc.boolean() }), { minLength: 1, maxLength: 6 }), fc.integer(), (list, seed) => {
        const strikers = list.map((s, i) => ({ id: `s${i}`, reflex: s.reflex, atn: 6, form: s.thrust ? ("thrust" as const) : ("swing" as const) }));
        const r = orderSimultaneousBlows(strikers, new SeededDice(seed));
        return r.ok && r.value.result.order.flat().sort().join() === strikers.map((s) => s.id).sort().join();
      }),
    );
  });
});

describe("seed 000 'Melee Combat': both throw red, no defence in the middle of an attack", () => {
  const landing = { phase: "continuing", blowOrder: [["a"], ["b"]] };
  it("a red thrower may not defend against a red thrower while the blows of the double red land", () => {
    expect(mayDefend({ bout: landing, attackerThrew: "red", defenderThrew: "red" })).toBe(false);
    expect(mayDefend({ bout: { phase: "simultaneous", blowOrder: [] }, attackerThrew: "red", defenderThrew: "red" })).toBe(false);
  });
  it("a white thrower defends; once the exchange is won, initiative runs as usual and defences are open", () => {
    expect(mayDefend({ bout: landing, attackerThrew: "red", defenderThrew: "white" })).toBe(true);
    expect(mayDefend({ bout: { phase: "continuing", blowOrder: [] }, attackerThrew: "red", defenderThrew: "red" })).toBe(true);
  });
  it("issue 19: the second blow of the double red too: a red thrower may not defend while the order stands, whoever strikes", () => {
    expect(doubleRedUnderWay(landing)).toBe(true);
    expect(doubleRedUnderWay({ phase: "continuing", blowOrder: [] })).toBe(false);
    expect(mayDefend({ bout: landing, defenderThrew: "red" })).toBe(false);
    expect(mayDefend({ bout: landing, defenderThrew: "hesitated" })).toBe(true);
  });
});

describe("seed 000 'Surprise & Hesitation' (unable to act at all), 'Knockdown & Knockout', 'Blood Loss': a defender out of action has no defence", () => {
  const landing = { phase: "continuing", blowOrder: [["a"], ["b"]] };
  // The rule reads only Health now.
  const view = (healthNow: number) => ({ stats: { healthNow } }) as never;
  it("out of action comes first, with the ruleset's reason: unconscious, dead, a coma at Health 0", () => {
    expect(noDefence(null, steel.outOfAction(view(5), new Set(["unconscious"])))).toEqual({ why: "out", key: "BOUT.OutOfAction.Unconscious" });
    expect(noDefence({ bout: landing, defenderThrew: "white" }, steel.outOfAction(view(0), new Set()))).toEqual({ why: "out", key: "BOUT.OutOfAction.Coma" });
    expect(noDefence({ bout: landing, defenderThrew: "red" }, steel.outOfAction(view(5), new Set(["dead"])))).toEqual({ why: "out", key: "BOUT.OutOfAction.Dead" });
  });
  it("in action: the double red's rule; outside a bout a defence is open", () => {
    expect(noDefence({ bout: landing, defenderThrew: "red" }, steel.outOfAction(view(5), new Set()))).toEqual({ why: "bothRed" });
    expect(noDefence({ bout: landing, defenderThrew: "white" }, null)).toBeNull();
    expect(noDefence(null, steel.outOfAction(view(5), new Set(["prone"])))).toBeNull();
  });
});

// "Melee Combat" (the secret throw: red or white) and "Posture" (declared with it, where the GM allows postures).
describe("checkThrow: the secret throw as declared", () => {
  it("red or white, a bare colour neutral; a posture only where postures are allowed; anything else refused", () => {
    expect(checkThrow("red", false)).toEqual({ ok: true, value: { throw: "red", posture: "neutral" } });
    expect(checkThrow({ throw: "white", posture: "defensive" }, true)).toEqual({ ok: true, value: { throw: "white", posture: "defensive" } });
    expect(checkThrow({ throw: "white", posture: "neutral" }, false)).toEqual({ ok: true, value: { throw: "white", posture: "neutral" } });
    const refused = (choice: unknown, allowed: boolean) => {
      const r = checkThrow(choice, allowed);
      return r.ok ? "ok" : r.refusal.code;
    };
    expect(refused({ throw: "red", posture: "aggressive" }, false)).toBe("declare.noPostures");
    expect([refused("green", true), refused({ throw: "red", posture: "wild" }, true), refused(null, true), refused(undefined, true)]).toEqual(["declare.badChoice", "declare.badChoice", "declare.badChoice", "declare.badChoice"]);
  });
});
