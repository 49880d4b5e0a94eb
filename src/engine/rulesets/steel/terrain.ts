/**
 * Terrain rolls ("Terrain Rolls", "Opposed Terrain Rolls", "Difficult Fighting
 * Conditions"): the GM sets a TN, the fighter burns Combat Pool dice, and one
 * success is enough. The two preset tables are the seed's figures.
 */
import { labelled, rollPool, said, type Dice, type PoolRoll } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { event, type Resolution } from "./events";
import { checkCount, checkSpend, steelRefuse, checkWhole } from "./refusals";
import { knockedDown, onHisBack, type TimedCondition } from "./on-the-ground";

export const PACES = ["standing", "cautious", "normal", "hurried", "sprinting"] as const;
export type Pace = (typeof PACES)[number];

export interface TerrainRow {
  readonly slug: string;
  /** TN at each pace; null where the seed has a dash. */
  readonly tn: Readonly<Record<Pace, number | null>>;
}

const row = (slug: string, ...t: (number | null)[]): TerrainRow => ({
  slug,
  tn: { standing: t[0] ?? null, cautious: t[1] ?? null, normal: t[2] ?? null, hurried: t[3] ?? null, sprinting: t[4] ?? null },
});

/** The seed's difficult-terrain table. Paces: standing/crawling, cautious, normal/defending, hurried/attacking, sprinting. */
export const TERRAIN_TABLE: readonly TerrainRow[] = [
  row("narrow", 1, 2, 3, 5, 7),
  row("swampy", 2, 3, 4, 6, 8),
  row("icy", 2, 4, 6, 8, 10),
  row("tight", 2, 3, 4, 5, 6),
  row("limitedFootwork", null, null, 5, 6, 8),
  row("pressing", null, null, 4, 3, 3),
];

export function terrainTn(slug: string, pace: Pace, table: readonly TerrainRow[] = TERRAIN_TABLE): Outcome<number> {
  const found = table.find((r) => r.slug === slug);
  const tn = found?.tn[pace];
  if (tn === undefined || tn === null) return steelRefuse("unknownTerrain", { terrain: slug, pace });
  return ok(tn);
}

export interface TerrainInput {
  /** Who rolls (a fighter reference), to name the roll on the card. */
  readonly id?: string;
  readonly cpLeft: number;
  readonly dice: number;
  readonly tn: number;
}

export interface TerrainResult {
  readonly roll: PoolRoll;
  readonly success: boolean;
  readonly botch: boolean;
}

function checked(input: TerrainInput, field: string): Outcome<TerrainInput> {
  const tn = checkWhole({ [`${field}.tn`]: input.tn });
  if (!tn.ok) return tn;
  for (const [name, v] of [
    ["dice", input.dice],
    ["cpLeft", input.cpLeft],
  ] as const) {
    const c = checkCount(v, `${field}.${name}`);
    if (!c.ok) return c;
  }
  const s = checkSpend(input.dice, input.cpLeft, field);
  if (!s.ok) return s;
  return ok(input);
}

/** A plain terrain roll (or a Difficult Fighting Conditions check: no success = failure). */
export function terrainRoll(input: TerrainInput, dice: Dice): Outcome<Resolution<TerrainResult>> {
  const c = checked(input, "terrain");
  if (!c.ok) return c;
  const roll = labelled(dice, () => said(input.id, "BOUT.Card.Roll.terrain", { tn: input.tn }), () => rollPool(dice, input.dice, input.tn));
  const success = roll.successes > 0;
  return ok({
    result: { roll, success, botch: roll.botch },
    events: [event(roll.botch ? "terrainBotch" : success ? "terrainSuccess" : "terrainFailure", { tn: input.tn, successes: roll.successes })],
  });
}

export interface OpposedTerrainResult {
  readonly actor: PoolRoll;
  readonly opponent: PoolRoll;
  /** The actor keeps the benefit on a tie ("more or an equal number"). */
  readonly actorSucceeds: boolean;
}

