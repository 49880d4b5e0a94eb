// What players see on a chat card (issue 20): the buttons only for users who
// may press them (Defend for the defender's owners and the GM, Apply for the
// owners of either fighter and the GM), the applied state named, the headline
// from the engine's result, counted words in the singular or plural, and no
// source references ("seed", section numbers) in anything a player reads.
// The GM's checks already refuse the others (combat-trust, table-trust); this
// is what each client's renderChatMessageHTML leaves on screen.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { scriptDraws, settle } from "./support";

// When the scripted draws run out: 5 on a d10, as these tests were written with.
const AFTER = [5, 10] as const;
import { formatCounted } from "../../src/applications/results/plural";
import { exchangeHeadline } from "../../src/table/steel/headline";
import { attackHeadline as phasesHeadline } from "../../src/table/phases/headline";
import { attackHeadline as apHeadline } from "../../src/table/actionpoints/headline";
import { attackHeadline as opposedHeadline } from "../../src/table/opposed/headline";
import { attackHeadline as pulseHeadline } from "../../src/table/pulse/headline";

const EN = JSON.parse(readFileSync(join(process.cwd(), "lang/en.json"), "utf8"));
const lookup = (key: string): unknown => key.split(".").reduce<any>((o, k) => (o && typeof o === "object" ? o[k] : undefined), EN);
const flat = (o: Record<string, unknown>, prefix = ""): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? flat(v as Record<string, unknown>, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]]));

/** Strings only the GM reads (world settings and their table editors, the duel simulator's random seed). */
const GM_ONLY = /(^|\.)Settings?\.|\.Setting\.|\.Tables\.MenuHint$|^BOUT\.Duel\.|Hint$/;
/** A source reference a player must not read: the word "seed", a section sign, a bracketed section number. */
const SOURCE_REF = /\bseeds?\b|§|\[\d+(\.\d+)*\]/i;

const i18n = {
  localize: (key: string) => (typeof lookup(key) === "string" ? (lookup(key) as string) : key),
  format(key: string, data: Record<string, string> = {}) {
    return this.localize(key).replace(/{[^}]+}/g, (m: string) => data[m.slice(1, -1)] ?? m);
  },
};

