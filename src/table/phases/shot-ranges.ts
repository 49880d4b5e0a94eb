/**
 * The GM's form for the paces of phases' range classes (seed 001 "2. First
 * Missiles" names Touch, Reach, Close, Near, Middle and Far without their
 * paces): one cell per class, the farthest a target may stand and still be in
 * it; checked by the engine's readShotRanges; Save writes the world setting once
 * when every cell is sound; Reset goes back to ours. The measured range of a
 * shot (attack.ts) reads it through src/settings.ts.
 */
import { readShotRanges, SHOT_RANGE_CLASSES, SHOT_RANGE_LIMITS } from "../../engine/rulesets/phases/shot-range";
import type { Outcome } from "../../engine/outcome";
import { cellsEditor, cellValue, GM_ONLY_REFUSAL } from "../../applications/settings/cells-editor";
import { phasesShotRanges } from "../../settings";

const K = "BOUT.Phases.ShotRanges.";

/** GM: every cell read by the engine; all sound writes the setting once, any fault refuses and writes nothing. */
export async function savePhasesShotRanges(values: Record<string, unknown>): Promise<Outcome<unknown>> {
  if (!game.user?.isGM) return GM_ONLY_REFUSAL;
  const read = readShotRanges(Object.fromEntries(SHOT_RANGE_CLASSES.map((range) => [range, cellValue(values[range])])));
  if (!read.ok) return read;
  await game.settings!.set("bout", "phasesShotRanges", JSON.stringify(read.value));
  return { ok: true, value: true };
}

export const PhasesShotRangesEditor = cellsEditor({
  id: "bout-phases-shot-ranges",
  keys: K,
  groups: () => [
    {
      label: `${K}Group`,
      rowHeader: `${K}Column.range`,
      columns: [`${K}Column.paces`],
      rows: SHOT_RANGE_CLASSES.map((range) => ({
        label: `BOUT.Phases.Range.${range}`,
        cells: [{ name: range, where: range, kind: "number" as const, value: phasesShotRanges()[range], ...SHOT_RANGE_LIMITS }],
      })),
    },
  ],
  save: savePhasesShotRanges,
  reset: () => game.settings!.set("bout", "phasesShotRanges", "").then(() => undefined),
});
