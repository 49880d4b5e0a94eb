// "Bouts and exchanges" for seed 000_4377b2da58f3a52b.txt: "Dueling (Local) vs. Battle-wide (Global) Initiative",
// "Melee Combat" (red/white throw, both red, Pause/Break), "Exchange of Blows" (two exchanges, winner keeps
// initiative, ties to the attacker), "Surprise & Hesitation", "Ride-By Attacking" (one-exchange rounds).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../src/engine/dice";
import { DECK_STAKES, terrainConsequence, terrainRoll, terrainTn } from "../../../src/engine/rulesets/steel";
import { holderOfRows, orderOfRows } from "../../../src/engine/time/machine";
import { lateViews } from "./late-views";
import { blowDue, boutsActingOrder, boutsView, buyingFrom, boutsMachine, startBouts, stepStartsRound, type BoutsCommand, type BoutsState } from "../../../src/engine/time/bouts";

function start(): BoutsState {
  const s = startBouts([
    { id: "hall", combatants: [{ id: "alan", reflex: 6, pool: 10 }, { id: "rival", reflex: 5, pool: 9 }] },
    { id: "door", combatants: [{ id: "roland", reflex: 5, pool: 12 }, { id: "guard", reflex: 4, pool: 8 }, { id: "archer", reflex: 5, pool: 7 }] },
  ]);
  if (!s.ok) throw new Error(s.refusal.code);
  return s.value;
}

function run(state: BoutsState, ...commands: BoutsCommand[]): { state: BoutsState; events: { type: string }[] } {
  const events: { type: string }[] = [];
  for (const c of commands) {
    const t = boutsMachine.apply(state, c);
    if (!t.ok) throw new Error(`${c.type}: ${t.refusal.code}`);
    state = t.value.state;
    events.push(...t.value.events);
  }
  return { state, events };
}

const bout = (s: BoutsState, id: string) => s.bouts.find((b) => b.id === id)!;
const who = (s: BoutsState, id: string) => s.combatants.find((c) => c.id === id)!;
const code = (s: BoutsState, c: BoutsCommand) => {
  const t = boutsMachine.apply(s, c);
  return t.ok ? "ok" : t.refusal.code;
};

