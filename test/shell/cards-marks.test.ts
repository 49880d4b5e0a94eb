// Issue 20 "the dice shown as dice", on every card: the skill-test result cards
// show their faces with the engine's marks through the same dice partial as the
// attack cards (templates/chat/dice.hbs, rendered here with real handlebars by the
// harness), a lookup d100 shows the table row it picked, and a stress die's chain
// reads as one chain with what it came to. The cards only render the marks the
// engine gave (src/engine/dice/marks.ts), each row named by whose dice and what
// for as the engine labelled it (src/engine/dice/labels.ts; issue 34 "Whose dice").
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { scriptDraws, settle } from "./support";

const EN = JSON.parse(readFileSync(join(process.cwd(), "lang/en.json"), "utf8"));
const lookup = (key: string): unknown => key.split(".").reduce<any>((o, k) => (o && typeof o === "object" ? o[k] : undefined), EN);

async function world(ruleset: string) {
  dist();
  const w = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
  const gm = await w.connect("GM");
  await gm.game.settings.set("bout", "ruleset", ruleset);
  const alice = await w.connect("Alice");
  await settle();
  return { w, gm, alice };
}

/** The dice a card shows: each group's label and its faces as `value[classes](words)`, links as "→", a chain's end as its count. */
function shownDice(content: string) {
  const doc = new Window().document;
  const root = doc.createElement("div");
  root.innerHTML = content;
  return Array.from(root.querySelectorAll(".bout-dice .card-die-group")).map((g) => ({
    label: g.querySelector(".card-die-label")!.textContent,
    faces: Array.from(g.children)
      .slice(1)
      .map((el) => {
        if (el.classList.contains("card-die-link")) return "→";
        if (el.classList.contains("card-die-row")) return `row:${el.textContent}`;
        if (el.classList.contains("card-die-times")) return `times:${el.textContent}`;
        const classes = Array.from(el.classList).filter((c) => c !== "card-die" && !/^d\d+$/.test(c));
        const sl = el.querySelector(".card-die-sl")?.textContent;
        return `${el.firstChild!.textContent!.trim()}${sl ? ` ${sl}` : ""}${classes.length ? `[${classes.join(" ")}]` : ""}`;
      }),
  }));
}

