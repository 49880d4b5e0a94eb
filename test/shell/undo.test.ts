// Issue 20 (the tracker): "An undo of the last step for the GM". Each time
// structure takes a step, the GM undoes it, and the effect is followed to where
// it shows: the tracker's words and rows, core's round, turn and current
// fighter, the world's clock, and the next step going on from the restored
// state. Which steps are kept and what undo restores is the engine's
// (src/engine/time/undo.ts); round lengths are seed 000 "Combat Rounds" (2 s),
// seed 004 [12.1] (5 s) and the world's setting (6 s) elsewhere.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeState } from "../../src/data/combat/stored-state";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { decisionWrites, scriptDraws, settle, noSurprise } from "./support";

/** A fight of four (Ada Alice's, Bran Bob's, two of the GM's), optionally in one group, started as the GM; `gms` GMs at the table. */
async function fight(ruleset: string, { grouped = false, gms = 1 } = {}) {
  dist();
  const users = [...Array.from({ length: gms }, (_, i) => ({ name: i ? `GM${i + 1}` : "GM", role: ROLES.GAMEMASTER })), { name: "Alice", role: ROLES.PLAYER }, { name: "Bob", role: ROLES.PLAYER }];
  const world = new TestWorld({ users });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", ruleset);
  const gm2 = gms > 1 ? await world.connect("GM2") : null;
  const alice = await world.connect("Alice");
  const bob = await world.connect("Bob");
  await settle();
  const Actor = gm.CONFIG.Actor.documentClass;
  const own = (user: string) => ({ default: 0, [world.userId(user)]: 3 });
  const actors = [
    await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { steel: { agility: 6, wit: 5, proficiency: 6 }, opposed: { i: 40, ag: 35 }, actionpoints: { bap: 4 } } }),
    await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { steel: { agility: 5, wit: 5, proficiency: 5 }, opposed: { i: 30, ag: 35 }, actionpoints: { bap: 3 } } }),
    ...(grouped ? [] : [await Actor.create({ name: "Guard", type: "npc", system: { opposed: { i: 20, ag: 30 }, actionpoints: { bap: 2 } } }), await Actor.create({ name: "Wolf", type: "npc", system: { opposed: { i: 10, ag: 30 }, actionpoints: { bap: 1 } } })]),
  ];
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const [group] = grouped ? await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Deck" }]) : [null];
  const combatants = await combat.createEmbeddedDocuments("Combatant", actors.map((a: any) => ({ actorId: a.id, name: a.name, ...(group ? { group: group.id } : {}) })));
  gm.runtime.dialogs.responder = noSurprise;
  await combat.startCombat();
  await settle();
  const ids = Object.fromEntries(combatants.map((c: any) => [c.name, c.id as string])) as Record<string, string>;
  const on = (client: any) => client.game.combats.get(combat.id);
  return { world, gm, gm2, alice, bob, combat, on, ids, groupId: (group?.id ?? "") as string };
}
type Fight = Awaited<ReturnType<typeof fight>>;

const parts = async (client: any) => {
  await client.ui.combat.render({ force: true });
  return client.ui.combat.renderedParts as Record<string, string>;
};
const title = (header: string) => /class="encounter-title">([^<]*)</.exec(header)?.[1] ?? "";

/** Everything a client shows of the fight: header title, tracker part, core's round, turn and current fighter, the world's clock. */
async function seen(f: Fight, client: any) {
  const p = await parts(client);
  const c = f.on(client);
  return { title: title(p.header!), tracker: p.tracker!, round: c.round, turn: c.turn, combatant: c.combatant?.name ?? null, time: client.game.time.worldTime, state: structuredClone(c.machineState) };
}

/** The GM presses Undo last step; the writes it made (world time counted with its Combat update). */
async function undo(f: Fight, client: any = f.gm) {
  const mark = f.world.server.writes.length;
  await client.ui.combat.runAction("boutUndo");
  await settle();
  return decisionWrites(f.world, mark).map((w: any) => `${w.action} ${w.documentName}`);
}

/**
 * Take the step, undo it (one Combat write), check every client shows what it
 * showed before; take it again and check it shows what the step showed the
 * first time. Returns what the step showed.
 */
