// The yardstick for issue 35's "pulse duels within 5x of a tight loop of the same
// arithmetic": pulse duels (src/engine/duel/pulse.ts) written out by hand, as the
// fastest plain code could play them, allocating nothing. The same dice from the
// same seeded source in the same order, the same strike chance, Defense, damage,
// Fatigue-then-Endurance bookkeeping, stun and its recovery, and the same ending
// (seed 004 [12.3], [17]-[19]). It reads no input and refuses nothing: the
// figures come in checked. test/engine/duel/pulse-tight.test.ts proves it plays
// the engine's duels, seed by seed; bench/pulse.bench.ts times the two side by side.
import type { SeededDice } from "../src/engine/dice";
import type { PulseFighter } from "../src/engine/duel/pulse";

/** The figures of a fighter the duel reads (the engine's own duel fighter holds them). */
type Figures = Pick<PulseFighter, "iv" | "modAG" | "modMD" | "wp" | "shield" | "protection" | "endurance" | "enduranceNow" | "fatigueNow" | "monster" | "baseChance">;

/** One fighter's figures as plain numbers (read from the engine's duel fighter). */
export interface TightFighter extends Figures {
  readonly ranked: boolean;
  readonly rank: number;
  /** The weapon's D+n. */
  readonly dieModifier: number;
  /** The wielder's damage terms added up (PS shortfall, bare-handed bonus). */
  readonly damageBonus: number;
  /** The policy: evade (a wide miss may be parried) or stand. */
  readonly evade: boolean;
}

/** The figures of the engine's duel fighter (pulseDuel.fighter) and policy, as the tight loop reads them. */
export function tightFighter(f: PulseFighter, policy: { readonly evade: boolean }): TightFighter {
  let damageBonus = 0;
  for (const t of f.damageTerms) damageBonus += t.value;
  return {
    iv: f.iv, modAG: f.modAG, modMD: f.modMD, wp: f.wp, shield: f.shield, protection: f.protection, endurance: f.endurance,
    enduranceNow: f.enduranceNow, fatigueNow: f.fatigueNow, monster: f.monster, baseChance: f.baseChance,
    ranked: f.weapon.ranked, rank: f.weapon.rank, dieModifier: f.weapon.damage, damageBonus, evade: policy.evade,
  };
}

// Each side's running figures, four slots from its offset: Endurance, Fatigue, stunned (0/1), out (0 no, 1 down, 2 dead).
const EN = 0;
const FT = 1;
const STUN = 2;
const OUT = 3;
const A = 0;
const B = 4;
const live = new Int32Array(8);

/** One plain melee blow of `a` on `d` (whose figures start at slot `ds`). */
function blow(a: TightFighter, d: TightFighter, ds: number, dice: SeededDice): void {
  const stunned = live[ds + STUN] === 1;
  const defense = stunned ? 0 : d.modAG + d.shield;
  const modSC = (a.ranked ? a.baseChance + a.modMD + 4 * a.rank : a.baseChance) - defense;
  const roll = dice.die(100);
  if (roll >= 99) dice.die(100); // the weapon's save at 99 or 100
  if (roll > modSC) {
    if (d.evade && !stunned && roll > modSC + 30) dice.die(10); // the parry
    return;
  }
  const toEndurance = 100 * roll <= 15 * modSC;
  const check = Math.max(1, dice.die(10) + a.dieModifier + a.damageBonus);
  const effective = toEndurance ? check : Math.max(0, check - d.protection);
  let en = live[ds + EN]!;
  const ft = live[ds + FT]!;
  if (toEndurance || ft <= 0) live[ds + EN] = en = Math.max(0, en - effective);
  else live[ds + FT] = Math.max(0, ft - effective);
  const stun = effective > 0 && 3 * effective > d.endurance;
  if (stun && en > 0) dice.die(100); // the stunned figure's check to keep his weapon, even as he falls
  if (en <= 0) live[ds + OUT] = 2;
  else if (en <= 3 && !(d.monster && d.endurance <= 5)) live[ds + OUT] = 1;
  else if (stun) live[ds + STUN] = 1;
}

/** The acting side's turn: a stunned figure tries to recover, any other strikes. */
function act(f: TightFighter, s: number, foe: TightFighter, fs: number, dice: SeededDice): void {
  if (live[s + STUN] === 1) {
    if (dice.die(100) <= 2 * (f.wp + live[s + FT]!)) live[s + STUN] = 0;
  } else blow(f, foe, fs, dice);
}

const condition = (f: TightFighter, s: number): number =>
  live[s + OUT] === 2 ? 3 : live[s + OUT] === 1 ? 2 : live[s + EN]! < f.enduranceNow || live[s + FT]! < f.fatigueNow ? 1 : 0;

/** Where one duel's result goes: [winner (0 a, 1 b, 2 draw), rounds, a's condition, b's condition] (conditions 0 unhurt .. 3 dead). */
export const tightOutcome = new Int32Array(4);

/** One duel, its result in tightOutcome. */
export function tightPulseDuel(a: TightFighter, b: TightFighter, dice: SeededDice, maxRounds: number): void {
  live[A + EN] = a.enduranceNow;
  live[A + FT] = a.fatigueNow;
  live[B + EN] = b.enduranceNow;
  live[B + FT] = b.fatigueNow;
  live[A + STUN] = live[A + OUT] = live[B + STUN] = live[B + OUT] = 0;
  let rounds = 0;
  for (let pulse = 1; pulse <= maxRounds && live[A + OUT] === 0 && live[B + OUT] === 0; pulse++) {
    rounds = pulse;
    const ka = (live[A + STUN] === 1 ? -1000 : 0) + a.iv;
    const kb = (live[B + STUN] === 1 ? -1000 : 0) + b.iv;
    const aFirst = ka !== kb ? ka > kb : dice.die(2) === 1;
    if (aFirst) {
      act(a, A, b, B, dice);
      if (live[A + OUT] === 0 && live[B + OUT] === 0) act(b, B, a, A, dice);
    } else {
      act(b, B, a, A, dice);
      if (live[A + OUT] === 0 && live[B + OUT] === 0) act(a, A, b, B, dice);
    }
  }
  const aOut = live[A + OUT] !== 0;
  const bOut = live[B + OUT] !== 0;
  tightOutcome[0] = aOut && bOut ? 2 : bOut ? 0 : aOut ? 1 : 2;
  tightOutcome[1] = rounds;
  tightOutcome[2] = condition(a, A);
  tightOutcome[3] = condition(b, B);
}

/**
 * `n` duels, summed as the simulator sums them: [wins a, wins b, draws, total
 * pulses, longest, a's conditions 0..3, b's conditions 0..3] in `out`.
 */
export function tightPulseDuels(a: TightFighter, b: TightFighter, dice: SeededDice, n: number, maxRounds: number, out: Float64Array): void {
  out.fill(0);
  for (let i = 0; i < n; i++) {
    tightPulseDuel(a, b, dice, maxRounds);
    out[tightOutcome[0]!]! += 1;
    out[3]! += tightOutcome[1]!;
    if (tightOutcome[1]! > out[4]!) out[4] = tightOutcome[1]!;
    out[5 + tightOutcome[2]!]! += 1;
    out[9 + tightOutcome[3]!]! += 1;
  }
}
