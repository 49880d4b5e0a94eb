// Armory speed (issue 24, "Proof"): rendering the grid of 200 weapons in the
// harness client (context plus the real handlebars templates), editing a figure
// of every row and saving them all in one write, and planning a CSV import of
// the same 200 rows.
import { bench, describe } from "vitest";
import { ROLES } from "../../test/harness/server";
import { TestWorld } from "../../test/harness/world";

const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
const gm = await world.connect("GM");
await gm.CONFIG.Item.documentClass.createDocuments(Array.from({ length: 200 }, (_, i) => ({ name: `Weapon ${i + 1}`, type: "weapon", system: {} })));
const app = await gm.CONFIG.BOUT.openArmory({ ruleset: "pulse" });
const csv: string = app.exportText("csv", "all");
let round = 0;

describe("armory", () => {
  bench("render the grid of 200 weapons", async () => {
    await app.render();
  });

  bench("edit and save 200 weapons (one write)", async () => {
    round += 1;
    for (const row of app.rows) app.setCell(row.key, "pulse.baseChance", String(40 + (round % 20)));
    await app.save();
  });

  bench("plan a CSV import of 200 weapons, every ruleset", async () => {
    await app.importText(csv, "csv");
    await app.cancelImport();
  });
});
