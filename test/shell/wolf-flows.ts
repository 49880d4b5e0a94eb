// Ada against two unlinked tokens of one wolf, one attack flow per ruleset:
// the characters, the attack dialog's answer, the defender's answer and the
// GM's dice. Shared by the unlinked-identity and card-writes tests.
import { scriptDraws, settle, tableOfThree } from "./support";

export interface Flow {
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

export const WOLF_FLOWS: Record<string, Flow> = {
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
    form: { motion: "still", defence: "none" },
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
    form: {},
    defence: { defence: "dodge" },
    draws: [[95, 100], [30, 100], [5, 10]],
  },
  opposed: {
    ruleset: "opposed",
    ada: { opposed: { ws: 45, bs: 40, s: 35, i: 40, ag: 35 } },
    adaItems: [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }],
    wolf: { opposed: { ws: 40, t: 30, i: 30, ag: 30, wounds: 12, woundsNow: 12 } },
    wolfItems: [],
    form: { difficulty: "challenging" },
    defence: { skill: "melee", difficulty: "challenging" },
    draws: [[21, 100], [38, 100]],
  },
  pulse: {
    ruleset: "pulse",
    ada: { pulse: { md: 15, ps: 15, ag: 15 } },
    adaItems: [{ name: "Broadsword", type: "weapon", system: { equipped: true, pulse: { baseChance: 50, ranked: true, rank: 2, damage: 2 } } }],
    wolf: { pulse: { ag: 12, endurance: 15, enduranceNow: 15, fatigue: 20, fatigueNow: 20 } },
    wolfItems: [{ name: "Leather", type: "armor", system: { equipped: true, pulse: { protection: 3 } } }],
    form: { kind: "normal" },
    defence: { answer: "stand" },
    draws: [[40, 100], [6, 10]],
  },
};

/** The value a dialog's <select name="…"> starts on (its selected option, else its first). */
export function selected(content: string, name: string): string | undefined {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(content)?.[1];
  if (!select) return undefined;
  const options = [...select.matchAll(/<option([^>]*)>/g)].map((m) => ({ value: /value="([^"]*)"/.exec(m[1]!)?.[1], selected: /\bselected\b/.test(m[1]!) }));
  return (options.find((o) => o.selected) ?? options[0])?.value;
}

/** Ada (Alice's, linked) and two unlinked tokens of one wolf on a scene; the wolf carries its flow's items and any spares. */
/** The forest's grid: a square of 100 pixels, 20 paces in phases (a shot's range is measured from the tokens), else 1 unit. */
export const forestGrid = (ruleset: string) => ({ type: 1, size: 100, distance: ruleset === "phases" ? 20 : 1, units: ruleset === "phases" ? "paces" : "" });

export async function wolfForest(flow: Flow, spares: readonly Record<string, unknown>[] = []) {
  const t = await tableOfThree(flow.ruleset);
  const { gm, own, Actor } = t;
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: flow.ada });
  const adaItems = await ada.createEmbeddedDocuments("Item", flow.adaItems);
  const wolf = await Actor.create({ name: "Wolf", type: "npc", system: flow.wolf });
  const wolfItems = [...flow.wolfItems, ...spares];
  if (wolfItems.length) await wolf.createEmbeddedDocuments("Item", wolfItems);
  const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Forest", grid: forestGrid(flow.ruleset) });
  // Both wolves beside Ada (a blow reaches them); in phases a square is 20 paces, so Ada's shot goes at Middle range.
  const [adaToken, first, second] = await scene.createEmbeddedDocuments("Token", [
    { actorId: ada.id, name: "Ada", actorLink: true, x: 0, y: 0 },
    { actorId: wolf.id, name: "Wolf", x: 100, y: 0 },
    { actorId: wolf.id, name: "Wolf", x: 100, y: 100 },
  ]);
  await settle();
  const tokenOf = (client: any, id: string) => client.game.scenes.get(scene.id).tokens.get(id);
  return { ...t, ada, weaponId: adaItems[0].id as string, wolf, scene, adaToken, first, second, tokenOf };
}

type Forest = Awaited<ReturnType<typeof wolfForest>>;

/** Alice attacks the second wolf from her sheet (targeting its token) with her flow's answer and the GM's dice; returns the card. */
export async function attackSecondWolf(f: Forest, flow: Flow) {
  const target = f.tokenOf(f.alice, f.second.id);
  f.alice.game.user.targets.clear?.();
  f.alice.game.user.targets.add({ id: target.id, document: target, actor: target.actor, name: target.name });
  f.alice.runtime.dialogs.responder = (_kind: unknown, config: any) => ({ ...flow.form, defender: selected(String(config?.content ?? ""), "defender") });
  scriptDraws(f.gm, flow.draws);
  await f.tokenOf(f.alice, f.adaToken.id).actor.sheet.runAction("rollItem", {}, { row: { itemId: f.weaponId } });
  await settle();
  return f.gm.game.messages.contents.at(-1);
}

/** A card of Ada's against the second wolf the GM resolved by hand (a kind of no ruleset), with this result, ready to apply. */
export async function resolvedCard(f: Forest, result: Record<string, unknown>) {
  const ada = f.tokenOf(f.gm, f.adaToken.id).actor;
  const wolf = f.tokenOf(f.gm, f.second.id).actor;
  const message = await f.gm.CONFIG.ChatMessage.documentClass.create({
    type: "card",
    content: "<p>card</p>",
    system: { kind: "test.knockout", state: "resolved", attackerId: ada.id, defenderId: wolf.id, attackerUuid: ada.uuid, defenderUuid: wolf.uuid, combatId: "", declaration: "{}", answer: "null", result: JSON.stringify({ outcome: "success", events: [], lookups: [], updates: {}, ...result }) },
  });
  await settle();
  return message;
}

/** Ada and the second wolf in a started, active fight of the forest's ruleset. */
export async function wolfFight(f: Forest) {
  const combat = await f.gm.CONFIG.Combat.documentClass.create({ active: true });
  await combat.createEmbeddedDocuments("Combatant", [
    { actorId: f.ada.id, name: "Ada", sceneId: f.scene.id, tokenId: f.adaToken.id },
    { actorId: f.wolf.id, name: "Wolf", sceneId: f.scene.id, tokenId: f.second.id },
  ]);
  await combat.startCombat();
  await settle();
  return combat;
}
