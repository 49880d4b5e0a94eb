// "Roll tables the cards read" takes a RollTable dropped on a lookup's field
// (issue 21 "Tables as Foundry RollTables": a setting names which RollTable each
// lookup uses). The form as rendered, mounted in happy-dom with the listeners the
// chooser puts on its window; a drop carries Foundry's drag data for a document
// ({type, uuid}, as the Roll Tables sidebar and a compendium write it on
// dragstart). A dropped RollTable fills the field and Save stores it; anything
// else is refused with a warning and the field keeps its value. Only a GM opens
// the chooser or saves it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Window } from "happy-dom";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist, repo } from "../build/dist";
import { settle } from "./support";

async function table() {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
  world.server.addPack({ id: "bout.tables", label: "Bout: Tables", type: "RollTable", packageType: "system" }, [JSON.parse(readFileSync(repo("packs/_source/tables/opposed-oops.json"), "utf8"))]);
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", "opposed");
  const alice = await world.connect("Alice");
  await settle();
  const source = JSON.parse(readFileSync(repo("packs/_source/tables/opposed-hit-locations.json"), "utf8"));
  const hits = await gm.CONFIG.RollTable.documentClass.create(source);
  await settle();
  return { world, gm, alice, hits };
}

/** The chooser rendered on a client and mounted in a DOM, as Foundry mounts a window's parts. */
async function mounted(client: any) {
  const menu = client.game.settings.menus.get("bout.rollTablesMenu");
  const app = new menu.type();
  await app.render({ force: true });
  const window = new Window();
  const root = window.document.createElement("form");
  root.innerHTML = Object.values<string>(app.renderedParts).join("\n");
  window.document.body.appendChild(root);
  Object.defineProperty(app, "element", { value: root, configurable: true });
  await app._onFirstRender({}, {});
  /** A drop of this drag data on an element (a document dragged from the sidebar or a compendium carries it as JSON text). */
  const drop = (el: any, data: unknown) => {
    const event = new window.Event("drop", { bubbles: true, cancelable: true });
    Object.defineProperty(event, "dataTransfer", { value: { getData: (type: string) => (type === "text/plain" ? JSON.stringify(data) : "") } });
    el.dispatchEvent(event);
    return event;
  };
  const field = (lookup: string) => root.querySelector(`input[name="${lookup.replaceAll(".", "__")}"]`) as any;
  /** Save as Foundry submits the form: every field's value by name. */
  const save = async () => {
    const values = Object.fromEntries(Array.from(root.querySelectorAll("input[name]")).map((i: any) => [i.name, i.value]));
    await app.options.form.handler.call(app, new window.Event("submit"), root, { object: values });
    await settle();
  };
  return { app, root, drop, field, save };
}

