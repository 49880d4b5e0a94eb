// Issue 20 "the dice shown as dice": the rolls are real Rolls on the card so Dice
// So Nice animates them and roll modes apply. Dice So Nice animates the rolls of
// a created message (createChatMessage), and of an update whose `rolls` array is
// longer than the message's before it: it counts the added rolls in
// preUpdateChatMessage (new length less the source's) and shows only those, from
// the end of the array. So a card resolved later must append its rolls, never
// rewrite the array. The listener here is that counting, as a stand-in for the
// module (docs/dice.md); the harness sends the update's options to every client
// as v13 does.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { chatModeSetting } from "../harness/version";
import { dist } from "../build/dist";
import { scriptFaces, settle, steelSwordsmen } from "./support";


async function deck() {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }, { name: "Bob", role: ROLES.PLAYER }, { name: "Carol", role: ROLES.PLAYER }] });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", "steel");
  const alice = await world.connect("Alice");
  const bob = await world.connect("Bob");
  const carol = await world.connect("Carol");
  await settle();
  const { adaId, branId, swordId } = await steelSwordsmen(world, gm);
  await settle();
  return { world, gm, alice, bob, carol, adaId, branId, swordId };
}

/** Dice So Nice's counting of the rolls an update adds (its preUpdateChatMessage), and what each client's updateChatMessage then sees. */
function watchAddedRolls(client: any) {
  const seen: { added: number; from: number; formulas: string[] }[] = [];
  client.Hooks.on("preUpdateChatMessage", (message: any, changes: any, options: any) => {
    if (!("rolls" in changes)) return;
    const before = message.toObject().rolls.length;
    options.addedRolls = changes.rolls.length - before;
    options.addedFrom = before;
  });
  client.Hooks.on("updateChatMessage", (message: any, changes: any, options: any) => {
    if (!("rolls" in changes)) return;
    seen.push({ added: options.addedRolls, from: options.addedFrom, formulas: message.rolls.slice(options.addedFrom).map((r: any) => r.formula) });
  });
  return seen;
}

async function exchange(t: Awaited<ReturnType<typeof deck>>) {
  t.alice.runtime.dialogs.responder = () => ({ defender: t.branId, maneuver: "cut", zone: "5", dice: 4, defenceDice: 3 });
  await t.alice.game.actors.get(t.adaId).sheet.runAction("rollItem", {}, { row: { itemId: t.swordId } });
  await settle();
  const id = t.gm.game.messages.contents.at(-1).id as string;
  t.bob.runtime.dialogs.responder = () => ({ maneuver: "parry", dice: 3 });
  // Ada 4d10 at TN 6, Bran 3d10 at TN 6, then the location and wound dice.
  scriptFaces(t.gm, 10, [9, 8, 7, 2, 2, 3, 9, 4, 4, 4, 4, 4, 4]);
  await t.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(t.bob.game.messages.get(id));
  await settle();
  return id;
}

describe("the card's rolls reach the message so Dice So Nice shows them (issue 20)", () => {
  it("a waiting card has no rolls; resolving appends them in the order rolled, so the update adds them all and each client sees the added ones", async () => {
    const t = await deck();
    const onAlice = watchAddedRolls(t.alice);
    watchAddedRolls(t.gm);
    const id = await exchange(t);
    const card = t.gm.game.messages.get(id);
    expect(card.system.state).toBe("resolved");
    const formulas = card.rolls.map((r: any) => r.formula);
    // Attack pool, defence pool, then the hit location: the order the engine asked for them.
    expect(formulas.slice(0, 3)).toEqual(["4d10", "3d10", "1d6"]);
    expect(card.rolls[0].dice[0].results.map((r: any) => r.result)).toEqual([9, 8, 7, 2]);
    // One update added every roll, counted from an empty array: all of them animate.
    expect(onAlice).toEqual([{ added: formulas.length, from: 0, formulas }]);
    // Applying writes no rolls, so nothing animates twice.
    await t.alice.evaluate<any>("globalThis.__boutTest").applyFromCard(t.alice.game.messages.get(id));
    await settle();
    expect(t.gm.game.messages.get(id).system.state).toBe("applied");
    expect(onAlice).toHaveLength(1);
    expect(t.gm.game.messages.get(id).rolls.map((r: any) => r.formula)).toEqual(formulas);
  });
});

describe("roll modes apply to cards (issue 20; v13 ChatMessage.applyRollMode)", () => {
  it("a public card (the default) is whispered to nobody and every client has it", async () => {
    const t = await deck();
    const id = await exchange(t);
    expect(t.gm.game.messages.get(id).whisper).toEqual([]);
    expect(Boolean(t.carol.game.messages.get(id))).toBe(true);
  });

  it("Alice posting in GM-roll mode: the card goes to the GM and the fighters' owners (Bob must answer), never to Carol; her roll mode survives the resolution", async () => {
    const t = await deck();
    await t.alice.game.settings.set("core", ...chatModeSetting("gmroll"));
    const id = await exchange(t);
    const card = t.gm.game.messages.get(id);
    expect(card.system.state).toBe("resolved");
    expect([...card.whisper].sort()).toEqual([t.world.userId("GM"), t.world.userId("Alice"), t.world.userId("Bob")].sort());
    expect(card.blind).toBe(false);
    expect(t.carol.game.messages.get(id)?.visible ?? false).toBe(false);
    expect(t.bob.game.messages.get(id).visible).toBe(true);
    expect(t.alice.game.messages.get(id).visible).toBe(true);
  });

  it("a blind roll marks the card blind; a made-up mode in a raw request posts a public card", async () => {
    const t = await deck();
    await t.alice.game.settings.set("core", ...chatModeSetting("blindroll"));
    const id = await exchange(t);
    expect(t.gm.game.messages.get(id).blind).toBe(true);
    const post = t.alice.evaluate<any>("globalThis.__boutTest").askGM;
    const raw = await post("postCard", { kind: "steel.exchange", attacker: t.alice.game.actors.get(t.adaId).uuid, defender: t.alice.game.actors.get(t.branId).uuid, declaration: { weaponId: t.swordId, maneuverId: "cut", zone: 5, dice: 2 }, rollMode: "everyone-but-carol" });
    expect(raw.ok).toBe(true);
    await settle();
    expect(t.gm.game.messages.contents.at(-1).whisper).toEqual([]);
  });
});