describe("bouts: opening with the red/white throw ('Melee Combat')", () => {
  it("every bout opens waiting for its throw; the first has the focus", () => {
    const s = start();
    expect(s.focus).toBe("hall");
    expect(s.bouts.map((b) => [b.id, b.phase, b.round, b.exchange])).toEqual([
      ["hall", "opening", 1, 1],
      ["door", "opening", 1, 1],
    ]);
    expect(code(s, { type: "spend", combatantId: "alan", dice: 2, purpose: "attack" })).toBe("bouts.notThrown");
  });

  it("one red: the aggressor holds initiative; the one who did not throw hesitates and may only defend for that exchange", () => {
    const { state, events } = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red", rival: null } });
    expect(bout(state, "hall")).toMatchObject({ phase: "continuing", initiative: "alan", declareOrder: ["alan"] });
    expect(who(state, "rival")).toMatchObject({ thrown: "hesitated", restriction: "defendOnly" });
    expect(events).toContainEqual({ type: "revealed", boutId: "hall", red: ["alan"], white: [], hesitated: ["rival"] });
    expect(code(state, { type: "spend", combatantId: "rival", dice: 2, purpose: "attack" })).toBe("bouts.defendOnly");
    expect(code(state, { type: "spend", combatantId: "rival", dice: 2, purpose: "defence" })).toBe("ok");
    // After the full exchange the restriction lapses.
    const next = run(state, { type: "next", boutId: "hall" }).state;
    expect(code(next, { type: "spend", combatantId: "rival", dice: 2, purpose: "attack" })).toBe("ok");
  });

  it("several red: aggressors declare lowest Reflex first and the blow order is due; ties in the order land together", () => {
    const r = run(start(), { type: "reveal", boutId: "door", choices: { roland: "red", guard: "red", archer: "white" } });
    expect(bout(r.state, "door")).toMatchObject({ phase: "simultaneous", initiative: null, declareOrder: ["guard", "roland"] });
    expect(r.events.map((e) => e.type)).toEqual(["revealed", "bothRed"]);
    // attacks may be declared while the order is settled
    expect(code(r.state, { type: "spend", combatantId: "roland", dice: 6, purpose: "attack" })).toBe("ok");
    expect(code(r.state, { type: "blowOrder", boutId: "door", order: [["roland"]] })).toBe("bouts.badOrder");
    expect(code(r.state, { type: "blowOrder", boutId: "door", order: [["roland"], ["archer"]] })).toBe("bouts.badOrder");
    const together = run(r.state, { type: "blowOrder", boutId: "door", order: [["roland", "guard"]] }).state;
    expect(bout(together, "door")).toMatchObject({ phase: "continuing", initiative: null, blowOrder: [["roland", "guard"]] });
    const first = run(r.state, { type: "blowOrder", boutId: "door", order: [["roland"], ["guard"]] }).state;
    expect(bout(first, "door").initiative).toBe("roland");
    // Settled once: a second order is refused.
    expect(code(first, { type: "blowOrder", boutId: "door", order: [["guard"], ["roland"]] })).toBe("bouts.notSimultaneous");
  });

  // Seed 000 "Melee Combat": "If both combatants attack (both throw a Red initiative marker) ... no defense is
  // possible in the middle of an attack". Issue 19: the second blow of the double red is as undefendable as the first.
  it("both red: the double red is remembered until both blows have landed; neither blow may be defended", () => {
    let s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "red" } }, { type: "blowOrder", boutId: "hall", order: [["alan"], ["rival"]] }).state;
    // First blow: Alan strikes; the rival, who threw red too, may not parry it.
    expect(code(s, { type: "spend", combatantId: "rival", dice: 3, purpose: "defence" })).toBe("bouts.noDefenceBothRed");
    s = run(s, { type: "spend", combatantId: "alan", dice: 4, purpose: "attack" }, { type: "exchangeWon", boutId: "hall", winner: "alan" }).state;
    expect(bout(s, "hall")).toMatchObject({ initiative: "alan", blowOrder: [["alan"], ["rival"]], struck: ["alan"] });
    // Second blow: the rival's blow still lands in the middle of Alan's attack; Alan may not parry it either.
    const before = JSON.stringify(s);
    expect(code(s, { type: "spend", combatantId: "alan", dice: 3, purpose: "defence" })).toBe("bouts.noDefenceBothRed");
    expect(JSON.stringify(s)).toBe(before);
    expect(boutsMachine.view(s).groups[0]!.notes).toContainEqual({ key: "BOUT.Time.Bouts.Note.BlowDue", data: { who: "rival" } });
    s = run(s, { type: "spend", combatantId: "rival", dice: 5, purpose: "attack" }, { type: "exchangeWon", boutId: "hall", winner: "rival" }).state;
    // Both blows have landed: the double red is over and the winner's initiative runs as usual.
    expect(bout(s, "hall")).toMatchObject({ initiative: "rival", blowOrder: [] });
    expect(bout(s, "hall").struck).toBeUndefined();
    expect(code(s, { type: "spend", combatantId: "alan", dice: 3, purpose: "defence" })).toBe("ok");
  });

  it("both red: the end of the exchange ends the double red, even if the second blow never came; a white thrower defends throughout", () => {
    let s = run(start(), { type: "reveal", boutId: "door", choices: { roland: "red", guard: "red", archer: "white" } }, { type: "blowOrder", boutId: "door", order: [["roland"], ["guard"]] }).state;
    expect(code(s, { type: "spend", combatantId: "archer", dice: 2, purpose: "defence" })).toBe("ok");
    s = run(s, { type: "spend", combatantId: "roland", dice: 4, purpose: "attack" }, { type: "exchangeWon", boutId: "door", winner: "roland" }).state;
    expect(code(s, { type: "spend", combatantId: "roland", dice: 2, purpose: "defence" })).toBe("bouts.noDefenceBothRed");
    s = run(s, { type: "next", boutId: "door" }).state;
    expect(bout(s, "door")).toMatchObject({ exchange: 2, blowOrder: [] });
    expect(code(s, { type: "spend", combatantId: "roland", dice: 2, purpose: "defence" })).toBe("ok");
  });

  it("postures declared with the throw last until the first blow ('Posture')", () => {
    let s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "white" }, postures: { alan: "aggressive", rival: "defensive" } }).state;
    expect([who(s, "alan").posture, who(s, "rival").posture]).toEqual(["aggressive", "defensive"]);
    expect(boutsMachine.view(s).rows.find((r) => r.combatantId === "alan")?.badges.map((b) => b.label.key)).toContain("BOUT.Time.Bouts.Badge.Posture.aggressive");
    expect(code(start(), { type: "reveal", boutId: "hall", choices: {}, postures: { alan: "sideways" as never } })).toBe("bouts.badPosture");
    s = run(s, { type: "exchangeWon", boutId: "hall", winner: "rival" }).state;
    expect([who(s, "alan").posture, who(s, "rival").posture]).toEqual(["neutral", "neutral"]);
  });

  it("seed 000 'Posture': a posture lasts until the first blow or movement: Alan's terrain roll (his movement) ends his, not Rival's", () => {
    let s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "white" }, postures: { alan: "aggressive", rival: "defensive" } }).state;
    s = run(s, { type: "moved", combatantId: "alan" }).state;
    expect([who(s, "alan").posture, who(s, "rival").posture]).toEqual(["neutral", "defensive"]);
    expect(code(s, { type: "moved", combatantId: "nobody" })).toBe("bouts.unknownCombatant");
  });

  it("seed 000 'Terrain Roll Mechanics': higher footing lasts until the opponent disengages: a Pause or Break ends it, and so does moving to another bout", () => {
    let s = run(start(), { type: "footing", combatantId: "alan", higher: true }, { type: "footing", combatantId: "roland", higher: true }).state;
    s = run(s, { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "white" } }, { type: "pause", boutId: "hall" }).state;
    expect(who(s, "alan").higherFooting).toBeUndefined();
    // The door's bout did not disengage: Roland keeps his until he leaves for the hall.
    expect(who(s, "roland").higherFooting).toBe(true);
    s = run(s, { type: "move", combatantId: "roland", boutId: "hall" }).state;
    expect(who(s, "roland").higherFooting).toBeUndefined();
  });

  it("all white: nobody commits and the bout stays open for another throw", () => {
    const r = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "white", rival: "white" } });
    expect(bout(r.state, "hall").phase).toBe("opening");
    expect(r.events.map((e) => e.type)).toEqual(["revealed", "allWhite"]);
  });

  it("a throw is only taken when the bout is opening, from its own members, red/white/null", () => {
    const s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red" } }).state;
    expect(code(s, { type: "reveal", boutId: "hall", choices: { alan: "red" } })).toBe("bouts.notOpening");
    expect(code(start(), { type: "reveal", boutId: "hall", choices: { roland: "red" } })).toBe("bouts.notInBout");
    expect(code(start(), { type: "reveal", boutId: "hall", choices: { alan: "blue" as never } })).toBe("bouts.badThrow");
    expect(code(start(), { type: "reveal", boutId: "nowhere", choices: {} })).toBe("bouts.unknownBout");
  });
});

