// Issue 20 (the tracker): the GM's undo of the last step. Which steps can be
// taken back and what taking one back restores are the engine's (undo.ts);
// the machines are the seeds' (turns: seed 003 "Combat Summary").
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyPatch, fingerprint, historyAfterStep, readHistory, reversePatch, undoStep, UNDO_DEPTH, undoable, CONDITIONS_ENDED } from "../../../src/engine/time/undo";
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

  it("keeps older steps only while the history is no longer than the state: a step that changes the whole state keeps itself alone", () => {
    const a = { pools: [1, 2, 3, 4, 5, 6, 7, 8] };
    const b = { pools: [8, 7, 6, 5, 4, 3, 2, 1] };
    const c = { pools: [2, 2, 2, 2, 2, 2, 2, 2] };
    const history = historyAfterStep(historyAfterStep([], a, b, 6, ["nextRound"]), b, c, 6, ["nextRound"]);
    expect(history).toHaveLength(1);
    const u = undoStep(history, c);
    expect(u.ok && u.value.state).toEqual(b);
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
