// The armory's cells in a DOM (issue 24): the grid as rendered, mounted in
// happy-dom with the listeners the armory puts on its window. Typing a figure
// keeps it and marks the cell (and the "figures from" marker it switched);
// a refused figure goes back to what the cell held.
import { describe, expect, it } from "vitest";
import { Window } from "happy-dom";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";

async function mounted() {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  const gm = await world.connect("GM");
  await gm.CONFIG.Item.documentClass.createDocuments([
    { name: "Arming sword", type: "weapon", system: { steel: { reach: 2 }, figureSource: { steel: "default" } } },
    { name: "Dagger", type: "weapon", system: { steel: { reach: 0 }, figureSource: { steel: "seed" } } },
  ]);
  const app = await gm.CONFIG.BOUT.openArmory({ ruleset: "steel" });
  const window = new Window();
  const root = window.document.createElement("div");
  root.innerHTML = Object.values<string>(app.renderedParts).join("\n");
  window.document.body.appendChild(root);
  Object.defineProperty(app, "element", { value: root, configurable: true });
  await app._onFirstRender({}, {});
  const change = (el: any, value: string) => {
    el.value = value;
    el.dispatchEvent(new window.Event("change", { bubbles: true }));
  };
  return { world, gm, app, root: root as any, change };
}

describe("armory cells in a DOM", () => {
  it("a typed figure is kept and marked, with its ruleset's marker switched to your group", async () => {
    const { app, root, change } = await mounted();
    const row = app.rows.find((r: any) => r.name === "Arming sword");
    const tr = root.querySelector(`tr[data-row="${row.key}"]`);
    const reach = tr.querySelector('input[data-column="steel.reach"]');
    change(reach, "3");
    expect(app.rows.find((r: any) => r.key === row.key).values["steel.reach"]).toBe(3);
    expect(reach.closest("td").classList.contains("changed")).toBe(true);
    const source = tr.querySelector('select[data-column="steel.source"]');
    expect(source.value).toBe("group");
    expect(source.closest("td").classList.contains("changed")).toBe(true);
    expect(root.querySelector("[data-pending]").textContent).toBe("Unsaved changes: 1");
    // The other row is untouched.
    expect(root.querySelectorAll("td.changed")).toHaveLength(2);
  });

  it("a refused figure goes back to what the cell held, and a notice says why", async () => {
    const { gm, app, root, change } = await mounted();
    const reach = root.querySelector('input[data-column="steel.reach"]');
    change(reach, "12");
    expect(reach.value).toBe(String(app.rows[0].values["steel.reach"]));
    expect(reach.closest("td").classList.contains("changed")).toBe(false);
    expect(gm.notices.at(-1)).toMatchObject({ type: "warning", message: "Reach: 12 is out of range; it must be from 0 to 5." });
  });

  it("a checkbox and the keep-markers switch work the same way", async () => {
    const { app, root } = await mounted();
    const keep = root.querySelector('[data-armory-view="keepSources"]');
    keep.checked = true;
    keep.dispatchEvent(new keep.ownerDocument.defaultView.Event("change", { bubbles: true }));
    expect(app.keepSources).toBe(true);
    const missile = root.querySelector('input[data-column="steel.missile"]');
    missile.checked = !missile.checked;
    missile.dispatchEvent(new missile.ownerDocument.defaultView.Event("change", { bubbles: true }));
    expect(app.rows[0].values["steel.missile"]).toBe(missile.checked);
    expect(app.rows[0].values["steel.source"]).not.toBe("group");
  });

  it("the picture button opens Foundry's file picker; the path picked shows in the row at once (picture, path, changed mark, count)", async () => {
    const { gm, app, root } = await mounted();
    const row = app.rows.find((r: any) => r.name === "Dagger");
    const tr = root.querySelector(`tr[data-row="${row.key}"]`);
    const button = tr.querySelector('button[data-action="pickImage"]');
    expect(button.getAttribute("aria-label")).toBe("Choose the image: Dagger");
    expect(button.dataset.column).toBe("img");
    await app.options.actions.pickImage.call(app, new Event("click"), button);
    const picker = gm.runtime.filePickers.opened.at(-1)!;
    expect(picker).toMatchObject({ type: "image", request: row.img });
    await picker.pick("icons/weapons/daggers/dagger-straight-blue.webp");
    expect(tr.querySelector("[data-armory-picture-name]").textContent).toBe("dagger-straight-blue.webp");
    expect(button.getAttribute("data-tooltip")).toBe("icons/weapons/daggers/dagger-straight-blue.webp");
    expect(tr.querySelector("img[data-armory-picture]").getAttribute("src")).toBe("icons/weapons/daggers/dagger-straight-blue.webp");
    expect(button.closest("td").classList.contains("changed")).toBe(true);
    expect(root.querySelector("[data-pending]").textContent).toBe("Unsaved changes: 1");
  });
});
