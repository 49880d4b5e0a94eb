// Issue 20 (the tracker): the GM's undo of the last step. Which steps can be
// taken back and what taking one back restores are the engine's (undo.ts);
// the machines are the seeds' (turns: seed 003 "Combat Summary").
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyPatch, diffStep, fingerprint, historyAfterStep, readHistory, reversePatch, undoStep, UNDO_BUDGET, UNDO_DEPTH, undoable, CONDITIONS_ENDED } from "../../../src/engine/time/undo";
import { startTurns, turnsMachine, type TurnsCommand, type TurnsState } from "../../../src/engine/time/turns";

const json = fc.jsonValue().map((v) => JSON.parse(JSON.stringify(v)) as unknown);

function start(): TurnsState {
  const s = startTurns([
    { id: "elf", initiative: 45, agility: 40 },
    { id: "orc", initiative: 30, agility: 35 },
  ]);
  if (!s.ok) throw new Error(s.refusal.code);
  return s.value;
}
function step(s: TurnsState, c: TurnsCommand): TurnsState {
  const r = turnsMachine.apply(s, c);
  if (!r.ok) throw new Error(r.refusal.code);
  return r.value.state;
}

describe("undo: the reverse patch", () => {
  it("turns any JSON state after a step back into the state before it, exactly", () => {
    fc.assert(
      fc.property(json, json, (before, after) => {
        expect(applyPatch(after, reversePatch(before, after))).toEqual(before);
      }),
    );
  });

  it("is null for an unchanged state and names only what changed", () => {
    expect(reversePatch({ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] })).toBeNull();
    expect(reversePatch({ a: 1, b: [1, 2], big: "x".repeat(100) }, { a: 1, b: [1, 3], big: "x".repeat(100), c: true })).toEqual(["{", { b: ["[", { 1: ["=", 2] }], c: ["-"] }]);
  });
});

describe("undo: the history a step leaves (seed 003 'Combat Summary' turns as the example machine)", () => {
  it("a next turn is kept; undo gives back the state before it, the world seconds it moved, and an empty history", () => {
    const s0 = start();
    const s1 = step(s0, { type: "nextTurn" });
    expect(s1.turn).toBe(1);
    const history = historyAfterStep([], s0, s1, 0, ["nextTurn"]);
    expect(history).toHaveLength(1);
    const undone = undoStep(history, s1);
    expect(undone).toEqual({ ok: true, value: { state: s0, history: [], seconds: 0 } });
  });

  it("a new round's seconds come back with it, and undo goes back one step at a time", () => {
    const s0 = start();
    const s1 = step(s0, { type: "nextTurn" });
    const s2 = step(s1, { type: "nextRound" });
    const history = historyAfterStep(historyAfterStep([], s0, s1, 0, ["nextTurn"]), s1, s2, 6, ["nextRound"]);
    const first = undoStep(history, s2);
    if (!first.ok) throw new Error(first.refusal.code);
    expect([first.value.state, first.value.seconds]).toEqual([s1, 6]);
    const second = undoStep(first.value.history, first.value.state);
    if (!second.ok) throw new Error(second.refusal.code);
    expect([second.value.state, second.value.seconds, second.value.history]).toEqual([s0, 0, []]);
    // Nothing left: a clear refusal.
    expect(undoStep(second.value.history, s0)).toEqual({ ok: false, refusal: { code: "undo.nothing", message: "BOUT.Combat.Undo.Nothing" } });
  });

  it(`keeps at most ${UNDO_DEPTH} steps, the oldest dropped`, () => {
    // A state with a long unchanging part: every step's patch is small beside it.
    let s: unknown = { log: "x".repeat(2000), n: 0 };
    let history = historyAfterStep([], s, s, 0, ["nextTurn"]);
    expect(history).toEqual([]);
    const states = [s];
    for (let i = 1; i <= UNDO_DEPTH + 2; i++) {
      const next = { log: "x".repeat(2000), n: i };
      history = historyAfterStep(history, s, next, 6, ["nextRound"]);
      states.push((s = next));
    }
    expect(history).toHaveLength(UNDO_DEPTH);
    for (let i = 0; i < UNDO_DEPTH; i++) {
      const u = undoStep(history, s);
      if (!u.ok) throw new Error(u.refusal.code);
      [s, history] = [u.value.state, u.value.history];
    }
    expect(s).toEqual(states[states.length - 1 - UNDO_DEPTH]);
    expect(undoStep(history, s).ok).toBe(false);
  });

  it(`keeps older steps only while the history stays within ${UNDO_BUDGET} bytes: a step that changes a large part of the state keeps itself alone`, () => {
    const big = (c: string) => ({ log: c.repeat(UNDO_BUDGET / 2), n: 0 });
    const [a, b, c] = [big("a"), big("b"), big("c")];
    const history = historyAfterStep(historyAfterStep([], a, b, 6, ["nextRound"]), b, c, 6, ["nextRound"]);
    expect(history).toHaveLength(1);
    expect(JSON.stringify(history).length).toBeGreaterThan(UNDO_BUDGET / 2);
    const u = undoStep(history, c);
    expect(u.ok && u.value.state).toEqual(b);
    // Small steps keep UNDO_DEPTH.
    let s: unknown = a;
    let kept: ReturnType<typeof historyAfterStep> = [];
    for (let i = 1; i <= UNDO_DEPTH + 1; i++) {
      const next = { ...(s as object), n: i };
      kept = historyAfterStep(kept, s, next, 0, ["nextTurn"]);
      s = next;
    }
    expect(kept).toHaveLength(UNDO_DEPTH);
  });

  it("a fighter leaving and a fighter moved to another bout clear the history (their documents changed outside the state); every other command is kept", () => {
    expect([undoable(["leave"]), undoable(["move"]), undoable(["engage", "initiative"]), undoable(["endTurn"]), undoable([])]).toEqual([false, false, true, true, true]);
    // Issue 31: a step whose clock ended conditions on the tokens wrote outside the state.
    expect(undoable(["next", CONDITIONS_ENDED])).toBe(false);
    const s0 = start();
    const s1 = step(s0, { type: "nextTurn" });
    const kept = historyAfterStep([], s0, s1, 0, ["nextTurn"]);
    expect(historyAfterStep(kept, s1, step(s1, { type: "leave", combatantId: "orc" }), 0, ["leave"])).toEqual([]);
  });

  it("refuses an undo asked from another state than now (a second GM's undo, or a step landed first), and a history that does not fit the state", () => {
    const s0 = start();
    const s1 = step(s0, { type: "nextTurn" });
    const history = historyAfterStep([], s0, s1, 0, ["nextTurn"]);
    expect(undoStep(history, s1, fingerprint(s0))).toEqual({ ok: false, refusal: { code: "undo.moved", message: "BOUT.Combat.Undo.Moved" } });
    expect(undoStep(history, s1, fingerprint(s1)).ok).toBe(true);
    expect(undoStep(history, step(s1, { type: "nextRound" })).ok).toBe(false);
  });

  it("reads a stored history back, anything else as empty", () => {
    const s0 = start();
    const history = historyAfterStep([], s0, step(s0, { type: "nextTurn" }), 0, ["nextTurn"]);
    expect(readHistory(JSON.stringify(history))).toEqual(history);
    expect([readHistory(""), readHistory("{"), readHistory('[{"x":1}]'), readHistory(7)]).toEqual([[], [], [], []]);
  });
});

