// Issue 31 "Who is in the fight" and "In what state": the roster (who fights: not defeated, not out of action),
// what brings a fight's members to it, when a timed condition ends, and each ruleset's reading of "cannot act":
// seed 000 "Blood Loss" (Health 0: a coma), 002 V (unconscious at 0 Body Points, dead at minus the Constitution),
// 004 [19] (Endurance 3 or less: unconscious, 0: dead), 001's tracks (the world's Incapacitated and Dead levels),
// and the table's own conditions in every ruleset.
import { describe, expect, it } from "vitest";
import { fightRoster, rosterChanges, whyOutside } from "../../../src/engine/time/roster";
import { conditionEndsAt, conditionOver } from "../../../src/engine/time/condition-time";
import { RULESETS } from "../../../src/engine/rulesets/registry";
import { initialValues } from "../../../src/engine/rulesets/stats";
import type { ActorView, RulesetId } from "../../../src/engine/rulesets/ruleset";

const entry = (id: string, defeated = false, outOfAction = false) => ({ id, defeated, outOfAction });

describe("the roster: who is in the fight", () => {
  it("every combatant neither defeated nor out of action, in the encounter's order", () => {
    expect(fightRoster([entry("ada"), entry("bran", true), entry("cole", false, true), entry("dara")])).toEqual(["ada", "dara"]);
  });
  it("the members follow it: the gone, the defeated and the fallen leave; newcomers and the woken join", () => {
    // Bran was removed from the encounter, Cole fell, Dara was added, Egil woke.
    expect(rosterChanges(["ada", "bran", "cole"], [entry("ada"), entry("cole", false, true), entry("dara"), entry("egil")])).toEqual({ leave: ["bran", "cole"], join: ["dara", "egil"] });
    expect(rosterChanges(["ada"], [entry("ada")])).toEqual({ leave: [], join: [] });
  });
});

describe("why a combatant is outside the fight's order (issue 32 shell audit: one reason, the tracker's and a refused action's)", () => {
  it("core's defeated mark first, though its dead condition also makes him out of action; then the ruleset's reason; else not yet joined", () => {
    const dead = { key: "BOUT.OutOfAction.Dead" };
    expect(whyOutside({ defeated: true, outOfAction: dead })).toEqual({ kind: "defeated" });
    expect(whyOutside({ defeated: false, outOfAction: { key: "BOUT.OutOfAction.Coma" } })).toEqual({ kind: "outOfAction", why: { key: "BOUT.OutOfAction.Coma" } });
    expect(whyOutside({ defeated: false, outOfAction: null })).toEqual({ kind: "joining" });
  });
});

describe("a timed condition ends when the world's clock reaches it", () => {
  it("a steel knockout of 7 seconds set at 100 s ends at 107 s: not at 106, at 107 and after", () => {
    expect(conditionEndsAt(100, 7)).toBe(107);
    expect([106, 107, 110].map((now) => conditionOver(107, now))).toEqual([false, true, true]);
  });
  it("a condition with no end lasts until someone clears it", () => {
    expect([conditionOver(undefined, 1e9), conditionOver(null, 1e9), conditionOver(Number.NaN, 1e9)]).toEqual([false, false, false]);
  });
});

/** A blank actor of a ruleset with some figures changed. */
function actor(id: RulesetId, stats: Record<string, unknown>): ActorView {
  return { stats: { ...initialValues(RULESETS[id].stats.actor), ...stats } as never, weapons: [], armor: [], shields: [], maneuvers: [], skills: [] };
}
const out = (id: RulesetId, stats: Record<string, unknown>, statuses: string[] = []) => RULESETS[id].outOfAction(actor(id, stats) as never, new Set(statuses))?.key ?? null;

describe("out of action: a fighter who cannot act at all", () => {
  it("every ruleset: the table's Dead and Unconscious conditions, whoever set them", () => {
    for (const id of ["steel", "phases", "actionpoints", "opposed", "pulse"] as const) {
      expect([out(id, {}), out(id, {}, ["unconscious"]), out(id, {}, ["dead", "unconscious"]), out(id, {}, ["prone", "stun"])]).toEqual([null, "BOUT.OutOfAction.Unconscious", "BOUT.OutOfAction.Dead", null]);
    }
  });
  it("seed 000 'Blood Loss': at Health 0 the character enters a coma, condition or not; at Health 1 he still fights", () => {
    expect([out("steel", { healthNow: 0 }), out("steel", { healthNow: 1 })]).toEqual(["BOUT.OutOfAction.Coma", null]);
  });
  it("seed 004 [19]: Endurance 3 or less is unconscious, 0 dead; a monster of Endurance 5 or less does not faint", () => {
    expect([out("pulse", { endurance: 15, enduranceNow: 3 }), out("pulse", { endurance: 15, enduranceNow: 4 }), out("pulse", { endurance: 15, enduranceNow: 0 }, ["unconscious"])]).toEqual(["BOUT.OutOfAction.Unconscious", null, "BOUT.OutOfAction.Dead"]);
    expect(out("pulse", { endurance: 5, enduranceNow: 2, monster: true })).toBeNull();
  });
  it("seed 002 V: unconscious at 0 Body Points, dead at minus the Constitution", () => {
    expect([out("actionpoints", { bodyNow: 1, con: 12 }), out("actionpoints", { bodyNow: 0, con: 12 }), out("actionpoints", { bodyNow: -12, con: 12 })]).toEqual([null, "BOUT.OutOfAction.Unconscious", "BOUT.OutOfAction.Dead"]);
  });
  it("seed 001: the world's tracks say who is out (ours: Incapacitated and Dead wound levels, Unconscious from fatigue)", () => {
    expect([out("phases", { woundsLeft: 5, fatigueLeft: 5 }), out("phases", { woundsLeft: 1 }), out("phases", { woundsLeft: 0 }), out("phases", { fatigueLeft: 0 })]).toEqual([null, "BOUT.OutOfAction.Incapacitated", "BOUT.OutOfAction.Dead", "BOUT.OutOfAction.Unconscious"]);
  });
});
