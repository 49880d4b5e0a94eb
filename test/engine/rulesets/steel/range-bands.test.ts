// Seed 000_4377b2da58f3a52b.txt "Missile Combat" 3b ("Apply all modifiers for
// Range") and 4 (aim dice adjust the location roll "based on the range (See Range
// Modifiers table)"): the seed names the table without printing it, so the
// bands are ours and the world's to change; readRangeBands checks what a GM's
// form or a stored setting holds, and a shot plays the band it is given.
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import { bandAt, DEFAULT_RANGE_BANDS, missileAttack, RANGE_BANDS, rangeBand, readRangeBands, shotAtn, shotBand, type MissileAttackInput, type RangeBand } from "../../../../src/engine/rulesets/steel";
import { noArmour } from "./helpers";

const refusal = (raw: unknown) => {
  const r = readRangeBands(raw);
  return r.ok ? "ok" : { code: r.refusal.code, message: r.refusal.message, ...r.refusal.data };
};

describe("readRangeBands (seed 000 'Missile Combat', the Range Modifiers table)", () => {
  it("ours: point blank and short at TN +0, medium +1, long +2, extreme +3; aim steps 2/1/1/0/0", () => {
    expect(DEFAULT_RANGE_BANDS.map((b) => [b.slug, b.tnModifier, b.stepsPerAimDie])).toEqual([
      ["pointBlank", 0, 2],
      ["short", 0, 1],
      ["medium", 1, 1],
      ["long", 2, 0],
      ["extreme", 3, 0],
    ]);
    expect(DEFAULT_RANGE_BANDS.map((b) => b.slug)).toEqual([...RANGE_BANDS]);
  });

  it("nothing stored (\"\", null, undefined) is ours", () => {
    for (const raw of ["", null, undefined]) expect(readRangeBands(raw)).toEqual({ ok: true, value: DEFAULT_RANGE_BANDS });
  });

  it("a band present is taken whole, in the table's order; a band left out stays ours", () => {
    const r = readRangeBands({ extreme: { tnModifier: 5, stepsPerAimDie: 0 }, medium: { tnModifier: 2, stepsPerAimDie: 3 } });
    expect(r.ok && r.value).toEqual([
      DEFAULT_RANGE_BANDS[0],
      DEFAULT_RANGE_BANDS[1],
      { slug: "medium", tnModifier: 2, stepsPerAimDie: 3, upTo: 60 },
      DEFAULT_RANGE_BANDS[3],
      { slug: "extreme", tnModifier: 5, stepsPerAimDie: 0, upTo: null },
    ]);
  });

  it("the limits themselves are sound: TN -10 to +10, aim steps 0 to 10", () => {
    const edge = readRangeBands({ pointBlank: { tnModifier: -10, stepsPerAimDie: 10 }, extreme: { tnModifier: 10, stepsPerAimDie: 0 } });
    expect(edge.ok).toBe(true);
  });

  it("refuses a figure that is not a whole number within its limits, naming the cell and the limits", () => {
    expect(refusal({ medium: { tnModifier: 11, stepsPerAimDie: 1 } })).toEqual({ code: "steel.rangeBands.figure", message: "BOUT.Steel.RangeBands.Refusal.Figure", where: "medium.tnModifier", min: -10, max: 10 });
    expect(refusal({ long: { tnModifier: 2, stepsPerAimDie: -1 } })).toMatchObject({ where: "long.stepsPerAimDie", min: 0, max: 10 });
    expect(refusal({ short: { tnModifier: 1.5, stepsPerAimDie: 1 } })).toMatchObject({ where: "short.tnModifier" });
    expect(refusal({ short: { tnModifier: "1", stepsPerAimDie: 1 } })).toMatchObject({ where: "short.tnModifier" });
    expect(refusal({ short: { tnModifier: 1 } })).toMatchObject({ where: "short.stepsPerAimDie" });
    expect(refusal({ pointBlank: 3 })).toMatchObject({ where: "pointBlank.tnModifier" });
  });

  it("refuses a table that is not laid out by band", () => {
    for (const raw of [[], 3, "short", true]) expect(refusal(raw), JSON.stringify(raw)).toEqual({ code: "steel.rangeBands.shape", message: "BOUT.Steel.RangeBands.Refusal.Shape" });
  });

  it("ours reach 3, 20, 60 and 150 yards, Extreme everything farther; a band stored without a reach keeps ours", () => {
    expect(DEFAULT_RANGE_BANDS.map((b) => b.upTo)).toEqual([3, 20, 60, 150, null]);
    const r = readRangeBands({ short: { tnModifier: 1, stepsPerAimDie: 1 } });
    expect(r.ok && r.value[1]).toEqual({ slug: "short", tnModifier: 1, stepsPerAimDie: 1, upTo: 20 });
  });

  it("the world's reaches: whole yards from 1 to 5000, each band farther than the one before; Extreme's is not read", () => {
    const r = readRangeBands({ short: { tnModifier: 0, stepsPerAimDie: 1, upTo: 30 }, extreme: { tnModifier: 3, stepsPerAimDie: 0, upTo: 7 } });
    expect(r.ok && r.value.map((b) => b.upTo)).toEqual([3, 30, 60, 150, null]);
    expect(refusal({ short: { tnModifier: 0, stepsPerAimDie: 1, upTo: 0 } })).toMatchObject({ code: "steel.rangeBands.figure", where: "short.upTo", min: 1, max: 5000 });
    expect(refusal({ short: { tnModifier: 0, stepsPerAimDie: 1, upTo: 12.5 } })).toMatchObject({ where: "short.upTo" });
    expect(refusal({ medium: { tnModifier: 1, stepsPerAimDie: 1, upTo: 20 } })).toEqual({ code: "steel.rangeBands.order", message: "BOUT.Steel.RangeBands.Refusal.Order", where: "medium.upTo", band: "medium", before: "short" });
  });

  it("bandAt: the first band whose reach holds the distance (its edge included), else the last", () => {
    const at = (yards: number) => bandAt(DEFAULT_RANGE_BANDS, yards).slug;
    expect([0, 3, 3.1, 20, 20.5, 60, 61, 150, 151, 2000].map(at)).toEqual(["pointBlank", "pointBlank", "short", "short", "medium", "medium", "long", "long", "extreme", "extreme"]);
  });

  it("rangeBand finds a band by id and nothing for an id that is no band", () => {
    expect(rangeBand(DEFAULT_RANGE_BANDS, "long")).toBe(DEFAULT_RANGE_BANDS[3]);
    expect(rangeBand(DEFAULT_RANGE_BANDS, "orbit")).toBeUndefined();
  });
});

