// Seed 003 "Combat Summary" and "Surprised": initiative order by I, ties by Agi;
// an Action and a Move per turn; effects at round start and end.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actionOpen, exactTies, prepareOpen, startTurns, surpriseNow, turnsMachine, turnsView, type TurnCombatant, type TurnsCommand, type TurnsState } from "../../../src/engine/time/turns";
import type { FightNow } from "../../../src/engine/time/machine";
import { lateViews } from "./late-views";

function start(list: { id: string; initiative: number; agility: number; surprised?: boolean }[]): TurnsState {
  const s = startTurns(list);
  if (!s.ok) throw new Error(s.refusal.code);
  return s.value;
}
function run(state: TurnsState, ...commands: TurnsCommand[]): TurnsState {
  return commands.reduce((s, c) => {
    const r = turnsMachine.apply(s, c);
    if (!r.ok) throw new Error(`${c.type}: ${r.refusal.code}`);
    return r.value.state;
  }, state);
}
const code = (s: TurnsState, c: TurnsCommand) => {
  const r = turnsMachine.apply(s, c);
  return r.ok ? "ok" : r.refusal.code;
};

const party = [
  { id: "elf", initiative: 45, agility: 40 },
  { id: "dwarf", initiative: 30, agility: 25 },
  { id: "orc", initiative: 30, agility: 35 },
  { id: "rat", initiative: 30, agility: 25 },
];

describe("seed 003 'Combat Summary': initiative order", () => {
  it("orders by Initiative, ties by Agility; exact ties are for the GM to arrange", () => {
    const s = start(party);
    expect(s.order).toEqual(["elf", "orc", "dwarf", "rat"]);
    expect(turnsMachine.view(s).rows.filter((r) => r.badges.some((b) => b.label.key.endsWith("Tied"))).map((r) => r.combatantId)).toEqual(["dwarf", "rat"]);
    const arranged = run(s, { type: "arrange", order: ["elf", "orc", "rat", "dwarf"] });
    expect(arranged.order).toEqual(["elf", "orc", "rat", "dwarf"]);
    expect(code(s, { type: "arrange", order: ["orc", "elf", "dwarf", "rat"] })).toBe("turns.notATie");
    // The arrangement holds in later rounds.
    expect(run(arranged, { type: "nextRound" }).order).toEqual(["elf", "orc", "rat", "dwarf"]);
  });

  it("gives each turn one Action and one Move, in order, and refuses acting out of turn", () => {
    const s = start(party);
    expect(code(s, { type: "act", combatantId: "orc", use: "action" })).toBe("turns.outOfTurn");
    const a = run(s, { type: "act", combatantId: "elf", use: "action" }, { type: "act", combatantId: "elf", use: "move" });
    expect(code(a, { type: "act", combatantId: "elf", use: "action" })).toBe("turns.actionGone");
    const b = run(a, { type: "endTurn", combatantId: "elf" });
    expect(turnsMachine.view(b).rows.find((r) => r.acting)?.combatantId).toBe("orc");
    const c = run(b, { type: "nextTurn" }, { type: "nextTurn" }, { type: "nextTurn" });
    expect(code(c, { type: "nextTurn" })).toBe("turns.roundOver");
    const d = run(c, { type: "nextRound" });
    expect([d.round, d.turn, d.combatants.every((x) => !x.actionUsed && !x.moveUsed)]).toEqual([2, 0, true]);
  });
});

describe("seed 003 'Surprised'", () => {
  it("a Surprised combatant can take no Action or Move; Surprised ends at the round's end or on the first attack", () => {
    const s = start([{ id: "guard", initiative: 50, agility: 30, surprised: true }, { id: "thief", initiative: 40, agility: 50 }]);
    expect(s.surpriseRound).toBe(true);
    expect(code(s, { type: "act", combatantId: "guard", use: "move" })).toBe("turns.surprised");
    const next = run(s, { type: "nextTurn" }, { type: "nextTurn" }, { type: "nextRound" });
    expect([next.combatants.find((c) => c.id === "guard")?.surprised, next.surpriseRound]).toEqual([false, false]);
    const attacked = run(s, { type: "attacked", combatantId: "guard" });
    expect(attacked.combatants.find((c) => c.id === "guard")?.surprised).toBe(false);
  });
});

