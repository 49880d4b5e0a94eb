// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt): the ruleset's figures, derived
// values (Movement Table, Missile Rate Table), token bar, armory table and every
// string it names, including the six-phase round machine's.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { initialValues, statKeys, type Stat, type StatBlock } from "../../../../src/engine/rulesets/stats";
import {
  DEFAULT_FATIGUE_TRACK,
  DEFAULT_WOUND_TRACK,
  missileRate,
  PHASES_EVENT_TYPES,
  PHASES_REFUSALS,
  phases,
  phasesStats,
  RANGES,
  MOVEMENT_MODES,
  TARGET_MOTIONS,
} from "../../../../src/engine/rulesets/phases";
import { RULESETS } from "../../../../src/engine/rulesets/registry";
import { ACTIONS, PHASE_IDS, PHASES_TIME_EVENTS, PHASES_TIME_REFUSALS } from "../../../../src/engine/time/phases";

const SEED = "seed 001_e84cf39f805b9fd9.txt";
const root = resolve(import.meta.dirname, "../../../..");
const lang = JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8"));
const has = (key: string) => typeof key.split(".").reduce<any>((o, k) => o?.[k], lang) === "string";
const item = <T,>(stats: T, equipped = true) => ({ id: "x", name: "x", equipped, stats });
const view = (over: Record<string, unknown> = {}, kit: { weapons?: unknown[]; armor?: unknown[]; shields?: unknown[] } = {}) =>
  ({ stats: { ...initialValues(phasesStats.actor), ...over }, weapons: kit.weapons ?? [], armor: kit.armor ?? [], shields: kit.shields ?? [], maneuvers: [], skills: [] }) as never;

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