async function stepUndoStep(f: Fight, takeStep: () => Promise<unknown>) {
  const before = { gm: await seen(f, f.gm), alice: await seen(f, f.alice) };
  await takeStep();
  await settle();
  const after = { gm: await seen(f, f.gm), alice: await seen(f, f.alice) };
  expect(after.gm.state).not.toEqual(before.gm.state);
  expect((await parts(f.gm)).footer).toMatch(/data-action="boutUndo"[^>]*aria-label="Undo last step"(?![^>]*disabled)/);
  const notices = f.gm.notices.length;
  expect(await undo(f)).toEqual(["update Combat"]);
  expect(f.gm.notices.slice(notices).map((n: any) => n.message)).toEqual([]);
  expect({ gm: await seen(f, f.gm), alice: await seen(f, f.alice) }).toEqual(before);
  await takeStep();
  await settle();
  const again = { gm: await seen(f, f.gm), alice: await seen(f, f.alice) };
  expect(again.gm.state).toEqual(after.gm.state);
  expect(again).toEqual(after);
  return after.gm;
}

describe("undo the last step, in each time structure", () => {
  it("steel (seed 000 'Exchange of Blows'): the bout's next exchange, then its next round (2 s of world time) taken back; the bout goes on from there", async () => {
    const f = await fight("steel", { grouped: true });
    f.alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    f.bob.runtime.dialogs.responder = () => ({ throw: "white", posture: "neutral" });
    await f.gm.ui.combat.runAction("boutGroupAction", { groupId: f.groupId, actionId: "throw" });
    await settle();
    expect((await parts(f.gm)).tracker).toContain("Initiative: Ada");
    const exchange = await stepUndoStep(f, () => f.gm.ui.combat.runAction("boutGroupAction", { groupId: f.groupId, actionId: "next" }));
    expect(exchange.tracker).toContain("Exchange 2 of 2");
    const round = await stepUndoStep(f, () => f.gm.ui.combat.runAction("nextRound"));
    expect([round.time, round.title]).toEqual([2, "Exchange 1 of round 2"]);
  });

  it("phases (seed 001 'Combat Sequence'): the Initiative Totals step and the next round (the world's 6 s) taken back; the Movement declaration the round opened is closed again", async () => {
    const f = await fight("phases");
    await f.gm.ui.combat.runAction("boutReveal");
    await settle();
    expect(title((await parts(f.gm)).header!)).toBe("Round 1 · Initiative");
    scriptDraws(f.gm, [[3, 6], [4, 6], [5, 6], [6, 6], [1, 6], [2, 6], [3, 6], [4, 6]]);
    const totals = await stepUndoStep(f, async () => {
      scriptDraws(f.gm, [[3, 6], [4, 6], [5, 6], [6, 6], [1, 6], [2, 6], [3, 6], [4, 6]]);
      await f.combat.nextTurn();
    });
    expect(totals.title).toMatch(/^Round 1 · Phase: /);
    expect(f.combat.system.declaration.id).toBe("");
    const round = await stepUndoStep(f, () => f.combat.nextRound());
    expect([round.title, round.time]).toEqual(["Round 2 · Declarations", 6]);
    // The new round's declaration is open after the step; undo closed it, the step again opened it.
    expect(f.combat.system.declaration.id).not.toBe("");
    await undo(f);
    expect([f.combat.system.declaration.id, f.gm.game.time.worldTime]).toEqual(["", 0]);
  });

  it("actionpoints (seed 002 II): the next action phase and the next round (new Action Pools, the world's 6 s) taken back", async () => {
    const f = await fight("actionpoints");
    const phase = await stepUndoStep(f, () => f.gm.ui.combat.runAction("nextTurn"));
    expect(phase.title).toBe("Round 1 · Action phase 2");
    // The new round rolls its Action Pools: the same dice both times.
    const round = await stepUndoStep(f, () => {
      scriptDraws(f.gm, Array.from({ length: 40 }, (_, i) => [1 + (i % 6), 6] as const));
      return f.gm.ui.combat.runAction("nextRound");
    });
    expect([round.title, round.round, round.time]).toEqual(["Round 2 · Action phase 1", 2, 6]);
  });

  it("opposed (seed 003 'Round and surprise'): the next turn (core's turn and current fighter go back to Ada) and the next round taken back", async () => {
    const f = await fight("opposed");
    expect([f.on(f.alice).turn, f.on(f.alice).combatant?.name]).toEqual([0, "Ada"]);
    const turn = await stepUndoStep(f, () => f.gm.ui.combat.runAction("nextTurn"));
    expect([turn.turn, turn.combatant, /class="tracker-step-label">([^<]*)</.exec(turn.tracker)?.[1]]).toEqual([1, "Bran", "Turn 2 of 4"]);
    // A player's End Turn is a step too: the GM can take it back.
    await f.alice.ui.combat.runAction("nextTurn");
    await settle();
    expect(f.on(f.gm).combatant?.name).toBe("Bran");
    expect(await undo(f)).toEqual(["update Combat"]);
    expect([f.on(f.alice).turn, f.on(f.alice).combatant?.name]).toEqual([0, "Ada"]);
    // Undo heard as v13's Combat#previousRound is: combatRound with direction -1 and the world time going back.
    const heard: unknown[] = [];
    f.gm.Hooks.on("combatRound", (_c: unknown, data: unknown, options: unknown) => void heard.push([data, options]));
    const round = await stepUndoStep(f, () => f.gm.ui.combat.runAction("nextRound"));
    expect([round.round, round.time]).toEqual([2, 6]);
    expect(heard).toEqual([
      [{ round: 2, turn: 0 }, { direction: 1, worldTime: { delta: 6 } }],
      [{ round: 1, turn: 0 }, { direction: -1, worldTime: { delta: -6 } }],
      [{ round: 2, turn: 0 }, { direction: 1, worldTime: { delta: 6 } }],
    ]);
  });

  it("pulse (seed 004 [12]): the side initiative step and the next pulse (5 s) taken back; never called a round", async () => {
    const f = await fight("pulse");
    const draws = [[7, 10], [3, 10], [2, 10], [8, 10]] as const;
    const initiative = await stepUndoStep(f, async () => {
      scriptDraws(f.gm, draws);
      await f.combat.nextTurn();
    });
    expect(initiative.title).toBe("Pulse 1");
    const pulse = await stepUndoStep(f, () => f.combat.nextRound());
    expect([pulse.title, pulse.time]).toEqual(["Pulse 2", 5]);
    expect(Object.values(await parts(f.gm)).join("\n")).not.toMatch(/\bround\b/i);
  });

  it("keeps five steps: six next turns, five undone one by one, the sixth refused with a notice", async () => {
    const f = await fight("actionpoints");
    const states = [structuredClone(f.combat.machineState)];
    for (let i = 0; i < 6; i++) {
      await f.combat.nextTurn();
      await settle();
      states.push(structuredClone(f.combat.machineState));
    }
    for (let i = 5; i >= 1; i--) {
      expect(await undo(f)).toEqual(["update Combat"]);
      expect(f.combat.machineState).toEqual(states[i]);
    }
    expect(await undo(f)).toEqual([]);
    expect(f.gm.notices.map((n: any) => n.message)).toEqual(["There is no step to undo."]);
  });
});

