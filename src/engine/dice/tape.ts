/**
 * The bridge between the synchronous engine and Foundry's asynchronous `Roll`.
 *
 * Engine rules are plain synchronous functions of their dice. The shell cannot
 * hand them a synchronous Foundry roll, so it runs the rule against a tape of
 * results: when the tape runs short the rule is interrupted with `DiceNeeded`,
 * the shell rolls exactly those dice with Foundry, appends them, and runs the rule
 * again from the start. Because a rule given the same dice makes the same
 * decisions, every replay retraces the previous run and then gets one step further.
 */
import { checkFaces, checkResult, checkRollArgs, type Dice } from "./dice";
import type { MarkedFace, MarkingDice } from "./marks";
import type { DrawLabel, LabellingDice } from "./labels";

/** Thrown by a DiceTape that runs short: `count` more d`faces` are needed. */
export class DiceNeeded extends Error {
  readonly faces: number;
  readonly count: number;

  constructor(faces: number, count: number) {
    super(`${count}d${faces} more needed`);
    this.name = "DiceNeeded";
    this.faces = faces;
    this.count = count;
  }
}

/** Results by number of faces, in the order they were rolled. Plain JSON. */
export type DiceRecord = Record<number, number[]>;

/** One `roll` call served by a tape. */
export interface Draw {
  readonly faces: number;
  readonly results: readonly number[];
  /** What the rule that read these dice said each one meant (./marks.ts), when it said. */
  readonly marks?: readonly MarkedFace[];
  /** Whose dice and what for (./labels.ts), when the rule said. */
  readonly label?: DrawLabel;
  /** Its place in the order the rule named its draws (the order the action happened). */
  readonly read?: number;
}

export class DiceTape implements MarkingDice, LabellingDice {
  private readonly results = new Map<number, number[]>();
  private readonly cursors = new Map<number, number>();
  private log: { faces: number; results: number[]; marks?: readonly MarkedFace[]; label?: DrawLabel; read?: number }[] = [];
  private reads = 0;

  /** A tape holding results rolled before, e.g. stored on a chat card. */
  static from(record: Readonly<Record<number, readonly number[]>>): DiceTape {
    const tape = new DiceTape();
    for (const [key, values] of Object.entries(record)) tape.append(Number(key), values);
    return tape;
  }

  /** Adds results to the end of the d`faces` queue. */
  append(faces: number, results: readonly number[]): this {
    checkFaces(faces);
    for (const value of results) checkResult(faces, value);
    const queue = this.results.get(faces);
    if (queue) queue.push(...results);
    else this.results.set(faces, [...results]);
    return this;
  }

  roll(faces: number, count: number): number[] {
    checkRollArgs(faces, count);
    const queue = this.results.get(faces) ?? [];
    const cursor = this.cursors.get(faces) ?? 0;
    const available = queue.length - cursor;
    // Nothing is taken when the tape is short, so the replay sees the same state.
    if (available < count) throw new DiceNeeded(faces, count - available);
    const results = queue.slice(cursor, cursor + count);
    this.cursors.set(faces, cursor + count);
    if (count > 0) this.log.push({ faces, results: [...results] });
    return results;
  }

  /** Keeps a rule's marks with the latest unmarked draw of these faces and values (a replay marks afresh). */
  mark(faces: number, marked: readonly MarkedFace[]): void {
    for (let i = this.log.length - 1; i >= 0; i--) {
      const draw = this.log[i]!;
      if (draw.marks || draw.faces !== faces || draw.results.length !== marked.length) continue;
      if (!draw.results.every((value, j) => value === marked[j]!.value)) continue;
      draw.marks = marked.map((m) => ({ ...m }));
      return;
    }
  }

  drawsMade(): number {
    return this.log.length;
  }

  /** Names the draws from `from` on that have none yet, in the order they were rolled (a replay names afresh). */
  label(from: number, label: DrawLabel): void {
    for (let i = Math.max(0, from); i < this.log.length; i++) {
      const draw = this.log[i]!;
      if (draw.label) continue;
      draw.label = { ...label, ...(label.data ? { data: { ...label.data } } : {}) };
      draw.read = this.reads++;
    }
  }

  /** Back to the first result of every queue, ready for a replay. */
  rewind(): void {
    this.cursors.clear();
    this.log = [];
    this.reads = 0;
  }

  /** The results handed out since the last rewind, by number of faces. */
  consumed(): DiceRecord {
    const record: DiceRecord = {};
    for (const [faces, queue] of this.results) {
      const used = this.cursors.get(faces) ?? 0;
      if (used > 0) record[faces] = queue.slice(0, used);
    }
    return record;
  }

  /** The results appended but not handed out since the last rewind. */
  unused(): DiceRecord {
    const record: DiceRecord = {};
    for (const [faces, queue] of this.results) {
      const used = this.cursors.get(faces) ?? 0;
      if (used < queue.length) record[faces] = queue.slice(used);
    }
    return record;
  }

  /** Every `roll` call served since the last rewind, in order (for chat cards). */
  draws(): readonly Draw[] {
    return this.log.map((d) => ({ faces: d.faces, results: [...d.results], ...(d.marks ? { marks: d.marks } : {}), ...(d.label ? { label: d.label, read: d.read } : {}) }));
  }
}

export interface SupplyOptions {
  /**
   * How many times the supply may be asked before giving up. Each ask adds at least
   * one die, so only a rule that wants dice without end (or a supply that keeps
   * handing out 1s to a stress die) reaches it.
   */
  readonly maxSupplies?: number;
}

/** The default cap on supply calls in one resolution. */
export const DEFAULT_MAX_SUPPLIES = 1000;

/**
 * Runs `fn` with dice from `supply`, asked only for what is missing each time.
 * Returns the value and the tape as the final run left it: `consumed()` and
 * `draws()` are exactly the dice that run used. Errors other than DiceNeeded
 * propagate unchanged.
 */
export async function resolveWithSupply<T>(
  fn: (dice: Dice) => T,
  supply: (faces: number, count: number) => Promise<readonly number[]> | readonly number[],
  options: SupplyOptions = {},
): Promise<{ value: T; tape: DiceTape }> {
  const maxSupplies = options.maxSupplies ?? DEFAULT_MAX_SUPPLIES;
  if (!Number.isInteger(maxSupplies) || maxSupplies < 0) {
    throw new RangeError(`resolveWithSupply: maxSupplies must be a non-negative integer, got ${String(maxSupplies)}`);
  }
  const tape = new DiceTape();
  for (let supplies = 0; ; supplies++) {
    tape.rewind();
    let needed: DiceNeeded;
    try {
      return { value: fn(tape), tape };
    } catch (error) {
      if (!(error instanceof DiceNeeded)) throw error;
      needed = error;
    }
    if (supplies >= maxSupplies) {
      throw new Error(
        `resolveWithSupply: still short of dice after ${supplies} supplies (last asked for ${needed.count}d${needed.faces}); the rule seems to need dice without end`,
      );
    }
    const results = await supply(needed.faces, needed.count);
    if (!Array.isArray(results) || results.length !== needed.count) {
      const got = Array.isArray(results) ? `${results.length} results` : String(results);
      throw new Error(
        `resolveWithSupply: asked the supply for ${needed.count}d${needed.faces} and got ${got}; it must return exactly ${needed.count}`,
      );
    }
    try {
      tape.append(needed.faces, results);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`resolveWithSupply: the supply returned a bad result for ${needed.count}d${needed.faces}: ${message}`);
    }
  }
}
