// Seed 000_4377b2da58f3a52b.txt names its damage tables ("Damage Types": cut, puncture, blunt and generic),
// its hit locations and its missile chart ("Resolving Hit Location") without printing them: a GM may replace
// ours. A table is taken whole or refused with the first fault, never half.
import { describe, expect, it } from "vitest";
import { DEFAULT_MISSILE_CHART, DEFAULT_STEEL_TABLES, DEFAULT_WOUND_TABLE, DEFAULT_ZONES, readMissileChart, readSteelTables, readWoundTable, readZones } from "../../../../src/engine/rulesets/steel";

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));
const code = (o: { ok: boolean; refusal?: { code: string; data?: Record<string, unknown> } }) => (o.ok ? "ok" : `${o.refusal!.code} ${o.refusal!.data?.where}`);

describe("GM tables for steel", () => {
  it("nothing stored means ours; our own tables read back unchanged through JSON", () => {
    expect(readSteelTables("")).toEqual({ ok: true, value: DEFAULT_STEEL_TABLES });
    expect(readWoundTable(clone(DEFAULT_WOUND_TABLE))).toEqual({ ok: true, value: DEFAULT_WOUND_TABLE });
    expect(readZones(clone(DEFAULT_ZONES))).toEqual({ ok: true, value: DEFAULT_ZONES });
    expect(readMissileChart(clone(DEFAULT_MISSILE_CHART))).toEqual({ ok: true, value: DEFAULT_MISSILE_CHART });
  });

  it("a changed entry is used; the others stay ours", () => {
    const wounds = clone(DEFAULT_WOUND_TABLE) as any;
    wounds.cut.shoulder[4].shock = 3;
    const read = readSteelTables({ woundTable: wounds });
    expect(read.ok && read.value.woundTable.cut.shoulder[4].shock).toBe(3);
    expect(read.ok && read.value.zones).toBe(DEFAULT_ZONES);
  });

  it("refuses a missing damage type, a short row, a bad entry, a duplicate or malformed zone, a short chart", () => {
    const noBlunt = clone(DEFAULT_WOUND_TABLE) as any;
    delete noBlunt.blunt;
    expect(code(readWoundTable(noBlunt))).toBe("steel.tables.missing blunt");
    const short = clone(DEFAULT_WOUND_TABLE) as any;
    short.cut.head.pop();
    expect(code(readWoundTable(short))).toBe("steel.tables.row cut.head");
    const negative = clone(DEFAULT_WOUND_TABLE) as any;
    negative.puncture.arm[1].pain = -1;
    expect(code(readWoundTable(negative))).toBe("steel.tables.entry puncture.arm.2.pain");
    const twice = clone(DEFAULT_ZONES) as any;
    twice[1].id = twice[0].id;
    expect(code(readZones(twice))).toBe("steel.tables.zone zones.1.id");
    const wrongPart = clone(DEFAULT_ZONES) as any;
    wrongPart[0].parts[2] = "tail";
    expect(code(readZones(wrongPart))).toBe("steel.tables.zone zones.0.parts");
    expect(code(readMissileChart(DEFAULT_MISSILE_CHART.slice(1)))).toBe("steel.tables.chart missileChart");
  });
});
