/**
 * What each die of a roll meant, as the rule that read it decided: a pool die at
 * or above its TN is a success, a d100 under its target succeeds with its Success
 * Level, a stress die's 1 doubles the next roll. The rule reports these marks to
 * the dice source it rolled with; a source that keeps a log of its draws (the
 * tape of ./tape.ts) stores them beside the draw, so a chat card shows each face
 * with the mark the engine gave it and decides nothing itself. Sources that keep
 * no log (the seeded simulations) ignore marks and pay nothing for them.
 */
import type { Dice } from "./dice";

/** Why a face is marked besides success: a stress die's 1 (doubles the next), a botch die's "0", a double on d100. */
export type FaceNote = "doubles" | "botch" | "zero" | "critical" | "fumble";

export interface MarkedFace {
  readonly value: number;
  /** true: a success; false: a failure; absent: the face counts as neither (damage, a location). */
  readonly success?: boolean;
  /** A d100's Success Level, where the ruleset reads one. */
  readonly sl?: number;
  readonly note?: FaceNote;
  /**
   * A roll read on a table rather than against a target: the row it picked (a
   * hit location, an Oops! entry), as the value the rule's own lines name it
   * (the card localizes it like those lines) or a lang key.
   */
  readonly row?: string;
  /**
   * The last link of a stress die's chain after one or more 1s: the face counts
   * `times` over, for `total` (a reroll "0" reads 10, so 1 then 0 totals 20).
   */
  readonly chain?: { readonly times: number; readonly total: number };
}

/** A dice source that keeps marks for the draws it served. */
export interface MarkingDice extends Dice {
  /**
   * Marks the latest draw of d`faces` showing exactly these values that has no
   * marks yet (a rule marks right after it reads, so the latest is its own).
   */
  mark(faces: number, marked: readonly MarkedFace[]): void;
}

function marking(source: Dice): source is MarkingDice {
  return typeof (source as Partial<MarkingDice>).mark === "function";
}

/** Reports marks for a draw to a source that keeps them; any other source is left alone. */
export function reportMarks(source: Dice, faces: number, marked: readonly MarkedFace[]): void {
  if (marked.length > 0 && marking(source)) source.mark(faces, marked);
}

/** Whether a source keeps marks (rules skip building them otherwise: simulations roll millions). */
export function keepsMarks(source: Dice): boolean {
  return marking(source);
}

/**
 * A d100 read against a target (the percentile rulesets roll, then read with their
 * own rule): its mark, reported to the source. The note names a critical or fumble.
 */
export function markD100(source: Dice, read: { readonly roll: number; readonly success: boolean; readonly sl?: number; readonly critical?: boolean; readonly fumble?: boolean }): void {
  if (!marking(source)) return;
  const note: FaceNote | undefined = read.critical ? "critical" : read.fumble ? "fumble" : undefined;
  source.mark(100, [{ value: read.roll, success: read.success, ...(read.sl === undefined ? {} : { sl: read.sl }), ...(note ? { note } : {}) }]);
}

/**
 * A die read on a table (a location, an Oops! entry, a chance that a shield
 * shatters): the faces rolled, the last one carrying the row the rule picked.
 */
export function markLookup(source: Dice, faces: number, values: readonly number[], row: string): void {
  if (!marking(source) || values.length === 0) return;
  source.mark(faces, values.map((value, i): MarkedFace => (i === values.length - 1 ? { value, row } : { value })));
}
