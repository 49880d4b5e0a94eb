// Seed 004_2f46e4f6196f6037.txt: [12.3] IV, [14.1] TMR, [15] modAG, [17.1] strike chance, [17.5] Defense, [21] unarmed —
// the ruleset's derived values and token bar, and every lang key the ruleset and its tracker use.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { initialValues, statKeys, type StatValues } from "../../../../src/engine/rulesets/stats";
import { getRuleset } from "../../../../src/engine/rulesets/registry";
import {
  ATTACK_KINDS,
  PULSE_REFUSALS,
  armourTotals,
  derivePulse,
  pulse,
  pulseStats,
  unarmedBaseChance,
  unarmedDamageBonus,
  type PulseStats,
} from "../../../../src/engine/rulesets/pulse";
import type { ActorView } from "../../../../src/engine/rulesets/ruleset";

const item = <V>(id: string, stats: V, equipped = true) => ({ id, name: id, equipped, stats });
const actor = (over: Partial<StatValues<PulseStats["actor"]>> = {}): ActorView<PulseStats> => ({
  stats: { ...initialValues(pulseStats.actor), ps: 16, md: 17, ag: 18, pc: 12, ...over },
  weapons: [item("sword", { ...initialValues(pulseStats.weapon), baseChance: 55, ranked: true, rank: 3, minMD: 10 })],
  armor: [
    item("mail", { ...initialValues(pulseStats.armor), protection: 4, agPenalty: 2, mdPenalty: 1, tmrPenalty: 1 }),
    item("helm", { ...initialValues(pulseStats.armor), protection: 1, agPenalty: 1, grievousDamage: 0 }),
    item("spare", { ...initialValues(pulseStats.armor), protection: 9, agPenalty: 9 }, false),
  ],
  shields: [item("kite", { ...initialValues(pulseStats.shield), defense: 6 })],
  maneuvers: [],
  skills: [],
});

describe("seed 004 derived values", () => {
  it("modAG, modMD and TMR after worn armour only; Defense = modAG + shield; IV; strike chance", () => {
    const d = derivePulse(actor());
    expect(d.modAG!.value).toBe(15);
    expect(d.modMD!.value).toBe(16);
    expect(d.tmr!.value).toBe(4);
    expect(d.protection!.value).toBe(5);
    expect(d.defense!.value).toBe(21);
    expect(d.iv!.value).toBe(15 + 12 + 3);
    expect(d.strikeChance!.value).toBe(55 + 16 + 12);
  });
  it("[18] grievous injuries lower a piece's protection by 2 each", () => {
    expect(armourTotals([{ protection: 4, agPenalty: 0, mdPenalty: 0, tmrPenalty: 0, grievousDamage: 1 }]).protection).toBe(2);
    expect(armourTotals([{ protection: 4, agPenalty: 0, mdPenalty: 0, tmrPenalty: 0, grievousDamage: 3 }]).protection).toBe(0);
  });
  it("[21] unarmed: base modAG x 2 + PS over 15; damage +1 per 3 PS over 15", () => {
    expect(unarmedBaseChance(15, 18)).toBe(33);
    expect(unarmedBaseChance(15, 12)).toBe(30);
    expect(unarmedDamageBonus(21)).toBe(2);
    expect(unarmedDamageBonus(17)).toBe(0);
    const a = actor({ unarmedRank: 2 });
    const bare = { ...a, weapons: [item("hands", { ...initialValues(pulseStats.weapon), use: "unarmed" as const, baseChance: 0 })] };
    // modAG 15 x 2 + 1 = 31, ranked through Unarmed Combat 2: + modMD 16 + 8.
    expect(derivePulse(bare).strikeChance!.value).toBe(55);
  });
  it("[20] MD below the weapon's minimum costs 5% per point", () => {
    const a = actor({ md: 12 });
    const heavy = { ...a, weapons: [item("pick", { ...initialValues(pulseStats.weapon), baseChance: 50, minMD: 14, ranked: false })] };
    expect(derivePulse(heavy).strikeChance!.value).toBe(40);
  });
  it("the token bar is Endurance now, written back to enduranceNow", () => {
    expect(pulse.vitality(actor({ endurance: 17, enduranceNow: 9 }) as never, {})).toEqual({ value: 9, max: 17, path: "enduranceNow" });
  });
  it("the registry holds this ruleset", () => {
    expect(getRuleset("pulse")).toBe(pulse);
    expect(pulse.time).toBe("pulses");
  });
});

describe("lang/en.json has every key the ruleset and the pulse tracker name", () => {
  const lang = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../../lang/en.json"), "utf8"));
  const has = (key: string) => typeof key.split(".").reduce<any>((o, k) => o?.[k], lang) === "string";
  it("stat labels, hints and choices", () => {
    const keys = Object.values(pulseStats).flatMap((block) => statKeys(block));
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });
  it("derived labels, refusals, attack-type terms", () => {
    const d = derivePulse(actor());
    const keys = [
      ...Object.values(d).flatMap((v) => [v.label, ...(v.hint ? [v.hint] : [])]),
      ...Object.values(PULSE_REFUSALS).map((r) => r.message),
      ...ATTACK_KINDS.map((k) => `BOUT.Pulse.Term.Attack.${k}`),
    ];
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });
  it("every event type and term key named in the sources", () => {
    const dir = resolve(import.meta.dirname, "../../../../src/engine/rulesets/pulse");
    const files = ["strike.ts", "damage.ts", "wounds.ts", "checks.ts", "parry.ts", "close-combat.ts", "after-combat.ts", "attack.ts"];
    const missing: string[] = [];
    for (const f of files) {
      const code = readFileSync(resolve(dir, f), "utf8");
      for (const [, t] of code.matchAll(/pulseEvent\("([A-Za-z]+)"/g)) if (!has(`BOUT.Pulse.Event.${t}`)) missing.push(t!);
      for (const line of code.split("\n").filter((l) => l.includes("pulseEvent("))) {
        for (const [, t] of line.matchAll(/"([A-Z][A-Za-z]+)"/g)) if (t !== "Passed" && t !== "Failed" && !has(`BOUT.Pulse.Event.${t}`)) missing.push(t!);
      }
      for (const [, t] of code.matchAll(/\$\{T\}([A-Za-z]+)`/g)) if (!has(`BOUT.Pulse.Term.${t}`)) missing.push(t!);
    }
    for (const check of ["Fall", "WeaponMishap", "StunRecovery", "PoisonHandling"]) {
      for (const r of ["Passed", "Failed"]) if (!has(`BOUT.Pulse.Event.${check}${r}`)) missing.push(check + r);
    }
    expect(missing).toEqual([]);
  });
  it("tracker keys", () => {
    const code = readFileSync(resolve(import.meta.dirname, "../../../../src/engine/time/pulses.ts"), "utf8");
    const missing: string[] = [];
    for (const [, k] of code.matchAll(/label\("([A-Za-z.]+)"/g)) if (!has(`BOUT.Time.Pulses.${k}`)) missing.push(k!);
    for (const [, k] of code.matchAll(/no\("[a-zA-Z]+", "([A-Za-z]+)"/g)) if (!has(`BOUT.Time.Pulses.Refusal.${k}`)) missing.push(k!);
    expect(missing).toEqual([]);
  });
});
