// Harness contract: chat delivery and authorship as Foundry v13 has them.
// BaseChatMessage (#canCreate: any player, as herself only; the author owns it),
// ChatMessage#author / #isAuthor / #visible / #isContentVisible / #isRoll,
// ChatMessage.applyRollMode and ChatMessage#_preCreate (a roll mode applies only
// to a message with rolls), Roll#toMessage (the user's core.rollMode by default),
// and the delivery of whispers (chat-delivery.ts: recipients, author and GMs;
// whispered rolls to everyone with their content hidden).
import { chatModeSetting, isV14, v14Readings } from "../harness/version";
import { describe, expect, it } from "vitest";
import { dist } from "../build/dist";
import { ROLES } from "../harness/server";
import { type ConnectedClient, REPO_ROOT, TestWorld } from "../harness/world";

async function table({ bundle = false } = {}) {
  if (bundle) dist();
  const world = new TestWorld({
    latency: 0,
    ...(bundle ? {} : { systemRoot: REPO_ROOT }),
    users: [
      { name: "GM", role: ROLES.GAMEMASTER },
      { name: "Alice", role: ROLES.PLAYER },
      { name: "Bob", role: ROLES.PLAYER },
      { name: "Carol", role: ROLES.PLAYER },
    ],
  });
  const options = bundle ? {} : { bundle: null };
  const gm = await world.connect("GM", options);
  const alice = await world.connect("Alice", options);
  const bob = await world.connect("Bob", options);
  const carol = await world.connect("Carol", options);
  return { world, gm, alice, bob, carol };
}

const Message = (c: ConnectedClient) => c.CONFIG.ChatMessage.documentClass;
const has = (c: ConnectedClient, id: string) => c.game.messages.has(id);
async function rolled(c: ConnectedClient, formula = "1d10") {
  return new c.context.Roll(formula).evaluate();
}

describe("harness: chat authorship (v13 BaseChatMessage#canCreate, ChatMessage#author)", () => {
  it("any player may create a message of a registered subtype (the system's card) as herself; its author is her User", async () => {
    const { world, alice, bob } = await table({ bundle: true });
    const forged = await Message(alice).create({ type: "card", content: "<p>a card</p>", system: { kind: "steel.attack", state: "resolved" } });
    expect(forged.type).toBe("card");
    const onBob = bob.game.messages.get(forged.id);
    expect([onBob.type, onBob.author.id, onBob.author.name, onBob.author === bob.game.users.get(world.userId("Alice"))]).toEqual(["card", world.userId("Alice"), "Alice", true]);
    expect([forged.isAuthor, onBob.isAuthor]).toEqual([true, false]);
  });

  it("a player who names another user as author is made the author herself (v13 sanitizeUserInput of DocumentAuthorField); a GM may name anyone", async () => {
    const { world, gm, alice } = await table();
    const posed = await Message(alice).create({ content: "as the GM", author: world.userId("GM") });
    expect(gm.game.messages.get(posed.id).author.name).toBe("Alice");
    const made = await Message(gm).create({ content: "for Alice", author: world.userId("Alice") });
    expect(alice.game.messages.get(made.id).isAuthor).toBe(true);
  });

  // v13 ClientDatabaseBackend#preCreateDocumentArray: the message fails validation when it is built;
  // core shows the error, leaves it out and resolves with nothing created.
  it("refuses a subtype that is not registered", async () => {
    const { world, alice } = await table();
    const mark = world.server.writes.length;
    expect(await Message(alice).create({ type: "nonsense", content: "x" })).toBeUndefined();
    expect(world.writesSince(mark)).toEqual([]);
    expect(alice.notices.at(-1)).toMatchObject({ type: "error", message: expect.stringMatching(/not a valid type/) });
  });
});

describe("harness: whisper delivery (v13 ChatMessage#visible; the server sends a whisper to its recipients, author and GMs)", () => {
  it("a whisper reaches its recipients, its author and the GMs; any other client never has it", async () => {
    const { world, gm, alice, bob, carol } = await table();
    const mark = world.server.traffic.length;
    const whisper = await Message(alice).create({ content: "psst, the door", whisper: [world.userId("Bob")] });
    expect([has(alice, whisper.id), has(bob, whisper.id), has(gm, whisper.id), has(carol, whisper.id)]).toEqual([true, true, true, false]);
    expect(JSON.stringify(world.server.traffic.slice(mark).filter((t) => t.userId === world.userId("Carol")))).not.toContain("the door");
    expect([alice.game.messages.get(whisper.id).visible, bob.game.messages.get(whisper.id).visible]).toEqual([true, true]);
  });

  it("a GM holds a whisper between players but it is not visible to them (core GMs never read other users' whispers)", async () => {
    const { world, gm, alice } = await table();
    const whisper = await Message(alice).create({ content: "between us", whisper: [world.userId("Bob")] });
    expect(gm.game.messages.get(whisper.id).visible).toBe(false);
    const toGm = await Message(alice).create({ content: "to the GM", whisper: [world.userId("GM")] });
    expect(gm.game.messages.get(toGm.id).visible).toBe(true);
  });

  it("a client that joins later receives only the whispers it may have", async () => {
    const { world, alice, carol } = await table();
    const whisper = await Message(alice).create({ content: "psst", whisper: [world.userId("Bob")] });
    const again = await world.reconnect(carol, { bundle: null });
    const bob = await world.reconnect(world.clients.find((c) => c.userName === "Bob")!, { bundle: null });
    expect([has(again, whisper.id), has(bob, whisper.id)]).toEqual([false, true]);
  });

  it("a whisper made public later reaches only the clients that had it; another client sees it once it reconnects", async () => {
    const { world, gm, alice, bob, carol } = await table();
    const whisper = await Message(alice).create({ content: "now everyone", whisper: [world.userId("Bob")] });
    await alice.game.messages.get(whisper.id).update({ whisper: [] });
    expect([bob.game.messages.get(whisper.id).whisper, gm.game.messages.get(whisper.id).visible, has(carol, whisper.id)]).toEqual([[], true, false]);
    const again = await world.reconnect(carol, { bundle: null });
    expect(again.game.messages.get(whisper.id).visible).toBe(true);
  });

  it("a public message made a whisper later: clients that had it hear the update and no longer show it", async () => {
    const { world, alice, carol } = await table();
    const said = await Message(alice).create({ content: "oops" });
    await alice.game.messages.get(said.id).update({ whisper: [world.userId("Bob")] });
    expect([has(carol, said.id), carol.game.messages.get(said.id).visible]).toEqual([true, false]);
  });

  it("blind only matters for rolls: a blind message without rolls is a plain whisper (its author still sees it)", async () => {
    const { world, alice } = await table();
    const m = await Message(alice).create({ content: "blind text", whisper: [world.userId("GM")], blind: true });
    expect([m.visible, m.isContentVisible]).toEqual([true, true]);
  });
});

