/**
 * The GM's form for the phases wound and fatigue tracks (seed 001 counts their
 * penalties without listing the levels): per level a penalty and whether the
 * fighter is out of the fight, each a labelled cell checked by the engine's
 * readTrack; Save writes the world setting once when every cell is sound;
 * Reset goes back to ours. The tracks are read by src/settings.ts.
 */
import { DEFAULT_PHASES_TRACKS, readPhasesTracks, TRACK_PENALTY, TRACKS, type TrackId } from "../../engine/rulesets/phases";
import type { Outcome } from "../../engine/outcome";
import { cellsEditor, cellValue, GM_ONLY_REFUSAL } from "../../applications/settings/cells-editor";
import { phasesTracks } from "../../settings";

const K = "BOUT.Phases.Tracks.";
const field = (where: string) => where.replaceAll(".", "__");

/** A checkbox the form left out is unticked (a browser sends nothing for it). */
const flag = (v: unknown) => (v === undefined || v === null ? false : v === "on" ? true : v);

/** GM: every cell read by the engine; all sound writes the setting once, any fault refuses and writes nothing. */
export async function savePhasesTracks(values: Record<string, unknown>): Promise<Outcome<unknown>> {
  if (!game.user?.isGM) return GM_ONLY_REFUSAL;
  const raw = Object.fromEntries(
    TRACKS.map((id) => [id, DEFAULT_PHASES_TRACKS[id].map((_l, i) => ({ penalty: cellValue(values[field(`${id}.${i}.penalty`)]), out: flag(values[field(`${id}.${i}.out`)]) }))]),
  );
  const read = readPhasesTracks(raw);
  if (!read.ok) return read;
  await game.settings!.set("bout", "phasesTracks", JSON.stringify({ wound: read.value.wound.map(({ penalty, out }) => ({ penalty, out })), fatigue: read.value.fatigue.map(({ penalty, out }) => ({ penalty, out })) }));
  return { ok: true, value: true };
}

const group = (id: TrackId) => ({
  label: `${K}Group.${id}`,
  hint: `${K}GroupHint.${id}`,
  rowHeader: `${K}Column.level`,
  columns: [`${K}Column.penalty`, `${K}Column.out`],
  rows: phasesTracks()[id].map((level, i) => ({
    label: level.key,
    cells: [
      { name: field(`${id}.${i}.penalty`), where: `${id}.${i}.penalty`, kind: "number" as const, value: level.penalty, ...TRACK_PENALTY },
      { name: field(`${id}.${i}.out`), where: `${id}.${i}.out`, kind: "checkbox" as const, value: level.out },
    ],
  })),
});

export const PhasesTracksEditor = cellsEditor({
  id: "bout-phases-tracks",
  keys: K,
  groups: () => TRACKS.map(group),
  save: savePhasesTracks,
  reset: () => game.settings!.set("bout", "phasesTracks", "").then(() => undefined),
});
