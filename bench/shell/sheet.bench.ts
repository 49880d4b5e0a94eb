// Shell speed (issue 10, "Benchmarks"): rendering a character sheet with 50 items
// in the harness client, from the built bundle: context building plus the real
// Handlebars templates, to HTML strings. The harness has no DOM, so the browser's
// own work (parsing that HTML, layout, paint) is not in this figure.
import { bench, describe } from "vitest";
import { ROLES } from "../../test/harness/server";
import { TestWorld } from "../../test/harness/world";

const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
const gm = await world.connect("GM");
const actor = await gm.CONFIG.Actor.documentClass.create({ name: "Quartermaster", type: "character" });
const types = ["weapon", "armor", "shield", "maneuver", "skill"];
await actor.createEmbeddedDocuments(
  "Item",
  Array.from({ length: 50 }, (_, i) => ({ name: `Item ${i + 1}`, type: types[i % types.length], system: {} })),
);
const sheet = actor.sheet;

describe("sheets", () => {
  bench("render a character sheet with 50 items (context and Handlebars to HTML strings, no DOM)", async () => {
    await sheet.render({ force: true });
  });
});
