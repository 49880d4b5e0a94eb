// Unlinked tokens against the table flow (issue 17, part 1; the failures are
// issue 18's to fix). In Foundry v13 an NPC's tokens are unlinked: each token's
// actor is a synthetic actor of its own, with the world actor's id
// (harness-synthetic-actors.test.ts pins that). Two wolves of one world actor
// stand on a scene; Alice targets the second, as a player does, and attacks it
// from her character's sheet, taking the target the dialog offers for her
// targeted token; the GM answers for the wolf and Alice applies the card.
//
// For each ruleset, the first test shows the flow ran and the targeted wolf is
// hurt; the second was an `it.fails` while cards named fighters by world actor
// id (the world actor took the wound, and with it every token of that wolf):
// now the targeted token's own actor alone is hurt.
import { beforeAll, describe, expect, it } from "vitest";
import { getProperty } from "../harness/utils";
import { scriptDraws, settle, tableOfThree } from "./support";

interface Flow {
  ruleset: string;
  ada: Record<string, unknown>;
  adaItems: Record<string, unknown>[];
  wolf: Record<string, unknown>;
  wolfItems: Record<string, unknown>[];
  /** The attack dialog's answer, besides the target. */
  form: Record<string, unknown>;
  /** The defender's answer on the card; none when the card resolves at once. */
  defence?: Record<string, unknown>;
  /** The GM's dice, [face, faces] each. */
  draws: [number, number][];
}

const SWORD = { reach: 3, atnSwing: 6, atnThrust: 7, dtn: 6, swingDamage: 1, swingType: "cut", thrustDamage: 0, thrustType: "puncture", addStrength: true };

const FLOWS: Record<string, Flow> = {
  steel: {
    ruleset: "steel",
    ada: { steel: { agility: 6, wit: 5, proficiency: 6, strength: 5 } },
    adaItems: [{ name: "Arming sword", type: "weapon", system: { equipped: true, steel: SWORD } }],
    wolf: { steel: { agility: 5, wit: 5, proficiency: 5, toughness: 4 } },
    wolfItems: [{ name: "Arming sword", type: "weapon", system: { equipped: true, steel: SWORD } }],
    form: { maneuver: "cut", zone: "5", dice: 6, defenceDice: 1 },
    defence: { maneuver: "parry", dice: 1 },
    draws: [9, 9, 9, 9, 9, 9, 2, 5, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2].map((f) => [f, 10]),
  },
  phases: {
    ruleset: "phases",
    ada: { phases: { attack: 3 } },
    adaItems: [{ name: "Short bow", type: "weapon", system: { phases: { attack: 2, damage: 6, missile: true, range: "far", minRange: "close" } } }],
    wolf: { phases: { defense: 2, soak: 2 } },
    wolfItems: [],
    form: { range: "middle", motion: "still", defence: "none", modifier: 0 },
    draws: [[7, 10]],
  },
  actionpoints: {
    ruleset: "actionpoints",
    ada: { actionpoints: { str: 12, bap: 10 } },
    adaItems: [
      { name: "Broadsword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, light: false, size: 3, skill: "Sword", attackCost: 6 } } },
      { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 60, psf: 15, attackerBonus: 0 } } },
    ],
    wolf: { actionpoints: { fatigue: 20, fatigueNow: 20, body: 15, bodyNow: 15, con: 12, bap: 5 } },
    wolfItems: [{ name: "Dodge", type: "skill", system: { actionpoints: { kind: "dodge", tsc: 40, psf: 10 } } }],
    form: { modifier: 0 },
    defence: { defence: "dodge" },
    draws: [[95, 100], [30, 100], [5, 10]],
  },
  opposed: {
    ruleset: "opposed",
    ada: { opposed: { ws: 45, bs: 40, s: 35, i: 40, ag: 35 } },
    adaItems: [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }],
    wolf: { opposed: { ws: 40, t: 30, i: 30, ag: 30, wounds: 12, woundsNow: 12 } },
    wolfItems: [],
    form: { difficulty: "challenging", modifier: 0 },
    defence: { skill: "melee", difficulty: "challenging", modifier: 0 },
    draws: [[21, 100], [38, 100]],
  },
  pulse: {
    ruleset: "pulse",
    ada: { pulse: { md: 15, ps: 15, ag: 15 } },
    adaItems: [{ name: "Broadsword", type: "weapon", system: { equipped: true, pulse: { baseChance: 50, ranked: true, rank: 2, damage: 2 } } }],
    wolf: { pulse: { ag: 12, endurance: 15, enduranceNow: 15, fatigue: 20, fatigueNow: 20 } },
    wolfItems: [{ name: "Leather", type: "armor", system: { equipped: true, pulse: { protection: 3 } } }],
    form: { kind: "normal", modifier: 0 },
    defence: { answer: "stand" },
    draws: [[40, 100], [6, 10]],
  },
};

