// Issue 20: with Dice So Nice (DSN) the outcome must not show before the dice
// land. DSN hides a new message, or the `.dice-roll` elements an update added,
// while it animates, and our cards have no `.dice-roll`; so a card follows DSN's
// own flag (message._dice3danimating) and keeps its headline, dice, detail and
// Apply hidden until DSN's diceSoNiceRollComplete hook (src/table/dice-landing.ts,
// docs/dice.md). DSN here is simulated by its hooks as its main.js sets them:
// createChatMessage flags a new message with rolls, preUpdateChatMessage counts the
// rolls an update adds (new length less the stored array's), updateChatMessage
// flags the message when that count is above 0; the animation's end clears the flag
// and calls diceSoNiceRollComplete with the message id. DSN is a module, so the
// GM's client that writes the update counts the added rolls for everyone; a
// client without DSN has none of this and sees the card at once.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { scriptDraws, settle } from "./support";

/** DSN's message hooks on one client, as its main.js has them; `land(id)` ends the animation. */
function simulateDiceSoNice(client: any, { immediate = false } = {}) {
  client.game.dice3d = { messageHookDisabled: false };
  client.game.settings.register("dice-so-nice", "immediatelyDisplayChatMessages", { scope: "client", config: true, type: Boolean, default: immediate });
  client.Hooks.on("createChatMessage", (message: any) => {
    if (message.rolls?.some((r: any) => r.dice.length)) message._dice3danimating = true;
  });
  client.Hooks.on("preUpdateChatMessage", (message: any, changes: any, options: any) => {
    if (!("rolls" in changes)) return;
    options.dsnCountAddedRoll = changes.rolls.length - message.toObject().rolls.length;
  });
  client.Hooks.on("updateChatMessage", (message: any, changes: any, options: any) => {
    if ("rolls" in changes && options.dsnCountAddedRoll > 0) message._dice3danimating = true;
  });
  return {
    land(id: string) {
      delete client.game.messages.get(id)._dice3danimating;
      client.Hooks.callAll("diceSoNiceRollComplete", id);
    },
  };
}

/** A message as a client's chat log renders it: the stored HTML, then that client's renderChatMessageHTML hooks. */
function render(client: any, id: string): HTMLElement {
  const li = new Window().document.createElement("li");
  li.innerHTML = client.game.messages.get(id).content;
  client.Hooks.callAll("renderChatMessageHTML", client.game.messages.get(id), li, {});
  expect(client.Hooks.errors).toEqual([]);
  return li as unknown as HTMLElement;
}
const landing = (el: HTMLElement) => Boolean(el.querySelector(".bout-dice-landing"));

async function table() {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }, { name: "Bob", role: ROLES.PLAYER }] });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", "phases");
  const alice = await world.connect("Alice");
  const bob = await world.connect("Bob");
  await settle();
  const Actor = gm.CONFIG.Actor.documentClass;
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { phases: { attack: 3 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { phases: { defense: 2, soak: 2 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { phases: { attack: 3, damage: 7 } } }]);
  await settle();
  return { world, gm, alice, bob, ada, bran, sword };
}

/** Alice's Ada swings at Bran (seed 001 melee); Bob defends; the GM's client rolls 8 and 4 on the stress dice. */
async function blow(t: Awaited<ReturnType<typeof table>>) {
  t.alice.runtime.dialogs.responder = () => ({ defender: t.bran.id });
  await t.alice.game.actors.get(t.ada.id).sheet.runAction("rollItem", {}, { row: { itemId: t.sword.id } });
  await settle();
  const id = t.gm.game.messages.contents.at(-1).id as string;
  t.bob.runtime.dialogs.responder = () => ({ defence: "defend" });
  scriptDraws(t.gm, [[8, 10], [4, 10]]);
  await t.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(t.bob.game.messages.get(id));
  await settle();
  return id;
}

