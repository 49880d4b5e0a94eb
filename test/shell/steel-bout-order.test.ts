// Issue 19, seed 000_4377b2da58f3a52b.txt "Dueling (Local) vs. Battle-wide (Global) Initiative": when several bouts
// run on one field, "the actions occur in order of Reflex scores (highest to lowest), with ties indicating
// simultaneous resolution". The tracker lists the bouts from the one holding the quickest fighter, shows each
// fighter's place in that order, and core's turn list follows it.
import { describe, expect, it } from "vitest";
import { settle, tableOfThree } from "./support";

describe("seed 000 'Dueling vs. Battle-wide Initiative': the order across bouts at the table", () => {
  it("the archer's bout is listed first although formed second; places by Reflex; core's turns in that order", async () => {
    const t = await tableOfThree("steel");
    const make = (name: string, agility: number, wit: number) => t.Actor.create({ name, type: "npc", system: { steel: { agility, wit, proficiency: 4 } } });
    const slow = await make("Slow", 3, 3);
    const slower = await make("Slower", 2, 2);
    const guard = await make("Guard", 3, 3);
    const archer = await make("Archer", 8, 6);
    const combat = await t.gm.CONFIG.Combat.documentClass.create({ active: true });
    const [hall, door] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Hall" }, { name: "Door" }]);
    await combat.createEmbeddedDocuments("Combatant", [
      { actorId: slow.id, name: "Slow", group: hall.id },
      { actorId: slower.id, name: "Slower", group: hall.id },
      { actorId: guard.id, name: "Guard", group: door.id },
      { actorId: archer.id, name: "Archer", group: door.id },
    ]);
    await combat.startCombat();
    await settle();
    const fight = t.gm.game.combats.get(combat.id);
    expect(fight.turns.map((c: { name: string }) => c.name)).toEqual(["Archer", "Guard", "Slow", "Slower"]);
    await t.alice.ui.combat.render({ force: true });
    const html = t.alice.ui.combat.renderedParts.tracker as string;
    // The door's bout (the archer's) comes first on the tracker.
    expect(html.indexOf("Archer")).toBeLessThan(html.indexOf("Slow"));
    expect(html).toContain("Order across bouts 1");
    // Guard and Slow (Reflex 3 each) act at the same moment: both second.
    expect(html.match(/Order across bouts 2/g)).toHaveLength(2);
    expect(html).toContain("Order across bouts 3");
  });
});