/** The value a dialog's <select name="…"> starts on (its selected option, else its first). */
function selected(content: string, name: string): string | undefined {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(content)?.[1];
  if (!select) return undefined;
  const options = [...select.matchAll(/<option([^>]*)>/g)].map((m) => ({ value: /value="([^"]*)"/.exec(m[1]!)?.[1], selected: /\bselected\b/.test(m[1]!) }));
  return (options.find((o) => o.selected) ?? options[0])?.value;
}

/** Alice attacks the second of two unlinked wolf tokens; returns what each wolf looked like before and after, over the paths the card changed. */
async function attackSecondWolf(flow: Flow, { woundFirst }: { woundFirst?: Record<string, unknown> } = {}) {
  const { gm, alice, own, Actor } = await tableOfThree(flow.ruleset);
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: flow.ada });
  const [weapon] = await ada.createEmbeddedDocuments("Item", flow.adaItems);
  const wolf = await Actor.create({ name: "Wolf", type: "npc", system: flow.wolf });
  if (flow.wolfItems.length) await wolf.createEmbeddedDocuments("Item", flow.wolfItems);
  const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Forest" });
  const [adaToken, first, second] = await scene.createEmbeddedDocuments("Token", [
    { actorId: ada.id, name: "Ada", actorLink: true, x: 0, y: 0 },
    { actorId: wolf.id, name: "Wolf", x: 100, y: 0 },
    { actorId: wolf.id, name: "Wolf", x: 200, y: 0 },
  ]);
  await settle();
  const tokenOf = (client: any, id: string) => client.game.scenes.get(scene.id).tokens.get(id);
  // The GM may already have marked a wound on the second wolf's own sheet (its token's actor, so its delta).
  if (woundFirst) await tokenOf(gm, second.id).actor.update(woundFirst);
  // Alice targets the second wolf (a v13 UserTargets entry is the token's placeable: id, document, actor).
  const target = tokenOf(alice, second.id);
  alice.game.user.targets.add({ id: target.id, document: target, actor: target.actor, name: target.name });
  alice.runtime.dialogs.responder = (_kind: unknown, config: any) => ({ ...flow.form, defender: selected(String(config?.content ?? ""), "defender") });
  scriptDraws(gm, flow.draws);
  await tokenOf(alice, adaToken.id).actor.sheet.runAction("rollItem", {}, { row: { itemId: weapon.id } });
  await settle();
  const card = gm.game.messages.contents.at(-1);
  const hooks = (client: any) => client.evaluate("globalThis.__boutTest");
  if (flow.defence) {
    gm.runtime.dialogs.responder = () => flow.defence;
    await hooks(gm).defendFromCard(gm.game.messages.get(card.id));
    await settle();
  }
  const result = JSON.parse(gm.game.messages.get(card.id).system.result ?? "null");
  const changed = Object.values<Record<string, unknown>>(result?.updates ?? {}).flatMap((u) => Object.keys(u)).filter((p) => p.startsWith("system."));
  const paths = [...new Set(changed)];
  const look = () => ({
    first: paths.map((p) => getProperty(tokenOf(gm, first.id).actor, p)),
    second: paths.map((p) => getProperty(tokenOf(gm, second.id).actor, p)),
    world: paths.map((p) => getProperty(gm.game.actors.get(wolf.id), p)),
  });
  const before = look();
  await hooks(alice).applyFromCard(alice.game.messages.get(card.id));
  await settle();
  return { paths, before, after: look(), state: gm.game.messages.get(card.id).system.state };
}

for (const flow of Object.values(FLOWS)) {
  describe(`unlinked tokens in ${flow.ruleset} attack cards`, () => {
    let seen: Awaited<ReturnType<typeof attackSecondWolf>>;
    beforeAll(async () => {
      seen = await attackSecondWolf(flow);
    });

    it(`the ${flow.ruleset} card is applied and the targeted wolf's token actor is hurt`, () => {
      expect(seen.state).toBe("applied");
      expect(seen.paths.length).toBeGreaterThan(0);
      expect(seen.after.second).not.toEqual(seen.before.second);
    });

    it(`unlinked: the ${flow.ruleset} card names its target by world actor id and writes to the world actor, so the other wolf token (and the world wolf) take the targeted wolf's wound`, () => {
      expect(seen.after.first).toEqual(seen.before.first);
      expect(seen.after.world).toEqual(seen.before.world);
    });
  });
}

describe("unlinked tokens: a wound already on the token", () => {
  it("unlinked: a phases card writes its wound levels to the world actor, so a wolf whose token already holds its wounds (in its delta) takes none of the new ones", async () => {
    const seen = await attackSecondWolf(FLOWS.phases!, { woundFirst: { "system.phases.woundsLeft": 4 } });
    expect(seen.state).toBe("applied");
    expect(seen.paths).toEqual(["system.phases.woundsLeft"]);
    expect(seen.before.second).toEqual([4]);
    // Two wound levels land on the targeted wolf: 4 - 2.
    expect(seen.after.second).toEqual([2]);
  });
});
