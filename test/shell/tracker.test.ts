// The combat tracker (issue 4, "Foundry shell"): our tracker part draws the
// machine's view for a steel bout (seed 000_4377b2da58f3a52b.txt, "Dueling vs
// Battle-wide Initiative": the secret red/white throw) and for plain turns
// (seed 003_094b90e5b0802384.txt, "Round and surprise"), with the GM's buttons
// for the GM only, "has chosen" marks that never show the choice, and a
// player's "Done" that works for their own combatant only.
import { describe, expect, it } from "vitest";
import { settle, trackerFight } from "./support";
import { headlineOf } from "./card-kind-cases";


const fight = trackerFight;

const trackerHtml = async (client: any) => {
  await client.ui.combat.render({ force: true });
  return client.ui.combat.renderedParts.tracker as string;
};

describe("combat tracker: a steel bout", () => {
  it("is the system's tracker, and lists the fighters before the fight starts", async () => {
    const { gm } = await fight("steel", true);
    expect(gm.ui.combat.constructor.name).toBe("BoutCombatTracker");
    const html = await trackerHtml(gm);
    expect(html).toContain("Not started");
    expect(html).toContain("Ada");
    expect(html).toContain("Bran");
    expect(Object.keys(gm.ui.combat.renderedParts)).toEqual(["header", "tracker", "footer"]);
  });

  it("shows the bout, its notes and pools; the GM's buttons only on the GM's tracker", async () => {
    const { gm, alice, combatId } = await fight("steel", true);
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    const gmHtml = await trackerHtml(gm);
    expect(gmHtml).toContain("Bout 1");
    expect(gmHtml).toContain("Waiting for the throw");
    expect(gmHtml).toMatch(/CP \d+\/\d+/);
    expect(gmHtml).toContain('data-action-id="throw"');
    const aliceHtml = await trackerHtml(alice);
    expect(aliceHtml).toContain("Bout 1");
    expect(aliceHtml).not.toContain('data-action="boutGroupAction"');
    expect(aliceHtml).not.toContain('data-action="boutNextStep"');
  });

  it("the throw from the tracker: who has chosen shows, what they chose does not, until the GM reveals", async () => {
    const { gm, alice, bob, combatId, groupId, ca, cb } = await fight("steel", true);
    await gm.game.combats.get(combatId).startCombat();
    alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    bob.runtime.dialogs.responder = () => null; // Bob closes the dialog: he must use the tracker's button
    gm.runtime.dialogs.responder = () => null;
    await gm.ui.combat.runAction("boutGroupAction", { groupId, actionId: "throw" });
    await settle();
    expect(gm.game.combats.get(combatId).system.declaration.chosen).toEqual([ca]);

    const bobHtml = await trackerHtml(bob);
    expect(bobHtml).toContain("1 still to choose");
    const adaRow = bobHtml.slice(bobHtml.indexOf(`data-combatant-id="${ca}"`), bobHtml.indexOf(`data-combatant-id="${cb}"`));
    expect(adaRow).toContain("declaration-chosen");
    expect(bobHtml).not.toMatch(/\bRed\b/);
    // Bob's own row offers him the choice again; Ada's row does not.
    expect(bobHtml).toContain(`data-action="boutChoose" data-combatant-id="${cb}"`);
    expect(bobHtml).not.toContain(`data-action="boutChoose" data-combatant-id="${ca}"`);
    expect(await trackerHtml(gm)).toContain('data-action="boutReveal"');

    bob.runtime.dialogs.responder = () => ({ throw: "white", posture: "neutral" });
    await bob.ui.combat.runAction("boutChoose", { combatantId: cb });
    await settle();
    const gmHtml = await trackerHtml(gm);
    expect(gmHtml).toContain("Initiative: Ada");
    expect(gmHtml).toContain("Red");
    expect(gmHtml).toContain("White");
    expect(gmHtml).toContain('data-action-id="next"');
  });

  it("the GM's next-exchange button moves the bout on in one write", async () => {
    const { world, gm, alice, bob, combatId, groupId } = await fight("steel", true);
    await gm.game.combats.get(combatId).startCombat();
    alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    bob.runtime.dialogs.responder = () => ({ throw: "white", posture: "neutral" });
    await gm.ui.combat.runAction("boutGroupAction", { groupId, actionId: "throw" });
    await settle();
    const mark = world.server.writes.length;
    await gm.ui.combat.runAction("boutGroupAction", { groupId, actionId: "next" });
    await settle();
    expect(world.writesSince(mark)).toHaveLength(1);
    expect(await trackerHtml(gm)).toContain("Exchange 2 of 2");
  });
});