describe("bouts: exchanges, rounds and the Combat Pool ('Exchange of Blows')", () => {
  it("walks a bout through three rounds: spends, winners take initiative, pools refresh in one transition", () => {
    let s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "white" } }).state;
    // Round 1, exchange 1: Alan attacks with 6, rival defends with 5 and wins.
    s = run(s, { type: "spend", combatantId: "alan", dice: 6, purpose: "attack" }, { type: "spend", combatantId: "rival", dice: 5, purpose: "defence" }, { type: "exchangeWon", boutId: "hall", winner: "rival" }).state;
    expect([who(s, "alan").cp, who(s, "rival").cp, bout(s, "hall").initiative]).toEqual([4, 4, "rival"]);
    expect(boutsMachine.view(s).rows.find((r) => r.combatantId === "rival")).toMatchObject({ acting: true, done: true });
    // Exchange 2: rival attacks with 4, Alan defends with 4; tie → attacker keeps initiative.
    s = run(s, { type: "next" }).state;
    expect(bout(s, "hall")).toMatchObject({ round: 1, exchange: 2 });
    expect(who(s, "alan").acted).toBe(false);
    s = run(s, { type: "spend", combatantId: "rival", dice: 4, purpose: "attack" }, { type: "spend", combatantId: "alan", dice: 4, purpose: "defence" }, { type: "exchangeWon", boutId: "hall", winner: "rival" }).state;
    expect(code(s, { type: "spend", combatantId: "alan", dice: 1, purpose: "attack" })).toBe("bouts.tooMany");
    // Shock 3 carries 3 into the next refresh.
    s = run(s, { type: "penalty", combatantId: "alan", dice: 3, carry: 3 }).state;
    const r2 = run(s, { type: "next" });
    s = r2.state;
    expect(r2.events).toContainEqual({ type: "round", boutId: "hall", round: 2, pools: { alan: 7, rival: 9 } });
    expect(bout(s, "hall")).toMatchObject({ round: 2, exchange: 1, initiative: "rival", phase: "continuing", roundsInFocus: 1 });
    // The other bout was untouched.
    expect(bout(s, "door")).toMatchObject({ round: 1, phase: "opening" });
    // Round 3 by the GM's nextRound; pools back to full.
    s = run(s, { type: "nextRound" }).state;
    expect(bout(s, "hall")).toMatchObject({ round: 3, exchange: 1, roundsInFocus: 2 });
    expect([who(s, "alan").cp, who(s, "rival").cp, who(s, "alan").carry]).toEqual([10, 9, 0]);
    expect(boutsMachine.view(s)).toMatchObject({ round: 3, step: { key: "BOUT.Time.Bouts.Step.Exchange", data: { exchange: 1, of: 2 } } });
  });

  it("refuses bad spends without changing anything", () => {
    const s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "white" } }).state;
    expect(code(s, { type: "spend", combatantId: "alan", dice: -1, purpose: "attack" })).toBe("bouts.negative");
    expect(code(s, { type: "spend", combatantId: "alan", dice: 1.5, purpose: "attack" })).toBe("bouts.notNumber");
    expect(code(s, { type: "spend", combatantId: "alan", dice: "2" as never, purpose: "attack" })).toBe("bouts.notNumber");
    expect(code(s, { type: "spend", combatantId: "alan", dice: 11, purpose: "attack" })).toBe("bouts.tooMany");
    expect(code(s, { type: "spend", combatantId: "ghost", dice: 1, purpose: "attack" })).toBe("bouts.unknownCombatant");
    expect(code(s, { type: "exchangeWon", boutId: "hall", winner: "roland" })).toBe("bouts.notInBout");
    expect(code(s, { type: "bogus" } as never)).toBe("bouts.unknownCommand");
  });

  it("a fumble's penalty falls on the next exchange: this round's second, or the next round's refresh (fumble paragraph)", () => {
    let s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "white" } }, { type: "spend", combatantId: "alan", dice: 6, purpose: "attack" }).state;
    const first = run(s, { type: "fumble", combatantId: "alan", dice: 3 });
    expect(who(first.state, "alan")).toMatchObject({ cp: 1, carry: 0 });
    expect(first.events).toContainEqual({ type: "fumbled", combatantId: "alan", dice: 3, left: 1, carry: 0, belowZero: false });
    const over = run(s, { type: "fumble", combatantId: "alan", dice: 5 });
    expect(over.events).toContainEqual({ type: "fumbled", combatantId: "alan", dice: 5, left: 0, carry: 0, belowZero: true });
    s = run(s, { type: "next" }, { type: "fumble", combatantId: "alan", dice: 2 }).state;
    expect(who(s, "alan")).toMatchObject({ cp: 4, carry: 2 });
    s = run(s, { type: "next" }).state;
    expect(who(s, "alan").cp).toBe(8);
  });

  it("a ride-by round has one exchange ('Ride-By Attacking')", () => {
    let s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "white" } }, { type: "setExchanges", boutId: "hall", count: 1 }).state;
    s = run(s, { type: "next" }).state;
    expect(bout(s, "hall")).toMatchObject({ round: 2, exchange: 1, exchangesThisRound: 2 });
  });

  it("surprise: a failed hesitation roll means no action at all for the exchange", () => {
    let s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "white" } }, { type: "restrict", combatantId: "rival", restriction: "noAction" }).state;
    expect(code(s, { type: "spend", combatantId: "rival", dice: 1, purpose: "defence" })).toBe("bouts.cannotAct");
    s = run(s, { type: "next" }).state;
    expect(code(s, { type: "spend", combatantId: "rival", dice: 1, purpose: "defence" })).toBe("ok");
  });
});