describe("seed 003 'Surprise!' (issue 31): Surprised is the token's condition; the state caches it", () => {
  const s = start([{ id: "guard", initiative: 50, agility: 30, surprised: true }, { id: "thief", initiative: 40, agility: 50 }]);
  it("the GM cleared the guard's condition: he acts; the GM set the thief's: she cannot", () => {
    const now = { statuses: { guard: [], thief: ["surprised"] } };
    expect(turnsMachine.apply(s, { type: "act", combatantId: "guard", use: "move" }, now).ok).toBe(true);
    const thiefTurn = run(s, { type: "nextTurn" });
    const r = turnsMachine.apply(thiefTurn, { type: "act", combatantId: "thief", use: "move" }, now);
    expect(r.ok ? "ok" : r.refusal.code).toBe("turns.surprised");
  });
  it("the round's end ends the condition the GM set (its event says so), and the tracker shows what the token holds", () => {
    const now = { statuses: { guard: [], thief: ["surprised"] } };
    const r = turnsMachine.apply(s, { type: "nextRound" }, now);
    expect(r.ok && r.value.events.filter((e) => e.type === "surpriseEnded").map((e) => e.data.combatantId)).toEqual(["thief"]);
    const badges = (id: string) => turnsMachine.view(s, now).rows.find((row) => row.combatantId === id)!.badges.map((b) => b.label.key);
    expect([badges("guard").includes("BOUT.Time.Turns.Badge.Surprised"), badges("thief").includes("BOUT.Time.Turns.Badge.Surprised")]).toEqual([false, true]);
  });
  it("a fighter the conditions do not name has none; without conditions the state is as stored", () => {
    expect(surpriseNow(s, { statuses: {} }).combatants.map((c) => c.surprised)).toEqual([false, false]);
    expect(surpriseNow(s)).toBe(s);
    expect(surpriseNow(s, { statuses: { guard: ["prone"] } }).combatants.map((c) => c.surprised)).toEqual([false, false]);
  });
});

describe("seed 003 'Oops!': effects that wait for the next round", () => {
  it("21-40 acts last next round; 41-60 takes -10 on the next Action; 61-70 loses the next Move; 71-80 the next Action", () => {
    // Everyone has had their turn this round (the oops come at its end): the next Move and Action are next round's.
    const s = run(
      run(start(party), { type: "nextTurn" }, { type: "nextTurn" }, { type: "nextTurn" }, { type: "nextTurn" }),
      { type: "oops", combatantId: "elf", effect: "weaponJars" },
      { type: "oops", combatantId: "orc", effect: "loseMove" },
      { type: "oops", combatantId: "dwarf", effect: "loseAction" },
      { type: "oops", combatantId: "rat", effect: "outOfPosition" },
    );
    // This round is untouched.
    expect(s.combatants.every((c) => !c.effects.loseMove && !c.effects.loseAction)).toBe(true);
    const next = run(s, { type: "nextRound" });
    expect(next.order).toEqual(["orc", "dwarf", "rat", "elf"]);
    expect(code(next, { type: "act", combatantId: "orc", use: "move" })).toBe("turns.moveGone");
    const dwarfTurn = run(next, { type: "nextTurn" });
    expect(code(dwarfTurn, { type: "act", combatantId: "dwarf", use: "action" })).toBe("turns.actionGone");
    expect(next.combatants.find((c) => c.id === "rat")?.effects.actionPenalty).toBe(-10);
    // And the round after is back to normal.
    expect(run(next, { type: "nextRound" }).order[0]).toBe("elf");
  });

  it("'Oops!' 61-70 and 71-80: the next Move or Action may be this round's: the elf's Move after her attack, the orc's Action before his turn", () => {
    // The elf attacks (her Action) and fumbles a 65: her Move, still unspent, is the one she loses.
    const attacked = run(start(party), { type: "act", combatantId: "elf", use: "action" }, { type: "oops", combatantId: "elf", effect: "loseMove" });
    expect(code(attacked, { type: "act", combatantId: "elf", use: "move" })).toBe("turns.moveGone");
    // The orc fumbles a parry with 75 before his turn comes: this round's Action is gone.
    const parried = run(attacked, { type: "oops", combatantId: "orc", effect: "loseAction" });
    const orcTurn = run(parried, { type: "nextTurn" });
    expect(orcTurn.order[orcTurn.turn]).toBe("orc");
    expect(code(orcTurn, { type: "act", combatantId: "orc", use: "action" })).toBe("turns.actionGone");
    expect(code(orcTurn, { type: "act", combatantId: "orc", use: "move" })).toBe("ok");
    // Both paid this round: next round they have all of their turn, in the usual order.
    const next = run(orcTurn, { type: "nextRound" });
    expect(next.order).toEqual(["elf", "orc", "dwarf", "rat"]);
    expect(code(next, { type: "act", combatantId: "elf", use: "move" })).toBe("ok");
    // The elf's Action was her attack: a 75 on it costs next round's Action.
    const again = run(start(party), { type: "act", combatantId: "elf", use: "action" }, { type: "oops", combatantId: "elf", effect: "loseAction" });
    expect(again.combatants.find((c) => c.id === "elf")).toMatchObject({ effects: { loseAction: false }, pending: { loseAction: true } });
  });
});

