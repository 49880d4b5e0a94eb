// Document permissions as Foundry v13's server grants them (common/documents/*.mjs
// metadata permissions and #canCreate / #canUpdate / #canDelete, Document#canUserModify
// and #getUserLevel, and the server's sanitizing of gmOnly fields, build 13.350).
// Worlds here load no system bundle: the server applies core's rules to any system.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { REPO_ROOT, TestWorld } from "../harness/world";
import { settle } from "./support";

const refused = (action: string, documentName: string) => new RegExp(`lacks permission to ${action} ${documentName}`);

async function table() {
  const world = new TestWorld({
    latency: 0,
    systemRoot: REPO_ROOT,
    users: [
      { name: "GM", role: ROLES.GAMEMASTER },
      { name: "Assistant", role: ROLES.ASSISTANT },
      { name: "Alice", role: ROLES.PLAYER },
      { name: "Bob", role: ROLES.PLAYER },
      { name: "Trusted", role: ROLES.TRUSTED },
    ],
  });
  const gm = await world.connect("GM", { bundle: null });
  const assistant = await world.connect("Assistant", { bundle: null });
  const alice = await world.connect("Alice", { bundle: null });
  const bob = await world.connect("Bob", { bundle: null });
  const trusted = await world.connect("Trusted", { bundle: null });
  const own = (user: string) => ({ default: 0, [world.userId(user)]: 3 });
  const Actor = gm.CONFIG.Actor.documentClass;
  const aria = await Actor.create({ name: "Aria", type: "character", ownership: own("Alice") });
  const goblin = await Actor.create({ name: "Goblin", type: "npc" });
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const [mine, theirs] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: aria.id, initiative: 5 }, { actorId: goblin.id, initiative: 3 }]);
  await settle();
  const on = (client: typeof gm) => client.game.combats.get(combat.id);
  return { world, gm, assistant, alice, bob, trusted, own, aria, goblin, combat, on, mine, theirs };
}

describe("v13 BaseCombat permissions", () => {
  it("BaseCombat#canUpdate lets any player change round and turn (_canChangeRound and _canChangeTurn are true in the base class)", async () => {
    const t = await table();
    await t.on(t.bob).update({ round: 4, turn: 1 });
    expect([t.combat.round, t.combat.turn]).toEqual([4, 1]);
  });

  it("BaseCombat#canUpdate refuses a player any other field: active, flags, system", async () => {
    const t = await table();
    for (const change of [{ active: false }, { flags: { x: { y: 1 } } }, { system: { a: 1 } }, { round: 2, active: false }]) {
      await expect(t.on(t.alice).update(change)).rejects.toThrow(refused("update", "Combat"));
    }
    expect([t.combat.round, t.combat.active]).toEqual([0, true]);
  });

  it("BaseCombat #canModifyCombatants lets a player change combatants through the Combat only as each combatant allows her", async () => {
    const t = await table();
    await t.on(t.alice).update({ combatants: [{ _id: t.mine.id, initiative: 12 }] });
    expect(t.combat.combatants.get(t.mine.id).initiative).toBe(12);
    await expect(t.on(t.alice).update({ combatants: [{ _id: t.theirs.id, initiative: 30 }] })).rejects.toThrow(refused("update", "Combat"));
    await expect(t.on(t.alice).update({ combatants: [{ _id: t.mine.id, hidden: true }] })).rejects.toThrow(refused("update", "Combat"));
    expect(t.combat.combatants.get(t.theirs.id).initiative).toBe(3);
  });

  it("Combat creation and deletion are the default ASSISTANT: an assistant GM may, a player may not", async () => {
    const t = await table();
    await expect(t.alice.CONFIG.Combat.documentClass.create({})).rejects.toThrow(refused("create", "Combat"));
    await expect(t.on(t.alice).delete()).rejects.toThrow(refused("delete", "Combat"));
    const made = await t.assistant.CONFIG.Combat.documentClass.create({});
    await made.delete();
    expect(t.gm.game.combats.get(made.id)).toBeUndefined();
  });
});

