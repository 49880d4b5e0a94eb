// The harness's combat turn machinery against Foundry v13's (client/documents/combat.mjs,
// combatant.mjs, the core CombatTracker, and the server's Combat and Setting documents,
// build 13.350). Worlds here load no system bundle: core's Combat, Combatant and tracker
// are what run, so each test pins what core does with any system's combats.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { REPO_ROOT, TestWorld } from "../harness/world";
import { settle } from "./support";

type Client = Awaited<ReturnType<TestWorld["connect"]>>;

/** A core world (no system code) with a GM and two players; `initiative` is system.json's formula. */
async function coreTable({ initiative, users = ["Alice", "Bob"] }: { initiative?: string; users?: string[] } = {}) {
  const world = new TestWorld({ latency: 0, systemRoot: REPO_ROOT, users: [{ name: "GM", role: ROLES.GAMEMASTER }, ...users.map((name) => ({ name, role: ROLES.PLAYER }))] });
  if (initiative !== undefined) world.server.systemJson.initiative = initiative;
  else delete world.server.systemJson.initiative;
  const gm = await world.connect("GM", { bundle: null });
  const players: Record<string, Client> = {};
  for (const name of users) players[name] = await world.connect(name, { bundle: null });
  const own = (user: string) => ({ default: 0, [world.userId(user)]: 3 });
  return { world, gm, alice: players.Alice!, bob: players.Bob!, own };
}

/**
 * A combat of Alice's hero, Bob's hero and the GM's goblin, with these initiatives
 * (by actor name); `started` starts it as the GM.
 */
async function fight(t: Awaited<ReturnType<typeof coreTable>>, initiatives: Record<string, number | null> = { Aria: 20, Bran: 10, Goblin: 15 }, { started = true } = {}) {
  const Actor = t.gm.CONFIG.Actor.documentClass;
  const aria = await Actor.create({ name: "Aria", type: "character", ownership: t.own("Alice") });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob") });
  const goblin = await Actor.create({ name: "Goblin", type: "npc" });
  const combat = await t.gm.CONFIG.Combat.documentClass.create({ active: true });
  await combat.createEmbeddedDocuments(
    "Combatant",
    [aria, bran, goblin].map((a) => ({ actorId: a.id, initiative: initiatives[a.name] ?? null })),
  );
  if (started) await combat.startCombat();
  await settle();
  const on = (client: Client) => client.game.combats.get(combat.id);
  const id = (name: string) => combat.combatants.find((c: { name: string }) => c.name === name).id as string;
  return { combat, on, id, aria, bran, goblin };
}

const names = (combat: { turns: { name: string }[] }) => combat.turns.map((c) => c.name);

