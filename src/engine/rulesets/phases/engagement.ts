/**
 * Engagements ("1. Movement" and "Engagement Example", seed 001). Everyone
 * declares whom they mean to engage, at what range and with which weapon. When
 * declarations clash they are settled from the highest Initiative Total down:
 *
 * - Two who engage each other at different ranges hold an engagement contest:
 *   the higher total picks the range and gains a first-strike bonus equal to the
 *   difference of the totals.
 * - Engaging someone who wants no part of it (routing, or evading) succeeds only
 *   with the higher total; otherwise they get away.
 * - A weapon that cannot reach the range the engagement ends at cannot attack.
 *
 * Ties on the total go to the higher Initiative score, then to the id (the seed
 * does not settle ties: our default, shown as "tied" on the tracker).
 */
import { RANGES, rangeIndex, weaponStats, type RangeClass } from "./stats";
import { groupsByPair } from "../../same-pair";

export interface WeaponReach {
  /** Nearest range the weapon attacks at. */
  readonly min: RangeClass;
  /** Farthest range the weapon attacks at. */
  readonly max: RangeClass;
}

/** A melee weapon's reach from its sheet; a figure left out is the weapon's default (Touch to Reach, ours). */
export function weaponReach(w: { readonly minRange?: RangeClass | null; readonly range?: RangeClass | null }): WeaponReach {
  return { min: w.minRange ?? (weaponStats.minRange.initial as RangeClass), max: w.range ?? (weaponStats.range.initial as RangeClass) };
}

/**
 * A blow card's reach as it was posted ("A weapon that cannot reach the range
 * the engagement ends at cannot attack"): the weapon's, stored on the card so the
 * blow is checked against the weapon it was declared with even if the item is
 * gone by the time it resolves. Null when it does not read (an older card, a
 * nearest range beyond the farthest): the card has no reach to check.
 */
export function postedReach(stored: unknown): WeaponReach | null {
  const r = (typeof stored === "object" && stored !== null ? stored : {}) as { min?: unknown; max?: unknown };
  const isRange = (v: unknown): v is RangeClass => (RANGES as readonly unknown[]).includes(v);
  if (!isRange(r.min) || !isRange(r.max) || rangeIndex(r.min) > rangeIndex(r.max)) return null;
  return { min: r.min, max: r.max };
}

export function reaches(weapon: WeaponReach | null | undefined, range: RangeClass): boolean {
  if (!weapon) return false;
  const i = rangeIndex(range);
  return i >= rangeIndex(weapon.min) && i <= rangeIndex(weapon.max);
}

export interface EngagementIntent {
  readonly id: string;
  readonly total: number;
  /** Breaks ties on the total (the Initiative score). */
  readonly score?: number;
  /** Declared a melee attack this round. */
  readonly fighting: boolean;
  /** Running from the fight: engages nobody, attacks and defends against nothing. */
  readonly routing: boolean;
  /** Wants to avoid being engaged this round without routing. */
  readonly evading?: boolean;
  readonly opponents: readonly string[];
  readonly range: RangeClass | null;
  readonly weapon: WeaponReach | null;
}

export interface Engagement {
  /** The one whose declaration set the range (the higher total). */
  readonly a: string;
  readonly b: string;
  readonly range: RangeClass;
  /** Both wanted the fight, at different ranges. */
  readonly contest: boolean;
  readonly firstStrike: { readonly combatantId: string; readonly bonus: number } | null;
  /** Who may attack in this engagement (fighting, not routing, weapon reaches). */
  readonly attackers: readonly string[];
}

export interface Escape {
  /** Got away ... */
  readonly combatantId: string;
  /** ... from this pursuer. */
  readonly from: string;
}

export interface EngagementOutcome {
  /** Highest Initiative Total first. */
  readonly order: readonly string[];
  readonly engagements: readonly Engagement[];
  readonly escapes: readonly Escape[];
  /** Engaged, fighting, and unable to attack anyone they are engaged with. */
  readonly cannotAttack: readonly string[];
}

/** Highest total first; ties by Initiative score, then id. */
export function initiativeOrder<T extends { id: string; total: number; score?: number }>(list: readonly T[]): T[] {
  return [...list].sort((x, y) => y.total - x.total || (y.score ?? 0) - (x.score ?? 0) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

/** Ids that share both total and score with someone else. */
export function tiedIds(list: readonly { id: string; total: number; score?: number }[]): string[] {
  // Grouped by total and score, not compared pair by pair (issue 35); an id listed twice is not tied with itself.
  const tied = new Set<(typeof list)[number]>();
  for (const group of groupsByPair(list, (c) => c.total, (c) => c.score ?? 0)) {
    if (new Set(group.map((c) => c.id)).size > 1) for (const c of group) tied.add(c);
  }
  return list.filter((c) => tied.has(c)).map((c) => c.id);
}

const canAttack = (c: EngagementIntent, range: RangeClass) => c.fighting && !c.routing && reaches(c.weapon, range);

export function resolveEngagements(intents: readonly EngagementIntent[]): EngagementOutcome {
  const order = initiativeOrder(intents);
  const rank = new Map(order.map((c, i) => [c.id, i]));
  const byId = new Map(intents.map((c) => [c.id, c]));
  const engagements: Engagement[] = [];
  const escapes: Escape[] = [];
  const paired = (x: string, y: string) => engagements.some((e) => (e.a === x && e.b === y) || (e.a === y && e.b === x));

  for (const x of order) {
    if (x.routing || !x.fighting || !x.range) continue;
    for (const yId of new Set(x.opponents)) {
      const y = byId.get(yId);
      if (!y || y.id === x.id || paired(x.id, y.id)) continue;
      const yHigher = (rank.get(y.id) as number) < (rank.get(x.id) as number);
      const yWilling = y.fighting && !y.routing && y.opponents.includes(x.id);
      const unwilling = y.routing || Boolean(y.evading);
      if (yHigher && unwilling && !yWilling) {
        escapes.push({ combatantId: y.id, from: x.id });
        continue;
      }
      // Reaching here with y higher means y did not engage x but does not avoid it either.
      const contest = yWilling && !yHigher && y.range !== null && y.range !== x.range;
      const range = x.range;
      const firstStrike = contest ? { combatantId: x.id, bonus: x.total - y.total } : null;
      const attackers = [x, y].filter((c) => canAttack(c, range)).map((c) => c.id);
      engagements.push({ a: x.id, b: y.id, range, contest, firstStrike, attackers });
    }
  }
  const cannotAttack = order
    .filter((c) => c.fighting && !c.routing)
    .filter((c) => {
      const mine = engagements.filter((e) => e.a === c.id || e.b === c.id);
      return mine.length > 0 && mine.every((e) => !e.attackers.includes(c.id));
    })
    .map((c) => c.id);
  return { order: order.map((c) => c.id), engagements, escapes, cannotAttack };
}

/** The engagements a combatant is in. */
export function engagementsOf(outcome: Pick<EngagementOutcome, "engagements">, id: string): Engagement[] {
  return outcome.engagements.filter((e) => e.a === id || e.b === id);
}