// Issue 23: the state is stored structured and merged key by key, so its keys
// may come back in another order than the engine set them.
describe("undo: fingerprints and sizes (issue 23)", () => {
  it("a state's fingerprint does not depend on the order of its keys", () => {
    fc.assert(
      fc.property(json, (value) => {
        const reordered = JSON.parse(JSON.stringify(value), (_k, v) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v));
        expect(fingerprint(reordered)).toBe(fingerprint(value));
      }),
    );
    expect(fingerprint({ a: 1, b: 2 })).not.toBe(fingerprint({ a: 2, b: 1 }));
  });

  it("an entry keeps its own size, measured once; a history saved with the older fingerprint (the JSON in its own key order) still undoes", () => {
    const s0 = start();
    const s1 = step(s0, { type: "nextTurn" });
    const [entry] = historyAfterStep([], s0, s1, 0, ["nextTurn"]);
    expect(entry!.size).toBe(JSON.stringify(entry).length);
    const text = JSON.stringify(s1);
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    const older = { back: entry!.back, at: `${h.toString(36)}.${text.length.toString(36)}`, seconds: 0 };
    expect(older.at).not.toBe(entry!.at);
    const undone = undoStep([older], s1);
    expect(undone.ok && undone.value.state).toEqual(s0);
  });
});

