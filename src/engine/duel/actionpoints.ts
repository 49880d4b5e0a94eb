/**
 * Whole `actionpoints` duels for the simulator (seed 002): each round both roll
 * their Action Pool (I); in each action phase the one with more points left
 * attacks if the weapon's cost fits what is left (II-III, the order worked out
 * again after every spend); the defender answers as the policy says (IV), paying
 * an active defence's Fatigue Points and falling back to a free passive one when
 * too tired; damage comes off Fatigue, then Body (V). The fight ends at 0 Body
 * (down) or -CON (dead). A policy that takes Combat Advantages (VI) answers a
 * defence that beat the attack with the blow it opens (riposte, shield bash,
 * attack after a dodge, bonus attack), undefended, when it can pay the Fatigue;
 * disarms, dropped weapons and kneeling are left out of the simulation.
 */
import { rollOne, type Dice } from "../dice";
import type { ActorView } from "../rulesets/ruleset";
import {
  advantageOptions,
  armourApModifier,
  armourFor,
  DEFAULT_AP_TABLES,
  defenceFatigueCost,
  isMissileSkill,
  mayPayDefence,
  resolveAdvantageAttack,
  resolveAttack,
  rollActionPool,
  shieldBashBlow,
  skillFor as pickSkill,
  strengthBonus,
  type ActionPointsStats,
  type ApTables,
  type AttackInput,
  type Defence,
  wornArmour,
} from "../rulesets/actionpoints";
import { apAct, apAdvantage, apDefence, ACTIONPOINTS_STYLES, type ActionPointsStyle } from "../styles/actionpoints";
import { registerDuelAdapter, type DuelAdapter, type DuelOutcome, type DuelWorld } from "./adapter";

/** The duel simulator's policies are the fighting styles the table plays (../styles/actionpoints.ts). */
export type ActionPointsPolicy = ActionPointsStyle;
export const ACTIONPOINTS_POLICIES = ACTIONPOINTS_STYLES;

type Skill = { readonly tsc: number; readonly psf: number; readonly attackerBonus: number };

interface ApFighter {
  readonly name: string;
  /** The weapon it closes with (empty for bare hands). */
  readonly weaponName: string;
  readonly bap: number;
  readonly armourModifier: number;
  readonly con: number;
  readonly fatigue: number;
  readonly body: number;
  readonly attack: AttackInput["attacker"] & { readonly cost: number };
  readonly weaponSkill: Skill;
  readonly dodge: Skill | null;
  readonly shieldPlay: Skill | null;
  readonly shield: { readonly absorption: number; readonly blockBonus: number; readonly penetrations: number } | null;
  readonly armour: AttackInput["defender"]["armour"];
  readonly weaponSize: number;
  /** Base damage of a shield bash, and the Fatigue each active defence and advantage costs: the world's table (ours without a world). */
  readonly bashDamage: number;
  readonly defenceFatigue: ApTables["defenceFatigue"];
  readonly advantageFatigue: ApTables["advantageFatigue"];
  readonly str: number;
}

const UNSKILLED: Skill = { tsc: 20, psf: 5, attackerBonus: 0 };

const C = "BOUT.Duel.Condition.";
const CONDITIONS = [`${C}Unhurt`, `${C}Wounded`, `${C}Down`, `${C}Dead`] as const;

export interface Living {
  readonly f: ApFighter;
  pool: number;
  fatigueNow: number;
  bodyNow: number;
  out: "" | "down" | "dead";
}

