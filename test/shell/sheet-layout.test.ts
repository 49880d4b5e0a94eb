// What players see on sheets and in dialogs (issue 20, "Sheets" and "Dialogs"):
// the equipment columns each ruleset reads, items of unused types under a fold,
// the equipped toggle's state without colour, type icons, the fighting figures
// first, the ARIA tab pattern, dialog widths and the phases declaration's defaults.
// Sheets are rendered from real documents with the real handlebars and parsed with happy-dom.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { Window } from "happy-dom";
import { RULESETS } from "../../src/engine/rulesets/registry";
import { ITEM_KINDS, RULESET_IDS } from "../../src/engine/rulesets/ruleset";
import { ITEM_COLUMNS, columnsFor, itemImage, rowCells, rulesetUsesKind } from "../../src/applications/sheets/item-columns";
import { HEADLINE_FIGURES } from "../../src/applications/sheets/headline-figures";
import { syncTabAria } from "../../src/applications/sheets/tab-aria";
import { DIALOG_WIDTH, dialogWidth, LONG_CHOICE, oddsDialogContext } from "../../src/applications/dialogs/odds-dialog";
import { declarationDefaults, declarationFields } from "../../src/table/phases/declaration";
import { settle, steelThrownBout, tableOfThree } from "./support";

const lang = JSON.parse(readFileSync("lang/en.json", "utf8"));
const text = (key: string) => key.split(".").reduce<any>((o, k) => o?.[k], lang);

const pack = (folder: string, slug: string) => {
  const { _id, _key, folder: _f, sort: _s, ownership: _o, ...source } = JSON.parse(readFileSync(`packs/_source/${folder}/${slug}.json`, "utf8"));
  return source;
};

function parse(html: string): Document {
  const window = new Window();
  window.document.body.innerHTML = html;
  return window.document as unknown as Document;
}

async function kitted(ruleset: string, owner = true) {
  const { world, gm, alice, Actor } = await tableOfThree(ruleset);
  const actor = await Actor.create({
    name: "Aldric",
    type: "character",
    system: pack("npcs", "duellist").system,
    ownership: { default: 0, [world.userId("Alice")]: owner ? 3 : 2 },
  });
  await actor.createEmbeddedDocuments("Item", [
    { ...pack("weapons", "longsword"), system: { ...pack("weapons", "longsword").system, equipped: true } },
    pack("armor", "mail-hauberk"),
    pack("maneuvers", "counter"),
    pack("skills", "acrobatics"),
    { name: "Plain stick", type: "weapon" },
  ]);
  await settle();
  const sheet = alice.game.actors.get(actor.id).sheet;
  await sheet.render({ force: true });
  return { gm, alice, actor, sheet, html: (part: string) => parse(sheet.renderedParts[part] as string) };
}

// Each test ends with every write it started landed: no message is left on its way into the next test
// (what lets the v14 run skip this file's tests that meet no v14 rule: docs/dev/testing.md).
afterEach(settle);

