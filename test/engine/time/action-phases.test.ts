// Seed 002 sections I-III: action phases ordered by unspent action points,
// recomputed after every spend; hold, partial spend, multi-phase actions; the
// round ends when nobody can or will act.
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lateViews } from "./late-views";
import { actingNow, actionPhasesMachine, actionPhasesView, roundOver, startActionPhases, type ActionPhasesCommand, type ActionPhasesState } from "../../../src/engine/time/action-phases";

function start(pools: Record<string, number>): ActionPhasesState {
  const s = startActionPhases(Object.entries(pools).map(([id, pool]) => ({ id, pool })));
  if (!s.ok) throw new Error(s.refusal.code);
  return s.value;
}
function run(s: ActionPhasesState, ...cmds: ActionPhasesCommand[]): ActionPhasesState {
  return cmds.reduce((st, c) => {
    const r = actionPhasesMachine.apply(st, c);
    if (!r.ok) throw new Error(`${c.type}: ${r.refusal.code}`);
    return r.value.state;
  }, s);
}
const code = (s: ActionPhasesState, c: ActionPhasesCommand) => {
  const r = actionPhasesMachine.apply(s, c);
  return r.ok ? "ok" : r.refusal.code;
};
const pool = (s: ActionPhasesState, id: string) => s.combatants.find((c) => c.id === id)!.pool;

describe("seed 002 III: who acts", () => {
  it("the highest unspent pool acts first, and the order is worked out again after every spend", () => {
    const s = start({ anna: 18, bert: 15, carl: 9 });
    expect(actingNow(s)).toEqual(["anna"]);
    expect(code(s, { type: "spend", combatantId: "bert", points: 5, kind: "combat" })).toBe("actionPhases.outOfTurn");
    const a = run(s, { type: "spend", combatantId: "anna", points: 10, kind: "combat" });
    // Anna has acted this phase (8 left); Bert (15) is next, then Carl.
    expect(actingNow(a)).toEqual(["bert"]);
    const b = run(a, { type: "spend", combatantId: "bert", points: 8, kind: "mixed" }, { type: "hold", combatantId: "carl" });
    // Everyone has acted: phase 2 begins by itself; now Carl (9) leads Anna (8) and Bert (7).
    expect([b.phase, actingNow(b)]).toEqual([2, ["carl"]]);
  });

  it("II: an action costs at most 10 (movement, mixed) or 12 (one combat action); more is begun now and finished next phase", () => {
    const s = start({ anna: 30, bert: 5 });
    const a = run(s, { type: "spend", combatantId: "anna", points: 16, kind: "combat" });
    expect([pool(a, "anna"), a.combatants[0]!.continuing]).toEqual([18, { remaining: 4, kind: "combat" }]);
    const b = run(a, { type: "hold", combatantId: "bert" });
    // Next phase: Anna first pays the 4 she owes, which is her action for that phase.
    expect([b.phase, pool(b, "anna"), b.combatants[0]!.continuing, actingNow(b)]).toEqual([2, 14, null, ["bert"]]);
  });

  it("refuses spending more than the pool, nothing, or a non-number", () => {
    const s = start({ anna: 6 });
    expect([
      code(s, { type: "spend", combatantId: "anna", points: 7, kind: "combat" }),
      code(s, { type: "spend", combatantId: "anna", points: 0, kind: "combat" }),
      code(s, { type: "spend", combatantId: "anna", points: 2.5, kind: "combat" }),
      code(s, { type: "spend", combatantId: "anna", points: "3" as never, kind: "combat" }),
    ]).toEqual(["actionPhases.tooMany", "actionPhases.notPositive", "actionPhases.notNumber", "actionPhases.notNumber"]);
  });

  it("refuses a kind of action that is a prototype key, not one of the seed's three (seed 002 II)", () => {
    const s = start({ anna: 6 });
    expect(["constructor", "__proto__", "toString", "hasOwnProperty"].map((kind) => code(s, { type: "spend", combatantId: "anna", points: 2, kind } as never))).toEqual(Array(4).fill("actionPhases.badKind"));
    expect(pool(s, "anna")).toBe(6);
  });

  it("the round ends when nobody can or will act; the next round brings fresh pools", () => {
    const s = start({ anna: 4, bert: 3 });
    const done = run(s, { type: "spend", combatantId: "anna", points: 4, kind: "movement" }, { type: "pass", combatantId: "bert" });
    expect(roundOver(done)).toBe(true);
    expect(code(done, { type: "nextPhase" })).toBe("actionPhases.roundOver");
    expect(code(done, { type: "nextRound", pools: { anna: 12 } })).toBe("actionPhases.badPool");
    const next = run(done, { type: "nextRound", pools: { anna: 12, bert: 14 } });
    expect([next.round, next.phase, actingNow(next)]).toEqual([2, 1, ["bert"]]);
  });

  it("ties act in either order", () => {
    expect(actingNow(start({ anna: 10, bert: 10, carl: 3 }))).toEqual(["anna", "bert"]);
  });
});

