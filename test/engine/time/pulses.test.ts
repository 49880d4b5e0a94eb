// Seed 004_2f46e4f6196f6037.txt, [11.1] Surprise, [12] Combat Sequence, [12.2] Non-engaged Initiative,
// [12.3] Engaged Initiative, [19] Stun (acts last): the "Pulses" time machine.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Outcome } from "../../../src/engine/outcome";
import { currentActors, initiativeRollers, mayStrikeBlow, openActions, pulsesMachine, withinReachOfEngagement, startPulses, strikePenaltyOf, pulsesView, viewPulses, type PulseCombatantInput, type PulsesCommand, type PulsesState } from "../../../src/engine/time/pulses";
import type { FightNow, Transition } from "../../../src/engine/time/machine";
import { sideRoller } from "../../../src/engine/rulesets/pulse/initiative";

const fig = (id: string, side: string, modAG: number, pc: number, rank: number, extra: Partial<PulseCombatantInput> = {}): PulseCombatantInput => ({
  id,
  side,
  modAG,
  pc,
  rank,
  militaryScientist: 0,
  ...extra,
});

// Two sides: knights (Aldo leads, Military Scientist 2) and raiders (Bruna leads).
const roster = [
  fig("aldo", "knights", 14, 12, 3, { leader: true, militaryScientist: 2 }),
  fig("cass", "knights", 18, 10, 5),
  fig("dain", "knights", 12, 15, 1),
  fig("bruna", "raiders", 16, 11, 4, { leader: true }),
  fig("egil", "raiders", 11, 9, 2),
  fig("fenn", "raiders", 20, 14, 0),
];

function must<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(`refused: ${o.refusal.code}`);
  return o.value;
}

/** The fighters' conditions as the world holds them (issue 31: the state keeps none): these ids stunned, or in close combat. */
const stunned = (...ids: string[]): FightNow => ({ statuses: Object.fromEntries(ids.map((id) => [id, ["stun"]])) });
const inClose = (...ids: string[]): FightNow => ({ statuses: Object.fromEntries(ids.map((id) => [id, ["closeCombat"]])) });

function run(state: PulsesState, ...commands: PulsesCommand[]): Transition<PulsesState, any> {
  return runNow(undefined, state, ...commands);
}

/** The commands applied with the fighters' conditions `now`. */
function runNow(now: FightNow | undefined, state: PulsesState, ...commands: PulsesCommand[]): Transition<PulsesState, any> {
  let t: Transition<PulsesState, any> = { state, events: [] };
  const events: any[] = [];
  for (const c of commands) {
    t = must(pulsesMachine.apply(t.state, c, now));
    events.push(...t.events);
  }
  return { state: t.state, events };
}

const start = (extra: Partial<Parameters<typeof startPulses>[0]> = {}) => must(startPulses({ combatants: roster, ...extra }));

describe("seed 004 [12] a pulse with no engagements", () => {
  it("[12.2] leaders roll D10 + PC + Military Scientist; the higher side wins and chooses which side goes first", () => {
    const s0 = start().state;
    expect(s0.step).toEqual({ kind: "initiative" });
    expect(initiativeRollers(s0)).toEqual([
      { side: "knights", rollerId: "aldo", bonus: 14 },
      { side: "raiders", rollerId: "bruna", bonus: 11 },
    ]);
    // Knights 4 + 14 = 18, raiders 6 + 11 = 17: knights win.
    const t = run(s0, { type: "rollSideInitiative", rolls: { knights: 4, raiders: 6 } });
    expect(t.events[0]).toEqual({
      type: "sideInitiative",
      winner: "knights",
      rolls: [
        { side: "knights", rollerId: "aldo", roll: 4, bonus: 14, total: 18 },
        { side: "raiders", rollerId: "bruna", roll: 6, bonus: 11, total: 17 },
      ],
    });
    expect(t.state.step).toEqual({ kind: "sideChoice" });
    // The knights let the raiders go first.
    const u = run(t.state, { type: "chooseSideOrder", side: "knights", first: "raiders" });
    expect(u.state.sideOrder).toEqual(["raiders", "knights"]);
    expect(u.state.step).toEqual({ kind: "side", index: 0 });
    expect(currentActors(u.state).sort()).toEqual(["bruna", "egil", "fenn"]);
  });

  it("[12.2] a side stunned whole since the pulse began has nobody to roll: the roll is not needed, and the step moves on", () => {
    // The raiders all stunned from the token HUD after the pulse opened: only the knights can roll, so nobody rolls against them.
    const s0 = start().state;
    const raidersStunned = { statuses: { bruna: ["stun"], egil: ["stun"], fenn: ["stun"] } };
    const t = runNow(raidersStunned, s0, { type: "rollSideInitiative", rolls: { knights: 4, raiders: 6 } });
    expect(t.events[0]).toEqual({ type: "sideInitiativeNotNeeded", winner: "knights" });
    expect(t.state.initiative).toEqual({ rolls: [], winner: "knights" });
    // Everyone stunned: nobody rolls, nobody wins, and a roll sent anyway is not an error either.
    const all = { statuses: Object.fromEntries(roster.map((c) => [c.id, ["stun"]])) };
    const u = runNow(all, s0, { type: "rollSideInitiative", rolls: { knights: 0, raiders: 0 } });
    expect(u.events[0]).toEqual({ type: "sideInitiativeNotNeeded", winner: null });
    expect(u.state.step.kind).not.toBe("initiative");
  });

  it("a tie is rolled again and changes nothing", () => {
    const s0 = start().state;
    const out = must(pulsesMachine.apply(s0, { type: "rollSideInitiative", rolls: { knights: 1, raiders: 4 } }));
    expect(out.state).toBe(s0);
    expect(out.events[0]!.type).toBe("sideInitiativeTied");
  });

  it("only the winning side may choose; a raider choice is refused", () => {
    const t = run(start().state, { type: "rollSideInitiative", rolls: { knights: 9, raiders: 1 } });
    const bad = pulsesMachine.apply(t.state, { type: "chooseSideOrder", side: "raiders", first: "raiders" });
    expect(!bad.ok && bad.refusal.code).toBe("pulses.notYourChoice");
  });

  it("after both sides act, the next pulse starts with a new initiative roll", () => {
    const t = run(
      start().state,
      { type: "rollSideInitiative", rolls: { knights: 9, raiders: 1 } },
      { type: "chooseSideOrder", side: "knights", first: "knights" },
      { type: "endTurn", combatantId: "cass" },
      { type: "endTurn", combatantId: "aldo" },
      { type: "endTurn", combatantId: "dain" },
    );
    expect(t.state.step).toEqual({ kind: "side", index: 1 });
    const u = run(t.state, { type: "endTurn", combatantId: "fenn" }, { type: "endTurn", combatantId: "egil" }, { type: "endTurn", combatantId: "bruna" });
    expect(u.state.pulse).toBe(2);
    expect(u.state.step).toEqual({ kind: "initiative" });
    expect(u.events.map((e) => e.type)).toEqual(["turnEnded", "turnEnded", "turnEnded", "pulseEnded", "pulseStarted"]);
  });

  it("a figure of the side not acting is out of turn (state unchanged)", () => {
    const t = run(start().state, { type: "rollSideInitiative", rolls: { knights: 9, raiders: 1 } }, { type: "chooseSideOrder", side: "knights", first: "knights" });
    const bad = pulsesMachine.apply(t.state, { type: "endTurn", combatantId: "fenn" });
    expect(!bad.ok && bad.refusal.code).toBe("pulses.outOfTurn");
  });
});