function fighter(actor: ActorView, name: string, world: DuelWorld = {}): ApFighter {
  const tables = world.actionpoints?.tables ?? DEFAULT_AP_TABLES;
  const v = actor as ActorView<ActionPointsStats>;
  const s = v.stats;
  // The skills as the card picks them (rulesets/actionpoints/weapons.ts `skillFor`): the one a weapon names, else the first of the kind.
  const skills = v.skills.map((k) => ({ name: k.name, stats: k.stats as Skill & { kind: string } }));
  const ofKind = (kind: "weapon" | "shieldPlay" | "dodge", named?: unknown) => pickSkill(skills, kind, named)?.stats ?? null;
  // The melee weapon in hand; else the carried one with the best skill (drawn at
  // the start); bare hands (base 2) without one.
  const weapons = v.weapons
    .filter((w) => !isMissileSkill(w.stats.skill))
    .map((w) => ({ w: w.stats, name: w.name, equipped: w.equipped, skill: ofKind("weapon", w.stats.skill) ?? UNSKILLED }))
    .sort((x, y) => y.skill.tsc - x.skill.tsc || y.w.baseDamage - x.w.baseDamage);
  const chosen = weapons.find((w) => w.equipped) ?? weapons[0];
  const armour = wornArmour(v);
  const shield = v.shields.find((x) => x.equipped)?.stats ?? null;
  const weaponSkill = chosen?.skill ?? UNSKILLED;
  return {
    name,
    weaponName: chosen?.name ?? "",
    bap: s.bap,
    armourModifier: armourApModifier(armour),
    con: s.con,
    fatigue: s.fatigueNow,
    body: s.bodyNow,
    attack: {
      id: name,
      tsc: weaponSkill.tsc,
      psf: weaponSkill.psf,
      baseDamage: chosen?.w.baseDamage ?? 2,
      strengthBonus: strengthBonus(s.str, chosen?.w.light ?? true),
      attackerBonus: weaponSkill.attackerBonus,
      weaponSize: chosen?.w.size ?? 1,
      cost: Math.max(1, chosen?.w.attackCost ?? 4),
    },
    weaponSkill,
    dodge: ofKind("dodge"),
    shieldPlay: ofKind("shieldPlay"),
    shield: shield ? { absorption: shield.absorption, blockBonus: shield.blockBonus, penetrations: shield.penetrations } : null,
    // V.b.iii as the attack card has it: the best piece worn, not the sum (the engine's reading).
    armour: armourFor(armour, null),
    weaponSize: chosen?.w.size ?? 1,
    bashDamage: tables.shieldBashDamage,
    defenceFatigue: tables.defenceFatigue,
    advantageFatigue: tables.advantageFatigue,
    str: s.str,
  };
}

/** The defence the policy wants, if the defender can make and pay for it; else the free passive one. */
export function chooseDefence(f: ApFighter, policy: ActionPointsPolicy, fatigueNow: number): { defence: Defence; skill: Skill; cost: number } {
  const skillFor = (defence: Defence): Skill | null => (defence === "dodge" ? f.dodge : defence.endsWith("Shield") ? f.shieldPlay : defence === "none" ? { tsc: 0, psf: 0, attackerBonus: 0 } : f.weaponSkill);
  const defence = apDefence(policy, Boolean(f.shield && f.shieldPlay), (d) => skillFor(d) !== null && mayPayDefence(f.defenceFatigue, d, fatigueNow));
  const cost = defenceFatigueCost(f.defenceFatigue, defence);
  return { defence, skill: skillFor(defence)!, cost };
}

/** The one struck, as the engine sees it: its own defence, or none. */
const target = (d: Living, defence: Defence, skill: Skill): AttackInput["defender"] => ({
  id: d.f.name,
  defence,
  tsc: skill.tsc,
  psf: skill.psf,
  shield: d.f.shield,
  armour: d.f.armour,
  parryWeaponSize: d.f.weaponSize,
  kneeling: false,
  fatigueNow: d.fatigueNow,
  bodyNow: d.bodyNow,
  con: d.f.con,
});

function wound(d: Living, damage: { fatigueNow: number; bodyNow: number; dead: boolean; unconscious: boolean } | null): void {
  if (!damage) return;
  d.fatigueNow = damage.fatigueNow;
  d.bodyNow = damage.bodyNow;
  if (damage.dead) d.out = "dead";
  else if (damage.unconscious) d.out = "down";
}

