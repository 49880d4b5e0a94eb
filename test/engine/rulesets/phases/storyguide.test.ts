// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt), the storyguide's rulings on
// any fighter ("1. Movement"): "Storyguides should feel free to impose additional
// modifiers as seem appropriate to a specific situation"; the charge's running
// start is "adjudicated by the storyguide" (Initiative Modifiers Table, second
// footnote); hustling covers "less on broken ground or in the dark". And the
// "Engagement Example": a fighter who has no blow to strike is told why.
import { describe, expect, it } from "vitest";
import { moveBeyondMode, movementAllowance, phasesMachine, startPhases, type PhasesState } from "../../../../src/engine/time/phases";
import { playerDeclaration } from "../../../../src/engine/time/phases-declaration";
import { strikeRefusal } from "../../../../src/engine/time/phases-strikes";
import { declare, run } from "../../time/phases-run";

const SEED = "seed 001_e84cf39f805b9fd9.txt";
const sword = { min: "touch", max: "reach" } as const;
const spear = { min: "reach", max: "close" } as const;
const dagger = { min: "touch", max: "touch" } as const;
const FIGURES = { qik: 2, enc: -1, athletics: 0, ride: 0, woundPenalty: 0, fatiguePenalty: 0 };

const begin = (...ids: string[]): PhasesState => {
  const s = startPhases(ids.map((id) => ({ id })));
  if (!s.ok) throw new Error("start");
  return s.value;
};
const refusal = (s: PhasesState, cmd: unknown) => {
  const r = phasesMachine.apply(s, cmd as never);
  return r.ok ? "ok" : r.refusal.code;
};
const totalOf = (s: PhasesState, id: string) => s.combatants.find((c) => c.id === id)?.total;

describe(`${SEED}, "1. Movement": the storyguide's Initiative modifier reaches any fighter`, () => {
  it("a player's declared modifier is dropped; the GM's ruling of +2 on Ada adds to her stress die 6 + score 3 = 11", () => {
    const mine = playerDeclaration({ action: "melee", opponents: ["bran"], range: "reach", score: 3, gmModifier: 9 });
    expect(mine.gmModifier).toBeUndefined();
    let s = run(begin("ada", "bran"), declare("ada", mine), declare("bran", { action: "none" }));
    s = run(s, { type: "rule", combatantId: "ada", initiative: 2 });
    s = run(s, { type: "setInitiative", rolls: { ada: 6, bran: 4 } });
    expect(totalOf(s, "ada")).toBe(11);
    expect(totalOf(s, "bran")).toBe(4);
  });

  it("the ruling may come before anyone declares; once the total is rolled it may not change (the engagements stand on it)", () => {
    let s = run(begin("ada", "bran"), { type: "rule", combatantId: "ada", initiative: -3 });
    s = run(s, declare("ada", { action: "none", score: 3 }), declare("bran", { action: "none" }), { type: "setInitiative", rolls: { ada: 6, bran: 4 } });
    expect(totalOf(s, "ada")).toBe(6);
    expect(refusal(s, { type: "rule", combatantId: "ada", initiative: 1 })).toBe("phases.rulingTooLate");
    // Sent again unchanged (the GM's form sends every field), it is no change at all.
    expect(refusal(s, { type: "rule", combatantId: "ada", initiative: -3, hustleLess: 0, runUp: null })).toBe("ok");
    expect(refusal(s, { type: "rule", combatantId: "ada", initiative: 1.5 })).toBe("phases.notNumber");
  });

  it("the modifier is for the round: the next round's declarations start without it", () => {
    let s = run(begin("ada"), { type: "rule", combatantId: "ada", initiative: 4, hustleLess: 5 }, declare("ada", { action: "none" }), { type: "setInitiative", rolls: { ada: 1 } });
    s = run(s, { type: "nextRound" });
    expect(s.combatants[0]!.ruling).toEqual({ hustleLess: 5 });
  });
});

describe(`${SEED}, Initiative Modifiers Table, second footnote: the run-up is the storyguide's to allow`, () => {
  const charge = { action: "melee", opponents: ["bran"], range: "reach", charging: true, runUpRoom: true } as const;

  it("a player's charge asks for the run-up and gets nothing until the GM allows it: 5 without, 5 + 3 with", () => {
    const asked = playerDeclaration(charge);
    expect(asked).toMatchObject({ runUpRoom: false, runUpAsked: true });
    const declared = run(begin("ada", "bran"), declare("ada", asked), declare("bran", { action: "none" }));
    expect(declared.combatants[0]!.declaration).toMatchObject({ charging: true, runUpRoom: false, runUpAsked: true });
    expect(totalOf(run(declared, { type: "setInitiative", rolls: { ada: 5, bran: 1 } }), "ada")).toBe(5);
    const allowed = run(declared, { type: "rule", combatantId: "ada", runUp: true });
    expect(totalOf(run(allowed, { type: "setInitiative", rolls: { ada: 5, bran: 1 } }), "ada")).toBe(8);
  });

  it("the GM's own declaration rules it at once; the GM may still refuse it after", () => {
    const declared = run(begin("ada", "bran"), declare("ada", charge), declare("bran", { action: "none" }));
    expect(totalOf(run(declared, { type: "setInitiative", rolls: { ada: 5, bran: 1 } }), "ada")).toBe(8);
    const refused = run(declared, { type: "rule", combatantId: "ada", runUp: false });
    expect(totalOf(run(refused, { type: "setInitiative", rolls: { ada: 5, bran: 1 } }), "ada")).toBe(5);
  });

  it("only a charge asks: a run-up ticked without charging asks nothing", () => {
    expect(playerDeclaration({ action: "move", runUpRoom: true })).not.toHaveProperty("runUpAsked");
  });
});

