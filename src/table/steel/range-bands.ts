/**
 * The GM's form for steel's Range Modifiers table (seed 000 names it without
 * printing it): per band its TN modifier, how far each aim die moves the
 * 2d6 location and how many yards it reaches (the last band: everything
 * farther), each a labelled cell checked by the engine's readRangeBands;
 * Save writes the world setting once when every cell is sound; Reset goes back
 * to ours. The missile card, its odds and the shot read it through src/settings.ts.
 */
import { RANGE_BAND_LIMITS, RANGE_BANDS, readRangeBands } from "../../engine/rulesets/steel";
import type { Outcome } from "../../engine/outcome";
import { cellsEditor, cellValue, GM_ONLY_REFUSAL } from "../../applications/settings/cells-editor";
import { steelRangeBands } from "../../settings";

const K = "BOUT.Steel.RangeBands.";
const FIGURES = ["tnModifier", "stepsPerAimDie"] as const;
const COLUMNS = [...FIGURES, "upTo"] as const;
const field = (where: string) => where.replaceAll(".", "__");

/** GM: every cell read by the engine; all sound writes the setting once, any fault refuses and writes nothing. */
export async function saveSteelRangeBands(values: Record<string, unknown>): Promise<Outcome<unknown>> {
  if (!game.user?.isGM) return GM_ONLY_REFUSAL;
  // The last band reaches everything farther: it has no reach cell.
  const raw = Object.fromEntries(RANGE_BANDS.map((band) => [band, Object.fromEntries(COLUMNS.filter((f) => f !== "upTo" || `${field(`${band}.upTo`)}` in values).map((f) => [f, cellValue(values[field(`${band}.${f}`)])]))]));
  const read = readRangeBands(raw);
  if (!read.ok) return read;
  await game.settings!.set("bout", "steelRangeBands", JSON.stringify(Object.fromEntries(read.value.map(({ slug, tnModifier, stepsPerAimDie, upTo }) => [slug, { tnModifier, stepsPerAimDie, ...(upTo !== null ? { upTo } : {}) }]))));
  return { ok: true, value: true };
}

export const SteelRangeBandsEditor = cellsEditor({
  id: "bout-steel-range-bands",
  keys: K,
  groups: () => [
    {
      label: `${K}Group`,
      rowHeader: `${K}Column.band`,
      columns: COLUMNS.map((f) => `${K}Column.${f}`),
      rows: steelRangeBands().map((band) => ({
        label: `BOUT.Steel.Missile.Band.${band.slug}`,
        cells: [
          ...FIGURES.map((f) => ({ name: field(`${band.slug}.${f}`), where: `${band.slug}.${f}`, kind: "number" as const, value: band[f], ...RANGE_BAND_LIMITS[f] })),
          band.upTo === null
            ? { name: field(`${band.slug}.upTo`), where: `${band.slug}.upTo`, kind: "text" as const, value: `${K}Beyond` }
            : { name: field(`${band.slug}.upTo`), where: `${band.slug}.upTo`, kind: "number" as const, value: band.upTo, ...RANGE_BAND_LIMITS.upTo },
        ],
      })),
    },
  ],
  save: saveSteelRangeBands,
  reset: () => game.settings!.set("bout", "steelRangeBands", "").then(() => undefined),
});
