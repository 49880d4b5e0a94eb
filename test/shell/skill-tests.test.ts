// Skill tests from the sheet (issues 5, 7, 8 "At the table"; issue 10 "Odds"):
// the dialog shows exact odds, the engine resolves with Foundry's dice, and a
// result card goes to chat in the player's roll mode.
import { chatModeSetting } from "../harness/version";
import { describe, expect, it } from "vitest";
import { scriptFaces, settle, tableOfThree } from "./support";

async function table(ruleset: string) {
  const { world, alice, own, Actor } = await tableOfThree(ruleset);
  const actor = await Actor.create({
    name: "Ilse",
    type: "character",
    ownership: own("Alice"),
    system: { steel: { agility: 5 }, opposed: { ag: 42 }, actionpoints: {} },
  });
  const [skill] = await actor.createEmbeddedDocuments("Item", [
    { name: "Climb", type: "skill", system: { steel: { attribute: "agility", tn: 6 }, opposed: { characteristic: "ag", advances: 10 }, actionpoints: { tsc: 55 } } },
  ]);
  await settle();
  return { world, alice, actor: alice.game.actors.get(actor.id), skillId: skill.id as string };
}

describe("skill tests at the table", () => {
  it("steel: the attribute's dice against the skill's TN, odds first (5 dice at TN 6: 96.9%)", async () => {
    const { alice, actor, skillId } = await table("steel");
    let asked: any;
    alice.runtime.dialogs.responder = (_kind, config) => {
      asked = config;
      return { bonusDice: 1, tnModifier: 0 };
    };
    scriptFaces(alice, 10, [2, 3, 9, 1, 4, 5]);
    await actor.sheet.runAction("rollItem", {}, { row: { itemId: skillId } });
    expect(asked.content).toContain("96.9%"); // odds for the default inputs: 5 dice at TN 6 succeed with 1 - 1/32
    // Every success count, 0 to 5: C(5,k)/32, so two or three successes at 31.3% each.
    expect(asked.content).toContain("Successes on 5 dice at TN 6");
    expect(asked.content).toContain('aria-label="3: 31.3%"');
    const message = alice.game.messages.contents.at(-1);
    expect(message.rolls.map((r: any) => r.formula)).toEqual(["6d10"]);
    expect(message.content).toContain("outcome-success");
    expect(message.whisper).toEqual([]);
  });

  it("opposed: characteristic plus advances with a difficulty; a private roll whispers the GM", async () => {
    const { world, alice, actor, skillId } = await table("opposed");
    await alice.game.settings.set("core", ...chatModeSetting("gmroll"));
    alice.runtime.dialogs.responder = () => ({ difficulty: "hard" });
    scriptFaces(alice, 100, [23]);
    await actor.sheet.runAction("rollItem", {}, { row: { itemId: skillId } });
    const message = alice.game.messages.contents.at(-1);
    // 42 + 10 - 30 = 22: a roll of 23 fails with SL 0.
    expect(message.content).toContain("outcome-failure");
    expect(message.content).toContain("23");
    expect(message.whisper).toEqual([world.userId("GM")]);
  });

  it("actionpoints: d100 under TSC%; a tenth of the target or less is a critical success", async () => {
    const { alice, actor, skillId } = await table("actionpoints");
    alice.runtime.dialogs.responder = () => ({ modifier: 5 });
    scriptFaces(alice, 100, [6]);
    await actor.sheet.runAction("rollItem", {}, { row: { itemId: skillId } });
    const message = alice.game.messages.contents.at(-1);
    expect(message.content).toContain("a critical success");
  });

  it("closing the dialog rolls nothing and writes nothing", async () => {
    const { world, alice, actor, skillId } = await table("steel");
    alice.runtime.dialogs.responder = () => null;
    const mark = world.server.writes.length;
    await actor.sheet.runAction("rollItem", {}, { row: { itemId: skillId } });
    expect(world.writesSince(mark)).toEqual([]);
  });
});
