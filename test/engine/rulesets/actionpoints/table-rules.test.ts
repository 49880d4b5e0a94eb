// Issue 19, seed 002_e3c6bc76ba013433.txt: rules the table used to decide
// itself, now engine functions. II.b (movement and an attack as one mixed
// action), V.b.iii and V.d (the armour a blow meets; failure at the critical's
// location only), IV.c.i.3 (a critical through a successful Shield Block).
// Exact dice throughout.
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import { actionpoints, armourAbsorption, armourFailures, armourFor, attackAction, classifyAttack, critDieAdjustment, critThroughBlockReading, failedLocations, mayPayFatigue, resolveAttack, type ArmourPiece } from "../../../../src/engine/rulesets/actionpoints";
import { actingNow, actionPhasesMachine, startActionPhases, type ActionPhasesCommand, type ActionPhasesState } from "../../../../src/engine/time/action-phases";
import { exchange, value } from "./fixtures";

describe("seed 002 II: an attack after movement is one mixed action", () => {
  it("II.c: an attack alone is a single combat action of its cost (up to 12)", () => {
    expect(value(attackAction(6, 0))).toEqual({ points: 6, kind: "combat" });
  });
  it("II.b: move 4, then attack 6: one mixed action of 10", () => {
    expect(value(attackAction(6, 4))).toEqual({ points: 10, kind: "mixed" });
  });
  it("refuses a negative or fractional movement", () => {
    expect(attackAction(6, -1).ok).toBe(false);
    expect(attackAction(6, 1.5).ok).toBe(false);
  });
});

describe("seed 002 II.b in the action phases: a move from the tracker, then the attack, is one action of the phase", () => {
  const run = (s: ActionPhasesState, ...cmds: ActionPhasesCommand[]) => cmds.reduce((st, c) => value(actionPhasesMachine.apply(st, c)).state, s);
  const code = (s: ActionPhasesState, c: ActionPhasesCommand) => {
    const r = actionPhasesMachine.apply(s, c);
    return r.ok ? "ok" : r.refusal.code;
  };
  const ada = (s: ActionPhasesState) => s.combatants.find((c) => c.id === "ada")!;
  const start = () => value(startActionPhases([{ id: "ada", pool: 20 }, { id: "bran", pool: 15 }]));

  it("Ada moves 4, then attacks for 6 in the same phase: one mixed action of 10, and only then is Bran's turn", () => {
    const moved = run(start(), { type: "spend", combatantId: "ada", points: 4, kind: "movement" });
    // Her action is under way: she is still the one acting, with 16 left, and the phase has not moved on.
    expect([moved.phase, actingNow(moved), ada(moved).pool, ada(moved).action]).toEqual([1, ["ada"], 16, { points: 4, kind: "movement" }]);
    expect(code(moved, { type: "spend", combatantId: "bran", points: 6, kind: "combat" })).toBe("actionPhases.outOfTurn");
    const struck = run(moved, { type: "spend", combatantId: "ada", points: 6, kind: "combat" });
    expect([struck.phase, ada(struck).pool, ada(struck).actedThisPhase, ada(struck).action, actingNow(struck)]).toEqual([1, 10, true, undefined, ["bran"]]);
  });

  it("after a move of 4 an attack of 8 is more than one mixed action: 6 now, 2 finished next phase", () => {
    const s = run(start(), { type: "spend", combatantId: "ada", points: 4, kind: "movement" }, { type: "spend", combatantId: "ada", points: 8, kind: "combat" });
    expect([ada(s).pool, ada(s).continuing]).toEqual([10, { remaining: 2, kind: "mixed" }]);
  });

  it("a move that fills the action ends it; holding after a move keeps the rest for the next phase; the next phase ends an open action", () => {
    const full = run(start(), { type: "spend", combatantId: "ada", points: 10, kind: "movement" });
    expect([ada(full).actedThisPhase, actingNow(full)]).toEqual([true, ["bran"]]);
    const held = run(start(), { type: "spend", combatantId: "ada", points: 3, kind: "movement" }, { type: "hold", combatantId: "ada" });
    expect([ada(held).pool, ada(held).actedThisPhase, ada(held).action]).toEqual([17, true, undefined]);
    const open = run(start(), { type: "spend", combatantId: "ada", points: 3, kind: "movement" }, { type: "nextPhase" });
    expect([open.phase, ada(open).action, ada(open).actedThisPhase]).toEqual([2, undefined, false]);
  });
});

