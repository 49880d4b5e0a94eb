/**
 * The GM's form for the figures seed 004 leaves to the group's book: the
 * Horsemanship ranks that lift each mounted limit [23] (83.2 in the book). Ours
 * are defaults; each rank is a labelled cell, and Save writes the world setting
 * only when the engine reads every one as a whole rank from 0 to 10; Reset goes
 * back to ours.
 */
import { DEFAULT_HORSEMANSHIP_THRESHOLDS, readHorsemanshipThresholds, type HorsemanshipThresholds } from "../../engine/rulesets/pulse/mounted";
import type { Outcome } from "../../engine/outcome";
import { storedTables } from "../../applications/settings/stored-tables";
import { cellsEditor, cellValue, GM_ONLY_REFUSAL } from "../../applications/settings/cells-editor";

const KEYS = Object.keys(DEFAULT_HORSEMANSHIP_THRESHOLDS) as (keyof HorsemanshipThresholds)[];
const K = "BOUT.Pulse.Tables.";

/** The thresholds the world plays with: the GM's, else ours (a stored value that no longer reads is ignored). */
export function pulseHorsemanship(): HorsemanshipThresholds {
  const stored = storedTables("pulseTables") as { horsemanship?: unknown } | "";
  const read = readHorsemanshipThresholds(stored ? stored.horsemanship : undefined);
  return read.ok ? read.value : DEFAULT_HORSEMANSHIP_THRESHOLDS;
}

/** GM: read every figure; all sound writes one setting, any fault refuses and writes nothing. */
export async function savePulseTables(values: Record<string, unknown>): Promise<Outcome<unknown>> {
  if (!game.user?.isGM) return GM_ONLY_REFUSAL;
  // A cell left empty is refused, not taken as ours.
  const raw = Object.fromEntries(KEYS.map((k) => [k, cellValue(values[k]) ?? null]));
  const read = readHorsemanshipThresholds(raw);
  if (!read.ok) return read;
  await game.settings!.set("bout", "pulseTables", JSON.stringify({ horsemanship: read.value }));
  return { ok: true, value: true };
}

export const PulseTablesEditor = cellsEditor({
  id: "bout-pulse-tables",
  keys: K,
  groups() {
    const t = pulseHorsemanship();
    return [
      {
        label: `${K}Group`,
        rowHeader: `${K}Column.limit`,
        columns: [`${K}Column.rank`],
        rows: KEYS.map((key) => ({ label: `${K}Field.${key}`, cells: [{ name: key, where: key, kind: "number" as const, value: t[key], min: 0, max: 10 }] })),
      },
    ];
  },
  save: savePulseTables,
  reset: () => game.settings!.set("bout", "pulseTables", "").then(() => undefined),
});
