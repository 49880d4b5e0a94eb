/**
 * The GM's editor for the figures seed 004 leaves to the group's book: the
 * Horsemanship ranks that lift each mounted limit [23] (83.2 in the book). Ours
 * are defaults; Save writes the world setting only when every figure is a whole
 * rank from 0 to 10; Reset goes back to ours (the shared tables editor).
 */
import { DEFAULT_HORSEMANSHIP_THRESHOLDS, readHorsemanshipThresholds, type HorsemanshipThresholds } from "../../engine/rulesets/pulse/mounted";
import type { Outcome } from "../../engine/outcome";
import { storedTables, tablesEditor } from "../../applications/settings/tables-editor";

const KEYS = Object.keys(DEFAULT_HORSEMANSHIP_THRESHOLDS) as (keyof HorsemanshipThresholds)[];

/** The thresholds the world plays with: the GM's, else ours (a stored value that no longer reads is ignored). */
export function pulseHorsemanship(): HorsemanshipThresholds {
  const stored = storedTables("pulseTables") as { horsemanship?: unknown } | "";
  const read = readHorsemanshipThresholds(stored ? stored.horsemanship : undefined);
  return read.ok ? read.value : DEFAULT_HORSEMANSHIP_THRESHOLDS;
}

/** GM: read every figure; all sound writes one setting, any fault refuses and writes nothing. */
export async function savePulseTables(values: Record<string, unknown>): Promise<Outcome<unknown>> {
  const raw = Object.fromEntries(KEYS.map((k) => [k, typeof values[k] === "string" && values[k] !== "" ? Number(values[k]) : values[k]]));
  const read = readHorsemanshipThresholds(raw);
  if (!read.ok) return read;
  await game.settings!.set("bout", "pulseTables", JSON.stringify({ horsemanship: read.value }));
  return { ok: true, value: true };
}

export const PulseTablesEditor = tablesEditor({
  id: "bout-pulse-tables",
  keys: "BOUT.Pulse.Tables.",
  setting: "pulseTables",
  boxes: () => [],
  numbers() {
    const t = pulseHorsemanship();
    return KEYS.map((key) => ({ key, label: `BOUT.Pulse.Tables.Field.${key}`, value: t[key] }));
  },
  save: savePulseTables,
});
