// A fighter taken out of the fight (its Combatant deleted) leaves no ghost in any
// time structure: after `leave`, the machine's state names it nowhere (no order,
// turn, initiative holder, engagement, declared opponent, record keyed by it), the
// tracker shows no row for it, and the turn passes to whoever the rules say is next.
// Each machine is driven by random commands (fast-check) with a fighter called
// "ghost" among the others; it leaves at a random moment.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Outcome } from "../../../src/engine/outcome";
import type { TimeMachine, Transition } from "../../../src/engine/time/machine";
import { startTurns, turnsMachine, type TurnsCommand } from "../../../src/engine/time/turns";
import { actionPhasesMachine, startActionPhases, type ActionPhasesCommand } from "../../../src/engine/time/action-phases";
import { boutsMachine, startBouts, type BoutsCommand } from "../../../src/engine/time/bouts";
import { phasesMachine, startPhases, type PhasesCommand } from "../../../src/engine/time/phases";
import { pulsesMachine, startPulses, type PulsesCommand } from "../../../src/engine/time/pulses";

const GHOST = "ghost";

function must<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(`refused: ${o.refusal.code}`);
  return o.value;
}

/** Runs the commands (refusals skipped), has the ghost leave after `at` of them, runs the rest; the state must never name it again. */
function haunt<S, C extends { type: string }>(machine: TimeMachine<S, C>, start: S, commands: readonly C[], at: number): void {
  let s = start;
  const step = (c: C) => {
    const r = machine.apply(s, c);
    if (r.ok) s = (r.value as Transition<S>).state;
  };
  commands.slice(0, at).forEach(step);
  const left = must(machine.apply(s, { type: "leave", combatantId: GHOST } as unknown as C));
  s = left.state;
  expect(JSON.stringify(s)).not.toContain(GHOST);
  expect(machine.view(s).rows.some((r) => r.combatantId === GHOST)).toBe(false);
  // Gone is gone: no later command brings it back, and commands naming it are refused.
  for (const c of commands.slice(at)) {
    step(c);
    expect(JSON.stringify(s)).not.toContain(GHOST);
  }
}

describe("seed 003 turn order: a fighter who leaves", () => {
  const ids = ["elf", "orc", "dwarf", GHOST];
  const cmd = fc.oneof(
    fc.record({ type: fc.constant("act" as const), combatantId: fc.constantFrom(...ids), use: fc.constantFrom("action" as const, "move" as const) }),
    fc.record({ type: fc.constant("endTurn" as const), combatantId: fc.constantFrom(...ids) }),
    fc.constant({ type: "nextTurn" as const }),
    fc.constant({ type: "nextRound" as const }),
    fc.record({ type: fc.constant("oops" as const), combatantId: fc.constantFrom(...ids), effect: fc.constantFrom("weaponJars" as const, "outOfPosition" as const) }),
    fc.record({ type: fc.constant("prepare" as const), combatantId: fc.constantFrom(...ids), skill: fc.constantFrom("melee" as const, "dodge" as const) }),
    fc.record({ type: fc.constant("arrange" as const), order: fc.shuffledSubarray(ids, { minLength: 4, maxLength: 4 }) }),
  );

  it("is named nowhere in the state afterwards (not in the order, the GM's arrangement of ties, nor the turn)", () => {
    fc.assert(
      fc.property(fc.array(cmd, { maxLength: 30 }), fc.nat(30), (commands, at) => {
        // All tied, so the GM's arrangement (which names everyone) is allowed.
        const start = must(startTurns(ids.map((id) => ({ id, initiative: 30, agility: 30 }))));
        haunt(turnsMachine, start, commands as TurnsCommand[], Math.min(at, commands.length));
      }),
      { numRuns: 300 },
    );
  });

  it("leaving in its own turn hands the turn to the next in order, whose Prepare then ends (seed 003, Prepare: until the start of its next turn)", () => {
    let s = must(startTurns([{ id: "elf", initiative: 50, agility: 30 }, { id: GHOST, initiative: 40, agility: 30 }, { id: "orc", initiative: 30, agility: 30 }]));
    const run = (...commands: TurnsCommand[]) => {
      for (const c of commands) s = must(turnsMachine.apply(s, c)).state;
    };
    // Round 1: the orc prepares to dodge.
    run({ type: "endTurn", combatantId: "elf" }, { type: "endTurn", combatantId: GHOST }, { type: "prepare", combatantId: "orc", skill: "dodge" }, { type: "endTurn", combatantId: "orc" }, { type: "nextRound" });
    // Round 2: the ghost's turn comes, and it leaves in it.
    run({ type: "endTurn", combatantId: "elf" });
    expect([turnsMachine.view(s).holder, s.combatants.find((c) => c.id === "orc")?.prepared]).toEqual([GHOST, "dodge"]);
    const left = must(turnsMachine.apply(s, { type: "leave", combatantId: GHOST }));
    expect([turnsMachine.view(left.state).holder, left.state.combatants.find((c) => c.id === "orc")?.prepared]).toEqual(["orc", null]);
    expect(left.events.map((e) => e.type)).toEqual(["left", "turnStarted"]);
  });
});

