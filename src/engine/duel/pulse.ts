/**
 * Whole `pulse` duels for the simulator (seed 004): two figures engaged face to
 * face. Each pulse the higher IV (modAG + PC + rank) acts first ([12.3]; the
 * choice of first or last is always "first" here); each makes a plain melee
 * attack ([17]-[18]) against the other's Defense, the defender evading (a wide
 * miss opens a parry, [17.4]) or standing as the policy says. A stunned figure
 * spends its action trying to recover (d100 <= 2 x (WP + current FT), [19]) and
 * acts last. The fight ends at unconsciousness or death ([19]).
 */
import { rollOne, type Dice } from "../dice";
import type { ActorView } from "../rulesets/ruleset";
import type { AttackInput } from "../rulesets/pulse/attack";
import { blowResult, checkBlow, strikeBlow } from "../rulesets/pulse/blow";
import { checkPasses, stunRecoveryTarget } from "../rulesets/pulse/checks";
import { armourTotals, defenseOf, effectiveBaseChance, initiativeValue, modAGOf, modMDOf } from "../rulesets/pulse/derived";
import { pulseStats, type PulseStats, type PulseWeaponStats } from "../rulesets/pulse/stats";
import { initialValues } from "../rulesets/stats";
import { defenseTotal } from "../rulesets/pulse/strike";
import { weaponDamageTerms } from "../rulesets/pulse/wounds";
import { closeWeapon } from "./weapon-choice";
import { pulseAnswer, PULSE_STYLES, type PulseStyle } from "../styles/pulse";
import { registerDuelAdapter, type DuelAdapter, type DuelOutcome } from "./adapter";

/** The duel simulator's policies are the fighting styles the table plays (../styles/pulse.ts). */
export type PulsePolicy = PulseStyle;
export const PULSE_POLICIES = PULSE_STYLES;

export interface PulseFighter {
  readonly name: string;
  /** The weapon it closes with (empty for bare hands). */
  readonly weaponName: string;
  readonly iv: number;
  readonly modAG: number;
  readonly modMD: number;
  readonly wp: number;
  readonly shield: number;
  readonly protection: number;
  readonly endurance: number;
  readonly enduranceNow: number;
  readonly fatigueNow: number;
  readonly monster: boolean;
  readonly weapon: PulseWeaponStats;
  readonly baseChance: number;
  readonly damageTerms: AttackInput["damageModifiers"];
  /** Its blows' attacker and context, the same for every blow. */
  readonly attacker: AttackInput["attacker"];
  readonly context: AttackInput["context"];
}

const C = "BOUT.Duel.Condition.";
const CONDITIONS = [`${C}Unhurt`, `${C}Wounded`, `${C}Down`, `${C}Dead`] as const;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A fighter in one duel: its pools, stun and whether it is out, and all that its
 * foe's blows read of it (it is their defender, and its own Defense's input), so
 * a blow changes a few fields in place and builds nothing (issue 35).
 */
interface Living extends Mutable<AttackInput["defender"]> {
  readonly f: PulseFighter;
  readonly policy: PulsePolicy;
  // Its Defense's input ([17.5]; ../rulesets/pulse/strike.ts DefenseInput): face to face, shield on the left.
  readonly shield: number;
  readonly from: 0;
  readonly shieldHand: "left";
  stunned: boolean;
  readonly incapacitated: false;
  readonly withdrawingDefensively: false;
  out: "" | "down" | "dead";
}

// [21] bare hands: the unarmed base chance, D-4 damage (strength bonus added by the engine).
const BARE_HANDS: PulseWeaponStats = { ...(initialValues(pulseStats.weapon) as PulseWeaponStats), use: "unarmed", damage: -4, closeRated: true };

function fighter(actor: ActorView, name: string): PulseFighter {
  const v = actor as ActorView<PulseStats>;
  const s = v.stats;
  const armour = armourTotals(v.armor.filter((a) => a.equipped).map((a) => a.stats));
  const modAG = modAGOf(s, armour);
  const modMD = modMDOf(s, armour);
  const chosen = closeWeapon<PulseWeaponStats>(v.weapons, (w) => w.use !== "missile" && w.use !== "thrown");
  const weapon = chosen.stats ?? BARE_HANDS;
  return {
    name,
    weaponName: chosen.name,
    iv: initiativeValue(modAG, s.pc, weapon.rank),
    modAG,
    modMD,
    wp: s.wp,
    shield: defenseOf(modAG, v.shields.filter((x) => x.equipped).map((x) => x.stats)).shield,
    protection: armour.protection,
    endurance: s.endurance,
    enduranceNow: s.enduranceNow,
    fatigueNow: s.fatigueNow,
    monster: s.monster,
    weapon,
    baseChance: effectiveBaseChance(weapon, { modAG, ps: s.ps, md: s.md }),
    damageTerms: weaponDamageTerms(weapon, { ps: s.ps }),
    attacker: { modMD, weaponRank: weapon.rank },
    context: { weapon, targetHumanOrSmaller: true, unarmedRank: 0, shieldCanRush: false, inMelee: true, grappling: false },
  };
}

