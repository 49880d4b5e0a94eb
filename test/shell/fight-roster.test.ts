// Who is in the fight (issue 31): the fight follows the encounter. A combatant added to a running fight joins
// it in every ruleset (steel: it enters a bout, and dragging it into another works); one marked defeated or
// removed leaves its bouts and engagements; a fighter outside the fight's order is refused with a notice, never
// half accepted. Each change comes through Foundry's own doors (the tracker, createCombatant, deleteCombatant,
// updateCombatant) and reaches the fight through the active GM's queue, in one write. Seed 000 "Melee Combat"
// (bouts), 001 "Combat Sequence", 002 I, 003 "Combat Summary", 004 [12].
import { describe, expect, it } from "vitest";
import { crowdFight, scriptFaces, settle, shownWrites, STEEL_SWORD, steelCutFromSheet, steelSwordsmen, steelThrownBout, tableOfThree } from "./support";

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

/** Ada (Alice's) red and Bran (Bob's) white in the Field bout of a running steel fight; Cole, the GM's, not yet in it. */
async function steelField() {
  const t = await tableOfThree("steel");
  const { ada, bran, swordId } = await steelSwordsmen(t.world, t.gm);
  const cole = await t.Actor.create({ name: "Cole", type: "npc", system: { steel: { agility: 5, wit: 4, proficiency: 5 } } });
  const [coleSword] = await cole.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { equipped: true, steel: STEEL_SWORD } }]);
  await settle();
  const bout = await steelThrownBout(t, ada, bran);
  const combat = () => t.gm.game.combats.get(bout.combat.id);
  const fighter = (id: string) => combat().machineState.combatants.find((c: any) => c.id === id);
  return { ...t, ...bout, ada, bran, cole, swordId, coleSword: coleSword.id as string, combat, fighter };
}
type Field = Awaited<ReturnType<typeof steelField>>;

/** The GM adds Cole to the running fight, as the tracker or a token's "Toggle Combat State" does: one create. */
async function addCole(f: Field) {
  const [cc] = await f.combat().createEmbeddedDocuments("Combatant", [{ actorId: f.cole.id, name: "Cole" }]);
  await settle();
  return cc.id as string;
}

/** Cole (the GM's) cuts at Bran with `dice`; Bob parries with 2 dice; the GM's client rolls these faces. */
async function coleAttacksBran(f: Field, dice: number, faces: number[]) {
  const posted = await hooks(f.gm).postCard("steel.exchange", f.gm.game.actors.get(f.cole.id), f.gm.game.actors.get(f.bran.id), { weaponId: f.coleSword, maneuverId: "cut", zone: 5, dice }, f.combat().id);
  await settle();
  if (!posted.ok) return posted;
  const card = f.gm.game.messages.contents.at(-1);
  f.bob.runtime.dialogs.responder = () => ({ maneuver: "parry", dice: 2 });
  scriptFaces(f.gm, 10, faces);
  await hooks(f.bob).defendFromCard(f.bob.game.messages.get(card.id));
  await settle();
  return posted;
}