describe("skill-test result cards show the dice with their marks (issue 20)", () => {
  it("steel (seed 000 'Skill Tests': dice against the skill's TN): 6d10 at TN 6, the 9 and 4 are not alike", async () => {
    const { gm, alice } = await world("steel");
    const actor = await gm.CONFIG.Actor.documentClass.create({ name: "Ilse", type: "character", ownership: { default: 0, [gm.game.users.getName("Alice").id]: 3 }, system: { steel: { agility: 5 } } });
    const [skill] = await actor.createEmbeddedDocuments("Item", [{ name: "Climb", type: "skill", system: { steel: { attribute: "agility", tn: 6 } } }]);
    await settle();
    alice.runtime.dialogs.responder = () => ({ bonusDice: 1, tnModifier: 0 });
    scriptDraws(alice, [2, 3, 9, 1, 6, 5].map((f) => [f, 10] as const));
    await alice.game.actors.get(actor.id).sheet.runAction("rollItem", {}, { row: { itemId: skill.id } });
    await settle();
    const message = alice.game.messages.contents.at(-1);
    expect(shownDice(message.content)).toEqual([{ label: "Ilse: Climb, TN 6", faces: ["2[failure]", "3[failure]", "9[success]", "1[failure]", "6[success]", "5[failure]"] }]);
    // The mark in words for screen readers and the tooltip, not colour alone.
    expect(message.content).toContain('title="success"');
    // One dice template for both kinds of card: the result card includes the partial.
    expect(readFileSync(join(process.cwd(), "templates/results/result-card.hbs"), "utf8")).toContain('{{> "systems/bout/templates/chat/dice.hbs"');
    expect(readFileSync(join(process.cwd(), "templates/chat/card.hbs"), "utf8")).toContain('{{> "systems/bout/templates/chat/dice.hbs"');
  });

  it("opposed (seed 003 'Success Levels'): a d100 of 23 against 42 + 10 = 52 (Challenging) succeeds by SL +3, shown on the die", async () => {
    const { gm, alice } = await world("opposed");
    const actor = await gm.CONFIG.Actor.documentClass.create({ name: "Ilse", type: "character", ownership: { default: 0, [gm.game.users.getName("Alice").id]: 3 }, system: { opposed: { ag: 42 } } });
    const [skill] = await actor.createEmbeddedDocuments("Item", [{ name: "Climb", type: "skill", system: { opposed: { characteristic: "ag", advances: 10 } } }]);
    await settle();
    alice.runtime.dialogs.responder = () => ({ difficulty: "challenging" });
    scriptDraws(alice, [[23, 100]]);
    await alice.game.actors.get(actor.id).sheet.runAction("rollItem", {}, { row: { itemId: skill.id } });
    await settle();
    const content = alice.game.messages.contents.at(-1).content as string;
    expect(shownDice(content)).toEqual([{ label: "Ilse: Climb, target 52", faces: ["23 SL +3[success]"] }]);
  });
  it("action points (seed 002 'percentile skills'): 96 against TSC 55 is a critical failure, struck through on the die", async () => {
    const { gm, alice } = await world("actionpoints");
    const actor = await gm.CONFIG.Actor.documentClass.create({ name: "Ilse", type: "character", ownership: { default: 0, [gm.game.users.getName("Alice").id]: 3 } });
    const [skill] = await actor.createEmbeddedDocuments("Item", [{ name: "Climb", type: "skill", system: { actionpoints: { tsc: 55 } } }]);
    await settle();
    alice.runtime.dialogs.responder = () => ({});
    scriptDraws(alice, [[96, 100]]);
    await alice.game.actors.get(actor.id).sheet.runAction("rollItem", {}, { row: { itemId: skill.id } });
    await settle();
    const content = alice.game.messages.contents.at(-1).content as string;
    expect(shownDice(content)).toEqual([{ label: "Ilse: Climb, target 55", faces: ["96[failure note-fumble]"] }]);
  });
});

describe("lookup rolls show the row they picked (issue 20)", () => {
  it("opposed (seed 003 'Oops!'): Ada's 77 is a fumble; the Oops! d100 65 shows the lost Move beside the die, in the card's third person", async () => {
    const { gm } = await world("opposed");
    const Actor = gm.CONFIG.Actor.documentClass;
    const ada = await Actor.create({ name: "Ada", type: "character", system: { opposed: { ws: 45, s: 35, i: 40, ag: 35 } } });
    const bran = await Actor.create({ name: "Bran", type: "character", system: { opposed: { ws: 40, t: 30, i: 30, ag: 30, wounds: 12, woundsNow: 12 } } });
    const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
    gm.runtime.dialogs.responder = () => ({ defender: bran.id, difficulty: "challenging" });
    await ada.sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    const id = gm.game.messages.contents.at(-1).id;
    gm.runtime.dialogs.responder = () => ({ skill: "melee", difficulty: "challenging" });
    scriptDraws(gm, [[77, 100], [38, 100], [65, 100]]);
    await gm.evaluate<any>("globalThis.__boutTest").defendFromCard(gm.game.messages.get(id));
    await settle();
    const dice = shownDice(gm.game.messages.get(id).content);
    expect(dice.at(-1)).toEqual({ label: "Ada: Oops!", faces: ["65[lookup]", `row:${lookup("BOUT.Opposed.OopsLine.loseMove")}`] });
  });

  it("action points (seed 002 V.d): an undefended critical (5 against 60) rolls its location: the d100 5 shows the head", async () => {
    const { gm } = await world("actionpoints");
    const Actor = gm.CONFIG.Actor.documentClass;
    const ada = await Actor.create({ name: "Ada", type: "character" });
    const bran = await Actor.create({ name: "Bran", type: "character" });
    const [sword] = await ada.createEmbeddedDocuments("Item", [
      { name: "Broadsword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, size: 3, skill: "Sword" } } },
      { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 60, psf: 15 } } },
    ]);
    gm.runtime.dialogs.responder = () => ({ defender: bran.id });
    await ada.sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    const id = gm.game.messages.contents.at(-1).id;
    gm.runtime.dialogs.responder = () => ({ defence: "none" });
    scriptDraws(gm, [[5, 100], [4, 10], [3, 10], [5, 100]]);
    await gm.evaluate<any>("globalThis.__boutTest").defendFromCard(gm.game.messages.get(id));
    await settle();
    const dice = shownDice(gm.game.messages.get(id).content);
    expect(dice[0]).toEqual({ label: "Ada: attack, target 60", faces: ["5[success note-critical]"] });
    expect(dice.at(-1)).toEqual({ label: "Bran: critical location", faces: ["5[lookup]", `row:${lookup("BOUT.ActionPoints.Location.head")}`] });
  });
});

