/**
 * Whole `steel` duels for the simulator (seed 000): each round both fighters
 * refresh their Combat Pool, the one holding initiative attacks and the other
 * defends, twice a round; wounds take effect at once (Shock, Pain, Blood Loss,
 * Knockdown, Knockout), and Blood Loss is rolled at each round's start. The
 * policies say how each side spends its dice; everything else is the engine's.
 */
import { rollOne, type Dice } from "../dice";
import type { ActorView } from "../rulesets/ruleset";
import {
  applyWound,
  armourAt,
  attackProfile,
  bloodLossRoll,
  CORE_MANEUVERS,
  DEFAULT_STEEL_TABLES,
  knockdownOf,
  knockoutOf,
  armourPenalty,
  basePoolOf,
  reflexOf,
  roundPool,
  resolveExchange,
  type Region,
  type SteelActor,
  type SteelManeuver,
  type SteelStats,
  type SteelTables,
  type SteelWeapon,
} from "../rulesets/steel";
import { initialValues } from "../rulesets/stats";
import { steelStats } from "../rulesets/steel/stats";
import { closeWeapon } from "./weapon-choice";
import { bestBlow, STEEL_STYLES, steelAttackDice, steelDefence, steelDefenceDice, steelStrike, steelZone, thinnestZone, type SteelStyle } from "../styles/steel";
import { registerDuelAdapter, type DuelAdapter, type DuelOutcome } from "./adapter";

/** The duel simulator's policies are the fighting styles the table plays (../styles/steel.ts). */
export type SteelPolicy = SteelStyle;
export const STEEL_POLICIES = STEEL_STYLES;

interface SteelFighter {
  readonly name: string;
  readonly view: ActorView<SteelStats>;
  readonly stats: SteelActor;
  readonly weapon: SteelWeapon;
  readonly weaponName: string;
  readonly shieldDtn: number | null;
  readonly armour: Readonly<Record<Region, number>>;
  /** The parts of the Combat Pool that do not change during a duel. */
  readonly pool: { readonly base: number; readonly armourPenalty: number };
  /** Worked out once: its weapon's better blow, and where its own armour is thinnest for each form (what a foe aiming at gaps strikes). */
  readonly bestBlow: "cut" | "thrust";
  readonly gaps: Readonly<Record<"swing" | "thrust", number>>;
}

const REGIONS: readonly Region[] = ["head", "neck", "arms", "torso", "legs"];
const maneuver = (slug: string): SteelManeuver => CORE_MANEUVERS.find((m) => m.slug === slug)!.stats;
const BARE_HANDS = initialValues(steelStats.weapon) as SteelWeapon;

const C = "BOUT.Duel.Condition.";
const CONDITIONS = [`${C}Unhurt`, `${C}Wounded`, `${C}Down`, `${C}Dead`] as const;

/** A fighter's state during one duel. */
interface Living {
  readonly f: SteelFighter;
  cp: number;
  shockCarry: number;
  pain: number;
  bloodLoss: number;
  healthNow: number;
  wounded: Region[];
  /** Knocked down: the next exchange is spent getting up (no attack, no defence). */
  down: boolean;
  out: "" | "down" | "dead";
}

/** The round's pool with the duel's Pain, Health and Shock so far (the rest is fixed for the fight). */
function poolOf(l: Living): number {
  const { base, armourPenalty } = l.f.pool;
  return roundPool({
    base,
    armourPenalty,
    pain: Math.max(0, l.pain - l.f.stats.willpower),
    fatigue: l.f.stats.fatigue,
    seesInDark: l.f.stats.seesInDark,
    healthNow: l.healthNow,
    shockCarry: l.shockCarry,
  }).pool;
}

/** One blow from `a` at `d`; returns who won the exchange. */
function exchange(a: Living, d: Living, pa: SteelPolicy, pd: SteelPolicy, dice: Dice, tables: SteelTables): "a" | "d" {
  // The style's blow, or the other when the weapon cannot make it (a flail's thrust).
  const strike = steelStrike(pa, a.f.weapon, a.f.stats.strength, a.f.bestBlow);
  const profile = strike ? attackProfile(a.f.weapon, strike.form, a.f.stats.strength) : null;
  if (!strike || !profile?.ok) return "d";
  const zone = steelZone(pa, strike.form, d.f.gaps);
  const chosen = maneuver(strike.blow);
  const attackDice = steelAttackDice(pa, a.cp, chosen.activationCost);
  const useShield = pd.defence === "block" && d.f.shieldDtn !== null;
  const defManeuver = maneuver(steelDefence(pd, useShield));
  const defenceDice = d.down ? 0 : steelDefenceDice(pd, d.cp, defManeuver.activationCost);
  const result = resolveExchange(
    {
      attack: { combatantId: "a", cpLeft: a.cp, dice: attackDice, maneuver: chosen, weaponTn: profile.value.atn, zone, damage: profile.value.damage, damageType: profile.value.damageType },
      defence: defenceDice > 0 ? { combatantId: "d", cpLeft: d.cp, dice: defenceDice, maneuver: defManeuver, weaponTn: useShield ? d.f.shieldDtn! : d.f.weapon.dtn } : null,
      target: { combatantId: "d", toughness: d.f.stats.toughness, armour: d.f.armour },
      // The world's hit zones and wound tables, as the attack card reads them.
      zones: tables.zones,
      woundTable: tables.woundTable,
    },
    dice,
  );
  if (!result.ok) return "d";
  const r = result.value.result;
  a.cp = Math.max(0, a.cp - r.attacker.cost - r.attacker.fumblePenalty);
  if (r.defender) d.cp = Math.max(0, d.cp - r.defender.cost - r.defender.fumblePenalty);
  d.down = false;
  if (r.hit?.wound) {
    const wound = applyWound(
      { cpLeft: d.cp, pain: d.pain, bloodLoss: d.bloodLoss, woundedRegions: d.wounded, knockdown: knockdownOf(d.f.stats), knockout: knockoutOf(d.f.stats), headArmour: d.f.armour.head },
      { wound: r.hit.wound, region: r.hit.region, margin: r.margin, blunt: r.hit.damageType === "blunt" },
      dice,
    );
    if (wound.ok) {
      const w = wound.value.result;
      d.cp = w.cpLeft;
      d.shockCarry = w.shockCarry;
      d.pain = w.pain;
      d.bloodLoss = w.bloodLoss;
      d.wounded = [...w.woundedRegions];
      if (w.fatal) d.out = "dead";
      else if (w.knockoutRoll?.out) d.out = "down";
      else if (w.knockdownRoll?.down) d.down = true;
    }
  }
  return r.winner === "a" ? "a" : "d";
}