export function strike(a: Living, d: Living, pd: ActionPointsPolicy, dice: Dice, world: DuelWorld = {}): void {
  const w = world.actionpoints;
  // The world's critical rule and critical tables, as the attack card hands them in; ours without a world.
  const rules = w ? { rule: w.rule, criticalTables: { locations: w.tables.criticalLocations, effects: w.tables.criticalEffects }, critThroughBlock: w.critThroughBlock } : {};
  a.pool -= a.f.attack.cost;
  const choice = chooseDefence(d.f, pd, d.fatigueNow);
  d.fatigueNow -= choice.cost;
  const { cost: _cost, ...attacker } = a.f.attack;
  const result = resolveAttack({ attacker, defender: target(d, choice.defence, choice.skill), ...rules }, dice);
  if (!result.ok) return;
  const r = result.value.result;
  wound(d, r.damage);
  if (d.out || a.out) return;
  // VI: the first blow the defence opened that the defender's style takes and it can pay for.
  const kind = apAdvantage(pd, advantageOptions(r, choice.defence), d.f.advantageFatigue, d.fatigueNow);
  if (!kind) return;
  const { cost: _c, ...own } = d.f.attack;
  const blow = kind === "shieldBash" && d.f.shieldPlay ? shieldBashBlow({ id: own.id, tsc: d.f.shieldPlay.tsc, psf: d.f.shieldPlay.psf, str: d.f.str }, d.f.bashDamage) : own;
  const taken = resolveAdvantageAttack(
    { kind, defence: choice.defence, defenceCritical: r.defence?.level === "criticalSuccess", fatigueNow: d.fatigueNow, fatigueCosts: d.f.advantageFatigue, attack: { attacker: blow, defender: target(a, "none", { tsc: 0, psf: 0, attackerBonus: 0 }), ...rules } },
    dice,
  );
  if (!taken.ok) return;
  d.fatigueNow = taken.value.result.fatigueNow;
  wound(a, taken.value.result.attack.damage);
}

function condition(l: Living): string {
  if (l.out === "dead") return CONDITIONS[3];
  if (l.out === "down") return CONDITIONS[2];
  return l.bodyNow < l.f.body || l.fatigueNow < l.f.fatigue ? CONDITIONS[1] : CONDITIONS[0];
}

export const actionPointsDuel: DuelAdapter<ApFighter, ActionPointsPolicy> = {
  ruleset: "actionpoints",
  policies: ACTIONPOINTS_POLICIES,
  defaultPolicy: "passive-guard",
  conditions: CONDITIONS,
  fighter,
  duel(fa, fb, pa, pb, dice, maxRounds, world = {}): DuelOutcome {
    const live = (f: ApFighter): Living => ({ f, pool: 0, fatigueNow: Math.max(0, f.fatigue), bodyNow: f.body, out: f.body <= 0 ? "down" : "" });
    const a = live(fa);
    const b = live(fb);
    const policy = (l: Living) => (l === a ? pa : pb);
    let rounds = 0;
    for (let round = 1; round <= maxRounds && !a.out && !b.out; round++) {
      rounds = round;
      for (const l of [a, b]) {
        const rolled = rollActionPool({ bap: l.f.bap, armourModifier: l.f.armourModifier }, dice);
        l.pool = rolled.ok ? rolled.value.result.pool : 0;
      }
      // The one with more points left acts; a tie goes to a coin. Whoever cannot pay for a blow is done.
      for (;;) {
        const ready = [a, b].filter((l) => apAct(policy(l), l.pool, l.f.attack.cost) === "attack");
        if (!ready.length || a.out || b.out) break;
        let actor = ready[0]!;
        if (ready.length === 2) actor = a.pool > b.pool ? a : b.pool > a.pool ? b : rollOne(dice, 2) === 1 ? a : b;
        const target = actor === a ? b : a;
        strike(actor, target, policy(target), dice, world);
      }
    }
    const winner = a.out && b.out ? "draw" : b.out ? "a" : a.out ? "b" : "draw";
    return { winner, rounds, condition: { a: condition(a), b: condition(b) } };
  },
};

registerDuelAdapter(actionPointsDuel);