describe("combat tracker: a steel bout's pools each round (seed 000 'Exchange of Blows', Combat Pool modifiers)", () => {
  it("the round's refresh reads the documents again: new Pain, the fight's light and the GM's higher footing", async () => {
    const { gm, alice, bob, combatId, groupId, ca } = await fight("steel", true);
    const combat = gm.game.combats.get(combatId);
    await combat.startCombat();
    alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    bob.runtime.dialogs.responder = () => ({ throw: "white", posture: "neutral" });
    await gm.ui.combat.runAction("boutGroupAction", { groupId, actionId: "throw" });
    await settle();
    const state = () => gm.game.combats.get(combatId).machineState;
    // Ada: Reflex 5 (Agility 6, Wit 5) + Proficiency 6.
    expect(state().combatants.find((c: any) => c.id === ca).cp).toBe(11);

    // A wound's Pain lands between rounds: 3 past her Willpower.
    const ada = gm.game.actors.getName("Ada");
    await ada.update({ "system.steel.pain": ada.system.steel.willpower + 3 });
    gm.runtime.dialogs.responder = () => ({ light: "dim" });
    await gm.ui.combat.runAction("boutFightAction", { actionId: "light" });
    await settle();
    // Higher footing is the GM's ruling: Alice's tracker has no such button.
    expect(await trackerHtml(alice)).not.toContain('data-action-id="footing"');
    await gm.ui.combat.runAction("boutTurnChoice", { combatantId: ca, actionId: "footing" });
    await settle();
    expect(await trackerHtml(gm)).toContain("Higher footing");

    await gm.ui.combat.runAction("boutGroupAction", { groupId, actionId: "next" });
    await gm.ui.combat.runAction("boutGroupAction", { groupId, actionId: "next" });
    await settle();
    // 11 − 3 Pain − 1 for dim light + 2 for higher footing.
    const after = state();
    expect(after.bouts[0].round).toBe(2);
    expect(after.light).toBe("dim");
    expect(after.combatants.find((c: any) => c.id === ca).cp).toBe(9);
  });

  it("a player cannot give their fighter higher footing or set the light", async () => {
    const { world, gm, alice, combatId, ca } = await fight("steel", true);
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    const mark = world.server.writes.length;
    const r = await alice.game.combats.get(combatId).command({ type: "footing", combatantId: ca, higher: true });
    expect(r.ok ? "ok" : r.refusal.code).toBe("combat.notAllowed");
    expect(world.writesSince(mark)).toEqual([]);
  });
});