function condition(l: Living): string {
  if (l.out === "dead") return CONDITIONS[3];
  if (l.out === "down" || l.healthNow <= 0) return CONDITIONS[2];
  return l.pain > 0 || l.wounded.length > 0 ? CONDITIONS[1] : CONDITIONS[0];
}

export const steelDuel: DuelAdapter<SteelFighter, SteelPolicy> = {
  ruleset: "steel",
  policies: STEEL_POLICIES,
  defaultPolicy: "balanced",
  conditions: CONDITIONS,
  fighter(actor, name, world = {}) {
    const zones = (world.steel?.tables ?? DEFAULT_STEEL_TABLES).zones;
    const view = actor as ActorView<SteelStats>;
    const weapon = closeWeapon<SteelWeapon>(view.weapons, (w) => !w.missile);
    const armour = view.armor.filter((a) => a.equipped).map((a) => a.stats);
    const shield = view.shields.find((s) => s.equipped);
    const wielded = weapon.stats ?? BARE_HANDS;
    const worn = Object.fromEntries(REGIONS.map((r) => [r, armourAt(armour, r)])) as Record<Region, number>;
    return {
      name,
      view,
      stats: view.stats,
      weapon: wielded,
      weaponName: weapon.name,
      shieldDtn: shield ? shield.stats.dtn : null,
      armour: worn,
      pool: { base: basePoolOf(view.stats), armourPenalty: armourPenalty(armour, view.shields.filter((s) => s.equipped).map((s) => s.stats)) },
      bestBlow: bestBlow(wielded, view.stats.strength),
      gaps: { swing: thinnestZone("swing", worn, zones), thrust: thinnestZone("thrust", worn, zones) },
    };
  },
  duel(fa, fb, pa, pb, dice, maxRounds, world = {}): DuelOutcome {
    const tables = world.steel?.tables ?? DEFAULT_STEEL_TABLES;
    const live = (f: SteelFighter): Living => ({
      f,
      cp: 0,
      shockCarry: 0,
      pain: f.stats.pain,
      bloodLoss: f.stats.bloodLoss,
      healthNow: f.stats.healthNow,
      wounded: [],
      down: false,
      out: "",
    });
    const a = live(fa);
    const b = live(fb);
    const policy = (l: Living) => (l === a ? pa : pb);
    // The opening throw: a lone red attacks; both red, the quicker (Reflex, then a die) strikes first; both white, the quicker attacks.
    let holder: Living;
    if (pa.opening !== pb.opening) holder = pa.opening === "red" ? a : b;
    else {
      const ra = reflexOf(fa.stats);
      const rb = reflexOf(fb.stats);
      holder = ra > rb ? a : rb > ra ? b : rollOne(dice, 2) === 1 ? a : b;
    }
    let rounds = 0;
    for (let round = 1; round <= maxRounds && !a.out && !b.out; round++) {
      rounds = round;
      for (const l of [a, b]) {
        if (l.bloodLoss > 0) {
          const bl = bloodLossRoll({ toughness: l.f.stats.toughness, bloodLoss: l.bloodLoss, healthNow: l.healthNow }, dice);
          if (bl.ok) l.healthNow = bl.value.result.healthNow;
          if (l.healthNow <= 0) l.out = "down";
        }
      }
      if (a.out || b.out) break;
      a.cp = poolOf(a);
      b.cp = poolOf(b);
      a.shockCarry = b.shockCarry = 0;
      // Pain (or blood loss) that leaves no dice at a round's start ends the fight for that side.
      for (const l of [a, b]) if (l.cp <= 0) l.out = "down";
      if (a.out || b.out) break;
      for (let ex = 0; ex < 2 && !a.out && !b.out; ex++) {
        const other = holder === a ? b : a;
        if (holder.down || holder.cp <= 0) {
          holder.down = false;
          if (other.cp > 0) holder = other;
          continue;
        }
        const won = exchange(holder, other, policy(holder), policy(other), dice, tables);
        if (won === "d") holder = other;
      }
    }
    const winner = a.out && b.out ? "draw" : b.out ? "a" : a.out ? "b" : "draw";
    return { winner, rounds, condition: { a: condition(a), b: condition(b) } };
  },
};

registerDuelAdapter(steelDuel);
