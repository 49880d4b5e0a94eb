// The harness contract for unlinked tokens and synthetic actors (issue 17, part 1):
// each test is named after the Foundry v13 behaviour it pins, and uses only
// Foundry's public API (Scene.create, createEmbeddedDocuments, token.actor,
// combatant.actor, actor.update, fromUuid, game.actors.get, token.delta.restore).
// Most run with core documents only (no system bundle); the last ones load the
// built system to show its data preparation and sheets on token actors.
import { describe, expect, it } from "vitest";
import { dist } from "../build/dist";
import { ROLES } from "../harness/server";
import { REPO_ROOT, TestWorld } from "../harness/world";
import { settle } from "./support";

async function table({ bundle = false }: { bundle?: boolean } = {}) {
  if (bundle) dist();
  const world = new TestWorld({
    ...(bundle ? {} : { systemRoot: REPO_ROOT }),
    users: [
      { name: "GM", role: ROLES.GAMEMASTER },
      { name: "Alice", role: ROLES.PLAYER },
      { name: "Bob", role: ROLES.PLAYER },
    ],
  });
  const opts = bundle ? {} : { bundle: null };
  const gm = await world.connect("GM", opts);
  if (bundle) await gm.game.settings.set("bout", "ruleset", "steel");
  const alice = await world.connect("Alice", opts);
  const bob = await world.connect("Bob", opts);
  await settle();
  return { world, gm, alice, bob, clients: [gm, alice, bob] };
}

/** A wolf (a world NPC actor owned by Alice), one scene, and tokens of it. */
async function wolves(ctx: Awaited<ReturnType<typeof table>>, tokens: Record<string, unknown>[] = [{}, {}], system: Record<string, unknown> = { hp: { value: 10, max: 10 } }) {
  const { gm, world } = ctx;
  const wolf = await gm.CONFIG.Actor.documentClass.create({ name: "Wolf", type: "npc", ownership: { default: 0, [world.userId("Alice")]: 3 }, system });
  const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Forest" });
  const placed = await scene.createEmbeddedDocuments("Token", tokens.map((t, i) => ({ actorId: wolf.id, name: `Wolf ${i + 1}`, x: 100 * i, ...t })));
  await settle();
  const tokenOn = (client: { game: any }, i: number) => client.game.scenes.get(scene.id).tokens.get(placed[i].id);
  return { wolf, scene, placed, tokenOn };
}

