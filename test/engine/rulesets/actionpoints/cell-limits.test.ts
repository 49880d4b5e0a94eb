// Seed 002_e3c6bc76ba013433.txt names its action costs and Fatigue costs without
// printing them (only standing up, 4 AP, is its own figure): ours are defaults
// the GM changes cell by cell in the settings form. Each cell's limits, as the
// form offers them and the engine's reader refuses anything outside.
import { describe, expect, it } from "vitest";
import { AP_TABLE_LIMITS, DEFAULT_AP_TABLES, readApTables, STAND_UP_COST } from "../../../../src/engine/rulesets/actionpoints";

const code = (r: ReturnType<typeof readApTables>) => (r.ok ? "ok" : [r.refusal.code, r.refusal.data]);
const costs = (i: number, cell: Record<string, unknown>) => ({ actionCosts: DEFAULT_AP_TABLES.actionCosts.map((a, j) => (j === i ? { ...a, ...cell } : a)) });

describe("seed 002: the action and Fatigue costs, cell by cell", () => {
  it("standing up costs the seed's 4 AP; ours for the rest are defaults", () => {
    expect(DEFAULT_AP_TABLES.actionCosts.find((a) => a.id === "stand")?.ap).toBe(STAND_UP_COST);
    expect(STAND_UP_COST).toBe(4);
    expect(AP_TABLE_LIMITS).toEqual({ ap: { min: 1, max: 40 }, fatigue: { min: 0, max: 20 }, checkMultiplier: { min: 1, max: 10 }, shieldBashDamage: { min: 0, max: 20 } });
  });

  it("an action's AP is a whole number from 1 to 40 and its kind movement, mixed or combat; the refusal names the cell", () => {
    expect(code(readApTables(costs(2, { ap: 1 })))).toBe("ok");
    expect(code(readApTables(costs(2, { ap: 40 })))).toBe("ok");
    expect(code(readApTables(costs(2, { ap: 0 })))).toEqual(["actionpoints.tables.row", { where: "actionCosts.2.ap" }]);
    expect(code(readApTables(costs(2, { ap: 41 })))).toEqual(["actionpoints.tables.row", { where: "actionCosts.2.ap" }]);
    expect(code(readApTables(costs(2, { ap: 2.5 })))).toEqual(["actionpoints.tables.row", { where: "actionCosts.2.ap" }]);
    expect(code(readApTables(costs(3, { kind: "magic" })))).toEqual(["actionpoints.tables.row", { where: "actionCosts.3.kind" }]);
  });

  it("a Fatigue cost is a whole number from 0 to 20; the two figures keep their own limits", () => {
    expect(code(readApTables({ defenceFatigue: { ...DEFAULT_AP_TABLES.defenceFatigue, dodge: 20 } }))).toBe("ok");
    expect(code(readApTables({ defenceFatigue: { ...DEFAULT_AP_TABLES.defenceFatigue, dodge: 21 } }))).toEqual(["actionpoints.tables.cost", { where: "defenceFatigue.dodge" }]);
    expect(code(readApTables({ advantageFatigue: { ...DEFAULT_AP_TABLES.advantageFatigue, riposte: -1 } }))).toEqual(["actionpoints.tables.cost", { where: "advantageFatigue.riposte" }]);
    expect(code(readApTables({ checkMultiplier: 11 }))).toEqual(["actionpoints.tables.number", { where: "checkMultiplier", min: 1, max: 10 }]);
    expect(code(readApTables({ shieldBashDamage: null }))).toEqual(["actionpoints.tables.number", { where: "shieldBashDamage", min: 0, max: 20 }]);
    const read = readApTables({ checkMultiplier: 10, shieldBashDamage: 0 });
    expect(read.ok && [read.value.checkMultiplier, read.value.shieldBashDamage]).toEqual([10, 0]);
  });
});
