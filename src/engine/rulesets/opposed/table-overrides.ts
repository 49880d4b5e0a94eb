/**
 * The opposed d100 tables a group may replace from its book: Hit Locations and
 * Oops! (printed by the seed, ours to keep editable) and the Critical table (named
 * but not given, so ours is only a default). Each arrives untyped and is taken
 * whole or refused with the first thing wrong, so a half-typed table never
 * reaches a resolution: bands in order, touching, from 1 to 100.
 */
import { ok, refuse, type Outcome } from "../../outcome";
import { LOCATIONS, type Location } from "./stats";
import type { Band, OopsEffect } from "./tables";

const K = "BOUT.Opposed.Tables.Refusal.";
// `where` names the table (the RollTable's own name when it comes from one), `at` the result counted from the lowest range.
const bad = (code: string, where: string, at: number): Outcome<never> => refuse(`opposed.tables.${code}`, `${K}${code}`, { where, at });
const whole = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
export const OOPS_EFFECTS: readonly OopsEffect[] = ["loseWound", "weaponJars", "outOfPosition", "loseMove", "loseAction", "tornMuscle", "hitsAlly"];

function readBands<T>(raw: unknown, where: string, value: (v: unknown) => v is T): Outcome<readonly Band<T>[]> {
  if (!Array.isArray(raw) || raw.length === 0) return bad("shape", where, 0);
  let next = 1;
  const out: Band<T>[] = [];
  for (const [i, b] of raw.entries()) {
    const r = (b ?? {}) as Record<string, unknown>;
    if (r.from !== next || !whole(r.to) || r.to < next || r.to > 100) return bad("band", where, i + 1);
    if (!value(r.value)) return bad("value", where, i + 1);
    out.push({ from: r.from, to: r.to, value: r.value });
    next = r.to + 1;
  }
  if (next !== 101) return bad("band", where, raw.length);
  return ok(out);
}

const isLocation = (v: unknown): v is Location => (LOCATIONS as readonly unknown[]).includes(v);
const isOops = (v: unknown): v is OopsEffect => (OOPS_EFFECTS as readonly unknown[]).includes(v);
const isText = (v: unknown): v is string => typeof v === "string" && v.trim().length > 0 && v.length <= 500;

/** `name`: the table's name for a refusal (a RollTable's own); the lookup's id when there is none. */
export const readHitLocationTable = (raw: unknown, name = "hitLocations") => readBands(raw, name, isLocation);
export const readOopsTable = (raw: unknown, name = "oops") => readBands(raw, name, isOops);
/** One location's Critical bands: any words (a localization key or the GM's own). */
export const readCriticalBands = (raw: unknown, location: Location, name = `critical.${location}`) => readBands(raw, name, isText);
