// Issue 18, "core's turn state matches the fight" and "removed combatants", in
// every time structure: core's Combat#turn (turn events, markers, combat.combatant,
// the footer's End Turn) follows the fighter whose turn it is, or nobody holds it
// where the ruleset hands no turn to one fighter (steel's bouts); a player's own
// round/turn update does not move the fight; core's initiative rolls are not
// offered and write nothing; the world's clock moves a round's length per round
// (steel 2 s, pulse 5 s, else the world's setting); a deleted combatant leaves
// the fight's state in one write and the turn goes on to the right fighter.
import { describe, expect, it } from "vitest";
import { decisionWrites, scriptDraws, settle, tableOfThree } from "./support";
import { everyRow } from "./gm-round";

const RULESETS = ["steel", "phases", "actionpoints", "opposed", "pulse"] as const;
type RulesetName = (typeof RULESETS)[number];

/**
 * A started fight of three under a ruleset, brought to a moment where a fighter
 * holds the turn where the ruleset has one: Ada (Alice's), Bran (Bob's) and a
 * Wolf (the GM's).
 */
async function fight(ruleset: RulesetName) {
  const t = await tableOfThree(ruleset);
  // No surprise; players declare nothing special (a phased round's "none").
  t.gm.runtime.dialogs.responder = (kind: string, config: any) => (config.buttons?.some((b: any) => b.action === "none") ? "none" : everyRow({ action: "none" })(kind, config));
  for (const p of [t.alice, t.bob]) p.runtime.dialogs.responder = () => ({ action: "none" });
  const ada = await t.Actor.create({ name: "Ada", type: "character", ownership: t.own("Alice"), system: { opposed: { i: 50, ag: 40 }, actionpoints: { bap: 9 }, pulse: { ag: 20, pc: 15 } } });
  const bran = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob"), system: { opposed: { i: 40, ag: 30 }, actionpoints: { bap: 5 }, pulse: { ag: 12, pc: 12 } } });
  const wolf = await t.Actor.create({ name: "Wolf", type: "npc", system: { opposed: { i: 30, ag: 30 }, actionpoints: { bap: 1 }, pulse: { ag: 10, pc: 10 } } });
  const combat = await t.gm.CONFIG.Combat.documentClass.create({ active: true });
  const [ca, cb, cw] = await combat.createEmbeddedDocuments("Combatant", [
    { actorId: ada.id, name: "Ada" },
    { actorId: bran.id, name: "Bran" },
    { actorId: wolf.id, name: "Wolf" },
  ]);
  // Action Pools 1d10 + BAP: all 5s (Ada 14, Bran 10, Wolf 6).
  scriptDraws(t.gm, Array.from({ length: 12 }, () => [5, 10] as const));
  await combat.startCombat();
  await settle();
  if (ruleset === "phases") {
    // Everyone has declared: the next step rolls the Initiative Totals and the Movement phase begins.
    scriptDraws(t.gm, [[9, 10], [5, 10], [2, 10]]);
    await t.gm.ui.combat.runAction("boutNextStep", {});
    await settle();
  }
  if (ruleset === "pulse") {
    // The sides roll (party 9, foes 2); the party goes first.
    scriptDraws(t.gm, [[9, 10], [2, 10]]);
    await t.gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    await t.gm.ui.combat.runAction("boutFightAction", { actionId: "first:party" });
    await settle();
  }
  const on = (client: typeof t.gm) => client.game.combats.get(combat.id);
  const state = () => on(t.gm).machineState;
  const names: Record<string, string> = { [ca.id]: "Ada", [cb.id]: "Bran", [cw.id]: "Wolf" };
  /** Whose turn the fight says it is (the tracker's acting row not yet done), by name. */
  const holder = () => {
    const row = on(t.gm).trackerView().rows.find((r: { acting: boolean; done: boolean }) => r.acting && !r.done);
    return row ? names[row.combatantId] : null;
  };
  expect(t.gm.notices).toEqual([]);
  return { ...t, combat, on, state, holder, names, ids: { ada: ca.id as string, bran: cb.id as string, wolf: cw.id as string } };
}

const footerActions = async (client: { ui: Record<string, any> }) =>
  [...(((await client.ui.combat.render()).renderedParts.footer as string) ?? "").matchAll(/data-action="(\w+)"/g)].map((m) => m[1]);

/** The rulesets that hand the turn to one fighter at a time, with who holds it once the fight is under way, and who after Ada ends hers. */
const HOLDERS: Record<Exclude<RulesetName, "steel">, { first: string; afterAda: string }> = {
  phases: { first: "Ada", afterAda: "Bran" },
  actionpoints: { first: "Ada", afterAda: "Bran" },
  opposed: { first: "Ada", afterAda: "Bran" },
  pulse: { first: "Ada", afterAda: "Bran" },
};

