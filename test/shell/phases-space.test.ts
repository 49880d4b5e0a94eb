// Effective Space on the canvas (seed 001_e84cf39f805b9fd9.txt, "1. Movement":
// a character simply moving may not travel inside the Effective Space of a
// character engaged in combat; the paces per weapon are our default). In the
// Movement phase of a running round, a free mover's token move that passes
// through an engaged fighter's space is refused on the mover's own client
// (preUpdateToken, which Foundry runs only for the user asking for the update)
// with the names, and nothing is written.
import { describe, expect, it } from "vitest";
import { scriptDraws, settle, tableOfThree } from "./support";
import { everyRow } from "./gm-round";
import { isV14 } from "../harness/version";

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
  gm.runtime.dialogs.responder = everyRow({ action: "melee", weaponId: spear.id, range: "reach", [`opponent-${cb.id}`]: true });
  await settle();
  const stateOf = () => gm.game.combats.get(combat.id).machineState;
  const token = (client: any, id: string) => client.game.scenes.get(scene.id).tokens.get(id);
  return { world, gm, alice, bob, combat, scene, stateOf, token, adaId: ada.id as string, ta: ta.id as string, tb: tb.id as string, tc: tc.id as string, ca: ca.id as string, cb: cb.id as string, cc: cc.id as string };
}
type Field = Awaited<ReturnType<typeof field>>;

/** Whose turn it is in the phase. */
const actingNow = (f: Field) => f.stateOf().order[f.stateOf().turn];

/** The GM's Next Turn until it is `combatantId`'s turn in the phase. */
async function turnOf(f: Field, combatantId: string) {
  for (let i = 0; i < 4 && actingNow(f) !== combatantId; i++) {
    await f.combat.nextTurn();
    await settle();
  }
  expect(actingNow(f)).toBe(combatantId);
}

/**
 * Starts the fight, everyone declares (dialog answers above), and the GM's step rolls Initiative: the Movement
 * phase's turns begin, Bran's first (his Initiative 5 puts his total highest); then on to `who`'s turn (Ada's unless told).
 */