describe("harness: roll modes (v13 ChatMessage.applyRollMode, ChatMessage#_preCreate, ChatMessage#isContentVisible)", () => {
  it("applyRollMode: public clears the whisper, self whispers the user, private and blind whisper the GMs unless recipients are given; blind only for blindroll", async () => {
    const { world, alice } = await table();
    const apply = (data: object, mode: string) => Message(alice).applyRollMode({ ...data }, mode);
    const gms = [world.userId("GM")];
    expect(apply({ whisper: ["x"], blind: true }, "publicroll")).toEqual({ whisper: [], blind: false });
    expect(apply({}, "selfroll")).toEqual({ whisper: [world.userId("Alice")], blind: false });
    expect(apply({}, "gmroll")).toEqual({ whisper: gms, blind: false });
    expect(apply({ whisper: [world.userId("Bob")] }, "gmroll")).toEqual({ whisper: [world.userId("Bob")], blind: false });
    expect(apply({}, "blindroll")).toEqual({ whisper: gms, blind: true });
    await alice.game.settings.set("core", ...chatModeSetting("blindroll"));
    expect(apply({}, "roll")).toEqual({ whisper: gms, blind: true });
  });

  it("the rollMode option changes nothing on a message without rolls (v13; v14 as the run reads messageMode: to rolls only, or to every message)", async () => {
    const { world, alice, carol } = await table();
    const m = await Message(alice).create({ content: "no dice here" }, { rollMode: "blindroll" });
    if (isV14() && v14Readings().messageMode === "all") expect([m.whisper, m.blind, m.isRoll, has(carol, m.id)]).toEqual([[world.userId("GM")], true, false, false]);
    else expect([m.whisper, m.blind, m.isRoll, has(carol, m.id)]).toEqual([[], false, false, true]);
  });

  it("the rollMode option whispers a message with rolls; a private roll reaches everyone, its content only the GMs and the roller", async () => {
    const { world, gm, alice, carol } = await table();
    const roll = await rolled(alice);
    const m = await Message(alice).create({ content: "rolled", rolls: [roll] }, { rollMode: "gmroll" });
    expect([m.whisper, m.blind, m.isRoll]).toEqual([[world.userId("GM")], false, true]);
    const view = (c: ConnectedClient) => [c.game.messages.get(m.id).visible, c.game.messages.get(m.id).isContentVisible];
    expect([view(alice), view(gm), view(carol)]).toEqual([
      [true, true],
      [true, true],
      [true, false],
    ]);
  });

  it("a blind roll's author sees the message but not its content; the GM sees both", async () => {
    const { gm, alice, bob } = await table();
    const roll = await rolled(alice);
    const m = await Message(alice).create({ content: "secret", rolls: [roll] }, { rollMode: "blindroll" });
    const view = (c: ConnectedClient) => [c.game.messages.get(m.id).visible, c.game.messages.get(m.id).isContentVisible];
    expect([view(alice), view(gm), view(bob)]).toEqual([
      [true, false],
      [true, true],
      [true, false],
    ]);
  });

  it("a self roll is whispered to the roller alone; others receive it without its content", async () => {
    const { world, gm, alice } = await table();
    const roll = await rolled(alice);
    const m = await Message(alice).create({ content: "mine", rolls: [roll] }, { rollMode: "selfroll" });
    expect([m.whisper, m.isContentVisible, gm.game.messages.get(m.id).isContentVisible]).toEqual([[world.userId("Alice")], true, false]);
  });

  it("Roll#toMessage uses the user's core.rollMode when given none", async () => {
    const { world, alice, bob } = await table();
    await alice.game.settings.set("core", ...chatModeSetting("gmroll"));
    const roll = await rolled(alice);
    const m = await roll.toMessage({ flavor: "attack" });
    expect([m.whisper, bob.game.messages.get(m.id).isContentVisible]).toEqual([[world.userId("GM")], false]);
    const open = await (await rolled(alice)).toMessage({}, { rollMode: "publicroll" });
    expect(open.whisper).toEqual([]);
  });
});
