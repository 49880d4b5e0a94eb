/**
 * Attacks, damage, wounds and fatigue for the `phases` ruleset.
 *
 * From seed 001 ("2. First Missiles", "Optional Longbow and Crossbow Damage
 * Rule", "Optional Called Shots Rule", "1. Movement"): a shot rolls against an
 * ease factor built from the Missile Fire Table; a Damage Total that exceeds the
 * target's Soak costs one wound level per 5 points over (per 2 points for a
 * longbow or crossbow under the optional rule, and for a called shot at an
 * exposed spot); the first-strike bonus of an engagement contest; a routing
 * character may not attack or defend.
 *
 * The seed's pages hold no melee procedure beyond these, so the rest is our
 * default, each step a stated, adjustable choice (docs/rulesets/phases.md):
 * Attack Total = stress die + Attack score (+ first strike, penalties) against
 * Defense Total = stress die + Defense score (+ penalties); the attack hits when
 * it is higher; Damage Total = the margin + Damage score; Soak = Soak score +
 * armour. A botched attack misses; a botched defence counts 0.
 */
import type { Dice, StressRoll } from "../../dice";
import { labelled, rollStress, said } from "../../dice";
import { ok, PASSED, type Outcome } from "../../outcome";
import { event, type PhasesEvent, type Resolution } from "./events";
import { checkFigure, checkFigures, checkFlags, phasesRefuse } from "./refusals";
import type { PhasesActor, PhasesArmor, PhasesShield, PhasesWeapon } from "./stats";
import { DEFAULT_FATIGUE_TRACK, DEFAULT_WOUND_TRACK, missileEase, trackLevel, type MissileShot, type Part, type ShotDefence, type TrackLevel } from "./tables";

/**
 * Initiative Modifiers Table, first footnote: a routing character "may not
 * defend against any incoming attacks". Whether the target defends against this
 * blow or shot, given the defence it chose ("none" for none).
 */
export function targetDefends(defence: string, routing: boolean): boolean {
  return defence !== "none" && !routing;
}

/**
 * Missile Fire Table, "Target has a shield" and its third footnote: the shield's
 * own Dfn counts against every shot, and twice when the target is actively
 * defending with it.
 */
export function shotShieldDfn(shieldDfn: number, defence: ShotDefence, defends: boolean): number {
  return shieldDfn * (defends && defence === "shield" ? 2 : 1);
}

// ---------------------------------------------------------------------------
// Scores from the sheet

export const attackScore = (a: Pick<PhasesActor, "attack">, w: Pick<PhasesWeapon, "attack"> | null) => a.attack + (w?.attack ?? 0);
export const defenseScore = (a: Pick<PhasesActor, "defense">, w: Pick<PhasesWeapon, "defense"> | null, s: Pick<PhasesShield, "defense"> | null) =>
  a.defense + (w?.defense ?? 0) + (s?.defense ?? 0);
export const damageScore = (a: Pick<PhasesActor, "damage">, w: Pick<PhasesWeapon, "damage"> | null) => a.damage + (w?.damage ?? 0);
export const soakScore = (a: Pick<PhasesActor, "soak">, armor: readonly Pick<PhasesArmor, "protection">[]) => a.soak + armor.reduce((t, x) => t + x.protection, 0);

// ---------------------------------------------------------------------------
// Wounds

/** Points over Soak for each wound level: 5, or 2 under the optional longbow/crossbow rule and for called shots at an exposed area. */
export const WOUND_STEP = 5;
export const PIERCING_WOUND_STEP = 2;

/** Wound levels from a Damage Total against a Soak: one per full step of the excess. */
export function woundLevels(damageTotal: number, soak: number, step = WOUND_STEP): number {
  const excess = damageTotal - soak;
  return excess > 0 ? Math.floor(excess / step) : 0;
}

export interface TrackState {
  readonly left: number;
  readonly level: TrackLevel;
  readonly penalty: number;
  readonly out: boolean;
  /** Last level of the track reached (dead, unconscious). */
  readonly ended: boolean;
}

function trackState(track: readonly TrackLevel[], left: number): TrackState {
  const level = trackLevel(track, left);
  return { left, level, penalty: level.penalty, out: level.out, ended: left <= 0 };
}

export function woundState(woundsLeft: number, track: readonly TrackLevel[] = DEFAULT_WOUND_TRACK): TrackState {
  return trackState(track, woundsLeft);
}

export function fatigueState(fatigueLeft: number, track: readonly TrackLevel[] = DEFAULT_FATIGUE_TRACK): TrackState {
  return trackState(track, fatigueLeft);
}

