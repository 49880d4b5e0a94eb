// Issue 20, "Chat cards": a skill test's result card reads like an attack card.
// A headline first, worded from the engine's result, coloured by outcome and also
// said in a word with an icon; the roller's token image; the dice; and the detail
// (the roll, the target) as one numbered list folded under the headline. The cards
// are rolled from the sheet with exact dice and rendered with the real templates.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { formatCounted } from "../../src/applications/results/plural";
import * as steel from "../../src/table/steel/headline";
import * as opposed from "../../src/table/opposed/headline";
import * as ap from "../../src/table/actionpoints/headline";
import { headlineOf } from "./card-kind-cases";
import { scriptDraws, settle, tableOfThree } from "./support";

const EN = JSON.parse(readFileSync(join(process.cwd(), "lang/en.json"), "utf8"));
const lookup = (key: string): unknown => key.split(".").reduce<any>((o, k) => (o && typeof o === "object" ? o[k] : undefined), EN);
const i18n = {
  localize: (key: string) => (typeof lookup(key) === "string" ? (lookup(key) as string) : key),
  format: (key: string, data: Record<string, string> = {}) => (typeof lookup(key) === "string" ? (lookup(key) as string) : key).replace(/\{(\w+)\}/g, (m, k: string) => data[k] ?? m),
};

const TOKEN = "icons/svg/ilse-token.svg";

/** Ilse, Alice's, with a Climb skill for the three rulesets that roll skills from the sheet; the card her roll posts. */
async function skillCard(ruleset: "steel" | "opposed" | "actionpoints", answer: Record<string, unknown>, draws: [number, number][]) {
  const { gm, alice, own, Actor } = await tableOfThree(ruleset);
  const actor = await Actor.create({ name: "Ilse", type: "character", img: "icons/svg/ilse.svg", prototypeToken: { texture: { src: TOKEN } }, ownership: own("Alice"), system: { steel: { agility: 5 }, opposed: { ag: 42 } } });
  const [skill] = await actor.createEmbeddedDocuments("Item", [
    { name: "Climb", type: "skill", system: { steel: { attribute: "agility", tn: 6 }, opposed: { characteristic: "ag", advances: 10 }, actionpoints: { tsc: 55 } } },
  ]);
  await settle();
  alice.runtime.dialogs.responder = () => answer;
  scriptDraws(alice, draws);
  await alice.game.actors.get(actor.id).sheet.runAction("rollItem", {}, { row: { itemId: skill.id } });
  await settle();
  expect(alice.notices).toEqual([]);
  expect(gm.game.messages.contents.length).toBe(1);
  return card(alice.game.messages.contents.at(-1).content as string);
}

/** The card's parts as a player reads them, in the order they come. */
function card(content: string) {
  const root = new Window().document.createElement("div");
  root.innerHTML = content;
  const el = root.firstElementChild!;
  const headline = el.querySelector(".card-headline")!;
  const detail = el.querySelector("details.card-detail");
  return {
    headline: headlineOf(content),
    classes: Array.from(el.classList),
    tone: Array.from(headline.classList).find((c) => c.startsWith("outcome-")),
    word: headline.querySelector(".card-outcome-word")?.textContent,
    icon: Array.from(headline.querySelector("i")?.classList ?? []).find((c) => c.startsWith("fa-circle")),
    portrait: el.querySelector("img.card-portrait")?.getAttribute("src"),
    title: el.querySelector(".card-header h3")?.textContent,
    // Header, headline, the dice-rolling line, dice, detail: the attack card's order.
    order: Array.from(el.children).map((c) => c.tagName === "HEADER" ? "header" : c.tagName === "DETAILS" ? "detail" : c.className.split(" ")[0]),
    folded: detail ? !detail.hasAttribute("open") : null,
    lines: Array.from(detail?.querySelectorAll("ol.card-lines > li") ?? []).map((li) => li.textContent),
  };
}