describe("a shot plays the world's band (seed 000 'Missile Combat' 3b and 4)", () => {
  const shot = (band: RangeBand): MissileAttackInput => ({
    shooterId: "archer",
    targetId: "guard",
    state: { roundsLeft: 0, ready: true, pool: 8, quickenCost: 0 },
    dice: 3,
    aimDice: 2,
    aim: 3,
    atn: 6,
    band,
    aimedPart: "chest",
    damage: 8,
    damageType: "puncture",
    toughness: 4,
    armour: noArmour,
    defence: null,
  });
  // Attack dice 8, 7, 6; then 2d6 = 5 + 6 = 11 (lower leg); 2 aim dice towards 7 (chest).
  const faces = () => new FixedDice([8, 7, 6, 5, 6]);

  it("our medium band: TN 6 + 1 = 7, two successes; each aim die moves the total 1 (11 to 9, the groin)", () => {
    const r = missileAttack(shot(rangeBand(DEFAULT_RANGE_BANDS, "medium")!), faces());
    expect(r.ok && r.value.result.attack.tn).toBe(7);
    expect(r.ok && r.value.result.attack.successes).toBe(2);
    expect(r.ok && r.value.result.hit).toMatchObject({ roll: 11, adjusted: 9, part: "groin" });
  });

  it("the world's medium band (TN +2, 2 points per aim die): TN 8, one success; aim moves 11 to 7, the chest", () => {
    const read = readRangeBands({ medium: { tnModifier: 2, stepsPerAimDie: 2 } });
    expect(read.ok).toBe(true);
    const r = missileAttack(shot(rangeBand(read.ok ? read.value : [], "medium")!), faces());
    expect(r.ok && r.value.result.attack.tn).toBe(8);
    expect(r.ok && r.value.result.attack.successes).toBe(1);
    expect(r.ok && r.value.result.hit).toMatchObject({ roll: 11, adjusted: 7, part: "chest" });
  });
});

// Seed 000 "Missile Combat" 3b ("Apply all modifiers for Range"): the band measured, else the GM's ruling, else Short (ours);
// the shot's ATN carries the band's modifier and the GM's.
describe("shotBand and shotAtn: the band a shot is at and its ATN", () => {
  it("measured yards decide; with nothing measured the GM's ruling, else Short; the ATN adds the band's and the GM's modifiers", () => {
    const bands = DEFAULT_RANGE_BANDS;
    expect(shotBand(bands, 3, "long")?.slug).toBe(bandAt(bands, 3).slug);
    expect(shotBand(bands, null, "long")?.slug).toBe("long");
    expect([shotBand(bands, null, undefined)?.slug, shotBand(bands, null, "")?.slug]).toEqual(["short", "short"]);
    expect(shotBand(bands, null, "nowhere")).toBeUndefined();
    expect(shotAtn(7, { tnModifier: 2 }, -1)).toBe(8);
    expect(shotAtn(7, { tnModifier: 2 })).toBe(9);
  });
});