describe("the stress die's chain as one chain (issue 20; seed 001 'a stress die + Initiative score', read as in docs/rulesets/phases.md)", () => {
  it("phases: Ada's 1, 1, 7 reads 1 → 1 → 7 ×4 = 28 in one group; Bran's plain 4 stays its own die", async () => {
    const { gm } = await world("phases");
    const Actor = gm.CONFIG.Actor.documentClass;
    const ada = await Actor.create({ name: "Ada", type: "character", system: { phases: { attack: 3 } } });
    const bran = await Actor.create({ name: "Bran", type: "character", system: { phases: { defense: 2, soak: 2 } } });
    const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { phases: { attack: 3, damage: 7 } } }]);
    gm.runtime.dialogs.responder = () => ({ defender: bran.id });
    await ada.sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    const id = gm.game.messages.contents.at(-1).id;
    gm.runtime.dialogs.responder = () => ({ defence: "defend" });
    scriptDraws(gm, [[1, 10], [1, 10], [7, 10], [4, 10]]);
    await gm.evaluate<any>("globalThis.__boutTest").defendFromCard(gm.game.messages.get(id));
    await settle();
    const message = gm.game.messages.get(id);
    // Three Rolls for the chain (each link is its own die) and one for Bran: Dice So Nice shows each.
    expect(message.rolls.map((r: any) => r.formula)).toEqual(["1d10", "1d10", "1d10", "1d10"]);
    expect(shownDice(message.content)).toEqual([
      { label: "Ada: attack, stress die +6", faces: ["1[note-doubles]", "→", "1[note-doubles]", "→", "7", "times:×4 = 28"] },
      { label: "Bran: defence, stress die +2", faces: ["4"] },
    ]);
    expect(message.content).toContain('class="card-die-group chain named"');
  });
});

describe("the dice partial's words exist (issue 20)", () => {
  it("every key the dice partial and its marks use is in lang/en.json", () => {
    const partial = readFileSync(join(process.cwd(), "templates/chat/dice.hbs"), "utf8");
    const keys = [...partial.matchAll(/localize "([^"]+)"/g)].map((m) => m[1]!);
    keys.push(...["success", "failure", "doubles", "botch", "zero", "critical", "fumble", "SL", "Times"].map((k) => `BOUT.Card.Die.${k}`));
    // The rows the engine names by key (src/engine/rulesets/actionpoints/attack.ts, pulse/after-combat.ts).
    const engine = ["src/engine/rulesets/actionpoints/attack.ts", "src/engine/rulesets/pulse/after-combat.ts"].map((f) => readFileSync(join(process.cwd(), f), "utf8")).join("\n");
    const rows = [...engine.matchAll(/"(BOUT\.Card\.Die\.Row\.\w+)"/g)].map((m) => m[1]!);
    expect(rows.length).toBe(6);
    // The parry's rows are named by its outcome (src/engine/rulesets/pulse/parry.ts).
    rows.push(...["parry", "disarm", "riposte"].map((o) => `BOUT.Card.Die.Row.${o}`));
    keys.push(...rows);
    expect(keys.filter((k) => typeof lookup(k) !== "string")).toEqual([]);
  });
});