async function toMovement(f: Field, who: string | null = f.ca) {
  await f.combat.startCombat();
  await settle();
  scriptDraws(f.gm, [[5, 10], [5, 10], [5, 10]], AFTER);
  await f.gm.ui.combat.runAction("boutNextStep", {});
  await settle();
  expect(f.stateOf()).toMatchObject({ phase: "movement", stage: "act" });
  expect(f.stateOf().engagements).toHaveLength(1);
  expect(actingNow(f)).toBe(f.cb);
  if (who) await turnOf(f, who);
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
    // A sprint (30 + Quickness 10 = 40 paces): the stop and the detour are 7 + 23 paces in the round.
    f.alice.runtime.dialogs.responder = () => ({ action: "move", movement: "sprint" });
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
    // Declarations are in, Initiative is not: nobody is engaged yet, and the GM places Ada where he likes.
    expect(f.stateOf().stage).toBe("initiative");
    await f.token(f.gm, f.ta).update({ x: 2000, y: 500 });
    await settle();
    expect(f.token(f.gm, f.ta).x).toBe(2000);
    await f.token(f.gm, f.ta).update({ x: 100, y: 500 });
    scriptDraws(f.gm, [[5, 10], [5, 10], [5, 10]], AFTER);
    await f.gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    // Bran is engaged, so not simply moving: in his turn he may step through Cole's space.
    expect(actingNow(f)).toBe(f.cb);
    await f.token(f.bob, f.tb).update({ x: 1800, y: 500 });
    await settle();
    expect(f.bob.notices).toEqual([]);
    expect(f.token(f.gm, f.tb).x).toBe(1800);
    // The GM's switch.
    await f.gm.game.settings.set("bout", "phasesEffectiveSpace", false);
    await settle();
    await turnOf(f, f.ca);
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
    expect(f.alice.notices.at(-1)?.message).toBe("Ada declared \u201cWalk\u201d for this round's movement: at most 19 paces in the round, and this move brings it to 20.");
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
    expect(f.gm.notices.at(-1)?.message).toBe("Ada declared \u201cWalk\u201d for this round's movement: at most 19 paces in the round, and this move brings it to 20.");
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

// Seed 001 "1. Movement": the Movement Table gives paces per round, and movement resolves "in order from highest to
// lowest Initiative Total" in the Movement phase. Every drag of the round counts (Foundry's movement record, cleared
// when the round's Movement phase begins), a player's token moves only in its fighter's turn of that phase, and the
// GM's client judges a move past the player's own hooks against what it knows the token moved.
describe("a round's movement, counted over the round and taken in turn (seed 001, 1. Movement and its Movement Table)", () => {
  /** Ada with Quickness 0: her hustle covers 15 + 0 + 0 = 15 paces. Drags go straight down, clear of the fight. */
  async function hustle15() {
    const f = await field();
    await f.gm.game.actors.get(f.adaId).update({ "system.phases.qik": 0 });
    await settle();
    await toMovement(f);
    const drag = async (client: any, y: number) => {
      await f.token(client, f.ta).update({ x: 0, y });
      await settle();
    };
    return { ...f, drag };
  }
  const raw = (f: Field, change: Record<string, unknown>, options: Record<string, unknown> = {}) => {
    const client = f.alice.runtime.client;
    return f.world.server.request(client, "modifyDocument", () => f.world.server.update(client, "Token", [{ documentName: "Scene", id: f.scene.id }], [{ _id: f.ta, ...change }], options));
  };

  it("Ada hustles 15: drags of 10 and 5 paces are hers; a third of 10, to 25 in the round, is refused with the figures, nothing written", async () => {
    const f = await hustle15();
    await f.drag(f.alice, 1500);
    await f.drag(f.alice, 2000);
    expect(f.token(f.gm, f.ta).y).toBe(2000);
    expect(f.token(f.gm, f.ta).movementHistory.map((w: any) => w.y)).toEqual([500, 1500, 2000]);
    const mark = f.world.server.writes.length;
    await f.drag(f.alice, 3000);
    expect(f.alice.notices.at(-1)?.message).toBe("Ada declared \u201cHustle\u201d for this round's movement: at most 15 paces in the round, and this move brings it to 25.");
    expect(f.world.writesSince(mark)).toEqual([]);
    expect(f.token(f.gm, f.ta).y).toBe(2000);
  });

  it("past her own hooks, the GM counts what it saw her move this round: an emptied record buys nothing, and the move is put back", async () => {
    const f = await hustle15();
    await f.drag(f.alice, 1500);
    await f.drag(f.alice, 2000);
    // Alice's client wipes the record (as only an undo may), then writes a 10-pace move straight to the server.
    await raw(f, { _movementHistory: [] }, { isUndo: true });
    await settle();
    expect(f.token(f.gm, f.ta).movementHistory).toEqual([]);
    await raw(f, { x: 0, y: 3000 });
    await settle();
    expect(f.token(f.gm, f.ta)).toMatchObject({ x: 0, y: 2000 });
    expect(f.gm.notices.at(-1)?.message).toBe("Ada declared \u201cHustle\u201d for this round's movement: at most 15 paces in the round, and this move brings it to 25.");
  });

  it("the next round's Movement phase starts the count again, in the step that begins it", async () => {
    const f = await hustle15();
    await f.drag(f.alice, 2000);
    while (f.stateOf().stage !== "over") {
      await f.combat.nextTurn();
      await settle();
    }
    await f.combat.nextRound();
    await settle();
    scriptDraws(f.gm, [[5, 10], [5, 10], [5, 10]], AFTER);
    for (const client of [f.alice, f.bob, f.gm]) expect(client).toBeDefined();
    await f.gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    if (f.stateOf().stage !== "act") {
      scriptDraws(f.gm, [[5, 10], [5, 10], [5, 10]], AFTER);
      await f.gm.ui.combat.runAction("boutNextStep", {});
      await settle();
    }
    expect(f.stateOf()).toMatchObject({ round: 2, phase: "movement", stage: "act" });
    expect(f.token(f.gm, f.ta).movementHistory).toEqual([]);
    await turnOf(f, f.ca);
    await f.drag(f.alice, 3500);
    expect(f.token(f.gm, f.ta).y).toBe(3500);
  });

  it("in the Melee phase Ada moves no more: 40 paces are refused with a notice; past her hooks the GM puts them back", async () => {
    const f = await hustle15();
    while (f.stateOf().phase === "movement") {
      await f.combat.nextTurn();
      await settle();
    }
    expect(f.stateOf().stage).toBe("act");
    const mark = f.world.server.writes.length;
    await f.drag(f.alice, 4500);
    expect(f.alice.notices.at(-1)?.message).toBe("Ada moves only in their own turn of the Movement phase, after everyone has declared and rolled.");
    expect(f.world.writesSince(mark)).toEqual([]);
    await raw(f, { x: 0, y: 4500 });
    await settle();
    expect(f.token(f.gm, f.ta)).toMatchObject({ x: 0, y: 500 });
    expect(f.gm.notices.at(-1)?.message).toBe("Ada moves only in their own turn of the Movement phase, after everyone has declared and rolled.");
  });

  it("tokens move in the movement order: in Bran's turn Ada's drag is refused (and put back past her hooks); in hers it goes; the GM places anyone", async () => {
    const f = await field();
    await toMovement(f, null);
    expect(actingNow(f)).toBe(f.cb);
    const mark = f.world.server.writes.length;
    await f.token(f.alice, f.ta).update({ x: 0, y: 1000 });
    await settle();
    expect(f.alice.notices.at(-1)?.message).toBe("It is not Ada's turn to move: fighters move one at a time in the Movement phase, highest Initiative Total first.");
    expect(f.world.writesSince(mark)).toEqual([]);
    await raw(f, { x: 0, y: 1000 });
    await settle();
    expect(f.token(f.gm, f.ta).y).toBe(500);
    expect(f.gm.notices.at(-1)?.message).toBe("It is not Ada's turn to move: fighters move one at a time in the Movement phase, highest Initiative Total first.");
    // The GM places Ada a pace on out of her turn (it counts in her round).
    await f.token(f.gm, f.ta).update({ x: 0, y: 600 });
    await settle();
    expect(f.token(f.gm, f.ta).y).toBe(600);
    await turnOf(f, f.ca);
    await f.token(f.alice, f.ta).update({ x: 0, y: 1000 });
    await settle();
    expect(f.token(f.gm, f.ta).y).toBe(1000);
  });

  // v13 has no levels: the climb has nothing to check there.
  it.runIf(isV14())("Scene Levels (v14): Ada climbing to the gallery out of her turn is refused; in her turn the climb costs no paces, so her whole hustle is left", async () => {
    const f = await field();
    await f.gm.game.actors.get(f.adaId).update({ "system.phases.qik": 0 });
    await toMovement(f, null);
    await f.token(f.alice, f.ta).update({ level: "gallery" });
    await settle();
    expect(f.alice.notices.at(-1)?.message).toBe("It is not Ada's turn to move: fighters move one at a time in the Movement phase, highest Initiative Total first.");
    expect(f.token(f.gm, f.ta).level).toBe("");
    await turnOf(f, f.ca);
    await f.token(f.alice, f.ta).update({ level: "gallery" });
    await f.token(f.alice, f.ta).update({ x: 0, y: 2000 });
    await settle();
    expect(f.token(f.gm, f.ta)).toMatchObject({ level: "gallery", y: 2000 });
  });
});