describe("core's Combat#turn follows the fighter whose turn it is", () => {
  for (const [ruleset, expected] of Object.entries(HOLDERS)) {
    it(`${ruleset}: combat.combatant is the turn holder on every client; End Turn in core's footer is Alice's alone, and pressing it passes the turn on through the GM`, async () => {
      const f = await fight(ruleset as RulesetName);
      expect(f.holder()).toBe(expected.first);
      for (const client of [f.gm, f.alice, f.bob]) expect(f.on(client).combatant?.name).toBe(expected.first);
      expect(await footerActions(f.alice)).toContain("nextTurn");
      expect(await footerActions(f.bob)).not.toContain("nextTurn");
      const mark = f.world.server.writes.length;
      await f.alice.ui.combat.runAction("nextTurn");
      await settle();
      expect([f.holder(), f.on(f.bob).combatant?.name, f.alice.notices]).toEqual([expected.afterAda, expected.afterAda, []]);
      // One write, the GM's.
      expect(decisionWrites(f.world, mark).map((w: { userId: string; documentName: string }) => [w.userId === f.world.userId("GM"), w.documentName])).toEqual([[true, "Combat"]]);
    });
  }

  it("core's turn events follow the fight: the GM's client starts the holder's turn (Combat#_onStartTurn) as the turn passes", async () => {
    const f = await fight("opposed");
    const started: string[] = [];
    const combat = f.on(f.gm);
    const original = combat._onStartTurn.bind(combat);
    combat._onStartTurn = async (c: { name: string }, context: unknown) => {
      started.push(c.name);
      return original(c, context);
    };
    await f.gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    await f.gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    expect(started).toEqual(["Bran", "Wolf"]);
  });

  it("steel: bouts hand the turn to no single fighter, so core holds no turn and no player is offered End Turn", async () => {
    const f = await fight("steel");
    for (const client of [f.gm, f.alice, f.bob]) expect([f.on(client).turn, f.on(client).combatant ?? null]).toEqual([null, null]);
    expect(await footerActions(f.alice)).not.toContain("nextTurn");
    expect(await footerActions(f.bob)).not.toContain("nextTurn");
  });
});

describe("a player's own update of core's round and turn does not move the fight", () => {
  for (const ruleset of RULESETS) {
    it(`${ruleset}: the active GM puts round and turn back from the fight's state in one write; the fight's state is untouched`, async () => {
      const f = await fight(ruleset);
      const before = structuredClone(f.on(f.gm).machineState);
      const want = [f.on(f.gm).round, f.on(f.gm).turn];
      const mark = f.world.server.writes.length;
      await f.on(f.alice).update({ round: 9, turn: 2 });
      await settle();
      expect([f.on(f.gm).round, f.on(f.gm).turn, f.on(f.bob).round, f.on(f.bob).turn]).toEqual([...want, ...want]);
      expect(f.on(f.gm).machineState).toEqual(before);
      expect(f.world.writesSince(mark).map((w: { userId: string }) => w.userId)).toEqual([f.world.userId("Alice"), f.world.userId("GM")]);
    });
  }
});

describe("a player's own update cannot move the world's clock either", () => {
  it("opposed: world time her update's worldTime option moved is taken back in the GM's one write", async () => {
    const f = await fight("opposed");
    const t0 = f.gm.game.time.worldTime;
    const mark = f.world.server.writes.length;
    await f.on(f.alice).update({ round: 5 }, { worldTime: { delta: 3600 } });
    await settle();
    expect([f.on(f.gm).round, f.gm.game.time.worldTime - t0, f.bob.game.time.worldTime - t0]).toEqual([1, 0, 0]);
    expect(decisionWrites(f.world, mark).map((w: { userId: string }) => w.userId)).toEqual([f.world.userId("Alice"), f.world.userId("GM")]);
  });

  it("opposed: with round and turn left as they were, the GM takes the time back by itself", async () => {
    const f = await fight("opposed");
    const t0 = f.gm.game.time.worldTime;
    await f.on(f.alice).update({ turn: 0 }, { worldTime: { delta: 600 }, diff: false });
    // Her update did move it, on the server.
    expect(f.world.server.writes.some((w: { userId: string; action: string }) => w.userId === f.world.userId("Alice") && w.action === "setting")).toBe(true);
    await settle();
    expect([f.gm.game.time.worldTime - t0, f.alice.game.time.worldTime - t0]).toEqual([0, 0]);
  });
});