describe("equipment columns per ruleset and item type", () => {
  it("name the figures each ruleset reads, every one a statistic of its block with a heading in lang/en.json", () => {
    for (const id of RULESET_IDS) {
      for (const kind of ITEM_KINDS) {
        const block = RULESETS[id].stats[kind];
        for (const column of ITEM_COLUMNS[id][kind] ?? []) {
          expect(block[column.key], `${id}.${kind}.${column.key}`).toBeDefined();
          expect(typeof text(column.heading), column.heading).toBe("string");
          if (column.with) expect(block[column.with]?.kind, `${id}.${kind}.${column.with}`).toBe("choice");
        }
        // A type the ruleset keeps figures for always gets columns; one it does not, none.
        expect((ITEM_COLUMNS[id][kind] ?? []).length > 0, `${id}.${kind}`).toBe(rulesetUsesKind(RULESETS[id], kind));
      }
    }
  });

  it("are the table figures, not the block's first fields: steel reach, ATN, DTN and damage; action points damage, size, AP cost; pulse class, base chance, damage", () => {
    const keys = (id: keyof typeof RULESETS, kind: (typeof ITEM_KINDS)[number]) => columnsFor(RULESETS[id], kind).map((c) => c.key);
    expect(keys("steel", "weapon")).toEqual(["reach", "atnSwing", "atnThrust", "dtn", "swingDamage", "thrustDamage"]);
    expect(keys("steel", "shield")).toEqual(["dtn", "missileDtn", "cpPenalty"]);
    expect(keys("phases", "weapon")).toEqual(["initiative", "attack", "defense", "damage", "range"]);
    expect(keys("actionpoints", "weapon")).toEqual(["baseDamage", "size", "attackCost", "skill"]);
    // The weight class is the second figure a player reads off action-point armour.
    expect(keys("actionpoints", "armor")).toEqual(["absorption", "weight", "apModifier"]);
    expect(keys("opposed", "armor")).toEqual(["head", "body", "leftArm", "rightArm", "leftLeg", "rightLeg"]);
    expect(keys("pulse", "weapon")).toEqual(["weaponClass", "baseChance", "damage", "rank", "range"]);
    expect(keys("phases", "maneuver")).toEqual([]);
  });

  it("write a compendium longsword's steel cells as a player reads them: reach 3, swing +2 cutting, thrust +1 puncture", () => {
    const sword = pack("weapons", "longsword").system.steel;
    const cells = rowCells(RULESETS.steel, "weapon", sword);
    const swing = cells.find((c) => c.key === "swingDamage")!.parts;
    expect(cells.find((c) => c.key === "reach")!.parts).toEqual([{ text: String(sword.reach) }]);
    expect(swing[0]).toEqual({ text: sword.swingDamage > 0 ? `+${sword.swingDamage}` : String(sword.swingDamage) });
    expect(swing[1]).toEqual({ key: `BOUT.Steel.Stat.DamageType.${sword.swingType}`, sep: " " });
    // Armour coverage: the places covered, by name.
    const mail = pack("armor", "mail-hauberk").system.steel;
    const covers = rowCells(RULESETS.steel, "armor", mail).find((c) => c.key === "covers")!.parts;
    const on = Object.entries(mail.covers).filter(([, v]) => v).map(([k]) => k);
    expect(covers).toHaveLength(on.length);
    for (const part of covers) expect(typeof text((part as { key: string }).key)).toBe("string");
  });

  it("are drawn as a table with a heading per figure, and an item of a type the ruleset does not use waits under a fold (phases has no maneuvers or skills)", async () => {
    const { html } = await kitted("phases");
    const doc = html("items");
    const weapons = doc.querySelector('[data-section="weapon"] table')!;
    const heads = Array.from(weapons.querySelectorAll("thead th.col-figure")).map((th) => th.getAttribute("data-column"));
    expect(heads).toEqual(["initiative", "attack", "defense", "damage", "range"]);
    const row = weapons.querySelector("tbody tr.item-row")!;
    expect(row.querySelectorAll("td.col-figure")).toHaveLength(heads.length);
    expect(doc.querySelector('.items > [data-section="maneuver"]')).toBeNull();
    const fold = doc.querySelector("details.unused-items")!;
    expect(fold.querySelector("summary")!.textContent).toContain("(2)");
    expect(fold.textContent).toContain("Counter");
    expect(fold.textContent).toContain("Acrobatics");
    expect(doc.body.innerHTML).not.toMatch(/BOUT\.[A-Za-z]/);
  });

  it("show the equipped state by icon shape and aria-pressed, not colour alone, and Foundry's type icon for an item without a picture", async () => {
    const { html } = await kitted("steel");
    const doc = html("items");
    const toggle = (name: string) => Array.from(doc.querySelectorAll("tr.item-row")).find((r) => r.querySelector(".item-name")!.textContent === name)!.querySelector("button.equip-toggle")!;
    expect(toggle("Longsword").getAttribute("aria-pressed")).toBe("true");
    expect(toggle("Longsword").querySelector("i")!.className).toContain("fa-square-check");
    expect(toggle("Plain stick").getAttribute("aria-pressed")).toBe("false");
    expect(toggle("Plain stick").querySelector("i")!.className).toContain("fa-square");
    expect(toggle("Plain stick").querySelector("i")!.className).not.toContain("check");
    expect(toggle("Plain stick").textContent!.trim()).toBe("Equipped");
    const stick = Array.from(doc.querySelectorAll("tr.item-row")).find((r) => r.textContent!.includes("Plain stick"))!;
    expect(stick.querySelector("img")!.getAttribute("src")).toBe("icons/svg/sword.svg");
    expect(itemImage("shield", "icons/svg/item-bag.svg")).toBe("icons/svg/shield.svg");
    expect(itemImage("weapon", "my/own.webp")).toBe("my/own.webp");
  });
});