// Issue 35: the state is kept compactly (entries by generation, long arrays in chunks) and each step's way back is
// worked out from the parts it changed (columns, places in the fighters' list). Whatever runs of steps the GM takes,
// each undo puts back exactly the state before the step it takes back: in the database, on the GM's client and on a
// player's.
describe("undo after random runs of steps (issue 35)", () => {
  /** A started fight of `n` fighters (enough for a new round to change them in columns and keep its order in chunks), Alice connected. */
  async function crowd(ruleset: string, n: number) {
    dist();
    const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
    const gm = await world.connect("GM");
    await gm.game.settings.set("bout", "ruleset", ruleset);
    const alice = await world.connect("Alice");
    gm.runtime.dialogs.responder = (_kind: string, config: any) => (config.buttons?.some((b: any) => b.action === "none") ? "none" : null);
    const actors = await gm.CONFIG.Actor.documentClass.createDocuments(Array.from({ length: n }, (_, i) => ({ name: `Fighter ${i + 1}`, type: i % 2 ? "npc" : "character", system: { opposed: { i: 20 + i }, actionpoints: { bap: 1 + (i % 4) } } })));
    const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
    await combat.createEmbeddedDocuments("Combatant", actors.map((a: any) => ({ actorId: a.id, name: a.name })));
    await combat.startCombat();
    await settle();
    return { world, gm, alice, combat, on: (client: any) => client.game.combats.get(combat.id) };
  }
  it("phases, 20 fighters: a new round's undo puts back every declaration, stress die and Initiative Total (kept as columns) and the phase's order of turns (kept by places); the tracker shows the phase again", async () => {
    const f = await crowd("phases", 20);
    await f.gm.ui.combat.runAction("boutReveal");
    await settle();
    await f.combat.nextTurn();
    await settle();
    const before = structuredClone(f.combat.machineState);
    const tracker = (await parts(f.alice)).tracker;
    expect(before.order).toHaveLength(20);
    await f.combat.nextRound();
    await settle();
    const entry = f.combat.undoHistory.at(-1)!;
    expect(JSON.stringify(entry.back)).toMatch(/"combatants":\["\|".*"order":\["@","combatants","[A-Za-z0-9_-]{40}"\]/);
    const mark = f.world.server.writes.length;
    await f.gm.ui.combat.runAction("boutUndo");
    await settle();
    expect(decisionWrites(f.world, mark).map((w: any) => `${w.action} ${w.documentName}`)).toEqual(["update Combat"]);
    expect(f.combat.machineState).toEqual(before);
    expect(f.on(f.alice).machineState).toEqual(before);
    expect((await parts(f.alice)).tracker).toBe(tracker);
  });

  const ACTIONS = ["step", "step", "round", "undo", "undo", "reveal"] as const;
  for (const ruleset of ["steel", "phases", "actionpoints", "opposed", "pulse"]) {
    it(`${ruleset}: every undo restores the stored state the step it takes back started from (20 fighters, Alice watching)`, async () => {
      const f = await crowd(ruleset, 20);
      const stored = () => decodeState(f.world.server.collections.get("combats")!.find((c: any) => c._id === f.combat.id)!.system.state);
      const snapshot = () => structuredClone(f.combat.machineState);
      // The states before each step the history can still take back, the latest last (the fight goes on from run to run).
      const taken: unknown[] = [];
      await fc.assert(
        fc.asyncProperty(fc.array(fc.constantFrom(...ACTIONS), { minLength: 1, maxLength: 10 }), async (actions) => {
          for (const action of actions) {
            const before = snapshot();
            if (action === "undo") {
              await f.gm.ui.combat.runAction("boutUndo");
              await settle();
              const expected = taken.pop() ?? before;
              expect(f.combat.machineState).toEqual(expected);
              expect(stored()).toEqual(expected);
              expect(f.on(f.alice).machineState).toEqual(expected);
              continue;
            }
            if (action === "reveal") await f.gm.ui.combat.runAction(ruleset === "phases" ? "boutReveal" : "nextTurn");
            else if (action === "round") await f.combat.nextRound();
            else await f.combat.nextTurn();
            await settle();
            if (JSON.stringify(f.combat.machineState) !== JSON.stringify(before)) taken.push(before);
            // The history keeps the latest steps only.
            taken.splice(0, Math.max(0, taken.length - f.combat.undoHistory.length));
            expect(stored()).toEqual(f.combat.machineState);
          }
        }),
        { numRuns: 10, endOnFailure: true },
      );
    });
  }
});

describe("undo: who may, and what it leaves alone", () => {
  it("with nothing to undo (just begun, or undone already) the GM gets a clear notice and nothing is written; the button is disabled", async () => {
    const f = await fight("opposed");
    expect((await parts(f.gm)).footer).toMatch(/data-action="boutUndo"[^>]*disabled/);
    expect(await undo(f)).toEqual([]);
    await f.combat.nextTurn();
    await settle();
    expect(await undo(f)).toEqual(["update Combat"]);
    expect(await undo(f)).toEqual([]);
    expect(f.gm.notices.map((n: any) => n.message)).toEqual(["There is no step to undo.", "There is no step to undo."]);
  });

  it("a player sees no Undo and cannot undo: not through the combat's API, not by sending the GM's request herself with her own pass, not by writing the Combat's state or history; nothing is written", async () => {
    const f = await fight("opposed");
    await f.combat.nextTurn();
    await settle();
    const before = structuredClone(f.combat.system.state);
    const history = structuredClone(f.combat.system.history);
    expect((await parts(f.alice)).footer).not.toContain("boutUndo");
    const mark = f.world.server.writes.length;
    const outcome = await f.on(f.alice).undoLastStep();
    expect(outcome.ok ? "ok" : outcome.refusal.code).toBe("combat.gmOnly");
    expect(f.alice.notices.map((n: any) => n.message)).toEqual(["Only the GM can do that."]);
    // Her own pass, as her client sends it with every request.
    await f.alice.ui.combat.runAction("nextTurn").catch(() => undefined);
    await settle();
    const aliceId = f.world.userId("Alice");
    const credential = f.world.server.traffic.map((t: any) => t.payload?.data?.credential).find((c: any) => c?.userId === aliceId);
    expect(credential).toBeTruthy();
    const after = f.world.server.writes.length;
    const answer = await f.alice.game.users.activeGM.query("bout.combatUndo", { combatId: f.combat.id, credential }, { timeout: 500 });
    expect(answer.ok ? "ok" : answer.refusal.code).toBe("combat.gmOnly");
    // Straight at the document: v13's BaseCombat lets a player change round and turn only.
    await f.on(f.alice).update({ "system.history": { "-=1": null }, "system.state": { ...before, round: 9 } }).catch(() => undefined);
    await settle();
    expect(f.combat.system.history).toEqual(history);
    expect(f.combat.system.state).toEqual(before);
    expect(f.world.writesSince(after)).toEqual([]);
    // Her End Turn (Ada is not acting: Bran is) wrote nothing either.
    expect(f.world.writesSince(mark)).toEqual([]);
  });

  it("two GMs pressing Undo at once take back one step: one write", async () => {
    const f = await fight("opposed", { gms: 2 });
    await f.combat.nextTurn();
    await settle();
    await f.combat.nextTurn();
    await settle();
    const twoSteps = f.combat.machineState.turn;
    expect(twoSteps).toBe(2);
    f.world.server.latency = 5;
    const mark = f.world.server.writes.length;
    const outcomes = await Promise.all([f.on(f.gm).undoLastStep(), f.on(f.gm2!).undoLastStep()]);
    await f.world.settled();
    expect(decisionWrites(f.world, mark).map((w: any) => `${w.action} ${w.documentName}`)).toEqual(["update Combat"]);
    expect(outcomes.map((o: any) => o.ok).sort()).toEqual([false, true]);
    expect(f.combat.machineState.turn).toBe(1);
    expect([...f.gm.notices, ...f.gm2!.notices].map((n: any) => n.message)).toEqual(["The fight moved on before your undo arrived (another GM undid or took a step): nothing was changed."]);
  });

  it("undo takes back the fight's state only: a fighter's wounds written meanwhile and the chat stay", async () => {
    const f = await fight("opposed");
    await f.combat.nextTurn();
    await settle();
    const ada = f.gm.game.actors.getName("Ada");
    await ada.update({ name: "Ada the Hurt" });
    await f.gm.CONFIG.ChatMessage.documentClass.create({ content: "a card" });
    await settle();
    expect(await undo(f)).toEqual(["update Combat"]);
    expect([f.gm.game.actors.get(ada.id).name, f.gm.game.messages.contents.map((m: any) => m.content)]).toEqual(["Ada the Hurt", ["a card"]]);
  });

  it("a fighter moved into another bout clears the history (the move changes the combatant too): nothing to undo", async () => {
    const f = await fight("steel", { grouped: true });
    await f.gm.ui.combat.runContextOption("BOUT.Tracker.Action.FootingGained", f.ids.Bran);
    await settle();
    expect(f.combat.canUndo).toBe(true);
    await f.gm.ui.combat.moveCombatant(f.ids.Bran, null);
    await settle();
    expect(f.combat.canUndo).toBe(false);
    expect(await undo(f)).toEqual([]);
  });
});