describe("the world's clock moves with each round, by the ruleset's length", () => {
  const SECONDS: Record<RulesetName, number> = { steel: 2, phases: 6, actionpoints: 6, opposed: 6, pulse: 5 };
  for (const ruleset of RULESETS) {
    it(`${ruleset}: the next round moves game.time.worldTime on ${SECONDS[ruleset]} s on every client (updateWorldTime heard), with the round's one Combat update`, async () => {
      const f = await fight(ruleset);
      const heard: number[] = [];
      f.alice.Hooks.on("updateWorldTime", (time: number, delta: number) => heard.push(delta));
      // Nobody answers the next round's declarations (a phased round asks again): this counts the round's own write.
      for (const client of [f.gm, f.alice, f.bob]) client.runtime.dialogs.responder = () => null;
      const t0 = f.gm.game.time.worldTime;
      const mark = f.world.server.writes.length;
      await f.on(f.gm).nextRound();
      await settle();
      expect([f.gm.game.time.worldTime - t0, f.alice.game.time.worldTime - t0, heard]).toEqual([SECONDS[ruleset], SECONDS[ruleset], [SECONDS[ruleset]]]);
      expect(decisionWrites(f.world, mark).map((w: { documentName: string }) => w.documentName)).toEqual(["Combat"]);
    });
  }

  it("the world's round length is the GM's to set for the rulesets whose seeds give none; steel's 2 s and a pulse's 5 s stay", async () => {
    for (const [ruleset, seconds] of [["opposed", 10], ["phases", 10], ["actionpoints", 10], ["steel", 2], ["pulse", 5]] as const) {
      const f = await fight(ruleset);
      await f.gm.game.settings.set("bout", "roundSeconds", 10);
      const t0 = f.gm.game.time.worldTime;
      await f.on(f.gm).nextRound();
      await settle();
      expect([ruleset, f.gm.game.time.worldTime - t0]).toEqual([ruleset, seconds]);
    }
  });

  it("pulse (seed 004 [12.1]): stepping through a whole pulse from the tracker moves the clock 5 s when the next pulse begins, not before", async () => {
    const f = await fight("pulse");
    const t0 = f.gm.game.time.worldTime;
    const times: number[] = [];
    for (let i = 0; i < 8 && f.state().pulse === 1; i++) {
      const holder = f.holder();
      const id = Object.entries(f.names).find(([, n]) => n === holder)?.[0];
      if (id) await f.gm.ui.combat.runAction("boutEndTurn", { combatantId: id });
      else await f.gm.ui.combat.runAction("boutNextStep", {});
      await settle();
      if (f.state().pulse === 1) times.push(f.gm.game.time.worldTime - t0);
    }
    expect(f.state().pulse).toBe(2);
    expect(times.every((t) => t === 0)).toBe(true);
    expect(f.gm.game.time.worldTime - t0).toBe(5);
  });

  it("steel: a bout's second exchange begins no round; its next round moves the clock 2 s (seed 000, Combat Rounds)", async () => {
    const f = await fight("steel");
    const t0 = f.gm.game.time.worldTime;
    const bout = f.state().bouts[0].id;
    // The throw, revealed: Ada red, the others white.
    f.alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    f.bob.runtime.dialogs.responder = () => ({ throw: "white", posture: "neutral" });
    f.gm.runtime.dialogs.responder = everyRow({ throw: "white", posture: "neutral" });
    await f.gm.ui.combat.runAction("boutGroupAction", { groupId: bout, actionId: "throw" });
    await settle();
    await f.gm.evaluate<any>("globalThis.__boutTest").revealDeclaration(f.on(f.gm));
    await settle();
    await f.gm.ui.combat.runAction("boutGroupAction", { groupId: bout, actionId: "next" });
    await settle();
    expect([f.state().bouts[0].exchange, f.gm.game.time.worldTime - t0]).toEqual([2, 0]);
    await f.gm.ui.combat.runAction("boutGroupAction", { groupId: bout, actionId: "next" });
    await settle();
    expect([f.state().bouts[0].round, f.gm.game.time.worldTime - t0]).toEqual([2, 2]);
  });
});