describe("the Figures tab", () => {
  it("opens with the ruleset's fighting figures, large, before the statistics (steel: the Combat Pool first)", async () => {
    const { html, actor } = await kitted("steel");
    const doc = html("stats");
    const first = doc.querySelector(".tab.stats > *")!;
    expect(first.className).toBe("headline-figures");
    const shown = Array.from(first.querySelectorAll("[data-derived]")).map((e) => e.getAttribute("data-derived"));
    expect(shown).toEqual(HEADLINE_FIGURES.steel);
    expect(first.querySelector('[data-derived="combatPool"] dd')!.textContent).toBe(String(actor.system.derived.combatPool.value));
    // The rest stays below, each once.
    const rest = Array.from(doc.querySelectorAll(".derived [data-derived]")).map((e) => e.getAttribute("data-derived"));
    expect(rest.filter((k) => shown.includes(k))).toEqual([]);
  });

  it("groups the rest: derived values next, then the numbers, then the on/off states (pulse: Mounted, Stunned ...)", async () => {
    const { html } = await kitted("pulse");
    const doc = html("stats");
    const order = Array.from(doc.querySelectorAll(".tab.stats > *")).map((e) => e.getAttribute("data-stat-section") ?? e.className);
    expect(order).toEqual(["headline-figures", "derived", "figures", "states"]);
    const states = doc.querySelector('[data-stat-section="states"]')!;
    expect(states.querySelectorAll("input").length).toBe(states.querySelectorAll('input[type="checkbox"]').length);
    expect(states.querySelector('[data-stat="stunned"]')).not.toBeNull();
    expect(doc.querySelector('[data-stat-section="figures"] input[type="checkbox"]:not(.stat-group input)')).toBeNull();
  });

  it("has a headline every ruleset's engine derives", async () => {
    for (const id of RULESET_IDS) {
      const { actor } = await kitted(id);
      for (const key of HEADLINE_FIGURES[id]) expect(actor.system.derived[key], `${id}.${key}`).toBeDefined();
    }
  });
});

describe("tabs follow the ARIA tab pattern", () => {
  function checkTabs(doc: Document, group: string) {
    const list = doc.querySelector('[role="tablist"]')!;
    expect(list).not.toBeNull();
    const tabs = Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]'));
    expect(tabs.length).toBeGreaterThan(1);
    expect(tabs.filter((t) => t.getAttribute("aria-selected") === "true")).toHaveLength(1);
    for (const tab of tabs) {
      expect(tab.dataset.group).toBe(group);
      const panel = doc.getElementById(tab.getAttribute("aria-controls")!);
      expect(panel?.getAttribute("role"), tab.dataset.tab).toBe("tabpanel");
      expect(panel!.getAttribute("aria-labelledby")).toBe(tab.id);
      expect(panel!.dataset.tab).toBe(tab.dataset.tab);
    }
    return tabs;
  }

  it("on the actor sheet: a tablist, each tab controlling its panel, the open one selected", async () => {
    const { sheet } = await kitted("steel");
    const doc = parse(Object.values<string>(sheet.renderedParts).join("\n"));
    const tabs = checkTabs(doc, "primary");
    expect(tabs.find((t) => t.getAttribute("aria-selected") === "true")!.dataset.tab).toBe("stats");
  });

  it("on the item sheet: the ruleset in play selected first, and a tab change moves the selection", async () => {
    const { gm } = await kitted("pulse");
    const sword = await gm.CONFIG.Item.documentClass.create({ name: "Arming sword", type: "weapon" });
    await sword.sheet.render({ force: true });
    const doc = parse(Object.values<string>(sword.sheet.renderedParts).join("\n"));
    const tabs = checkTabs(doc, "rulesets");
    expect(tabs[0]!.dataset.tab).toBe("pulse");
    expect(tabs[0]!.getAttribute("aria-selected")).toBe("true");
    syncTabAria(doc, "rulesets", "steel");
    expect(tabs.filter((t) => t.getAttribute("aria-selected") === "true").map((t) => t.dataset.tab)).toEqual(["steel"]);
    expect(tabs.find((t) => t.dataset.tab === "steel")!.tabIndex).toBe(0);
    expect(tabs[0]!.tabIndex).toBe(-1);
  });

  it("the item sheet is as tall as its content", async () => {
    const { gm } = await kitted("steel");
    const shield = await gm.CONFIG.Item.documentClass.create({ name: "Buckler", type: "shield" });
    expect(shield.sheet.options.position.height).toBe("auto");
  });
});