describe("seed 004 [12.2] who rolls when the leader cannot", () => {
  it("an engaged leader is replaced by another free figure, without Military Scientist", () => {
    const s0 = start({ engagements: [["aldo", "bruna"]] }).state;
    const rollers = initiativeRollers(s0);
    // Knights: Dain has the best PC (15) of the free ones; raiders: Fenn (14).
    expect(rollers).toEqual([
      { side: "knights", rollerId: "dain", bonus: 15 },
      { side: "raiders", rollerId: "fenn", bonus: 14 },
    ]);
  });
  it("a stunned leader cannot roll either", () => {
    const s0 = start().state;
    expect(initiativeRollers(s0, stunned("aldo"))[0]).toEqual({ side: "knights", rollerId: "dain", bonus: 15 });
    // The stun is the token's, read when the roll is made: the state holds no copy of it.
    expect(initiativeRollers(s0)[0]).toEqual({ side: "knights", rollerId: "aldo", bonus: 14 });
  });
  it("a side whose figures are all engaged needs no roll", () => {
    const s0 = must(startPulses({ combatants: roster.slice(0, 4), engagements: [["aldo", "bruna"]] })).state;
    expect(initiativeRollers(s0).map((r) => r.side)).toEqual(["knights"]);
    // With a single side to roll, the engagement starts at once.
    expect(s0.step).toEqual({ kind: "engagement", index: 0 });
  });
});

describe("seed 004 [12.2] the GM names each side's leader", () => {
  const leaderless = roster.map((c) => ({ ...c, leader: false }));
  it("ruled leaderless, the best free PC rolls without Military Scientist; naming Aldo adds his PC 12 + Military Scientist 2, and the side wins by it", () => {
    const s0 = run(must(startPulses({ combatants: leaderless })).state, { type: "setLeader", side: "knights", combatantId: null }).state;
    expect(initiativeRollers(s0)[0]).toEqual({ side: "knights", rollerId: "dain", bonus: 15 });
    const named = run(s0, { type: "setLeader", side: "knights", combatantId: "aldo" });
    expect(named.events).toEqual([{ type: "leaderSet", side: "knights", combatantId: "aldo" }]);
    expect(initiativeRollers(named.state)[0]).toEqual({ side: "knights", rollerId: "aldo", bonus: 14 });
    // Knights 3 + 14 = 17; the raiders name Bruna: 5 + 11 = 16.
    const raidersNamed = run(named.state, { type: "setLeader", side: "raiders", combatantId: "bruna" });
    const t = run(raidersNamed.state, { type: "rollSideInitiative", rolls: { knights: 3, raiders: 5 } });
    expect(t.events[0]).toMatchObject({ type: "sideInitiative", winner: "knights", rolls: [{ rollerId: "aldo", total: 17 }, { rollerId: "bruna", total: 16 }] });
    expect(viewPulses(named.state).rows.find((r) => r.combatantId === "aldo")!.badges.map((b) => b.label.key)).toContain("BOUT.Time.Pulses.Badge.Leader");
  });

  it("one leader a side: naming Cass unnames Aldo; null names none; a raider cannot lead the knights; an unknown side is refused", () => {
    const s0 = start().state;
    const cass = run(s0, { type: "setLeader", side: "knights", combatantId: "cass" }).state;
    expect(cass.combatants.filter((c) => c.leader).map((c) => c.id)).toEqual(["cass", "bruna"]);
    const none = run(cass, { type: "setLeader", side: "knights", combatantId: null }).state;
    expect(none.combatants.filter((c) => c.leader).map((c) => c.id)).toEqual(["bruna"]);
    expect(pulsesMachine.apply(s0, { type: "setLeader", side: "knights", combatantId: "bruna" }).ok).toBe(false);
    expect(pulsesMachine.apply(s0, { type: "setLeader", side: "elves", combatantId: null }).ok).toBe(false);
  });

  it("a leader named by the GM who is engaged rolls nothing: a free stand-in rolls without Military Scientist", () => {
    const s0 = must(startPulses({ combatants: leaderless, engagements: [["aldo", "bruna"]] })).state;
    const named = run(s0, { type: "setLeader", side: "knights", combatantId: "aldo" }).state;
    expect(initiativeRollers(named)[0]).toEqual({ side: "knights", rollerId: "dain", bonus: 15 });
  });
});

describe("seed 004 [12.2] 'Leader of each side rolls': a side always has a leader unless the GM rules none", () => {
  it("with none named, the knights are led by Aldo (Military Scientist 2) and roll 12 + 2; the raiders (no Military Scientist) by the best PC, Fenn's 14", () => {
    const s0 = must(startPulses({ combatants: roster.map((c) => ({ ...c, leader: false })) })).state;
    expect(s0.combatants.filter((c) => c.leader).map((c) => c.id)).toEqual(["aldo", "fenn"]);
    expect(initiativeRollers(s0)).toEqual([
      { side: "knights", rollerId: "aldo", bonus: 14 },
      { side: "raiders", rollerId: "fenn", bonus: 14 },
    ]);
  });

  it("a side of one figure is its own leader and rolls with its Military Scientist", () => {
    const s0 = must(startPulses({ combatants: [fig("aldo", "knights", 14, 12, 3, { militaryScientist: 2 }), fig("egil", "raiders", 11, 9, 2, { militaryScientist: 1 })] })).state;
    expect(initiativeRollers(s0)).toEqual([
      { side: "knights", rollerId: "aldo", bonus: 14 },
      { side: "raiders", rollerId: "egil", bonus: 10 },
    ]);
  });

  it("when the leader leaves, the side gets the next default leader; the GM's 'none' stands through a newcomer joining", () => {
    const s0 = start().state;
    const gone = run(s0, { type: "leave", combatantId: "aldo" }).state;
    expect(gone.combatants.filter((c) => c.side === "knights" && c.leader).map((c) => c.id)).toEqual(["dain"]);
    const none = run(gone, { type: "setLeader", side: "knights", combatantId: null }).state;
    const joined = run(none, { type: "join", combatant: fig("gale", "knights", 10, 10, 1, { militaryScientist: 5 }) }).state;
    expect(joined.combatants.filter((c) => c.side === "knights" && c.leader)).toEqual([]);
    // Naming a leader again lifts the ruling: the side follows the default once more if that leader leaves.
    const named = run(joined, { type: "setLeader", side: "knights", combatantId: "cass" }).state;
    expect(run(named, { type: "leave", combatantId: "cass" }).state.combatants.filter((c) => c.leader).map((c) => c.id)).toEqual(["bruna", "gale"]);
  });
});

