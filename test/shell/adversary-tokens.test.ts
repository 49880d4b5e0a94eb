// The shipped Adversaries as tokens (issue 18, "Fighters are tokens"): the GM
// drops the pack's Wolf on a scene twice. Its prototype token is unlinked, as
// every Adversary's is, so each token's actor is a synthetic actor of its own.
// In a started fight of each ruleset Alice targets the second wolf and attacks
// it from her (linked) character; the GM answers for the wolf; Alice applies.
// Only the second token's actor is hurt: the first wolf and the world actor keep
// their figures, and the fight keeps what each token spent apart.
//
// Then two more: a linked token still writes to its world actor, and an actor
// rolled from the sidebar with no token still works outside combat.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { getProperty } from "../harness/utils";
import { scriptDraws, settle, sideGoesFirst, tableOfThree } from "./support";
import { forestGrid } from "./wolf-flows";
import { everyRow } from "./gm-round";

const WOLF = JSON.parse(readFileSync(resolve(__dirname, "../../packs/_source/npcs/wolf.json"), "utf8"));
/** The pack's Wolf as the GM imports it: its figures, its items and its prototype token. */
const wolfSource = () => ({
  name: WOLF.name,
  type: WOLF.type,
  system: WOLF.system,
  prototypeToken: WOLF.prototypeToken,
  items: (WOLF.items as Record<string, unknown>[]).map(({ _key, _stats, ...item }) => item),
});

const SWORD = { reach: 3, atnSwing: 6, atnThrust: 7, dtn: 6, swingDamage: 1, swingType: "cut", thrustDamage: 0, thrustType: "puncture", addStrength: true };

interface Setup {
  ada: Record<string, unknown>;
  adaItems: Record<string, unknown>[];
  /** The attack dialog's answer, besides the target. */
  form: Record<string, unknown>;
  /** The GM's answer for the wolf on the card; none when the card resolves at once. */
  defence?: Record<string, unknown>;
  /** The GM's dice for the attack, [face, faces] each. */
  draws: [number, number][];
}

const SETUPS: Record<string, Setup> = {
  steel: {
    ada: { steel: { agility: 6, wit: 5, proficiency: 6, strength: 5 } },
    adaItems: [{ name: "Arming sword", type: "weapon", system: { equipped: true, steel: SWORD } }],
    form: { maneuver: "cut", zone: "5", dice: 6 },
    defence: { maneuver: "parry", dice: 1 },
    draws: [9, 9, 9, 9, 9, 9, 2, 5, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2].map((f) => [f, 10]),
  },
  phases: {
    ada: { phases: { attack: 3 } },
    adaItems: [{ name: "Short bow", type: "weapon", system: { phases: { attack: 2, damage: 6, missile: true, range: "far", minRange: "close" } } }],
    form: { motion: "still", defence: "none" },
    draws: [[9, 10]],
  },
  actionpoints: {
    ada: { actionpoints: { str: 12, bap: 10 } },
    adaItems: [
      { name: "Broadsword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, light: false, size: 3, skill: "Sword", attackCost: 6 } } },
      { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 60, psf: 15, attackerBonus: 0 } } },
    ],
    form: {},
    defence: { defence: "none" },
    draws: [[30, 100], [5, 10]],
  },
  opposed: {
    ada: { opposed: { ws: 45, bs: 40, s: 35, i: 40, ag: 35 } },
    adaItems: [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }],
    form: { difficulty: "challenging" },
    defence: { skill: "melee", difficulty: "challenging" },
    draws: [[21, 100], [90, 100]],
  },
  pulse: {
    ada: { pulse: { md: 15, ps: 15, ag: 15 } },
    adaItems: [{ name: "Broadsword", type: "weapon", system: { equipped: true, pulse: { baseChance: 50, ranked: true, rank: 2, damage: 2 } } }],
    form: { kind: "normal" },
    defence: { answer: "stand" },
    draws: [[40, 100], [6, 10]],
  },
};