function living(f: PulseFighter, policy: PulsePolicy): Living {
  return {
    f, policy,
    endurance: f.endurance, enduranceNow: f.enduranceNow, fatigueNow: f.fatigueNow, monster: f.monster,
    modAG: f.modAG, modMD: f.modMD, evading: false, parryRank: null, protection: f.protection,
    shield: f.shield, from: 0, shieldHand: "left", stunned: false, incapacitated: false, withdrawingDefensively: false,
    out: "",
  };
}

const NO_MODIFIERS: AttackInput["modifiers"] = Object.freeze([]);

/** `a`'s plain melee blow at `d` ([17]-[18]), its figures all but the Defense fixed for the duel (set before each blow). */
function aim(a: Living, d: Living): Mutable<AttackInput> {
  const w = a.f.weapon;
  return {
    attack: "normal", baseChance: a.f.baseChance, modMD: a.f.modMD, ranked: w.ranked, rank: w.rank, defense: 0,
    charging: false, withdrawingOffensively: false, modifiers: NO_MODIFIERS,
    context: a.f.context, attacker: a.f.attacker, defender: d, dieModifier: w.damage, damageModifiers: a.f.damageTerms,
  };
}

// What a blow did: one record for every blow of every duel (a duel runs to its end before the next starts).
const struck = blowResult();

/** [19] a stunned figure cannot evade, and has no Defense ([17.5]): its answer and Defense, set before each blow at it. */
function brace(blow: Mutable<AttackInput>, d: Living): void {
  d.evading = pulseAnswer(d.policy, d.stunned) === "evade";
  d.parryRank = d.evading ? d.f.weapon.rank : null;
  blow.defense = defenseTotal(d);
}

/**
 * Whether every blow of this duel passes strikeBlow's checks, checked once before
 * the first: the blow's figures are fixed for the duel but for the defender's
 * answer and Defense (checked here both ways: braced and stunned) and his pools,
 * which only fall from figures checked here, never below 0. When not, each blow is
 * checked (and refused) on its own.
 */
function checkedOnce(blow: Mutable<AttackInput>, d: Living): boolean {
  d.stunned = true;
  brace(blow, d);
  const stunned = checkBlow(blow) === null;
  d.stunned = false;
  brace(blow, d);
  return stunned && checkBlow(blow) === null;
}

function strike(blow: Mutable<AttackInput>, checked: boolean, d: Living, dice: Dice): void {
  brace(blow, d);
  const r = strikeBlow(blow, dice, struck, undefined, checked);
  if (r.refused !== null || !r.damaged) return;
  d.enduranceNow = r.enduranceNow;
  d.fatigueNow = r.fatigueNow;
  if (r.state === "dead") d.out = "dead";
  else if (r.state === "unconscious") d.out = "down";
  else if (r.stun) d.stunned = true;
}

/** The acting figure's turn: a stunned one tries to shake it off (d100 <= 2 x (WP + current FT), [19]), any other strikes. */
function act(actor: Living, blow: Mutable<AttackInput>, checked: boolean, foe: Living, dice: Dice): void {
  if (actor.stunned) actor.stunned = !checkPasses(rollOne(dice, 100), stunRecoveryTarget(actor.f.wp, actor.fatigueNow));
  else strike(blow, checked, foe, dice);
}

/** [12.3] the order key: IV, a stunned figure last. */
const orderKey = (l: Living): number => (l.stunned ? -1000 : 0) + l.f.iv;

function condition(l: Living): string {
  if (l.out === "dead") return CONDITIONS[3];
  if (l.out === "down") return CONDITIONS[2];
  return l.enduranceNow < l.f.enduranceNow || l.fatigueNow < l.f.fatigueNow ? CONDITIONS[1] : CONDITIONS[0];
}

export const pulseDuel: DuelAdapter<PulseFighter, PulsePolicy> = {
  ruleset: "pulse",
  policies: PULSE_POLICIES,
  defaultPolicy: "evade-and-parry",
  conditions: CONDITIONS,
  fighter,
  duel(fa, fb, pa, pb, dice, maxRounds): DuelOutcome {
    const a = living(fa, pa);
    const b = living(fb, pb);
    const aHits = aim(a, b);
    const bHits = aim(b, a);
    const aChecked = checkedOnce(aHits, b);
    const bChecked = checkedOnce(bHits, a);
    let rounds = 0;
    for (let pulse = 1; pulse <= maxRounds && !a.out && !b.out; pulse++) {
      rounds = pulse;
      // [12.3] by IV, a stunned figure last; equal IVs: a coin.
      const ka = orderKey(a);
      const kb = orderKey(b);
      const aFirst = ka !== kb ? ka > kb : rollOne(dice, 2) === 1;
      const first = aFirst ? a : b;
      const second = aFirst ? b : a;
      act(first, aFirst ? aHits : bHits, aFirst ? aChecked : bChecked, second, dice);
      if (!a.out && !b.out) act(second, aFirst ? bHits : aHits, aFirst ? bChecked : aChecked, first, dice);
    }
    const winner = a.out && b.out ? "draw" : b.out ? "a" : a.out ? "b" : "draw";
    return { winner, rounds, condition: { a: condition(a), b: condition(b) } };
  },
};

registerDuelAdapter(pulseDuel);
