// Seed 000_4377b2da58f3a52b.txt as a whole: the stat blocks, derived values ("Shock and Pain", "Blood Loss",
// "Exchange of Blows" light penalties, "Higher Footing"), the token bar, the armory figures and the strings.
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { initialValues, statKeys, type Stat, type StatBlock } from "../../../../src/engine/rulesets/stats";
import {
  CORE_MANEUVERS,
  STEEL_EVENT_TYPES,
  STEEL_REFUSALS,
  steel,
  steelStats,
  armourPenalty,
  lightPenalty,
  roundPool,
  roundPoolSize,
  BODY_PARTS,
  TERRAIN_TABLE,
  PACES,
} from "../../../../src/engine/rulesets/steel";
import { boutsMachine, startBouts } from "../../../../src/engine/time/bouts";

const root = resolve(import.meta.dirname, "../../../..");
const lang = JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8"));
const has = (key: string) => typeof key.split(".").reduce<any>((o, k) => o?.[k], lang) === "string";
const armory = JSON.parse(readFileSync(resolve(root, "tools/armory/steel.json"), "utf8"));

/** Problems of `values` against `block`: missing or extra keys, wrong kinds, values outside limits. */
function validate(block: StatBlock, values: Record<string, unknown>, path: string): string[] {
  const out: string[] = [];
  const keys = Object.keys(block);
  for (const k of Object.keys(values)) if (!keys.includes(k)) out.push(`${path}.${k}: not in the block`);
  for (const [k, stat] of Object.entries(block) as [string, Stat][]) {
    const v = values[k];
    const p = `${path}.${k}`;
    if (v === undefined) out.push(`${p}: missing`);
    else if (stat.kind === "integer" || stat.kind === "number") {
      if (typeof v !== "number" || (stat.kind === "integer" && !Number.isInteger(v))) out.push(`${p}: not a number`);
      else if ((stat.min !== undefined && v < stat.min) || (stat.max !== undefined && v > stat.max)) out.push(`${p}: ${v} outside limits`);
    } else if (stat.kind === "boolean" && typeof v !== "boolean") out.push(`${p}: not a boolean`);
    else if (stat.kind === "text" && typeof v !== "string") out.push(`${p}: not text`);
    else if (stat.kind === "choice" && !stat.choices.includes(v as string)) out.push(`${p}: ${String(v)} not a choice`);
    else if (stat.kind === "group") out.push(...validate(stat.fields, v as Record<string, unknown>, p));
  }
  return out;
}

const actor = (over: Record<string, unknown> = {}) => ({
  stats: { ...initialValues(steelStats.actor), ...over } as never,
  weapons: [],
  armor: [],
  shields: [],
  maneuvers: [],
  skills: [],
});