describe("dialogs", () => {
  const i18n = { format: (key: string) => (typeof text(key) === "string" ? text(key) : key) };

  it("keep DialogV2's 400px unless a choice is too long for it, and never grow past 640", () => {
    expect(dialogWidth(10)).toBe(DIALOG_WIDTH);
    expect(dialogWidth(50)).toBeGreaterThan(DIALOG_WIDTH);
    expect(dialogWidth(500)).toBe(640);
  });

  it("put a long choice on a row of its own under its label; a short one beside it", () => {
    const long = "x".repeat(LONG_CHOICE + 1);
    const context = oddsDialogContext(
      {
        title: "T",
        confirmLabel: "OK",
        fields: [
          { kind: "select", name: "a", label: "A", value: "1", options: [{ value: "1", label: long }] },
          { kind: "select", name: "b", label: "B", value: "1", options: [{ value: "1", label: "short" }] },
        ],
      },
      { a: "1", b: "1" },
      i18n,
    );
    expect(context.fields.map((f) => f.wide)).toEqual([true, false]);
    expect(context.width).toBe(dialogWidth(long.length));
  });

  // Seed 001 (phases), "Declaring actions": a melee declaration names the range it seeks, and the engine refuses
  // melee against named opponents without one, so the dialog must not open on "Fight in melee" with "No range".
  it("the phases declaration opens with choices that agree: melee at the weapon's own range, a bow at near, no weapon no fight", () => {
    const weapon = (stats: Record<string, unknown>) => ({ id: "w", name: "W", stats: { ...RULESETS.phases.stats.weapon, initiative: 0, attack: 0, defense: 0, damage: 0, range: "reach", minRange: "touch", missile: false, piercing: false, ...stats } as any });
    expect(declarationDefaults(weapon({ range: "close" }))).toEqual({ action: "melee", range: "close" });
    expect(declarationDefaults(weapon({ missile: true, range: "far" }))).toEqual({ action: "missile", range: "near" });
    expect(declarationDefaults(undefined)).toEqual({ action: "none", range: "" });
    const fighter = { stats: {} as any, weapons: [weapon({ range: "reach" })] };
    const fields = declarationFields(fighter, [], false);
    const value = (name: string) => fields.find((f) => f.name === name)!.value;
    expect([value("action"), value("range")]).toEqual(["melee", "reach"]);
  });
});

/** The ruleset actions a sheet's header offers, drawn afresh. */
async function headerActions(sheet: any): Promise<string[]> {
  await sheet.render({ force: true });
  return [...(sheet.renderedParts.header as string).matchAll(/data-actor-action="([A-Za-z]+)"/g)].map((m) => m[1]!);
}

/** Steel: Alan (Alice's) and Rival (Bob's) thrown into one bout; `mounted`: whom the GM marks as riding. Alice's sheet of Alan. */
async function steelBout(mounted: { alan?: boolean; rival?: boolean }) {
  const { gm, alice, bob, own, Actor } = await tableOfThree("steel");
  const alan = await Actor.create({ name: "Alan", type: "character", ownership: own("Alice"), system: { steel: { agility: 6, wit: 5, proficiency: 6 } } });
  const rival = await Actor.create({ name: "Rival", type: "character", ownership: own("Bob"), system: { steel: { agility: 5, wit: 5, proficiency: 5 } } });
  const { combat, group, ca } = await steelThrownBout({ gm, alice, bob }, alan, rival, { first: mounted.alan, second: mounted.rival });
  expect(gm.game.combats.get(combat.id).machineState.bouts[0].initiative, "the bout is thrown").toBe(ca);
  const sheet = alice.game.actors.get(alan.id).sheet;
  /** The GM moves the bout on to its second exchange. */
  sheet.nextExchange = async () => {
    await gm.game.combats.get(combat.id).applyCommands([{ type: "next", boutId: group.id }]);
    await settle();
    expect(gm.game.combats.get(combat.id).machineState.bouts[0].exchange).toBe(2);
  };
  return sheet;
}

