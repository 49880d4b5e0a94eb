/**
 * Whole `phases` duels for the simulator (seed 001): each round both roll their
 * Initiative Total (stress die + Initiative score, no botch); in the Melee phase
 * the higher total strikes first (ties: the better Initiative score, then a
 * coin), each making one attack under our default melee procedure (Attack Total
 * against Defense Total, damage over Soak in wound levels; docs/rulesets/phases.md);
 * the fight ends when a wound track reaches incapacitated or dead. Wound and
 * fatigue penalties count from the moment they are taken.
 */
import { rollOne, rollStress, type Dice } from "../dice";
import type { ActorView } from "../rulesets/ruleset";
import {
  attackScore,
  damageScore,
  defenseScore,
  fatigueState,
  initiativeScore,
  rollMelee,
  soakScore,
  woundState,
  DEFAULT_PHASES_TRACKS,
  type PhasesStats,
  type PhasesTracks,
  type PhasesWeapon,
} from "../rulesets/phases";
import { closeWeapon } from "./weapon-choice";
import { PHASES_STYLES, type PhasesStyle } from "../styles/phases";
import { registerDuelAdapter, type DuelAdapter, type DuelOutcome } from "./adapter";

/** The duel simulator's policies are the fighting styles the table plays (../styles/phases.ts). */
export type PhasesPolicy = PhasesStyle;
export const PHASES_POLICIES = PHASES_STYLES;

interface PhasesFighter {
  readonly name: string;
  /** The weapon it closes with (empty for bare hands). */
  readonly weaponName: string;
  readonly initiative: number;
  readonly attack: number;
  readonly defense: number;
  readonly damage: number;
  readonly soak: number;
  readonly woundsLeft: number;
  readonly fatigueLeft: number;
}

const C = "BOUT.Duel.Condition.";
const CONDITIONS = [`${C}Unhurt`, `${C}Wounded`, `${C}Down`, `${C}Dead`] as const;

interface Living {
  readonly f: PhasesFighter;
  woundsLeft: number;
  /** The world's wound and fatigue tracks (ours without a world). */
  readonly tracks: PhasesTracks;
}

const penalty = (l: Living) => woundState(l.woundsLeft, l.tracks.wound).penalty + fatigueState(l.f.fatigueLeft, l.tracks.fatigue).penalty;
const out = (l: Living) => woundState(l.woundsLeft, l.tracks.wound).out;

function fighter(actor: ActorView, name: string): PhasesFighter {
  const v = actor as ActorView<PhasesStats>;
  const s = v.stats;
  const chosen = closeWeapon<PhasesWeapon>(v.weapons, (w) => !w.missile);
  const weapon = chosen.stats;
  const shield = v.shields.find((x) => x.equipped)?.stats ?? null;
  return {
    name,
    weaponName: chosen.name,
    initiative: initiativeScore(s, weapon),
    attack: attackScore(s, weapon),
    defense: defenseScore(s, weapon, shield),
    damage: damageScore(s, weapon),
    soak: soakScore(s, v.armor.filter((a) => a.equipped).map((a) => a.stats)),
    woundsLeft: s.woundsLeft,
    fatigueLeft: s.fatigueLeft,
  };
}

function strike(a: Living, d: Living, pd: PhasesPolicy, dice: Dice): void {
  const result = rollMelee(
    {
      attack: a.f.attack,
      defense: pd.defend ? d.f.defense : null,
      damage: a.f.damage,
      soak: d.f.soak,
      attackerPenalty: penalty(a),
      defenderPenalty: penalty(d),
    },
    dice,
  );
  if (result.ok) d.woundsLeft = Math.max(0, d.woundsLeft - result.value.result.wounds);
}

function condition(l: Living): string {
  if (woundState(l.woundsLeft, l.tracks.wound).ended) return CONDITIONS[3];
  if (out(l)) return CONDITIONS[2];
  return l.woundsLeft < l.f.woundsLeft ? CONDITIONS[1] : CONDITIONS[0];
}

export const phasesDuel: DuelAdapter<PhasesFighter, PhasesPolicy> = {
  ruleset: "phases",
  policies: PHASES_POLICIES,
  defaultPolicy: "stand-and-fight",
  conditions: CONDITIONS,
  fighter,
  duel(fa, fb, pa, pb, dice, maxRounds, world = {}): DuelOutcome {
    const tracks = world.phases?.tracks ?? DEFAULT_PHASES_TRACKS;
    const a: Living = { f: fa, woundsLeft: fa.woundsLeft, tracks };
    const b: Living = { f: fb, woundsLeft: fb.woundsLeft, tracks };
    const policy = (l: Living) => (l === a ? pa : pb);
    let rounds = 0;
    for (let round = 1; round <= maxRounds && !out(a) && !out(b); round++) {
      rounds = round;
      // Initiative Totals: the seed names no botch on Initiative.
      const ta = rollStress(dice, 0).total + fa.initiative;
      const tb = rollStress(dice, 0).total + fb.initiative;
      const aFirst = ta !== tb ? ta > tb : fa.initiative !== fb.initiative ? fa.initiative > fb.initiative : rollOne(dice, 2) === 1;
      for (const actor of aFirst ? [a, b] : [b, a]) {
        if (out(a) || out(b)) break;
        const target = actor === a ? b : a;
        strike(actor, target, policy(target), dice);
      }
    }
    const downA = out(a);
    const downB = out(b);
    const winner = downA && downB ? "draw" : downB ? "a" : downA ? "b" : "draw";
    return { winner, rounds, condition: { a: condition(a), b: condition(b) } };
  },
};

registerDuelAdapter(phasesDuel);