// Issue 35: a step's cost follows what it changed. The walk skips every part the
// new state shares with the old one; the fingerprint is worked out from the
// changed parts alone; a change of one field across many fighters (a new round)
// is kept as columns.
describe("undo: a step's work follows what it changed (issue 35)", () => {
  /** `value` with the part at `path` (indices taken modulo each level's size) replaced by `by`, sharing everything else. */
  function edit(value: unknown, path: readonly number[], by: unknown): unknown {
    if (!path.length) return by;
    const [at, ...rest] = path;
    if (Array.isArray(value) && value.length) {
      const i = at! % value.length;
      return value.map((v, k) => (k === i ? edit(v, rest, by) : v));
    }
    if (value && typeof value === "object" && Object.keys(value).length) {
      const keys = Object.keys(value);
      const key = keys[at! % keys.length]!;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === key ? edit(v, rest, by) : v]));
    }
    return by;
  }
  const edits = fc.array(fc.record({ path: fc.array(fc.nat(), { maxLength: 4 }), by: json }), { maxLength: 4 });

  it("the fingerprint worked out from a step's changed parts is the whole new state's, and the patch takes the step back exactly", () => {
    fc.assert(
      fc.property(json, edits, json, (before, changes, other) => {
        const after = changes.reduce((v, c) => edit(v, c.path, c.by), before);
        for (const next of [after, other]) {
          const diff = diffStep(before, next, fingerprint(before));
          expect(diff.print).toBe(fingerprint(next));
          expect(applyPatch(next, diff.back)).toEqual(before);
          // Without the old fingerprint it is worked out whole, to the same end.
          expect(diffStep(before, next).print).toBe(diff.print);
        }
      }),
      { numRuns: 500 },
    );
    expect(fingerprint({ a: [1, 2] })).not.toBe(fingerprint({ a: [2, 1] }));
    expect(fingerprint({ a: {} })).not.toBe(fingerprint({ a: [] }));
    expect(fingerprint({ a: null })).not.toBe(fingerprint({}));
  });

  it("a part the new state shares with the old one is never read", () => {
    const untouchable = new Proxy(Object.freeze({ fighters: Array.from({ length: 200 }, (_, i) => ({ id: `f${i}` })) }), {
      get: () => {
        throw new Error("read a shared part");
      },
      ownKeys: () => {
        throw new Error("listed a shared part");
      },
    });
    const before = { round: 1, crowd: untouchable };
    const after = { ...before, round: 2 };
    const diff = diffStep(before, after, fingerprint({ round: 1 }));
    expect(diff.back).toEqual(["{", { round: ["=", 1] }]);
    expect(diff.print).toBe(fingerprint({ round: 2 }));
  });

  it("a step that sets one field of many fighters keeps it as columns, shorter than one patch per fighter, and undoes exactly", () => {
    const before = { round: 1, fighters: Array.from({ length: 50 }, (_, i) => ({ id: `f${i}`, die: i % 7, total: i % 7, declaration: { action: "none" }, note: i === 3 ? "x" : undefined })) };
    const after = { round: 2, fighters: before.fighters.map((f, i) => (i === 4 ? f : { id: f.id, die: null, total: null, declaration: null, ...(i === 5 ? { extra: 1 } : {}) })) };
    const back = reversePatch(before, after)!;
    const fighters = (back as readonly ["{", Record<string, readonly unknown[]>])[1].fighters!;
    expect(fighters[0]).toBe("|");
    const columns = fighters[1] as Record<string, readonly [unknown[], string?]>;
    // Each value once; one digit per fighter ("." unchanged, "-" had no such key).
    expect(columns.declaration![0]).toEqual([{ action: "none" }]);
    expect(columns.die![1]).toMatch(/^[0-6.]{50}$/);
    expect(columns.extra).toEqual([[], ".....-".padEnd(50, ".")]);
    expect(JSON.stringify(back).length).toBeLessThan(JSON.stringify(before.fighters).length / 2);
    expect(applyPatch(after, back)).toEqual(JSON.parse(JSON.stringify(before)));
  });

  it("arrays of many records, grown, cut or changed field by field: the patch takes the step back exactly", () => {
    const record = fc.record({ id: fc.string({ maxLength: 3 }), a: fc.option(fc.integer({ min: 0, max: 3 })), b: fc.constantFrom("x", "y", { z: 1 }) }, { requiredKeys: ["id"] });
    fc.assert(
      fc.property(fc.array(record, { minLength: 8, maxLength: 30 }), fc.array(record, { minLength: 8, maxLength: 30 }), fc.nat(), (xs, ys, keep) => {
        const before = { xs };
        // After: the first `keep` elements shared, the rest from ys.
        const after = { xs: [...xs.slice(0, keep % (xs.length + 1)), ...ys.slice(keep % (xs.length + 1))] };
        const diff = diffStep(before, after);
        expect(applyPatch(after, diff.back)).toEqual(JSON.parse(JSON.stringify(before)));
        expect(diff.print).toBe(fingerprint(after));
      }),
      { numRuns: 300 },
    );
  });
});

describe("undo: a list of ids put back by place (issue 35)", () => {
  it("a new round's old order of turns is kept as the places of its ids in the fighters' list, two digits each, and undoes exactly", () => {
    const fighters = Array.from({ length: 40 }, (_, i) => ({ id: `fighter${String(i).padStart(9, "0")}`, total: i }));
    const order = [...fighters].reverse().map((f) => f.id);
    const before = { round: 1, fighters, order, acted: order.slice(0, 3) };
    const after = { ...before, round: 2, order: [], acted: [] };
    const back = reversePatch(before, after)!;
    const parts = (back as readonly ["{", Record<string, readonly unknown[]>])[1];
    expect(parts.order).toEqual(["@", "fighters", expect.stringMatching(/^[A-Za-z0-9_-]{80}$/)]);
    // A short list is kept as it is.
    expect(parts.acted![0]).toBe("=");
    expect(applyPatch(after, back)).toEqual(before);
    expect(JSON.stringify(parts.order).length).toBeLessThan(JSON.stringify(order).length / 4);
    // Ids not all of one list of the state: kept as they are.
    const strays = { ...before, order: [...order.slice(0, 20), "nobody"] };
    expect(((reversePatch(strays, after) as readonly ["{", Record<string, readonly unknown[]>])[1].order!)[0]).toBe("=");
  });
});
