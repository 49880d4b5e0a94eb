// The Movement-phase declaration (seed 001_e84cf39f805b9fd9.txt, "1. Movement"
// and the Initiative Modifiers Table) as the GM's client builds it from a
// player's form: figures come from the documents, impossible engagements are
// refused with the reason, and the dialog's odds are the stress die's.
import { beforeAll, describe, expect, it } from "vitest";
import { installGlobalClient } from "../harness/world";
import { buildDeclaration, declarationFields, declarationOdds, readDeclarationForm, revealCommands } from "../../src/table/phases/declaration";
import { startPhases, type PhasesState } from "../../src/engine/time/phases";

beforeAll(() => {
  installGlobalClient();
});

const weapon = (id: string, name: string, stats: Record<string, unknown>) => ({
  id,
  name,
  stats: { initiative: 0, attack: 0, defense: 0, damage: 0, range: "reach", minRange: "touch", missile: false, piercing: false, ...stats } as never,
});
const rider = {
  stats: { initiative: 2, ride: 3 } as never,
  weapons: [weapon("lance", "Lance", { initiative: 1, range: "close", minRange: "reach" }), weapon("bow", "Short bow", { initiative: 4, range: "far", minRange: "close", missile: true })],
};
const state = (startPhases([{ id: "a" }, { id: "b" }]) as { value: PhasesState }).value;

describe("building a declaration from the form", () => {
  it("a mounted charge takes the lance's score and reach and the rider's Ride; a player's modifier is dropped", () => {
    const built = buildDeclaration(state, "a", rider, { action: "melee", movement: "gallop", weaponId: "lance", range: "close", opponents: ["b"], horseback: true, charging: true, runUpRoom: true, gmModifier: 5 }, false);
    expect(built).toEqual({
      ok: true,
      value: expect.objectContaining({ weapon: "Lance", score: 3, reach: { min: "reach", max: "close" }, missile: false, horseback: true, ride: 3, charging: true, gmModifier: 0, opponents: ["b"] }),
    });
    const byGm = buildDeclaration(state, "a", rider, { action: "melee", weaponId: "lance", range: "close", opponents: ["b"], gmModifier: -2 }, true);
    expect(byGm.ok && byGm.value.gmModifier).toBe(-2);
  });

  it("Ride counts only on horseback (Initiative Modifiers Table)", () => {
    const built = buildDeclaration(state, "a", rider, { action: "move", movement: "walk" }, false);
    expect(built.ok && built.value.ride).toBe(0);
  });

  it("refuses what cannot be done, each with its own reason", () => {
    const code = (form: object) => {
      const r = buildDeclaration(state, "a", rider, form as never, false);
      return r.ok ? "ok" : r.refusal.code;
    };
    expect(code({ action: "melee", weaponId: "lance", range: "touch", opponents: ["b"] })).toBe("phases.declare.outOfReach");
    expect(code({ action: "missile", weaponId: "lance", range: "near" })).toBe("phases.declare.noMissileWeapon");
    expect(code({ action: "missile", weaponId: "bow", range: "reach" })).toBe("phases.declare.tooCloseToShoot");
    expect(code({ action: "melee", weaponId: "someone-elses", range: "close" })).toBe("phases.declare.notCarried");
    expect(code({ action: "melee", weaponId: "lance", range: "close", opponents: ["a"] })).toBe("phases.badOpponent");
    expect(code({ action: "melee", weaponId: "lance", range: "close", opponents: ["b"], gmModifier: 1.5 })).toBe("phases.declare.badModifier");
    expect(code({ action: "dance" })).toBe("phases.badAction");
    expect(code({ action: "missile", weaponId: "bow", range: "near" })).toBe("ok");
  });

  it("reads the dialog: opponents from their checkboxes, no modifier unless the GM's dialog had one", () => {
    expect(readDeclarationForm({ action: "melee", movement: "", weaponId: "lance", range: "close", "opponent-b": true, "opponent-c": false, charging: true }, ["b", "c"])).toEqual({
      action: "melee",
      movement: "stand",
      weaponId: "lance",
      opponents: ["b"],
      range: "close",
      evading: false,
      defence: "none",
      horseback: false,
      highGround: false,
      charging: true,
      runUpRoom: false,
    });
    const fields = declarationFields(rider, [{ id: "b", name: "Bran" }], false);
    expect(fields.map((f) => f.name)).not.toContain("gmModifier");
    expect(fields.find((f) => f.name === "opponent-b")).toMatchObject({ label: "BOUT.Phases.Declare.Field.Engage", labelData: { name: "Bran" } });
    expect(declarationFields(rider, [], true).map((f) => f.name)).toContain("gmModifier");
  });

  it("nobody who stayed silent is left out of the reveal: they stand and do nothing", () => {
    expect(revealCommands({ a: { action: "move" }, b: null })).toEqual([
      { type: "declare", combatantId: "a", declaration: { action: "move" } },
      { type: "declare", combatantId: "b", declaration: { action: "none" } },
    ]);
  });
});

describe("the declaration dialog's odds", () => {
  it("the stress die carrying the Initiative bonus (2 + lance 1 = 3) to 7: a first 4-9 (0.6), or a first 1, after which every chain doubles to 4 or more (0.1)", () => {
    const odds = declarationOdds(rider, { weaponId: "lance", action: "melee" });
    expect(odds.rows[0]).toMatchObject({ label: "BOUT.Phases.Declare.Odds.Reach", data: { total: 7 } });
    expect(odds.rows[0]!.probability).toBeCloseTo(0.7, 12);
    // Routing adds 6 (Initiative Modifiers Table): the same first row now needs 1 on the die.
    const routing = declarationOdds(rider, { weaponId: "lance", action: "rout" });
    expect(routing.rows[0]!.data).toEqual({ total: 13 });
  });
});
