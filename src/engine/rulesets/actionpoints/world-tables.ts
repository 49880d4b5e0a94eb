/**
 * The actionpoints tables a GM may replace in the world. Seed 002 names its
 * action costs (7.2), Fatigue costs (7.3), critical locations (7.16) and
 * critical effects (7.17) without printing them, so ours are only defaults.
 * Each arrives as untyped JSON and is taken whole or refused with the first
 * thing wrong with it, so a half-typed table never reaches a resolution.
 */
import { ok, refuse, type Outcome } from "../../outcome";
import type { AdvantageKind } from "./advantage";
import { ACTION_LIMITS, type ActionKind } from "./pool";
import { CRITICAL_LOCATIONS, DEFAULT_ADVANTAGE_FATIGUE, DEFAULT_CRITICAL_LOCATIONS, DEFAULT_DEFENCE_FATIGUE, STAND_UP_COST, type Band, type CriticalLocation } from "./tables";

/** One line of the action costs table: what the tracker offers to spend points on. */
export interface ActionCost {
  readonly id: string;
  /** A localization key or the GM's own words. */
  readonly label: string;
  readonly ap: number;
  readonly kind: ActionKind;
}

/** What a critical hit at a location does beyond its damage. */
export interface CriticalEffect {
  /** A localization key or the GM's own words. */
  readonly text: string;
  /** Body Points lost on top of the damage. */
  readonly extraBody: number;
  /** The defender goes down on one knee. */
  readonly kneel: boolean;
  /** The defender lets go of its weapon or shield. */
  readonly drop: "none" | "weapon" | "shield";
}

export type ActiveDefence = keyof typeof DEFAULT_DEFENCE_FATIGUE;

export interface ApTables {
  readonly actionCosts: readonly ActionCost[];
  readonly defenceFatigue: Readonly<Record<ActiveDefence, number>>;
  readonly advantageFatigue: Readonly<Record<AdvantageKind, number>>;
  readonly criticalLocations: readonly Band<CriticalLocation>[];
  readonly criticalEffects: Readonly<Record<CriticalLocation, CriticalEffect>>;
  /** A STR or AGI check is d100 against the attribute times this (our default 5). */
  readonly checkMultiplier: number;
  /** The base damage of a shield bash (the seed gives none). */
  readonly shieldBashDamage: number;
}

const A = "BOUT.ActionPoints.ActionCost.";
const E = "BOUT.ActionPoints.CriticalEffect.";

/** Our default action costs; only standing up (4 AP) is the seed's own figure. */
export const DEFAULT_ACTION_COSTS: readonly ActionCost[] = [
  { id: "stand", label: `${A}stand`, ap: STAND_UP_COST, kind: "movement" },
  { id: "kneel", label: `${A}kneel`, ap: 1, kind: "movement" },
  { id: "walk", label: `${A}walk`, ap: 2, kind: "movement" },
  { id: "run", label: `${A}run`, ap: 4, kind: "movement" },
  { id: "draw", label: `${A}draw`, ap: 3, kind: "mixed" },
  { id: "pickUp", label: `${A}pickUp`, ap: 4, kind: "mixed" },
  { id: "readyShield", label: `${A}readyShield`, ap: 3, kind: "mixed" },
  { id: "aim", label: `${A}aim`, ap: 4, kind: "combat" },
  { id: "reload", label: `${A}reload`, ap: 10, kind: "combat" },
];

/** Our default extra effects: a head blow costs Body, a leg blow drops the fighter to a knee, an arm blow makes it let go. */
export const DEFAULT_CRITICAL_EFFECTS_TABLE: Readonly<Record<CriticalLocation, CriticalEffect>> = {
  head: { text: `${E}head`, extraBody: 3, kneel: false, drop: "none" },
  chest: { text: `${E}chest`, extraBody: 2, kneel: false, drop: "none" },
  abdomen: { text: `${E}abdomen`, extraBody: 1, kneel: true, drop: "none" },
  arm: { text: `${E}arm`, extraBody: 0, kneel: false, drop: "weapon" },
  leg: { text: `${E}leg`, extraBody: 0, kneel: true, drop: "none" },
};

export const DEFAULT_AP_TABLES: ApTables = {
  actionCosts: DEFAULT_ACTION_COSTS,
  defenceFatigue: DEFAULT_DEFENCE_FATIGUE,
  advantageFatigue: DEFAULT_ADVANTAGE_FATIGUE,
  criticalLocations: DEFAULT_CRITICAL_LOCATIONS,
  criticalEffects: DEFAULT_CRITICAL_EFFECTS_TABLE,
  checkMultiplier: 5,
  shieldBashDamage: 3,
};

/** Each cell's limits: the settings form offers them and the readers below refuse anything outside. */
export const AP_TABLE_LIMITS = {
  ap: { min: 1, max: 40 },
  fatigue: { min: 0, max: 20 },
  checkMultiplier: { min: 1, max: 10 },
  shieldBashDamage: { min: 0, max: 20 },
} as const;

const K = "BOUT.ActionPoints.Tables.Refusal.";
const bad = (code: string, where: string, data: Record<string, number> = {}): Outcome<never> => refuse(`actionpoints.tables.${code}`, `${K}${code}`, { where, ...data });
const whole = (v: unknown, min: number, max: number): v is number => typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
const text = (v: unknown): v is string => typeof v === "string" && v.trim().length > 0 && v.length <= 200;
const KINDS = Object.keys(ACTION_LIMITS) as ActionKind[];

