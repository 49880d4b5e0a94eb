// The storyguide's rulings at the table (seed 001_e84cf39f805b9fd9.txt, "1.
// Movement" and the Initiative Modifiers Table): the GM's Initiative modifier
// reaches any fighter, a player's included ("Storyguides should feel free to
// impose additional modifiers"); a player's charge asks for the run-up and the
// GM rules on it ("adjudicated by the storyguide"); hustling covers "less on
// broken ground or in the dark" as the GM rules; and a fighter who has no blow
// to strike is told why ("Engagement Example": Frederico gets away).
import { describe, expect, it } from "vitest";
import { scriptDraws, settle, tableOfThree } from "./support";
import { everyRow } from "./gm-round";

const AFTER = [5, 10] as const;

/**
 * Ada (Alice's, Initiative 2, sword +1: score 3), Bran (Bob's, Initiative 1),
 * Cole (the GM's). A scene of 100-pixel squares, a pace each: Ada at (0, 5),
 * Bran at (10, 5), Cole at (20, 5).
 */
async function field() {
  const { world, gm, alice, bob, Actor, own } = await tableOfThree("phases");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { phases: { initiative: 2 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { phases: { initiative: 1 } } });
  const cole = await Actor.create({ name: "Cole", type: "npc", system: { phases: { initiative: 0 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { phases: { initiative: 1, range: "reach", minRange: "touch" } } }]);
  const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Moor", active: true, grid: { size: 100, distance: 1, units: "paces" } });
  const [ta, tb, tc] = await scene.createEmbeddedDocuments("Token", [
    { name: "Ada", actorId: ada.id, actorLink: true, x: 0, y: 500 },
    { name: "Bran", actorId: bran.id, actorLink: true, x: 1000, y: 500 },
    { name: "Cole", actorId: cole.id, actorLink: true, x: 2000, y: 500 },
  ]);
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const [ca, cb, cc] = await combat.createEmbeddedDocuments("Combatant", [
    { actorId: ada.id, tokenId: ta.id, sceneId: scene.id, name: "Ada" },
    { actorId: bran.id, tokenId: tb.id, sceneId: scene.id, name: "Bran" },
    { actorId: cole.id, tokenId: tc.id, sceneId: scene.id, name: "Cole" },
  ]);
  bob.runtime.dialogs.responder = () => ({ action: "none" });
  await settle();
  const stateOf = () => gm.game.combats.get(combat.id).machineState;
  const fighter = (id: string) => stateOf().combatants.find((c: any) => c.id === id);
  const trackerHtml = async (client: any) => {
    await client.ui.combat.render({ force: true });
    return client.ui.combat.renderedParts.tracker as string;
  };
  return { world, gm, alice, bob, combat, scene, stateOf, fighter, trackerHtml, adaId: ada.id as string, coleId: cole.id as string, swordId: sword.id as string, ta: ta.id as string, ca: ca.id as string, cb: cb.id as string, cc: cc.id as string };
}
type Field = Awaited<ReturnType<typeof field>>;

/** The GM's rulings on a fighter, from the row's menu (the dialog answered with `values`). */
async function rule(f: Field, combatantId: string, values: Record<string, unknown>) {
  f.gm.runtime.dialogs.responder = () => ({ initiative: 0, runUp: "", hustleLess: 0, ...values });
  await f.gm.ui.combat.runAction("boutTurnChoice", { combatantId, actionId: "ruling" });
  await settle();
}

/** Everyone declares (Cole as the GM's dialog says), then the GM's step rolls every total with stress dice of 5. */
async function declareAndRoll(f: Field, cole: Record<string, unknown> = { action: "none" }) {
  f.gm.runtime.dialogs.responder = everyRow(cole);
  await f.combat.startCombat();
  await settle();
  expect(f.stateOf().stage).toBe("initiative");
}
async function roll(f: Field) {
  scriptDraws(f.gm, [[5, 10], [5, 10], [5, 10]], AFTER);
  await f.gm.ui.combat.runAction("boutNextStep", {});
  await settle();
}

describe("seed 001 '1. Movement': the storyguide's Initiative modifier reaches a player's character", () => {
  it("the GM rules +2 on Alice's Ada from her row: stress 5 + score 3 + 2 = 10, on the tracker; Alice cannot rule it herself", async () => {
    const f = await field();
    f.alice.runtime.dialogs.responder = () => ({ action: "melee", weaponId: f.swordId, range: "reach", [`opponent-${f.cb}`]: true });
    await declareAndRoll(f);
    // Alice's own try at the ruling is not hers to send: refused, nothing written.
    const mark = f.world.server.writes.length;
    const mine = await f.alice.game.combats.get(f.combat.id).command({ type: "rule", combatantId: f.ca, initiative: 9 });
    expect(mine.ok).toBe(false);
    expect(f.world.writesSince(mark)).toEqual([]);
    // The GM's ruling: one write.
    await rule(f, f.ca, { initiative: 2 });
    expect(f.world.writesSince(mark)).toHaveLength(1);
    expect(f.fighter(f.ca).ruling).toEqual({ initiative: 2 });
    await roll(f);
    expect(f.fighter(f.ca).total).toBe(10);
    const html = await f.trackerHtml(f.alice);
    expect(html).toContain("Initiative Total 10");
    expect(html).toContain("Storyguide +2");
    // Rolled: the modifier stands as it was; a change now is refused with the reason.
    await rule(f, f.ca, { initiative: 4 });
    expect(f.gm.notices.at(-1)?.message).toBe("Too late to change that ruling: the Initiative Total is rolled (for the modifier and the run-up), or the Movement phase is over (for the ground).");
    expect(f.fighter(f.ca).total).toBe(10);
  });
});

describe("seed 001 Initiative Modifiers Table, second footnote: the run-up is the storyguide's ruling", () => {
  it("Alice ticks the run-up for Ada's charge: it is asked for, not granted (total 5 + 3 = 8); once the GM allows it, 8 + 3 = 11", async () => {
    const f = await field();
    f.alice.runtime.dialogs.responder = () => ({ action: "melee", weaponId: f.swordId, range: "reach", [`opponent-${f.cb}`]: true, charging: true, runUpRoom: true });
    await declareAndRoll(f);
    expect(f.fighter(f.ca).declaration).toMatchObject({ charging: true, runUpRoom: false, runUpAsked: true });
    expect(await f.trackerHtml(f.gm)).toContain("Asks for a run-up");
    // The player's dialog asks; it does not promise the +3.
    expect(f.alice.runtime.dialogs.asked.find((a: any) => String(a.config?.content ?? "").includes('name="runUpRoom"'))?.config.content).toContain("Ask the storyguide for room for a run-up");

    await rule(f, f.ca, { runUp: "yes" });
    expect(await f.trackerHtml(f.gm)).toContain("Run-up allowed");
    await roll(f);
    expect(f.fighter(f.ca).total).toBe(11);
  });

  it("left unruled, the asked-for run-up adds nothing: 8", async () => {
    const f = await field();
    f.alice.runtime.dialogs.responder = () => ({ action: "melee", weaponId: f.swordId, range: "reach", [`opponent-${f.cb}`]: true, charging: true, runUpRoom: true });
    await declareAndRoll(f);
    await roll(f);
    expect(f.fighter(f.ca).total).toBe(8);
  });
});

describe("seed 001 '1. Movement': hustling covers less on broken ground or in the dark, as the GM rules", () => {
  it("the GM rules Ada's hustle 6 paces less: 15 becomes 9; a drag of 10 is refused with the notice and nothing written, 9 goes", async () => {
    const f = await field();
    f.alice.runtime.dialogs.responder = () => ({ action: "move", movement: "hustle" });
    await declareAndRoll(f);
    await rule(f, f.ca, { hustleLess: 6 });
    await roll(f);
    // Ada's total is the highest (5 + 3): she moves first.
    expect(f.stateOf()).toMatchObject({ phase: "movement", stage: "act" });
    expect(f.stateOf().order[0]).toBe(f.ca);
    const token = (client: any) => client.game.scenes.get(f.scene.id).tokens.get(f.ta);
    const mark = f.world.server.writes.length;
    await token(f.alice).update({ x: 1000, y: 500 });
    await settle();
    expect(f.alice.notices.at(-1)?.message).toBe("Ada declared “Hustle” for this round's movement: on this ground at most 9 paces in the round (6 less, as the storyguide ruled), and this move brings it to 10.");
    expect(f.world.writesSince(mark)).toEqual([]);
    await token(f.alice).update({ x: 900, y: 500 });
    await settle();
    expect(token(f.gm).x).toBe(900);
    expect(await f.trackerHtml(f.alice)).toContain("Hustle, paces less 6");
  });
});

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

describe("seed 001 'Engagement Example': a fighter who cannot strike is told why", () => {
  it("Cole routs with the higher total and gets away from Ada: her blow at him in the Melee phase is refused because he got away, not for the turn", async () => {
    const f = await field();
    f.alice.runtime.dialogs.responder = () => ({ action: "melee", weaponId: f.swordId, range: "reach", [`opponent-${f.cc}`]: true });
    await declareAndRoll(f, { action: "rout", movement: "sprint" });
    // Cole routs: 5 + 0 + 6 = 11 beats Ada's 8.
    await roll(f);
    expect(f.stateOf().escapes).toEqual([{ combatantId: f.cc, from: f.ca }]);
    for (let i = 0; i < 10 && f.stateOf().phase !== "melee"; i++) {
      await f.gm.ui.combat.runAction("boutNextStep", {});
      await settle();
    }
    expect(f.stateOf().phase).toBe("melee");
    const mark = f.world.server.writes.length;
    const actors = f.alice.game.actors;
    const outcome = await hooks(f.alice).postCard("phases.attack", actors.get(f.adaId), actors.get(f.coleId), { weaponId: f.swordId, modifier: 0 }, f.combat.id);
    expect(outcome.refusal?.code).toBe("phases.card.escaped");
    expect(f.alice.notices.at(-1)?.message).toBe("Cole got away from this fighter this round: there is no blow to strike at them.");
    expect(f.world.writesSince(mark)).toEqual([]);
  });
});