describe("v13 Combat turns", () => {
  it("Combat#setupTurns orders combatants by initiative, highest first, those without last, ties by id", async () => {
    const t = await coreTable();
    const f = await fight(t, { Aria: 12, Bran: null, Goblin: 17 }, { started: false });
    expect(names(f.on(t.alice))).toEqual(["Goblin", "Aria", "Bran"]);
    await f.on(t.gm).combatants.get(f.id("Bran")).update({ initiative: 30 });
    await settle();
    expect(names(f.on(t.bob))).toEqual(["Bran", "Goblin", "Aria"]);
  });

  it("Combatant#prepareDerivedData names a combatant from its actor and Combat#combatant is turns[turn]", async () => {
    const t = await coreTable();
    const f = await fight(t);
    const combat = f.on(t.alice);
    expect([combat.round, combat.turn, combat.started]).toEqual([1, 0, true]);
    expect(combat.combatant.name).toBe("Aria");
    expect(combat.nextCombatant.name).toBe("Goblin");
    expect(combat.current).toEqual({ round: 1, turn: 0, combatantId: f.id("Aria"), tokenId: null });
  });

  it("Combat#startCombat calls combatStart with {round: 1, turn: 0} before the update, and advances no world time", async () => {
    const t = await coreTable();
    const f = await fight(t, undefined, { started: false });
    const seen: unknown[] = [];
    t.gm.Hooks.on("combatStart", (combat: { round: number }, data: unknown) => seen.push([combat.round, data]));
    await f.combat.startCombat();
    expect(seen).toEqual([[0, { round: 1, turn: 0 }]]);
    expect(t.alice.game.time.worldTime).toBe(0);
  });

  it("Combat#nextTurn calls combatTurn with {direction: 1, worldTime: {delta}} before the update, and the server advances the world time first", async () => {
    const t = await coreTable();
    const f = await fight(t);
    t.gm.CONFIG.time.turnTime = 2;
    const order: string[] = [];
    t.gm.Hooks.on("combatTurn", (_c: unknown, data: unknown, options: unknown) => order.push(`combatTurn ${JSON.stringify(data)} ${JSON.stringify(options)}`));
    t.alice.Hooks.on("updateWorldTime", (now: number, dt: number, _o: unknown, userId: string) => order.push(`time ${now} ${dt} ${userId === t.gm.userId}`));
    t.alice.Hooks.on("updateCombat", (c: { turn: number }) => order.push(`update ${c.turn} at ${t.alice.game.time.worldTime}`));
    await f.combat.nextTurn();
    await settle();
    expect(order).toEqual(['combatTurn {"round":1,"turn":1} {"direction":1,"worldTime":{"delta":2}}', "time 2 2 true", "update 1 at 2"]);
  });

  it("Combat#nextTurn on the last turn is Combat#nextRound: combatRound with the round time plus the turns left", async () => {
    const t = await coreTable();
    const f = await fight(t);
    t.gm.CONFIG.time.turnTime = 1;
    const seen: unknown[] = [];
    t.gm.Hooks.on("combatRound", (_c: unknown, data: unknown, options: unknown) => seen.push([data, options]));
    await f.combat.nextTurn();
    await f.combat.nextTurn();
    await f.combat.nextTurn();
    await settle();
    // From turn 2 of 3 into round 2: one turn left (1 s) and the round (6 s).
    expect(seen).toEqual([[{ round: 2, turn: 0 }, { direction: 1, worldTime: { delta: 7 } }]]);
    expect([f.on(t.bob).round, f.on(t.bob).turn, t.bob.game.time.worldTime]).toEqual([2, 0, 9]);
  });

  it("Combat#previousTurn and #previousRound go back with direction -1 and a negative world-time delta", async () => {
    const t = await coreTable();
    const f = await fight(t);
    await f.combat.nextRound();
    expect(t.gm.game.time.worldTime).toBe(6);
    const seen: unknown[] = [];
    t.gm.Hooks.on("combatRound", (_c: unknown, data: unknown, options: unknown) => seen.push([data, options]));
    await f.combat.previousTurn();
    await settle();
    expect(seen).toEqual([[{ round: 1, turn: 2 }, { direction: -1, worldTime: { delta: -6 } }]]);
    expect([f.on(t.alice).round, f.on(t.alice).turn, t.alice.game.time.worldTime]).toEqual([1, 2, 0]);
  });

  it("the core setting skipDefeated makes nextTurn pass over defeated combatants and nextRound start at the first undefeated", async () => {
    const t = await coreTable();
    const f = await fight(t);
    await t.gm.game.settings.set("core", "combatTrackerConfig", { ...t.gm.game.settings.get("core", "combatTrackerConfig"), skipDefeated: true });
    await f.combat.combatants.get(f.id("Goblin")).update({ defeated: true });
    await f.combat.nextTurn();
    expect(f.combat.combatant.name).toBe("Bran");
    await f.combat.combatants.get(f.id("Aria")).update({ defeated: true });
    await f.combat.nextTurn();
    expect([f.combat.round, f.combat.combatant.name]).toEqual([2, "Bran"]);
  });

  it("Combatant#isDefeated follows the defeated flag or the actor's defeated status", async () => {
    const t = await coreTable();
    const f = await fight(t);
    const goblin = f.on(t.alice).combatants.get(f.id("Goblin"));
    expect(goblin.isDefeated).toBe(false);
    await f.goblin.toggleStatusEffect("dead", { active: true });
    await settle();
    expect(goblin.isDefeated).toBe(true);
  });

  it("Combat#_manageTurnEvents runs the turn and round events on the active GM's client only, and combatTurnChange everywhere", async () => {
    const t = await coreTable();
    const f = await fight(t);
    const events: Record<string, string[]> = { gm: [], alice: [] };
    for (const [who, client] of [["gm", t.gm], ["alice", t.alice]] as const) {
      const proto = client.CONFIG.Combat.documentClass.prototype;
      proto._onEndTurn = async (c: { name: string }, ctx: { round: number; turn: number }) => void events[who]!.push(`end ${c.name} ${ctx.round}.${ctx.turn}`);
      proto._onStartTurn = async (c: { name: string }, ctx: { round: number; turn: number }) => void events[who]!.push(`start ${c.name} ${ctx.round}.${ctx.turn}`);
      proto._onEndRound = async (ctx: { round: number }) => void events[who]!.push(`end round ${ctx.round}`);
      proto._onStartRound = async (ctx: { round: number }) => void events[who]!.push(`start round ${ctx.round}`);
      client.Hooks.on("combatTurnChange", (_c: unknown, prev: { turn: number }, cur: { turn: number }) => events[who]!.push(`change ${prev.turn}->${cur.turn}`));
    }
    await f.combat.nextTurn();
    await settle();
    await f.combat.nextTurn();
    await f.combat.nextTurn();
    await settle();
    expect(events.gm).toEqual(["end Aria 1.0", "start Goblin 1.1", "change 0->1", "end Goblin 1.1", "start Bran 1.2", "change 1->2", "end Bran 1.2", "end round 1", "start round 2", "start Aria 2.0", "change 2->0"]);
    expect(events.alice).toEqual(["change 0->1", "change 1->2", "change 2->0"]);
  });

  it("an update with turnEvents: false changes the turn without turn events", async () => {
    const t = await coreTable();
    const f = await fight(t);
    const seen: string[] = [];
    t.gm.CONFIG.Combat.documentClass.prototype._onStartTurn = async (c: { name: string }) => void seen.push(c.name);
    await f.combat.update({ turn: 2 }, { turnEvents: false });
    await settle();
    expect([f.combat.combatant.name, seen]).toEqual(["Bran", []]);
  });

  it("Combatant._preCreateOperation keeps the current combatant's turn when a combatant joins ahead of it (combatTurn, no turn events)", async () => {
    const t = await coreTable();
    const f = await fight(t);
    await f.combat.nextTurn();
    expect(f.combat.combatant.name).toBe("Goblin");
    const Actor = t.gm.CONFIG.Actor.documentClass;
    const ogre = await Actor.create({ name: "Ogre", type: "npc" });
    await f.combat.createEmbeddedDocuments("Combatant", [{ actorId: ogre.id, initiative: 30 }]);
    await settle();
    for (const c of [t.gm, t.alice]) expect([names(f.on(c)), f.on(c).turn, f.on(c).combatant.name]).toEqual([["Ogre", "Aria", "Goblin", "Bran"], 2, "Goblin"]);
    expect(t.world.server.collections.get("combats")![0]!.turn).toBe(2);
  });

  it("Combat#rollInitiative keeps the acting combatant's turn when new initiatives reorder the turns", async () => {
    const t = await coreTable({ initiative: "1d20" });
    const f = await fight(t, { Aria: 12, Bran: null, Goblin: 17 });
    expect(f.combat.combatant.name).toBe("Goblin");
    t.gm.CONFIG.Dice.randomUniform = () => 0.99;
    await f.combat.rollInitiative([f.id("Bran")]);
    await settle();
    expect([names(f.on(t.alice)), f.on(t.alice).combatant.name]).toEqual([["Bran", "Goblin", "Aria"], "Goblin"]);
  });

  it("the server keeps one combat active: creating or activating one deactivates the others (server Combat._onCreateOperation, _preUpdateOperation)", async () => {
    const t = await coreTable();
    const Combat = t.gm.CONFIG.Combat.documentClass;
    const first = await Combat.create({ active: true });
    const second = await Combat.create({ active: true });
    const active = () => t.alice.game.combats.filter((c: { active: boolean }) => c.active).map((c: { id: string }) => c.id);
    expect(active()).toEqual([second.id]);
    await first.activate();
    expect(active()).toEqual([first.id]);
    expect(t.alice.game.combats.active.id).toBe(first.id);
  });

  it("a Combat update's worldTime: {delta} advances the world time for any user the update is allowed to, whatever the delta (server Combat._onUpdateOperation)", async () => {
    const t = await coreTable();
    const f = await fight(t);
    await f.on(t.bob).update({ turn: 1 }, { worldTime: { delta: 3600 } });
    await settle();
    expect([f.on(t.gm).turn, t.gm.game.time.worldTime]).toEqual([1, 3600]);
    await expect(t.bob.game.time.advance(60)).rejects.toThrow();
  });

  it("a Token update's worldTime: {delta} advances the world time too (server TokenDocument#_onUpdate)", async () => {
    const t = await coreTable();
    const scene = await t.gm.CONFIG.Scene.documentClass.create({ name: "Field" });
    const [token] = await scene.createEmbeddedDocuments("Token", [{ name: "Marker" }]);
    await t.alice.game.scenes.get(scene.id).tokens.get(token.id).update({ x: 100 }, { worldTime: { delta: 60 } });
    await settle();
    expect(t.bob.game.time.worldTime).toBe(60);
  });

  it("Combat#endCombat asks the GM to confirm, then deletes the combat", async () => {
    const t = await coreTable();
    const f = await fight(t);
    await t.gm.ui.combat.runAction("endCombat");
    expect(t.gm.runtime.dialogs.asked.map((a) => a.kind)).toEqual(["confirm"]);
    expect(t.alice.game.combats.get(f.combat.id)).toBeUndefined();
  });
});

