// What many shell tests share: letting the harness's queued work run, and
// scripting Foundry's dice draw by draw.
import { isV14 } from "../harness/version";
import { LIVE_WORLDS } from "../harness/world";

/**
 * Lets queued hooks, queries and writes finish: 20 quiet turns of the event loop, each
 * after every pending promise job, with no message on its way in any world of this
 * file (worlds of several users have latency by default: test/harness/world.ts). While
 * messages travel it waits a millisecond at a time (on that world's clock); once quiet, setImmediate, not
 * setTimeout(0) (clamped to 1 ms): the harness's own next-tick work uses setImmediate
 * too, so nothing is left behind, and a settle costs microseconds.
 */
export const settle = async () => {
  for (let quiet = 0; quiet < 20; ) {
    const travelling = [...LIVE_WORLDS].find((w) => w.server.network.inFlight > 0);
    // A millisecond on the travelling world's own clock: no real wait on a virtual one (the default).
    await new Promise((r) => (travelling ? travelling.server.network.clock.setTimeout(r as () => void, 1) : setImmediate(r)));
    quiet = travelling ? 0 : quiet + 1;
  }
};

/** Scripted draws for a client's dice: each entry is [face, faces]; when they run out, `after` (1 on a d10 unless said). */
export function scriptDraws(client: { CONFIG: any }, draws: readonly (readonly [number, number])[], after: readonly [number, number] = [1, 10]) {
  const queue = [...draws];
  client.CONFIG.Dice.randomUniform = () => {
    const [face, faces] = queue.shift() ?? after;
    return (face - 0.5) / faces;
  };
}

/** Scripted faces, all of one die (`faces` sides); when they run out, a 1. */
export function scriptFaces(client: { CONFIG: any }, faces: number, results: readonly number[]) {
  scriptDraws(
    client,
    results.map((r) => [r, faces] as const),
    [1, faces],
  );
}

/** A GM's responder: nobody is surprised (pulse's opening question, its "none" button); any other dialog is closed unanswered. */
export const noSurprise = (_kind: string, config: any) => (config.buttons?.some((b: any) => b.action === "none") ? "none" : null);

/** A world under a ruleset with the GM and two players, Alice and Bob, connected; `own(user)` gives that player an actor. */
export async function tableOfThree(ruleset: string) {
  const { dist } = await import("../build/dist");
  const { ROLES } = await import("../harness/server");
  const { TestWorld } = await import("../harness/world");
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }, { name: "Bob", role: ROLES.PLAYER }] });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", ruleset);
  const alice = await world.connect("Alice");
  const bob = await world.connect("Bob");
  await settle();
  const own = (user: string) => ({ default: 0, [world.userId(user)]: 3 });
  return { world, gm, alice, bob, own, Actor: gm.CONFIG.Actor.documentClass };
}

/**
 * The tracker's table (tableOfThree): Ada (Alice's) and Bran (Bob's) in one active
 * fight, not yet started, in one combatant group when `grouped`. Ada has the
 * higher Initiative in opposed (40 against 30).
 */
export async function trackerFight(ruleset: string, grouped: boolean) {
  const { world, gm, alice, bob, own, Actor } = await tableOfThree(ruleset);
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { steel: { agility: 6, wit: 5, proficiency: 6 }, opposed: { i: 40, ag: 35 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { steel: { agility: 5, wit: 5, proficiency: 5 }, opposed: { i: 30, ag: 35 } } });
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const [group] = grouped ? await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Deck" }]) : [null];
  const [ca, cb] = await combat.createEmbeddedDocuments("Combatant", [
    { actorId: ada.id, name: "Ada", ...(group ? { group: group.id } : {}) },
    { actorId: bran.id, name: "Bran", ...(group ? { group: group.id } : {}) },
  ]);
  await settle();
  return { world, gm, alice, bob, combatId: combat.id as string, groupId: (group?.id ?? "") as string, ca: ca.id as string, cb: cb.id as string };
}

/**
 * A GM alone with a fight of `n` blank fighters (characters and NPCs in turn) in
 * `ruleset`, not yet started. No surprise: the GM closes every declaration dialog,
 * for tests about writes and bytes rather than answers.
 */