describe("harness: unlinked tokens and synthetic actors (Foundry v13)", () => {
  it("BaseToken#actorLink defaults to false: a token created without it is unlinked, with a delta whose _id is the token's", async () => {
    const ctx = await table();
    const { tokenOn } = await wolves(ctx, [{}]);
    for (const client of ctx.clients) {
      const token = tokenOn(client, 0);
      expect(token.actorLink).toBe(false);
      expect(token.isLinked).toBe(false);
      expect(token.delta.id).toBe(token.id);
      expect(token.toObject().delta._id).toBe(token.id);
    }
  });

  it("TokenDocument#actor of a linked token is the world actor itself", async () => {
    const ctx = await table();
    const { wolf, tokenOn } = await wolves(ctx, [{ actorLink: true }]);
    for (const client of ctx.clients) {
      const token = tokenOn(client, 0);
      expect(token.actor).toBe(client.game.actors.get(wolf.id));
      expect(token.actor.isToken).toBe(false);
      expect(token.actor.token).toBeNull();
      expect(token.actor.uuid).toBe(`Actor.${wolf.id}`);
    }
  });

  it("TokenDocument#actor of an unlinked token is a synthetic actor: the world actor's id, its own uuid Scene.<s>.Token.<t>.Actor.<a>, isToken, its token as parent", async () => {
    const ctx = await table();
    const { wolf, scene, placed, tokenOn } = await wolves(ctx, [{}]);
    for (const client of ctx.clients) {
      const token = tokenOn(client, 0);
      const actor = token.actor;
      expect(actor).not.toBe(client.game.actors.get(wolf.id));
      expect(actor).toBeInstanceOf(client.CONFIG.Actor.documentClass);
      expect(actor.id).toBe(wolf.id);
      expect(actor.uuid).toBe(`Scene.${scene.id}.Token.${placed[0].id}.Actor.${wolf.id}`);
      expect(actor.isToken).toBe(true);
      expect(actor.token).toBe(token);
      expect(actor.parent).toBe(token);
      expect(actor.name).toBe("Wolf");
      expect(actor.system.hp).toEqual({ value: 10, max: 10 });
      // The same synthetic actor each time it is asked for.
      expect(token.actor).toBe(actor);
      expect(token.delta.syntheticActor).toBe(actor);
      expect(client.game.actors.get(wolf.id).isToken).toBe(false);
    }
  });

  it("two unlinked tokens of one world actor stand for two different synthetic actors of the same id", async () => {
    const ctx = await table();
    const { wolf, tokenOn } = await wolves(ctx);
    const [a, b] = [tokenOn(ctx.gm, 0).actor, tokenOn(ctx.gm, 1).actor];
    expect(a).not.toBe(b);
    expect(a.id).toBe(wolf.id);
    expect(b.id).toBe(wolf.id);
    expect(a.uuid).not.toBe(b.uuid);
  });

  it("Actor#update on a synthetic actor is stored in its token's ActorDelta (one write): the other token's actor and the world actor are untouched, on every client", async () => {
    const ctx = await table();
    const { wolf, tokenOn } = await wolves(ctx);
    const mark = ctx.world.server.writes.length;
    const returned = await tokenOn(ctx.gm, 0).actor.update({ "system.hp.value": 3 });
    await settle();
    expect(returned).toBe(tokenOn(ctx.gm, 0).actor);
    expect(ctx.world.writesSince(mark)).toEqual([{ userId: ctx.gm.userId, action: "update", documentName: "ActorDelta", count: 1 }]);
    for (const client of ctx.clients) {
      expect(tokenOn(client, 0).actor.system.hp).toEqual({ value: 3, max: 10 });
      expect(tokenOn(client, 0).delta.system).toEqual({ hp: { value: 3 } });
      expect(tokenOn(client, 1).actor.system.hp).toEqual({ value: 10, max: 10 });
      expect(client.game.actors.get(wolf.id).system.hp).toEqual({ value: 10, max: 10 });
    }
    const stored = ctx.world.server.collections.get("scenes")![0]!.tokens;
    expect(stored[0].delta.system).toEqual({ hp: { value: 3 } });
    expect(stored[1].delta.system).toEqual({});
    expect(ctx.world.server.collections.get("actors")![0]!.system.hp).toEqual({ value: 10, max: 10 });
  });

  it("TokenDocument#updateEmbeddedDocuments(\"Actor\") and ActorDelta#update write to the same delta as the token actor's update", async () => {
    const ctx = await table();
    const { wolf, tokenOn } = await wolves(ctx);
    const seen: string[] = [];
    ctx.bob.Hooks.on("updateActor", (actor: any, changed: any) => seen.push(`${actor.uuid === tokenOn(ctx.bob, 0).actor.uuid}:${JSON.stringify(changed.system ?? changed.name)}`));
    const [updated] = await tokenOn(ctx.gm, 0).updateEmbeddedDocuments("Actor", [{ _id: wolf.id, "system.hp.value": 8 }]);
    expect(updated).toBe(tokenOn(ctx.gm, 0).actor);
    await tokenOn(ctx.gm, 0).delta.update({ name: "Grey wolf" });
    await settle();
    expect(seen).toEqual(['true:{"hp":{"value":8}}', 'true:"Grey wolf"']);
    for (const client of ctx.clients) {
      expect(tokenOn(client, 0).actor.name).toBe("Grey wolf");
      expect(tokenOn(client, 0).actor.system.hp.value).toBe(8);
      expect(tokenOn(client, 0).delta.name).toBe("Grey wolf");
      expect(client.game.actors.get(wolf.id).name).toBe("Wolf");
    }
  });

  it("ActorDelta#_onUpdate: every client calls updateActor with the synthetic actor; preUpdateActor runs on the writer's client only", async () => {
    const ctx = await table();
    const { tokenOn } = await wolves(ctx);
    const seen: string[] = [];
    const pre: string[] = [];
    for (const client of ctx.clients) {
      client.Hooks.on("updateActor", (actor: any, changed: any, _o: unknown, userId: string) => {
        expect(actor).toBe(tokenOn(client, 0).actor);
        expect(actor.system.hp.value).toBe(4);
        seen.push(`${client.userName}:${actor.uuid === tokenOn(client, 0).actor.uuid}:${changed.system.hp.value}:${userId === ctx.world.userId("Alice")}`);
      });
      client.Hooks.on("preUpdateActor", (actor: any) => pre.push(`${client.userName}:${actor.isToken}`));
    }
    await tokenOn(ctx.alice, 0).actor.update({ "system.hp.value": 4 });
    await settle();
    expect(seen.sort()).toEqual(["Alice:true:4:true", "Bob:true:4:true", "GM:true:4:true"]);
    expect(pre).toEqual(["Alice:true"]);
  });

  it("Actor#_onUpdate updates dependent tokens: a world actor change reaches its synthetic actors wherever their delta does not override it", async () => {
    const ctx = await table();
    const { wolf, tokenOn } = await wolves(ctx);
    await tokenOn(ctx.gm, 0).actor.update({ "system.hp.value": 2 });
    await ctx.gm.game.actors.get(wolf.id).update({ name: "Dire wolf", "system.hp.max": 14, "system.hp.value": 14 });
    await settle();
    for (const client of ctx.clients) {
      expect(tokenOn(client, 0).actor.name).toBe("Dire wolf");
      expect(tokenOn(client, 0).actor.system.hp).toEqual({ value: 2, max: 14 });
      expect(tokenOn(client, 1).actor.system.hp).toEqual({ value: 14, max: 14 });
    }
  });

  it("items created on a synthetic actor are stored in the delta, with the synthetic actor as parent and uuids below the token; createItem fires on every client", async () => {
    const ctx = await table();
    const { wolf, scene, placed, tokenOn } = await wolves(ctx);
    const created: string[] = [];
    for (const client of ctx.clients) client.Hooks.on("createItem", (item: any) => created.push(`${client.userName}:${item.parent === tokenOn(client, 0).actor}`));
    const mark = ctx.world.server.writes.length;
    const [bite] = await tokenOn(ctx.alice, 0).actor.createEmbeddedDocuments("Item", [{ name: "Bite", type: "weapon" }]);
    await settle();
    expect(ctx.world.writesSince(mark)).toEqual([{ userId: ctx.world.userId("Alice"), action: "create", documentName: "Item", count: 1 }]);
    expect(created.sort()).toEqual(["Alice:true", "Bob:true", "GM:true"]);
    expect(bite.uuid).toBe(`Scene.${scene.id}.Token.${placed[0].id}.Actor.${wolf.id}.Item.${bite.id}`);
    expect(bite.parent).toBe(tokenOn(ctx.alice, 0).actor);
    for (const client of ctx.clients) {
      expect(tokenOn(client, 0).actor.items.get(bite.id)?.name).toBe("Bite");
      expect(tokenOn(client, 0).delta.toObject().items.map((i: any) => i._id)).toEqual([bite.id]);
      expect(tokenOn(client, 1).actor.items.size).toBe(0);
      expect(client.game.actors.get(wolf.id).items.size).toBe(0);
    }
  });

  it("an inherited item updated on a synthetic actor is copied into the delta (EmbeddedCollectionDelta#_prepareDeltaUpdate); the world actor's item is untouched", async () => {
    const ctx = await table();
    const { wolf, tokenOn } = await wolves(ctx);
    const [fang] = await ctx.gm.game.actors.get(wolf.id).createEmbeddedDocuments("Item", [{ name: "Fang", type: "weapon", system: { sharp: 1 } }]);
    await settle();
    const inherited = tokenOn(ctx.gm, 0).actor.items.get(fang.id);
    expect(inherited.parent).toBe(tokenOn(ctx.gm, 0).actor);
    const seen: string[] = [];
    ctx.bob.Hooks.on("updateItem", (item: any, changed: any) => seen.push(`${item.uuid}:${changed.system?.sharp ?? changed.name}`));
    await inherited.update({ "system.sharp": 3 });
    await settle();
    expect(seen).toEqual([`${tokenOn(ctx.bob, 0).actor.uuid}.Item.${fang.id}:3`]);
    for (const client of ctx.clients) {
      expect(tokenOn(client, 0).actor.items.get(fang.id).system.sharp).toBe(3);
      expect(tokenOn(client, 1).actor.items.get(fang.id).system.sharp).toBe(1);
      expect(client.game.actors.get(wolf.id).items.get(fang.id).system.sharp).toBe(1);
    }
    expect(tokenOn(ctx.gm, 0).delta.toObject().items).toMatchObject([{ _id: fang.id, name: "Fang", system: { sharp: 3 } }]);
    // A later change to the world actor's item no longer reaches the token that owns its own copy.
    await ctx.gm.game.actors.get(wolf.id).items.get(fang.id).update({ name: "Long fang" });
    await settle();
    expect(seen.at(-1)).toBe(`Actor.${wolf.id}.Item.${fang.id}:Long fang`);
    expect(tokenOn(ctx.alice, 0).actor.items.get(fang.id).name).toBe("Fang");
    expect(tokenOn(ctx.alice, 1).actor.items.get(fang.id).name).toBe("Long fang");
  });

  it("an inherited item deleted from a synthetic actor leaves a tombstone in the delta (EmbeddedCollectionDelta#_delete); deleteItem fires on every client; the world actor keeps it", async () => {
    const ctx = await table();
    const { wolf, tokenOn } = await wolves(ctx);
    const [fang] = await ctx.gm.game.actors.get(wolf.id).createEmbeddedDocuments("Item", [{ name: "Fang", type: "weapon" }]);
    await settle();
    const deleted: string[] = [];
    for (const client of ctx.clients) client.Hooks.on("deleteItem", (item: any) => deleted.push(`${client.userName}:${item.parent?.isToken}`));
    await tokenOn(ctx.alice, 0).actor.deleteEmbeddedDocuments("Item", [fang.id]);
    await settle();
    expect(deleted.sort()).toEqual(["Alice:true", "Bob:true", "GM:true"]);
    for (const client of ctx.clients) {
      expect(tokenOn(client, 0).actor.items.has(fang.id)).toBe(false);
      expect(tokenOn(client, 1).actor.items.has(fang.id)).toBe(true);
      expect(client.game.actors.get(wolf.id).items.has(fang.id)).toBe(true);
    }
    expect(tokenOn(ctx.gm, 0).delta.toObject().items).toEqual([{ _id: fang.id, _tombstone: true }]);
  });

  it("Actor#toggleStatusEffect on a synthetic actor creates its effect in the delta: only that token's actor has the status", async () => {
    const ctx = await table();
    const { wolf, tokenOn } = await wolves(ctx);
    await tokenOn(ctx.alice, 1).actor.toggleStatusEffect("prone");
    await settle();
    for (const client of ctx.clients) {
      expect(tokenOn(client, 1).actor.statuses.has("prone")).toBe(true);
      expect(tokenOn(client, 0).actor.statuses.has("prone")).toBe(false);
      expect(client.game.actors.get(wolf.id).statuses.has("prone")).toBe(false);
    }
    expect(await tokenOn(ctx.alice, 1).actor.toggleStatusEffect("prone")).toBe(false);
    await settle();
    expect(tokenOn(ctx.bob, 1).actor.statuses.has("prone")).toBe(false);
  });

  it("Item#actor is the synthetic actor for an item below a token; ChatMessage.getSpeaker of a token actor speaks as its token on its scene", async () => {
    const ctx = await table();
    const { wolf, scene, placed, tokenOn } = await wolves(ctx);
    const [bite] = await tokenOn(ctx.gm, 1).actor.createEmbeddedDocuments("Item", [{ name: "Bite", type: "weapon" }]);
    await settle();
    const actor = tokenOn(ctx.alice, 1).actor;
    expect(actor.items.get(bite.id).actor).toBe(actor);
    const ChatMessage = ctx.alice.CONFIG.ChatMessage.documentClass;
    expect(ChatMessage.getSpeaker({ actor })).toEqual({ scene: scene.id, token: placed[1].id, actor: wolf.id, alias: "Wolf 2" });
    expect(ChatMessage.getSpeaker({ actor: ctx.alice.game.actors.get(wolf.id) })).toMatchObject({ token: null, actor: wolf.id, alias: "Wolf" });
  });

  it("fromUuid and fromUuidSync resolve a token's synthetic actor and its items; Actor.<id> is the world actor", async () => {
    const ctx = await table();
    const { wolf, tokenOn } = await wolves(ctx);
    const [bite] = await tokenOn(ctx.gm, 0).actor.createEmbeddedDocuments("Item", [{ name: "Bite", type: "weapon" }]);
    await settle();
    for (const client of ctx.clients) {
      const fromUuidSync = client.evaluate<(uuid: string) => any>("fromUuidSync");
      const fromUuid = client.evaluate<(uuid: string) => Promise<any>>("fromUuid");
      const actor = tokenOn(client, 0).actor;
      expect(fromUuidSync(actor.uuid)).toBe(actor);
      expect(await fromUuid(actor.uuid)).toBe(actor);
      expect(fromUuidSync(`${actor.uuid}.Item.${bite.id}`)).toBe(actor.items.get(bite.id));
      expect(await fromUuid(actor.items.get(bite.id).uuid)).toBe(actor.items.get(bite.id));
      expect(fromUuidSync(tokenOn(client, 1).actor.uuid)).toBe(tokenOn(client, 1).actor);
      expect(fromUuidSync(`Actor.${wolf.id}`)).toBe(client.game.actors.get(wolf.id));
      expect(fromUuidSync(`${tokenOn(client, 1).actor.uuid}.Item.${bite.id}`)).toBeNull();
    }
  });

  it("Combatant#actor is its token's actor (the synthetic actor for an unlinked token); a combatant without a token has the world actor; game.actors.get is always the world actor", async () => {
    const ctx = await table();
    const { wolf, scene, placed, tokenOn } = await wolves(ctx);
    const combat = await ctx.gm.CONFIG.Combat.documentClass.create({ active: true });
    const combatants = await combat.createEmbeddedDocuments("Combatant", [
      { actorId: wolf.id, sceneId: scene.id, tokenId: placed[0].id },
      { actorId: wolf.id, sceneId: scene.id, tokenId: placed[1].id },
      { actorId: wolf.id },
    ]);
    await settle();
    for (const client of ctx.clients) {
      const c = (i: number) => client.game.combats.get(combat.id).combatants.get(combatants[i].id);
      expect(c(0).actor).toBe(tokenOn(client, 0).actor);
      expect(c(1).actor).toBe(tokenOn(client, 1).actor);
      expect(c(0).actor).not.toBe(c(1).actor);
      expect(c(2).actor).toBe(client.game.actors.get(wolf.id));
    }
    await ctx.gm.game.combats.get(combat.id).combatants.get(combatants[1].id).actor.update({ "system.hp.value": 1 });
    await settle();
    expect(ctx.bob.game.combats.get(combat.id).combatants.get(combatants[1].id).actor.system.hp.value).toBe(1);
    expect(ctx.bob.game.combats.get(combat.id).combatants.get(combatants[0].id).actor.system.hp.value).toBe(10);
    expect(ctx.bob.game.actors.get(wolf.id).system.hp.value).toBe(10);
  });

  it("a synthetic actor's ownership is the world actor's unless its delta sets some: a player may update (through the delta) the token actors she owns, and no other", async () => {
    const ctx = await table();
    const { tokenOn } = await wolves(ctx);
    const bobId = ctx.world.userId("Bob");
    expect(tokenOn(ctx.alice, 0).actor.isOwner).toBe(true);
    expect(tokenOn(ctx.bob, 0).actor.isOwner).toBe(false);
    expect(tokenOn(ctx.bob, 0).isOwner).toBe(false);
    const mark = ctx.world.server.writes.length;
    await expect(tokenOn(ctx.bob, 0).actor.update({ "system.hp.value": 0 })).rejects.toThrow(/Bob lacks permission to update ActorDelta/);
    await expect(tokenOn(ctx.bob, 0).actor.createEmbeddedDocuments("Item", [{ name: "Stick", type: "weapon" }])).rejects.toThrow(/Bob lacks permission to create Item/);
    expect(ctx.world.writesSince(mark)).toEqual([]);
    expect(tokenOn(ctx.gm, 0).actor.system.hp.value).toBe(10);
    // The GM gives Bob the second wolf only, in its delta.
    await tokenOn(ctx.gm, 1).actor.update({ ownership: { [bobId]: 3 } });
    await settle();
    expect(tokenOn(ctx.bob, 1).actor.isOwner).toBe(true);
    expect(tokenOn(ctx.bob, 1).isOwner).toBe(true);
    expect(tokenOn(ctx.bob, 0).actor.isOwner).toBe(false);
    expect(ctx.bob.game.actors.get(tokenOn(ctx.bob, 1).actor.id).isOwner).toBe(false);
    await tokenOn(ctx.bob, 1).actor.update({ "system.hp.value": 6 });
    await settle();
    expect(tokenOn(ctx.alice, 1).actor.system.hp.value).toBe(6);
    await expect(tokenOn(ctx.bob, 0).actor.update({ "system.hp.value": 6 })).rejects.toThrow(/lacks permission/);
  });

  it("ActorDelta#restore empties the delta: the token's actor is the world actor's data again, on every client (one write)", async () => {
    const ctx = await table();
    const { wolf, tokenOn } = await wolves(ctx);
    await tokenOn(ctx.gm, 0).actor.update({ name: "Scarred wolf", "system.hp.value": 1 });
    await tokenOn(ctx.gm, 0).actor.createEmbeddedDocuments("Item", [{ name: "Bite", type: "weapon" }]);
    await settle();
    const updates: string[] = [];
    ctx.bob.Hooks.on("updateActor", (actor: any) => updates.push(`${actor.isToken}:${actor.name}`));
    const mark = ctx.world.server.writes.length;
    const restored = await tokenOn(ctx.gm, 0).delta.restore();
    await settle();
    expect(ctx.world.writesSince(mark)).toEqual([{ userId: ctx.gm.userId, action: "delete", documentName: "ActorDelta", count: 1 }]);
    expect(restored).toBe(tokenOn(ctx.gm, 0).actor);
    expect(updates).toEqual(["true:Wolf"]);
    for (const client of ctx.clients) {
      const actor = tokenOn(client, 0).actor;
      expect(actor.isToken).toBe(true);
      expect(actor.name).toBe("Wolf");
      expect(actor.system.hp).toEqual({ value: 10, max: 10 });
      expect(actor.items.size).toBe(0);
      expect(tokenOn(client, 0).delta.toObject()).toEqual({ _id: tokenOn(client, 0).id, system: {}, items: [], effects: [], flags: {} });
      expect(client.game.actors.get(wolf.id).name).toBe("Wolf");
    }
  });

  it("TokenDocument#update of actorLink: a token linked later stands for the world actor, and its earlier synthetic changes no longer show", async () => {
    const ctx = await table();
    const { wolf, tokenOn } = await wolves(ctx, [{}]);
    await tokenOn(ctx.gm, 0).actor.update({ "system.hp.value": 5 });
    await tokenOn(ctx.gm, 0).update({ actorLink: true });
    await settle();
    for (const client of ctx.clients) {
      expect(tokenOn(client, 0).actor).toBe(client.game.actors.get(wolf.id));
      expect(tokenOn(client, 0).actor.system.hp.value).toBe(10);
    }
  });

  it("Actor#getDependentTokens: a world actor's tokens on every scene, a synthetic actor's own token only; getActiveTokens is empty while the canvas is not ready", async () => {
    const ctx = await table();
    const { wolf, tokenOn } = await wolves(ctx, [{}, { actorLink: true }]);
    const world = ctx.gm.game.actors.get(wolf.id);
    expect(world.getDependentTokens().map((t: any) => t.id).sort()).toEqual([tokenOn(ctx.gm, 0).id, tokenOn(ctx.gm, 1).id].sort());
    expect(world.getDependentTokens({ linked: true })).toEqual([tokenOn(ctx.gm, 1)]);
    expect(tokenOn(ctx.gm, 0).actor.getDependentTokens()).toEqual([tokenOn(ctx.gm, 0)]);
    expect(world.getActiveTokens()).toEqual([]);
    const canvas = ctx.gm.evaluate<any>("canvas");
    canvas.ready = true;
    canvas.scene = tokenOn(ctx.gm, 0).parent;
    expect(tokenOn(ctx.gm, 0).actor.getActiveTokens(false, true)).toEqual([tokenOn(ctx.gm, 0)]);
  });

  it("a token created with a delta starts from it, and a client connecting later builds the same synthetic actor", async () => {
    const ctx = await table();
    const { wolf, tokenOn } = await wolves(ctx, [{ delta: { name: "Old wolf", system: { hp: { value: 7 } } } }]);
    await tokenOn(ctx.gm, 0).actor.createEmbeddedDocuments("Item", [{ name: "Bite", type: "weapon" }]);
    const late = await ctx.world.connect("Bob", { bundle: null });
    for (const client of [ctx.gm, late]) {
      const actor = tokenOn(client, 0).actor;
      expect(actor.name).toBe("Old wolf");
      expect(actor.system.hp).toEqual({ value: 7, max: 10 });
      expect(actor.items.map((i: any) => i.name)).toEqual(["Bite"]);
      expect(client.game.actors.get(wolf.id).name).toBe("Wolf");
    }
  });
});