describe("seed 004 [14.1] 'Change facing at will, but GM may assign penalty'; 'TMR assumes flat surface'", () => {
  it("the GM's penalty of 15 on Aldo comes off his strike chance this pulse (-15), shows on his row, and is gone next pulse; 0 clears it; 101 or -5 are refused", () => {
    const s0 = start().state;
    const ruled = run(s0, { type: "penalize", combatantId: "aldo", penalty: 15 });
    expect(ruled.events).toEqual([{ type: "penalized", combatantId: "aldo", penalty: 15 }]);
    expect([strikePenaltyOf(ruled.state, "aldo"), strikePenaltyOf(ruled.state, "cass")]).toEqual([-15, 0]);
    expect(viewPulses(ruled.state).rows.find((r) => r.combatantId === "aldo")!.badges).toContainEqual({ label: { key: "BOUT.Time.Pulses.Badge.Penalty" }, value: -15 });
    expect(run(ruled.state, { type: "nextPulse" }).state.penalties).toBeUndefined();
    expect(run(ruled.state, { type: "penalize", combatantId: "aldo", penalty: 0 }).state.penalties).toBeUndefined();
    for (const penalty of [101, -5, 2.5]) expect(pulsesMachine.apply(s0, { type: "penalize", combatantId: "aldo", penalty }).ok).toBe(false);
    expect(pulsesMachine.apply(s0, { type: "penalize", combatantId: "nobody", penalty: 5 }).ok).toBe(false);
  });
});

describe("seed 004 [12.3] engaged initiative: IV = modAG + PC + rank", () => {
  // Aldo IV 14+12+3 = 29, Bruna 16+11+4 = 31, Egil 11+9+2 = 22.
  const engaged = () =>
    run(start({ engagements: [["aldo", "bruna", "egil"]] }).state, { type: "rollSideInitiative", rolls: { knights: 5, raiders: 5 } });

  it("engagements are resolved before the free figures, highest IV choosing first or last", () => {
    const t = engaged();
    // Knights 5 + Dain's PC 15 = 20 vs raiders 5 + Fenn's 14 = 19.
    expect(t.events[0].winner).toBe("knights");
    expect(t.state.step).toEqual({ kind: "engagement", index: 0 });
    expect(t.state.engagements[0]!.order).toEqual(["bruna", "aldo", "egil"]);
    expect(t.events[1]).toMatchObject({ type: "engagementStarted", chooser: "bruna" });
    expect(currentActors(t.state)).toEqual([]);
  });

  it("choosing last puts the chooser at the end; the rest go by descending IV", () => {
    const t = run(engaged().state, { type: "chooseOrder", engagementId: "e1", combatantId: "bruna", choice: "last" });
    expect(t.state.engagements[0]!.order).toEqual(["aldo", "egil", "bruna"]);
    expect(currentActors(t.state)).toEqual(["aldo"]);
    const bad = pulsesMachine.apply(t.state, { type: "endTurn", combatantId: "egil" });
    expect(!bad.ok && bad.refusal.code).toBe("pulses.outOfTurn");
    const u = run(t.state, { type: "endTurn", combatantId: "aldo" }, { type: "endTurn", combatantId: "egil" }, { type: "endTurn", combatantId: "bruna" });
    expect(u.events.map((e) => e.type)).toContain("engagementResolved");
    // Then the free figures: knights won, so they choose.
    expect(u.state.step).toEqual({ kind: "sideChoice" });
  });

  it("only the highest IV may choose", () => {
    const bad = pulsesMachine.apply(engaged().state, { type: "chooseOrder", engagementId: "e1", combatantId: "aldo", choice: "first" });
    expect(!bad.ok && bad.refusal.code).toBe("pulses.notYourChoice");
  });

  it("an opponent in the rear hex gives the opponent initiative; a stunned figure has the lowest IV", () => {
    let s0 = must(startPulses({ combatants: roster })).state;
    s0 = run(s0, { type: "setEngagements", groups: [["aldo", "bruna", "egil"]], rear: ["bruna"] }).state;
    let t = run(s0, { type: "rollSideInitiative", rolls: { knights: 5, raiders: 5 } });
    expect(t.state.engagements[0]!.order).toEqual(["aldo", "egil", "bruna"]);
    s0 = must(startPulses({ combatants: roster, engagements: [["aldo", "bruna", "egil"]] })).state;
    t = runNow(stunned("bruna"), s0, { type: "rollSideInitiative", rolls: { knights: 5, raiders: 5 } });
    expect(t.state.engagements[0]!.order).toEqual(["aldo", "egil", "bruna"]);
  });

  it("two engagements are resolved in turn", () => {
    const s0 = start({ engagements: [["aldo", "bruna"], ["cass", "egil"]] }).state;
    const t = run(
      s0,
      { type: "rollSideInitiative", rolls: { knights: 2, raiders: 4 } },
      { type: "chooseOrder", engagementId: "e1", combatantId: "bruna", choice: "first" },
      { type: "endTurn", combatantId: "bruna" },
      { type: "endTurn", combatantId: "aldo" },
    );
    // Cass IV 33 vs Egil 22.
    expect(t.state.step).toEqual({ kind: "engagement", index: 1 });
    expect(t.state.engagements[1]!.order).toEqual(["cass", "egil"]);
    const u = run(t.state, { type: "chooseOrder", engagementId: "e2", combatantId: "cass", choice: "first" }, { type: "endTurn", combatantId: "cass" }, { type: "endTurn", combatantId: "egil" });
    // Only Dain (knights) and Fenn (raiders) are free; raiders 4 + 14 = 18 beat knights 2 + 15 = 17 and choose.
    expect(u.state.step.kind).toBe("sideChoice");
    expect(u.state.initiative!.winner).toBe("raiders");
    const w = run(u.state, { type: "chooseSideOrder", side: "raiders", first: "knights" });
    expect(currentActors(w.state)).toEqual(["dain"]);
    const x = run(w.state, { type: "endTurn", combatantId: "dain" }, { type: "endTurn", combatantId: "fenn" });
    expect(x.state.pulse).toBe(2);
  });
});