async function table() {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }, { name: "Bob", role: ROLES.PLAYER }, { name: "Carol", role: ROLES.PLAYER }] });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", "phases");
  const alice = await world.connect("Alice");
  const bob = await world.connect("Bob");
  const carol = await world.connect("Carol");
  await settle();
  const Actor = gm.CONFIG.Actor.documentClass;
  const ada = await Actor.create({ name: "Ada", type: "character", img: "icons/ada.webp", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { phases: { attack: 3 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", img: "icons/bran.webp", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { phases: { defense: 2, soak: 2 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { phases: { attack: 3, damage: 7 } } }]);
  await settle();
  return { world, gm, alice, bob, carol, adaId: ada.id as string, branId: bran.id as string, swordId: sword.id as string };
}
type Table = Awaited<ReturnType<typeof table>>;

/** The card as one client's chat log shows it: its stored HTML, then that client's renderChatMessageHTML hooks. */
function shownTo(client: any, messageId: string): HTMLElement {
  const message = client.game.messages.get(messageId);
  const window = new Window();
  const li = window.document.createElement("li");
  li.innerHTML = message.content;
  client.Hooks.callAll("renderChatMessageHTML", message, li, {});
  expect(client.Hooks.errors).toEqual([]);
  return li as unknown as HTMLElement;
}
const buttons = (el: HTMLElement) => Array.from(el.querySelectorAll<HTMLElement>("[data-bout-action]")).map((b) => b.dataset.boutAction);

/** Alice's Ada swings at Bran; the card waits for Bob. */
async function blow(t: Table) {
  t.alice.runtime.dialogs.responder = () => ({ defender: t.branId });
  await t.alice.game.actors.get(t.adaId).sheet.runAction("rollItem", {}, { row: { itemId: t.swordId } });
  await settle();
  return t.gm.game.messages.contents.at(-1).id as string;
}
describe("card buttons only for the users who may press them (issue 20)", () => {
  it("a waiting blow: Defend for Bran's owner and the GM; Alice (the attacker) and Carol (nobody's) see none", async () => {
    const t = await table();
    const id = await blow(t);
    expect(t.gm.game.messages.get(id).system.state).toBe("waiting");
    expect(buttons(shownTo(t.bob, id))).toEqual(["defend"]);
    expect(buttons(shownTo(t.gm, id))).toEqual(["defend"]);
    expect(buttons(shownTo(t.alice, id))).toEqual([]);
    expect(buttons(shownTo(t.carol, id))).toEqual([]);
    // The rest of the card is the same for everyone: the headline says who is awaited.
    expect(shownTo(t.carol, id).querySelector(".card-headline")!.textContent).toContain("Waiting for Bran to answer.");
  });

  it("resolved: Apply for the owners of either fighter and the GM, not for Carol; applied: no button, and who applied it", async () => {
    const t = await table();
    const id = await blow(t);
    t.bob.runtime.dialogs.responder = () => ({ defence: "defend" });
    // Two d10s for the blow; here only the card's states matter.
    scriptDraws(t.gm, [[8, 10], [4, 10]], AFTER);
    expect((await t.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(t.bob.game.messages.get(id))).ok).toBe(true);
    await settle();
    expect(t.gm.game.messages.get(id).system.state).toBe("resolved");
    for (const client of [t.gm, t.alice, t.bob]) expect(buttons(shownTo(client, id)), client.userName).toEqual(["apply"]);
    expect(buttons(shownTo(t.carol, id))).toEqual([]);
    await t.alice.evaluate<any>("globalThis.__boutTest").applyFromCard(t.alice.game.messages.get(id));
    await settle();
    const shown = shownTo(t.carol, id);
    expect(buttons(shown)).toEqual([]);
    expect(buttons(shownTo(t.gm, id))).toEqual([]);
    expect(shown.querySelector(".card-status.applied")!.textContent).toContain("Applied by Alice.");
  });

  it("applied by the GM, the card says so; the portraits are the fighters' token images (the prototype's, from the actor's image)", async () => {
    const t = await table();
    const id = await blow(t);
    t.gm.runtime.dialogs.responder = () => ({ defence: "defend" });
    scriptDraws(t.gm, [[8, 10], [4, 10]], AFTER);
    await t.gm.evaluate<any>("globalThis.__boutTest").defendFromCard(t.gm.game.messages.get(id));
    await settle();
    await t.gm.evaluate<any>("globalThis.__boutTest").applyFromCard(t.gm.game.messages.get(id));
    await settle();
    const shown = shownTo(t.bob, id);
    expect(shown.querySelector(".card-status.applied")!.textContent).toContain("Applied by the GM.");
    expect(Array.from(shown.querySelectorAll("img.card-portrait")).map((i) => [i.getAttribute("src"), i.getAttribute("title")])).toEqual([
      ["icons/ada.webp", "Ada"],
      ["icons/bran.webp", "Bran"],
    ]);
    // The dice as dice: each roll's faces as the GM's client rolled them (8, then 4 on the d10s), each row named by whose dice and what for.
    expect(Array.from(shown.querySelectorAll(".card-die-group")).map((g) => [g.querySelector(".card-die-label")!.textContent, Array.from(g.querySelectorAll(".card-die")).map((d) => d.textContent)])).toEqual([
      ["Ada: attack, stress die +6", ["8"]],
      ["Bran: defence, stress die +2", ["4"]],
    ]);
    // The detail is folded under the headline, as one numbered list.
    expect(shown.querySelectorAll("details.card-detail > ol.card-lines").length).toBe(1);
    expect(shown.querySelectorAll("ol").length).toBe(1);
    expect(shown.querySelector("details")!.hasAttribute("open")).toBe(false);
    expect(shown.textContent).not.toMatch(SOURCE_REF);
    expect(shown.innerHTML).not.toContain("BOUT.");
  });
});

describe("follow-ups only for the fighter they belong to (issue 20; seed 002 VI: a Combat Advantage is the defender's)", () => {
  it("Bran's active parry opens two advantages: Bob and the GM see them, Alice and Carol do not, and Carol's card has no block left asking her", async () => {
    dist();
    const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }, { name: "Bob", role: ROLES.PLAYER }, { name: "Carol", role: ROLES.PLAYER }] });
    const gm = await world.connect("GM");
    await gm.game.settings.set("bout", "ruleset", "actionpoints");
    const [alice, bob, carol] = [await world.connect("Alice"), await world.connect("Bob"), await world.connect("Carol")];
    await settle();
    const Actor = gm.CONFIG.Actor.documentClass;
    const aldric = await Actor.create({ name: "Aldric", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 } });
    const bran = await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 } });
    const [sword] = await aldric.createEmbeddedDocuments("Item", [
      { name: "Broadsword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, size: 3, skill: "Sword" } } },
      { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 60, psf: 15 } } },
    ]);
    await bran.createEmbeddedDocuments("Item", [
      { name: "Arming sword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, size: 3, skill: "Sword" } } },
      { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 50, psf: 10 } } },
    ]);
    await settle();
    alice.runtime.dialogs.responder = () => ({ defender: bran.id });
    await alice.game.actors.get(aldric.id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    const id = gm.game.messages.contents.at(-1).id;
    bob.runtime.dialogs.responder = () => ({ defence: "activeParry" });
    // Bran's parry 20 against 50 less 15 = 35 succeeds; Aldric's 80 against 60 fails: the advantages open for Bran.
    scriptDraws(gm, [[20, 100], [80, 100]], AFTER);
    expect((await bob.evaluate<any>("globalThis.__boutTest").defendFromCard(bob.game.messages.get(id))).ok).toBe(true);
    await settle();
    const follow = (client: any) => buttons(shownTo(client, id)).filter((b) => b === "followUp").length;
    expect([follow(gm), follow(bob), follow(alice), follow(carol)]).toEqual([2, 2, 0, 0]);
    expect(shownTo(carol, id).querySelector(".card-follow-ups")).toBeNull();
    expect(shownTo(bob, id).querySelector(".card-follow-ups")).not.toBeNull();
  });
});