describe("harness: synthetic actors with the system loaded (Foundry v13)", () => {
  it("prepareData runs on each synthetic actor: derived data follows its own token's delta", async () => {
    const ctx = await table({ bundle: true });
    const { wolf, tokenOn } = await wolves(ctx, [{}, {}], { steel: { toughness: 5, healthNow: 9 } });
    await tokenOn(ctx.gm, 0).actor.update({ "system.steel.healthNow": 2 });
    await settle();
    for (const client of ctx.clients) {
      expect(tokenOn(client, 0).actor.system.vitality.value).toBe(2);
      expect(tokenOn(client, 1).actor.system.vitality.value).toBe(9);
      expect(client.game.actors.get(wolf.id).system.vitality.value).toBe(9);
    }
  });

  it("TokenDocument#actor.sheet is the synthetic actor's own sheet, separate from the world actor's", async () => {
    const ctx = await table({ bundle: true });
    const { wolf, tokenOn } = await wolves(ctx);
    const sheet = tokenOn(ctx.alice, 0).actor.sheet;
    expect(sheet).toBeTruthy();
    expect(sheet).not.toBe(ctx.alice.game.actors.get(wolf.id).sheet);
    expect(sheet).not.toBe(tokenOn(ctx.alice, 1).actor.sheet);
    expect(sheet.document).toBe(tokenOn(ctx.alice, 0).actor);
    expect(sheet.isEditable).toBe(true);
  });
});