export function readActionCosts(raw: unknown): Outcome<readonly ActionCost[]> {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 60) return bad("shape", "actionCosts");
  const seen = new Set<string>();
  const out: ActionCost[] = [];
  for (const [i, row] of raw.entries()) {
    const r = (row ?? {}) as Record<string, unknown>;
    if (!text(r.id) || !/^[A-Za-z][A-Za-z0-9_-]*$/.test(r.id) || seen.has(r.id)) return bad("row", `actionCosts.${i}.id`);
    if (!text(r.label)) return bad("row", `actionCosts.${i}.label`);
    if (!whole(r.ap, AP_TABLE_LIMITS.ap.min, AP_TABLE_LIMITS.ap.max)) return bad("row", `actionCosts.${i}.ap`);
    if (!KINDS.includes(r.kind as ActionKind)) return bad("row", `actionCosts.${i}.kind`);
    seen.add(r.id);
    out.push({ id: r.id, label: r.label, ap: r.ap, kind: r.kind as ActionKind });
  }
  return ok(out);
}

function readCosts<K extends string>(raw: unknown, keys: readonly K[], where: string): Outcome<Record<K, number>> {
  if (typeof raw !== "object" || raw === null) return bad("shape", where);
  const out = {} as Record<K, number>;
  for (const k of keys) {
    const v = (raw as Record<string, unknown>)[k];
    if (!whole(v, AP_TABLE_LIMITS.fatigue.min, AP_TABLE_LIMITS.fatigue.max)) return bad("cost", `${where}.${k}`);
    out[k] = v;
  }
  return ok(out);
}

/** Bands for a d100: in order, touching, from 1 to 100, each naming a location. */
export function readCriticalLocations(raw: unknown): Outcome<readonly Band<CriticalLocation>[]> {
  if (!Array.isArray(raw) || raw.length === 0) return bad("shape", "criticalLocations");
  let next = 1;
  const out: Band<CriticalLocation>[] = [];
  for (const [i, b] of raw.entries()) {
    const r = (b ?? {}) as Record<string, unknown>;
    if (r.from !== next || !whole(r.to, next, 100)) return bad("band", `criticalLocations.${i}`);
    if (!(CRITICAL_LOCATIONS as readonly string[]).includes(r.value as string)) return bad("band", `criticalLocations.${i}.value`);
    out.push({ from: r.from, to: r.to, value: r.value as CriticalLocation });
    next = r.to + 1;
  }
  if (next !== 101) return bad("band", "criticalLocations");
  return ok(out);
}

export function readCriticalEffects(raw: unknown): Outcome<Record<CriticalLocation, CriticalEffect>> {
  if (typeof raw !== "object" || raw === null) return bad("shape", "criticalEffects");
  const out = {} as Record<CriticalLocation, CriticalEffect>;
  for (const loc of CRITICAL_LOCATIONS) {
    const r = ((raw as Record<string, unknown>)[loc] ?? null) as Record<string, unknown> | null;
    if (!r || typeof r !== "object") return bad("effect", `criticalEffects.${loc}`);
    if (!text(r.text)) return bad("effect", `criticalEffects.${loc}.text`);
    if (!whole(r.extraBody, 0, 50)) return bad("effect", `criticalEffects.${loc}.extraBody`);
    if (typeof r.kneel !== "boolean") return bad("effect", `criticalEffects.${loc}.kneel`);
    if (r.drop !== "none" && r.drop !== "weapon" && r.drop !== "shield") return bad("effect", `criticalEffects.${loc}.drop`);
    out[loc] = { text: r.text, extraBody: r.extraBody, kneel: r.kneel, drop: r.drop };
  }
  return ok(out);
}

function figure(v: unknown, key: "checkMultiplier" | "shieldBashDamage"): Outcome<number> {
  const { min, max } = AP_TABLE_LIMITS[key];
  return whole(v, min, max) ? ok(v) : bad("number", key, { min, max });
}

/** The world's tables: any left out stay ours; anything present must read whole. */
export function readApTables(raw: unknown): Outcome<ApTables> {
  if (raw === "" || raw === null || raw === undefined) return ok(DEFAULT_AP_TABLES);
  if (typeof raw !== "object" || Array.isArray(raw)) return bad("shape", "tables");
  const r = raw as Record<string, unknown>;
  const t: Record<string, unknown> = { ...DEFAULT_AP_TABLES };
  const readers: Record<string, (v: unknown) => Outcome<unknown>> = {
    actionCosts: readActionCosts,
    defenceFatigue: (v) => readCosts(v, Object.keys(DEFAULT_DEFENCE_FATIGUE) as ActiveDefence[], "defenceFatigue"),
    advantageFatigue: (v) => readCosts(v, Object.keys(DEFAULT_ADVANTAGE_FATIGUE) as AdvantageKind[], "advantageFatigue"),
    criticalLocations: readCriticalLocations,
    criticalEffects: readCriticalEffects,
    checkMultiplier: (v) => figure(v, "checkMultiplier"),
    shieldBashDamage: (v) => figure(v, "shieldBashDamage"),
  };
  for (const [key, reader] of Object.entries(readers)) {
    if (r[key] === undefined) continue;
    const read = reader(r[key]);
    if (!read.ok) return read;
    t[key] = read.value;
  }
  return ok(t as unknown as ApTables);
}

/** A STR or AGI check's d100 target. */
export const checkTarget = (attribute: number, tables: Pick<ApTables, "checkMultiplier"> = DEFAULT_AP_TABLES) => attribute * tables.checkMultiplier;
