// A round the GM runs with a crowd (issue 33): two player characters of the
// ready-made party (Aldric, Alice's; Isolde, Bob's) against N unlinked tokens
// of the shipped Wolf, every wolf on a fighting style. The players act from
// their sheets and answer their own cards; the GM presses only what the table
// asks of the GM. Every dialog the GM's client is asked, every card button and
// every tracker press the GM makes is counted.
import { creationData, packSource } from "../pack-sources";
import { formCells, hexScene, settle, tableOfThree } from "./support";

export const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

/** What the GM did in a round. */
export interface GmCount {
  dialogs: number;
  cards: number;
  tracker: number;
}

/** A seeded stream of dice for a client (mulberry32): the same round every run. */
export function seededDice(client: { CONFIG: any }, seed: number): void {
  let a = seed >>> 0;
  client.CONFIG.Dice.randomUniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A pack source as the GM imports it: its items without their pack keys. */
const imported = (pack: string, slug: string) => {
  const source = creationData(packSource(pack, slug)) as Record<string, any>;
  return { ...source, items: (source.items as Record<string, unknown>[]).map(({ _key, _stats, ...item }) => item) };
};

/** On a square grid, the cells around the two characters (rows 1-3, columns 1-4), beside both first: every wolf beside a character, so a blow reaches (seed 003 Attack Engaged). */
const RING = [[3, 2], [3, 3], [1, 2], [1, 3], [2, 1], [2, 4], [3, 1], [3, 4], [1, 1], [1, 4]] as const;
/**
 * On the hex scene (rows, odd rows shifted right), the wolves beside the two
 * characters first, each facing one of them ([13.1] a blow reaches the three
 * hexes ahead; rotation 0 looks south, the engine counts clockwise from east):
 * the rest wait a row behind. Aldric at (2, 2) looks south-west, Isolde at
 * (2, 3) south-east, so each has three hexes of wolves ahead of her.
 */
const HEX_WOLVES = [
  { cell: [3, 1], rotation: 210 },
  { cell: [3, 3], rotation: 150 },
  { cell: [3, 2], rotation: 150 },
  { cell: [2, 1], rotation: 270 },
  { cell: [2, 4], rotation: 90 },
] as const;
export const PC_FACING = [30, 330] as const;
/** The hexes ahead of each character (her melee zone), as "row,column". */
export const PC_ZONES = [["3,1", "3,2", "2,1"], ["2,4", "3,3", "3,2"]] as const;

function wolfAt(ruleset: string, at: (i: number, j: number) => { x: number; y: number }, k: number) {
  if (ruleset === "pulse") {
    const near = HEX_WOLVES[k];
    return near ? { ...at(near.cell[0], near.cell[1]), rotation: near.rotation } : at(4, k - HEX_WOLVES.length + 1);
  }
  const [i, j] = RING[k] ?? [4 + Math.floor(k / 4), k % 4];
  return at(i, j);
}

/** Each wolf's cell, as "row,column" (the hex scene's). */
export const wolfCell = (k: number): string => {
  const near = HEX_WOLVES[k];
  return near ? `${near.cell[0]},${near.cell[1]}` : `4,${k - HEX_WOLVES.length + 1}`;
};

/**
 * Aldric and Isolde (linked, the players') and `n` tokens of the Wolf (unlinked,
 * hostile) on a scene, all in one fight (steel: one bout), not yet begun. The
 * wolves fight by `style` (their combatants'), or by the Wolf's own default.
 */
export async function crowd(ruleset: string, n: number, style?: string) {
  const t = await tableOfThree(ruleset);
  const { gm, own, Actor } = t;
  const aldric = await Actor.create({ ...imported("party", "aldric-sellsword"), ownership: own("Alice") });
  const isolde = await Actor.create({ ...imported("party", "isolde-fencer"), ownership: own("Bob") });
  const wolf = await Actor.create(imported("npcs", "wolf"));
  const { scene, at } = ruleset === "pulse" ? await hexScene(gm, "Forest") : { scene: await gm.CONFIG.Scene.documentClass.create({ name: "Forest" }), at: (i: number, j: number) => ({ x: j * 100, y: i * 100 }) };
  const tokens = await scene.createEmbeddedDocuments("Token", [
    { actorId: aldric.id, name: aldric.name, actorLink: true, disposition: 1, ...at(2, 2), ...(ruleset === "pulse" ? { rotation: PC_FACING[0] } : {}) },
    { actorId: isolde.id, name: isolde.name, actorLink: true, disposition: 1, ...at(2, 3), ...(ruleset === "pulse" ? { rotation: PC_FACING[1] } : {}) },
    ...Array.from({ length: n }, (_, i) => ({ ...packSource("npcs", "wolf").prototypeToken, actorId: wolf.id, disposition: -1, ...wolfAt(ruleset, at, i) })),
  ]);
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const [group] = ruleset === "steel" ? await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Clearing" }]) : [];
  const combatants = await combat.createEmbeddedDocuments(
    "Combatant",
    tokens.map((token: any, i: number) => ({ actorId: token.actorId, name: token.name, sceneId: scene.id, tokenId: token.id, ...(group ? { group: group.id } : {}), ...(i >= 2 && style ? { system: { style } } : {}) })),
  );
  await settle();
  const ids: string[] = combatants.map((c: any) => c.id as string);
  const pcs: Record<string, { client: any; actor: any }> = { [ids[0]!]: { client: t.alice, actor: aldric }, [ids[1]!]: { client: t.bob, actor: isolde } };
  const fight = () => gm.game.combats.get(combat.id);
  const count: GmCount = { dialogs: 0, cards: 0, tracker: 0 };
  /** The dialogs the GM's client was asked in the round (the test's responder notes each, by title). */
  const asked: string[] = [];
  /** Everything in flight lands, the styles included. */
  const quiet = async () => {
    for (let i = 0; i < 40; i++) {
      const before = t.world.server.writes.length;
      await settle();
      await hooks(gm).stylesIdle();
      await settle();
      if (t.world.server.writes.length === before) return;
    }
  };
  /** A press of the GM's: counted, then everything it sets off lands. */
  const gmPress = async (kind: "cards" | "tracker", press: () => Promise<unknown>) => {
    count[kind] += 1;
    await press();
    await quiet();
  };
  const gmCount = (): GmCount => ({ ...count, dialogs: asked.length });
  return { ...t, ruleset, asked, aldric, isolde, wolf, scene, combat, group, ids, wolves: ids.slice(2), pcs, fight, quiet, gmPress, gmCount };
}

export type Crowd = Awaited<ReturnType<typeof crowd>>;

/** Every card aimed at a player's character: its player answers (`answer`) or applies; true when anything was pressed. */
export async function playersAnswer(c: Crowd, answer: (card: any, pcId: string) => Record<string, unknown>): Promise<boolean> {
  let pressed = false;
  for (const message of c.gm.game.messages.contents) {
    const card = message.type === "card" ? message.system : null;
    if (!card || card.combatId !== c.combat.id) continue;
    const pcId = Object.keys(c.pcs).find((id) => c.pcs[id]!.actor.id === card.defenderId);
    const pc = pcId ? c.pcs[pcId] : undefined;
    if (!pc || !pcId) continue;
    const mine = pc.client.game.messages.get(message.id);
    if (card.state === "waiting") {
      pc.client.runtime.dialogs.responder = () => answer(JSON.parse(card.declaration || "null"), pcId);
      await hooks(pc.client).defendFromCard(mine);
      pressed = true;
    } else if (card.state === "resolved") {
      await hooks(pc.client).applyFromCard(mine);
      pressed = true;
    }
    await c.quiet();
  }
  return pressed;
}

/** A player attacks `target` (a combatant id) with her character's weapon in hand, answering the attack dialog with `form`. */
export async function playerAttacks(c: Crowd, pcId: string, target: string, form: Record<string, unknown>): Promise<void> {
  const pc = c.pcs[pcId]!;
  const defender = c.fight().combatants.get(target).actor;
  const weapon = pc.actor.items.find((i: any) => i.type === "weapon" && i.system.equipped);
  pc.client.runtime.dialogs.responder = () => ({ ...form, defender: defender.uuid });
  await pc.client.game.actors.get(pc.actor.id).sheet.runAction("rollItem", {}, { row: { itemId: weapon.id } });
  await c.quiet();
}

/** The wolves still standing. */
export function livingWolves(c: Crowd): string[] {
  return c.wolves.filter((id) => {
    const actor = c.fight().combatants.get(id)?.actor;
    return actor && !["dead", "unconscious"].some((s) => actor.statuses?.has(s));
  });
}

/** The first wolf still standing. */
export const livingWolf = (c: Crowd): string | undefined => livingWolves(c)[0];

/**
 * The GM's answer for every fighter it runs, as one fighter's dialog would take
 * it (`{ throw: "white" }`): in the round form each row's own field of that
 * name is set (only fields the form holds; `opponent-<id>` as the row's
 * "Engages" choice), anywhere else the answer as it is.
 */
export const everyRow = (values: Record<string, unknown>) => (_kind: unknown, config: any) => {
  const content = String(config?.content ?? "");
  if (!content.includes('class="bout-round"')) return values;
  const cells = formCells(content);
  // A phased declaration's "engage X" box is one "Engages" choice per row in the form.
  const engaged = Object.keys(values).find((k) => k.startsWith("opponent-") && values[k] === true)?.slice("opponent-".length);
  for (const key of Object.keys(cells)) {
    const name = key.slice(key.indexOf(".") + 1);
    if (name in values) cells[key] = values[name];
    else if (name === "engage" && engaged) cells[key] = engaged;
  }
  return cells;
};
