/**
 * Values the seed computes from the figures: modAG and modMD after armour [15],
 * TMR [14.1], Defense [17.5], Initiative Value [12.3] and the Strike Chance [17.1].
 * Armour pieces (body armour and helm) add their protection and penalties.
 */
import type { PulseActorStats, PulseArmorStats, PulseShieldStats, PulseWeaponStats } from "./stats";

export interface ArmourTotals {
  readonly protection: number;
  readonly agPenalty: number;
  readonly mdPenalty: number;
  readonly tmrPenalty: number;
}

/** Worn pieces together. [18] a grievous injury lowers a piece's protection by 2, never below 0. */
export function armourTotals(pieces: readonly PulseArmorStats[]): ArmourTotals {
  let protection = 0;
  let agPenalty = 0;
  let mdPenalty = 0;
  let tmrPenalty = 0;
  for (const p of pieces) {
    protection += Math.max(0, p.protection - 2 * p.grievousDamage);
    agPenalty += p.agPenalty;
    mdPenalty += p.mdPenalty;
    tmrPenalty += p.tmrPenalty;
  }
  return { protection, agPenalty, mdPenalty, tmrPenalty };
}

/** AG after armour and stuck weapons ([20.4]); never below 1. */
export function modAGOf(actor: Pick<PulseActorStats, "ag" | "stuckPenalty">, armour: ArmourTotals): number {
  return Math.max(1, actor.ag - armour.agPenalty - actor.stuckPenalty);
}

/** MD after armour; never below 1. */
export function modMDOf(actor: Pick<PulseActorStats, "md">, armour: ArmourTotals): number {
  return Math.max(1, actor.md - armour.mdPenalty);
}

/** [14.1] TMR after armour; a figure may always move at least one hex. */
export function tmrOf(actor: Pick<PulseActorStats, "tmr">, armour: ArmourTotals): number {
  return Math.max(1, actor.tmr - armour.tmrPenalty);
}

/** [12.3] IV = modAG + PC + rank with the weapon in hand. */
export function initiativeValue(modAG: number, pc: number, rank: number): number {
  return modAG + pc + rank;
}

/**
 * [17.5] Defense: modAG plus the prepared shield's rating. A broken shield adds
 * nothing. Which attacks the shield counts against is decided in ./defense.ts.
 */
export function defenseOf(modAG: number, shields: readonly PulseShieldStats[]): { readonly base: number; readonly shield: number } {
  let shield = 0;
  for (const s of shields) if (!s.broken) shield = Math.max(shield, s.defense);
  return { base: modAG, shield };
}

/** [21] unarmed base chance: modAG x 2, +1 for each PS over 15. */
export function unarmedBaseChance(modAG: number, ps: number): number {
  return modAG * 2 + Math.max(0, ps - 15);
}

/** [21] unarmed damage bonus: +1 for every 3 PS over 15 (on a D-4). */
export function unarmedDamageBonus(ps: number): number {
  return Math.floor(Math.max(0, ps - 15) / 3);
}

/** [20] -5% base chance for each point of MD below the weapon's minimum. */
export function mdShortfallPenalty(md: number, minMD: number): number {
  return 5 * Math.max(0, minMD - md);
}

/** [20] -1 damage for each point of PS below the weapon's minimum. */
export function psShortfallPenalty(ps: number, minPS: number): number {
  return Math.max(0, minPS - ps);
}

/** The weapon's base chance for this wielder: the unarmed formula [21], less an MD shortfall [20]. */
export function effectiveBaseChance(
  weapon: Pick<PulseWeaponStats, "use" | "baseChance" | "minMD">,
  wielder: { readonly modAG: number; readonly ps: number; readonly md: number },
): number {
  const base = weapon.use === "unarmed" ? unarmedBaseChance(wielder.modAG, wielder.ps) : weapon.baseChance;
  return base - mdShortfallPenalty(wielder.md, weapon.minMD);
}

/** [17.1] ranked SC = base + modMD + 4 x rank; an unranked figure has the base chance alone. */
export function strikeChance(base: number, modMD: number, ranked: boolean, rank: number): number {
  return ranked ? base + modMD + 4 * rank : base;
}
