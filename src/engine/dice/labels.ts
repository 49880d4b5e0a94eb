/**
 * Whose dice, and what for. A rule that rolls knows who is rolling and why (the
 * attacker's pool at her ATN, the defender's parry, the Knockdown roll of the one
 * struck, the table's hit location), so it names each draw as it reads it; the
 * dice tape (./tape.ts) keeps the name beside the draw, and a chat card shows
 * each row as "Ada: attack, TN 6", in the order the rule read them, deciding
 * nothing itself. Sources that keep no log (the seeded simulations) ignore
 * labels and pay nothing for them.
 *
 * The order the rule names its draws is the order the action happened: a rule
 * that must roll the defence before it can read the attack (a passive defence
 * changes the attack's target) still names the attack first.
 */
import type { Dice } from "./dice";

export interface DrawLabel {
  /** Who rolled: the fighter reference the rule's input named ("" for a die nobody owns). */
  readonly who: string;
  /** What for: a lang key of a short phrase ("attack, TN {tn}"), formatted with `data`. */
  readonly key: string;
  /**
   * Values for the phrase; a string may be a lang key's tail the card localizes
   * through its lookups; `whom` is a second fighter reference (the one a roll is
   * aimed at), named like `who`.
   */
  readonly data?: Readonly<Record<string, string | number>>;
}

/** A dice source that keeps names for the draws it served (the tape). */
export interface LabellingDice extends Dice {
  /** How many draws it has served since its last rewind: the place the next draw takes. */
  drawsMade(): number;
  /** Names every draw from place `from` on that has no name yet; they take the next places in reading order. */
  label(from: number, label: DrawLabel): void;
}

function labelling(source: Dice): source is LabellingDice {
  return typeof (source as Partial<LabellingDice>).label === "function" && typeof (source as Partial<LabellingDice>).drawsMade === "function";
}

/** The place of the next draw, for `labelSince` (-1 for a source that keeps no names). */
export function drawPlace(source: Dice): number {
  return labelling(source) ? source.drawsMade() : -1;
}

/** Names the draws made since `from` (a `drawPlace`) that have no name yet. */
export function labelSince(source: Dice, from: number, label: DrawLabel): void {
  if (from >= 0 && labelling(source)) source.label(from, label);
}

/**
 * Runs `roll` and names every draw it made that its own rule left unnamed: with
 * `label`, or with what `label` makes of the roll's value (a TN read from it).
 */
export function labelled<T>(source: Dice, label: DrawLabel | ((value: T) => DrawLabel), roll: () => T): T {
  if (!labelling(source)) return roll();
  const from = source.drawsMade();
  const value = roll();
  source.label(from, typeof label === "function" ? label(value) : label);
  return value;
}

/** A label, written short: `said(ref, "BOUT.Card.Roll.attack", { tn })`. */
export const said = (who: string | undefined, key: string, data?: Readonly<Record<string, string | number>>): DrawLabel => ({ who: who ?? "", key, ...(data ? { data } : {}) });

/**
 * Items in the order their draws were named (`read`); an unnamed one keeps its
 * place right after the draw rolled before it. Stable otherwise.
 */
export function inReadingOrder<T>(items: readonly T[], readOf: (item: T) => number | undefined): T[] {
  let last = -1;
  const keyed = items.map((item, index) => {
    const read = readOf(item);
    if (typeof read === "number" && Number.isFinite(read)) last = read;
    return { item, index, key: typeof read === "number" && Number.isFinite(read) ? read : last };
  });
  // An unnamed draw sorts just after the named one before it (same key, later index).
  return keyed.sort((a, b) => a.key - b.key || a.index - b.index).map((k) => k.item);
}