describe("bouts: Pause/Break, focus, joining, leaving and moving", () => {
  it("a Pause/Break clears initiative and throws; the bout throws again", () => {
    let s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "white" } }, { type: "pause", boutId: "hall" }).state;
    expect(bout(s, "hall")).toMatchObject({ phase: "opening", initiative: null });
    expect(who(s, "alan").thrown).toBeNull();
    s = run(s, { type: "reveal", boutId: "hall", choices: { alan: "white", rival: "red" } }).state;
    expect(bout(s, "hall").initiative).toBe("rival");
  });

  it("the GM runs one bout several rounds, then moves the focus ('Melee Combat': 3-4 rounds before switching)", () => {
    let s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "white" } }).state;
    for (let i = 0; i < 6; i++) s = run(s, { type: "next" }).state;
    expect(bout(s, "hall")).toMatchObject({ round: 4, roundsInFocus: 3 });
    s = run(s, { type: "focus", boutId: "door" }).state;
    expect(s.focus).toBe("door");
    const v = boutsMachine.view(s);
    expect(v.groups.map((g) => [g.id, g.focused])).toEqual([
      ["hall", false],
      ["door", true],
    ]);
    expect(v.step.key).toBe("BOUT.Time.Bouts.Step.Throw");
    expect(v.round).toBe(1);
  });

  it("cross-bout order by Reflex, ties simultaneous ('Dueling vs. Battle-wide Initiative')", () => {
    expect(boutsActingOrder(start())).toEqual([["alan"], ["rival", "roland", "archer"], ["guard"]]);
    expect(boutsActingOrder(start(), ["archer", "guard"])).toEqual([["archer"], ["guard"]]);
  });

  // Issue 19, seed 000 "Dueling (Local) vs. Battle-wide (Global) Initiative": between duels "the actions occur in
  // order of Reflex scores (highest to lowest), with ties indicating simultaneous resolution".
  it("the tracker lists fighters (core's turn list) and bouts in the order across bouts, each fighter's place shown; equal Reflex shares a place", () => {
    const st = startBouts([
      { id: "hall", combatants: [{ id: "slow", reflex: 3, pool: 6 }, { id: "slower", reflex: 2, pool: 6 }] },
      { id: "door", combatants: [{ id: "guard", reflex: 3, pool: 8 }, { id: "archer", reflex: 7, pool: 7 }] },
    ]);
    if (!st.ok) throw new Error(st.refusal.code);
    const v = boutsMachine.view(st.value);
    expect(v.groups.map((g) => [g.id, g.label.data?.n])).toEqual([
      ["door", 2],
      ["hall", 1],
    ]);
    // Guard and Slow act at the same moment; the bout listed first comes first.
    expect(v.rows.map((r) => r.combatantId)).toEqual(["archer", "guard", "slow", "slower"]);
    const place = (id: string) => v.rows.find((r) => r.combatantId === id)!.badges.find((b) => b.label.key === "BOUT.Time.Bouts.Badge.Order")?.value;
    expect(["archer", "guard", "slow", "slower"].map(place)).toEqual([1, 2, 2, 3]);
    // One bout alone: no order across bouts to show.
    const one = startBouts([{ id: "hall", combatants: [{ id: "slow", reflex: 3, pool: 6 }, { id: "slower", reflex: 2, pool: 6 }] }]);
    expect(one.ok && boutsMachine.view(one.value).rows[0]!.badges.some((b) => b.label.key === "BOUT.Time.Bouts.Badge.Order")).toBe(false);
  });

  it("joining, leaving (the holder leaving reopens the bout), moving between bouts keeps the pool", () => {
    let s = run(start(), { type: "reveal", boutId: "door", choices: { roland: "red", guard: "white", archer: "white" } }, { type: "spend", combatantId: "roland", dice: 5, purpose: "attack" }).state;
    s = run(s, { type: "join", boutId: "hall", combatant: { id: "ferro", reflex: 7, pool: 11 } }).state;
    expect(who(s, "ferro")).toMatchObject({ boutId: "hall", cp: 11 });
    expect(code(s, { type: "join", boutId: "hall", combatant: { id: "ferro", reflex: 7, pool: 11 } })).toBe("bouts.duplicate");
    s = run(s, { type: "move", combatantId: "roland", boutId: "stairs" }).state;
    expect(who(s, "roland")).toMatchObject({ boutId: "stairs", cp: 7 });
    expect(bout(s, "door")).toMatchObject({ phase: "opening", initiative: null });
    expect(bout(s, "stairs").phase).toBe("opening");
    const r = run(s, { type: "leave", combatantId: "roland" });
    expect(r.events).toContainEqual({ type: "boutEnded", boutId: "stairs" });
    expect(r.state.bouts.map((b) => b.id)).toEqual(["hall", "door"]);
    expect(code(s, { type: "move", combatantId: "roland", boutId: "stairs" })).toBe("bouts.sameBout");
  });
});

describe("bouts with the seed's own example: Alan on the bench ('Terrain Rolls')", () => {
  it("a 2-die leap at TN 4 succeeds; from the next round his refresh carries the +2 for higher footing", () => {
    let s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "white", rival: "red" } }).state;
    const leap = terrainRoll({ cpLeft: who(s, "alan").cp, dice: 2, tn: 4 }, new FixedDice([4, 1]));
    expect(leap.ok && leap.value.result.success).toBe(true);
    s = run(s, { type: "spend", combatantId: "alan", dice: 2, purpose: "other" }, { type: "setPool", combatantId: "alan", pool: who(s, "alan").poolMax + 2 }).state;
    expect(who(s, "alan").cp).toBe(8);
    const r = run(s, { type: "nextRound", boutId: "hall" });
    expect(r.events).toContainEqual({ type: "round", boutId: "hall", round: 2, pools: { alan: 12, rival: 9 } });
  });
});