export async function crowdFight(ruleset: string, n: number, { boutsOf = 0 }: { boutsOf?: number } = {}) {
  const { dist } = await import("../build/dist");
  const { ROLES } = await import("../harness/server");
  const { TestWorld } = await import("../harness/world");
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", ruleset);
  gm.runtime.dialogs.responder = noSurprise;
  const actors = await gm.CONFIG.Actor.documentClass.createDocuments(Array.from({ length: n }, (_, i) => ({ name: `Fighter ${i + 1}`, type: i % 2 ? "npc" : "character" })));
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  // `boutsOf`: the fighters in combatant groups of that many (steel's bouts are local: a group is a bout).
  const groups = boutsOf > 0 ? await combat.createEmbeddedDocuments("CombatantGroup", Array.from({ length: Math.ceil(n / boutsOf) }, (_, i) => ({ name: `Bout ${i + 1}` }))) : [];
  await combat.createEmbeddedDocuments("Combatant", actors.map((a: any, i: number) => ({ actorId: a.id, name: a.name, ...(groups.length ? { group: groups[Math.floor(i / boutsOf)].id } : {}) })));
  await settle();
  return { world, gm, combat };
}

/** A steel arming sword's figures (seed 000 weapon table shape: reach, ATN swing/thrust, DTN, damage). */
export const STEEL_SWORD = { reach: 3, atnSwing: 6, atnThrust: 7, dtn: 6, swingDamage: 1, swingType: "cut", thrustDamage: 0, thrustType: "puncture", addStrength: true };

/** Steel's pair of swordsmen: Ada (Alice's) and Bran (Bob's), each with an arming sword in hand. */
export async function steelSwordsmen(world: { userId(name: string): string }, gm: any) {
  const Actor = gm.CONFIG.Actor.documentClass;
  const own = (user: string) => ({ default: 0, [world.userId(user)]: 3 });
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { steel: { agility: 6, wit: 5, proficiency: 6, strength: 5 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { steel: { agility: 5, wit: 5, proficiency: 5, toughness: 4 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { equipped: true, steel: STEEL_SWORD } }]);
  await bran.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { equipped: true, steel: STEEL_SWORD } }]);
  return { ada, bran, adaId: ada.id as string, branId: bran.id as string, swordId: sword.id as string };
}

/** A scene on a row-based hex grid of 100-pixel hexes, and the top-left point that puts a one-hex token on row i, column j. */
export async function hexScene(gm: any, name: string) {
  const scene = await gm.CONFIG.Scene.documentClass.create({ name, grid: { type: 2, size: 100 } });
  const at = (i: number, j: number) => {
    const c = scene.grid.getCenterPoint({ i, j });
    return { x: Math.round(c.x - scene.grid.sizeX / 2), y: Math.round(c.y - scene.grid.sizeY / 2) };
  };
  return { scene, at };
}

/** In a started pulse fight: the GM's next step rolls side initiative with these draws, then the winner sends `first` first. */
export async function sideGoesFirst(gm: any, draws: readonly (readonly [number, number])[], first: string) {
  scriptDraws(gm, draws);
  await gm.ui.combat.runAction("boutNextStep", {});
  await settle();
  await gm.ui.combat.runAction("boutFightAction", { actionId: `first:${first}` });
  await settle();
}

/**
 * Tokens for these actors on the scene (each with its own token data), and a
 * fight of them with each combatant on its token. The tokens are linked unless
 * the token data says otherwise (`actorLink: false`), so what the fight writes
 * lands on the world actors these tests read; unlinked-identity.test.ts fights
 * with unlinked tokens.
 */
export async function fightOnScene(gm: any, scene: any, placed: readonly { actor: any; token: Record<string, unknown> }[]) {
  const tokens = await scene.createEmbeddedDocuments("Token", placed.map((p) => ({ actorId: p.actor.id, name: p.actor.name, actorLink: true, ...p.token })));
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const combatants = await combat.createEmbeddedDocuments("Combatant", placed.map((p, i) => ({ actorId: p.actor.id, name: p.actor.name, sceneId: scene.id, tokenId: tokens[i].id })));
  await settle();
  return { tokens, combat, combatants };
}

/**
 * Database writes since `mark`, counted as one per decision: the world-time
 * advance v13's server makes from a Combat update's `worldTime` option (recorded
 * by the harness as a Setting write right after that update) is part of the
 * update, not a write of its own.
 */
