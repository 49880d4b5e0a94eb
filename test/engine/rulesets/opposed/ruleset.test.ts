// Seed 003: the ruleset's figures, derived values, token bar, the armory table
// and every string it names.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { initialValues, statKeys, type Stat, type StatBlock } from "../../../../src/engine/rulesets/stats";
import { DEFAULT_CRITICAL_TABLE, OPPOSED_EVENT_TYPES, OPPOSED_REFUSALS, OOPS_TABLE, DIFFICULTIES, opposed, opposedStats, skillItemTarget } from "../../../../src/engine/rulesets/opposed";

const root = resolve(import.meta.dirname, "../../../..");
const lang = JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8"));
const has = (key: string) => typeof key.split(".").reduce<any>((o, k) => o?.[k], lang) === "string";
const view = (over: Record<string, unknown> = {}) => ({ stats: { ...initialValues(opposedStats.actor), ...over } as never, weapons: [], armor: [], shields: [], maneuvers: [], skills: [] });

function validate(block: StatBlock, values: Record<string, unknown>, path: string): string[] {
  const out: string[] = [];
  for (const k of Object.keys(values)) if (!(k in block)) out.push(`${path}.${k}: not in the block`);
  for (const [k, stat] of Object.entries(block) as [string, Stat][]) {
    const v = values[k];
    if (v === undefined) out.push(`${path}.${k}: missing`);
    else if (stat.kind === "integer" && (!Number.isInteger(v) || (stat.min !== undefined && (v as number) < stat.min) || (stat.max !== undefined && (v as number) > stat.max))) out.push(`${path}.${k}: ${String(v)}`);
    else if (stat.kind === "boolean" && typeof v !== "boolean") out.push(`${path}.${k}: not a boolean`);
    else if (stat.kind === "choice" && !stat.choices.includes(v as string)) out.push(`${path}.${k}: ${String(v)}`);
  }
  return out;
}

describe("the opposed ruleset (seed 003)", () => {
  it("derives the characteristic bonuses, skill targets and movement", () => {
    const d = opposed.derive(view({ s: 34, t: 41, ws: 38, meleeAdvances: 10, move: 5, size: "large" }) as never);
    expect([d.sBonus?.value, d.tBonus?.value, d.melee?.value, d.walk?.value, d.run?.value, d.sizeModifier?.value]).toEqual([3, 4, 48, 10, 20, 20]);
  });
  it("any other skill (Intimidate, Athletics, Cool ...) tests its characteristic plus advances; without the skill, the bare characteristic (our reading)", () => {
    const a = { ...initialValues(opposedStats.actor), fel: 30, ag: 35, wp: 40 } as never;
    expect(skillItemTarget(a, { characteristic: "fel", advances: 15 })).toBe(45);
    expect(skillItemTarget(a, undefined, "ag")).toBe(35);
    expect(skillItemTarget(a, { characteristic: "wp", advances: 5 }, "ag")).toBe(45);
  });
  it("puts Wounds left on the token bar and lets the bar edit them", () => {
    expect(opposed.vitality(view({ woundsNow: 7, wounds: 12 }) as never, {})).toEqual({ value: 7, max: 12, path: "woundsNow" });
  });
  it("has every string it names", () => {
    const keys = [
      ...Object.values(opposedStats).flatMap((b) => statKeys(b as StatBlock)),
      ...OPPOSED_EVENT_TYPES.map((t) => `BOUT.Opposed.Event.${t}`),
      ...Object.values(OPPOSED_REFUSALS).map((r) => r.key),
      ...Object.values(DEFAULT_CRITICAL_TABLE).flatMap((bands) => bands.map((b) => b.value)),
      ...OOPS_TABLE.map((b) => `BOUT.Opposed.Oops.${b.value}`),
      ...Object.keys(DIFFICULTIES).map((k) => `BOUT.Opposed.Difficulty.${k}`),
      ...Object.values(opposed.derive(view() as never)).flatMap((d) => [d.label, ...(d.hint ? [d.hint] : [])]),
    ];
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });
  it("ships armory figures for every required slug, inside the blocks' limits", () => {
    const armory = JSON.parse(readFileSync(resolve(root, "tools/armory/opposed.json"), "utf8"));
    const catalog = JSON.parse(readFileSync(resolve(root, "tools/armory/catalog.json"), "utf8"));
    const problems: string[] = [];
    for (const [section, block] of [["weapons", opposedStats.weapon], ["armor", opposedStats.armor], ["shields", opposedStats.shield], ["npcs", opposedStats.actor], ["party", opposedStats.actor], ["skills", opposedStats.skill]] as const) {
      for (const slug of Object.keys(catalog[section] ?? armory[section])) {
        const entry = armory[section]?.[slug];
        if (!entry) problems.push(`${section}.${slug}: missing`);
        else problems.push(...validate(block as StatBlock, entry.stats, `${section}.${slug}`));
      }
    }
    expect(problems).toEqual([]);
  });
});