describe("bouts with the seed's own example: Alan and Ferro on the deck ('Difficult Fighting Conditions')", () => {
  it("each round opens with footing rolls; a failure costs half the pool, taken in the same transition style as a shock", () => {
    const st = startBouts([{ id: "griffin", combatants: [{ id: "alan", reflex: 6, pool: 10 }, { id: "ferro", reflex: 6, pool: 9 }] }]);
    if (!st.ok) throw new Error("start");
    let s = run(st.value, { type: "reveal", boutId: "griffin", choices: { alan: "red", ferro: "white" } }).state;
    const alanTn = terrainTn("icy", "hurried");
    const ferroTn = terrainTn("icy", "normal");
    expect([alanTn.ok && alanTn.value, ferroTn.ok && ferroTn.value]).toEqual([8, 6]);
    // Alan spends 2 and fails at TN 8; Ferro spends 2 and makes TN 6.
    const alan = terrainRoll({ cpLeft: who(s, "alan").cp, dice: 2, tn: 8 }, new FixedDice([7, 3]));
    const ferro = terrainRoll({ cpLeft: who(s, "ferro").cp, dice: 2, tn: 6 }, new FixedDice([6, 2]));
    if (!alan.ok || !ferro.ok) throw new Error("roll");
    s = run(s, { type: "spend", combatantId: "alan", dice: 2, purpose: "other" }, { type: "spend", combatantId: "ferro", dice: 2, purpose: "other" }).state;
    const lost = terrainConsequence(alan.value.result, DECK_STAKES, who(s, "alan").cp, 2);
    expect(lost).toEqual({ consequence: "halfPool", diceLost: 4, statuses: [] });
    s = run(s, { type: "penalty", combatantId: "alan", dice: lost.diceLost }).state;
    expect(terrainConsequence(ferro.value.result, DECK_STAKES, who(s, "ferro").cp, 2).consequence).toBe("none");
    expect([who(s, "alan").cp, who(s, "ferro").cp]).toEqual([4, 7]);
    // Equal Reflex: their actions against other bouts would land together.
    expect(boutsActingOrder(s)).toEqual([["alan", "ferro"]]);
  });
});

describe("bouts invariants (fast-check)", () => {
  const ids = ["alan", "rival", "roland", "guard", "archer", "ghost"];
  const command = fc.oneof(
    fc.record({ type: fc.constant("spend" as const), combatantId: fc.constantFrom(...ids), dice: fc.oneof(fc.integer({ min: -3, max: 14 }), fc.constant(1.5)), purpose: fc.constantFrom("attack" as const, "defence" as const, "other" as const) }),
    fc.record({ type: fc.constant("reveal" as const), boutId: fc.constantFrom("hall", "door"), choices: fc.dictionary(fc.constantFrom(...ids), fc.constantFrom("red" as const, "white" as const, null)) }),
    fc.record({ type: fc.constant("next" as const), boutId: fc.constantFrom("hall", "door") }),
    fc.record({ type: fc.constant("pause" as const), boutId: fc.constantFrom("hall", "door") }),
    fc.record({ type: fc.constant("penalty" as const), combatantId: fc.constantFrom(...ids), dice: fc.integer({ min: -1, max: 15 }), carry: fc.integer({ min: 0, max: 3 }) }),
    fc.record({ type: fc.constant("exchangeWon" as const), boutId: fc.constantFrom("hall", "door"), winner: fc.constantFrom(...ids) }),
    fc.record({ type: fc.constant("move" as const), combatantId: fc.constantFrom(...ids), boutId: fc.constantFrom("hall", "door", "stairs") }),
  );

  it("pools stay within 0..max, refused commands change nothing, states stay JSON, ids stay unique", () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
        let s = start();
        for (const c of commands) {
          const before = JSON.stringify(s);
          const t = boutsMachine.apply(s, c);
          if (!t.ok) {
            if (JSON.stringify(s) !== before) return false;
            continue;
          }
          s = t.value.state;
          if (JSON.stringify(JSON.parse(JSON.stringify(s))) !== JSON.stringify(s)) return false;
          for (const x of s.combatants) if (x.cp < 0 || x.cp > x.poolMax || !s.bouts.some((b) => b.id === x.boutId)) return false;
          if (new Set(s.combatants.map((x) => x.id)).size !== s.combatants.length) return false;
          for (const b of s.bouts) if (b.initiative !== null && who(s, b.initiative)?.boutId !== b.id) return false;
        }
        return true;
      }),
    );
  });

  // Issue 35: the view keeps its order and the rows of fighters whose entries did not change between states;
  // kept or not, it is the view worked out from scratch for every state a fight can reach.
  const throwOf = fc.constantFrom("red" as const, "white" as const, null);
  const more = fc.oneof(
    command,
    fc.record({ type: fc.constant("reveal" as const), boutId: fc.constant("hall"), choices: fc.record({ alan: throwOf, rival: throwOf }) }),
    fc.record({ type: fc.constant("reveal" as const), boutId: fc.constant("door"), choices: fc.record({ roland: throwOf, guard: throwOf, archer: throwOf }) }),
    fc.record({ type: fc.constant("restrict" as const), combatantId: fc.constantFrom(...ids), restriction: fc.constantFrom("none" as const, "defendOnly" as const, "noAction" as const) }),
    fc.record({ type: fc.constant("footing" as const), combatantId: fc.constantFrom(...ids), higher: fc.boolean() }),
    fc.record({ type: fc.constant("engage" as const), combatantId: fc.constantFrom(...ids), by: fc.record({ id: fc.constantFrom(...ids), small: fc.boolean() }) }),
    fc.record({ type: fc.constant("crowd" as const), boutId: fc.constantFrom("hall", "door"), lone: fc.constantFrom(...ids), decides: fc.constantFrom(...ids), superior: fc.subarray(ids), inferior: fc.subarray(ids), cap: fc.integer({ min: 1, max: 4 }) }),
    fc.record({ type: fc.constant("seize" as const), boutId: fc.constantFrom("hall", "door"), combatantId: fc.constantFrom(...ids) }),
    fc.record({ type: fc.constant("focus" as const), boutId: fc.constantFrom("hall", "door", "stairs") }),
    fc.record({ type: fc.constant("nextRound" as const), boutId: fc.constantFrom("hall", "door"), pools: fc.dictionary(fc.constantFrom("alan", "rival", "roland", "guard", "archer"), fc.integer({ min: 0, max: 12 })) }),
    fc.record({ type: fc.constant("setExchanges" as const), boutId: fc.constantFrom("hall", "door"), count: fc.constantFrom(1 as const, 2 as const) }),
    fc.record({ type: fc.constant("join" as const), boutId: fc.constantFrom("hall", "door", "stairs"), combatant: fc.record({ id: fc.constantFrom("ghost", "ferro"), reflex: fc.integer({ min: 3, max: 7 }), pool: fc.integer({ min: 0, max: 12 }) }) }),
    fc.record({ type: fc.constant("leave" as const), combatantId: fc.constantFrom(...ids) }),
    fc.record({ type: fc.constant("mount" as const), combatantId: fc.constantFrom(...ids), mounted: fc.boolean() }),
  );

  it("a kept view orders again when a fighter's Reflex differs under the same id (a state read back, edited)", () => {
    const kept = boutsView();
    const s = start();
    kept(s);
    const quicker: BoutsState = { ...s, combatants: s.combatants.map((c) => (c.id === "guard" ? { ...c, reflex: 9 } : c)) };
    expect(kept(quicker)).toEqual(boutsView()(quicker));
    expect(kept(quicker).rows[0]!.combatantId).toBe("guard");
  });

  it("a kept bout's group is named by its place again when a bout before it ends", () => {
    const kept = boutsView();
    let s = run(start(), { type: "focus", boutId: "door" }).state;
    kept(s);
    s = run(s, { type: "move", combatantId: "alan", boutId: "door" }).state;
    kept(s);
    s = run(s, { type: "move", combatantId: "rival", boutId: "door" }).state;
    expect(kept(s)).toEqual(boutsView()(s));
    expect(kept(s).groups.map((g) => g.label)).toEqual([{ key: "BOUT.Time.Bouts.Bout", data: { n: 1 } }]);
  });

  it("the turn holder a step reads is the rows' one, also in states read back that say the holder has acted or stands in another bout", () => {
    const s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "white" } }).state;
    expect(boutsView()(s).holder).toBe("alan");
    const acted: BoutsState = { ...s, combatants: s.combatants.map((c) => (c.id === "alan" ? { ...c, acted: true } : c)) };
    const elsewhere: BoutsState = { ...s, combatants: s.combatants.map((c) => (c.id === "alan" ? { ...c, boutId: "door" } : c)) };
    for (const edited of [acted, elsewhere]) {
      const v = boutsView()(edited);
      expect([v.holder, holderOfRows(v.rows), v.order]).toEqual([null, null, orderOfRows(v.rows)]);
    }
  });

  it("the view kept from state to state equals the view worked out from scratch (issue 35)", () => {
    fc.assert(
      fc.property(fc.array(more, { maxLength: 40 }), fc.boolean(), (commands, copies) => {
        const kept = boutsView();
        const late = lateViews((state: BoutsState) => boutsView()(state));
        let s = start();
        expect(kept(s)).toEqual(boutsView()(s));
        for (const c of commands) {
          const t = boutsMachine.apply(s, c);
          if (!t.ok) continue;
          // A state read back from the Combat is a copy: equal entries that are not the same objects.
          s = copies ? structuredClone(t.value.state) : t.value.state;
          late.add(s, kept(s));
          expect(kept(s)).toEqual(boutsView()(s));
        }
        late.check();
      }),
      { numRuns: 300 },
    );
  });
});