/** The value a dialog's <select name="…"> starts on (its selected option, else its first), and its options' labels. */
function select(content: string, name: string): { value: string | undefined; labels: string[] } {
  const body = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(content)?.[1] ?? "";
  const options = [...body.matchAll(/<option([^>]*)>([^<]*)</g)].map((m) => ({ value: /value="([^"]*)"/.exec(m[1]!)?.[1], selected: /\bselected\b/.test(m[1]!), label: m[2]!.trim() }));
  return { value: (options.find((o) => o.selected) ?? options[0])?.value, labels: options.map((o) => o.label) };
}

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

/** Ada (linked) and two tokens of the pack's Wolf on a scene, in a fight of all three. */
async function twoWolves(ruleset: string, { secondLinked = false } = {}) {
  const setup = SETUPS[ruleset]!;
  const t = await tableOfThree(ruleset);
  const { gm, alice, own, Actor } = t;
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: setup.ada });
  const [weapon] = await ada.createEmbeddedDocuments("Item", setup.adaItems);
  const wolf = await Actor.create(wolfSource());
  const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Forest", grid: forestGrid(ruleset) });
  // Both wolves beside Ada (a blow reaches them); in phases a square is 20 paces, so Ada's shot goes at Middle range.
  const [adaToken, first, second] = await scene.createEmbeddedDocuments("Token", [
    { actorId: ada.id, name: "Ada", actorLink: true, disposition: 1, x: 0, y: 0 },
    { ...WOLF.prototypeToken, actorId: wolf.id, disposition: -1, x: 100, y: 0 },
    { ...WOLF.prototypeToken, actorId: wolf.id, disposition: -1, x: 100, y: 100, ...(secondLinked ? { actorLink: true } : {}) },
  ]);
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const groups = ruleset === "steel" ? await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Clearing" }]) : [];
  const group = groups[0] ? { group: groups[0].id } : {};
  const [ca, c1, c2] = await combat.createEmbeddedDocuments(
    "Combatant",
    // The GM plays the wolves by hand here ("GM decides"), not by the Wolf's shipped fighting style.
    [adaToken, first, second].map((token, i) => ({ actorId: token.actorId, name: token.name, sceneId: scene.id, tokenId: token.id, ...group, ...(i ? { system: { style: "gm" } } : {}) })),
  );
  await settle();
  const tokenOf = (client: any, id: string) => client.game.scenes.get(scene.id).tokens.get(id);
  const state = () => gm.game.combats.get(combat.id).machineState;
  return { ...t, setup, ada, weapon, wolf, scene, combat, ids: { ca: ca.id, c1: c1.id, c2: c2.id, group: groups[0]?.id }, tokens: { ada: adaToken, first, second }, tokenOf, state };
}

type Table = Awaited<ReturnType<typeof twoWolves>>;

/** Starts the fight and brings it to where Ada may attack. */
const START: Record<string, (t: Table) => Promise<void>> = {
  async steel(t) {
    await t.gm.game.combats.get(t.combat.id).startCombat();
    await settle();
    // The red/white throw between Ada and the second wolf: Alice throws red, the GM white for the wolf.
    t.alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    t.gm.runtime.dialogs.responder = everyRow({ throw: "white", posture: "neutral" });
    await hooks(t.gm).openDeclaration(t.gm.game.combats.get(t.combat.id), "throw", t.ids.group, [t.ids.ca, t.ids.c2], ["red", "white"]);
    await settle();
    await settle();
  },
  async phases(t) {
    // Movement-phase declarations: Ada will shoot the second wolf; the GM has both wolves do nothing.
    t.alice.runtime.dialogs.responder = () => ({ action: "missile", weaponId: t.weapon.id, range: "middle", [`opponent-${t.ids.c2}`]: true });
    t.gm.runtime.dialogs.responder = everyRow({ action: "none" });
    await t.gm.game.combats.get(t.combat.id).startCombat();
    await settle();
    scriptDraws(t.gm, [[5, 10], [6, 10], [7, 10]]);
    await t.gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    // The Movement phase: each ends its turn (the GM for the wolves), and the First Missile phase is Ada's.
    for (const id of t.state().order) {
      await (id === t.ids.ca ? t.alice : t.gm).ui.combat.runAction("boutEndTurn", { combatantId: id });
      await settle();
    }
    expect(t.state()).toMatchObject({ phase: "firstMissile", stage: "act", order: [t.ids.ca] });
  },
  async actionpoints(t) {
    // Action Pools: Ada 1d10 9 + BAP 10 = 19; each wolf 1d10 1 + BAP 14 = 15: Ada acts first.
    scriptDraws(t.gm, [[9, 10], [1, 10], [1, 10]]);
    await t.gm.game.combats.get(t.combat.id).startCombat();
    await settle();
  },
  async opposed(t) {
    // Initiative: Ada 40, each wolf 35: Ada acts first.
    await t.gm.game.combats.get(t.combat.id).startCombat();
    await settle();
  },
  async pulse(t) {
    t.gm.runtime.dialogs.responder = () => "none";
    await t.gm.game.combats.get(t.combat.id).startCombat();
    await settle();
    await sideGoesFirst(t.gm, [[9, 10], [2, 10]], "party");
  },
};