describe("skill-test result cards open with a headline, as the attack cards do (issue 20)", () => {
  it("steel (seed 000 'Skill Tests': one success passes): 6d10 at TN 6 showing 9 and 6 is 'Ilse's Climb succeeds: 2 successes.'", async () => {
    const c = await skillCard("steel", { bonusDice: 1, tnModifier: 0 }, [2, 3, 9, 1, 6, 5].map((f) => [f, 10]));
    expect(c.headline).toBe("Ilse's Climb succeeds: 2 successes.");
    expect([c.tone, c.word, c.icon]).toEqual(["outcome-success", "Success", "fa-circle-check"]);
    expect(c.classes).toEqual(expect.arrayContaining(["bout-card", "bout-result-card"]));
    expect(c.title).toBe("Climb");
    expect(c.portrait).toBe(TOKEN);
    expect(c.order).toEqual(["header", "card-headline", "card-landing", "bout-dice", "detail"]);
    expect(c.folded).toBe(true);
    expect(c.lines).toEqual(["Check made (TN 6, 2 successes)"]);
  });

  it("steel: no die at 6 or more is 'Ilse's Climb fails.'; two 1s with no success is a botch", async () => {
    const failed = await skillCard("steel", { bonusDice: 1, tnModifier: 0 }, [2, 3, 4, 1, 5, 5].map((f) => [f, 10]));
    expect(failed.headline).toBe("Ilse's Climb fails.");
    expect([failed.tone, failed.word, failed.icon]).toEqual(["outcome-failure", "Failure", "fa-circle-xmark"]);
    const botched = await skillCard("steel", { bonusDice: 1, tnModifier: 0 }, [1, 1, 4, 2, 5, 5].map((f) => [f, 10]));
    expect(botched.headline).toBe("Ilse's Climb is botched.");
    expect(botched.word).toBe("Failure");
  });

  it("opposed (seed 003 'Success Levels'): 23 against 42 + 10 (Challenging) is 'Ilse's Climb succeeds: 3 Success Levels.'", async () => {
    const c = await skillCard("opposed", { difficulty: "challenging" }, [[23, 100]]);
    expect(c.headline).toBe("Ilse's Climb succeeds: 3 Success Levels.");
    expect([c.tone, c.word, c.icon]).toEqual(["outcome-success", "Success", "fa-circle-check"]);
    expect(c.portrait).toBe(TOKEN);
    expect(c.order).toEqual(["header", "card-headline", "card-landing", "bout-dice", "detail"]);
    expect(c.folded).toBe(true);
    expect(c.lines).toEqual(["Ilse rolls 23 against 52: SL +3."]);
  });

  it("opposed: 74 against 52 is 'Ilse's Climb fails: -2 Success Levels.'; a double says what it means only on a combat test", async () => {
    const c = await skillCard("opposed", { difficulty: "challenging" }, [[74, 100]]);
    expect(c.headline).toBe("Ilse's Climb fails: -2 Success Levels.");
    expect([c.tone, c.word, c.icon]).toEqual(["outcome-failure", "Failure", "fa-circle-xmark"]);
    const double = await skillCard("opposed", { difficulty: "challenging" }, [[77, 100]]);
    expect(double.lines).toEqual(["Ilse rolls 77 against 52: SL -2.", lookup("BOUT.Roll.DoubleOnFailure")]);
  });

  it("action points (seed 002, rolls against TSC%): 30 against 55 succeeds, 96 is a critical failure", async () => {
    const made = await skillCard("actionpoints", {}, [[30, 100]]);
    expect(made.headline).toBe("Ilse's Climb succeeds: 30 against 55.");
    expect([made.tone, made.word, made.icon]).toEqual(["outcome-success", "Success", "fa-circle-check"]);
    expect(made.portrait).toBe(TOKEN);
    expect(made.order).toEqual(["header", "card-headline", "card-landing", "bout-dice", "detail"]);
    expect(made.lines).toEqual(["Rolled 30 against 55: a success."]);
    const fumbled = await skillCard("actionpoints", {}, [[96, 100]]);
    expect(fumbled.headline).toBe("Ilse's Climb is a critical failure: 96 against 55.");
    expect([fumbled.tone, fumbled.word, fumbled.icon]).toEqual(["outcome-failure", "Failure", "fa-circle-xmark"]);
  });
});

describe("the result cards' words exist (issue 20)", () => {
  it("every key the result card and its partials use, and every skill headline, is in lang/en.json and comes out whole", () => {
    const templates = ["results/result-card.hbs", "chat/headline.hbs", "chat/dice.hbs", "chat/detail.hbs"].map((t) => readFileSync(join(process.cwd(), "templates", t), "utf8")).join("\n");
    const keys = [...templates.matchAll(/localize "([^"]+)"/g)].map((m) => m[1]!);
    keys.push(...["success", "failure", "neutral"].map((t) => `BOUT.Card.Outcome.${t}`), "BOUT.Roll.DoubleOnSuccess", "BOUT.Roll.DoubleOnFailure");
    expect(keys.filter((k) => typeof lookup(k) !== "string")).toEqual([]);
    const headlines = [
      steel.skillHeadline("Climb", { success: true, roll: { successes: 1, botch: false } }),
      steel.skillHeadline("Climb", { success: false, roll: { successes: 0, botch: false } }),
      steel.skillHeadline("Climb", { success: false, roll: { successes: 0, botch: true } }),
      opposed.skillHeadline("Climb", { success: true, sl: 1 }),
      opposed.skillHeadline("Climb", { success: false, sl: -1 }),
      ...["criticalSuccess", "success", "failure", "criticalFailure"].map((level) => ap.skillHeadline("Climb", { roll: 40, target: 55, level })),
    ];
    const say = (h: { key: string; data?: Record<string, string | number> }) => formatCounted(i18n, h.key, { attacker: "Ada", ...Object.fromEntries(Object.entries(h.data ?? {}).map(([k, v]) => [k, String(v)])) });
    expect(headlines.filter((h) => typeof lookup(h.key) !== "string").map((h) => h.key)).toEqual([]);
    for (const h of headlines) expect(say(h), h.key).not.toMatch(/[{}|]|\(s\)|BOUT\.|\bseed\b|§/);
    expect(say(headlines[0]!)).toBe("Ada's Climb succeeds: 1 success.");
    expect(say(headlines[3]!)).toBe("Ada's Climb succeeds: 1 Success Level.");
  });
});