/** Takes `levels` wound levels off what is left (never below 0). */
export function applyWounds(woundsLeft: number, levels: number, track: readonly TrackLevel[] = DEFAULT_WOUND_TRACK): Outcome<Resolution<TrackState>> {
  const figures = checkFigure("woundsLeft", woundsLeft, 0, 1000) ?? checkFigure("levels", levels, 0, 1000);
  if (figures) return figures;
  const after = woundState(Math.max(0, Math.min(track.length - 1, woundsLeft) - levels), track);
  const events: PhasesEvent[] = [event("woundLevel", { levels, left: after.left, level: after.level.key })];
  if (after.ended) events.push(event("dead"));
  else if (after.out) events.push(event("incapacitated"));
  return ok({ result: after, events });
}

// ---------------------------------------------------------------------------
// Melee (our default procedure; see the header)

export interface MeleeInput {
  /** Who strikes and who is struck (fighter references), to name their dice on the card. */
  readonly attackerId?: string;
  readonly defenderId?: string;
  /** Attack score: actor + weapon. */
  readonly attack: number;
  /** First-strike bonus won in an engagement contest. */
  readonly firstStrike?: number;
  /** Defense score: actor + weapon + shield; null when the defender cannot defend (routing). */
  readonly defense: number | null;
  /** Damage score: actor + weapon. */
  readonly damage: number;
  /** Soak score plus armour. */
  readonly soak: number;
  /** Wound and fatigue penalties (0 or less) of each side, and anything else the storyguide adds. */
  readonly attackerPenalty?: number;
  readonly defenderPenalty?: number;
  readonly attackModifier?: number;
  readonly defenseModifier?: number;
  /** Points over Soak per wound level (5 unless the GM rules otherwise). */
  readonly woundStep?: number;
}

export interface MeleeResult {
  readonly attackTotal: number;
  readonly defenseTotal: number | null;
  readonly hit: boolean;
  readonly margin: number;
  readonly damageTotal: number;
  readonly soak: number;
  readonly wounds: number;
  readonly attackBotched: boolean;
  readonly defenseBotched: boolean;
  readonly parts: readonly Part[];
}

export function checkMelee(input: MeleeInput): Outcome<true> {
  // Figure by figure in a fixed order, building nothing unless one is refused (the duel loops call this per attack).
  const f =
    checkFigure("attack", input?.attack, -200, 200) ??
    checkFigure("firstStrike", input?.firstStrike, -200, 200, true) ??
    checkFigure("damage", input?.damage, -200, 200) ??
    checkFigure("soak", input?.soak, -200, 200) ??
    checkFigure("attackerPenalty", input?.attackerPenalty, -200, 200, true) ??
    checkFigure("defenderPenalty", input?.defenderPenalty, -200, 200, true) ??
    checkFigure("attackModifier", input?.attackModifier, -200, 200, true) ??
    checkFigure("defenseModifier", input?.defenseModifier, -200, 200, true);
  if (f) return f;
  if (input.defense !== null) {
    const d = checkFigure("defense", input.defense, -200, 200);
    if (d) return d;
  }
  if (input.woundStep !== undefined) {
    const s = checkFigure("woundStep", input.woundStep, 1, 100);
    if (s) return s;
  }
  return PASSED;
}

export const meleeAttackBonus = (i: MeleeInput) => i.attack + (i.firstStrike ?? 0) + (i.attackerPenalty ?? 0) + (i.attackModifier ?? 0);
export const meleeDefenseBonus = (i: MeleeInput) => (i.defense ?? 0) + (i.defenderPenalty ?? 0) + (i.defenseModifier ?? 0);

