// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt), "1. Movement" and
// "Engagement Example": whoever fights declares whom he engages, at what range
// and with which weapon; a blow is struck only within an engagement, with a
// weapon that reaches its range ("Inigo cannot attack Bors (because Bors is
// outside the range of his dagger)"); Frederico, who got away routing, is
// engaged by nobody and so struck by nobody.
import { describe, expect, it } from "vitest";
import { meleeBlowRefusal, phasesMachine, startPhases, type DeclarationInput, type PhasesCommand, type PhasesState } from "../../../../src/engine/time/phases";
import { postedReach } from "../../../../src/engine/rulesets/phases/engagement";

const SEED = "seed 001_e84cf39f805b9fd9.txt";
const sword = { min: "touch", max: "reach" } as const;
const spear = { min: "reach", max: "close" } as const;
const dagger = { min: "touch", max: "touch" } as const;

function run(state: PhasesState, ...commands: PhasesCommand[]): PhasesState {
  return commands.reduce((s, c) => {
    const r = phasesMachine.apply(s, c);
    if (!r.ok) throw new Error(`${c.type}: ${r.refusal.code}`);
    return r.value.state;
  }, state);
}
const declare = (combatantId: string, declaration: DeclarationInput): PhasesCommand => ({ type: "declare", combatantId, declaration });

describe(`${SEED}, "1. Movement" and "Engagement Example": a blow only within an engagement, with a weapon that reaches it`, () => {
  const start = startPhases(["alberto", "bors", "frederico", "inigo"].map((id) => ({ id })));
  if (!start.ok) throw new Error("start");
  const declared = run(
    start.value,
    declare("alberto", { action: "melee", movement: "hustle", opponents: ["frederico"], range: "reach", weapon: "sword", reach: sword }),
    declare("bors", { action: "melee", movement: "hustle", opponents: ["inigo"], range: "close", weapon: "spear", reach: spear }),
    declare("frederico", { action: "rout", movement: "sprint" }),
    declare("inigo", { action: "melee", movement: "hustle", opponents: ["bors"], range: "touch", weapon: "dagger", reach: dagger }),
  );
  const rolled = run(declared, { type: "setInitiative", totals: { bors: 18, inigo: 13, frederico: 11, alberto: 10 } });

  it("Bors strikes Inigo, engaged at Close, with his spear", () => {
    expect(meleeBlowRefusal(rolled, "bors", "inigo", spear)).toBeNull();
  });
  it("Inigo cannot strike Bors with his dagger: Bors is at Close, beyond a dagger's reach", () => {
    expect(meleeBlowRefusal(rolled, "inigo", "bors", dagger)).toBe("outOfReach");
  });
  // Issue 32 leftovers: a blow card whose weapon item was deleted before it resolved was checked against a
  // stand-in reach of Touch to Far, so Inigo's dagger blow at Bors would have landed; the card now carries the reach.
  it("Inigo's dagger blow, posted on a card and its dagger deleted, is still checked against the dagger's Touch: refused at Close", () => {
    const stored = JSON.parse(JSON.stringify({ reach: dagger })).reach;
    expect(postedReach(stored)).toEqual(dagger);
    expect(meleeBlowRefusal(rolled, "inigo", "bors", postedReach(stored))).toBe("outOfReach");
    expect(meleeBlowRefusal(rolled, "inigo", "bors", { min: "touch", max: "far" })).toBeNull();
  });
  it("a card's reach that does not read (none, an unknown range, nearest beyond farthest) is none", () => {
    expect(postedReach(undefined)).toBeNull();
    expect(postedReach({ min: "touch", max: "lance" })).toBeNull();
    expect(postedReach({ min: "close", max: "touch" })).toBeNull();
    expect(postedReach({ min: "reach", max: "close" })).toEqual(spear);
  });
  it("Bors cannot strike with a weapon that does not reach Close either (a sword, or none)", () => {
    expect(meleeBlowRefusal(rolled, "bors", "inigo", sword)).toBe("outOfReach");
    expect(meleeBlowRefusal(rolled, "bors", "inigo", null)).toBe("outOfReach");
  });
  it("nobody strikes Frederico, who got away routing and is engaged with nobody", () => {
    expect(meleeBlowRefusal(rolled, "alberto", "frederico", sword)).toBe("notEngaged");
    expect(meleeBlowRefusal(rolled, "bors", "frederico", spear)).toBe("notEngaged");
  });
  it("says nothing before the round's engagements are settled (declarations still open)", () => {
    expect(meleeBlowRefusal(declared, "alberto", "frederico", sword)).toBeNull();
  });
});