describe(`the phases ruleset (${SEED})`, () => {
  it("is the registry's `phases` entry, timed by the six-phase machine", () => {
    expect(RULESETS.phases).toBe(phases);
    expect([phases.id, phases.time, phases.seed]).toEqual(["phases", "phases", "001_e84cf39f805b9fd9.txt"]);
  });

  it(`derives the Initiative, Attack, Defense, Damage and Soak scores and the Movement Table's paces ("1. Movement")`, () => {
    const sword = item({ ...initialValues(phasesStats.weapon), initiative: 1, attack: 3, defense: 1, damage: 5 });
    const shield = item({ defense: 3 });
    const mail = item({ protection: 5 });
    const d = phases.derive(view({ qik: 2, enc: -1, athletics: 3, ride: 4, initiative: 1, attack: 4, defense: 2, damage: 1, soak: 2, woundsLeft: 4, fatigueLeft: 3 }, { weapons: [sword], shields: [shield], armor: [mail, item({ protection: 9 }, false)] }));
    const v = Object.fromEntries(Object.entries(d).map(([k, x]) => [k, x.value]));
    expect(v).toEqual({
      initiative: 2, attack: 7, defense: 6, damage: 6, soak: 7, woundPenalty: -1, fatiguePenalty: -1,
      walk: 11, hustle: 16, sprint: 30 + 2 + 3 - 1 - 1 - 1, gallop: 54,
    });
  });

  it(`shows the Missile Rate Table's row for a ready missile weapon ("Missile Rate Table")`, () => {
    const crossbow = item({ ...initialValues(phasesStats.weapon), initiative: -12, missile: true, range: "far" });
    const d = phases.derive(view({}, { weapons: [crossbow] }));
    expect([d.missileFirst?.value, d.missileSecond?.value]).toEqual([2, 0]);
  });

  it("puts wound levels left on the token bar and lets the bar edit them", () => {
    expect(phases.vitality(view({ woundsLeft: 3 }), {})).toEqual({ value: 3, max: 5, path: "woundsLeft" });
  });

  it("has every string it names, the round machine's included", () => {
    const keys = [
      ...Object.values(phasesStats).flatMap((b) => statKeys(b as StatBlock)),
      ...PHASES_EVENT_TYPES.map((t) => `BOUT.Phases.Event.${t}`),
      ...Object.values(PHASES_REFUSALS).map((r) => r.key),
      ...[...DEFAULT_WOUND_TRACK, ...DEFAULT_FATIGUE_TRACK].map((l) => l.key),
      ...[-25, -15, -5, 5, 15].map((i) => missileRate(i).key),
      ...RANGES.map((r) => `BOUT.Phases.Range.${r}`),
      ...PHASE_IDS.flatMap((p) => [`BOUT.Phases.Phase.${p}`, `BOUT.Phases.Time.Step.Phase.${p}`, `BOUT.Phases.Time.Step.Empty.${p}`]),
      ...ACTIONS.flatMap((a) => [`BOUT.Phases.Action.${a}`, `BOUT.Phases.Time.Badge.Action.${a}`]),
      ...MOVEMENT_MODES.flatMap((m) => [`BOUT.Phases.Movement.${m}`, `BOUT.Phases.Time.Badge.Movement.${m}`]),
      ...TARGET_MOTIONS.map((m) => `BOUT.Phases.Motion.${m}`),
      ...RANGES.flatMap((r) => [`BOUT.Phases.Time.Note.Range.${r}`, `BOUT.Phases.Time.Badge.Range.${r}`]),
      ...PHASES_TIME_EVENTS.map((t) => `BOUT.Phases.Time.Event.${t}`),
      ...PHASES_TIME_REFUSALS.map((t) => `BOUT.Phases.Time.Refusal.${t}`),
      ...["Step.Declare", "Step.Initiative", "Step.RoundOver", "Group.Engagement", "Note.Contest", "Note.FirstStrike"].map((k) => `BOUT.Phases.Time.${k}`),
      ...["NextRound", "Undeclared", "Declared", "Total", "Tied", "FirstStrike", "CannotAttack", "Escaped", "Loaded", "Reloading"].map((k) => `BOUT.Phases.Time.Badge.${k}`),
      ...["Die", "InitiativeScore", "Ride", "HighGround", "Routing", "Charging", "Storyguide", "BaseEase", "RangeAdjustment", "Obscured", "TargetMotion", "TargetSize", "Defending", "Aimed", "Shield", "Attack", "FirstStrike", "Penalty"].map((k) => `BOUT.Phases.Part.${k}`),
      ...Object.values(phases.derive(view({}, { weapons: [item({ ...initialValues(phasesStats.weapon), missile: true })] }))).flatMap((d) => [d.label, ...(d.hint ? [d.hint] : [])]),
      phases.label,
      phases.hint,
    ];
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });

  it("ships armory figures for every catalog entry, inside the blocks' limits, all marked as our defaults", () => {
    const armory = JSON.parse(readFileSync(resolve(root, "tools/armory/phases.json"), "utf8"));
    const catalog = JSON.parse(readFileSync(resolve(root, "tools/armory/catalog.json"), "utf8"));
    const problems: string[] = [];
    for (const [section, block] of [["weapons", phasesStats.weapon], ["armor", phasesStats.armor], ["shields", phasesStats.shield], ["npcs", phasesStats.actor], ["party", phasesStats.actor]] as const) {
      for (const slug of Object.keys(catalog[section])) {
        const entry = armory[section]?.[slug];
        if (!entry) problems.push(`${section}.${slug}: missing`);
        else {
          problems.push(...validate(block as StatBlock, entry.stats, `${section}.${slug}`));
          if (entry.source !== "default") problems.push(`${section}.${slug}: source ${entry.source}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The Engagement Example's weapons: the dagger at Touch, the sword at Reach, the spear at Close.
    expect([armory.weapons.dagger.stats.range, armory.weapons["arming-sword"].stats.range, armory.weapons["short-spear"].stats.range]).toEqual(["touch", "reach", "close"]);
  });
});