describe("v13 initiative rolls and the core tracker's buttons", () => {
  it("Roll All rolls CONFIG.Combat.initiative.formula for every combatant without initiative: one Combatant write, then the chat messages", async () => {
    const t = await coreTable();
    const f = await fight(t, { Aria: null, Bran: 9, Goblin: null }, { started: false });
    t.gm.CONFIG.Combat.initiative.formula = "1d20 + 3";
    t.gm.CONFIG.Dice.randomUniform = () => 0.5;
    const mark = t.world.server.writes.length;
    await t.gm.ui.combat.runAction("rollAll");
    await settle();
    expect(f.on(t.alice).combatants.map((c: { name: string; initiative: number }) => [c.name, c.initiative])).toEqual([["Aria", 13], ["Bran", 9], ["Goblin", 13]]);
    expect(t.world.writesSince(mark).map((w) => `${w.action} ${w.documentName} ${w.count}`)).toEqual(["update Combatant 2", "create ChatMessage 2"]);
    expect(t.alice.game.messages.contents.map((m: { flags: Record<string, unknown> }) => m.flags["core.initiativeRoll"] ?? (m.flags.core as Record<string, unknown>)?.initiativeRoll)).toEqual([true, true]);
  });

  it("Combatant#_getInitiativeFormula falls back to system.json's initiative", async () => {
    const t = await coreTable({ initiative: "2d6" });
    const f = await fight(t, { Aria: null, Bran: null, Goblin: null }, { started: false });
    t.gm.CONFIG.Dice.randomUniform = () => 0.99;
    await f.combat.rollAll();
    expect(f.combat.combatants.map((c: { initiative: number }) => c.initiative)).toEqual([12, 12, 12]);
  });

  it("Roll All throws when neither CONFIG.Combat.initiative.formula nor system.json gives a formula, and writes nothing", async () => {
    const t = await coreTable();
    const f = await fight(t, { Aria: null, Bran: null, Goblin: null }, { started: false });
    const mark = t.world.server.writes.length;
    expect(f.combat.combatants.contents[0]._getInitiativeFormula()).toBe("undefined");
    await expect(t.gm.ui.combat.runAction("rollAll")).rejects.toThrow(/undefined/);
    expect(t.world.writesSince(mark)).toEqual([]);
  });

  it("Roll NPCs rolls only for combatants no player owns", async () => {
    const t = await coreTable({ initiative: "1d20" });
    const f = await fight(t, { Aria: null, Bran: null, Goblin: null }, { started: false });
    await t.gm.ui.combat.runAction("rollNPC");
    expect(f.combat.combatants.map((c: { name: string; initiative: number | null }) => [c.name, c.initiative === null])).toEqual([["Aria", true], ["Bran", true], ["Goblin", false]]);
  });

  it("a player's Roll All rolls only the combatants she owns", async () => {
    const t = await coreTable({ initiative: "1d20" });
    const f = await fight(t, { Aria: null, Bran: null, Goblin: null }, { started: false });
    await f.on(t.alice).rollAll();
    await settle();
    expect(f.combat.combatants.map((c: { name: string; initiative: number | null }) => [c.name, c.initiative === null])).toEqual([["Aria", false], ["Bran", true], ["Goblin", true]]);
  });

  it("the row's roll button (rollInitiative) rolls that combatant; Reroll in the row's menu is offered to a GM only", async () => {
    const t = await coreTable({ initiative: "1d20" });
    const f = await fight(t, { Aria: 5, Bran: null, Goblin: null }, { started: false });
    await t.bob.ui.combat.runAction("rollInitiative", {}, { row: { combatantId: f.id("Bran") } });
    await settle();
    expect(f.combat.combatants.get(f.id("Bran")).initiative).not.toBeNull();
    await expect(t.alice.ui.combat.runContextOption("COMBAT.CombatantReroll", f.id("Aria"))).rejects.toThrow(/offers no/);
    t.gm.CONFIG.Dice.randomUniform = () => 0.99;
    await t.gm.ui.combat.runContextOption("COMBAT.CombatantReroll", f.id("Aria"));
    expect(f.combat.combatants.get(f.id("Aria")).initiative).toBe(20);
  });

  it("Combat#resetAll (Reset Initiative) clears every initiative in one Combat write without turn events, keeping the current combatant", async () => {
    const t = await coreTable();
    const f = await fight(t);
    await f.combat.nextTurn();
    const seen: string[] = [];
    t.gm.CONFIG.Combat.documentClass.prototype._onStartTurn = async (c: { name: string }) => void seen.push(c.name);
    const mark = t.world.server.writes.length;
    await t.gm.ui.combat.runContextOption("COMBAT.InitiativeReset");
    await settle();
    expect(t.world.writesSince(mark).map((w) => `${w.action} ${w.documentName}`)).toEqual(["update Combat"]);
    const combat = f.on(t.alice);
    expect(combat.combatants.map((c: { initiative: number | null }) => c.initiative)).toEqual([null, null, null]);
    expect([combat.combatant.name, seen]).toEqual(["Goblin", []]);
  });

  it("the footer offers a GM every control, and a player Previous Turn and End Turn only when the current combatant is hers", async () => {
    const t = await coreTable();
    const f = await fight(t);
    const footer = async (c: Client) => ((await c.ui.combat.render()).renderedParts.footer as string).match(/data-action="(\w+)"/g)?.map((m) => m.slice(13, -1)) ?? [];
    expect(await footer(t.gm)).toEqual(["previousRound", "previousTurn", "endCombat", "nextTurn", "nextRound"]);
    expect(await footer(t.alice)).toEqual(["previousTurn", "nextTurn"]);
    expect(await footer(t.bob)).toEqual([]);
    await f.on(t.alice).nextTurn();
    await settle();
    expect([await footer(t.alice), await footer(t.bob)]).toEqual([[], []]);
  });

  it("any player may advance the turn with Combat#nextTurn, past others' turns too, and the world time moves in her name", async () => {
    const t = await coreTable();
    const f = await fight(t);
    await t.gm.game.time.advance(100);
    const heard: unknown[] = [];
    t.bob.Hooks.on("updateWorldTime", (now: number, dt: number, _o: unknown, userId: string) => heard.push([now, dt, userId === t.alice.userId]));
    await t.alice.ui.combat.runAction("nextTurn");
    await f.on(t.alice).nextTurn();
    await f.on(t.alice).nextTurn();
    await settle();
    // Turns take no time by default (CONFIG.time.turnTime 0): only the new round's 6 seconds are heard.
    expect([f.combat.round, f.combat.combatant.name, heard]).toEqual([2, "Aria", [[106, 6, true]]]);
  });

  it("the rows list combat.turns, hiding hidden combatants from players who do not own them", async () => {
    const t = await coreTable();
    const f = await fight(t);
    await f.combat.combatants.get(f.id("Goblin")).update({ hidden: true });
    await settle();
    const rows = async (c: Client) => [...((await c.ui.combat.render()).renderedParts.tracker as string).matchAll(/data-combatant-id="(\w+)"/g)].map((m) => f.combat.combatants.get(m[1]).name);
    expect(await rows(t.gm)).toEqual(["Aria", "Goblin", "Bran"]);
    expect(await rows(t.alice)).toEqual(["Aria", "Bran"]);
  });
});
