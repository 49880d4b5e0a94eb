// Issue 30, "Holes a hostile player still finds": each test is an attack a
// player's client can make (or a file a GM is handed) that got through on the
// code before, and is refused, shown for what it is, or read without freezing
// the GM's client now.
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { type ConnectedClient, TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { settle, tableOfThree } from "./support";
import { adaAttacks } from "./two-gms";

const hooks = (client: ConnectedClient) => client.evaluate<any>("globalThis.__boutTest");

describe("look-alike cards (issue 30)", () => {
  /** A message as a client's chat log draws it (v13's message element: sender, content), then that client's renderChatMessageHTML hooks. */
  function shownTo(client: ConnectedClient, id: string): HTMLElement {
    const message = client.game.messages.get(id);
    const window = new Window();
    const li = window.document.createElement("li");
    li.innerHTML = `<header class="message-header"><h4 class="message-sender"></h4></header><div class="message-content"></div>`;
    li.querySelector(".message-sender")!.textContent = message.alias;
    li.querySelector(".message-content")!.innerHTML = message.content;
    client.Hooks.callAll("renderChatMessageHTML", message, li, {});
    expect(client.Hooks.errors).toEqual([]);
    return li as unknown as HTMLElement;
  }

  it("Alice's copy of a GM card, spoken as 'Gamemaster', is shown to Bob as her plain message: her name, no card markup, no buttons; the GM's card is untouched", async () => {
    const t = await tableOfThree("opposed");
    const bran = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob"), system: { opposed: { ws: 40, t: 30, wounds: 12, woundsNow: 12 } } });
    const real = t.gm.game.messages.get((await adaAttacks(t, bran.id)).cardId);
    const copy = await t.alice.CONFIG.ChatMessage.documentClass.create({ type: "card", content: real.content, speaker: { alias: "Gamemaster" }, system: real.toObject().system });
    await settle();
    const genuine = shownTo(t.bob, real.id);
    expect(genuine.querySelector(".bout-card")).not.toBeNull();
    expect(genuine.querySelectorAll("[data-bout-action]")).toHaveLength(1);
    for (const client of [t.bob, t.gm]) {
      const shown = shownTo(client, copy.id);
      expect(shown.querySelector(".message-sender")!.textContent).toBe("Alice");
      expect(shown.querySelector(".bout-card, .bout, button")).toBeNull();
      expect(shown.querySelectorAll("[data-bout-action]")).toHaveLength(0);
      expect(shown.querySelector(".message-content")!.textContent).toMatch(/^Alice wrote this message\. It only looks like a card/);
    }
    expect(t.bob.game.messages.get(copy.id).alias).toBe("Alice");
    expect(t.bob.game.messages.get(real.id).alias).toBe("Ada");
  });
});

describe("armory import of a very large file (issue 30)", () => {
  async function armory() {
    dist();
    const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
    const gm = await world.connect("GM");
    const app = await gm.CONFIG.BOUT.openArmory();
    return { world, gm, app };
  }
  const blades = (n: number) => "name,steel.reach\n" + Array.from({ length: n }, (_, i) => `Blade ${i},3`).join("\n");

  it("a 100,000-row CSV is refused at once, saying how many rows an import takes; nothing is planned or written", async () => {
    const { world, gm, app } = await armory();
    const mark = world.server.writes.length;
    expect(await app.importText(blades(100_000), "csv")).toBeNull();
    expect(gm.notices.at(-1)).toMatchObject({ type: "warning", message: "The file has 100000 rows; the armory imports at most 5000 at a time. Split it into smaller files. Nothing was imported." });
    expect(app.plan).toBeNull();
    expect(world.writesSince(mark)).toEqual([]);
  }, 60_000);

  it("a JSON export of more rows than that is refused the same way", async () => {
    const { app, gm } = await armory();
    const rows = Array.from({ length: 5001 }, (_, i) => ({ name: `Blade ${i}` }));
    expect(await app.importText(JSON.stringify({ format: "bout-armory", version: 1, kind: "weapon", rows }), "json")).toBeNull();
    expect(gm.notices.at(-1)?.message).toMatch(/5001 rows; the armory imports at most 5000/);
  });

  it("a file at the limit is planned a part at a time: the client gets turns while it is read, and the plan holds every row", async () => {
    const { app } = await armory();
    // Each turn of the event loop notes how far the reading has come.
    const seen: number[] = [];
    let reading = true;
    const watch = () => {
      if (app.reading) seen.push(app.reading.done);
      if (reading) setTimeout(watch, 0);
    };
    setTimeout(watch, 0);
    const plan = await app.importText(blades(5000), "csv");
    reading = false;
    expect(plan.creates).toHaveLength(5000);
    // Turns came between parts: the reading was seen partway, more than once.
    const partway = [...new Set(seen)].filter((n) => n > 0 && n < 5000);
    expect(partway.length).toBeGreaterThan(1);
    expect(app.reading).toBeNull();
  }, 60_000);
});

describe("names in notices and windows (issue 30)", () => {
  const MARKUP = '<img src="x" onerror="alert(1)">';

  it("a refusal naming a player's character shows the name as text in the GM's notice, not as markup", async () => {
    const t = await tableOfThree("actionpoints");
    const cole = await t.Actor.create({ name: MARKUP, type: "character", ownership: t.own("Bob"), system: { actionpoints: { str: 12, bap: 10 } } });
    await settle();
    // Standing up when not kneeling: refused, naming the fighter.
    const outcome = await hooks(t.gm).postCard("actionpoints.stand", t.gm.game.actors.get(cole.id), t.gm.game.actors.get(cole.id), {});
    expect(outcome.ok).toBe(false);
    const notice = t.gm.notices.at(-1)!.message;
    expect(notice).not.toContain("<img");
    expect(notice).toBe('&lt;img src="x" onerror="alert(1)"&gt; is not kneeling.');
  });

  it("a secret choice's dialog: the fighter's name is the window title's text as it is (ApplicationV2#_updateFrame writes the title with innerText) and escaped in the dialog's HTML", async () => {
    const t = await tableOfThree("steel");
    const a = await t.Actor.create({ name: MARKUP, type: "character", ownership: t.own("Alice"), system: { steel: { agility: 6, wit: 5, proficiency: 6 } } });
    const b = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob"), system: { steel: { agility: 5, wit: 5, proficiency: 5 } } });
    const combat = await t.gm.CONFIG.Combat.documentClass.create({ active: true });
    const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Field" }]);
    const combatants = await combat.createEmbeddedDocuments("Combatant", [
      { actorId: a.id, name: a.name, group: group.id },
      { actorId: b.id, name: b.name, group: group.id },
    ]);
    await combat.startCombat();
    await settle();
    for (const client of [t.alice, t.bob]) client.runtime.dialogs.responder = () => null;
    await hooks(t.gm).openDeclaration(t.gm.game.combats.get(combat.id), "throw", group.id, combatants.map((c: any) => c.id), ["red", "white"]);
    await settle();
    const asked = t.alice.runtime.dialogs.asked.map((d: any) => d.config);
    expect(asked.length).toBeGreaterThan(0);
    for (const config of asked) {
      expect(config.window.title).toContain(MARKUP);
      expect(String(config.content)).not.toContain("<img");
    }
  });
});

describe("acting as a token one does not own (issue 30)", () => {
  /**
   * Alice owns the world actor "Wolf"; its token on the scene is unlinked and the
   * GM has taken that token's own actor away from her (its delta's ownership).
   * The fight holds the wolf's token and Bran (Bob's), linked.
   */
  async function wolfTakenBack() {
    const t = await tableOfThree("opposed");
    const aliceId = t.world.userId("Alice");
    const wolf = await t.Actor.create({ name: "Wolf", type: "npc", ownership: t.own("Alice"), system: { opposed: { ws: 40, s: 30, i: 30, ag: 30 } } });
    const [fangs] = await wolf.createEmbeddedDocuments("Item", [{ name: "Fangs", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 3, addStrengthBonus: true } } }]);
    const bran = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob"), system: { opposed: { ws: 40, t: 30, wounds: 12, woundsNow: 12 } } });
    const scene = await t.gm.CONFIG.Scene.documentClass.create({ name: "Glade" });
    const [wolfToken, branToken] = await scene.createEmbeddedDocuments("Token", [
      { actorId: wolf.id, name: "Wolf", x: 0, y: 0 },
      { actorId: bran.id, name: "Bran", actorLink: true, x: 100, y: 0 },
    ]);
    const combat = await t.gm.CONFIG.Combat.documentClass.create({ active: true });
    await combat.createEmbeddedDocuments("Combatant", [
      { actorId: wolf.id, name: "Wolf", sceneId: scene.id, tokenId: wolfToken.id },
      { actorId: bran.id, name: "Bran", sceneId: scene.id, tokenId: branToken.id },
    ]);
    await settle();
    // The GM takes the fighting wolf away from Alice: its token's own actor only.
    await t.gm.game.scenes.get(scene.id).tokens.get(wolfToken.id).actor.update({ ownership: { [aliceId]: 0 } });
    await settle();
    const tokenActor = (client: ConnectedClient) => client.game.scenes.get(scene.id).tokens.get(wolfToken.id).actor;
    expect(t.alice.game.actors.get(wolf.id).isOwner).toBe(true);
    expect(tokenActor(t.alice).isOwner).toBe(false);
    return { ...t, wolf, fangsId: fangs.id as string, bran, combat, tokenActor };
  }

  it("from the sidebar, Alice attacks as the world actor she owns: the fighter acted for is the token's actor, which she does not own; refused, nothing written", async () => {
    const t = await wolfTakenBack();
    t.alice.runtime.dialogs.responder = () => ({ defender: t.bran.id, difficulty: "challenging" });
    const before = t.gm.game.messages.size;
    const mark = t.world.server.writes.length;
    await t.alice.game.actors.get(t.wolf.id).sheet.runAction("rollItem", {}, { row: { itemId: t.fangsId } });
    await settle();
    expect(t.gm.game.messages.size).toBe(before);
    expect(t.world.writesSince(mark)).toEqual([]);
    expect(t.alice.notices.at(-1)?.message ?? "").toMatch(/not yours|own/i);
  });

  it("the same request sent straight to the active GM (the API, the world actor's id) is refused", async () => {
    const t = await wolfTakenBack();
    const before = t.gm.game.messages.size;
    const outcome = await hooks(t.alice).askGM("postCard", { kind: "opposed.attack", attacker: t.wolf.id, defender: t.bran.id, declaration: { weaponId: t.fangsId, difficulty: "challenging", modifier: 0 } });
    await settle();
    expect(outcome).toMatchObject({ ok: false, refusal: { code: "card.notYours" } });
    expect(t.gm.game.messages.size).toBe(before);
  });

  it("with the token's actor given back to her, the same attack posts a card for the token", async () => {
    const t = await wolfTakenBack();
    await t.tokenActor(t.gm).update({ ownership: { [t.world.userId("Alice")]: 3 } });
    await settle();
    t.alice.runtime.dialogs.responder = () => ({ defender: t.bran.id, difficulty: "challenging" });
    const before = t.gm.game.messages.size;
    await t.alice.game.actors.get(t.wolf.id).sheet.runAction("rollItem", {}, { row: { itemId: t.fangsId } });
    await settle();
    expect(t.alice.notices).toEqual([]);
    expect(t.gm.game.messages.size).toBe(before + 1);
    expect(t.gm.game.messages.contents.at(-1).system.attackerUuid).toBe(t.tokenActor(t.gm).uuid);
  });
});
