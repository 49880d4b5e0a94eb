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
import { resolveAttack, type AttackInput } from "../rulesets/pulse/attack";
import { readCheck, stunRecoveryTarget } from "../rulesets/pulse/checks";
import { armourTotals, defenseOf, effectiveBaseChance, initiativeValue, modAGOf, modMDOf } from "../rulesets/pulse/derived";
import { pulseStats, type PulseStats, type PulseWeaponStats } from "../rulesets/pulse/stats";
import { initialValues } from "../rulesets/stats";
import { defenseTerms } from "../rulesets/pulse/strike";
import { weaponDamageTerms } from "../rulesets/pulse/wounds";
import { closeWeapon } from "./weapon-choice";
import { pulseAnswer, PULSE_STYLES, type PulseStyle } from "../styles/pulse";
import { registerDuelAdapter, type DuelAdapter, type DuelOutcome } from "./adapter";

/** The duel simulator's policies are the fighting styles the table plays (../styles/pulse.ts). */
export type PulsePolicy = PulseStyle;
export const PULSE_POLICIES = PULSE_STYLES;

interface PulseFighter {
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
}

const C = "BOUT.Duel.Condition.";
const CONDITIONS = [`${C}Unhurt`, `${C}Wounded`, `${C}Down`, `${C}Dead`] as const;

interface Living {
  readonly f: PulseFighter;
  enduranceNow: number;
  fatigueNow: number;
  stunned: boolean;
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
  };
}

function strike(a: Living, d: Living, pd: PulsePolicy, dice: Dice): void {
  const defense = defenseTerms({ modAG: d.f.modAG, shield: d.f.shield, from: 0, shieldHand: "left", stunned: d.stunned, incapacitated: false, withdrawingDefensively: false }).reduce((t, x) => t + x.value, 0);
  const w = a.f.weapon;
  const result = resolveAttack(
    {
      attack: "normal",
      baseChance: a.f.baseChance,
      modMD: a.f.modMD,
      ranked: w.ranked,
      rank: w.rank,
      defense,
      charging: false,
      withdrawingOffensively: false,
      modifiers: [],
      context: { weapon: w, targetHumanOrSmaller: true, unarmedRank: 0, shieldCanRush: false, inMelee: true, grappling: false },
      attacker: { modMD: a.f.modMD, weaponRank: w.rank },
      defender: {
        endurance: d.f.endurance,
        enduranceNow: d.enduranceNow,
        fatigueNow: d.fatigueNow,
        monster: d.f.monster,
        modAG: d.f.modAG,
        modMD: d.f.modMD,
        evading: pulseAnswer(pd, d.stunned) === "evade",
        parryRank: pulseAnswer(pd, d.stunned) === "evade" ? d.f.weapon.rank : null,
        protection: d.f.protection,
      },
      dieModifier: w.damage,
      damageModifiers: a.f.damageTerms,
    },
    dice,
  );
  const damage = result.ok ? result.value.result.damage : null;
  if (!damage) return;
  d.enduranceNow = damage.enduranceNow;
  d.fatigueNow = damage.fatigueNow;
  if (damage.state === "dead") d.out = "dead";
  else if (damage.state === "unconscious") d.out = "down";
  else if (damage.stun) d.stunned = true;
}

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
    const live = (f: PulseFighter): Living => ({ f, enduranceNow: f.enduranceNow, fatigueNow: f.fatigueNow, stunned: false, out: "" });
    const a = live(fa);
    const b = live(fb);
    const policy = (l: Living) => (l === a ? pa : pb);
    let rounds = 0;
    for (let pulse = 1; pulse <= maxRounds && !a.out && !b.out; pulse++) {
      rounds = pulse;
      // [12.3] by IV, a stunned figure last; equal IVs: a coin.
      const key = (l: Living) => (l.stunned ? -1000 : 0) + l.f.iv;
      const aFirst = key(a) !== key(b) ? key(a) > key(b) : rollOne(dice, 2) === 1;
      for (const actor of aFirst ? [a, b] : [b, a]) {
        if (a.out || b.out) break;
        if (actor.stunned) {
          actor.stunned = !readCheck(rollOne(dice, 100), stunRecoveryTarget(actor.f.wp, actor.fatigueNow)).success;
          continue;
        }
        strike(actor, actor === a ? b : a, policy(actor === a ? b : a), dice);
      }
    }
    const winner = a.out && b.out ? "draw" : b.out ? "a" : a.out ? "b" : "draw";
    return { winner, rounds, condition: { a: condition(a), b: condition(b) } };
  },
};

registerDuelAdapter(pulseDuel);