describe("v13 BaseCombatant permissions", () => {
  it("BaseCombatant#canUpdate lets the owner of its actor change initiative, flags, defeated and system", async () => {
    const t = await table();
    const mine = t.on(t.alice).combatants.get(t.mine.id);
    await mine.update({ initiative: 9, defeated: true, flags: { core: { note: "x" } }, system: { any: 1 } });
    expect(t.combat.combatants.get(t.mine.id)._source).toMatchObject({ initiative: 9, defeated: true, flags: { core: { note: "x" } } });
  });

  it("BaseCombatant#canUpdate refuses its owner hidden, name, img, actorId, tokenId and group", async () => {
    const t = await table();
    const mine = t.on(t.alice).combatants.get(t.mine.id);
    for (const change of [{ hidden: true }, { name: "Zed" }, { img: "x.png" }, { actorId: t.goblin.id }, { group: "abcdefghijklmnop" }]) {
      await expect(mine.update(change)).rejects.toThrow(refused("update", "Combatant"));
    }
  });

  it("BaseCombatant#getUserLevel is its actor's: another player may not update it", async () => {
    const t = await table();
    await expect(t.on(t.bob).combatants.get(t.mine.id).update({ initiative: 1 })).rejects.toThrow(refused("update", "Combatant"));
    expect(t.on(t.alice).combatants.get(t.mine.id).isOwner).toBe(true);
    expect(t.on(t.bob).combatants.get(t.mine.id).isOwner).toBe(false);
  });

  it("Combatant create and delete are OWNER: a player adds and removes a combatant for her own actor only", async () => {
    const t = await table();
    const Combatant = t.alice.CONFIG.Combatant.documentClass;
    const [again] = await Combatant.createDocuments([{ actorId: t.aria.id }], { parent: t.on(t.alice) });
    await expect(Combatant.createDocuments([{ actorId: t.goblin.id }], { parent: t.on(t.alice) })).rejects.toThrow(refused("create", "Combatant"));
    await expect(Combatant.createDocuments([{ name: "Nobody" }], { parent: t.on(t.alice) })).rejects.toThrow(refused("create", "Combatant"));
    await again.delete();
    await expect(t.on(t.alice).combatants.get(t.theirs.id).delete()).rejects.toThrow(refused("delete", "Combatant"));
    expect(t.combat.combatants.size).toBe(2);
  });
});

describe("v13 BaseChatMessage permissions", () => {
  it("BaseChatMessage#canCreate lets any player post, and the server makes her its author whatever author she names", async () => {
    const t = await table();
    const message = await t.alice.CONFIG.ChatMessage.documentClass.create({ content: "hi", author: t.gm.userId });
    expect(t.gm.game.messages.get(message.id).author.id).toBe(t.alice.userId);
  });

  it("the author may update her message's content, flags, system and whispers, but never its author (a gmOnly field)", async () => {
    const t = await table();
    const message = await t.alice.CONFIG.ChatMessage.documentClass.create({ content: "hi" });
    await message.update({ content: "edited", flags: { x: { y: 1 } }, whisper: [t.bob.userId] });
    expect(t.gm.game.messages.get(message.id).content).toBe("edited");
    await expect(message.update({ author: t.bob.userId })).rejects.toThrow(/"author" field may only be modified by a GM/);
  });

  it("BaseChatMessage#getUserLevel: only the author (or a GM) may update or delete a message", async () => {
    const t = await table();
    const message = await t.alice.CONFIG.ChatMessage.documentClass.create({ content: "hi" });
    const asBob = t.bob.game.messages.get(message.id);
    await expect(asBob.update({ content: "mine now" })).rejects.toThrow(refused("update", "ChatMessage"));
    await expect(asBob.delete()).rejects.toThrow(refused("delete", "ChatMessage"));
    await t.gm.game.messages.get(message.id).update({ content: "by the GM" });
    await message.delete();
    expect(t.gm.game.messages.get(message.id)).toBeUndefined();
  });
});