describe("issue 31 'Who is in the fight': steel, seed 000 'Melee Combat'", () => {
  it("Cole added to the running fight enters a bout of his own with his pool, in one write; his attack then draws on that pool", async () => {
    const f = await steelField();
    const mark = f.world.server.writes.length;
    const cc = await addCole(f);
    // The create, then the fight's one write: Cole in the bout of the fighters nobody grouped.
    expect(shownWrites(f.world, mark)).toEqual(["create Combatant", "update Combat"]);
    const cole = f.fighter(cc);
    expect(cole).toMatchObject({ boutId: "bout", cp: cole.poolMax, thrown: null });
    expect(cole.poolMax).toBeGreaterThan(0);
    expect(f.combat().machineState.bouts.map((b: any) => b.id)).toEqual([f.group.id, "bout"]);
    // Drag him into the Field bout, where Ada and Bran fight: the group and the bout agree.
    const moved = await f.gm.ui.combat.moveCombatant(cc, f.group.id);
    expect(moved.ok).toBe(true);
    await settle();
    expect(f.fighter(cc).boutId).toBe(f.group.id);
    // His cut (3 dice) comes off the pool the bout keeps: 10s hit, Bran's 1s fail.
    const before = f.fighter(cc).cp;
    const posted = await coleAttacksBran(f, 3, [10, 10, 10, 1, 1]);
    expect(posted.ok).toBe(true);
    expect(f.fighter(cc).cp).toBe(before - 3);
  });

  it("a fighter of the encounter the fight's order does not hold (a fight saved before he joined) is refused with a notice: no card, no spend", async () => {
    const f = await steelField();
    const cc = await addCole(f);
    // The GM's fight as an older version saved it: Cole in the encounter, not in any bout.
    const state = f.combat().machineState;
    await f.combat().update({ "system.state": { ...state, combatants: state.combatants.filter((c: any) => c.id !== cc), bouts: state.bouts.filter((b: any) => b.id !== "bout") } });
    await settle();
    const cards = f.gm.game.messages.size;
    const refused = await coleAttacksBran(f, 3, []);
    expect(refused.refusal.code).toBe("card.notInOrder");
    expect(f.gm.notices.at(-1)?.message).toBe("Cole is in this encounter but not yet in the fight's order: the GM's tracker adds them.");
    expect(f.gm.game.messages.size).toBe(cards);
    // The tracker shows him out of the fight, and why.
    await f.gm.ui.combat.render({ force: true });
    expect(f.gm.ui.combat.renderedParts.tracker).toMatch(/Out of the fight[\s\S]*Cole[\s\S]*not yet in the order/);
  });

  it("Bran marked defeated on the tracker leaves the bout; his attack is refused with a notice; restored, he enters his group's bout again with a fresh pool", async () => {
    const f = await steelField();
    const mark = f.world.server.writes.length;
    await f.gm.ui.combat._onToggleDefeatedStatus(f.combat().combatants.get(f.cb));
    await settle();
    expect(f.fighter(f.cb)).toBeUndefined();
    expect(f.fighter(f.ca)).toBeDefined();
    // Core's two writes (the mark, the defeated condition) and the fight's one.
    expect(shownWrites(f.world, mark).sort()).toEqual(["create ActiveEffect", "update Combat", "update Combatant"]);
    expect(await steelCutFromSheet(f.gm, f.bob, f.bran.id, f.ada.id)).toMatchObject({ posted: false, notice: "Bran is marked defeated and out of the fight." });
    // Out of the order, he can still be dragged to a bout of his own: only his group changes.
    const moved = await f.gm.ui.combat.moveCombatant(f.cb, null);
    expect(moved.ok).toBe(true);
    await settle();
    expect(f.fighter(f.cb)).toBeUndefined();
    await f.gm.ui.combat._onToggleDefeatedStatus(f.combat().combatants.get(f.cb));
    await settle();
    expect(f.fighter(f.cb)).toMatchObject({ boutId: moved.value, thrown: null });
    expect(f.fighter(f.cb).cp).toBe(f.fighter(f.cb).poolMax);
  });

  it("issue 32 shell audit: Bran marked defeated is out of the fight for one reason, the same on the tracker and on his refused attack: defeated (not the dead condition core's mark sets with it)", async () => {
    const f = await steelField();
    await f.gm.ui.combat._onToggleDefeatedStatus(f.combat().combatants.get(f.cb));
    await settle();
    expect(await steelCutFromSheet(f.gm, f.bob, f.bran.id, f.ada.id)).toMatchObject({ posted: false, notice: "Bran is marked defeated and out of the fight." });
    await f.gm.ui.combat.render({ force: true });
    const outside = f.gm.ui.combat.renderedParts.tracker.split("Out of the fight")[1] ?? "";
    expect(outside).toMatch(/Bran[\s\S]*defeated/);
    expect(outside).not.toMatch(/\bdead\b/);
  });

  it("Bran removed from the encounter leaves the bout and any count of attackers on Ada", async () => {
    const f = await steelField();
    const mark = f.world.server.writes.length;
    await f.combat().deleteEmbeddedDocuments("Combatant", [f.cb]);
    await settle();
    expect(shownWrites(f.world, mark)).toEqual(["delete Combatant", "update Combat"]);
    expect(f.combat().machineState.combatants.map((c: any) => c.id)).toEqual([f.ca]);
  });
});