describe("the roll table chooser takes a RollTable dropped on a field", () => {
  it("a table dragged from the Roll Tables sidebar fills the Hit Locations field; Save stores it with one write", async () => {
    const { world, gm, hits } = await table();
    const ui = await mounted(gm);
    const field = ui.field("opposed.hitLocations");
    expect(field.value).toBe("");
    const event = ui.drop(field, { type: "RollTable", uuid: hits.uuid });
    expect(event.defaultPrevented).toBe(true);
    expect(field.value).toBe(hits.uuid);
    const mark = world.server.writes.length;
    await ui.save();
    expect(world.writesSince(mark).map((w: any) => `${w.action} ${w.documentName}`)).toEqual(["setting Setting"]);
    expect(gm.game.settings.get("bout", "rollTables")).toEqual({ "opposed.hitLocations": hits.uuid });
    expect(gm.notices.at(-1)).toMatchObject({ type: "info", message: "The roll table choices are saved for this world." });
  });

  it("a table dragged from a compendium fills the field; Save refuses it until it is imported into the world, and stores nothing", async () => {
    const { world, gm } = await table();
    const [oops] = await gm.game.packs.get("bout.tables").getDocuments();
    const uuid = `Compendium.bout.tables.RollTable.${oops.id}`;
    const ui = await mounted(gm);
    const field = ui.field("opposed.oops");
    ui.drop(field, { type: "RollTable", uuid });
    expect(field.value).toBe(uuid);
    const mark = world.server.writes.length;
    await ui.save();
    expect(gm.notices.at(-1)?.type).toBe("warning");
    expect(gm.notices.at(-1)?.message).toBe("The roll table chosen for Opposed: Oops! is in a compendium. Import it into the world first (right-click it in the compendium, then Import), and choose the imported table from the Roll Tables sidebar.");
    expect(world.writesSince(mark)).toEqual([]);
    expect(gm.game.settings.get("bout", "rollTables")).toEqual({});
  });

  it("a dropped actor, a single table result or a drop without document data is refused with a warning; the field keeps its value", async () => {
    const { gm, hits } = await table();
    const ui = await mounted(gm);
    const field = ui.field("opposed.hitLocations");
    ui.drop(field, { type: "RollTable", uuid: hits.uuid });
    const actor = await gm.CONFIG.Actor.documentClass.create({ name: "Bran", type: "npc" });
    const refused = [{ type: "Actor", uuid: actor.uuid }, { type: "TableResult", uuid: hits.results.contents[0].uuid }, { type: "RollTable", uuid: `${hits.uuid}.TableResult.${hits.results.contents[0].id}` }, "some words"];
    for (const data of refused) {
      const before = gm.notices.length;
      ui.drop(field, data);
      expect(field.value).toBe(hits.uuid);
      expect(gm.notices.slice(before)).toEqual([expect.objectContaining({ type: "warning", message: "Only a roll table can be dropped here. Drag one from the Roll Tables sidebar." })]);
    }
  });

  it("a drop outside a lookup's field does nothing", async () => {
    const { gm, hits } = await table();
    const ui = await mounted(gm);
    const before = gm.notices.length;
    const event = ui.drop(ui.root.querySelector("legend"), { type: "RollTable", uuid: hits.uuid });
    expect(event.defaultPrevented).toBe(false);
    expect(Array.from(ui.root.querySelectorAll("input[data-lookup]")).every((i: any) => i.value === "")).toBe(true);
    expect(gm.notices.length).toBe(before);
  });

  it("works where Foundry has no TextEditor.getDragEventData: the drop's JSON text is read directly", async () => {
    const { gm, hits } = await table();
    const editor = gm.evaluate<any>("foundry.applications.ux.TextEditor.implementation");
    const own = editor.getDragEventData;
    delete editor.getDragEventData;
    try {
      const ui = await mounted(gm);
      const field = ui.field("opposed.hitLocations");
      ui.drop(field, { type: "RollTable", uuid: hits.uuid });
      expect(field.value).toBe(hits.uuid);
      ui.drop(field, { type: "Actor", uuid: "Actor.abc" });
      expect(field.value).toBe(hits.uuid);
    } finally {
      editor.getDragEventData = own;
    }
  });

  it("a player cannot open the chooser, save choices through it, or fill a field by dropping", async () => {
    const { world, gm, alice, hits } = await table();
    const menu = alice.game.settings.menus.get("bout.rollTablesMenu");
    expect(menu.restricted).toBe(true);
    const app = new menu.type();
    await app.render({ force: true });
    expect(app.rendered).toBe(false);
    expect(alice.notices.at(-1)).toMatchObject({ type: "warning", message: "Only a gamemaster chooses the roll tables the cards read." });

    const mark = world.server.writes.length;
    const saved = await alice.evaluate<any>("globalThis.__boutTest").saveRollTableChoices({ opposed__hitLocations: hits.uuid });
    expect(saved.refusal).toMatchObject({ code: "rollTables.gmOnly" });
    // The form's own submit, called on a player's client, writes nothing either.
    await app.options.form.handler.call(app, new Event("submit"), null, { object: { opposed__hitLocations: hits.uuid } });
    await settle();
    expect(world.writesSince(mark)).toEqual([]);
    expect(gm.game.settings.get("bout", "rollTables")).toEqual({});

    // The GM's form rendered, then dropped on from a player's client (a hostile copy of it): the field stays empty.
    const ui = await mounted(gm);
    const field = ui.field("opposed.hitLocations");
    const player = new menu.type();
    Object.defineProperty(player, "element", { value: ui.root, configurable: true });
    const event = new (ui.root.ownerDocument.defaultView!.Event)("drop", { bubbles: true, cancelable: true });
    Object.defineProperty(event, "dataTransfer", { value: { getData: () => JSON.stringify({ type: "RollTable", uuid: hits.uuid }) } });
    Object.defineProperty(event, "target", { value: field });
    player.onDrop(event);
    expect(field.value).toBe("");
  });
});