describe("v13 permissions of the other documents a system uses", () => {
  it("BaseCombatantGroup keeps the defaults: created and deleted by a GM, updated by the owners its ownership names", async () => {
    const t = await table();
    const GroupClass = t.alice.CONFIG.CombatantGroup.documentClass;
    await expect(GroupClass.createDocuments([{ name: "Bout" }], { parent: t.on(t.alice) })).rejects.toThrow(refused("create", "CombatantGroup"));
    const [open, closed] = await t.combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Open", ownership: t.own("Alice") }, { name: "Closed" }]);
    await t.on(t.alice).groups.get(open.id).update({ name: "Renamed" });
    await expect(t.on(t.alice).groups.get(closed.id).update({ name: "No" })).rejects.toThrow(refused("update", "CombatantGroup"));
    await expect(t.on(t.alice).groups.get(open.id).delete()).rejects.toThrow(refused("delete", "CombatantGroup"));
    expect(t.combat.groups.get(open.id).name).toBe("Renamed");
  });

  it("BaseActor: a player needs ACTOR_CREATE (assistant by default) to create and may never delete; an owner updates", async () => {
    const t = await table();
    await expect(t.alice.CONFIG.Actor.documentClass.create({ name: "New", type: "npc" })).rejects.toThrow(refused("create", "Actor"));
    await expect(t.trusted.CONFIG.Actor.documentClass.create({ name: "New", type: "npc" })).rejects.toThrow(refused("create", "Actor"));
    await t.alice.game.actors.get(t.aria.id).update({ name: "Aria II" });
    await expect(t.bob.game.actors.get(t.aria.id).update({ name: "Mine" })).rejects.toThrow(refused("update", "Actor"));
    await expect(t.alice.game.actors.get(t.aria.id).delete()).rejects.toThrow(refused("delete", "Actor"));
    await t.assistant.CONFIG.Actor.documentClass.create({ name: "By the assistant", type: "npc" });
  });

  it("the ownership field is gmOnly: an owner may not give her actor to another player", async () => {
    const t = await table();
    await expect(t.alice.game.actors.get(t.aria.id).update({ ownership: { [t.bob.userId]: 3 } })).rejects.toThrow(/"ownership" field may only be modified by a GM/);
    expect(t.gm.game.actors.get(t.aria.id).ownership[t.bob.userId]).toBeUndefined();
  });

  it("BaseItem: the actor's owner creates, updates and deletes its items; a world item needs ITEM_CREATE but its owner may delete it", async () => {
    const t = await table();
    const actor = t.alice.game.actors.get(t.aria.id);
    const [sword] = await actor.createEmbeddedDocuments("Item", [{ name: "Sword", type: "weapon" }]);
    await sword.update({ name: "Blade" });
    await expect(t.bob.game.actors.get(t.aria.id).items.get(sword.id).delete()).rejects.toThrow(refused("delete", "Item"));
    await sword.delete();
    await expect(t.alice.CONFIG.Item.documentClass.create({ name: "Loot", type: "weapon" })).rejects.toThrow(refused("create", "Item"));
    const loot = await t.gm.CONFIG.Item.documentClass.create({ name: "Loot", type: "weapon", ownership: t.own("Alice") });
    await t.alice.game.items.get(loot.id).delete();
    expect(t.gm.game.items.get(loot.id)).toBeUndefined();
  });

  it("BaseActiveEffect: create, update and delete follow the parent actor's OWNER", async () => {
    const t = await table();
    const effect = await t.alice.game.actors.get(t.aria.id).toggleStatusEffect("prone", { active: true });
    await expect(t.bob.game.actors.get(t.aria.id).effects.get(effect.id).update({ disabled: true })).rejects.toThrow(refused("update", "ActiveEffect"));
    await expect(t.alice.game.actors.get(t.goblin.id).toggleStatusEffect("prone", { active: true })).rejects.toThrow(refused("create", "ActiveEffect"));
    await t.alice.game.actors.get(t.aria.id).toggleStatusEffect("prone", { active: false });
    expect(t.gm.game.actors.get(t.aria.id).effects.size).toBe(0);
  });

  it("BaseToken: TOKEN_CREATE and TOKEN_DELETE (assistant); the actor's owner updates its token; anyone an actor-less token", async () => {
    const t = await table();
    const scene = await t.gm.CONFIG.Scene.documentClass.create({ name: "Field" });
    await expect(t.alice.game.scenes.get(scene.id).createEmbeddedDocuments("Token", [{ actorId: t.aria.id }])).rejects.toThrow(refused("create", "Token"));
    const [hers, goblins, bare] = await scene.createEmbeddedDocuments("Token", [{ actorId: t.aria.id }, { actorId: t.goblin.id }, { name: "Marker" }]);
    const tokens = t.alice.game.scenes.get(scene.id).tokens;
    await tokens.get(hers.id).update({ x: 100 });
    await tokens.get(bare.id).update({ x: 200 });
    await expect(tokens.get(goblins.id).update({ x: 300 })).rejects.toThrow(refused("update", "Token"));
    await expect(tokens.get(hers.id).delete()).rejects.toThrow(refused("delete", "Token"));
  });

  it("BaseUser#canUpdate lets a player change her own user but not her name or role, nor anyone else", async () => {
    const t = await table();
    await t.alice.game.users.get(t.alice.userId).update({ color: "#00ff00", character: t.aria.id });
    await expect(t.alice.game.users.get(t.alice.userId).update({ role: ROLES.GAMEMASTER })).rejects.toThrow(refused("update", "User"));
    await expect(t.alice.game.users.get(t.alice.userId).update({ name: "Queen" })).rejects.toThrow(refused("update", "User"));
    await expect(t.alice.game.users.get(t.bob.userId).update({ color: "#000000" })).rejects.toThrow(refused("update", "User"));
    expect(t.gm.game.users.get(t.alice.userId).character).toBe(t.aria.id);
  });

  it("Document#canUserModify on a client answers as the server will", async () => {
    const t = await table();
    const user = t.alice.game.user;
    expect(t.on(t.alice).canUserModify(user, "update", { turn: 1 })).toBe(true);
    expect(t.on(t.alice).canUserModify(user, "update", { active: false })).toBe(false);
    expect(t.on(t.alice).combatants.get(t.mine.id).canUserModify(user, "update", { initiative: 1 })).toBe(true);
    expect(t.on(t.alice).combatants.get(t.theirs.id).canUserModify(user, "update", { initiative: 1 })).toBe(false);
    expect(t.on(t.assistant).canUserModify(t.assistant.game.user, "update", { active: false })).toBe(true);
  });
});