/** Alice targets the second wolf and attacks it from her token's sheet; the GM answers for the wolf; Alice applies. */
async function attackSecond(t: Table) {
  const target = t.tokenOf(t.alice, t.tokens.second.id);
  t.alice.game.user.targets.add({ id: target.id, document: target, actor: target.actor, name: target.name });
  let dialog = "";
  t.alice.runtime.dialogs.responder = (_kind: unknown, config: any) => {
    dialog = String(config?.content ?? "");
    return { ...t.setup.form, defender: select(dialog, "defender").value };
  };
  scriptDraws(t.gm, t.setup.draws);
  const messages = t.gm.game.messages.size;
  const fightBefore = t.state();
  await t.tokenOf(t.alice, t.tokens.ada.id).actor.sheet.runAction("rollItem", {}, { row: { itemId: t.weapon.id } });
  await settle();
  expect(t.alice.notices).toEqual([]);
  expect(t.gm.game.messages.size).toBe(messages + 1);
  const card = t.gm.game.messages.contents.at(-1);
  if (t.setup.defence) {
    t.gm.runtime.dialogs.responder = () => t.setup.defence;
    await hooks(t.gm).defendFromCard(t.gm.game.messages.get(card.id));
    await settle();
  }
  const result = JSON.parse(t.gm.game.messages.get(card.id).system.result ?? "null");
  const paths = [...new Set(Object.values<Record<string, unknown>>(result?.updates ?? {}).flatMap((u) => Object.keys(u)))];
  const look = () => ({
    first: paths.map((p) => getProperty(t.tokenOf(t.gm, t.tokens.first.id).actor, p)),
    second: paths.map((p) => getProperty(t.tokenOf(t.gm, t.tokens.second.id).actor, p)),
    world: paths.map((p) => getProperty(t.gm.game.actors.get(t.wolf.id), p)),
  });
  const before = look();
  await hooks(t.alice).applyFromCard(t.alice.game.messages.get(card.id));
  await settle();
  return { dialog, card: t.gm.game.messages.get(card.id), paths, before, after: look(), fightBefore, fightAfter: t.state() };
}

const entry = (state: any, id: string) => state.combatants.find((c: any) => c.id === id);

for (const ruleset of Object.keys(SETUPS)) {
  describe(`the pack's Wolf dropped twice, in a ${ruleset} fight`, () => {
    it(`only the targeted token's actor is hurt; the other wolf, the world actor and the fight's record of the other wolf are untouched`, async () => {
      const t = await twoWolves(ruleset);
      // The pack's adversaries are unlinked: each token has its own actor.
      expect(t.tokens.first.actorLink).toBe(false);
      await START[ruleset]!(t);
      const seen = await attackSecond(t);
      // The dialog offers each wolf apart, and starts on the targeted one.
      expect(select(seen.dialog, "defender").labels).toEqual(["Wolf", "Wolf (2)"]);
      expect(select(seen.dialog, "defender").value).toBe(t.tokenOf(t.alice, t.tokens.second.id).actor.uuid);
      expect(seen.card.system.state).toBe("applied");
      expect(seen.card.system.defenderUuid).toBe(t.tokenOf(t.gm, t.tokens.second.id).actor.uuid);
      expect(seen.card.system.combatId).toBe(t.combat.id);
      expect(seen.card.content).toContain("Wolf (2)");
      expect(seen.paths.length).toBeGreaterThan(0);
      expect(seen.after.second).not.toEqual(seen.before.second);
      expect(seen.after.first).toEqual(seen.before.first);
      expect(seen.after.world).toEqual(seen.before.world);
      // The fight took the attack (Ada's turn, action or dice), and the first wolf's record is as it was.
      expect(seen.fightAfter).not.toEqual(seen.fightBefore);
      expect(entry(seen.fightAfter, t.ids.c1)).toEqual(entry(seen.fightBefore, t.ids.c1));
      if (ruleset === "steel") {
        // The parry's die and the wound's shock left the second wolf's pool only.
        expect(entry(seen.fightBefore, t.ids.c2).cp).toBe(entry(seen.fightBefore, t.ids.c1).cp);
        expect(entry(seen.fightAfter, t.ids.c2).cp).toBeLessThan(entry(seen.fightAfter, t.ids.c1).cp);
      }
    });
  });
}

describe("a linked token of an adversary", () => {
  it("still writes to its world actor, and the fight charges its own combatant, not the unlinked token of the same actor listed before it", async () => {
    const t = await twoWolves("steel", { secondLinked: true });
    expect(t.tokenOf(t.gm, t.tokens.second.id).actor).toBe(t.gm.game.actors.get(t.wolf.id));
    await START.steel!(t);
    const seen = await attackSecond(t);
    expect(seen.card.system.state).toBe("applied");
    // The parry and the shock came off the linked token's combatant; the unlinked wolf's pool is whole.
    expect(entry(seen.fightAfter, t.ids.c1)).toEqual(entry(seen.fightBefore, t.ids.c1));
    expect(entry(seen.fightAfter, t.ids.c2).cp).toBeLessThan(entry(seen.fightAfter, t.ids.c1).cp);
    // The wound is the world actor's (the linked token's actor is the world actor).
    expect(seen.paths.length).toBeGreaterThan(0);
    expect(seen.after.world).not.toEqual(seen.before.world);
    expect(seen.after.second).toEqual(seen.after.world);
    expect(seen.card.system.defenderUuid).toBe(`Actor.${t.wolf.id}`);
  });
});

