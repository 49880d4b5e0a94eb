/**
 * Many duels between two fighters with seeded dice, summarised: win rates with a
 * confidence interval, mean length, and how each side ends up.
 */
import { SeededDice } from "../dice";
import { refuse, ok, isWholeNumber, type Outcome } from "../outcome";
import type { ActorView, RulesetId } from "../rulesets/ruleset";
import { duelAdapter, type DuelOutcome, type DuelWorld, type Side } from "./adapter";

export interface DuelRequest {
  readonly ruleset: RulesetId;
  readonly a: { readonly name: string; readonly actor: ActorView; readonly policy?: string };
  readonly b: { readonly name: string; readonly actor: ActorView; readonly policy?: string };
  readonly n: number;
  readonly seed: number;
  readonly maxRounds?: number;
  /** The world's tables and rules (see DuelWorld); left out, our defaults. */
  readonly world?: DuelWorld;
}

export interface Interval {
  readonly low: number;
  readonly high: number;
}

export interface DuelSummary {
  readonly ruleset: RulesetId;
  readonly n: number;
  readonly names: { readonly a: string; readonly b: string };
  readonly policies: { readonly a: string; readonly b: string };
  readonly wins: { readonly a: number; readonly b: number; readonly draw: number };
  /** Share of duels won by A, with its 95% Wilson score interval. */
  readonly winRateA: number;
  readonly winRateAInterval: Interval;
  readonly meanRounds: number;
  readonly longest: number;
  /** For each side, how many duels ended with it in each condition. */
  readonly conditions: { readonly a: Readonly<Record<string, number>>; readonly b: Readonly<Record<string, number>> };
  readonly conditionOrder: readonly string[];
  /** The weapon each side fought with (empty for bare hands). */
  readonly weapons: { readonly a: string; readonly b: string };
  /** Why the duels ended, counted by result: a side's win (how its foe ended) or a draw (both fell, or time ran out). */
  readonly endings: { readonly a: Readonly<Record<string, number>>; readonly b: Readonly<Record<string, number>>; readonly draw: Readonly<Record<string, number>> };
}

const E = "BOUT.Duel.Ending.";
export const ENDINGS = { killed: `${E}Killed`, down: `${E}Down`, bothFell: `${E}BothFell`, roundCap: `${E}RoundCap` } as const;
const DOWN = "BOUT.Duel.Condition.Down";
const DEAD = "BOUT.Duel.Condition.Dead";

/** Why one duel ended: the adapter's own word, else read from the winner and the loser's condition. */
export function endingOf(outcome: DuelOutcome): string {
  if (outcome.ending) return outcome.ending;
  if (outcome.winner === "draw") {
    const fell = [outcome.condition.a, outcome.condition.b].some((c) => c === DOWN || c === DEAD);
    return fell ? ENDINGS.bothFell : ENDINGS.roundCap;
  }
  const loser = outcome.winner === "a" ? outcome.condition.b : outcome.condition.a;
  return loser === DEAD ? ENDINGS.killed : ENDINGS.down;
}

export const MAX_DUELS = 1_000_000;
export const DEFAULT_MAX_ROUNDS = 200;

/** The 95% Wilson score interval for k successes in n trials. */
export function wilsonInterval(k: number, n: number, z = 1.959963984540054): Interval {
  if (n === 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Plays `n` duels. `onProgress` is told how many are done every `progressEvery`
 * duels, so a terminal or dialog can show a bar.
 */
export function simulateDuels(
  request: DuelRequest,
  { onProgress, progressEvery = 1000 }: { onProgress?: (done: number, total: number) => void; progressEvery?: number } = {},
): Outcome<DuelSummary> {
  const adapter = duelAdapter(request.ruleset);
  if (!adapter) return refuse("duel.noAdapter", "BOUT.Duel.Refused.NoAdapter", { ruleset: request.ruleset });
  if (!isWholeNumber(request.n) || request.n < 1 || request.n > MAX_DUELS) return refuse("duel.badCount", "BOUT.Duel.Refused.BadCount", { max: MAX_DUELS });
  if (!isWholeNumber(request.seed)) return refuse("duel.badSeed", "BOUT.Duel.Refused.BadSeed");
  const policyA = request.a.policy ?? adapter.defaultPolicy;
  const policyB = request.b.policy ?? adapter.defaultPolicy;
  for (const policy of [policyA, policyB]) {
    if (typeof policy !== "string" || !Object.hasOwn(adapter.policies, policy)) return refuse("duel.unknownPolicy", "BOUT.Duel.Refused.UnknownPolicy", { policy, policies: Object.keys(adapter.policies).join(", ") });
  }
  const maxRounds = request.maxRounds ?? DEFAULT_MAX_ROUNDS;
  // A duel of no rounds is no duel: every one would be a draw without a blow.
  if (!isWholeNumber(maxRounds) || maxRounds < 1) return refuse("duel.badRounds", "BOUT.Duel.Refused.BadRounds");
  const dice = new SeededDice(request.seed);
  const world = request.world ?? {};
  const a = adapter.fighter(request.a.actor, request.a.name, world);
  const b = adapter.fighter(request.b.actor, request.b.name, world);
  const wins: Record<Side | "draw", number> = { a: 0, b: 0, draw: 0 };
  const conditions: Record<Side, Record<string, number>> = { a: {}, b: {} };
  for (const c of adapter.conditions) conditions.a[c] = conditions.b[c] = 0;
  const endings: Record<Side | "draw", Record<string, number>> = { a: {}, b: {}, draw: {} };
  let rounds = 0;
  let longest = 0;
  for (let i = 0; i < request.n; i++) {
    const outcome = adapter.duel(a, b, adapter.policies[policyA], adapter.policies[policyB], dice, maxRounds, world);
    wins[outcome.winner] += 1;
    const ending = endingOf(outcome);
    endings[outcome.winner][ending] = (endings[outcome.winner][ending] ?? 0) + 1;
    rounds += outcome.rounds;
    longest = Math.max(longest, outcome.rounds);
    conditions.a[outcome.condition.a] = (conditions.a[outcome.condition.a] ?? 0) + 1;
    conditions.b[outcome.condition.b] = (conditions.b[outcome.condition.b] ?? 0) + 1;
    if (onProgress && (i + 1) % progressEvery === 0) onProgress(i + 1, request.n);
  }
  onProgress?.(request.n, request.n);
  return ok({
    ruleset: request.ruleset,
    n: request.n,
    names: { a: request.a.name, b: request.b.name },
    policies: { a: policyA, b: policyB },
    wins,
    winRateA: wins.a / request.n,
    winRateAInterval: wilsonInterval(wins.a, request.n),
    meanRounds: rounds / request.n,
    longest,
    conditions,
    conditionOrder: adapter.conditions,
    weapons: { a: a.weaponName, b: b.weaponName },
    endings,
  });
}