describe("seed 004 [11.1] surprise: a free pulse for the advantaged side", () => {
  it("pulse 0 lets only the surprising side act, then pulse 1 starts with initiative", () => {
    const t0 = start({ surprise: "raiders" });
    expect(t0.state.pulse).toBe(0);
    expect(t0.events).toEqual([{ type: "pulseStarted", pulse: 0 }, { type: "surprisePulse", side: "raiders" }]);
    expect(currentActors(t0.state).sort()).toEqual(["bruna", "egil", "fenn"]);
    const bad = pulsesMachine.apply(t0.state, { type: "endTurn", combatantId: "aldo" });
    expect(!bad.ok && bad.refusal.code).toBe("pulses.outOfTurn");
    const t = run(t0.state, { type: "endTurn", combatantId: "fenn" }, { type: "endTurn", combatantId: "bruna" }, { type: "endTurn", combatantId: "egil" });
    expect(t.state.pulse).toBe(1);
    expect(t.state.step).toEqual({ kind: "initiative" });
  });
  it("refuses a surprise by a side nobody is on", () => {
    const out = startPulses({ combatants: roster, surprise: "ghosts" });
    expect(!out.ok && out.refusal.code).toBe("pulses.unknownSide");
  });
});

describe("seed 004 [19] a stunned free figure acts last on its side", () => {
  it("Dain, stunned, may end his turn only after Aldo and Cass", () => {
    const now = stunned("dain");
    const t = runNow(now, start().state, { type: "rollSideInitiative", rolls: { knights: 9, raiders: 1 } }, { type: "chooseSideOrder", side: "knights", first: "knights" });
    expect(currentActors(t.state, now).sort()).toEqual(["aldo", "cass"]);
    const bad = pulsesMachine.apply(t.state, { type: "endTurn", combatantId: "dain" }, now);
    expect(bad.ok).toBe(false);
    const u = runNow(now, t.state, { type: "endTurn", combatantId: "aldo" }, { type: "endTurn", combatantId: "cass" });
    expect(currentActors(u.state, now)).toEqual(["dain"]);
  });

  it("a stun set on Dain's token in the middle of his side's step puts him last at once; cleared, he may go", () => {
    const t = run(start().state, { type: "rollSideInitiative", rolls: { knights: 9, raiders: 1 } }, { type: "chooseSideOrder", side: "knights", first: "knights" });
    expect(currentActors(t.state).sort()).toEqual(["aldo", "cass", "dain"]);
    expect(currentActors(t.state, stunned("dain")).sort()).toEqual(["aldo", "cass"]);
    expect(pulsesMachine.apply(t.state, { type: "endTurn", combatantId: "dain" }, stunned("dain")).ok).toBe(false);
    expect(run(t.state, { type: "endTurn", combatantId: "dain" }).events[0]).toEqual({ type: "turnEnded", combatantId: "dain" });
    // The state never stores the condition.
    expect(JSON.stringify(runNow(stunned("dain"), t.state, { type: "endTurn", combatantId: "aldo" }).state)).not.toContain("stun");
  });
});

describe("seed 004 [15] while stunned, only action allowed is to recover from stun", () => {
  it("Dain, stunned, in his own turn strikes nobody and jumps nowhere; the state is unchanged; Aldo still strikes", () => {
    const now = stunned("dain");
    const s0 = start().state;
    const t = runNow(now, s0, { type: "rollSideInitiative", rolls: { knights: 9, raiders: 1 } }, { type: "chooseSideOrder", side: "knights", first: "knights" }, { type: "endTurn", combatantId: "aldo" }, { type: "endTurn", combatantId: "cass" });
    expect(currentActors(t.state, now)).toEqual(["dain"]);
    for (const attackType of ["melee", "fire", "grapple"] as const) {
      const struck = pulsesMachine.apply(t.state, { type: "strike", combatantId: "dain", targetId: "bruna", attackType, done: true }, now);
      expect(struck.ok ? null : struck.refusal.code).toBe("pulse.stunnedOnlyRecovers");
    }
    const jumped = pulsesMachine.apply(t.state, { type: "jump", combatantId: "dain", hexes: 1 }, now);
    expect(jumped.ok ? null : jumped.refusal.code).toBe("pulse.stunnedOnlyRecovers");
    expect(openActions(t.state, "dain", now)).toEqual(["recoverFromStun"]);
    const u = runNow(now, s0, { type: "rollSideInitiative", rolls: { knights: 9, raiders: 1 } }, { type: "chooseSideOrder", side: "knights", first: "knights" });
    expect(runNow(now, u.state, { type: "strike", combatantId: "aldo", targetId: "bruna", attackType: "melee", done: true }).events.map((e) => e.type)).toContain("struck");
  });
});

describe("GM commands: join, leave, update, next step, next pulse", () => {
  it("a newcomer joins free and acts with its side", () => {
    const t = run(
      start().state,
      { type: "rollSideInitiative", rolls: { knights: 9, raiders: 1 } },
      { type: "chooseSideOrder", side: "knights", first: "knights" },
      { type: "join", combatant: fig("gwen", "knights", 13, 13, 2) },
    );
    expect(currentActors(t.state)).toContain("gwen");
    const dup = pulsesMachine.apply(t.state, { type: "join", combatant: fig("gwen", "knights", 13, 13, 2) });
    expect(!dup.ok && dup.refusal.code).toBe("pulses.duplicate");
  });
  it("leaving dissolves an engagement with one side left and moves on", () => {
    const s0 = start({ engagements: [["aldo", "bruna"], ["cass", "egil"]] }).state;
    const t = run(s0, { type: "rollSideInitiative", rolls: { knights: 2, raiders: 4 } }, { type: "leave", combatantId: "bruna" });
    expect(t.state.engagements.map((e) => e.id)).toEqual(["e2"]);
    expect(t.state.step).toEqual({ kind: "engagement", index: 0 });
    expect(t.state.engagements[0]!.order).toEqual(["cass", "egil"]);
  });
  it("a stun read at the engagement's start changes its order: the stunned figure has the lowest IV [19]", () => {
    const t = runNow(stunned("bruna"), start({ engagements: [["aldo", "bruna"]] }).state, { type: "rollSideInitiative", rolls: { knights: 2, raiders: 4 } });
    expect(t.state.engagements[0]!.order).toEqual(["aldo", "bruna"]);
    expect(run(start({ engagements: [["aldo", "bruna"]] }).state, { type: "rollSideInitiative", rolls: { knights: 2, raiders: 4 } }).state.engagements[0]!.order).toEqual(["bruna", "aldo"]);
  });
  it("nextStep skips those who have not acted; nextPulse ends the pulse", () => {
    const t = run(start().state, { type: "rollSideInitiative", rolls: { knights: 9, raiders: 1 } }, { type: "chooseSideOrder", side: "knights", first: "knights" }, { type: "nextStep" });
    expect(t.events.find((e) => e.type === "skipped").combatantIds.sort()).toEqual(["aldo", "cass", "dain"]);
    expect(t.state.step).toEqual({ kind: "side", index: 1 });
    const u = run(t.state, { type: "nextPulse" });
    expect(u.state.pulse).toBe(2);
    expect(u.state.step).toEqual({ kind: "initiative" });
  });
  it("setEngagements is only allowed at the start of a pulse", () => {
    const t = run(start().state, { type: "rollSideInitiative", rolls: { knights: 9, raiders: 1 } });
    const bad = pulsesMachine.apply(t.state, { type: "setEngagements", groups: [["aldo", "bruna"]] });
    expect(!bad.ok && bad.refusal.code).toBe("pulses.notNow");
  });
  it("refuses unknown combatants, bad rolls and bad numbers", () => {
    const s0 = start().state;
    const codes = [
      pulsesMachine.apply(s0, { type: "endTurn", combatantId: "nobody" }),
      pulsesMachine.apply(s0, { type: "rollSideInitiative", rolls: { knights: 11, raiders: 1 } }),
      pulsesMachine.apply(s0, { type: "rollSideInitiative", rolls: { knights: 3 } }),
      pulsesMachine.apply(s0, { type: "update", combatantId: "aldo", patch: { modAG: -3 } }),
      pulsesMachine.apply(s0, { type: "setEngagements", groups: [["aldo"]] }),
      pulsesMachine.apply(s0, { type: "bogus" } as unknown as PulsesCommand),
    ].map((o) => !o.ok && o.refusal.code);
    expect(codes).toEqual(["pulses.unknownCombatant", "pulses.badRoll", "pulses.badRoll", "pulses.notANumber", "pulses.badEngagements", "pulses.unknownCommand"]);
  });
});