describe("seed 000 stat blocks", () => {
  it("initial values satisfy their own limits", () => {
    for (const [kind, block] of Object.entries(steelStats)) expect(validate(block, initialValues(block) as never, kind)).toEqual([]);
  });
  it("every label, hint and choice label is in lang/en.json", () => {
    const missing = Object.values(steelStats).flatMap((b) => statKeys(b)).filter((k) => !has(k));
    expect(missing).toEqual([]);
  });
  it("every event, refusal, maneuver, part, terrain row and pace has its string", () => {
    const keys = [
      ...STEEL_EVENT_TYPES.map((t) => `BOUT.Steel.Event.${t}`),
      ...Object.values(STEEL_REFUSALS).map((r) => r.key),
      ...CORE_MANEUVERS.flatMap((m) => [`BOUT.Steel.Maneuver.${m.slug}.Name`, `BOUT.Steel.Maneuver.${m.slug}.Description`]),
      ...BODY_PARTS.map((p) => `BOUT.Steel.Part.${p}`),
      ...TERRAIN_TABLE.map((r) => `BOUT.Steel.Terrain.${r.slug}`),
      ...PACES.map((p) => `BOUT.Steel.Pace.${p}`),
    ];
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });
  it("every Combat Pool step and every bouts refusal has its string", () => {
    const steps = roundPool({ base: 9, armourPenalty: 1, pain: 1, fatigue: 1, light: "dim", healthNow: 1, higherFooting: true, gmModifier: 1, shockCarry: 1 }).steps;
    expect(steps).toHaveLength(9);
    expect(steps.map((x) => x.key).filter((k) => !has(k))).toEqual([]);
    const src = readFileSync(resolve(root, "src/engine/time/bouts.ts"), "utf8");
    const keys = [...src.matchAll(/no\("[A-Za-z]+", "([A-Za-z]+)"/g)].map((m) => `BOUT.Time.Bouts.Refusal.${m[1]}`);
    expect(keys.length).toBeGreaterThan(15);
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });
  it("every derived value has a label; the tracker view's keys exist", () => {
    const d = steel.derive(actor() as never);
    expect(Object.values(d).flatMap((v) => [v.label, ...(v.hint ? [v.hint] : [])]).filter((k) => !has(k))).toEqual([]);
    const s = startBouts([{ id: "b", combatants: [{ id: "x", reflex: 4, pool: 8 }, { id: "y", reflex: 5, pool: 8 }] }]);
    if (!s.ok) throw new Error("start");
    const t = boutsMachine.apply(s.value, { type: "reveal", boutId: "b", choices: { x: "red", y: null } });
    if (!t.ok) throw new Error("reveal");
    const v = boutsMachine.view(t.value.state);
    const labels = [v.step, ...v.groups.flatMap((g) => [g.label, ...g.notes]), ...v.rows.flatMap((r) => r.badges.map((b) => b.label))];
    expect(labels.map((l) => l.key).filter((k) => !has(k))).toEqual([]);
  });
});

describe("seed 000 derived values and the token bar", () => {
  it("Combat Pool = Reflex + Proficiency less armour and the Pain Will does not cancel", () => {
    // Reflex (6+4)/2 = 5; pool 5 + 6 = 11; pain 5 − Will 3 = 2 → 9.
    const d = steel.derive(actor({ agility: 6, wit: 4, proficiency: 6, pain: 5, willpower: 3 }) as never);
    expect(d.reflex?.value).toBe(5);
    expect(d.effectivePain?.value).toBe(2);
    expect(d.combatPool?.value).toBe(9);
  });
  it("equipped armour and shields only; leg armour's penalty is cancelled on horseback", () => {
    const a = armory.armor;
    const legs = { av: 3, cpPenalty: 1, covers: { head: false, neck: false, arms: false, torso: false, legs: true } };
    expect(armourPenalty([a["plate-harness"].stats, legs], [armory.shields["pavise"].stats])).toBe(7);
    expect(armourPenalty([a["plate-harness"].stats, legs], [], true)).toBe(3);
  });
  it("light: dim −1, moonlight a quarter, darkness half, nothing for those who see in the dark", () => {
    expect(lightPenalty(10, "dim")).toBe(1);
    expect(lightPenalty(10, "moonlight")).toBe(3);
    expect(lightPenalty(10, "darkness")).toBe(5);
    expect(lightPenalty(10, "darkness", true)).toBe(0);
    expect(roundPool({ base: 12, armourPenalty: 2, light: "darkness", higherFooting: true }).pool).toBe(7);
  });
  it("the pool alone (a whole bout's refresh, issue 35) is the pool roundPool works out with its steps, for any parts", () => {
    const part = fc.option(fc.integer({ min: -3, max: 12 }), { nil: undefined });
    fc.assert(
      fc.property(
        fc.record({ base: fc.integer({ min: 0, max: 24 }), armourPenalty: part, pain: part, fatigue: part, light: fc.option(fc.constantFrom("bright" as const, "dim" as const, "moonlight" as const, "darkness" as const), { nil: undefined }), seesInDark: fc.option(fc.boolean(), { nil: undefined }), healthNow: part, higherFooting: fc.option(fc.boolean(), { nil: undefined }), gmModifier: part, shockCarry: part }),
        (input) => {
          const full = roundPool(input);
          expect(roundPoolSize(input)).toBe(full.pool);
          expect(full.steps[0]).toEqual({ key: "BOUT.Steel.Pool.Base", change: input.base });
        },
      ),
    );
  });
  it("vitality is Health now out of Health, edited at healthNow", () => {
    const a = actor({ health: 5, healthNow: 3 });
    expect(steel.vitality(a as never, steel.derive(a as never))).toEqual({ value: 3, max: 5, path: "healthNow" });
  });
});

describe("tools/armory/steel.json against the steel stat blocks", () => {
  const need = {
    weapons: "unarmed hooves dagger rondel-dagger arming-sword longsword greatsword rapier sabre falchion hand-axe war-axe dane-axe mace war-hammer morning-star flail quarterstaff club short-spear long-spear pike halberd poleaxe glaive lance javelin throwing-axe sling short-bow longbow composite-bow light-crossbow heavy-crossbow",
    armor: "padded-jack leather-jerkin mail-shirt mail-hauberk brigandine coat-of-plates plate-harness open-helm great-helm",
    shields: "buckler round-shield heater-shield kite-shield pavise",
    npcs: "town-guard duellist archer mounted-knight warhorse wolf bandit",
  };
  it("has every required slug", () => {
    for (const [section, slugs] of Object.entries(need)) for (const s of slugs.split(" ")) expect(armory[section][s], `${section}.${s}`).toBeDefined();
  });
  it("every stats object holds exactly its block's keys within limits, and names its source", () => {
    const blocks: Record<string, StatBlock> = { weapons: steelStats.weapon, armor: steelStats.armor, shields: steelStats.shield, maneuvers: steelStats.maneuver, skills: steelStats.skill, npcs: steelStats.actor, party: steelStats.actor };
    const problems: string[] = [];
    for (const [section, block] of Object.entries(blocks)) {
      for (const [slug, entry] of Object.entries<any>(armory[section])) {
        if (entry.source !== "seed" && entry.source !== "default") problems.push(`${section}.${slug}: source`);
        problems.push(...validate(block, entry.stats, `${section}.${slug}`));
      }
    }
    expect(problems).toEqual([]);
  });
  it("NPCs list no kit of their own (the catalog's kit serves every ruleset); maneuvers match the engine's core list", () => {
    // An NPC may name the fighting style it plays by at the table (issue 33); nothing else beside its figures.
    for (const [slug, npc] of Object.entries<any>({ ...armory.npcs, ...armory.party })) expect(Object.keys(npc).filter((k) => k !== "style").sort(), slug).toEqual(["source", "stats"]);
    for (const m of CORE_MANEUVERS) expect(armory.maneuvers[m.slug]).toMatchObject({ source: m.source, stats: m.stats });
    expect(Object.keys(armory.maneuvers)).toHaveLength(CORE_MANEUVERS.length);
  });
  it("the reach ladder follows the seed's examples (daggers 0, arming swords and flails 2, spears 3, long spears and pole arms 4, pikes and lances 5)", () => {
    const r = (s: string) => armory.weapons[s].stats.reach;
    expect([r("dagger"), r("hand-axe"), r("arming-sword"), r("flail"), r("greatsword"), r("short-spear"), r("long-spear"), r("halberd"), r("pike"), r("lance")]).toEqual([0, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });
});