describe("combat tracker: one against many (seed 000 'Multiple Opponents')", () => {
  it("the GM's outnumbered roll burns each side's dice at the table's TNs and says who picks the match-up", async () => {
    const { world, gm, combatId, groupId, ca, cb } = await fight("steel", true);
    const combat = gm.game.combats.get(combatId);
    const cora = await gm.CONFIG.Actor.documentClass.create({ name: "Cora", type: "npc", system: { steel: { agility: 5, wit: 5, proficiency: 4 } } });
    const [cc] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: cora.id, name: "Cora", group: groupId }]);
    await combat.startCombat();
    await settle();
    expect(await trackerHtml(gm)).toContain('data-action-id="crowd"');
    const before = gm.game.combats.get(combatId).machineState.combatants.map((c: any) => c.cp);
    let asked: any;
    gm.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = config;
      return { lone: ca, [`dice.${ca}`]: 3, [`dice.${cb}`]: 2, [`dice.${cc.id}`]: 2, tactics: 0 };
    };
    // Two opponents: the lone fighter at TN 6, the others at TN 5. Ada 9, 9, 2 (two); Bran 9, 2 (one); Cora 2, 2 (none).
    const queue = [9, 9, 2, 9, 2, 2, 2];
    gm.CONFIG.Dice.randomUniform = () => ((queue.shift() ?? 1) - 0.5) / 10;
    const mark = world.server.writes.length;
    await gm.ui.combat.runAction("boutGroupAction", { groupId, actionId: "crowd" });
    await settle();
    expect(asked.content).toContain("The lone fighter picks whom to face");
    const card = gm.game.messages.contents.at(-1);
    expect(card.content).toContain("The lone fighter picks whom to face; at most 3 attack at once");
    expect(card.content).toContain("Ada: 2 successes");
    // The result card's headline, as on every card (issue 20).
    expect(headlineOf(card.content)).toBe("Ada picks whom to face: at most 3 foes attack at once.");
    const after = gm.game.combats.get(combatId).machineState.combatants.map((c: any) => c.cp);
    expect(after).toEqual([before[0] - 3, before[1] - 2, before[2] - 2]);
    // One write for the pools, one for the card.
    expect(world.writesSince(mark).filter((w: any) => w.documentName === "Combat")).toHaveLength(1);
  });
});

describe("combat tracker: both throw red (seed 000 'Melee Combat')", () => {
  it("the GM rolls who strikes first: Reflex dice against each blow's ATN, most successes first, and the bout goes on with that holder", async () => {
    const { gm, alice, bob, combatId, groupId, ca, cb } = await fight("steel", true);
    await gm.game.combats.get(combatId).startCombat();
    // Opening: only the throw, no next exchange yet.
    let html = await trackerHtml(gm);
    expect(html).toContain('data-action-id="throw"');
    expect(html).not.toContain('data-action-id="next"');
    alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    bob.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    await gm.ui.combat.runAction("boutGroupAction", { groupId, actionId: "throw" });
    await settle();
    html = await trackerHtml(gm);
    expect(html).toContain('data-action-id="blowOrder"');
    expect(html).toContain("Declares 1: Ada");
    expect(html).toContain("Declares 2: Bran");
    expect(html).not.toContain('data-action-id="next"');
    const sword = { reach: 3, atnSwing: 6, atnThrust: 7, dtn: 6 };
    const swords: Record<string, string> = {};
    for (const [name, id] of [["Ada", ca], ["Bran", cb]]) {
      const [item] = await gm.game.actors.getName(name).createEmbeddedDocuments("Item", [{ name: "Sword", type: "weapon", system: { equipped: true, steel: sword } }]);
      swords[id!] = item.id;
    }
    gm.runtime.dialogs.responder = () => ({ [`weapon.${ca}`]: swords[ca], [`form.${ca}`]: "swing", [`weapon.${cb}`]: swords[cb], [`form.${cb}`]: "thrust" });
    // Both have Reflex 5, so they roll in throwing order: Ada's swing at ATN 6 scores nothing, Bran's thrust at ATN 7 two.
    const queue = [2, 2, 2, 2, 2, 9, 9, 2, 2, 2];
    gm.CONFIG.Dice.randomUniform = () => ((queue.shift() ?? 1) - 0.5) / 10;
    await gm.ui.combat.runAction("boutGroupAction", { groupId, actionId: "blowOrder" });
    await settle();
    const state = gm.game.combats.get(combatId).machineState;
    expect(state.bouts[0].phase).toBe("continuing");
    expect(state.bouts[0].blowOrder).toEqual([[cb], [ca]]);
    expect(state.bouts[0].initiative).toBe(cb);
    expect(gm.game.messages.contents.at(-1).content).toContain("Who strikes first");
    expect(headlineOf(gm.game.messages.contents.at(-1).content)).toBe("Bran strikes first.");
    expect(await trackerHtml(gm)).toContain('data-action-id="next"');
  });
});

