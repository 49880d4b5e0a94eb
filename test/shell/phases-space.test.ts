// Effective Space on the canvas (seed 001_e84cf39f805b9fd9.txt, "1. Movement":
// a character simply moving may not travel inside the Effective Space of a
// character engaged in combat; the paces per weapon are our default). In the
// Movement phase of a running round, a free mover's token move that passes
// through an engaged fighter's space is refused on the mover's own client
// (preUpdateToken, which Foundry runs only for the user asking for the update)
// with the names, and nothing is written.
import { describe, expect, it } from "vitest";
import { scriptDraws, settle, tableOfThree } from "./support";

// When the scripted draws run out: 5 on a d10, as these tests were written with.
const AFTER = [5, 10] as const;

/**
 * A scene of 100-pixel squares, one pace each. Ada (Alice) only moves; Bran
 * (Bob, sword: 2 paces) and Cole (the GM's, spear: 3 paces) fight each other.
 * Token centres in paces: Ada (0.5, 5.5), Bran (10.5, 5.5), Cole (14.5, 5.5).
 */
async function field(grid: Record<string, unknown> = { size: 100, distance: 1, units: "paces" }) {
  const { world, gm, alice, bob, Actor } = await tableOfThree("phases");
  // Ada's Quickness 10: her hustle covers 25 paces (Movement Table), room for the detours below.
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { phases: { qik: 10 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { phases: { initiative: 5 } } });
  const cole = await Actor.create({ name: "Cole", type: "npc", system: { phases: {} } });
  const [sword] = await bran.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { phases: { range: "reach", minRange: "touch" } } }]);
  const [spear] = await cole.createEmbeddedDocuments("Item", [{ name: "Spear", type: "weapon", system: { phases: { range: "close", minRange: "touch" } } }]);
  const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Ford", active: true, grid });
  const [ta, tb, tc] = await scene.createEmbeddedDocuments("Token", [
    { name: "Ada", actorId: ada.id, actorLink: true, x: 0, y: 500 },
    { name: "Bran", actorId: bran.id, actorLink: true, x: 1000, y: 500 },
    { name: "Cole", actorId: cole.id, actorLink: true, x: 1400, y: 500 },
  ]);
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const [ca, cb, cc] = await combat.createEmbeddedDocuments("Combatant", [
    { actorId: ada.id, tokenId: ta.id, sceneId: scene.id, name: "Ada" },
    { actorId: bran.id, tokenId: tb.id, sceneId: scene.id, name: "Bran" },
    { actorId: cole.id, tokenId: tc.id, sceneId: scene.id, name: "Cole" },
  ]);
  alice.runtime.dialogs.responder = () => ({ action: "move", movement: "hustle" });
  bob.runtime.dialogs.responder = () => ({ action: "melee", movement: "hustle", weaponId: sword.id, range: "reach", [`opponent-${cc.id}`]: true });
  gm.runtime.dialogs.responder = () => ({ action: "melee", weaponId: spear.id, range: "reach", [`opponent-${cb.id}`]: true });
  await settle();
  const stateOf = () => gm.game.combats.get(combat.id).machineState;
  const token = (client: any, id: string) => client.game.scenes.get(scene.id).tokens.get(id);
  return { world, gm, alice, bob, combat, scene, stateOf, token, adaId: ada.id as string, ta: ta.id as string, tb: tb.id as string, tc: tc.id as string, ca: ca.id as string, cb: cb.id as string, cc: cc.id as string };
}
type Field = Awaited<ReturnType<typeof field>>;

/** Starts the fight, everyone declares (dialog answers above), and the GM's step rolls Initiative: the Movement phase's turns begin. */
async function toMovement(f: Field) {
  await f.combat.startCombat();
  await settle();
  scriptDraws(f.gm, [[5, 10], [5, 10], [5, 10]], AFTER);
  await f.gm.ui.combat.runAction("boutNextStep", {});
  await settle();
  expect(f.stateOf()).toMatchObject({ phase: "movement", stage: "act" });
  expect(f.stateOf().engagements).toHaveLength(1);
}

