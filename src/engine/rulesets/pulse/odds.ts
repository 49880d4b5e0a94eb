/**
 * Exact odds for every roll a pulse dialog offers, counted over every face (no
 * sampling): the Strike Check, the damage die, and the percentile checks.
 * Parry, repulse, close withdrawal, initiative and infection odds sit beside
 * their rules (parry.ts, close-combat.ts, initiative.ts, after-combat.ts).
 */
import { readDamage, type DamageInput } from "./damage";
import { readStrike, type StrikeResult } from "./strike";
import type { Term } from "./events";

export interface StrikeOdds {
  readonly modSC: number;
  /** Any hit, whatever the grade. */
  readonly hit: number;
  /** Through armour to Endurance, grievous included. */
  readonly throughArmour: number;
  readonly grievous: number;
  /** A miss the evading defender may parry. */
  readonly parryOpen: number;
  /** 99 or 100: the weapon is at risk. */
  readonly weaponRisk: number;
}

export function strikeOdds(terms: readonly Term[], evading: boolean): StrikeOdds {
  let hit = 0;
  let through = 0;
  let grievous = 0;
  let parry = 0;
  let risk = 0;
  let last: StrikeResult | null = null;
  for (let roll = 1; roll <= 100; roll++) {
    const r = readStrike(roll, terms, evading);
    last = r;
    if (r.hit) hit++;
    if (r.toEndurance) through++;
    if (r.grievous) grievous++;
    if (r.parryOpen) parry++;
    if (r.risk) risk++;
  }
  return { modSC: last!.modSC, hit: hit / 100, throughArmour: through / 100, grievous: grievous / 100, parryOpen: parry / 100, weaponRisk: risk / 100 };
}

export interface DamageOdds {
  /** P(effective damage = n). */
  readonly effective: Map<number, number>;
  readonly stun: number;
  readonly unconscious: number;
  readonly dead: number;
}

export function damageOdds(input: DamageInput): DamageOdds {
  const effective = new Map<number, number>();
  let stun = 0;
  let unconscious = 0;
  let dead = 0;
  for (let roll = 1; roll <= 10; roll++) {
    const r = readDamage(roll, input);
    effective.set(r.effective, (effective.get(r.effective) ?? 0) + 1);
    if (r.stun) stun++;
    if (r.state === "unconscious") unconscious++;
    if (r.state === "dead") dead++;
  }
  const sorted = new Map([...effective].sort(([a], [b]) => a - b).map(([k, v]) => [k, v / 10]));
  return { effective: sorted, stun: stun / 10, unconscious: unconscious / 10, dead: dead / 10 };
}

/**
 * A whole attack's chance to hit, and to hit and stun or put the target down
 * (unconscious or dead): the strike odds combined with the damage odds of each
 * grade. Exact: damage depends only on the die and on whether the strike went
 * through armour, so the 100 x 10 cases fold into two damage passes.
 */
export function attackOdds(
  strike: readonly Term[],
  damage: Omit<DamageInput, "ignoreArmour" | "toEndurance">,
): { readonly hit: number; readonly stun: number; readonly down: number } {
  let plain = 0;
  let through = 0;
  for (let roll = 1; roll <= 100; roll++) {
    const s = readStrike(roll, strike, false);
    if (s.toEndurance) through++;
    else if (s.hit) plain++;
  }
  let stun = 0;
  let down = 0;
  for (let d = 1; d <= 10; d++) {
    const a = readDamage(d, { ...damage, ignoreArmour: false, toEndurance: false });
    const b = readDamage(d, { ...damage, ignoreArmour: true, toEndurance: true });
    if (a.stun) stun += plain;
    if (b.stun) stun += through;
    if (a.state !== "fine") down += plain;
    if (b.state !== "fine") down += through;
  }
  return { hit: ((plain + through) * 10) / 1000, stun: stun / 1000, down: down / 1000 };
}