describe("seed 002 V: the crit die is adjusted (\"Crit Die Damage (per adjusted roll)\")", () => {
  it("a critical with a crit die of 8 goes to Fatigue; adjusted by the GM's +2 it reaches 10 and goes to Body", () => {
    // 03 against TSC 60, undefended: a critical. Crit die 8; bonus d10 4; location d100 60 (the arm). 40 Fatigue to take it.
    const dice = () => new FixedDice({ 100: [3, 60], 10: [8, 4] });
    const blow = exchange("none", { d: { fatigueNow: 40 } });
    const plain = value(resolveAttack(blow, dice()));
    // 6 + 6 + 1 + 8 = 21 less 3 = 18, and the bonus 4: 22, all from Fatigue.
    expect(plain.result.damage).toMatchObject({ critDie: 8, delivered: 22, toFatigue: 22, toBody: 0 });
    const adjusted = value(resolveAttack({ ...blow, critDieModifier: 2 }, dice()));
    // 6 + 6 + 1 + 10 = 23 less armour 3 = 20, and the bonus 4: 24, all to Body.
    expect(adjusted.result.damage).toMatchObject({ critDie: 10, delivered: 24, toFatigue: 0, toBody: 24 });
  });
  it("the adjustment is a whole number within ±10 (ours); none when absent", () => {
    expect([critDieAdjustment(undefined), critDieAdjustment(-10), critDieAdjustment(10)]).toEqual([{ ok: true, value: 0 }, { ok: true, value: -10 }, { ok: true, value: 10 }]);
    for (const bad of [11, -11, 1.5, "2"]) expect(critDieAdjustment(bad).ok).toBe(false);
  });
});

describe("seed 002 IV.c and VI: Fatigue paid for an active defence or a Combat Advantage", () => {
  it("a fighter with 2 Fatigue left pays a 2-point dodge, not a 3-point one", () => {
    expect([mayPayFatigue(2, 2), mayPayFatigue(3, 2), mayPayFatigue(0, 0)]).toEqual([true, false, true]);
  });
});