describe("tracker view", () => {
  it("shows the pulse, the step, engagements then sides, and who acts", () => {
    const t = run(start({ engagements: [["aldo", "bruna"]] }).state, { type: "rollSideInitiative", rolls: { knights: 5, raiders: 5 } });
    const v = pulsesMachine.view(t.state);
    expect(v.round).toBe(1);
    expect(v.step).toEqual({ key: "BOUT.Time.Pulses.Step.Engagement", data: { n: 1, of: 1 } });
    expect(v.groups.map((g) => g.id)).toEqual(["e1", "side:knights", "side:raiders"]);
    expect(v.groups[0]!.focused).toBe(true);
    expect(v.rows.map((r) => r.combatantId)).toEqual(["bruna", "aldo", "cass", "dain", "egil", "fenn"]);
    expect(v.rows.find((r) => r.combatantId === "bruna")!.badges[0]).toEqual({ label: { key: "BOUT.Time.Pulses.Badge.IV" }, value: 31 });
  });
});

describe("invariants (fast-check)", () => {
  const command = fc.oneof(
    fc.record({ type: fc.constant("rollSideInitiative" as const), rolls: fc.record({ knights: fc.integer({ min: 0, max: 11 }), raiders: fc.integer({ min: 0, max: 11 }) }) }),
    fc.record({ type: fc.constant("endTurn" as const), combatantId: fc.constantFrom(...roster.map((c) => c.id), "x") }),
    fc.record({ type: fc.constant("chooseOrder" as const), engagementId: fc.constantFrom("e1", "e2"), combatantId: fc.constantFrom(...roster.map((c) => c.id)), choice: fc.constantFrom("first" as const, "last" as const) }),
    fc.record({ type: fc.constant("chooseSideOrder" as const), side: fc.constantFrom("knights", "raiders"), first: fc.constantFrom("knights", "raiders") }),
    fc.constant({ type: "nextStep" as const }),
    fc.record({ type: fc.constant("leave" as const), combatantId: fc.constantFrom(...roster.map((c) => c.id)) }),
    fc.record({ type: fc.constant("update" as const), combatantId: fc.constantFrom(...roster.map((c) => c.id)), patch: fc.record({ rank: fc.integer({ min: 0, max: 10 }) }) }),
  );
  // The conditions at each command: anyone may be stunned or not, whoever set it.
  const conditions = fc.array(fc.subarray(roster.map((c) => c.id)), { minLength: 60, maxLength: 60 });

  it("refused commands change nothing; nobody acts twice in a step; engagement orders are permutations of members", () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), conditions, (commands, stuns) => {
        let s = start({ engagements: [["aldo", "bruna", "egil"], ["cass", "fenn"]] }).state;
        for (const [i, c] of commands.entries()) {
          const before = JSON.stringify(s);
          const out = pulsesMachine.apply(s, c as PulsesCommand, stunned(...stuns[i]!));
          if (!out.ok) {
            expect(JSON.stringify(s)).toBe(before);
            continue;
          }
          s = out.value.state;
          expect(new Set(s.acted).size).toBe(s.acted.length);
          for (const e of s.engagements) {
            if (e.order.length > 0) expect([...e.order].sort()).toEqual([...e.members].sort());
          }
          // The conditions are read, never stored (issue 31).
          expect(JSON.stringify(s.combatants)).not.toMatch(/stunned|unconscious|close/);
          // States stay plain JSON.
          expect(JSON.parse(JSON.stringify(s))).toEqual(s);
          expect(s.pulse).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("the view kept from state to state (issue 35)", () => {
  const ids = roster.map((c) => c.id);
  const command = fc.oneof(
    fc.record({ type: fc.constant("rollSideInitiative" as const), rolls: fc.record({ knights: fc.integer({ min: 0, max: 11 }), raiders: fc.integer({ min: 0, max: 11 }) }) }),
    fc.record({ type: fc.constant("endTurn" as const), combatantId: fc.constantFrom(...ids) }),
    fc.record({ type: fc.constant("chooseOrder" as const), engagementId: fc.constantFrom("e1", "e2"), combatantId: fc.constantFrom(...ids), choice: fc.constantFrom("first" as const, "last" as const) }),
    fc.record({ type: fc.constant("chooseSideOrder" as const), side: fc.constantFrom("knights", "raiders"), first: fc.constantFrom("knights", "raiders") }),
    fc.constant({ type: "nextStep" as const }),
    fc.constant({ type: "nextPulse" as const }),
    fc.record({ type: fc.constant("leave" as const), combatantId: fc.constantFrom(...ids) }),
    fc.record({ type: fc.constant("update" as const), combatantId: fc.constantFrom(...ids), patch: fc.record({ rank: fc.integer({ min: 0, max: 10 }) }) }),
    fc.record({ type: fc.constant("declareAction" as const), combatantId: fc.constantFrom(...ids), action: fc.constantFrom("meleeAttack" as const, "pass" as const, "evade" as const, "recoverFromStun" as const, "grapple" as const) }),
    fc.record({ type: fc.constant("momentum" as const), combatantId: fc.constantFrom(...ids), hexes: fc.integer({ min: 1, max: 4 }) }),
    fc.record({ type: fc.constant("owePass" as const), combatantId: fc.constantFrom(...ids) }),
    fc.record({ type: fc.constant("penalize" as const), combatantId: fc.constantFrom(...ids), penalty: fc.integer({ min: 0, max: 20 }) }),
    fc.record({ type: fc.constant("setLeader" as const), side: fc.constantFrom("knights", "raiders"), combatantId: fc.constantFrom(...ids, null) }),
  );
  const conditions = fc.dictionary(fc.constantFrom(...ids), fc.subarray(["stun", "closeCombat", "prone"]));

  /** initiativeRollers as it was: each side's figures copied with whether they are engaged, a side at a time. */
  const rollersSideBySide = (s: PulsesState, now: FightNow) => {
    const engaged = new Set(s.engagements.flatMap((e) => e.members));
    const spent = new Set(s.spent ?? []);
    const has = (id: string, status: string) => (now.statuses[id] ?? []).includes(status);
    const sides = [...new Set(s.combatants.map((c) => c.side))];
    return sides.flatMap((side) => {
      const own = s.combatants.filter((c) => c.side === side);
      if (!own.some((c) => !engaged.has(c.id) && !spent.has(c.id))) return [];
      const roller = sideRoller(own.map((c) => ({ ...c, engaged: engaged.has(c.id), stunned: has(c.id, "stun") })));
      return roller ? [{ side, rollerId: roller.id, bonus: roller.bonus }] : [];
    });
  };

  it("a figure's declared action shows in its kept row", () => {
    const kept = pulsesView();
    let s = run(start().state, { type: "rollSideInitiative", rolls: { knights: 9, raiders: 2 } }).state;
    if (s.step.kind === "sideChoice") s = run(s, { type: "chooseSideOrder", side: "knights", first: "knights" }).state;
    const who = currentActors(s)[0]!;
    kept(s);
    const declared = run(s, { type: "declareAction", combatantId: who, action: "pass" }).state;
    expect(kept(declared)).toEqual(pulsesView()(declared));
    expect(kept(declared).rows.find((r) => r.combatantId === who)!.badges.map((b) => b.label.key)).toContain("BOUT.Time.Pulses.Action.pass");
  });

  it("random pulses, conditions and copies: the kept view is the view worked out from scratch", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(command, conditions, fc.boolean()), { maxLength: 50 }), fc.boolean(), (steps, engaged) => {
        const kept = pulsesView();
        let s = start(engaged ? { engagements: [["aldo", "bruna", "egil"], ["cass", "fenn"]] } : {}).state;
        for (const [c, statuses, copy] of steps) {
          const now = { statuses };
          const out = pulsesMachine.apply(s, c as PulsesCommand, now);
          if (out.ok) s = copy ? structuredClone(out.value.state) : out.value.state;
          expect(kept(s, now)).toEqual(pulsesView()(s, now));
          expect(kept(s)).toEqual(pulsesView()(s));
          expect(initiativeRollers(s, now)).toEqual(rollersSideBySide(s, now));
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("seed 004 [11.1] + [12]: three pulses with engagements forming and breaking", () => {
  it("walks pulse 0 (surprise, an engaged raider acts too), pulse 1 (one engagement), pulse 2 (new engagements)", () => {
    // Pulse 0: the raiders surprise the knights; Bruna is already at Aldo's throat and acts in the free pulse too.
    let t = run(start({ surprise: "raiders", engagements: [["aldo", "bruna"]] }).state);
    expect(currentActors(t.state).sort()).toEqual(["bruna", "egil", "fenn"]);
    t = run(t.state, { type: "endTurn", combatantId: "bruna" }, { type: "endTurn", combatantId: "egil" }, { type: "nextStep" });
    expect(t.events.find((e) => e.type === "skipped").combatantIds).toEqual(["fenn"]);
    expect(t.state.pulse).toBe(1);
    // Pulse 1: free knights Cass and Dain (Dain rolls, PC 15) against Egil and Fenn (Fenn rolls, PC 14): 6 + 15 = 21 vs 8 + 14 = 22.
    t = run(t.state, { type: "rollSideInitiative", rolls: { knights: 6, raiders: 8 } });
    expect(t.events[0]).toMatchObject({ type: "sideInitiative", winner: "raiders" });
    // Engagement first: Bruna (IV 31) over Aldo (29); she chooses to go first.
    t = run(t.state, { type: "chooseOrder", engagementId: "e1", combatantId: "bruna", choice: "first" }, { type: "endTurn", combatantId: "bruna" }, { type: "endTurn", combatantId: "aldo" });
    expect(t.state.step).toEqual({ kind: "sideChoice" });
    t = run(t.state, { type: "chooseSideOrder", side: "raiders", first: "knights" });
    expect(currentActors(t.state).sort()).toEqual(["cass", "dain"]);
    // Aldo is knocked senseless by an attack this pulse: he leaves the fight's order (the table's roster, issue 31).
    t = run(t.state, { type: "leave", combatantId: "aldo" });
    t = run(t.state, { type: "endTurn", combatantId: "cass" }, { type: "endTurn", combatantId: "dain" }, { type: "endTurn", combatantId: "egil" }, { type: "endTurn", combatantId: "fenn" });
    expect(t.state.pulse).toBe(2);
    // Pulse 2: positions changed; Cass engages Egil and Fenn, Bruna stands over the fallen Aldo.
    t = run(t.state, { type: "setEngagements", groups: [["cass", "egil", "fenn"]] });
    expect(t.state.engagements.map((e) => e.id)).toEqual(["e2"]);
    // Free now: Dain (knights, Aldo cannot roll) and Bruna (raiders' leader, PC 11 + MS 0).
    expect(initiativeRollers(t.state)).toEqual([
      { side: "knights", rollerId: "dain", bonus: 15 },
      { side: "raiders", rollerId: "bruna", bonus: 11 },
    ]);
    t = run(t.state, { type: "rollSideInitiative", rolls: { knights: 1, raiders: 10 } });
    // Cass IV 33, Fenn 34, Egil 22: Fenn chooses and goes last.
    expect(t.state.engagements[0]!.order).toEqual(["fenn", "cass", "egil"]);
    t = run(t.state, { type: "chooseOrder", engagementId: "e2", combatantId: "fenn", choice: "last" });
    expect(t.state.engagements[0]!.order).toEqual(["cass", "egil", "fenn"]);
    t = run(t.state, { type: "endTurn", combatantId: "cass" }, { type: "endTurn", combatantId: "egil" }, { type: "endTurn", combatantId: "fenn" });
    t = run(t.state, { type: "chooseSideOrder", side: "raiders", first: "raiders" }, { type: "endTurn", combatantId: "bruna" }, { type: "endTurn", combatantId: "dain" });
    expect(t.state.pulse).toBe(3);
    // Aldo, unconscious, never appeared among the actors.
    expect(t.events.filter((e) => e.type === "turnEnded").map((e) => e.combatantId)).not.toContain("aldo");
  });
});

describe("seed 004 [19] a figure knocked unconscious mid-engagement", () => {
  it("leaves the fight: the engagement of one side dissolves, and the next engagement or the free figures go on", () => {
    // Every raider is engaged: only the knights' free Dain could roll, so no roll is needed and e1 starts.
    let t = run(start({ engagements: [["aldo", "bruna", "egil"], ["cass", "fenn"]] }).state);
    t = run(t.state, { type: "chooseOrder", engagementId: "e1", combatantId: "bruna", choice: "first" }, { type: "endTurn", combatantId: "bruna" });
    expect(currentActors(t.state)).toEqual(["aldo"]);
    // Bruna's blow fells Aldo before he acts: his unconsciousness takes him out of the order (issue 31).
    t = run(t.state, { type: "leave", combatantId: "aldo" });
    // Bruna and Egil are one side: no engagement is left of e1; e2 (Cass and Fenn) resolves now.
    expect(t.state.engagements.map((e) => e.members)).toEqual([["cass", "fenn"]]);
    expect(t.state.step).toEqual({ kind: "engagement", index: 0 });
    expect(t.events.map((e) => e.type)).toEqual(["left", "engagementStarted"]);
    // Bruna has had her turn this pulse; Egil had his in e1 too had he acted: once e2 is done, the free figures are Dain and Egil, not Bruna.
    t = run(t.state, { type: "chooseOrder", engagementId: t.state.engagements[0]!.id, combatantId: "fenn", choice: "first" }, { type: "endTurn", combatantId: "fenn" }, { type: "endTurn", combatantId: "cass" });
    expect(t.state.step.kind).not.toBe("engagement");
    const free = run(t.state, ...(t.state.step.kind === "sideChoice" ? [{ type: "chooseSideOrder" as const, side: t.state.initiative!.winner!, first: "knights" }] : []));
    const actors = [...currentActors(free.state), ...currentActors(run(free.state, { type: "nextStep" }).state)];
    expect(actors.sort()).toEqual(["dain", "egil"]);
  });
});

describe("seed 004 [13]-[15] a figure names its action in its turn", () => {
  const knightsAct = (s0: PulsesState) => run(s0, { type: "rollSideInitiative", rolls: { knights: 9, raiders: 1 } }, { type: "chooseSideOrder", side: "knights", first: "knights" });
  it("[14] a free knight may name Crawl; the tracker row shows it; the next pulse forgets it", () => {
    const t = knightsAct(start().state);
    expect(openActions(t.state, "cass")).toEqual(["move", "charge", "chargeAndClose", "evade", "retreat", "fire", "cast", "pass", "crawl"]);
    const u = run(t.state, { type: "declareAction", combatantId: "cass", action: "crawl" });
    expect(u.state.declared).toEqual({ cass: ["crawl"] });
    expect(u.events).toEqual([{ type: "actionDeclared", combatantId: "cass", actions: ["crawl"] }]);
    expect(viewPulses(u.state).rows.find((r) => r.combatantId === "cass")!.badges.map((b) => b.label.key)).toContain("BOUT.Time.Pulses.Action.crawl");
    const next = run(u.state, { type: "nextPulse" });
    expect(next.state.declared).toEqual({});
  });
  it("a raider, out of turn, may not name anything (state unchanged); a free knight may not name an engaged action", () => {
    const t = knightsAct(start().state);
    const out = pulsesMachine.apply(t.state, { type: "declareAction", combatantId: "fenn", action: "move" });
    expect(!out.ok && out.refusal.code).toBe("pulses.outOfTurn");
    const melee = pulsesMachine.apply(t.state, { type: "declareAction", combatantId: "cass", action: "meleeAttack" });
    expect(!melee.ok && melee.refusal.code).toBe("pulses.actionNotOpen");
  });
  it("[13] engaged, the list is the engaged one (Move is refused); [15] a stunned figure may only recover", () => {
    const now = stunned("dain");
    const s0 = must(startPulses({ combatants: roster, engagements: [["aldo", "bruna"]] })).state;
    // Bruna's IV (16 + 11 + 4 = 31) beats Aldo's (14 + 12 + 3 = 29): she chooses, and goes first.
    const t = runNow(now, s0, { type: "rollSideInitiative", rolls: { knights: 9, raiders: 1 } }, { type: "chooseOrder", engagementId: s0.engagements[0]!.id, combatantId: "bruna", choice: "first" });
    expect(openActions(t.state, "bruna", now)).toEqual(["meleeAttack", "evade", "withdraw", "pass", "cast", "closeAndGrapple"]);
    const move = pulsesMachine.apply(t.state, { type: "declareAction", combatantId: "bruna", action: "move" }, now);
    expect(!move.ok && move.refusal.code).toBe("pulses.actionNotOpen");
    const after = runNow(now, t.state, { type: "endTurn", combatantId: "bruna" }, { type: "endTurn", combatantId: "aldo" }, { type: "chooseSideOrder", side: "knights", first: "knights" });
    expect(currentActors(after.state, now)).toEqual(["cass"]);
    // Cass acts before the stunned Dain [19]; once Cass is done, Dain may only recover.
    const dain = runNow(now, after.state, { type: "endTurn", combatantId: "cass" });
    expect(openActions(dain.state, "dain", now)).toEqual(["recoverFromStun"]);
  });
  it("[15] two actions a pulse only at modAG 26 or more, both from the combinable list", () => {
    const quick = roster.map((c) => (c.id === "cass" ? { ...c, modAG: 26 } : c));
    const t = knightsAct(must(startPulses({ combatants: quick })).state);
    const two = run(t.state, { type: "declareAction", combatantId: "cass", action: "fire", second: "charge" });
    expect(two.state.declared).toEqual({ cass: ["fire", "charge"] });
    const crawlToo = pulsesMachine.apply(t.state, { type: "declareAction", combatantId: "cass", action: "fire", second: "crawl" });
    expect(!crawlToo.ok && crawlToo.refusal.code).toBe("pulse.actionNotAllowed");
    const slow = pulsesMachine.apply(t.state, { type: "declareAction", combatantId: "aldo", action: "fire", second: "charge" });
    expect(!slow.ok && slow.refusal.code).toBe("pulse.tooManyActions");
  });
});

describe("seed 004 [16.4] the attacks of one action", () => {
  const knightsAct = (s0: PulsesState) => run(s0, { type: "rollSideInitiative", rolls: { knights: 9, raiders: 1 } }, { type: "chooseSideOrder", side: "knights", first: "knights" });
  it("an attack with more to come is recorded and the turn goes on; the last one ends it; the next pulse forgets them", () => {
    const t = knightsAct(start().state);
    const first = run(t.state, { type: "strike", combatantId: "cass", targetId: "bruna", attackType: "melee", done: false });
    expect(first.state.strikes).toEqual({ cass: [{ targetId: "bruna", type: "melee" }] });
    expect(currentActors(first.state)).toContain("cass");
    const last = run(first.state, { type: "strike", combatantId: "cass", targetId: "egil", attackType: "melee", done: true });
    expect(last.events.map((e) => e.type)).toEqual(["struck", "turnEnded"]);
    expect(currentActors(last.state)).not.toContain("cass");
    expect(run(last.state, { type: "nextPulse" }).state.strikes).toEqual({});
  });
  it("out of turn, or with an unknown kind of attack, it is refused and nothing changes", () => {
    const t = knightsAct(start().state);
    const out = pulsesMachine.apply(t.state, { type: "strike", combatantId: "fenn", targetId: "cass", attackType: "melee", done: true });
    const bad = pulsesMachine.apply(t.state, { type: "strike", combatantId: "cass", targetId: "fenn", attackType: "spell" as never, done: true });
    expect([!out.ok && out.refusal.code, !bad.ok && bad.refusal.code]).toEqual(["pulses.outOfTurn", "pulses.badChoice"]);
  });
});

describe("seed 004 [13.7] a figure in close combat", () => {
  it("may only name Grapple, Pass or Withdraw while the token is in close combat; once the condition is off, it may move again", () => {
    const now = inClose("cass");
    const t = runNow(now, start().state, { type: "rollSideInitiative", rolls: { knights: 9, raiders: 1 } }, { type: "chooseSideOrder", side: "knights", first: "knights" });
    expect(openActions(t.state, "cass", now)).toEqual(["grapple", "pass", "withdraw"]);
    const cast = pulsesMachine.apply(t.state, { type: "declareAction", combatantId: "cass", action: "cast" }, now);
    expect(!cast.ok && cast.refusal.code).toBe("pulses.actionNotOpen");
    expect(openActions(t.state, "cass")).toContain("move");
  });
});

describe("seed 004 [23] momentum after a mounted charge", () => {
  it("is owed in the next pulse, shown on that pulse's row, and not before", () => {
    const t = run(start().state, { type: "momentum", combatantId: "cass", hexes: 8 });
    const badge = (s: PulsesState) => viewPulses(s).rows.find((r) => r.combatantId === "cass")!.badges.find((b) => b.label.key === "BOUT.Time.Pulses.Badge.Momentum");
    expect(t.state.momentum).toEqual({ cass: { hexes: 8, pulse: 2 } });
    expect(badge(t.state)).toBeUndefined();
    expect(badge(run(t.state, { type: "nextPulse" }).state)).toMatchObject({ value: 8 });
    const bad = pulsesMachine.apply(t.state, { type: "momentum", combatantId: "cass", hexes: -1 });
    expect(bad.ok).toBe(false);
  });
});

describe("seed 004 [14.1] jumps spend movement", () => {
  it("in the figure's turn the hexes add up for the pulse; out of turn refused; the next pulse starts afresh", () => {
    const t = run(start().state, { type: "rollSideInitiative", rolls: { knights: 9, raiders: 1 } }, { type: "chooseSideOrder", side: "knights", first: "knights" });
    const j = run(t.state, { type: "jump", combatantId: "cass", hexes: 2 }, { type: "jump", combatantId: "cass", hexes: 1 });
    expect(j.state.jumped).toEqual({ cass: 3 });
    const out = pulsesMachine.apply(t.state, { type: "jump", combatantId: "fenn", hexes: 1 });
    expect(!out.ok && out.refusal.code).toBe("pulses.outOfTurn");
    expect(run(j.state, { type: "nextPulse" }).state.jumped).toEqual({});
  });
});

describe("seed 004 [17.4] a parry of 3 or less: the parrier Passes next pulse", () => {
  const knightsAct = (s0: PulsesState) => run(s0, { type: "rollSideInitiative", rolls: { knights: 9, raiders: 1 } }, { type: "chooseSideOrder", side: "knights", first: "knights" });
  it("owed in the next pulse only: then Pass is all Cass may name, her attack is refused and her row says so", () => {
    const owed = run(start().state, { type: "owePass", combatantId: "cass" });
    expect(owed.state.owedPass).toEqual({ cass: 2 });
    expect(owed.events).toEqual([{ type: "passOwed", combatantId: "cass", pulse: 2 }]);
    // This pulse she acts freely.
    expect(openActions(knightsAct(owed.state).state, "cass")).toContain("move");
    const next = knightsAct(run(owed.state, { type: "nextPulse" }).state);
    expect(openActions(next.state, "cass")).toEqual(["pass"]);
    const strike = pulsesMachine.apply(next.state, { type: "strike", combatantId: "cass", targetId: "bruna", attackType: "melee", done: true });
    expect(!strike.ok && strike.refusal.code).toBe("pulses.mustPass");
    const badge = viewPulses(next.state).rows.find((r) => r.combatantId === "cass")!.badges.map((b) => b.label.key);
    expect(badge).toContain("BOUT.Time.Pulses.Badge.MustPass");
    expect(run(next.state, { type: "declareAction", combatantId: "cass", action: "pass" }).state.declared).toEqual({ cass: ["pass"] });
    // The pulse after, she is free again.
    expect(openActions(knightsAct(run(next.state, { type: "nextPulse" }).state).state, "cass")).toContain("move");
  });
});

describe("seed 004 [13]-[15], [17.4], [19] (issue 32): may a figure strike a blow now, and at whom", () => {
  const knightsAct = (s0: PulsesState) => run(s0, { type: "rollSideInitiative", rolls: { knights: 9, raiders: 1 } }, { type: "chooseSideOrder", side: "knights", first: "knights" });
  it("Cass, free in her side's turn, may (a charge); stunned, or owing a Pass, or out of her moment, she may not", () => {
    const s = knightsAct(start().state).state;
    expect(mayStrikeBlow(s, "cass")).toBe(true);
    expect(mayStrikeBlow(s, "cass", stunned("cass"))).toBe(false);
    expect(mayStrikeBlow(s, "bruna")).toBe(false);
    const owed = knightsAct(run(run(start().state, { type: "owePass", combatantId: "cass" }).state, { type: "nextPulse" }).state).state;
    expect(mayStrikeBlow(owed, "cass")).toBe(false);
  });
  it("[13] engaged with Bruna, Cass strikes only at Bruna; a free figure at anyone", () => {
    const s = { engagements: [{ id: "e1", members: ["cass", "bruna"], order: ["cass", "bruna"], chosen: true }] } as unknown as PulsesState;
    expect([withinReachOfEngagement(s, "cass", "bruna"), withinReachOfEngagement(s, "cass", "egil"), withinReachOfEngagement(s, "aldo", "egil")]).toEqual([true, false, true]);
  });
});
