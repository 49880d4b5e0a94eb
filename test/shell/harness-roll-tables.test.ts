// The harness's RollTable and TableResult (test/harness/schemas.ts, permissions.ts,
// runtime.ts) behave as v13's do for what the system reads and a GM edits:
// BaseRollTable (collection "tables", embedded TableResult "results"),
// BaseTableResult#defineSchema (range: two ascending whole numbers) and
// BaseTableResult#canUpdate (a player edits nothing on a table she only observes).
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { settle } from "./support";

async function withTable() {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
  const gm = await world.connect("GM");
  const alice = await world.connect("Alice");
  const RollTable = gm.CONFIG.RollTable.documentClass;
  const table = await RollTable.create({
    name: "Weather",
    formula: "1d6",
    ownership: { default: 2 },
    results: [
      { type: "text", name: "Rain", range: [1, 3] },
      { type: "text", name: "Sun", range: [4, 6], flags: { bout: { value: "sun" } } },
    ],
  });
  await settle();
  return { world, gm, alice, table };
}

describe("harness roll tables", () => {
  it("a table and its results reach every client as v13 documents: uuid, results collection, defaults", async () => {
    const { gm, alice, table } = await withTable();
    expect(table.uuid).toBe(`RollTable.${table.id}`);
    const seen = alice.game.tables.get(table.id);
    expect(seen.name).toBe("Weather");
    expect([...seen.results.values()].map((r: any) => [r.name, r.range, r.weight, r.drawn])).toEqual([
      ["Rain", [1, 3], 1, false],
      ["Sun", [4, 6], 1, false],
    ]);
    expect(seen.results.contents[1].flags.bout.value).toBe("sun");
    expect(seen.replacement).toBe(true);
    expect(gm.evaluate<any>(`fromUuidSync("RollTable.${table.id}")`).name).toBe("Weather");
    const result = seen.results.contents[0];
    expect(gm.evaluate<any>(`fromUuidSync("${result.uuid}")`)?.name).toBe("Rain");
  });

  it("a GM's edit of a result and its deletion reach every client", async () => {
    const { gm, alice, table } = await withTable();
    const rain = table.results.contents[0];
    await table.updateEmbeddedDocuments("TableResult", [{ _id: rain.id, name: "Snow" }]);
    await settle();
    expect(alice.game.tables.get(table.id).results.get(rain.id).name).toBe("Snow");
    await gm.game.tables.get(table.id).deleteEmbeddedDocuments("TableResult", [rain.id]);
    await settle();
    expect(alice.game.tables.get(table.id).results.size).toBe(1);
  });

  // Refused as v13 refuses invalid data (ClientDatabaseBackend#preCreateDocumentArray): core's error
  // notification, the result left out, the call resolving with nothing created.
  it("a range that is not two ascending numbers is refused (BaseTableResult#defineSchema)", async () => {
    const { world, gm, table } = await withTable();
    const mark = world.server.writes.length;
    expect(await table.createEmbeddedDocuments("TableResult", [{ name: "Fog", range: [5, 2] }])).toEqual([]);
    expect(world.writesSince(mark)).toEqual([]);
    expect(table.results.size).toBe(2);
    expect(gm.notices.at(-1)).toMatchObject({ type: "error", message: expect.stringMatching(/ascending/) });
  });

  it("a player who only observes the table may not edit its results (BaseTableResult#canUpdate)", async () => {
    const { world, alice, table } = await withTable();
    const mine = alice.game.tables.get(table.id);
    const mark = world.server.writes.length;
    await expect(mine.updateEmbeddedDocuments("TableResult", [{ _id: mine.results.contents[0].id, name: "Hail" }])).rejects.toThrow();
    expect(world.writesSince(mark)).toEqual([]);
  });
});
