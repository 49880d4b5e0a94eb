/**
 * Dice sources that need no Foundry: a seeded generator (simulations, the duel
 * simulator, property tests) and a scripted list (tests that want exact outcomes).
 */
import { checkFaces, checkRollArgs, type Dice } from "./dice";

/** 32-bit FNV-1a over the UTF-8 bytes of a string. Weak alone; splitmix32 mixes it after. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * splitmix32: a Weyl sequence (step 0x9e3779b9) through a two-round multiply-xorshift
 * finalizer. Used only to spread one 32-bit seed over sfc32's 128 bits of state,
 * so that nearby seeds (1, 2, 3...) start far apart.
 */
export function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state ^ (state >>> 16);
    z = Math.imul(z, 0x21f0aaad);
    z ^= z >>> 15;
    z = Math.imul(z, 0x735a2d97);
    z ^= z >>> 15;
    return z >>> 0;
  };
}

/**
 * The 32-bit seed a SeededDice uses. Integers 0..2^32-1 are taken as they are; any
 * other integer, and any string, is hashed from its text, so 2^32 + 5 and 5 differ.
 */
export function seedToUint32(seed: number | string): number {
  if (typeof seed === "string") return fnv1a32(seed);
  if (!Number.isInteger(seed)) {
    throw new RangeError(`SeededDice: a numeric seed must be an integer, got ${String(seed)}`);
  }
  return seed >= 0 && seed < 2 ** 32 ? seed : fnv1a32(String(seed));
}

/**
 * Chris Doty-Humphrey's sfc32 (from PractRand): small, fast, passes PractRand to
 * many terabytes, and is easy to check against the C original. Not cryptographic,
 * which a game table does not need.
 */
export class SeededDice implements Dice {
  // a, b, c and the counter d. A typed array keeps them as raw 32-bit integers; as
  // object fields V8 would box any value outside its small-integer range.
  private readonly state = new Int32Array(4);
  // 2^32 mod faces: how many words a die must reject. It is a floating-point
  // modulo, slow enough in V8 to dominate a pool roll, so the last one is kept.
  private lastFaces = 0;
  private lastThreshold = 0;

  constructor(seed: number | string) {
    const next = splitmix32(seedToUint32(seed));
    for (let i = 0; i < 4; i++) this.state[i] = next();
    // The first outputs of a freshly seeded sfc32 are still correlated with the
    // seed; the usual remedy is to discard a dozen.
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** The next raw 32-bit output, 0..2^32-1. */
  nextUint32(): number {
    const s = this.state;
    const a = s[0] as number;
    const b = s[1] as number;
    const c = s[2] as number;
    const d = s[3] as number;
    const t = (((a + b) | 0) + d) | 0;
    s[3] = d + 1;
    s[0] = b ^ (b >>> 9);
    s[1] = c + (c << 3);
    s[2] = ((c << 21) | (c >>> 11)) + t;
    return t >>> 0;
  }

  /**
   * One die, 1..faces, without bias. Up to 2^21 faces: Lemire's multiply-and-reject
   * (the product of a word and the faces stays exact in a double, and no slow
   * floating-point modulo is needed). Larger dice: plain rejection of the words in
   * the incomplete top block of 2^32, then modulo.
   */
  die(faces: number): number {
    checkFaces(faces);
    return this.draw(faces, this.threshold(faces));
  }

  roll(faces: number, count: number): number[] {
    checkRollArgs(faces, count);
    const threshold = this.threshold(faces);
    // Pushed rather than preallocated: V8 keeps a packed array of small integers fast.
    const results: number[] = [];
    for (let i = 0; i < count; i++) results.push(this.draw(faces, threshold));
    return results;
  }

  private threshold(faces: number): number {
    if (faces !== this.lastFaces) {
      this.lastFaces = faces;
      this.lastThreshold = 2 ** 32 % faces;
    }
    return this.lastThreshold;
  }

  private draw(faces: number, threshold: number): number {
    if (faces <= 2 ** 21) {
      for (;;) {
        const product = this.nextUint32() * faces;
        // The low 32 bits of the product decide acceptance; the high bits are the die.
        if (product >>> 0 >= threshold) return Math.floor(product / 2 ** 32) + 1;
      }
    }
    const limit = 2 ** 32 - threshold;
    for (;;) {
      const word = this.nextUint32();
      if (word < limit) return (word % faces) + 1;
    }
  }
}

/** Scripted results: one list for every die, or one queue per number of faces. */
export type DiceScript = readonly number[] | Readonly<Record<number, readonly number[]>>;

/**
 * Hands out scripted results in order, for tests that must know every die. It
 * refuses loudly rather than inventing a value: running out of script, or a
 * scripted 7 asked for as a d6, is a mistake in the test.
 */
export class FixedDice implements Dice {
  private readonly flat: number[] | null;
  private readonly queues = new Map<number, number[]>();
  private flatCursor = 0;
  private readonly cursors = new Map<number, number>();

  constructor(script: DiceScript) {
    if (Array.isArray(script)) {
      this.flat = [...(script as readonly number[])];
      for (const value of this.flat) {
        if (!Number.isInteger(value) || value < 1) {
          throw new Error(`FixedDice: scripted results must be positive integers, got ${String(value)}`);
        }
      }
      return;
    }
    this.flat = null;
    for (const [key, values] of Object.entries(script as Readonly<Record<number, readonly number[]>>)) {
      const faces = Number(key);
      if (!Number.isInteger(faces) || faces < 2) throw new Error(`FixedDice: "${key}" is not a number of faces`);
      for (const value of values) {
        if (!Number.isInteger(value) || value < 1 || value > faces) {
          throw new Error(`FixedDice: scripted d${faces} result ${String(value)} is outside 1..${faces}`);
        }
      }
      this.queues.set(faces, [...values]);
      this.cursors.set(faces, 0);
    }
  }

  roll(faces: number, count: number): number[] {
    checkRollArgs(faces, count);
    const queue = this.flat ?? this.queues.get(faces) ?? [];
    const cursor = this.flat ? this.flatCursor : (this.cursors.get(faces) ?? 0);
    const left = queue.length - cursor;
    if (left < count) {
      const which = this.flat ? "" : ` for d${faces}`;
      throw new Error(`FixedDice: asked for ${count}d${faces} but only ${left} scripted result(s)${which} remain`);
    }
    const results = queue.slice(cursor, cursor + count);
    for (const value of results) {
      if (value > faces) throw new Error(`FixedDice: scripted result ${value} is outside 1..${faces} for a d${faces}`);
    }
    if (this.flat) this.flatCursor += count;
    else this.cursors.set(faces, cursor + count);
    return results;
  }

  /** Scripted results not yet handed out (all face counts together). */
  remaining(): number {
    if (this.flat) return this.flat.length - this.flatCursor;
    let left = 0;
    for (const [faces, queue] of this.queues) left += queue.length - (this.cursors.get(faces) ?? 0);
    return left;
  }
}
