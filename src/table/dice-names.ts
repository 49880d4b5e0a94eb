/**
 * Whose dice, named as the table knows them. The engine labels each draw with the
 * fighter reference its input named (src/engine/dice/labels.ts); a card shows the
 * fighter's name ("Wolf (2)"), written on the card as it is resolved.
 */
import type { Draw, DrawLabel } from "../engine/dice";
import type { DiceDraw } from "../applications/results/dice-view";
import { fighterFrom, fighterName } from "./fighter";

/**
 * The draws with each label's fighter named as the table knows them ("Wolf (2)"):
 * by `names` (a result card's combatants), else the fighter its reference finds;
 * a label naming nobody found keeps no name. Written on the card as it is resolved.
 */
export function namedDraws(draws: readonly (Draw | DiceDraw)[], names: Readonly<Record<string, string>> = {}): DiceDraw[] {
  return draws.map((d) => {
    const label = d.label as DrawLabel | undefined;
    const base = { faces: d.faces, results: d.results, ...(d.marks ? { marks: d.marks } : {}) };
    if (!label || typeof label.key !== "string") return base;
    const name = (ref: unknown) => (typeof ref !== "string" || !ref ? "" : (names[ref] ?? (fighterFrom(ref) ? fighterName(fighterFrom(ref)) : "")));
    // `whom`, a second fighter the roll is aimed at (a figure in a missile's way), is named the same way.
    const data = label.data && typeof label.data === "object" ? { ...label.data, ...("whom" in label.data ? { whom: name(label.data.whom) } : {}) } : undefined;
    return { ...base, label: { who: name(label.who), key: label.key, ...(data ? { data } : {}) } };
  });
}

