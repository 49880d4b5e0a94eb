/**
 * The GM's form for who wins an opposed test on equal SL (seed 003 does not
 * say): one labelled choice, checked by the engine's readOpposedTie; the attack
 * cards and their odds read it through src/settings.ts.
 */
import { DEFAULT_OPPOSED_TIE, OPPOSED_TIES, readOpposedTie } from "../../engine/rulesets/opposed";
import type { Outcome } from "../../engine/outcome";
import { cellsEditor, GM_ONLY_REFUSAL } from "../../applications/settings/cells-editor";
import { opposedTie } from "../../settings";

const K = "BOUT.Opposed.Tie.";

/** GM: the choice read by the engine; a sound one writes the setting once, anything else refuses and writes nothing. */
export async function saveOpposedTie(values: Record<string, unknown>): Promise<Outcome<unknown>> {
  if (!game.user?.isGM) return GM_ONLY_REFUSAL;
  const read = readOpposedTie(values.tie);
  if (!read.ok) return read;
  await game.settings!.set("bout", "opposedTie", read.value);
  return { ok: true, value: true };
}

export const OpposedTieEditor = cellsEditor({
  id: "bout-opposed-tie",
  keys: K,
  groups: () => [
    {
      label: `${K}Group`,
      rowHeader: `${K}Column.rule`,
      columns: [`${K}Column.winner`],
      rows: [{ label: `${K}Row`, cells: [{ name: "tie", where: "tie", kind: "select", value: opposedTie(), options: OPPOSED_TIES.map((t) => ({ value: t, label: `${K}Choice.${t}` })) }] }],
    },
  ],
  save: saveOpposedTie,
  reset: () => game.settings!.set("bout", "opposedTie", DEFAULT_OPPOSED_TIE).then(() => undefined),
});