describe("Effective Space in the Movement phase (seed 001, 1. Movement)", () => {
  it("Ada, only moving, cannot be dragged straight through the fight: refused with the names, and nothing is written", async () => {
    const f = await field();
    await toMovement(f);
    const mark = f.world.server.writes.length;
    const moved = await f.token(f.alice, f.ta).update({ x: 2000, y: 500 });
    await settle();
    expect(moved).toBeUndefined();
    expect(f.alice.notices.at(-1)?.message).toBe("Ada is only moving this round and cannot pass through the Effective Space of an engaged fighter (Bran, Cole): go around.");
    expect(f.world.writesSince(mark)).toEqual([]);
    expect(f.token(f.gm, f.ta).x).toBe(0);
    // Passing 1.5 paces from Bran (inside his sword's 2) and clear of Cole's 3: Bran alone is named.
    await f.token(f.alice, f.ta).update({ x: 1000, y: 350 });
    await settle();
    expect(f.alice.notices.at(-1)?.message).toContain("(Bran)");
    expect(f.world.writesSince(mark)).toEqual([]);
  });

  it("a move Alice's own client never checked (a raw write past her hooks) is judged again on the GM's client and put back, with a notice to the GM", async () => {
    const f = await field();
    await toMovement(f);
    const client = f.alice.runtime.client;
    await f.world.server.request(client, "modifyDocument", () => f.world.server.update(client, "Token", [{ documentName: "Scene", id: f.scene.id }], [{ _id: f.ta, x: 2000, y: 500 }], {}));
    await settle();
    expect(f.token(f.gm, f.ta)).toMatchObject({ x: 0, y: 500 });
    expect(f.token(f.alice, f.ta)).toMatchObject({ x: 0, y: 500 });
    expect(f.gm.notices.at(-1)?.message).toBe("Ada is only moving this round and cannot pass through the Effective Space of an engaged fighter (Bran, Cole): go around.");
  });

  it("going around on v13 waypoints, or stopping short, is allowed", async () => {
    const f = await field();
    await toMovement(f);
    // Stopping 3 paces short of Bran: outside his 2.
    await f.token(f.alice, f.ta).update({ x: 700, y: 500 });
    await settle();
    expect(f.token(f.gm, f.ta).x).toBe(700);
    // Up to row 0 and across: 5 paces from both, then down well past Cole.
    const waypoints = [{ x: 700, y: 0 }, { x: 2000, y: 0 }, { x: 2000, y: 500 }];
    await f.token(f.alice, f.ta).update({ x: 2000, y: 500 }, { movement: { [f.ta]: { waypoints } } });
    await settle();
    expect(f.alice.notices).toEqual([]);
    expect(f.token(f.gm, f.ta)).toMatchObject({ x: 2000, y: 500 });
  });

  it("a waypoint that cuts through the space is refused even when the end point is clear", async () => {
    const f = await field();
    await toMovement(f);
    const mark = f.world.server.writes.length;
    await f.token(f.alice, f.ta).update({ x: 2000, y: 0 }, { movement: { [f.ta]: { waypoints: [{ x: 1000, y: 400 }, { x: 2000, y: 0 }] } } });
    await settle();
    expect(f.alice.notices.at(-1)?.message).toContain("(Bran");
    expect(f.world.writesSince(mark)).toEqual([]);
  });

  it("binds only free movers in the Movement phase's turns: not before the engagements are settled, not the engaged, and not once the GM turns it off", async () => {
    const f = await field();
    await f.combat.startCombat();
    await settle();
    // Declarations are in, Initiative is not: nobody is engaged yet.
    expect(f.stateOf().stage).toBe("initiative");
    await f.token(f.alice, f.ta).update({ x: 100, y: 500 });
    await settle();
    expect(f.token(f.gm, f.ta).x).toBe(100);
    scriptDraws(f.gm, [[5, 10], [5, 10], [5, 10]], AFTER);
    await f.gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    // Bran is engaged, so not simply moving: he may step through Cole's space.
    await f.token(f.bob, f.tb).update({ x: 1800, y: 500 });
    await settle();
    expect(f.bob.notices).toEqual([]);
    expect(f.token(f.gm, f.tb).x).toBe(1800);
    // The GM's switch.
    await f.gm.game.settings.set("bout", "phasesEffectiveSpace", false);
    await settle();
    await f.token(f.alice, f.ta).update({ x: 2500, y: 500 });
    await settle();
    expect(f.alice.notices).toEqual([]);
    expect(f.token(f.gm, f.ta).x).toBe(2500);
  });

  it("Scene Levels (v14): Bran and Cole fight on the ground floor, so Ada walking the gallery above them passes; with no levels (v13) the same walk is refused", async () => {
    const f = await field();
    // The GM places the three on their levels before the fight (v13 has no level field: it is dropped).
    await f.token(f.gm, f.tb).update({ level: "ground" });
    await f.token(f.gm, f.tc).update({ level: "ground" });
    await f.token(f.gm, f.ta).update({ level: "gallery" });
    await toMovement(f);
    const v14 = f.gm.game.release.generation >= 14;
    expect(f.token(f.gm, f.ta).level).toBe(v14 ? "gallery" : undefined);
    const mark = f.world.server.writes.length;
    const moved = await f.token(f.alice, f.ta).update({ x: 2000, y: 500 });
    await settle();
    if (v14) {
      // Allowed on her client and again on the GM's (nothing is put back).
      expect(moved).toBeDefined();
      expect(f.token(f.gm, f.ta).x).toBe(2000);
      expect(f.gm.notices.filter((n: { message: string }) => n.message.includes("Effective Space"))).toEqual([]);
    } else {
      expect(moved).toBeUndefined();
      expect(f.world.writesSince(mark)).toEqual([]);
      expect(f.token(f.gm, f.ta).x).toBe(0);
    }
  });

  it("reads the scene's grid: at 5 feet a square, Bran's 2-pace space is 1.2 squares, so passing 1 square off is inside", async () => {
    const f = await field({ size: 100, distance: 5, units: "ft" });
    await toMovement(f);
    // 1 square = 5 ft = 5/3 paces < 2.
    await f.token(f.alice, f.ta).update({ x: 1000, y: 400 });
    await settle();
    expect(f.alice.notices.at(-1)?.message).toContain("Bran");
    expect(f.token(f.gm, f.ta).x).toBe(0);
    // 2 squares off = 10/3 paces: clear of Bran's 2 and of Cole's 3 (Cole is 4 squares further on: farther still).
    await f.token(f.alice, f.ta).update({ x: 1000, y: 300 });
    await settle();
    expect(f.token(f.gm, f.ta).y).toBe(300);
  });
});