describe("bouts: pools refreshed from the documents ('Exchange of Blows', 'Higher Footing', Combat Pool modifiers)", () => {
  it("only a step that starts the bout's round refreshes pools: the shell reads the documents for those steps only", () => {
    let s = start();
    expect(stepStartsRound(s, { type: "next", boutId: "hall" })).toBe(false);
    expect(stepStartsRound(s, { type: "nextRound", boutId: "hall" })).toBe(true);
    expect(stepStartsRound(s, { type: "next", boutId: "nowhere" })).toBe(false);
    expect(stepStartsRound(s, { type: "pause", boutId: "hall" })).toBe(false);
    s = run(s, { type: "next", boutId: "hall" }).state; // exchange 2
    expect(stepStartsRound(s, { type: "next", boutId: "hall" })).toBe(true);
    expect(stepStartsRound(s, { type: "next" })).toBe(true); // the focused bout
    expect(stepStartsRound(s, { type: "next", boutId: "door" })).toBe(false);
    s = run(s, { type: "setExchanges", boutId: "door", count: 1 }).state;
    expect(stepStartsRound(s, { type: "next", boutId: "door" })).toBe(true);
    const r = run(s, { type: "next", boutId: "hall" });
    expect(r.events.map((e) => e.type)).toEqual(["round", "exchange"]);
  });

  it("a step into a new round refreshes to the pools the shell recomputed, less carried Shock", () => {
    let s = start();
    s = run(s, { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "white" } }, { type: "penalty", combatantId: "alan", dice: 0, carry: 2 }).state;
    s = run(s, { type: "next", boutId: "hall" }).state; // exchange 2
    s = run(s, { type: "next", boutId: "hall", pools: { alan: 7, rival: 9 } }).state;
    expect([who(s, "alan").poolMax, who(s, "alan").cp, who(s, "rival").cp]).toEqual([7, 5, 9]);
    expect(bout(s, "hall").round).toBe(2);
  });

  it("refuses a pool for a stranger, a non-number or a negative pool and changes nothing", () => {
    const s = start();
    expect(code(s, { type: "nextRound", boutId: "hall", pools: { nobody: 3 } })).toBe("bouts.unknownCombatant");
    expect(code(s, { type: "nextRound", boutId: "hall", pools: { alan: 2.5 } })).toBe("bouts.notNumber");
    expect(code(s, { type: "nextRound", boutId: "hall", pools: { alan: -1 } })).toBe("bouts.negative");
  });

  it("the light is the fight's, and footing is one fighter's, both shown and checked", () => {
    let s = start();
    expect(code(s, { type: "setLight", light: "twilight" as never })).toBe("bouts.badLight");
    expect(code(s, { type: "footing", combatantId: "ghost", higher: true })).toBe("bouts.unknownCombatant");
    s = run(s, { type: "setLight", light: "dim" }, { type: "footing", combatantId: "alan", higher: true }).state;
    expect(s.light).toBe("dim");
    expect(who(s, "alan").higherFooting).toBe(true);
    const row = boutsMachine.view(s).rows.find((r) => r.combatantId === "alan")!;
    expect(row.badges.map((b) => b.label.key)).toContain("BOUT.Time.Bouts.Badge.Footing");
  });
});