describe("seed 002 action phases: a fighter who leaves", () => {
  const ids = ["anna", "bert", GHOST];
  const cmd = fc.oneof(
    fc.record({ type: fc.constant("spend" as const), combatantId: fc.constantFrom(...ids), points: fc.integer({ min: 1, max: 14 }), kind: fc.constantFrom("movement" as const, "mixed" as const, "combat" as const) }),
    fc.record({ type: fc.constant("hold" as const), combatantId: fc.constantFrom(...ids) }),
    fc.record({ type: fc.constant("pass" as const), combatantId: fc.constantFrom(...ids) }),
    fc.constant({ type: "nextPhase" as const }),
    fc.record({ type: fc.constant("nextRound" as const), pools: fc.record({ anna: fc.integer({ min: 0, max: 20 }), bert: fc.integer({ min: 0, max: 20 }), [GHOST]: fc.integer({ min: 0, max: 20 }) }) }),
  );

  it("is named nowhere in the state afterwards, and a next round's pools for it are refused", () => {
    fc.assert(
      fc.property(fc.array(cmd, { maxLength: 40 }), fc.nat(40), fc.tuple(fc.nat(30), fc.nat(30), fc.nat(30)), (commands, at, pools) => {
        const start = must(startActionPhases(ids.map((id, i) => ({ id, pool: pools[i]! }))));
        haunt(actionPhasesMachine, start, commands as ActionPhasesCommand[], Math.min(at, commands.length));
      }),
      { numRuns: 300 },
    );
  });

  it("leaving while it holds the highest pool hands the action to the next highest (seed 002 II)", () => {
    const s = must(startActionPhases([{ id: GHOST, pool: 18 }, { id: "anna", pool: 12 }, { id: "bert", pool: 9 }]));
    expect(actionPhasesMachine.view(s).holder).toBe(GHOST);
    expect(actionPhasesMachine.view(must(actionPhasesMachine.apply(s, { type: "leave", combatantId: GHOST })).state).holder).toBe("anna");
  });
});

describe("seed 000 bouts: a fighter who leaves", () => {
  const ids = ["alan", "rival", "roland", GHOST];
  const cmd = fc.oneof(
    fc.record({ type: fc.constant("reveal" as const), boutId: fc.constantFrom("hall", "door"), choices: fc.dictionary(fc.constantFrom(...ids), fc.constantFrom("red" as const, "white" as const, null)) }),
    fc.record({ type: fc.constant("spend" as const), combatantId: fc.constantFrom(...ids), dice: fc.integer({ min: 1, max: 5 }), purpose: fc.constantFrom("attack" as const, "defence" as const) }),
    fc.record({ type: fc.constant("exchangeWon" as const), boutId: fc.constantFrom("hall", "door"), winner: fc.constantFrom(...ids) }),
    fc.record({ type: fc.constant("next" as const), boutId: fc.constantFrom("hall", "door") }),
    fc.record({ type: fc.constant("pause" as const), boutId: fc.constantFrom("hall", "door") }),
    fc.record({ type: fc.constant("seize" as const), boutId: fc.constantFrom("hall", "door"), combatantId: fc.constantFrom(...ids) }),
    fc.record({ type: fc.constant("move" as const), combatantId: fc.constantFrom(...ids), boutId: fc.constantFrom("hall", "door", "stairs") }),
    fc.record({ type: fc.constant("focus" as const), boutId: fc.constantFrom("hall", "door") }),
  );

  it("is named nowhere in the state afterwards (not the initiative holder, the declare order, the blow order)", () => {
    fc.assert(
      fc.property(fc.array(cmd, { maxLength: 40 }), fc.nat(40), (commands, at) => {
        const start = must(
          startBouts([
            { id: "hall", combatants: [{ id: "alan", reflex: 6, pool: 10 }, { id: GHOST, reflex: 5, pool: 9 }] },
            { id: "door", combatants: [{ id: "roland", reflex: 5, pool: 12 }, { id: "rival", reflex: 4, pool: 8 }] },
          ]),
        );
        haunt(boutsMachine, start, commands as BoutsCommand[], Math.min(at, commands.length));
      }),
      { numRuns: 300 },
    );
  });
});