describe("player-facing words (issue 20)", () => {
  it("no lang string a player reads names the rules' source: no 'seed', no section sign or number", () => {
    const offending = flat(EN).filter(([k, v]) => !GM_ONLY.test(k) && SOURCE_REF.test(v));
    expect(offending).toEqual([]);
  });

  it("card lines count in words: no '(s)' in a card line, and every {n|one|other} names a value of its line", () => {
    const lines = flat(EN).filter(([k]) => /\.Event\.|Declared|^BOUT\.Card\.Headline/.test(k));
    expect(lines.length).toBeGreaterThan(100);
    expect(lines.filter(([, v]) => /\((s|es)\)/.test(v))).toEqual([]);
    for (const [k, v] of lines) for (const m of v.matchAll(/\{(\w+)\|[^}]*\}/g)) expect(v, k).toContain(`{${m[1]}}`);
  });

  it("no lang string says '(s)' or '(es)': a count's word is picked by the plural rules ({n|one|other}), notifications and odds labels too", () => {
    expect(flat(EN).filter(([, v]) => /\((s|es)\)/.test(v))).toEqual([]);
    for (const [k, v] of flat(EN)) for (const m of v.matchAll(/\{(\w+)\|[^}]*\}/g)) expect(v, k).toContain(`{${m[1]}}`);
    expect(formatCounted(i18n, "BOUT.Pulse.Refusal.TooManyActions", { max: "1" })).toBe("At most 1 action this pulse.");
    expect(formatCounted(i18n, "BOUT.Pulse.Refusal.TooManyActions", { max: "2" })).toBe("At most 2 actions this pulse.");
    expect(formatCounted(i18n, "BOUT.Steel.Contest.Refusal.TooMany", { dice: "1", left: "0" })).toBe("1 die is more than the 0 left in the pool.");
    expect(formatCounted(i18n, "BOUT.Steel.Refusal.TooMany", { field: "Attack", cost: "3", available: "1" })).toBe("Attack: that needs 3 dice but only 1 is left.");
    expect(formatCounted(i18n, "BOUT.Opposed.Move.Declared.fall", { yards: "1" })).toBe("Falls 1 yard");
  });

  it("'1 success', '2 successes', '1 die', '0 dice': the language's plural rules pick the word", () => {
    const roll = (rolled: number, successes: number) => formatCounted(i18n, "BOUT.Steel.Event.roll", { who: "Ada", role: "attack", rolled: String(rolled), tn: "6", successes: String(successes) });
    expect(roll(1, 1)).toBe("Ada (attack): 1 die at TN 6, 1 success");
    expect(roll(6, 2)).toBe("Ada (attack): 6 dice at TN 6, 2 successes");
    expect(roll(0, 0)).toBe("Ada (attack): 0 dice at TN 6, 0 successes");
    // A string without counted words is Foundry's format, unchanged.
    expect(formatCounted(i18n, "BOUT.Card.Waiting", { defender: "Bran" })).toBe("Waiting for Bran to answer.");
  });

  it("every card template key, outcome word and headline exists in lang/en.json", () => {
    // The card and the partials it shares with the result cards (headline, dice, detail).
    const template = ["card.hbs", "headline.hbs", "dice.hbs", "detail.hbs"].map((t) => readFileSync(join(process.cwd(), "templates/chat", t), "utf8")).join("\n");
    const keys = [...template.matchAll(/localize "([^"]+)"/g)].map((m) => m[1]!);
    keys.push("BOUT.Card.Waiting", "BOUT.Card.Rolling", "BOUT.Card.Applied", "BOUT.Card.AppliedBy", "BOUT.Card.AppliedByGM");
    for (const tone of ["success", "failure", "neutral", "waiting"]) keys.push(`BOUT.Card.Outcome.${tone}`);
    for (const outcome of ["success", "failure", "neutral"]) keys.push(`BOUT.Card.Headline.${outcome}`);
    const headlines = [
      exchangeHeadline({ winner: "a", hit: { level: 4, part: "shoulder" } }, "a", "Bran"),
      exchangeHeadline({ winner: "a", hit: { level: 0, part: "shoulder" } }, "a", "Bran"),
      exchangeHeadline({ winner: "a", hit: null }, "a", "Bran"),
      exchangeHeadline({ winner: "b", hit: null }, "a", "Bran"),
      ...[true, false].flatMap((missile) => [phasesHeadline(false, 0, missile), phasesHeadline(true, 0, missile), phasesHeadline(true, 1, missile), phasesHeadline(true, 3, missile)]),
      ...(["missed", "avoided", "partial", "hit"] as const).flatMap((outcome) => [apHeadline({ outcome, damage: { delivered: 5 } }, "dodge"), apHeadline({ outcome, damage: null }, "dodge")]),
      opposedHeadline({ hit: { location: "head", wounds: { suffered: 1 } } }, false),
      opposedHeadline({ hit: { location: "head", wounds: { suffered: 3 } } }, true),
      opposedHeadline({ hit: null }, false),
      opposedHeadline({ hit: null }, true),
      ...(["parry", "disarm", "riposte"] as const).map((outcome) => pulseHeadline({ strike: { hit: false, grievous: false }, parry: { outcome }, damage: null })),
      pulseHeadline({ strike: { hit: false, grievous: false }, parry: null, damage: null }),
      pulseHeadline({ strike: { hit: true, grievous: false }, parry: null, damage: { effective: 0 } }),
      pulseHeadline({ strike: { hit: true, grievous: false }, parry: null, damage: { effective: 4 } }),
      pulseHeadline({ strike: { hit: true, grievous: true }, parry: null, damage: { effective: 9 } }),
    ];
    keys.push(...headlines.map((h) => h.key));
    expect(keys.filter((k) => typeof lookup(k) !== "string")).toEqual([]);
    // Each ruleset's headline in its own terms, from the result's fields.
    const say = (h: { key: string; data?: Record<string, string | number> }) =>
      formatCounted(i18n, h.key, { attacker: "Ada", defender: "Bran", ...Object.fromEntries(Object.entries(h.data ?? {}).map(([k, v]) => [k, String(v)])) });
    expect(say(headlines[0]!)).toBe("Ada's blow lands: level 4 wound to Bran's shoulder.");
    expect(say(phasesHeadline(true, 1, false))).toBe("Ada hits Bran: 1 wound level.");
    expect(say(phasesHeadline(true, 3, false))).toBe("Ada hits Bran: 3 wound levels.");
    expect(say(pulseHeadline({ strike: { hit: false, grievous: false }, parry: { outcome: "riposte" }, damage: null }))).toBe("Parried, riposte open: Bran disarms Ada and may strike back.");
    expect(say(opposedHeadline({ hit: null }, true))).toBe("Miss: the shot misses Bran.");
  });

  it("the same act has the same word in every ruleset: Defend against {name}, Attack, Defend, Apply", () => {
    const rulesets = ["Steel", "Phases", "ActionPoints", "Opposed", "Pulse"];
    expect(rulesets.map((r) => lookup(`BOUT.${r}.Table.DefendTitle`))).toEqual(rulesets.map(() => "Defend against {name}"));
    expect(lookup("BOUT.Steel.Missile.DefendTitle")).toBe("Defend against {name}'s shot");
    expect(["BOUT.Steel.Table.Declare", ...rulesets.slice(1).map((r) => `BOUT.${r}.Table.Attack`)].map(lookup)).toEqual(rulesets.map(() => "Attack"));
    expect(rulesets.map((r) => lookup(`BOUT.${r}.Table.CardTitle`))).toEqual(rulesets.map(() => "{attacker} attacks {defender}"));
    expect([lookup("BOUT.Card.Defend"), lookup("BOUT.Card.Apply")]).toEqual(["Defend", "Apply"]);
  });

  it("no template a player reads says 'seed' or cites a section", () => {
    const dir = join(process.cwd(), "templates");
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".hbs") && !f.startsWith("duel"));
    expect(files.length).toBeGreaterThan(5);
    // Text between tags only: attribute names such as a form field's name are not read.
    const offending = files.filter((f) => SOURCE_REF.test(readFileSync(join(dir, f), "utf8").replace(/<[^>]*>|{{[^}]*}}/g, " ")));
    expect(offending).toEqual([]);
  });
});