describe(`${SEED}, "1. Movement" and the Movement Table: hustling covers less on broken ground or in the dark`, () => {
  const moving = (hustleLess?: number) => {
    let s = begin("ada");
    if (hustleLess !== undefined) s = run(s, { type: "rule", combatantId: "ada", hustleLess });
    return run(s, declare("ada", { action: "move", movement: "hustle" }), { type: "setInitiative", rolls: { ada: 3 } });
  };

  it("hustle 15 + Qik 2 + Enc -1 = 16 paces; with 6 less for the ground, 10: 10 allowed, 10.5 refused", () => {
    expect(movementAllowance(moving(), "ada", FIGURES)).toEqual({ mode: "hustle", paces: 16, less: 0 });
    expect(movementAllowance(moving(6), "ada", FIGURES)).toEqual({ mode: "hustle", paces: 10, less: 6 });
    expect(moveBeyondMode(moving(6), "ada", FIGURES, 10)).toBeNull();
    expect(moveBeyondMode(moving(6), "ada", FIGURES, 10.5)).toMatchObject({ paces: 10, less: 6, moved: 10.5 });
  });

  it("a walk or a sprint is not cut (the seed names the hustle); the ground can be ruled until the Movement phase is over", () => {
    let s = run(begin("ada"), { type: "rule", combatantId: "ada", hustleLess: 6 }, declare("ada", { action: "move", movement: "walk" }), { type: "setInitiative", rolls: { ada: 3 } });
    expect(movementAllowance(s, "ada", FIGURES)).toEqual({ mode: "walk", paces: 11, less: 0 });
    s = run(s, { type: "rule", combatantId: "ada", hustleLess: 2 });
    s = run(s, { type: "next" });
    expect(s.phase).not.toBe("movement");
    expect(refusal(s, { type: "rule", combatantId: "ada", hustleLess: 4 })).toBe("phases.rulingTooLate");
    expect(refusal(s, { type: "rule", combatantId: "ada", hustleLess: -1 })).toBe("phases.notNumber");
  });
});

describe(`${SEED}, "Engagement Example": a fighter who cannot strike is told why, not that it is not its turn`, () => {
  const declared = run(
    begin("alberto", "bors", "frederico", "inigo"),
    declare("alberto", { action: "melee", movement: "hustle", opponents: ["frederico"], range: "reach", weapon: "sword", reach: sword }),
    declare("bors", { action: "melee", movement: "hustle", opponents: ["inigo"], range: "close", weapon: "spear", reach: spear }),
    declare("frederico", { action: "rout", movement: "sprint" }),
    declare("inigo", { action: "melee", movement: "hustle", opponents: ["bors"], range: "touch", weapon: "dagger", reach: dagger }),
  );
  let melee = run(declared, { type: "setInitiative", totals: { bors: 18, inigo: 13, frederico: 11, alberto: 10 } });
  for (let i = 0; i < 10 && melee.phase !== "melee"; i++) melee = run(melee, { type: "next" });

  it("in the Melee phase only Bors has a turn; Inigo's dagger does not reach Bors at Close; Frederico got away from Alberto", () => {
    expect(melee.order).toEqual(["bors"]);
    expect(strikeRefusal(melee, "bors", "inigo", false, spear)).toBeNull();
    expect(strikeRefusal(melee, "inigo", "bors", false, dagger)).toEqual({ code: "outOfReach", range: "close" });
    expect(strikeRefusal(melee, "alberto", "frederico", false, sword)).toEqual({ code: "escaped" });
    // Frederico routs: he strikes no blow at all.
    expect(strikeRefusal(melee, "frederico", "alberto", false, null)).toEqual({ code: "notFighting" });
    // Alberto at someone he never engaged.
    expect(strikeRefusal(melee, "alberto", "inigo", false, sword)).toEqual({ code: "notEngaged" });
  });

  it("out of its phase a blow is refused for the phase; once Bors has struck, again for having acted", () => {
    expect(strikeRefusal(run(declared, { type: "setInitiative", totals: { bors: 18, inigo: 13, frederico: 11, alberto: 10 } }), "bors", "inigo", false, spear)).toEqual({ code: "wrongPhase" });
    const struck = run(melee, { type: "act", combatantId: "bors" });
    expect(strikeRefusal({ ...struck, phase: "melee", stage: "act", acted: ["bors"], order: ["bors"], turn: 1 }, "bors", "inigo", false, spear)).toEqual({ code: "alreadyActed" });
  });
});