describe("turns: joining, leaving, and refusals change nothing", () => {
  it("a newcomer slots in among those yet to act; a leaver's place closes up", () => {
    const s = run(start(party), { type: "nextTurn" });
    const joined = run(s, { type: "join", combatant: { id: "ogre", initiative: 60, agility: 10 } });
    expect(joined.order).toEqual(["elf", "ogre", "orc", "dwarf", "rat"]);
    const left = run(joined, { type: "leave", combatantId: "elf" });
    expect([left.order, left.turn]).toEqual([["ogre", "orc", "dwarf", "rat"], 0]);
  });

  it("random commands: a refusal leaves the state as it was; the order is always a permutation of the combatants", () => {
    const ids = ["a", "b", "c", "d"];
    const cmd = fc.oneof(
      fc.record({ type: fc.constant("act" as const), combatantId: fc.constantFrom(...ids, "zz"), use: fc.constantFrom("action" as const, "move" as const) }),
      fc.record({ type: fc.constant("endTurn" as const), combatantId: fc.constantFrom(...ids) }),
      fc.constant({ type: "nextTurn" as const }),
      fc.constant({ type: "nextRound" as const }),
      fc.record({ type: fc.constant("oops" as const), combatantId: fc.constantFrom(...ids), effect: fc.constantFrom("weaponJars" as const, "loseMove" as const, "loseAction" as const, "outOfPosition" as const) }),
      fc.record({ type: fc.constant("attacked" as const), combatantId: fc.constantFrom(...ids) }),
      fc.record({ type: fc.constant("arrange" as const), order: fc.shuffledSubarray(ids, { minLength: 4, maxLength: 4 }) }),
    );
    fc.assert(
      fc.property(fc.array(cmd, { maxLength: 40 }), fc.array(fc.integer({ min: 20, max: 40 }), { minLength: 8, maxLength: 8 }), (commands, figures) => {
        let s = start(ids.map((id, i) => ({ id, initiative: figures[i]!, agility: figures[i + 4]!, surprised: i === 0 })));
        for (const c of commands) {
          const before = JSON.stringify(s);
          const r = turnsMachine.apply(s, c as TurnsCommand);
          if (!r.ok) expect(JSON.stringify(s)).toBe(before);
          else s = r.value.state;
          expect([...s.order].sort()).toEqual(s.combatants.map((x) => x.id).sort());
          expect(s.turn).toBeGreaterThanOrEqual(0);
          expect(s.turn).toBeLessThanOrEqual(s.order.length);
          expect(JSON.parse(JSON.stringify(s))).toEqual(s);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("turns: the view and the conditions kept from state to state equal the ones worked out from scratch (issue 35)", () => {
  const ids = ["a", "b", "c", "d", "e"];
  const cmd = fc.oneof(
    fc.record({ type: fc.constant("act" as const), combatantId: fc.constantFrom(...ids), use: fc.constantFrom("action" as const, "move" as const) }),
    fc.record({ type: fc.constant("endTurn" as const), combatantId: fc.constantFrom(...ids) }),
    fc.constant({ type: "nextTurn" as const }),
    fc.constant({ type: "nextRound" as const }),
    fc.record({ type: fc.constant("oops" as const), combatantId: fc.constantFrom(...ids), effect: fc.constantFrom("weaponJars" as const, "loseMove" as const, "loseAction" as const, "outOfPosition" as const) }),
    fc.record({ type: fc.constant("attacked" as const), combatantId: fc.constantFrom(...ids) }),
    fc.record({ type: fc.constant("setSurprised" as const), combatantId: fc.constantFrom(...ids), surprised: fc.boolean() }),
    fc.record({ type: fc.constant("prepare" as const), combatantId: fc.constantFrom(...ids), skill: fc.constantFrom("melee", "dodge") }),
    fc.record({ type: fc.constant("pin" as const), combatantId: fc.constantFrom(...ids) }),
    fc.record({ type: fc.constant("leave" as const), combatantId: fc.constantFrom(...ids) }),
    fc.record({ type: fc.constant("join" as const), combatant: fc.record({ id: fc.constantFrom(...ids), initiative: fc.integer({ min: 1, max: 3 }), agility: fc.integer({ min: 1, max: 2 }) }) }),
  );
  // The fighters' conditions as the shell reads them: only those under some condition are named.
  const conditions = fc.dictionary(fc.constantFrom(...ids, "stranger"), fc.subarray(["surprised", "prone"]));
  /** surpriseNow as it was: every fighter looked at. */
  const everyFighter = (s: TurnsState, now: FightNow): TurnsState => {
    const has = (c: TurnCombatant) => (now.statuses[c.id] ?? []).includes("surprised");
    return s.combatants.every((c) => c.surprised === has(c)) ? s : { ...s, combatants: s.combatants.map((c) => ({ ...c, surprised: has(c) })) };
  };
  /** exactTies as it was: a text key per fighter. */
  const tiesByText = (list: readonly TurnCombatant[]) => {
    const groups = new Map<string, string[]>();
    for (const c of list) groups.set(`${c.initiative}/${c.agility}`, [...(groups.get(`${c.initiative}/${c.agility}`) ?? []), c.id]);
    return [...groups.values()].filter((g) => g.length > 1);
  };

  it("random fights, conditions and copies: the kept view is the view from scratch; surpriseNow and exactTies agree with a look at every fighter", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(cmd, conditions, fc.boolean()), { maxLength: 40 }), fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 8, maxLength: 8 }), (steps, figures) => {
        const kept = turnsView();
        const late = lateViews(([state, now]: [TurnsState, FightNow]) => turnsView()(state, now));
        let s = start(ids.slice(0, 4).map((id, i) => ({ id, initiative: figures[i]!, agility: figures[i + 4]! % 2, surprised: i === 0 })));
        for (const [c, statuses, copy] of steps) {
          const now = { statuses };
          const r = turnsMachine.apply(s, c as TurnsCommand, now);
          if (r.ok) s = copy ? structuredClone(r.value.state) : r.value.state;
          late.add([s, now], kept(s, now));
          expect(surpriseNow(s, now)).toEqual(everyFighter(s, now));
          expect(exactTies(s.combatants)).toEqual(tiesByText(s.combatants));
          expect(kept(s, now)).toEqual(turnsView()(s, now));
          expect(kept(s)).toEqual(turnsView()(s));
        }
        late.check();
      }),
      { numRuns: 300 },
    );
  });

  it("a kept view finds the ties again when a fighter's Initiative differs under the same id (a state read back, edited)", () => {
    const kept = turnsView();
    const s = start(party);
    kept(s);
    const edited: TurnsState = { ...s, combatants: s.combatants.map((c) => (c.id === "rat" ? { ...c, initiative: 31 } : c)) };
    expect(kept(edited)).toEqual(turnsView()(edited));
    expect(kept(edited).rows.filter((r) => r.badges.some((b) => b.label.key.endsWith("Tied")))).toEqual([]);
    // Two turns on at once (a state read back): the one between has gone without ever acting in a view.
    const later: TurnsState = { ...edited, turn: 2 };
    expect(kept(later)).toEqual(turnsView()(later));
  });
});

describe("turns: every label the tracker shows exists in lang/en.json", () => {
  it("covers steps, badges and group labels", async () => {
    const { readFileSync } = await import("node:fs");
    const lang = JSON.parse(readFileSync("lang/en.json", "utf8"));
    const has = (key: string) => typeof key.split(".").reduce<any>((o, k) => o?.[k], lang) === "string";
    let s = start([{ id: "a", initiative: 30, agility: 30, surprised: true }, { id: "b", initiative: 30, agility: 30 }]);
    s = run(s, { type: "oops", combatantId: "b", effect: "outOfPosition" }, { type: "nextRound" }, { type: "act", combatantId: s.order[0]!, use: "move" });
    const keys = new Set<string>();
    for (const state of [start([{ id: "a", initiative: 30, agility: 30, surprised: true }, { id: "b", initiative: 30, agility: 30 }]), s, run(s, { type: "nextTurn" }, { type: "nextTurn" })]) {
      const v = turnsMachine.view(state);
      keys.add(v.step.key);
      for (const g of v.groups) keys.add(g.label.key);
      for (const r of v.rows) for (const b of r.badges) keys.add(b.label.key);
    }
    expect([...keys].filter((k) => !has(k))).toEqual([]);
  });
});

describe("seed 003 'Prepare': +20 to a defensive skill until your next turn", () => {
  it("is the fighter's Action, in turn only, and lasts until its next turn starts", () => {
    let s = start(party);
    expect(code(s, { type: "prepare", combatantId: "orc", skill: "dodge" })).toBe("turns.outOfTurn");
    expect(code(s, { type: "prepare", combatantId: "elf", skill: "juggle" as never })).toBe("turns.badUse");
    s = run(s, { type: "prepare", combatantId: "elf", skill: "dodge" });
    const elf = () => s.combatants.find((c) => c.id === "elf")!;
    expect([elf().prepared, elf().actionUsed]).toEqual(["dodge", true]);
    expect(code(s, { type: "prepare", combatantId: "elf", skill: "melee" })).toBe("turns.actionGone");
    s = run(s, { type: "endTurn", combatantId: "elf" }, { type: "nextTurn" }, { type: "nextTurn" }, { type: "nextTurn" });
    expect(elf().prepared).toBe("dodge");
    // The elf acts first next round: its Prepare ends as that turn starts.
    s = run(s, { type: "nextRound" });
    expect(elf().prepared).toBeNull();
  });
});

describe("seed 003 'Move' (Charge): 'If you Charge, your Action must be a Melee Test to attack an opponent'", () => {
  const two = [
    { id: "a", initiative: 45, agility: 40 },
    { id: "b", initiative: 30, agility: 30 },
  ];
  it("after a Charge the Action is a melee attack only: another Action or Prepare is refused, a melee attack is taken", () => {
    const charged = run(start(two), { type: "act", combatantId: "a", use: "move", charge: true });
    expect(code(charged, { type: "act", combatantId: "a", use: "action" })).toBe("turns.chargeNeedsMelee");
    expect(code(charged, { type: "act", combatantId: "a", use: "action", melee: false })).toBe("turns.chargeNeedsMelee");
    expect(code(charged, { type: "prepare", combatantId: "a", skill: "dodge" })).toBe("turns.chargeNeedsMelee");
    expect(code(charged, { type: "act", combatantId: "a", use: "action", melee: true })).toBe("ok");
  });
  it("without a Charge any Action goes; the mark ends with the round", () => {
    expect(code(start(two), { type: "act", combatantId: "a", use: "action" })).toBe("ok");
    const next = run(start(two), { type: "act", combatantId: "a", use: "move", charge: true }, { type: "nextRound" });
    expect(code(next, { type: "act", combatantId: "a", use: "action" })).toBe("ok");
  });
});

// "Action", "Surprised", "Charge", "Oops!" 61-80 and "Prepare": whether the fighter may take its Action, or
// Prepare, now, as the order judges it (issue 32: the tracker and the styles ask this instead of their own test).
const two = [
  { id: "ada", initiative: 45, agility: 40 },
  { id: "bran", initiative: 30, agility: 25 },
];

describe("seed 003: the Action open now (actionOpen, prepareOpen)", () => {
  it("Ada in her turn may act and Prepare; Bran, out of turn, may do neither", () => {
    const s = start(two);
    expect([actionOpen(s, "ada"), prepareOpen(s, "ada")]).toEqual([true, true]);
    expect([actionOpen(s, "bran"), prepareOpen(s, "bran")]).toEqual([false, false]);
    expect(actionOpen(s, "nobody")).toBe(false);
  });

  it("'Charge': after Ada's Charge her Action is a melee attack, so Prepare is no longer open", () => {
    const s = run(start(two), { type: "act", combatantId: "ada", use: "move", charge: true });
    expect([actionOpen(s, "ada"), prepareOpen(s, "ada")]).toEqual([true, false]);
  });

  it("'Oops!' 71-80: her Action lost this round closes both; so does the Action spent", () => {
    const lost = run(start(two), { type: "oops", combatantId: "ada", effect: "loseAction" });
    expect([actionOpen(lost, "ada"), prepareOpen(lost, "ada")]).toEqual([false, false]);
    const spent = run(start(two), { type: "act", combatantId: "ada", use: "action" });
    expect([actionOpen(spent, "ada"), prepareOpen(spent, "ada")]).toEqual([false, false]);
  });

  it("'Surprised': a Surprised fighter may neither act nor Prepare, by the token's condition when it is given", () => {
    const s = start([{ ...two[0]!, surprised: true }, two[1]!]);
    expect([actionOpen(s, "ada"), prepareOpen(s, "ada")]).toEqual([false, false]);
    expect(actionOpen(s, "ada", { statuses: {} })).toBe(true);
  });
});