describe("an actor rolled from the sidebar, with no token", () => {
  it("attacks outside combat: a world actor without a token takes the wound on its world actor; a targeted unlinked token takes it on its own", async () => {
    const { gm, alice, own, Actor } = await tableOfThree("opposed");
    const setup = SETUPS.opposed!;
    const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: setup.ada });
    const [weapon] = await ada.createEmbeddedDocuments("Item", setup.adaItems);
    const bran = await Actor.create({ name: "Bran", type: "npc", system: { opposed: { ws: 40, t: 30, i: 30, ag: 30, wounds: 12, woundsNow: 12 } } });
    const wolf = await Actor.create(wolfSource());
    const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Forest" });
    const [, second] = await scene.createEmbeddedDocuments("Token", [
      { ...WOLF.prototypeToken, actorId: wolf.id, x: 100, y: 0 },
      { ...WOLF.prototypeToken, actorId: wolf.id, x: 200, y: 0 },
    ]);
    await settle();
    const attack = async (defender: (content: string) => string | undefined) => {
      alice.runtime.dialogs.responder = (_kind: unknown, config: any) => ({ ...setup.form, defender: defender(String(config?.content ?? "")) });
      scriptDraws(gm, setup.draws);
      // Ada's sheet from the sidebar: her world actor; she has no token anywhere.
      await alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: weapon.id } });
      await settle();
      const card = gm.game.messages.contents.at(-1);
      gm.runtime.dialogs.responder = () => setup.defence;
      await hooks(gm).defendFromCard(gm.game.messages.get(card.id));
      await settle();
      await hooks(alice).applyFromCard(alice.game.messages.get(card.id));
      await settle();
      return gm.game.messages.get(card.id);
    };
    // No token targeted: the dialog offers the world's actors; Ada picks Bran.
    const first = await attack((content) => (/<option value="([^"]*)"[^>]*>Bran</.exec(content) ?? [])[1]);
    expect(first.system).toMatchObject({ state: "applied", combatId: "" });
    expect(gm.game.actors.get(bran.id).system.opposed.woundsNow).toBeLessThan(12);
    // Alice targets the second wolf token: the dialog starts on it, and only that token's actor is hurt.
    const target = alice.game.scenes.get(scene.id).tokens.get(second.id);
    alice.game.user.targets.add({ id: target.id, document: target, actor: target.actor, name: target.name });
    const wounds = wolf.system.opposed.woundsNow;
    const shot = await attack((content) => select(content, "defender").value);
    expect(shot.system).toMatchObject({ state: "applied", combatId: "" });
    const tokens = gm.game.scenes.get(scene.id).tokens.contents;
    expect(tokens.map((tk: any) => tk.actor.system.opposed.woundsNow)).toEqual([wounds, expect.any(Number)]);
    expect(tokens[1].actor.system.opposed.woundsNow).toBeLessThan(wounds);
    expect(gm.game.actors.get(wolf.id).system.opposed.woundsNow).toBe(wounds);
    // The cards name their fighters by uuid: the sidebar actor as its world actor, the token's actor as its own.
    expect(first.system).toMatchObject({ attackerUuid: `Actor.${ada.id}`, defenderUuid: `Actor.${bran.id}` });
    expect(shot.system).toMatchObject({ attackerUuid: `Actor.${ada.id}`, defenderUuid: target.actor.uuid });
  });
});

describe("naming a fighter the table cannot tell apart", () => {
  it("the Wolf's sidebar sheet, with two of its tokens in the fight, is refused: act from the token", async () => {
    const t = await twoWolves("opposed");
    await START.opposed!(t);
    const messages = t.gm.game.messages.size;
    const world = t.gm.game.actors.get(t.wolf.id);
    const outcome = await hooks(t.gm).postCard("opposed.attack", world, t.gm.game.actors.get(t.ada.id), { weaponId: world.items.contents[0].id, difficulty: "challenging", modifier: 0 }, t.combat.id);
    expect(outcome.refusal?.code).toBe("card.whichToken");
    expect(t.gm.notices.at(-1)?.message).toBe("That actor has several tokens in the fight: act from the token's own sheet.");
    expect(t.gm.game.messages.size).toBe(messages);
  });
});
