// Where a figure may attack from, and after how much walking (seed 004_2f46e4f6196f6037.txt): [13.1] "Attack & Melee
// Zone" and [16.4] (a blow reaches the hexes of the attacker's melee zone), [13.1] and [14.2-8] ("May move <= ½ TMR
// and charge attack w/non-pole weapon", "May move full TMR and charge attack w/pole weapon": the attack and the pulse's
// walk are one action). Distances come from the tokens on the hex scene and from Foundry's movement record, which the
// fight clears when each pulse begins; the GM judges from the walk it saw, whatever the player's client wrote.
import { describe, expect, it } from "vitest";
import { fightOnScene, scriptDraws, settle, tableOfThree } from "./support";

const AFTER = [5, 10] as const;

/** Ada (TMR 5, a sword and a spear) at row 0, column 0 looking east; the Wolf at row 0, column `wolfAt` looking west. */
async function lane(wolfAt: number) {
  const { world, gm, alice, Actor } = await tableOfThree("pulse");
  const own = (user: string) => ({ default: 0, [world.userId(user)]: 3 });
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { pulse: { tmr: 5, ag: 15, pc: 15, md: 15 } } });
  const wolf = await Actor.create({ name: "Wolf", type: "npc", system: { pulse: { tmr: 8, ag: 16, pc: 14, endurance: 30, enduranceNow: 30 } } });
  const [sword, spear] = await ada.createEmbeddedDocuments("Item", [
    { name: "Sword", type: "weapon", system: { equipped: true, pulse: { use: "melee", baseChance: 50 } } },
    { name: "Spear", type: "weapon", system: { equipped: true, pulse: { use: "pole", baseChance: 45 } } },
  ]);
  const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Lane", grid: { type: 2, size: 100 } });
  const at = (i: number, j: number) => {
    const c = scene.grid.getCenterPoint({ i, j });
    return { x: Math.round(c.x - scene.grid.sizeX / 2), y: Math.round(c.y - scene.grid.sizeY / 2) };
  };
  const { tokens: [ta], combat } = await fightOnScene(gm, scene, [
    { actor: ada, token: { disposition: 1, rotation: 270, ...at(0, 0) } },
    { actor: wolf, token: { disposition: -1, rotation: 90, ...at(0, wolfAt) } },
  ]);
  gm.runtime.dialogs.responder = () => "none";
  await gm.game.combats.get(combat.id).startCombat();
  await settle();
  const token = (client: any) => client.game.scenes.get(scene.id).tokens.get(ta.id);
  const walk = async (j: number) => {
    await token(alice).update(at(0, j));
    await settle();
  };
  /** Alice attacks the Wolf from Ada's sheet; the card, or null when nothing was posted. */
  const attack = async (itemId: string) => {
    const before = gm.game.messages.size;
    alice.runtime.dialogs.responder = () => ({ defender: wolf.id, kind: "normal" });
    await alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId } });
    await settle();
    return gm.game.messages.size > before ? gm.game.messages.contents.at(-1) : null;
  };
  /** Side initiative, the party (9 against 2) first: Ada acts. */
  const partyActs = async () => {
    scriptDraws(gm, [[9, 10], [2, 10]], AFTER);
    await gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    await gm.ui.combat.runAction("boutFightAction", { actionId: "first:party" });
    await settle();
  };
  const state = () => gm.game.combats.get(combat.id).machineState;
  return { world, gm, alice, at, token, walk, attack, partyActs, state, combat, ids: { sword: sword.id as string, spear: spear.id as string, ta: ta.id as string, scene: scene.id as string } };
}

describe("seed 004 [13.1], [16.4]: a blow reaches only the attacker's melee zone", () => {
  it("two hexes from the Wolf, Ada's sword does not reach: refused with the reason, nothing posted; a step on and it does", async () => {
    const f = await lane(2);
    await f.partyActs();
    const mark = f.world.server.writes.length;
    expect(await f.attack(f.ids.sword)).toBe(null);
    expect(f.alice.notices.at(-1)?.message).toBe("Wolf is not in Ada's melee zone: a blow reaches only the hexes just ahead of the attacker.");
    expect(f.world.writesSince(mark)).toEqual([]);
    await f.walk(1);
    const card = await f.attack(f.ids.sword);
    expect(card).not.toBe(null);
    expect(JSON.parse(card.system.declaration)).toMatchObject({ weapon: "Sword", strike: { baseChance: expect.any(Number) } });
  });
});

describe("seed 004 [13.1], [14.2-8]: the pulse's walk and the attack are one action", () => {
  it("Ada (TMR 5) walks 3 hexes and then 2 to the Wolf: a charge after 5 is refused (half TMR is 2), nothing posted; her spear's charge may follow the whole 5", async () => {
    const f = await lane(6);
    await f.partyActs();
    await f.walk(3);
    await f.walk(5);
    expect(f.token(f.gm).x).toBe(f.at(0, 5).x);
    expect(f.token(f.gm).movementHistory.map((w: any) => w.x)).toEqual([f.at(0, 0).x, f.at(0, 3).x, f.at(0, 5).x]);
    const mark = f.world.server.writes.length;
    expect(await f.attack(f.ids.sword)).toBe(null);
    expect(f.alice.notices.at(-1)?.message).toBe("Ada has moved 5 hexes this pulse; an attack made as Charge allows at most 2.");
    expect(f.world.writesSince(mark)).toEqual([]);
    expect(await f.attack(f.ids.spear)).not.toBe(null);
  });

  it("two hexes walked, the charge goes", async () => {
    const f = await lane(3);
    await f.partyActs();
    await f.walk(2);
    expect(await f.attack(f.ids.sword)).not.toBe(null);
  });

  it("an emptied record and a zeroed count, written past Alice's hooks, buy nothing: the GM counts the 5 hexes it saw", async () => {
    const f = await lane(6);
    await f.partyActs();
    await f.walk(5);
    const client = f.alice.runtime.client;
    await f.world.server.request(client, "modifyDocument", () =>
      f.world.server.update(client, "Token", [{ documentName: "Scene", id: f.ids.scene }], [{ _id: f.ids.ta, _movementHistory: [], "flags.bout.pulseMove": { combat: f.combat.id, pulse: f.state().pulse, used: 0 } }], { isUndo: true }),
    );
    await settle();
    expect(f.token(f.gm).movementHistory).toEqual([]);
    expect(await f.attack(f.ids.sword)).toBe(null);
    expect(f.alice.notices.at(-1)?.message).toBe("Ada has moved 5 hexes this pulse; an attack made as Charge allows at most 2.");
  });

  it("each pulse's walk is its own: the step that begins the next pulse clears the record, and a short walk then lets Ada charge", async () => {
    const f = await lane(8);
    await f.partyActs();
    await f.walk(5);
    expect(f.token(f.gm).movementHistory).toHaveLength(2);
    // The Wolf's side, then the next pulse.
    while (f.state().pulse === 1) {
      await f.combat.nextTurn();
      await settle();
      if (f.state().pulse === 1 && f.state().step.kind === "side" && f.state().step.index === 1) await f.combat.nextRound();
      await settle();
    }
    expect(f.token(f.gm).movementHistory).toEqual([]);
    await f.partyActs();
    await f.walk(7);
    expect(await f.attack(f.ids.sword)).not.toBe(null);
  });
});