describe("bouts: initiative bought ('Exchange of Blows': the side without initiative may try to buy it)", () => {
  it("hands the initiative over with no blow struck: postures stay; refused before the throw or for a stranger", () => {
    let s = start();
    expect(code(s, { type: "seize", boutId: "hall", combatantId: "rival" })).toBe("bouts.notThrown");
    s = run(s, { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "white" }, postures: { alan: "aggressive" } }).state;
    expect(code(s, { type: "seize", boutId: "hall", combatantId: "roland" })).toBe("bouts.notInBout");
    s = run(s, { type: "seize", boutId: "hall", combatantId: "rival" }).state;
    expect(bout(s, "hall").initiative).toBe("rival");
    expect(who(s, "alan").posture).toBe("aggressive");
  });
});

describe("bouts: the Missile Pool ('Missile Combat')", () => {
  const readying = { roundsLeft: 2, ready: false, pool: 0, quickenCost: 0 };
  it("a weapon being readied cannot loose; once ready it looses from its pool, and the next round's state comes from the shell", () => {
    let s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "white" } }).state;
    s = run(s, { type: "missile", combatantId: "alan", missile: readying }).state;
    expect(code(s, { type: "loose", combatantId: "alan", dice: 1 })).toBe("bouts.notReady");
    // Mid-round the shell's next-round states are not used yet.
    s = run(s, { type: "next", boutId: "hall", missiles: { alan: { roundsLeft: 1, ready: false, pool: 0, quickenCost: 0 } } }).state;
    expect(who(s, "alan").missile?.roundsLeft).toBe(2);
    s = run(s, { type: "next", boutId: "hall", missiles: { alan: { roundsLeft: 0, ready: true, pool: 5, quickenCost: 0 } } }).state;
    expect(who(s, "alan").missile).toEqual({ roundsLeft: 0, ready: true, pool: 5, quickenCost: 0, fired: false });
    expect(code(s, { type: "loose", combatantId: "alan", dice: 6 })).toBe("bouts.tooMany");
    expect(code(s, { type: "loose", combatantId: "alan", dice: -1 })).toBe("bouts.negative");
    s = run(s, { type: "loose", combatantId: "alan", dice: 4 }).state;
    expect(who(s, "alan").missile).toMatchObject({ pool: 1, fired: true });
    // A loosed weapon must be readied again: the shell sends null.
    s = run(s, { type: "nextRound", boutId: "hall", missiles: { alan: null } }).state;
    expect(who(s, "alan").missile).toBeUndefined();
  });

  it("refuses a malformed missile state and changes nothing", () => {
    const s = start();
    expect(code(s, { type: "missile", combatantId: "alan", missile: { roundsLeft: -1, ready: false, pool: 0, quickenCost: 0 } })).toBe("bouts.badMissile");
    expect(code(s, { type: "nextRound", boutId: "hall", missiles: { alan: { roundsLeft: 0, ready: "yes" as never, pool: 1, quickenCost: 0 } } })).toBe("bouts.badMissile");
  });
});

describe("bouts: closing in ('Weapon Length': the shorter weapon pays until it lands a damaging blow)", () => {
  it("records the opponent once, and a Pause opens the distance again", () => {
    let s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "white" } }).state;
    s = run(s, { type: "landed", combatantId: "alan", on: "rival" }, { type: "landed", combatantId: "alan", on: "rival" }).state;
    expect(who(s, "alan").closedOn).toEqual(["rival"]);
    expect(code(s, { type: "landed", combatantId: "alan", on: "nobody" })).toBe("bouts.unknownCombatant");
    s = run(s, { type: "pause", boutId: "hall" }).state;
    expect(who(s, "alan").closedOn).toEqual([]);
  });
});