describe("action phases: invariants", () => {
  it("pools never go negative, refusals change nothing, every phase makes progress", () => {
    const ids = ["a", "b", "c"];
    const cmd = fc.oneof(
      fc.record({ type: fc.constant("spend" as const), combatantId: fc.constantFrom(...ids), points: fc.integer({ min: -3, max: 30 }), kind: fc.constantFrom("movement" as const, "mixed" as const, "combat" as const) }),
      fc.record({ type: fc.constant("hold" as const), combatantId: fc.constantFrom(...ids) }),
      fc.record({ type: fc.constant("pass" as const), combatantId: fc.constantFrom(...ids) }),
      fc.constant({ type: "nextPhase" as const }),
    );
    fc.assert(
      fc.property(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 })), fc.array(cmd, { maxLength: 60 }), (pools, cmds) => {
        let s = start({ a: pools[0], b: pools[1], c: pools[2] });
        const total = () => s.combatants.reduce((t, c) => t + c.pool, 0);
        for (const c of cmds) {
          const before = JSON.stringify(s);
          const t0 = total();
          const r = actionPhasesMachine.apply(s, c);
          if (!r.ok) {
            expect(JSON.stringify(s)).toBe(before);
            continue;
          }
          s = r.value.state;
          expect(s.combatants.every((x) => x.pool >= 0)).toBe(true);
          expect(total()).toBeLessThanOrEqual(t0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("the view and who acts, kept from state to state, equal the ones worked out from scratch (issue 35)", () => {
    const ids = ["a", "b", "c", "d"];
    const cmd = fc.oneof(
      fc.record({ type: fc.constant("spend" as const), combatantId: fc.constantFrom(...ids), points: fc.integer({ min: 1, max: 14 }), kind: fc.constantFrom("movement" as const, "mixed" as const, "combat" as const) }),
      fc.record({ type: fc.constant("hold" as const), combatantId: fc.constantFrom(...ids) }),
      fc.record({ type: fc.constant("pass" as const), combatantId: fc.constantFrom(...ids) }),
      fc.constant({ type: "nextPhase" as const }),
      fc.record({ type: fc.constant("nextRound" as const), pools: fc.record({ a: fc.integer({ min: 0, max: 20 }), b: fc.integer({ min: 0, max: 20 }), c: fc.integer({ min: 0, max: 20 }), d: fc.integer({ min: 0, max: 20 }) }) }),
      fc.record({ type: fc.constant("join" as const), combatantId: fc.constantFrom(...ids), pool: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ type: fc.constant("leave" as const), combatantId: fc.constantFrom(...ids) }),
    );
    /** actingNow as it was: worked out at every call. */
    const actingFresh = (s: ActionPhasesState) => {
      const ready = s.combatants.filter((c) => !c.passed && !c.actedThisPhase && c.pool > 0);
      const top = Math.max(...ready.map((c) => c.pool));
      return ready.filter((c) => c.pool === top || c.action).map((c) => c.id);
    };
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 3, maxLength: 3 }), fc.array(fc.tuple(cmd, fc.boolean()), { maxLength: 60 }), (pools, steps) => {
        const kept = actionPhasesView();
        const late = lateViews((state: ActionPhasesState) => actionPhasesView()(state));
        let s = start({ a: pools[0]!, b: pools[1]!, c: pools[2]! });
        for (const [c, copy] of steps) {
          const r = actionPhasesMachine.apply(s, c as ActionPhasesCommand);
          if (r.ok) s = copy ? structuredClone(r.value.state) : r.value.state;
          late.add(s, kept(s));
          expect(actingNow(s)).toEqual(actingFresh(s));
          expect(kept(s)).toEqual(actionPhasesView()(s));
        }
        late.check();
      }),
      { numRuns: 300 },
    );
  });

  it("names only labels that exist", () => {
    const lang = JSON.parse(readFileSync("lang/en.json", "utf8"));
    const has = (key: string) => typeof key.split(".").reduce<any>((o, k) => o?.[k], lang) === "string";
    const s = run(start({ a: 20, b: 4 }), { type: "spend", combatantId: "a", points: 15, kind: "combat" });
    const keys = [s, run(s, { type: "pass", combatantId: "b" })].flatMap((st) => {
      const v = actionPhasesMachine.view(st);
      return [v.step.key, ...v.rows.flatMap((r) => r.badges.map((b) => b.label.key))];
    });
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });
});