describe("issue 31 'Who is in the fight': any GM's door", () => {
  it("an assistant GM adds a combatant and marks one defeated: the active GM's client writes the fight, once each", async () => {
    const { dist } = await import("../build/dist");
    const { ROLES } = await import("../harness/server");
    const { TestWorld } = await import("../harness/world");
    dist();
    const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Helper", role: ROLES.ASSISTANT }] });
    const gm = await world.connect("GM");
    await gm.game.settings.set("bout", "ruleset", "opposed");
    const helper = await world.connect("Helper");
    await settle();
    const Actor = gm.CONFIG.Actor.documentClass;
    const [ada, bran, cole] = await Actor.createDocuments(["Ada", "Bran", "Cole"].map((name) => ({ name, type: "npc" })));
    const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
    const [ca, cb] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: ada.id, name: "Ada" }, { actorId: bran.id, name: "Bran" }]);
    await settle();
    await gm.game.combats.get(combat.id).startCombat();
    await settle();
    const members = () => gm.game.combats.get(combat.id).machineState.combatants.map((c: any) => c.id);
    const mark = world.server.writes.length;
    const [cc] = await helper.game.combats.get(combat.id).createEmbeddedDocuments("Combatant", [{ actorId: cole.id, name: "Cole" }]);
    await helper.game.combats.get(combat.id).combatants.get(cb.id).update({ defeated: true });
    await settle();
    expect(members()).toEqual([ca.id, cc.id]);
    // The assistant's two writes; the fight is written by the active GM's client alone (once per change, or once for both).
    const fightWrites = world.writesSince(mark).filter((w: any) => w.documentName === "Combat");
    expect(fightWrites.length).toBeGreaterThanOrEqual(1);
    expect(new Set(fightWrites.map((w: any) => w.userId))).toEqual(new Set([world.userId("GM")]));
  });
});

describe("issue 31 'Who is in the fight': every ruleset", () => {
  for (const ruleset of ["steel", "phases", "actionpoints", "opposed", "pulse"]) {
    it(`${ruleset}: a combatant added to a running fight joins its order in one write; removed, it leaves in one write`, async () => {
      const { world, gm, combat } = await crowdFight(ruleset, 2);
      await gm.game.combats.get(combat.id).startCombat();
      await settle();
      const members = () => gm.game.combats.get(combat.id).machineState.combatants.map((c: any) => c.id);
      const newcomer = await gm.CONFIG.Actor.documentClass.create({ name: "Newcomer", type: "npc" });
      const mark = world.server.writes.length;
      const [nc] = await gm.game.combats.get(combat.id).createEmbeddedDocuments("Combatant", [{ actorId: newcomer.id, name: "Newcomer" }]);
      await settle();
      expect(members()).toContain(nc.id);
      expect(shownWrites(world, mark)).toEqual(["create Combatant", "update Combat"]);
      // Core's turn list follows the fight: the newcomer has a row in the tracker.
      await gm.ui.combat.render({ force: true });
      expect(gm.ui.combat.renderedParts.tracker).toContain(`data-combatant-id="${nc.id}"`);
      const gone = world.server.writes.length;
      await gm.game.combats.get(combat.id).deleteEmbeddedDocuments("Combatant", [nc.id]);
      await settle();
      expect(members()).not.toContain(nc.id);
      expect(shownWrites(world, gone)).toEqual(["delete Combatant", "update Combat"]);
    });
  }
});