describe("combat tracker: plain turns", () => {
  it("offers Done to the acting combatant's owner only, and the GM's next step to the GM", async () => {
    const { world, gm, alice, bob, combatId, ca } = await fight("opposed", false);
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    // Ada has the higher Initiative (40 against 30): she acts first.
    const aliceHtml = await trackerHtml(alice);
    expect(aliceHtml).toContain(`data-action="boutEndTurn" data-combatant-id="${ca}"`);
    expect(await trackerHtml(bob)).not.toContain('data-action="boutEndTurn"');
    expect(await trackerHtml(gm)).toContain('data-action="boutNextStep"');

    // Bob pressing Done for Ada is refused and writes nothing.
    const mark = world.server.writes.length;
    await bob.ui.combat.runAction("boutEndTurn", { combatantId: ca });
    await settle();
    expect(world.writesSince(mark)).toEqual([]);
    expect(bob.notices.at(-1)?.message).toBeTruthy();

    await alice.ui.combat.runAction("boutEndTurn", { combatantId: ca });
    await settle();
    expect(world.writesSince(mark)).toHaveLength(1);
    expect(await trackerHtml(alice)).not.toContain('data-action="boutEndTurn"');
  });
});

describe("combat tracker: action-point phases (seed 002, II-III)", () => {
  it("whoever may act spends points, holds or passes from the tracker; another player cannot", async () => {
    const { world, gm, alice, bob, combatId, ca } = await fight("actionpoints", false);
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    const state = () => gm.game.combats.get(combatId).machineState;
    // The larger rolled pool acts first (the round's dice are not the point here).
    const first = state().combatants.reduce((a: any, b: any) => (b.pool > a.pool ? b : a));
    const [owner, other] = first.id === ca ? [alice, bob] : [bob, alice];
    const html = await trackerHtml(owner);
    expect(html).toContain(`data-action="boutTurnChoice" data-combatant-id="${first.id}" data-action-id="spend"`);
    expect(html).toContain('data-action-id="hold"');
    expect(html).toContain('data-action-id="pass"');
    expect(await trackerHtml(other)).not.toContain(`data-combatant-id="${first.id}" data-action-id="spend"`);

    const mark = world.server.writes.length;
    other.runtime.dialogs.responder = () => ({ points: 1, kind: "movement" });
    await other.ui.combat.runAction("boutTurnChoice", { combatantId: first.id, actionId: "spend" });
    await settle();
    expect(world.writesSince(mark)).toEqual([]);

    owner.runtime.dialogs.responder = () => ({ points: 1, kind: "movement" });
    await owner.ui.combat.runAction("boutTurnChoice", { combatantId: first.id, actionId: "spend" });
    await settle();
    expect(world.writesSince(mark)).toHaveLength(1);
    expect(state().combatants.find((c: any) => c.id === first.id).pool).toBe(first.pool - 1);
    // The row shows the points left against the pool rolled for the round.
    expect(await trackerHtml(owner)).toContain(`AP left ${first.pool - 1} / ${first.pool}`);
  });
});

describe("combat tracker: forming and splitting bouts", () => {
  it("the GM drags a fighter out into a new bout: the group and the machine agree", async () => {
    const { gm, combatId, ca, cb } = await fight("steel", true);
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    const moved = await gm.ui.combat.moveCombatant(cb, null);
    expect(moved.ok).toBe(true);
    await settle();
    const combat = gm.game.combats.get(combatId);
    const newGroup = moved.value;
    expect(combat.combatants.get(cb).group?.id ?? combat.combatants.get(cb)._source.group).toBe(newGroup);
    const state = combat.machineState;
    expect(state.combatants.find((c: any) => c.id === cb).boutId).toBe(newGroup);
    expect(state.combatants.find((c: any) => c.id === ca).boutId).not.toBe(newGroup);
    const html = await trackerHtml(gm);
    expect(html).toContain("Bout 2");
    expect(html).toContain('data-drop-group=""');
  });

  it("a player cannot regroup, and nothing is written", async () => {
    const { world, alice, combatId, gm, cb } = await fight("steel", true);
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    const mark = world.server.writes.length;
    const moved = await alice.ui.combat.moveCombatant(cb, null);
    expect(moved.refusal.code).toBe("combat.gmOnly");
    expect(world.writesSince(mark)).toEqual([]);
    expect(await trackerHtml(alice)).not.toContain("data-drop-group");
  });
});