/** The opponent rolls at the same TN; the actor needs a success and at least as many as the opponent. */
export function opposedTerrainRoll(actor: TerrainInput, opponent: { cpLeft: number; dice: number; id?: string }, dice: Dice): Outcome<Resolution<OpposedTerrainResult>> {
  const a = checked(actor, "actor");
  if (!a.ok) return a;
  const o = checked({ ...opponent, tn: actor.tn }, "opponent");
  if (!o.ok) return o;
  const ar = labelled(dice, () => said(actor.id, "BOUT.Card.Roll.terrain", { tn: actor.tn }), () => rollPool(dice, actor.dice, actor.tn));
  const or = labelled(dice, () => said(opponent.id, "BOUT.Card.Roll.terrainOppose", { tn: actor.tn }), () => rollPool(dice, opponent.dice, actor.tn));
  const actorSucceeds = ar.successes > 0 && ar.successes >= or.successes;
  return ok({
    result: { actor: ar, opponent: or, actorSucceeds },
    events: [event(actorSucceeds ? "terrainSuccess" : "terrainCancelled", { tn: actor.tn, successes: ar.successes, opposed: or.successes })],
  });
}

/** What the GM rules a failed or botched terrain roll costs (the seed's examples, selectable). */
export type TerrainConsequence = "none" | "halfDiceNextAction" | "halfPool" | "fallsOnBack" | "knockedDown";

export interface TerrainStakes {
  readonly onFailure: TerrainConsequence;
  readonly onBotch: TerrainConsequence;
}

/** The stakes from "Alan on the bench": failure stumbles (half the dice off the next action), a botch puts him on his back (on the ground, half his pool). */
export const BENCH_STAKES: TerrainStakes = { onFailure: "halfDiceNextAction", onBotch: "fallsOnBack" };
/** The stakes from "Alan and Ferro on the deck": failure loses half the pool, a botch knocks one down. */
export const DECK_STAKES: TerrainStakes = { onFailure: "halfPool", onBotch: "knockedDown" };

export interface ConsequenceResult {
  readonly consequence: TerrainConsequence;
  /** Dice lost: from the pool now (halfPool, fallsOnBack) or from the next action (halfDiceNextAction). */
  readonly diceLost: number;
  /** Conditions the fighter is left in, each for as long as it lasts: on his back ("prone"), or knocked off his feet (on-the-ground.ts). */
  readonly statuses: readonly TimedCondition[];
}

/**
 * What the roll costs. On the ground, whether on his back or knocked off his
 * feet, a fighter loses half his pool ("losing ½ his total CP for being on the
 * ground"), and is up again at his bout's next round.
 */
export function terrainConsequence(result: TerrainResult, stakes: TerrainStakes, pool: number, diceSpent: number): ConsequenceResult {
  const consequence = result.botch ? stakes.onBotch : result.success ? "none" : stakes.onFailure;
  const halfPool = consequence === "halfPool" || consequence === "fallsOnBack" || consequence === "knockedDown";
  const diceLost = halfPool ? Math.floor(pool / 2) : consequence === "halfDiceNextAction" ? Math.floor(diceSpent / 2) : 0;
  const statuses = consequence === "fallsOnBack" ? [onHisBack] : consequence === "knockedDown" ? [knockedDown] : [];
  return { consequence, diceLost, statuses };
}

/** What a terrain roll does to the fighter's place in his bout, beside the conditions it leaves (`terrainAftermath`). */
export interface TerrainAftermath {
  /** Dice off the pool now: on the ground, or the deck's lost footing. */
  readonly poolPenalty: number;
  /** Dice off the next action: the bench's stumble. */
  readonly nextActionPenalty: number;
  /** A rider put on his back or off his feet is off the horse. */
  readonly unhorsed: boolean;
  /** The higher footing the roll was made for, won by any success ("Terrain Roll Mechanics": even one success will do); never by a rider, whose horse already gives him height ("Mounted modifiers"). */
  readonly footingWon: boolean;
}

/**
 * Seed 000 "Terrain Roll Mechanics" and its two examples: a consequence that
 * costs the pool (half of it, or the ground's half) comes off now, a stumble
 * comes off the next action; a fall out of the saddle unhorses; a success made
 * for the higher footing wins it. Only a fighter in a bout has a pool to lose
 * or a horse in the bout's reckoning; the footing is won anywhere.
 */
export function terrainAftermath(c: ConsequenceResult | null, at: { readonly inBout: boolean; readonly riding: boolean; readonly success: boolean; readonly forFooting: boolean }): TerrainAftermath {
  const onPool = c !== null && at.inBout && (c.consequence === "halfPool" || c.consequence === "fallsOnBack" || c.consequence === "knockedDown");
  return {
    poolPenalty: onPool ? c.diceLost : 0,
    nextActionPenalty: c !== null && at.inBout && c.consequence === "halfDiceNextAction" ? c.diceLost : 0,
    unhorsed: c !== null && at.inBout && at.riding && c.statuses.length > 0,
    footingWon: at.success && at.forFooting && !at.riding,
  };
}