describe("core's initiative rolls on the system's fights", () => {
  for (const ruleset of RULESETS) {
    it(`${ruleset}: Roll All and Roll NPCs write nothing and say the fight rolls its own; Reroll and Clear Initiative are not in the row's menu`, async () => {
      const f = await fight(ruleset);
      const mark = f.world.server.writes.length;
      await f.gm.ui.combat.runAction("rollAll");
      await f.gm.ui.combat.runAction("rollNPC");
      await settle();
      expect(f.world.writesSince(mark)).toEqual([]);
      expect(f.gm.notices.map((n: { message: string }) => n.message)).toEqual(Array(2).fill(f.gm.game.i18n.localize("BOUT.Combat.InitiativeFromFight")));
      await expect(f.gm.ui.combat.runContextOption("COMBAT.CombatantReroll", f.ids.ada)).rejects.toThrow(/offers no/);
      await f.on(f.gm).combatants.get(f.ids.ada).update({ initiative: 12 });
      await expect(f.gm.ui.combat.runContextOption("COMBAT.CombatantClear", f.ids.ada)).rejects.toThrow(/offers no/);
    });
  }
});

describe("a deleted combatant leaves the fight", () => {
  /** Who holds the turn once the Wolf is gone, where the ruleset hands turns out. */
  for (const ruleset of RULESETS) {
    it(`${ruleset}: removed from the row's menu, it is named nowhere in the fight's state, in one write by the GM besides the deletion`, async () => {
      const f = await fight(ruleset);
      const mark = f.world.server.writes.length;
      await f.gm.ui.combat.runContextOption("COMBAT.CombatantRemove", f.ids.wolf);
      await settle();
      expect(JSON.stringify(f.on(f.gm).machineState)).not.toContain(f.ids.wolf);
      expect(f.on(f.alice).trackerView().rows.map((r: { combatantId: string }) => f.names[r.combatantId])).not.toContain("Wolf");
      expect(f.world.writesSince(mark).map((w: { action: string; documentName: string }) => `${w.action} ${w.documentName}`)).toEqual(["delete Combatant", "update Combat"]);
      expect(f.gm.notices).toEqual([]);
    });
  }

  for (const ruleset of ["phases", "actionpoints", "opposed", "pulse"] as const) {
    it(`${ruleset}: removing the fighter whose turn it is hands the turn to the right fighter (Bran), and core's turn follows`, async () => {
      const f = await fight(ruleset);
      expect(f.holder()).toBe("Ada");
      await f.gm.ui.combat.runContextOption("COMBAT.CombatantRemove", f.ids.ada);
      await settle();
      expect([f.holder(), f.on(f.bob).combatant?.name]).toEqual(["Bran", "Bran"]);
      // Bob ends Bran's turn from core's footer; the Wolf's turn follows, as the rules order it.
      await f.bob.ui.combat.runAction("nextTurn");
      await settle();
      expect([f.holder(), f.bob.notices]).toEqual(["Wolf", []]);
    });
  }

  it("steel: a fighter removed while a secret throw waits for it is no longer waited for: the others have all thrown, and the reveal counts no ghost", async () => {
    const f = await fight("steel");
    f.gm.runtime.dialogs.responder = () => null;
    f.alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    f.bob.runtime.dialogs.responder = () => ({ throw: "white", posture: "neutral" });
    await f.gm.ui.combat.runAction("boutGroupAction", { groupId: f.state().bouts[0].id, actionId: "throw" });
    await settle();
    expect([f.on(f.gm).system.declaration.combatantIds.length, f.on(f.gm).system.declaration.chosen.length]).toEqual([3, 2]);
    const mark = f.world.server.writes.length;
    await f.gm.ui.combat.runContextOption("COMBAT.CombatantRemove", f.ids.wolf);
    await settle();
    const d = f.on(f.gm).system.declaration;
    expect([[...d.combatantIds].sort(), [...d.chosen].sort()]).toEqual([[f.ids.ada, f.ids.bran].sort(), [f.ids.ada, f.ids.bran].sort()]);
    expect(f.world.writesSince(mark).map((w: { action: string; documentName: string }) => `${w.action} ${w.documentName}`)).toEqual(["delete Combatant", "update Combat"]);
    await f.gm.ui.combat.runAction("boutReveal", {});
    await settle();
    expect([f.on(f.gm).system.declaration.id, f.state().bouts[0].phase, f.state().bouts[0].initiative, JSON.stringify(f.on(f.gm).machineState).includes(f.ids.wolf)]).toEqual(["", "continuing", f.ids.ada, false]);
  });

  it("opposed: removing a fighter who has acted keeps the turn where it is (no fighter skipped)", async () => {
    const f = await fight("opposed");
    await f.alice.ui.combat.runAction("nextTurn");
    await settle();
    expect(f.holder()).toBe("Bran");
    await f.gm.ui.combat.runContextOption("COMBAT.CombatantRemove", f.ids.ada);
    await settle();
    expect([f.holder(), f.on(f.alice).combatant?.name]).toEqual(["Bran", "Bran"]);
    await f.bob.ui.combat.runAction("nextTurn");
    await settle();
    expect(f.holder()).toBe("Wolf");
  });
});