export function decisionWrites<W extends { action: string; documentName: string }>(world: { writesSince(mark: number): W[] }, mark: number): W[] {
  const all = world.writesSince(mark);
  return all.filter((w, i) => !(w.action === "setting" && all[i - 1]?.action === "update" && all[i - 1]?.documentName === "Combat"));
}

/** A decision's writes (decisionWrites) as "action Document", a v14 batch as "batch[...]" of its operations in order. */
export function shownWrites(world: { writesSince(mark: number): any[] }, mark: number): string[] {
  return decisionWrites<any>(world, mark).map((w) => (w.action === "batch" ? `batch[${w.operations.map((o: any) => `${o.action} ${o.documentName}`).join(", ")}]` : `${w.action} ${w.documentName}`));
}

/** What shownWrites gives for these operations: on v14 one batch of them, on v13 one request each (a lone operation is a plain request on both). */
export function expectedWrites(operations: readonly string[]): string[] {
  return isV14() && operations.length > 1 ? [`batch[${operations.join(", ")}]`] : [...operations];
}

/**
 * A settings form's cells as FormDataExtended reads them from the rendered form
 * (v13 FormDataExtended: a number input gives a number, a checkbox a boolean, a
 * select its selected option), by field name; for `app.submit(values)`.
 */
export function formCells(html: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = attr(tag, "name");
    if (!name) continue;
    const type = attr(tag, "type");
    if (type === "checkbox") values[name] = /\schecked\b/.test(tag);
    else if (type === "number") values[name] = attr(tag, "value") === "" ? null : Number(attr(tag, "value"));
    else values[name] = attr(tag, "value") ?? "";
  }
  for (const [, open, body] of html.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = attr(open!, "name");
    if (!name) continue;
    values[name] = /<option value="([^"]*)" selected>/.exec(body!)?.[1] ?? /<option value="([^"]*)"/.exec(body!)?.[1] ?? "";
  }
  return values;
}

/**
 * Steel: two fighters in one bout of a running fight, the first (Alice's) thrown red and the
 * second (Bob's) white, then marked riding as the GM rules (seed 000 "Mounted Combat").
 */
export async function steelThrownBout(t: { gm: any; alice: any; bob: any }, first: any, second: any, mounted: { first?: boolean; second?: boolean } = {}) {
  const combat = await t.gm.CONFIG.Combat.documentClass.create({ active: true });
  const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Field" }]);
  const [ca, cb] = (await combat.createEmbeddedDocuments("Combatant", [
    { actorId: first.id, name: first.name, group: group.id },
    { actorId: second.id, name: second.name, group: group.id },
  ])).map((c: any) => c.id as string) as [string, string];
  await combat.startCombat();
  t.alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
  t.bob.runtime.dialogs.responder = () => ({ throw: "white", posture: "neutral" });
  await t.gm.evaluate("globalThis.__boutTest").openDeclaration(combat, "throw", group.id, [ca, cb], ["red", "white"]);
  await settle();
  await settle();
  const marks = [...(mounted.first ? [{ type: "mount", combatantId: ca, mounted: true }] : []), ...(mounted.second ? [{ type: "mount", combatantId: cb, mounted: true }] : [])];
  if (marks.length) await t.gm.game.combats.get(combat.id).applyCommands(marks);
  await settle();
  return { combat, group, ca, cb };
}

/**
 * Steel: a player's cut from her fighter's sheet (the first weapon's die button: 2 dice at zone 5, at
 * `defenderId`), as the dialog hands it on: whether a card was posted, and the last notice she saw.
 */
export async function steelCutFromSheet(gm: any, player: any, actorId: string, defenderId: string) {
  const cards = gm.game.messages.size;
  player.runtime.dialogs.responder = () => ({ defender: defenderId, maneuver: "cut", zone: "5", dice: 2, defenceDice: 2 });
  const weaponId = player.game.actors.get(actorId).items.contents[0].id as string;
  await player.game.actors.get(actorId).sheet.runAction("rollItem", {}, { row: { itemId: weaponId } });
  await settle();
  return { posted: gm.game.messages.size > cards, notice: player.notices.at(-1)?.message as string | undefined, weaponId };
}