describe("Movement in the Movement phase is limited to the declared mode's range (seed 001, 1. Movement and its Movement Table)", () => {
  it("Ada declared a walk (9 + Quickness 10 = 19 paces): 20 paces is refused on her client with the figures, nothing written; 19 is allowed", async () => {
    const f = await field();
    f.alice.runtime.dialogs.responder = () => ({ action: "move", movement: "walk" });
    await toMovement(f);
    const mark = f.world.server.writes.length;
    // Straight down, clear of the fight: 20 squares of one pace.
    await f.token(f.alice, f.ta).update({ x: 0, y: 2500 });
    await settle();
    expect(f.alice.notices.at(-1)?.message).toBe("Ada declared \u201cWalk\u201d for this round's movement: at most 19 paces, and this move covers 20.");
    expect(f.world.writesSince(mark)).toEqual([]);
    expect(f.token(f.gm, f.ta).y).toBe(500);
    await f.token(f.alice, f.ta).update({ x: 0, y: 2400 });
    await settle();
    expect(f.token(f.gm, f.ta).y).toBe(2400);
  });

  it("a move past Alice's own hooks is judged again on the GM's client and put back, with the reason", async () => {
    const f = await field();
    f.alice.runtime.dialogs.responder = () => ({ action: "move", movement: "walk" });
    await toMovement(f);
    const client = f.alice.runtime.client;
    await f.world.server.request(client, "modifyDocument", () => f.world.server.update(client, "Token", [{ documentName: "Scene", id: f.scene.id }], [{ _id: f.ta, x: 0, y: 2500 }], {}));
    await settle();
    expect(f.token(f.gm, f.ta)).toMatchObject({ x: 0, y: 500 });
    expect(f.gm.notices.at(-1)?.message).toBe("Ada declared \u201cWalk\u201d for this round's movement: at most 19 paces, and this move covers 20.");
  });

  it("one who declared to stay put does not move in the Movement phase", async () => {
    const f = await field();
    f.alice.runtime.dialogs.responder = () => ({ action: "none" });
    await toMovement(f);
    await f.token(f.alice, f.ta).update({ x: 0, y: 600 });
    await settle();
    expect(f.alice.notices.at(-1)?.message).toContain("at most 0 paces");
    expect(f.token(f.gm, f.ta).y).toBe(500);
  });
});