/** Reads a melee attack from its stress dice (null defence roll: the defender does not defend). */
export function resolveMelee(input: MeleeInput, attackRoll: StressRoll, defenseRoll: StressRoll | null): Outcome<Resolution<MeleeResult>> {
  const checked = checkMelee(input);
  if (!checked.ok) return checked;
  if (input.defense !== null && !defenseRoll) return phasesRefuse("notNumber", { field: "defenseRoll" });
  const events: PhasesEvent[] = [];
  const attackTotal = attackRoll.total + meleeAttackBonus(input);
  const defends = input.defense !== null && defenseRoll !== null;
  const defenseBotched = defends && defenseRoll.botched;
  const defenseTotal = defends ? (defenseBotched ? 0 : defenseRoll.total + meleeDefenseBonus(input)) : null;
  events.push(event("attack", { total: attackTotal }));
  if (input.firstStrike) events.push(event("firstStrike", { bonus: input.firstStrike }));
  if (defenseTotal === null) events.push(event("undefended"));
  else events.push(event("defense", { total: defenseTotal }));
  if (attackRoll.botched) events.push(event("botch", { botches: attackRoll.botches }));
  const hit = !attackRoll.botched && attackTotal > (defenseTotal ?? 0);
  const margin = hit ? attackTotal - (defenseTotal ?? 0) : 0;
  const damageTotal = hit ? margin + input.damage : 0;
  const wounds = hit ? woundLevels(damageTotal, input.soak, input.woundStep ?? WOUND_STEP) : 0;
  if (hit) {
    events.push(event("hit", { margin }));
    events.push(event("damage", { total: damageTotal, soak: input.soak }));
    events.push(event("wounds", { levels: wounds }));
  } else events.push(event("miss"));
  const parts: Part[] = [
    { key: "BOUT.Phases.Part.Die", value: attackRoll.total },
    { key: "BOUT.Phases.Part.Attack", value: input.attack },
    ...(input.firstStrike ? [{ key: "BOUT.Phases.Part.FirstStrike", value: input.firstStrike }] : []),
    ...(input.attackerPenalty ? [{ key: "BOUT.Phases.Part.Penalty", value: input.attackerPenalty }] : []),
    ...(input.attackModifier ? [{ key: "BOUT.Phases.Part.Storyguide", value: input.attackModifier }] : []),
  ];
  return ok({
    result: { attackTotal, defenseTotal, hit, margin, damageTotal, soak: input.soak, wounds, attackBotched: attackRoll.botched, defenseBotched, parts },
    events,
  });
}

/** A score as the card's label adds it to the die: "+3", "−1". */
const signed = (n: number) => (n < 0 ? `−${-n}` : `+${n}`);

/** Rolls both stress dice (one botch die each unless told otherwise) and reads the attack. */
export function rollMelee(input: MeleeInput, dice: Dice, botchDice = 1): Outcome<Resolution<MeleeResult>> {
  const checked = checkMelee(input);
  if (!checked.ok) return checked;
  const b = checkFigure("botchDice", botchDice, 0, 20);
  if (b) return b;
  const attack = labelled(dice, () => said(input.attackerId, "BOUT.Card.Roll.Phases.attack", { bonus: signed(input.attack) }), () => rollStress(dice, botchDice));
  const defense = input.defense === null ? null : labelled(dice, () => said(input.defenderId, "BOUT.Card.Roll.Phases.defence", { bonus: signed(input.defense ?? 0) }), () => rollStress(dice, botchDice));
  return resolveMelee(input, attack, defense);
}

// ---------------------------------------------------------------------------
// Missiles (seed 001: Missile Fire Table, optional rules)

export interface MissileInput extends MissileShot {
  /** Who shoots (a fighter reference), to name the die on the card. */
  readonly shooterId?: string;
  readonly attack: number;
  readonly attackerPenalty?: number;
  readonly damage: number;
  readonly soak: number;
  /** The weapon is a longbow or crossbow. */
  readonly piercing?: boolean;
  /** The storyguide uses the Optional Longbow and Crossbow Damage Rule. */
  readonly piercingRule?: boolean;
  /** A called shot (its Size modifier goes in gmModifier). */
  readonly calledShot?: boolean;
  /**
   * The called shot aims for an exposed area to do extra damage ("Optional
   * Called Shots Rule"); otherwise it seeks some other effect, which the
   * storyguide judges, and its damage counts as any shot's.
   */
  readonly exposed?: boolean;
}

export interface MissileResult {
  readonly attackTotal: number;
  readonly ease: number;
  readonly easeParts: readonly Part[];
  readonly hit: boolean;
  readonly damageTotal: number;
  readonly soak: number;
  readonly woundStep: number;
  readonly wounds: number;
  readonly botched: boolean;
}

export function checkMissile(input: MissileInput): Outcome<true> {
  const f = checkFigures({ attack: input?.attack, attackerPenalty: input?.attackerPenalty, damage: input?.damage, soak: input?.soak }, -200, 200, ["attackerPenalty"]);
  if (!f.ok) return f;
  return checkFlags({ piercing: input.piercing, piercingRule: input.piercingRule, calledShot: input.calledShot, exposed: input.exposed });
}

/**
 * Points over Soak per wound level for a shot: 2 for a longbow or crossbow
 * under the optional rule, and for a called shot aimed at an exposed area
 * ("Optional Called Shots Rule": only "if the intent was to do extra damage by
 * striking an exposed area"); 5 otherwise.
 */
export function missileWoundStep(input: Pick<MissileInput, "piercing" | "piercingRule" | "calledShot" | "exposed">): number {
  return (input.piercing && input.piercingRule) || (input.calledShot && input.exposed) ? PIERCING_WOUND_STEP : WOUND_STEP;
}

/**
 * A shot hits when stress die + Attack meets the ease factor (our default, as
 * the seed calls it an ease factor); Damage Total = the amount over + Damage.
 * A botch misses.
 */