describe("ruleset actions on the sheet", () => {
  it("steel: out of a fight the header offers the terrain roll but no ride-by, gait change, riders' pass or buying initiative", async () => {
    const { sheet } = await kitted("steel");
    const ids = await headerActions(sheet);
    expect(ids).toContain("terrain");
    expect(ids).not.toContain("rideBy");
    expect(ids).not.toContain("gait");
    expect(ids).not.toContain("ridersPass");
    expect(ids).not.toContain("buyInitiative");
  });

  it("steel: Riders pass only for a rider whose bout holds another rider, in the round's first exchange; not on foot nor riding at a foe on foot", async () => {
    expect(await headerActions(await steelBout({}))).not.toContain("ridersPass");
    expect(await headerActions(await steelBout({ rival: true }))).not.toContain("ridersPass");
    const alone = await headerActions(await steelBout({ alan: true }));
    expect(alone).toContain("gait");
    expect(alone).not.toContain("ridersPass");
    const riders = await steelBout({ alan: true, rival: true });
    expect(await headerActions(riders)).toContain("ridersPass");
    // Riders pass as a ride-by is made: before the round's exchanges, so not in its second.
    await riders.nextExchange();
    expect(await headerActions(riders)).not.toContain("ridersPass");
  });

  it("opposed: Shake off surprise only while the fighter is Surprised; Sneak up and the moves always", async () => {
    const { gm, actor, sheet } = await kitted("opposed");
    const calm = await headerActions(sheet);
    expect(calm).not.toContain("shakeOff");
    expect(calm).toEqual(expect.arrayContaining(["move", "ambush"]));
    await gm.game.actors.get(actor.id).toggleStatusEffect("surprised", { active: true });
    await settle();
    expect(await headerActions(sheet)).toContain("shakeOff");
    await gm.game.actors.get(actor.id).toggleStatusEffect("surprised", { active: false });
    await settle();
    expect(await headerActions(sheet)).not.toContain("shakeOff");
  });

  it("pulse: a stunned figure is offered only Recover; the stuck weapon, the infected wound's day and the net only when they are there", async () => {
    const { gm, actor, sheet } = await kitted("pulse");
    const set = async (changes: Record<string, unknown>) => {
      await gm.game.actors.get(actor.id).update(changes);
      await settle();
      return headerActions(sheet);
    };
    const standing = await headerActions(sheet);
    expect(standing).toEqual(expect.arrayContaining(["jump", "mount", "close", "magic"]));
    for (const id of ["recover", "closeWithdraw", "disentangle", "pullOut", "infectionDay", "infection"]) expect(standing, id).not.toContain(id);
    expect(await set({ "system.pulse.stuckPenalty": 3 })).toContain("pullOut");
    expect(await set({ "system.pulse.infected": true })).toContain("infectionDay");
    await gm.game.actors.get(actor.id).toggleStatusEffect("entangled", { active: true });
    await settle();
    expect(await headerActions(sheet)).toContain("disentangle");
    // Stunned (the token's condition, issue 31): the recovery, and the infected wound's day (it is not a fight's action); nothing else.
    await gm.game.actors.get(actor.id).toggleStatusEffect("stun", { active: true });
    await settle();
    expect(await headerActions(sheet)).toEqual(["recover", "infectionDay"]);
  });
});

describe("open sheets follow the fight", () => {
  // v13 Combat#_onUpdate calls updateCombatantActors, which re-renders the fighters' sheets; our Combat must keep it.
  it("a fighter's open sheet is drawn again when the fight's state moves, so its actions match where it stands", async () => {
    const { gm, actor } = await kitted("pulse");
    const sheet = gm.game.actors.get(actor.id).sheet;
    await sheet.render({ force: true });
    const other = await gm.CONFIG.Actor.documentClass.create({ name: "Bran", type: "character" });
    const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
    await combat.createEmbeddedDocuments("Combatant", [
      { actorId: actor.id, name: actor.name },
      { actorId: other.id, name: "Bran" },
    ]);
    gm.runtime.dialogs.responder = () => "none";
    await combat.startCombat();
    await settle();
    let renders = 0;
    const render = sheet.render.bind(sheet);
    sheet.render = (...args: unknown[]) => {
      renders++;
      return render(...args);
    };
    const before = structuredClone(gm.game.combats.get(combat.id).machineState);
    await gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    expect(gm.game.combats.get(combat.id).machineState).not.toEqual(before);
    expect(renders).toBeGreaterThan(0);
  });
});