describe("bouts: who is on whom ('Multiple Opponents': at most 3 attackers at once, 4 small ones)", () => {
  const raiders = () => {
    const s = startBouts([{ id: "gate", combatants: ["bran", "r1", "r2", "r3", "r4"].map((id) => ({ id, reflex: 5, pool: 10 })) }]);
    if (!s.ok) throw new Error(s.refusal.code);
    return run(s.value, { type: "reveal", boutId: "gate", choices: { r1: "red", r2: "white", r3: "white", r4: "white", bran: "white" } }).state;
  };
  const engage = (by: string, small = false): BoutsCommand => ({ type: "engage", combatantId: "bran", by: { id: by, small } });
  it("records each attacker once per round and refuses a fourth, changing nothing; the next round starts afresh", () => {
    let s = run(raiders(), engage("r1"), engage("r2"), engage("r1"), engage("r3")).state;
    expect(who(s, "bran").attackedBy).toEqual({ round: 1, by: ["r1", "r2", "r3"].map((id) => ({ id, small: false })) });
    expect(boutsMachine.view(s).rows.find((r) => r.combatantId === "bran")?.badges).toContainEqual({ label: { key: "BOUT.Time.Bouts.Badge.Attackers" }, value: 3 });
    const before = JSON.stringify(s);
    expect(code(s, engage("r4"))).toBe("steel.crowdFull");
    expect(JSON.stringify(s)).toBe(before);
    // Exchange 2 of the same round: still three on him.
    s = run(s, { type: "next", boutId: "gate" }).state;
    expect(code(s, engage("r4"))).toBe("steel.crowdFull");
    s = run(s, { type: "next", boutId: "gate" }).state;
    expect(code(s, engage("r4"))).toBe("ok");
  });
  it("four small attackers fit; one leaving frees a place; a Pause disengages everyone", () => {
    let s = run(raiders(), engage("r1", true), engage("r2", true), engage("r3", true), engage("r4", true)).state;
    expect(who(s, "bran").attackedBy?.by).toHaveLength(4);
    s = run(s, { type: "leave", combatantId: "r4" }).state;
    expect(who(s, "bran").attackedBy?.by.map((f) => f.id)).toEqual(["r1", "r2", "r3"]);
    s = run(s, { type: "pause", boutId: "gate" }).state;
    expect(who(s, "bran").attackedBy).toBeUndefined();
    expect(code(s, { type: "engage", combatantId: "bran", by: { id: "bran", small: false } })).toBe("bouts.badCombatant");
    expect(code(s, engage("ghost"))).toBe("bouts.unknownCombatant");
  });
});

describe("bouts: riders ('Mounted Combat')", () => {
  it("the GM marks a rider; a fall clears it; both are checked", () => {
    let s = start();
    expect(code(s, { type: "mount", combatantId: "ghost", mounted: true })).toBe("bouts.unknownCombatant");
    expect(code(s, { type: "mount", combatantId: "alan", mounted: "yes" as never })).toBe("bouts.notNumber");
    s = run(s, { type: "mount", combatantId: "alan", mounted: true }).state;
    expect(boutsMachine.view(s).rows.find((r) => r.combatantId === "alan")!.badges.map((b) => b.label.key)).toContain("BOUT.Time.Bouts.Badge.Gait.halt");
    s = run(s, { type: "mount", combatantId: "alan", mounted: false }).state;
    expect(who(s, "alan").mounted).toBe(false);
  });
});

describe("bouts: a shield blocks once per exchange ('Missile Combat' I)", () => {
  it("a second block in the same exchange is refused; the next exchange frees the shield", () => {
    let s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "white" } }).state;
    s = run(s, { type: "block", combatantId: "rival" }).state;
    expect(code(s, { type: "block", combatantId: "rival" })).toBe("bouts.shieldUsed");
    s = run(s, { type: "next", boutId: "hall" }).state;
    expect(code(s, { type: "block", combatantId: "rival" })).toBe("ok");
  });
});

// Seed 000 "Melee Combat" (the initiative holder strikes; both red, the blows land in the Reflex order) and
// "Surprise & Hesitation" (one success: defend only; none: no action): whose blow it is, as a style asks.
describe("blowDue: whose blow it is in a bout", () => {
  it("before the throw nobody's; after one red the holder's until he acts; a hesitating fighter's never", () => {
    const s0 = start();
    expect(blowDue(s0, "alan")).toBe(false);
    const s = run(s0, { type: "reveal", boutId: "hall", choices: { alan: "red", rival: null } }).state;
    expect([blowDue(s, "alan"), blowDue(s, "rival")]).toEqual([true, false]);
    const after = run(s, { type: "spend", combatantId: "alan", dice: 3, purpose: "attack" }).state;
    expect(blowDue(after, "alan")).toBe(false);
    // The rival won the exchange, but hesitation keeps him on the defence for this exchange.
    const won = run(after, { type: "exchangeWon", boutId: "hall", winner: "rival" }).state;
    expect(blowDue(won, "rival")).toBe(false);
    expect(blowDue(run(won, { type: "next", boutId: "hall" }).state, "rival")).toBe(true);
    expect(blowDue(run(s, { type: "restrict", combatantId: "alan", restriction: "noAction" }).state, "alan")).toBe(false);
  });

  it("both red: each in his place in the order; one passed over is not waited on", () => {
    const s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "red" } }, { type: "blowOrder", boutId: "hall", order: [["alan"], ["rival"]] }).state;
    expect([blowDue(s, "alan"), blowDue(s, "rival")]).toEqual([true, false]);
    expect(blowDue(s, "rival", (id) => id === "alan")).toBe(true);
    const first = run(s, { type: "spend", combatantId: "alan", dice: 4, purpose: "attack" }, { type: "exchangeWon", boutId: "hall", winner: "alan" }).state;
    expect([blowDue(first, "alan"), blowDue(first, "rival")]).toEqual([false, true]);
  });
});

// Seed 000 "Exchange of Blows": the initiative is bought from its holder (our contest; the seed names it only).
describe("buyingFrom: whom initiative may be bought from", () => {
  it("only from the holder, in the buyer's own bout after the throw", () => {
    const code = (s: BoutsState, buyer: string, holder: string) => {
      const r = buyingFrom(s, buyer, holder);
      return r.ok ? r.value.boutId : r.refusal.code;
    };
    expect(code(start(), "rival", "alan")).toBe("steel.contest.notHolder");
    const s = run(start(), { type: "reveal", boutId: "hall", choices: { alan: "red", rival: "white" } }, { type: "reveal", boutId: "door", choices: { roland: "red", guard: "white", archer: "white" } }).state;
    expect(code(s, "rival", "alan")).toBe("hall");
    expect([code(s, "alan", "rival"), code(s, "alan", "alan"), code(s, "guard", "alan"), code(s, "nobody", "alan")]).toEqual(["steel.contest.notHolder", "steel.contest.notHolder", "steel.contest.notHolder", "steel.contest.noBout"]);
  });
});
