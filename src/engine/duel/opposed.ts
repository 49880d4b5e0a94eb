/**
 * Whole `opposed` duels for the simulator (seed 003): each round the fighters
 * act in Initiative order (ties by Agility, then a coin), each making one melee
 * attack as their Action; the defender opposes as the policy says (Melee,
 * Dodge, or nothing). The winner of each opposed test gains Advantage; a hit
 * takes weapon Damage + SL less Toughness Bonus and armour at the location (at
 * least 1). The duel's end is our reading: a blow that takes more Wounds than
 * are left (a Critical Wound, and Prone) puts the fighter out of the fight.
 */
import { rollOne, type Dice } from "../dice";
import type { ActorView } from "../rulesets/ruleset";
import { armourPoints, bonus, DEFAULT_OPPOSED_TABLES, LOCATIONS, resolveMeleeAttack, skillTarget, wieldedDamage, type Location, type OpposedStats, type TestInput } from "../rulesets/opposed";
import { closeWeapon } from "./weapon-choice";
import { opposition, OPPOSED_STYLES, type OpposedStyle } from "../styles/opposed";
import { registerDuelAdapter, type DuelAdapter, type DuelOutcome, type DuelWorld } from "./adapter";

/** The duel simulator's policies are the fighting styles the table plays (../styles/opposed.ts). */
export type OpposedPolicy = OpposedStyle;
export const OPPOSED_POLICIES = OPPOSED_STYLES;

interface OpposedFighter {
  readonly name: string;
  /** The weapon it closes with (empty for bare hands). */
  readonly weaponName: string;
  readonly initiative: number;
  readonly agility: number;
  readonly melee: number;
  readonly dodge: number;
  readonly damage: number;
  readonly toughnessBonus: number;
  readonly armour: Readonly<Record<Location, number>>;
  readonly wounds: number;
}

const C = "BOUT.Duel.Condition.";
const CONDITIONS = [`${C}Unhurt`, `${C}Wounded`, `${C}Down`] as const;

interface Living {
  readonly f: OpposedFighter;
  woundsNow: number;
  advantage: number;
  out: boolean;
}

function fighter(actor: ActorView, name: string): OpposedFighter {
  const v = actor as ActorView<OpposedStats>;
  const s = v.stats;
  const chosen = closeWeapon<{ kind?: string; damage?: number; addStrengthBonus?: boolean }>(v.weapons, (w) => w.kind !== "ranged");
  const weapon = chosen.stats ?? undefined;
  const armour = v.armor.filter((a) => a.equipped).map((a) => a.stats);
  const shield = v.shields.find((x) => x.equipped)?.stats ?? null;
  return {
    name,
    weaponName: chosen.name,
    initiative: s.i,
    agility: s.ag,
    melee: skillTarget(s, "melee"),
    dodge: skillTarget(s, "dodge"),
    // Bare hands: Strength Bonus alone.
    damage: wieldedDamage(weapon, s.s),
    toughnessBonus: bonus(s.t),
    armour: Object.fromEntries(LOCATIONS.map((l) => [l, armourPoints(armour, l, shield)])) as Record<Location, number>,
    wounds: s.woundsNow,
  };
}

function opposingTest(f: OpposedFighter, policy: OpposedPolicy): TestInput | null {
  const skill = opposition(policy, f.melee, f.dodge);
  return skill === "none" ? null : { target: skill === "melee" ? f.melee : f.dodge };
}

function attack(a: Living, d: Living, pd: OpposedPolicy, dice: Dice, world: DuelWorld): void {
  const result = resolveMeleeAttack(
    {
      attacker: { id: "a", test: { target: a.f.melee }, damage: a.f.damage, advantage: a.advantage },
      defender: { id: "d", test: opposingTest(d.f, pd), surprised: false, toughnessBonus: d.f.toughnessBonus, armour: d.f.armour, woundsNow: d.woundsNow, advantage: d.advantage },
      // The world's Hit Locations and Oops! tables and tie rule, as the cards play them; ours without a world.
      tables: world.opposed?.tables ?? DEFAULT_OPPOSED_TABLES,
      tie: world.opposed?.tie,
    },
    dice,
  );
  if (!result.ok) return;
  const r = result.value.result;
  a.advantage = r.advantage.attacker;
  d.advantage = r.advantage.defender;
  if (!r.hit) return;
  d.woundsNow = r.hit.wounds.woundsNow;
  if (r.hit.wounds.critical) d.out = true;
}

function condition(l: Living): string {
  if (l.out) return CONDITIONS[2];
  return l.woundsNow < l.f.wounds ? CONDITIONS[1] : CONDITIONS[0];
}

export const opposedDuel: DuelAdapter<OpposedFighter, OpposedPolicy> = {
  ruleset: "opposed",
  policies: OPPOSED_POLICIES,
  defaultPolicy: "best-defence",
  conditions: CONDITIONS,
  fighter,
  duel(fa, fb, pa, pb, dice, maxRounds, world = {}): DuelOutcome {
    const live = (f: OpposedFighter): Living => ({ f, woundsNow: Math.max(0, f.wounds), advantage: 0, out: false });
    const a = live(fa);
    const b = live(fb);
    const policy = (l: Living) => (l === a ? pa : pb);
    // Initiative, then Agility, then a coin for the whole fight ("Round and surprise").
    const aFirst = fa.initiative !== fb.initiative ? fa.initiative > fb.initiative : fa.agility !== fb.agility ? fa.agility > fb.agility : rollOne(dice, 2) === 1;
    const order = aFirst ? [a, b] : [b, a];
    let rounds = 0;
    for (let round = 1; round <= maxRounds && !a.out && !b.out; round++) {
      rounds = round;
      for (const actor of order) {
        if (a.out || b.out) break;
        const target = actor === a ? b : a;
        attack(actor, target, policy(target), dice, world);
      }
    }
    const winner = a.out && b.out ? "draw" : b.out ? "a" : a.out ? "b" : "draw";
    return { winner, rounds, condition: { a: condition(a), b: condition(b) } };
  },
};

registerDuelAdapter(opposedDuel);