describe("seed 002 V.b.iii and V.d: the armour a blow meets", () => {
  const mail: ArmourPiece = { absorption: 3, weight: "light", failed: false };
  const plate: ArmourPiece = { absorption: 5, weight: "heavy", failed: false };
  it("pieces worn together do not add up: the best piece counts (our reading), the heaviest weight for Dodge", () => {
    expect(armourFor([mail, plate], null)).toEqual({ absorption: 5, weight: "heavy", failed: false });
    expect(armourAbsorption([mail, plate], null)).toBe(5);
  });
  it("the sheet's armour figure is the card's: derive shows armourAbsorption with no location", () => {
    const pieces = [mail, { ...plate, failedAt: "arm" }];
    const view = { stats: { bap: 10, str: 12, agi: 12, con: 12, fatigue: 20, fatigueNow: 20, body: 15, bodyNow: 15, kneeling: false }, armor: pieces.map((stats, i) => ({ id: `a${i}`, name: "x", equipped: true, stats })), weapons: [], shields: [], skills: [], maneuvers: [] };
    expect(actionpoints.derive(view as never).armourAbsorption?.value).toBe(armourAbsorption(pieces, null));
    expect(armourAbsorption(pieces, null)).toBe(5);
  });
  it("V.d: failed at the arm, the armour absorbs 2 less on a blow at the arm only: 5 → 3 there, 5 at the leg and with no location", () => {
    const failed = { ...plate, failedAt: "arm" };
    expect([armourAbsorption([failed], "arm"), armourAbsorption([failed], "leg"), armourAbsorption([failed], null)]).toEqual([3, 5, 5]);
    // With mail 3 worn too, a blow at the failed arm meets the better piece there (mail 3 beats plate 5 - 2 = 3: equal, 3).
    expect(armourAbsorption([mail, failed], "arm")).toBe(3);
  });
  it("a piece ticked failed as a whole absorbs 2 less everywhere", () => {
    expect(armourAbsorption([{ ...mail, failed: true }], null)).toBe(1);
  });
  it("V.d: a critical at the leg adds the leg to each piece's failed locations, once", () => {
    const pieces = [{ id: "m", ...mail, failedAt: "arm" }, { id: "p", ...plate, failedAt: "leg" }];
    expect(armourFailures(pieces, "leg")).toEqual([{ id: "m", failedAt: "arm,leg" }]);
    expect(failedLocations("arm, nowhere ,leg")).toEqual(["arm", "leg"]);
  });
  it("V.d in the attack: a critical at the arm (location 60) leaves armour failed; the next blow at the arm meets 2 less", () => {
    // Undefended: attack 05 (critical), crit die 4, bonus die 2, location 60 (arm: 51-75).
    const first = value(resolveAttack(exchange("none"), new FixedDice({ 100: [5, 60], 10: [4, 2] })));
    expect(first.result.damage?.critical?.location).toBe("arm");
    const pieces = armourFailures([{ id: "m", absorption: 3, weight: "light", failed: false }], "arm");
    expect(pieces).toEqual([{ id: "m", failedAt: "arm" }]);
    const worn = [{ absorption: 3, weight: "light" as const, failed: false, failedAt: "arm" }];
    // Next blow, at the arm: 45 hits, crit die 4: 6 + 6 + 1 + 4 = 17, less armour 1 = 16. At the chest: less 3 = 14.
    const atArm = value(resolveAttack(exchange("none", { d: { armour: armourFor(worn, "arm") } }), new FixedDice({ 100: [45], 10: [4] })));
    const atChest = value(resolveAttack(exchange("none", { d: { armour: armourFor(worn, "chest") } }), new FixedDice({ 100: [45], 10: [4] })));
    expect([atArm.result.damage?.armourAbsorbs, atArm.result.damage?.delivered]).toEqual([1, 16]);
    expect([atChest.result.damage?.armourAbsorbs, atChest.result.damage?.delivered]).toEqual([3, 14]);
  });
});

describe("seed 002 IV.c.i.3: a critical through a successful Shield Block", () => {
  it("by default (our reading) it lands 'as though a normal attack had succeeded': shield and armour absorb, no bonus die, no critical location", () => {
    // Block 30 against 40 succeeds; attack 05 is a critical; crit die 3: 6 + 6 + 1 + 3 = 16, less shield 4 and armour 3 = 9.
    const r = value(resolveAttack(exchange("activeShield"), new FixedDice({ 100: [30, 5, 95], 10: [3] })));
    expect([r.result.outcome, r.result.criticalAsNormal, r.result.criticalCounts]).toEqual(["hit", true, false]);
    expect(r.result.damage).toMatchObject({ attackerDamage: 16, shieldAbsorbs: 4, armourAbsorbs: 3, bonus: 0, delivered: 9, critical: null });
    expect(r.events.map((e) => e.type)).toContain("criticalAsNormal");
  });
  it("through a failed block a critical stays a critical (the reading touches only a successful block)", () => {
    const c = classifyAttack(exchange("activeShield"), 90, 5);
    expect([c.outcome, c.criticalCounts, c.criticalAsNormal]).toEqual(["hit", true, false]);
  });
  it("the setting reads unknown values as the default", () => {
    expect([critThroughBlockReading("critical"), critThroughBlockReading("normal"), critThroughBlockReading("x"), critThroughBlockReading(undefined)]).toEqual(["critical", "normal", "normal", "normal"]);
  });
  it("refuses a reading that is not one of the two", () => {
    expect(resolveAttack({ ...exchange("activeShield"), critThroughBlock: "x" as never }, new FixedDice({ 100: [30, 5], 10: [3] })).ok).toBe(false);
  });
});
