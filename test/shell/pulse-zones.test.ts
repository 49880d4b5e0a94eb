// Zones on the map (issue 9 "Geometry"; seed 004_2f46e4f6196f6037.txt [13] melee zone, [16.1] Ranged Zone):
// the token tool "Show pulse zones" highlights, for each token the user controls on a hex scene, its melee zone
// and its Ranged Zone out to its missile weapon's range, through the grid layer's highlight API.
import { describe, expect, it } from "vitest";
import { hexScene, settle, tableOfThree } from "./support";

async function lookout(ruleset = "pulse") {
  const { gm, alice, own, Actor } = await tableOfThree(ruleset);
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice") });
  await ada.createEmbeddedDocuments("Item", [{ name: "Sling", type: "weapon", system: { equipped: true, pulse: { use: "missile", range: 3 } } }]);
  const { scene, at } = await hexScene(gm, "Hill");
  // Rotation 270 looks east.
  const [token] = await scene.createEmbeddedDocuments("Token", [{ actorId: ada.id, name: "Ada", rotation: 270, ...at(2, 2) }]);
  await settle();
  const canvas = alice.evaluate<any>("canvas");
  canvas.ready = true;
  canvas.scene = alice.game.scenes.get(scene.id);
  canvas.tokens.controlled = [{ document: alice.game.scenes.get(scene.id).tokens.get(token.id) }];
  const controls = () => alice.evaluate<any>("(() => { const c = { tokens: { tools: { select: {} } } }; Hooks.callAll('getSceneControlButtons', c); return c; })()");
  const marks = () => (canvas.interface.grid.highlightLayers["bout-pulse-zones"]?.positions ?? []) as any[];
  return { alice, canvas, scene, at, token, controls, marks };
}

describe("seed 004 [13], [16.1] pulse zones on the map", () => {
  it("the token tool is a per-user toggle, off at first; on, Ada's three front hexes show red and her sling's wedge (3 hexes out: 5 + 7) blue", async () => {
    const l = await lookout();
    const tool = l.controls().tokens.tools.boutPulseZones;
    expect([tool.toggle, tool.active, tool.visible]).toEqual([true, false, true]);
    tool.onChange(null, true);
    await settle();
    const marks = l.marks();
    expect(marks.filter((m) => m.color === 0xc0392b)).toHaveLength(3);
    expect(marks.filter((m) => m.color === 0x2e86c1)).toHaveLength(12);
    // The hex straight ahead (row 2, column 3) is marked red by its top-left point.
    const ahead = l.scene.grid.getCenterPoint({ i: 2, j: 3 });
    expect(marks).toContainEqual(expect.objectContaining({ x: ahead.x - l.scene.grid.sizeX / 2, y: ahead.y - l.scene.grid.sizeY / 2, color: 0xc0392b }));
    expect(l.controls().tokens.tools.boutPulseZones.active).toBe(true);
  });

  it("turning the token redraws the zones the other way; switching the tool off clears them", async () => {
    const l = await lookout();
    l.controls().tokens.tools.boutPulseZones.onChange(null, true);
    await settle();
    await l.alice.game.scenes.get(l.scene.id).tokens.get(l.token.id).update({ rotation: 90 });
    await settle();
    const behind = l.scene.grid.getCenterPoint({ i: 2, j: 1 });
    expect(l.marks()).toContainEqual(expect.objectContaining({ x: behind.x - l.scene.grid.sizeX / 2, color: 0xc0392b }));
    l.controls().tokens.tools.boutPulseZones.onChange(null, false);
    await settle();
    expect(l.marks()).toEqual([]);
  });

  it("under another ruleset the tool is hidden and nothing is drawn", async () => {
    const l = await lookout("steel");
    expect(l.controls().tokens.tools.boutPulseZones.visible).toBe(false);
    l.controls().tokens.tools.boutPulseZones.onChange(null, true);
    await settle();
    expect(l.marks()).toEqual([]);
  });
});