describe("seed 001 phased rounds: a fighter who leaves", () => {
  const ids = ["a1", "b1", "c1", GHOST];
  const sword = { min: "touch", max: "reach" } as const;
  const cmd = fc.oneof(
    {
      arbitrary: fc.record({
        type: fc.constant("declare" as const),
        combatantId: fc.constantFrom(...ids),
        opponents: fc.subarray(ids, { minLength: 1 }),
        action: fc.constantFrom("melee", "missile", "move"),
      }).map(({ opponents, action, ...c }) => ({
        ...c,
        declaration: action === "melee" ? { action, opponents: opponents.filter((o) => o !== c.combatantId), range: "reach", reach: sword, score: 0 } : action === "missile" ? { action, missile: true, range: "close", score: 0 } : { action, movement: "walk" },
      })),
      weight: 6,
    },
    { arbitrary: fc.record({ type: fc.constant("setInitiative" as const), totals: fc.record({ a1: fc.integer({ min: 0, max: 30 }), b1: fc.integer({ min: 0, max: 30 }), c1: fc.integer({ min: 0, max: 30 }), [GHOST]: fc.integer({ min: 0, max: 30 }) }) }), weight: 2 },
    { arbitrary: fc.record({ type: fc.constant("act" as const), combatantId: fc.constantFrom(...ids), fire: fc.boolean() }), weight: 4 },
    { arbitrary: fc.constant({ type: "next" as const }), weight: 4 },
    { arbitrary: fc.constant({ type: "nextRound" as const }), weight: 1 },
  );

  it("is named nowhere in the state afterwards (order, acted, engagements, escapes, others' declared opponents)", () => {
    fc.assert(
      fc.property(fc.array(cmd, { maxLength: 60 }), fc.nat(60), (commands, at) => {
        const start = must(startPhases(ids.map((id) => ({ id }))));
        haunt(phasesMachine, start, commands as unknown as PhasesCommand[], Math.min(at, commands.length));
      }),
      { numRuns: 300 },
    );
  });
});

describe("seed 004 pulses: a figure who leaves", () => {
  const fig = (id: string, side: string, modAG: number, extra: Record<string, unknown> = {}) => ({ id, side, modAG, pc: 10, rank: 2, militaryScientist: 0, ...extra });
  const roster = [fig("aldo", "knights", 14, { leader: true }), fig("cass", "knights", 18), fig("bruna", "raiders", 16, { leader: true }), fig(GHOST, "raiders", 20)];
  const ids = roster.map((c) => c.id);
  const cmd = fc.oneof(
    fc.record({ type: fc.constant("setEngagements" as const), groups: fc.constantFrom([["aldo", GHOST]], [["aldo", "bruna"], ["cass", GHOST]], [] as string[][]), rear: fc.constantFrom([], [GHOST]) }),
    fc.record({ type: fc.constant("rollSideInitiative" as const), rolls: fc.record({ knights: fc.integer({ min: 1, max: 10 }), raiders: fc.integer({ min: 1, max: 10 }) }) }),
    fc.record({ type: fc.constant("chooseOrder" as const), engagementId: fc.constantFrom("e1", "e2", "e3"), combatantId: fc.constantFrom(...ids), choice: fc.constantFrom("first" as const, "last" as const) }),
    fc.record({ type: fc.constant("chooseSideOrder" as const), side: fc.constantFrom("knights", "raiders"), first: fc.constantFrom("knights", "raiders") }),
    fc.record({ type: fc.constant("declareAction" as const), combatantId: fc.constantFrom(...ids), action: fc.constantFrom("melee", "move", "pass", "closeAndAttack") }),
    fc.record({ type: fc.constant("endTurn" as const), combatantId: fc.constantFrom(...ids) }),
    fc.constant({ type: "nextStep" as const }),
    fc.constant({ type: "nextPulse" as const }),
  );

  it("is named nowhere in the state afterwards (engagements and their order, acted, declared actions, strikes)", () => {
    fc.assert(
      fc.property(fc.array(cmd, { maxLength: 50 }), fc.nat(50), fc.constantFrom(null, "raiders", "knights"), (commands, at, surprise) => {
        const start = must(startPulses({ combatants: roster, surprise } as never)).state;
        haunt(pulsesMachine, start, commands as unknown as PulsesCommand[], Math.min(at, commands.length));
      }),
      { numRuns: 300 },
    );
  });
});
