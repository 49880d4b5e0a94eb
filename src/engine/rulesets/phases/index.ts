/**
 * The `phases` ruleset (seed 001_e84cf39f805b9fd9.txt): rounds of six phases,
 * a stress die + the weapon's Initiative score, engagement ranges and their
 * contests, the Movement, Missile Fire and Missile Rate tables. Statistics,
 * derived values and the token-bar track; the rules live in the files of this
 * folder and the round in src/engine/time/phases.ts.
 */
import { defineRuleset, type ActorView, type RulesetWorld } from "../ruleset";
import { outByStatus, outOfAction } from "../out-of-action";
import { attackScore, damageScore, defenseScore, fatigueState, soakScore, woundState } from "./combat";
import { initiativeScore } from "./initiative";
import { meleeWeaponOf } from "./target";
import { phasesStats, WOUND_TRACK_LENGTH, type PhasesStats } from "./stats";
import { missileRate, paces, type MovementFigures, type MovementMode } from "./tables";
import { DEFAULT_PHASES_TRACKS, type PhasesTracks } from "./tracks";

// Prefix ends in a dot: full keys are checked by the phases tests.
const D = "BOUT.Phases.Derived.";

/** The weapon a sheet shows figures for: the first equipped one, else none (bare hands). */
export function readyWeapon(actor: ActorView<PhasesStats>) {
  return actor.weapons.find((w) => w.equipped)?.stats ?? null;
}

/** The wound and fatigue penalties (0 or less) a fighter carries now, by the world's tracks. */
export function trackPenalty(a: Pick<ActorView<PhasesStats>["stats"], "woundsLeft" | "fatigueLeft">, tracks: PhasesTracks = DEFAULT_PHASES_TRACKS): number {
  return woundState(a.woundsLeft, tracks.wound).penalty + fatigueState(a.fatigueLeft, tracks.fatigue).penalty;
}

/** The Movement Table's figures from a sheet: Quickness, Encumbrance, Athletics, Ride and the current penalties (by the world's tracks). */
export function movementFiguresOf(a: ActorView<PhasesStats>["stats"], tracks: PhasesTracks = DEFAULT_PHASES_TRACKS): MovementFigures {
  return { qik: a.qik, enc: a.enc, athletics: a.athletics, ride: a.ride, woundPenalty: woundState(a.woundsLeft, tracks.wound).penalty, fatiguePenalty: fatigueState(a.fatigueLeft, tracks.fatigue).penalty };
}

export function derivePhases(actor: ActorView<PhasesStats>, world?: RulesetWorld) {
  const a = actor.stats;
  const tracks = world?.phasesTracks ?? DEFAULT_PHASES_TRACKS;
  const weapon = readyWeapon(actor);
  const shield = actor.shields.find((s) => s.equipped)?.stats ?? null;
  const armor = actor.armor.filter((x) => x.equipped).map((x) => x.stats);
  const wounds = woundState(a.woundsLeft, tracks.wound);
  const fatigue = fatigueState(a.fatigueLeft, tracks.fatigue);
  const figures = movementFiguresOf(a, tracks);
  const move = (mode: MovementMode) => paces(mode, figures);
  const init = initiativeScore(a, weapon);
  return {
    initiative: { label: `${D}Initiative`, hint: `${D}InitiativeHint`, value: init },
    attack: { label: `${D}Attack`, hint: `${D}AttackHint`, value: attackScore(a, weapon) },
    // The Defense a blow meets: with the weapon the fighter meets it with (a bow parries nothing), as the card has it.
    defense: { label: `${D}Defense`, hint: `${D}DefenseHint`, value: defenseScore(a, meleeWeaponOf(actor.weapons.filter((w) => w.equipped).map((w) => w.stats)), shield) },
    damage: { label: `${D}Damage`, hint: `${D}DamageHint`, value: damageScore(a, weapon) },
    soak: { label: `${D}Soak`, hint: `${D}SoakHint`, value: soakScore(a, armor) },
    woundPenalty: { label: `${D}WoundPenalty`, hint: `${D}WoundPenaltyHint`, value: wounds.penalty },
    fatiguePenalty: { label: `${D}FatiguePenalty`, hint: `${D}FatiguePenaltyHint`, value: fatigue.penalty },
    walk: { label: `${D}Walk`, value: move("walk") },
    hustle: { label: `${D}Hustle`, value: move("hustle") },
    sprint: { label: `${D}Sprint`, value: move("sprint") },
    gallop: { label: `${D}Gallop`, value: move("gallop") },
    ...(weapon?.missile
      ? { missileFirst: { label: `${D}MissileFirst`, hint: `${D}MissileFirstHint`, value: missileRate(init).first }, missileSecond: { label: `${D}MissileSecond`, hint: `${D}MissileSecondHint`, value: missileRate(init).second } }
      : {}),
  };
}

export const phases = defineRuleset<PhasesStats>({
  id: "phases",
  seed: "001_e84cf39f805b9fd9.txt",
  time: "phases",
  label: "BOUT.Ruleset.Phases.Label",
  hint: "BOUT.Ruleset.Phases.Hint",
  stats: phasesStats,
  derive: derivePhases,
  vitality(actor) {
    return { value: actor.stats.woundsLeft, max: WOUND_TRACK_LENGTH, path: "woundsLeft" };
  },
  // The world's tracks say which levels put a fighter out (ours: Incapacitated, Dead; Unconscious on fatigue).
  outOfAction(actor, statuses, world) {
    const tracks = world?.phasesTracks ?? DEFAULT_PHASES_TRACKS;
    const wounds = woundState(actor.stats.woundsLeft, tracks.wound);
    if (wounds.ended) return outOfAction("Dead");
    return outByStatus(statuses) ?? (wounds.out ? outOfAction("Incapacitated") : fatigueState(actor.stats.fatigueLeft, tracks.fatigue).out ? outOfAction("Unconscious") : null);
  },
});

export * from "./stats";
export * from "./events";
export * from "./refusals";
export * from "./tables";
export * from "./tracks";
export * from "./stress";
export * from "./initiative";
export * from "./engagement";
export * from "./combat";
export * from "./odds";
export * from "./athletics";
export * from "./effective-space";
export * from "./attack-form";
export * from "./target";
