// The harness's prototype tokens as v13 has them (BaseActor#_initializeSource, PrototypeToken,
// Actor#getTokenDocument): tests that drop an actor on a scene the way Foundry does get the
// same tokens as in a real world.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";

async function world() {
  const w = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  const gm = await w.connect("GM", { bundle: null });
  gm.CONFIG.Actor.dataModels = {};
  return { w, gm };
}

describe("v13 PrototypeToken and Actor#getTokenDocument", () => {
  it("a prototype token is unlinked and hostile by default, named after its actor and showing its image", async () => {
    const { gm } = await world();
    const Actor = gm.CONFIG.Actor.documentClass;
    const wolf = new Actor({ name: "Wolf", type: "npc", img: "wolf.webp" });
    expect(wolf.prototypeToken).toMatchObject({ name: "Wolf", actorLink: false, disposition: -1, width: 1, height: 1, texture: { src: "wolf.webp" } });
    expect(wolf.prototypeToken.toObject()).toMatchObject({ name: "Wolf", actorLink: false });
  });

  it("getTokenDocument builds an unsaved token from the prototype, with the actor's id and the data given", async () => {
    const { gm } = await world();
    const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Field", grid: { type: 1, size: 100 } });
    const Actor = gm.CONFIG.Actor.documentClass;
    const wolf = new Actor({ _id: "wolfAAAAAAAAAAAA", name: "Wolf", type: "npc", prototypeToken: { appendNumber: true } });
    const first = await wolf.getTokenDocument({ x: 100, y: 200 }, { parent: scene });
    expect(first.id).toBeNull();
    expect(first).toMatchObject({ name: "Wolf (1)", actorId: "wolfAAAAAAAAAAAA", actorLink: false, x: 100, y: 200 });
    await scene.createEmbeddedDocuments("Token", [first.toObject()]);
    const second = await wolf.getTokenDocument({}, { parent: scene });
    expect(second.name).toBe("Wolf (2)");
  });
});

describe("the system's actors (our choice, as dnd5e does): characters' tokens are linked and friendly, NPCs' are Foundry's default", () => {
  it("a character's prototype token is linked and friendly unless the data says otherwise; an NPC's stays unlinked and hostile", async () => {
    const { dist } = await import("../build/dist");
    dist();
    const w = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
    const gm = await w.connect("GM");
    const Actor = gm.CONFIG.Actor.documentClass;
    const ada = await Actor.create({ name: "Ada", type: "character" });
    const wolf = await Actor.create({ name: "Wolf", type: "npc" });
    const twin = await Actor.create({ name: "Twin", type: "character", prototypeToken: { actorLink: false } });
    expect(ada.prototypeToken).toMatchObject({ actorLink: true, disposition: 1, name: "Ada" });
    expect(wolf.prototypeToken).toMatchObject({ actorLink: false, disposition: -1 });
    expect(twin.prototypeToken.actorLink).toBe(false);
    // Dropped on a scene, Ada's token is Ada herself.
    const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Field", grid: { type: 1, size: 100 } });
    const [token] = await scene.createEmbeddedDocuments("Token", [(await ada.getTokenDocument({ x: 0, y: 0 })).toObject()]);
    expect(token.actor).toBe(gm.game.actors.get(ada.id));
  });
});