describe("the outcome waits for Dice So Nice's dice (issue 20)", () => {
  it("a card resolved by an update: on DSN clients the headline, dice and detail hide while it rolls and show when the dice land; a client without DSN sees them at once", async () => {
    const t = await table();
    const dsnAlice = simulateDiceSoNice(t.alice);
    simulateDiceSoNice(t.gm);
    const id = await blow(t);
    expect(t.gm.game.messages.get(id).system.state).toBe("resolved");
    // Alice's client: DSN rolls the two dice the update added; the outcome waits.
    const shown = render(t.alice, id);
    expect(landing(shown)).toBe(true);
    expect(shown.querySelector(".card-landing")?.textContent).toBe("The dice are rolling…");
    // A second copy (the pop-out chat) rendered meanwhile waits too.
    const popout = render(t.alice, id);
    expect(landing(popout)).toBe(true);
    // The dice land: both copies show the outcome; a render after that hides nothing.
    dsnAlice.land(id);
    expect([landing(shown), landing(popout)]).toEqual([false, false]);
    expect(landing(render(t.alice, id))).toBe(false);
    // Bob's client has no DSN: nothing is hidden, ever.
    expect(landing(render(t.bob, id))).toBe(false);
  });

  it("DSN's 'display chat messages immediately' on: nothing waits", async () => {
    const t = await table();
    simulateDiceSoNice(t.alice, { immediate: true });
    simulateDiceSoNice(t.gm);
    const id = await blow(t);
    expect(t.alice.game.messages.get(id)._dice3danimating).toBe(true);
    expect(landing(render(t.alice, id))).toBe(false);
  });

  it("applying writes no rolls, so DSN animates nothing and the applied card shows at once; a complete hook for another message reveals nothing", async () => {
    const t = await table();
    const dsn = simulateDiceSoNice(t.alice);
    simulateDiceSoNice(t.gm);
    const id = await blow(t);
    const waitingCopy = render(t.alice, id);
    t.alice.Hooks.callAll("diceSoNiceRollComplete", "someOtherMessage");
    expect(landing(waitingCopy)).toBe(true);
    dsn.land(id);
    await t.gm.evaluate<any>("globalThis.__boutTest").applyFromCard(t.gm.game.messages.get(id));
    await settle();
    expect(t.alice.game.messages.get(id).system.state).toBe("applied");
    expect(t.alice.game.messages.get(id)._dice3danimating).toBeUndefined();
    expect(landing(render(t.alice, id))).toBe(false);
  });

  it("a skill-test result card created with its roll waits the same way on a DSN client", async () => {
    const t = await table();
    await t.gm.game.settings.set("bout", "ruleset", "steel");
    const dsn = simulateDiceSoNice(t.alice);
    const actor = await t.gm.CONFIG.Actor.documentClass.create({ name: "Ilse", type: "character", ownership: { default: 0, [t.world.userId("Alice")]: 3 }, system: { steel: { agility: 5 } } });
    const [skill] = await actor.createEmbeddedDocuments("Item", [{ name: "Climb", type: "skill", system: { steel: { attribute: "agility", tn: 6 } } }]);
    await settle();
    t.alice.runtime.dialogs.responder = () => ({ bonusDice: 0, tnModifier: 0 });
    scriptDraws(t.alice, [9, 2, 7, 3, 6].map((f) => [f, 10] as const));
    await t.alice.game.actors.get(actor.id).sheet.runAction("rollItem", {}, { row: { itemId: skill.id } });
    await settle();
    const id = t.alice.game.messages.contents.at(-1).id as string;
    const shown = render(t.alice, id);
    expect(landing(shown)).toBe(true);
    dsn.land(id);
    expect(landing(shown)).toBe(false);
  });

  it("the stylesheet hides the outcome parts only under the landing class, and shows the rolling line only there", () => {
    const css = readFileSync(join(process.cwd(), "styles/chat.css"), "utf8");
    expect(css).toContain(".bout-card.bout-dice-landing :is(.card-headline, .bout-dice, .card-detail, .card-follow-ups, button[data-bout-action=\"apply\"])");
    expect(css).toMatch(/\.bout-card \.card-landing \{\s*display: none;/);
    expect(css).toMatch(/\.bout-card\.bout-dice-landing \.card-landing \{\s*display: block;/);
  });
});