export function resolveMissile(input: MissileInput, roll: StressRoll): Outcome<Resolution<MissileResult>> {
  const checked = checkMissile(input);
  if (!checked.ok) return checked;
  const ease = missileEase(input);
  if (!ease.ok) return ease;
  const attackTotal = roll.total + input.attack + (input.attackerPenalty ?? 0);
  const hit = !roll.botched && attackTotal >= ease.value.ease;
  const woundStep = missileWoundStep(input);
  const damageTotal = hit ? attackTotal - ease.value.ease + input.damage : 0;
  const wounds = hit ? woundLevels(damageTotal, input.soak, woundStep) : 0;
  const events: PhasesEvent[] = [event("ease", { ease: ease.value.ease }), event("missile", { total: attackTotal })];
  if (roll.botched) events.push(event("botch", { botches: roll.botches }));
  if (hit) events.push(event("hit", { margin: attackTotal - ease.value.ease }), event("damage", { total: damageTotal, soak: input.soak }), event("wounds", { levels: wounds }));
  else events.push(event("miss"));
  return ok({ result: { attackTotal, ease: ease.value.ease, easeParts: ease.value.parts, hit, damageTotal, soak: input.soak, woundStep, wounds, botched: roll.botched }, events });
}

export function rollMissile(input: MissileInput, dice: Dice, botchDice = 1): Outcome<Resolution<MissileResult>> {
  const checked = checkMissile(input);
  if (!checked.ok) return checked;
  const ease = missileEase(input);
  if (!ease.ok) return ease;
  const b = checkFigure("botchDice", botchDice, 0, 20);
  if (b) return b;
  return resolveMissile(input, labelled(dice, () => said(input.shooterId, "BOUT.Card.Roll.Phases.shot", { ease: ease.value.ease }), () => rollStress(dice, botchDice)));
}

// ---------------------------------------------------------------------------
// Fatigue phase (our default: the seed names the phase, not its check)

/** Ease factor of the end-of-round fatigue check (ours). */
export const DEFAULT_FATIGUE_EASE = 6;

export interface FatigueInput {
  /** Who checks (a fighter reference), to name the die on the card. */
  readonly id?: string;
  readonly stamina: number;
  /** Current fatigue and wound penalties, 0 or less. */
  readonly penalty?: number;
  readonly ease?: number;
  readonly fatigueLeft: number;
}

export interface FatigueResult {
  readonly total: number;
  readonly ease: number;
  readonly passed: boolean;
  /** Levels lost: 0 on a pass, 1 on a failure, 1 more per botch. */
  readonly lost: number;
  readonly after: TrackState;
}

/** Stress die + Stamina + penalties against the ease factor; a failure costs a fatigue level, a botch one more per botch. */
export function resolveFatigue(input: FatigueInput, roll: StressRoll, track: readonly TrackLevel[] = DEFAULT_FATIGUE_TRACK): Outcome<Resolution<FatigueResult>> {
  const f = checkFigures({ stamina: input?.stamina, penalty: input?.penalty, ease: input?.ease }, -200, 200, ["penalty", "ease"]);
  if (!f.ok) return f;
  const l = checkFigures({ fatigueLeft: input.fatigueLeft }, 0, track.length - 1);
  if (!l.ok) return l;
  const ease = input.ease ?? DEFAULT_FATIGUE_EASE;
  const total = roll.total + input.stamina + (input.penalty ?? 0);
  const passed = !roll.botched && total >= ease;
  const lost = passed ? 0 : 1 + roll.botches;
  const after = fatigueState(Math.max(0, input.fatigueLeft - lost), track);
  const events: PhasesEvent[] = [event("fatigueCheck", { total, ease })];
  if (lost) events.push(event("fatigueLost", { levels: lost, left: after.left, level: after.level.key }));
  if (after.out) events.push(event("unconscious"));
  return ok({ result: { total, ease, passed, lost, after }, events });
}

export function rollFatigue(input: FatigueInput, dice: Dice, botchDice = 1, track: readonly TrackLevel[] = DEFAULT_FATIGUE_TRACK): Outcome<Resolution<FatigueResult>> {
  const b = checkFigure("botchDice", botchDice, 0, 20);
  if (b) return b;
  const f = checkFigures({ stamina: input?.stamina, fatigueLeft: input?.fatigueLeft }, -200, 200);
  if (!f.ok) return f;
  return resolveFatigue(input, labelled(dice, () => said(input.id, "BOUT.Card.Roll.Phases.fatigue", { ease: input.ease ?? DEFAULT_FATIGUE_EASE }), () => rollStress(dice, botchDice)), track);
}
