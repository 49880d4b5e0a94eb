// Seed 002: figures, derived values, token bar, armory table and strings.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { initialValues, statKeys, type Stat, type StatBlock } from "../../../../src/engine/rulesets/stats";
import { AP_EVENT_TYPES, AP_REFUSALS, DEFAULT_CRITICAL_EFFECTS, actionpoints, actionPointsStats } from "../../../../src/engine/rulesets/actionpoints";

const root = resolve(import.meta.dirname, "../../../..");
const lang = JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8"));
const has = (key: string) => typeof key.split(".").reduce<any>((o, k) => o?.[k], lang) === "string";
const item = (stats: object, equipped = true) => ({ id: "i", name: "i", equipped, stats });
const view = (over: Record<string, unknown> = {}, armor: object[] = []) =>
  ({ stats: { ...initialValues(actionPointsStats.actor), ...over }, weapons: [], armor: armor.map((a) => item(a)), shields: [], maneuvers: [], skills: [] }) as never;

function validate(block: StatBlock, values: Record<string, unknown>, path: string): string[] {
  const out: string[] = [];
  for (const k of Object.keys(values)) if (!(k in block)) out.push(`${path}.${k}: not in the block`);
  for (const [k, stat] of Object.entries(block) as [string, Stat][]) {
    const v = values[k];
    if (v === undefined) out.push(`${path}.${k}: missing`);
    else if (stat.kind === "integer" && (!Number.isInteger(v) || (stat.min !== undefined && (v as number) < stat.min) || (stat.max !== undefined && (v as number) > stat.max))) out.push(`${path}.${k}: ${String(v)}`);
    else if (stat.kind === "choice" && !stat.choices.includes(v as string)) out.push(`${path}.${k}: ${String(v)}`);
    else if (stat.kind === "text" && typeof v !== "string") out.push(`${path}.${k}: not text`);
    else if (stat.kind === "boolean" && typeof v !== "boolean") out.push(`${path}.${k}: not boolean`);
  }
  return out;
}

describe("the actionpoints ruleset (seed 002)", () => {
  it("derives the pool range from BAP and the worst armour modifier, and Strength's damage", () => {
    const d = actionpoints.derive(view({ bap: 10, str: 13, con: 12 }, [{ absorption: 5, weight: "medium", apModifier: -2, failed: false }, { absorption: 1, weight: "light", apModifier: 0, failed: false }]));
    expect([d.armourApModifier?.value, d.poolLow?.value, d.poolHigh?.value, d.strLight?.value, d.strOther?.value, d.armourAbsorption?.value, d.deathAt?.value]).toEqual([-2, 9, 18, 3, 6, 5, -12]);
  });
  it("puts Body Points on the token bar", () => {
    expect(actionpoints.vitality(view({ bodyNow: 9, body: 15 }), {})).toEqual({ value: 9, max: 15, path: "bodyNow" });
  });
  it("has every string it names", () => {
    const keys = [
      ...Object.values(actionPointsStats).flatMap((b) => statKeys(b as StatBlock)),
      ...AP_EVENT_TYPES.map((t) => `BOUT.ActionPoints.Event.${t}`),
      ...Object.values(AP_REFUSALS).map((r) => r.key),
      ...Object.values(DEFAULT_CRITICAL_EFFECTS),
      ...Object.values(actionpoints.derive(view())).flatMap((d) => [d.label, ...(d.hint ? [d.hint] : [])]),
    ];
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });
  it("ships armory figures for every required slug, inside the limits", () => {
    const armory = JSON.parse(readFileSync(resolve(root, "tools/armory/actionpoints.json"), "utf8"));
    const catalog = JSON.parse(readFileSync(resolve(root, "tools/armory/catalog.json"), "utf8"));
    const problems: string[] = [];
    for (const [section, block] of [["weapons", actionPointsStats.weapon], ["armor", actionPointsStats.armor], ["shields", actionPointsStats.shield], ["npcs", actionPointsStats.actor], ["party", actionPointsStats.actor]] as const) {
      for (const slug of Object.keys(catalog[section])) {
        const entry = armory[section]?.[slug];
        if (!entry) problems.push(`${section}.${slug}: missing`);
        else problems.push(...validate(block as StatBlock, entry.stats, `${section}.${slug}`));
      }
    }
    for (const [slug, entry] of Object.entries<any>(armory.skills)) problems.push(...validate(actionPointsStats.skill, entry.stats, `skills.${slug}`));
    expect(problems).toEqual([]);
  });
});
