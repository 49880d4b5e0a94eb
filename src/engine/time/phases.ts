/**
 * "Six phases a round" (seed 001_e84cf39f805b9fd9.txt, "Combat Sequence"): every
 * round runs Movement, First Missile, Melee, Second Missile, Magic and Fatigue in
 * turn.
 *
 * - Movement: everyone declares an action, a movement mode and, to fight, the
 *   opponents, the range and the weapon; then everyone's Initiative Total is set
 *   (a stress die + the weapon's Initiative score + the Initiative Modifiers
 *   Table + the storyguide's modifier). Clashing declarations are settled from
 *   the highest total down (engagement contests, escapes: rulesets/phases/engagement.ts),
 *   and movement resolves in that order.
 * - First and Second Missile: shooters fire from the highest total down, each
 *   phase only those the Missile Rate Table lets fire, counting only rounds
 *   spent shooting or reloading; nobody fires at Touch or Reach.
 * - Melee: those engaged whose weapon reaches, highest total first; routing
 *   characters do not attack.
 * - Magic: those who declared magic, highest total first.
 * - Fatigue: those who exerted themselves (sprinting, routing, fighting: our
 *   default), for their fatigue checks.
 *
 * Casual play (the seed allows the phases to be used loosely) skips phases in
 * which nobody acts. Nobody acts twice in a phase; every refusal leaves the
 * state untouched; the state is plain JSON.
 */
import { byId, mapKeepingIds, patchById } from "../by-id";
import { isWholeNumber, ok, refuse, type Outcome } from "../outcome";
import { initiativeOrder, reaches, resolveEngagements, tiedIds, type Engagement, type Escape, type WeaponReach } from "../rulesets/phases/engagement";
import { effectiveSpace } from "../rulesets/phases/effective-space";
import { initiativeTotal } from "../rulesets/phases/initiative";
import { isRange, rangeIndex, type RangeClass } from "../rulesets/phases/stats";
import {
  afterMissileRound,
  canFireFirst,
  canFireSecond,
  checkSituation,
  isMovementMode,
  isShotDefence,
  LOADED,
  MISSILE_RANGE_ADJUSTMENT,
  missileRate,
  paces,
  type MissileReadiness,
  type MovementFigures,
  type MovementMode,
  type ShotDefence,
  type TargetMotion,
} from "../rulesets/phases/tables";
import { samePlaces } from "./same-places";
import { listedFighters, type Label, type TimeMachine, type TrackerGroup, type TrackerRow, type TrackerView, type Transition, lazyParts } from "./machine";

export const PHASE_IDS = ["movement", "firstMissile", "melee", "secondMissile", "magic", "fatigue"] as const;
export type PhaseId = (typeof PHASE_IDS)[number];

export const ACTIONS = ["melee", "missile", "prepare", "magic", "move", "rout", "none"] as const;
export type PhaseAction = (typeof ACTIONS)[number];

/** Where the round stands: declarations, Initiative Totals, phases being acted, or over. */
export type PhasesStage = "declare" | "initiative" | "act" | "over";

export interface PhasesDeclaration {
  readonly action: PhaseAction;
  readonly movement: MovementMode;
  readonly opponents: readonly string[];
  /** The range sought (melee) or to the target (missile); null when not fighting. */
  readonly range: RangeClass | null;
  /** Name or id of the declared weapon, for display. */
  readonly weapon: string;
  /** Initiative score with that weapon. */
  readonly score: number;
  /** The ranges the weapon attacks at in melee; null: none (bare of weapons, or a missile weapon). */
  readonly reach: WeaponReach | null;
  readonly missile: boolean;
  /** Avoiding engagement this round without routing. */
  readonly evading: boolean;
  /**
   * How this fighter meets shots from the opponents it names ("Missile Fire
   * Table", first footnote): none, dodge (or defend), or defend with the shield.
   * Declarations stored before this field existed read as "none".
   */
  readonly defence: ShotDefence;
  readonly horseback: boolean;
  readonly ride: number;
  readonly highGround: boolean;
  readonly charging: boolean;
  /** Room for a running start, as ruled: the GM's own declaration may say so; a player's never does (playerDeclaration). */
  readonly runUpRoom: boolean;
  /** A player's charge asks the storyguide for the run-up; absent: not asked. */
  readonly runUpAsked?: boolean;
  readonly gmModifier: number;
}

export type DeclarationInput = Partial<PhasesDeclaration> & { readonly action: PhaseAction };

export interface PhaseCombatant {
  readonly id: string;
  /** Takes part in this round (a newcomer waits for the next round's declarations). */
  readonly active: boolean;
  readonly declaration: PhasesDeclaration | null;
  /** The stress die rolled for Initiative, when the total was worked out here. */
  readonly die: number | null;
  readonly total: number | null;
  readonly readiness: MissileReadiness;
  readonly firedFirst: boolean;
  readonly firedSecond: boolean;
  /**
   * Has spent a whole missile phase holding fire without moving, and has not
   * fired, moved or declared anything but shooting since (Missile Fire Table,
   * second footnote). Absent: not aiming.
   */
  readonly aiming?: boolean;
  /** The storyguide's rulings on this fighter ("1. Movement"); absent: none. */
  readonly ruling?: PhaseRuling;
}

/**
 * What the storyguide rules for one fighter, whoever plays it ("1. Movement"):
 * an Initiative modifier for the situation ("Storyguides should feel free to
 * impose additional modifiers"), whether a charger has room for a running start
 * (Initiative Modifiers Table, second footnote: "adjudicated by the
 * storyguide"), and how many paces less a hustle covers on broken ground or in
 * the dark (the Movement Table gives no figure: the GM's). The modifier and the
 * run-up hold for the round they are given in; the ground holds until the GM
 * changes it.
 */
export interface PhaseRuling {
  /** Added to the Initiative Total (besides any the GM's own declaration carries); absent: 0. */
  readonly initiative?: number;
  /** The run-up: true allowed, false refused; absent: not ruled (a player's charge gets nothing until the GM allows it). */
  readonly runUp?: boolean;
  /** Paces a hustle covers less this round; absent: 0. */
  readonly hustleLess?: number;
}

export interface PhasesState {
  readonly round: number;
  readonly phase: PhaseId;
  readonly stage: PhasesStage;
  readonly casual: boolean;
  readonly combatants: readonly PhaseCombatant[];
  /** Who acts in the current phase, in order. */
  readonly order: readonly string[];
  /** Index into `order` of the one acting; `order.length` once all have. */
  readonly turn: number;
  /** Who has acted in the current phase. */
  readonly acted: readonly string[];
  readonly engagements: readonly Engagement[];
  readonly escapes: readonly Escape[];
  readonly cannotAttack: readonly string[];
}

export type PhasesCommand =
  | { readonly type: "declare"; readonly combatantId: string; readonly declaration: DeclarationInput }
  | { readonly type: "setInitiative"; readonly rolls?: Readonly<Record<string, number>>; readonly totals?: Readonly<Record<string, number>> }
  | { readonly type: "act"; readonly combatantId: string; readonly fire?: boolean }
  | { readonly type: "next" }
  | { readonly type: "nextRound" }
  | { readonly type: "setCasual"; readonly casual: boolean }
  /** The storyguide's rulings on one fighter (GM only): each field given is set, the others stay. */
  | { readonly type: "rule"; readonly combatantId: string; readonly initiative?: number; readonly runUp?: boolean | null; readonly hustleLess?: number }
  | { readonly type: "join"; readonly combatantId: string }
  | { readonly type: "leave"; readonly combatantId: string };

export interface PhasesTimeEvent {
  readonly type: string;
  readonly key: string;
  readonly data: Readonly<Record<string, string | number | boolean>>;
}

const V = "BOUT.Phases.Time.";

/** Every event the machine emits (a line under BOUT.Phases.Time.Event each). */
export const PHASES_TIME_EVENTS = [
  "declared", "allDeclared", "initiative", "engaged", "contest", "escaped", "cannotAttack", "phaseStarted", "phaseSkipped", "turnStarted",
  "acted", "fired", "held", "roundOver", "roundEnded", "roundStarted", "casual", "joined", "left", "ruled",
] as const;
/** Every refusal code (a line under BOUT.Phases.Time.Refusal each). */
export const PHASES_TIME_REFUSALS = [
  "unknownCommand", "unknown", "duplicate", "badCombatant", "badDeclaration", "badAction", "badMovement", "badRange", "badOpponent", "needsRange",
  "notMissile", "notMounted", "badReach", "notNumber", "notDeclaring", "awaitingDeclarations", "awaitingInitiative", "notInitiative", "notInRound",
  "outOfTurn", "alreadyActed", "roundOver", "badFlag", "badDefence", "routingDefence", "defenceWithoutOpponent", "rulingTooLate",
] as const;
type RefusalCode = (typeof PHASES_TIME_REFUSALS)[number];

const ev = (type: (typeof PHASES_TIME_EVENTS)[number], data: Record<string, string | number | boolean> = {}): PhasesTimeEvent => ({ type, key: `${V}Event.${type}`, data });
const no = (code: RefusalCode, data?: Record<string, string | number>) => refuse<Transition<PhasesState, PhasesTimeEvent>>(`phases.${code}`, `${V}Refusal.${code}`, data);

const validId = (id: unknown): id is string => typeof id === "string" && id.length > 0 && id.length <= 200;

function fresh(id: string, active: boolean): PhaseCombatant {
  return { id, active, declaration: null, die: null, total: null, readiness: LOADED, firedFirst: false, firedSecond: false };
}

/** The first round's state: everyone at the Movement phase, declaring. */
export function startPhases(combatants: readonly { id: string }[], options: { casual?: boolean } = {}): Outcome<PhasesState> {
  if (!Array.isArray(combatants) || !combatants.every((c) => validId(c?.id))) return refuse("phases.badCombatant", `${V}Refusal.badCombatant`);
  if (new Set(combatants.map((c) => c.id)).size !== combatants.length) return refuse("phases.duplicate", `${V}Refusal.duplicate`);
  if (options.casual !== undefined && typeof options.casual !== "boolean") return refuse("phases.badFlag", `${V}Refusal.badFlag`);
  return ok({
    round: 1,
    phase: "movement",
    stage: "declare",
    casual: options.casual ?? false,
    combatants: combatants.map((c) => fresh(c.id, true)),
    order: [],
    turn: 0,
    acted: [],
    engagements: [],
    escapes: [],
    cannotAttack: [],
  });
}

const find = (s: PhasesState, id: unknown) => byId(s.combatants, id);
const active = (s: PhasesState) => s.combatants.filter((c) => c.active);
const patch = (s: PhasesState, id: string, change: Partial<PhaseCombatant>): PhasesState => ({ ...s, combatants: patchById(s.combatants, id, change) });
/** Sets the storyguide's rulings on a fighter (none left: the field is absent). */
const setRuling = (s: PhasesState, id: string, ruling: PhaseRuling): PhasesState => ({
  ...s,
  combatants: mapKeepingIds(s.combatants, (c) => {
    if (c.id !== id) return c;
    const { ruling: _was, ...rest } = c;
    return Object.keys(ruling).length ? { ...rest, ruling } : rest;
  }),
});
/** Sets or clears the aim (cleared, the field is absent). */
const setAim = (s: PhasesState, id: string, on: boolean): PhasesState => ({
  ...s,
  combatants: mapKeepingIds(s.combatants, (c) => {
    if (c.id !== id) return c;
    const { aiming: _was, ...rest } = c;
    return on ? { ...rest, aiming: true } : rest;
  }),
});
export const actingNow = (s: PhasesState): string | undefined => (s.stage === "act" && s.turn < s.order.length ? s.order[s.turn] : undefined);

/** "1. Movement": who still has to declare (everyone taking part this round, while declarations are open). */
export const awaitingDeclaration = (s: PhasesState): string[] => (s.stage === "declare" ? s.combatants.filter((c) => c.active && !c.declaration).map((c) => c.id) : []);

/** "After declarations are all made, each combatant rolls a stress die + Initiative score": who still rolls. */
export const awaitingInitiative = (s: PhasesState): string[] =>
  s.stage === "initiative" ? s.combatants.filter((c) => c.active && c.declaration && c.total === null).map((c) => c.id) : [];

/**
 * The defence a target declared in the Movement phase against this shooter
 * ("Missile Fire Table", first footnote: a target that spotted the shooter and
 * engaged it defensively adds its Defense, and counts the shooter as an
 * opponent it engaged). Null when the round has nothing to say: declarations
 * not yet revealed, or the target declared nothing this round (not in it, or a
 * newcomer waiting for the next round); then the table states it. Otherwise the
 * declared defence if the target named the shooter among its opponents, else
 * "none"; a routing target never defends.
 */
export function declaredShotDefence(s: PhasesState, shooterId: string | null, targetId: string | null): ShotDefence | null {
  if (s.stage === "declare") return null;
  const target = targetId ? find(s, targetId) : undefined;
  const d = target?.active ? target.declaration : null;
  if (!d) return null;
  const defence = isShotDefence(d.defence) ? d.defence : "none";
  if (defence === "none" || d.action === "rout" || !shooterId || !d.opponents.includes(shooterId)) return "none";
  return defence;
}

/** The engagement the two share this round, either way round; undefined when they share none. */
function engagementBetween(s: PhasesState, x: string | null, y: string | null): Engagement | undefined {
  return s.engagements.find((e) => (e.a === x && e.b === y) || (e.b === x && e.a === y));
}

/** Whether the combatant is in any engagement this round. */
const isEngaged = (s: PhasesState, id: string) => s.engagements.some((e) => e.a === id || e.b === id);

/**
 * "Engagement Example": the first strike bonus the attacker won in the range
 * contest against this target (0 if none, or if the target won it).
 */
export function firstStrikeBonus(s: PhasesState, attackerId: string | null, targetId: string | null): number {
  const e = engagementBetween(s, attackerId, targetId);
  return e?.firstStrike && e.firstStrike.combatantId === attackerId ? e.firstStrike.bonus : 0;
}

/**
 * "Combat Sequence": an attack in a running round is its attacker's turn in the
 * phase for its weapon: a shot in either missile phase, a blow in the Melee
 * phase ("wrongPhase"); and only in the attacker's own turn ("outOfTurn").
 */
export function attackTurnRefusal(s: PhasesState, combatantId: string, missile: boolean): "wrongPhase" | "outOfTurn" | null {
  const phaseOk = missile ? s.phase === "firstMissile" || s.phase === "secondMissile" : s.phase === "melee";
  if (s.stage !== "act" || !phaseOk) return "wrongPhase";
  if (actingNow(s) !== combatantId) return "outOfTurn";
  return null;
}

/**
 * Whether a blow may be struck now ("1. Movement": a fighter declares whom he
 * engages, at what range, with which weapon; "Engagement Example": "Inigo
 * cannot attack Bors (because Bors is outside the range of his dagger)", and
 * Frederico, who got away, is not struck at all). Outside a running round's
 * turns the table settles engagements itself: null. Otherwise the attacker
 * must share an engagement with the target ("notEngaged"), and the weapon
 * used must reach that engagement's range ("outOfReach"); null when allowed.
 * `weapon` is the reach of the weapon on the card (null: it has none in melee).
 */
export function meleeBlowRefusal(s: PhasesState, attackerId: string | null, targetId: string | null, weapon: WeaponReach | null): "notEngaged" | "outOfReach" | null {
  if (s.stage !== "act" || !attackerId) return null;
  const e = engagementBetween(s, attackerId, targetId);
  if (!e || !targetId) return "notEngaged";
  return reaches(weapon, e.range) ? null : "outOfReach";
}

/**
 * How a target moves this round for the Missile Fire Table ("unmoving or
 * walking carefully", "hustling", "sprinting"), from its own Movement-phase
 * declaration, not the shooter's word. A safe gallop is counted as a sprint
 * (our reading: the table lists no faster row). Null when the round has
 * nothing to say (declarations not yet revealed, or no declaration this round):
 * then the table states it.
 */
export function declaredTargetMotion(s: PhasesState, targetId: string | null): TargetMotion | null {
  if (s.stage === "declare" || !targetId) return null;
  const target = find(s, targetId);
  const d = target?.active ? target.declaration : null;
  if (!d) return null;
  const motion: Record<MovementMode, TargetMotion> = { stand: "still", walk: "walk", hustle: "hustle", sprint: "sprint", gallop: "sprint" };
  return motion[d.movement] ?? "still";
}

/**
 * Whether a shot now may take the aiming bonus (Missile Fire Table, second
 * footnote: "Spending a whole missile phase taking no action but aiming gives
 * this bonus, provided that the shooter does not move or otherwise act before
 * actually firing"). Null outside a running round's turns (the table says).
 * In a round: only by a shooter who held fire on its turn in an earlier missile
 * phase (the whole phase spent aiming) without moving, and has neither fired,
 * moved, nor declared anything but shooting without moving since. Our reading:
 * the aim carries into the next round when the shooter declares a shot and no
 * movement, so a shooter who fires only in the First Missile phase can aim too.
 */
export function aimAllowed(s: PhasesState, shooterId: string | null): boolean | null {
  if (s.stage !== "act" || !shooterId) return null;
  const c = find(s, shooterId);
  if (!c?.active || !c.declaration) return null;
  return c.aiming === true && c.declaration.action === "missile" && c.declaration.movement === "stand";
}

/**
 * How far a combatant may move now ("1. Movement" and its Movement Table: a
 * character travels "up to the maximum range of the declared mode of
 * movement"; standing is no movement). Null when the rule does not bind:
 * outside the Movement phase's turns, or for someone with no declaration this
 * round. Otherwise the declared mode and its paces from the mover's figures.
 */
export function movementAllowance(s: PhasesState, moverId: string | null, figures: MovementFigures): { readonly mode: MovementMode; readonly paces: number; readonly less: number } | null {
  if (s.stage !== "act" || s.phase !== "movement" || !moverId) return null;
  const mover = find(s, moverId);
  if (!mover?.active || !mover.declaration) return null;
  const mode = mover.declaration.movement;
  // Hustling covers "less on broken ground or in the dark": as many paces less as the storyguide rules.
  const less = mode === "hustle" ? Math.min(mover.ruling?.hustleLess ?? 0, paces(mode, figures)) : 0;
  return { mode, paces: paces(mode, figures) - less, less };
}

/** Rounding slack, so a move of exactly the allowance (measured on a grid) is allowed. */
const PACE_SLACK = 1e-6;

/**
 * Refuses a move longer than the declared mode allows (see movementAllowance);
 * `moved` is the path's length in paces. Null when allowed or the rule does not bind.
 */
export function moveBeyondMode(s: PhasesState, moverId: string | null, figures: MovementFigures, moved: number): { readonly mode: MovementMode; readonly paces: number; readonly less: number; readonly moved: number } | null {
  const allowance = movementAllowance(s, moverId, figures);
  if (!allowance || !Number.isFinite(moved) || moved <= allowance.paces + PACE_SLACK) return null;
  return { ...allowance, moved };
}

/**
 * Whose Effective Space a combatant must keep out of while moving now ("1.
 * Movement": a character simply moving may not travel inside the Effective
 * Space of one engaged in combat). Null when the rule does not bind: outside
 * the Movement phase's turns, for someone not taking part this round, or for
 * someone engaged (they are not simply moving). Otherwise every other engaged
 * fighter with the radius of its space in paces, from its declared weapon.
 */
export function spaceToKeepOutOf(s: PhasesState, moverId: string | null): { readonly id: string; readonly space: number }[] | null {
  if (s.stage !== "act" || s.phase !== "movement" || !moverId) return null;
  const mover = find(s, moverId);
  if (!mover?.active || !mover.declaration) return null;
  if (isEngaged(s, moverId)) return null;
  return s.combatants.filter((c) => c.id !== moverId && isEngaged(s, c.id)).map((c) => ({ id: c.id, space: effectiveSpace(c.declaration?.reach) }));
}

// ---------------------------------------------------------------------------
// Declarations

/** Checks and fills a declaration from a form; refusal codes name what is wrong. */
export function normalizeDeclaration(s: PhasesState, selfId: string, d: DeclarationInput): Outcome<PhasesDeclaration> {
  const bad = (code: RefusalCode, data?: Record<string, string | number>) => refuse<PhasesDeclaration>(`phases.${code}`, `${V}Refusal.${code}`, data);
  if (!d || typeof d !== "object") return bad("badDeclaration");
  if (!(ACTIONS as readonly string[]).includes(d.action)) return bad("badAction");
  const movement = d.movement ?? "stand";
  if (!isMovementMode(movement)) return bad("badMovement");
  const opponents = d.opponents ?? [];
  if (!Array.isArray(opponents) || !opponents.every((o) => typeof o === "string" && o !== selfId && find(s, o))) return bad("badOpponent");
  const range = d.range ?? null;
  if (range !== null && !isRange(range)) return bad("badRange");
  for (const [field, v] of Object.entries({ missile: d.missile, evading: d.evading, horseback: d.horseback, highGround: d.highGround, charging: d.charging, runUpRoom: d.runUpRoom, runUpAsked: d.runUpAsked })) {
    if (v !== undefined && typeof v !== "boolean") return bad("badFlag", { field });
  }
  for (const [field, v] of Object.entries({ score: d.score, ride: d.ride, gmModifier: d.gmModifier })) {
    if (v !== undefined && (!isWholeNumber(v) || Math.abs(v) > 100)) return bad("notNumber", { field });
  }
  if (d.weapon !== undefined && typeof d.weapon !== "string") return bad("badDeclaration");
  let reach: WeaponReach | null = null;
  if (d.reach !== undefined && d.reach !== null) {
    if (typeof d.reach !== "object" || !isRange(d.reach.min) || !isRange(d.reach.max) || rangeIndex(d.reach.min) > rangeIndex(d.reach.max)) return bad("badReach");
    reach = { min: d.reach.min, max: d.reach.max };
  }
  const missile = d.missile ?? false;
  if (d.action === "missile" && !missile) return bad("notMissile");
  if ((d.action === "missile" || (d.action === "melee" && opponents.length > 0)) && range === null) return bad("needsRange");
  const horseback = d.horseback ?? false;
  if (movement === "gallop" && !horseback) return bad("notMounted");
  const defence = d.defence ?? "none";
  if (!isShotDefence(defence)) return bad("badDefence");
  // A routing character "may not defend against any incoming attacks" (Initiative Modifiers Table, first footnote).
  if (defence !== "none" && d.action === "rout") return bad("routingDefence");
  // The defender "must count you as an opponent that he has engaged" (Missile Fire Table, first footnote).
  if (defence !== "none" && opponents.length === 0) return bad("defenceWithoutOpponent");
  const situation = checkSituation({ horseback, ride: d.ride, highGround: d.highGround, routing: d.action === "rout", charging: d.charging, runUpRoom: d.runUpRoom, gmModifier: d.gmModifier });
  if (!situation.ok) return bad("badDeclaration");
  return ok({
    action: d.action,
    movement,
    opponents: [...new Set(opponents)],
    range,
    weapon: d.weapon ?? "",
    score: d.score ?? 0,
    reach,
    missile,
    evading: d.evading ?? false,
    defence,
    horseback,
    ride: d.ride ?? 0,
    highGround: d.highGround ?? false,
    charging: d.charging ?? false,
    runUpRoom: d.runUpRoom ?? false,
    // Only a charge asks for a run-up.
    ...(d.runUpAsked === true && d.charging === true ? { runUpAsked: true } : {}),
    gmModifier: d.gmModifier ?? 0,
  });
}

/**
 * What the Initiative Total adds up, from the declaration and the storyguide's
 * rulings: the GM's run-up ruling wins over what the declaration says (a
 * player's declaration never grants it: playerDeclaration), and the GM's
 * modifier for the fighter adds to any the GM's own declaration carried.
 */
export function situationOf(c: Pick<PhaseCombatant, "ruling"> & { readonly declaration: PhasesDeclaration }) {
  const d = c.declaration;
  return {
    score: d.score,
    horseback: d.horseback,
    ride: d.ride,
    highGround: d.highGround,
    routing: d.action === "rout",
    charging: d.charging,
    runUpRoom: c.ruling?.runUp ?? d.runUpRoom,
    gmModifier: d.gmModifier + (c.ruling?.initiative ?? 0),
  };
}

/** The most a storyguide's Initiative modifier or hustle cut may be (a form's bound; the seed sets none). */
export const MAX_RULING = 100;

/**
 * The storyguide's rulings on a fighter, checked: the Initiative modifier and
 * the run-up count only while the fighter's Initiative Total is still to be
 * rolled; the ground's cut of a hustle until the Movement phase is over.
 * A field not given stays as it was; a run-up of null is "not ruled".
 */
function applyRuling(s: PhasesState, c: PhaseCombatant, cmd: { initiative?: unknown; runUp?: unknown; hustleLess?: unknown }): Outcome<PhaseRuling> {
  const bad = (code: RefusalCode, data?: Record<string, string | number>) => refuse<PhaseRuling>(`phases.${code}`, `${V}Refusal.${code}`, data);
  const was = c.ruling ?? {};
  const next: { initiative?: number; runUp?: boolean; hustleLess?: number } = { ...was };
  if (cmd.initiative !== undefined) {
    if (!isWholeNumber(cmd.initiative) || Math.abs(cmd.initiative) > MAX_RULING) return bad("notNumber", { field: "initiative" });
    if (cmd.initiative !== (was.initiative ?? 0) && c.total !== null) return bad("rulingTooLate", { combatantId: c.id });
    if (cmd.initiative) next.initiative = cmd.initiative;
    else delete next.initiative;
  }
  if (cmd.runUp !== undefined) {
    if (cmd.runUp !== null && typeof cmd.runUp !== "boolean") return bad("badFlag", { field: "runUp" });
    if ((cmd.runUp ?? undefined) !== was.runUp && c.total !== null) return bad("rulingTooLate", { combatantId: c.id });
    if (cmd.runUp === null) delete next.runUp;
    else next.runUp = cmd.runUp;
  }
  if (cmd.hustleLess !== undefined) {
    if (!isWholeNumber(cmd.hustleLess) || cmd.hustleLess < 0 || cmd.hustleLess > MAX_RULING) return bad("notNumber", { field: "hustleLess" });
    const movementOver = s.stage === "over" || (s.stage === "act" && s.phase !== "movement");
    if (cmd.hustleLess !== (was.hustleLess ?? 0) && movementOver) return bad("rulingTooLate", { combatantId: c.id });
    if (cmd.hustleLess) next.hustleLess = cmd.hustleLess;
    else delete next.hustleLess;
  }
  return ok(next);
}

// ---------------------------------------------------------------------------
// Who acts in each phase

const sortByTotal = (s: PhasesState, list: readonly PhaseCombatant[]) =>
  initiativeOrder(list.map((c) => ({ id: c.id, total: c.total ?? Number.MIN_SAFE_INTEGER, score: c.declaration?.score ?? 0 }))).map((c) => c.id);

/** Shooters allowed in a missile phase by the Missile Rate Table and their reloading. */
function shooters(s: PhasesState, which: "first" | "second"): PhaseCombatant[] {
  return active(s).filter((c) => {
    const d = c.declaration;
    if (!d || d.action !== "missile" || !d.missile || c.total === null) return false;
    if (d.range !== null && MISSILE_RANGE_ADJUSTMENT[d.range] === null) return false;
    const rate = missileRate(d.score);
    return which === "first" ? canFireFirst(rate, c.readiness) : canFireSecond(rate, c.readiness);
  });
}

/** Sprinted, routed or fought in melee this round (our default for the Fatigue phase). */
export function exerted(s: PhasesState, c: PhaseCombatant): boolean {
  const d = c.declaration;
  if (!d) return false;
  return d.movement === "sprint" || d.action === "rout" || (d.action === "melee" && isEngaged(s, c.id));
}

/** Acting order of a phase for the round as declared and rolled. */
export function phaseOrder(s: PhasesState, phase: PhaseId): string[] {
  const ready = active(s).filter((c) => c.declaration && c.total !== null);
  switch (phase) {
    case "movement":
      return sortByTotal(s, ready);
    case "firstMissile":
      return sortByTotal(s, shooters(s, "first"));
    case "secondMissile":
      return sortByTotal(s, shooters(s, "second"));
    case "melee":
      return sortByTotal(s, ready.filter((c) => c.declaration?.action === "melee" && s.engagements.some((e) => e.attackers.includes(c.id))));
    case "magic":
      return sortByTotal(s, ready.filter((c) => c.declaration?.action === "magic"));
    case "fatigue":
      return sortByTotal(s, ready.filter((c) => exerted(s, c)));
  }
}

function enterPhase(s: PhasesState, phase: PhaseId, events: PhasesTimeEvent[]): PhasesState {
  let index = PHASE_IDS.indexOf(phase);
  for (;;) {
    const id = PHASE_IDS[index] as PhaseId;
    const order = phaseOrder(s, id);
    if (order.length === 0 && s.casual && id !== "movement") {
      events.push(ev("phaseSkipped", { phase: id }));
      if (index === PHASE_IDS.length - 1) {
        events.push(ev("roundOver", { round: s.round }));
        return { ...s, phase: id, stage: "over", order: [], turn: 0, acted: [] };
      }
      index++;
      continue;
    }
    events.push(ev("phaseStarted", { phase: id, count: order.length }));
    if (order[0]) events.push(ev("turnStarted", { combatantId: order[0], phase: id }));
    return { ...s, phase: id, stage: "act", order, turn: 0, acted: [] };
  }
}

function nextPhase(s: PhasesState, events: PhasesTimeEvent[]): PhasesState {
  const index = PHASE_IDS.indexOf(s.phase);
  if (index >= PHASE_IDS.length - 1) {
    events.push(ev("roundOver", { round: s.round }));
    return { ...s, stage: "over", order: [], turn: 0, acted: [] };
  }
  return enterPhase(s, PHASE_IDS[index + 1] as PhaseId, events);
}

/** The acting combatant is done; the phase moves on after the last one. */
function finishTurn(s: PhasesState, fire: boolean, events: PhasesTimeEvent[]): PhasesState {
  const id = actingNow(s) as string;
  let next: PhasesState = { ...s, turn: s.turn + 1, acted: [...s.acted, id] };
  if (s.phase === "firstMissile" || s.phase === "secondMissile") {
    events.push(ev(fire ? "fired" : "held", { combatantId: id, phase: s.phase }));
    if (fire) next = setAim(patch(next, id, s.phase === "firstMissile" ? { firedFirst: true } : { firedSecond: true }), id, false);
    // Holding fire without moving is a whole missile phase spent aiming.
    else if (find(s, id)?.declaration?.movement === "stand") next = setAim(next, id, true);
  } else events.push(ev("acted", { combatantId: id, phase: s.phase }));
  const following = actingNow(next);
  if (following) {
    events.push(ev("turnStarted", { combatantId: following, phase: s.phase }));
    return next;
  }
  return nextPhase(next, events);
}

/** Once everyone active has a total: settle the engagements and start the Movement phase. */
function startActing(s: PhasesState, events: PhasesTimeEvent[]): PhasesState {
  const list = active(s);
  const outcome = resolveEngagements(
    list.map((c) => {
      const d = c.declaration as PhasesDeclaration;
      return {
        id: c.id,
        total: c.total as number,
        score: d.score,
        fighting: d.action === "melee",
        routing: d.action === "rout",
        evading: d.evading,
        opponents: d.opponents.filter((o) => list.some((x) => x.id === o)),
        range: d.range,
        weapon: d.reach,
      };
    }),
  );
  for (const e of outcome.engagements) {
    events.push(ev(e.contest ? "contest" : "engaged", { a: e.a, b: e.b, range: e.range, bonus: e.firstStrike?.bonus ?? 0 }));
  }
  for (const x of outcome.escapes) events.push(ev("escaped", { combatantId: x.combatantId, from: x.from }));
  for (const id of outcome.cannotAttack) events.push(ev("cannotAttack", { combatantId: id }));
  const withEngagements: PhasesState = { ...s, engagements: outcome.engagements, escapes: outcome.escapes, cannotAttack: outcome.cannotAttack };
  return enterPhase(withEngagements, "movement", events);
}

/** Moves declare -> initiative -> act when everyone active is ready. */
function settle(s: PhasesState, events: PhasesTimeEvent[]): PhasesState {
  let next = s;
  const list = active(next);
  if (next.stage === "declare" && list.length > 0 && list.every((c) => c.declaration)) {
    events.push(ev("allDeclared", { round: next.round }));
    next = { ...next, stage: "initiative" };
  }
  if (next.stage === "initiative" && list.length > 0 && list.every((c) => c.total !== null)) next = startActing(next, events);
  return next;
}

// ---------------------------------------------------------------------------

function apply(s: PhasesState, cmd: PhasesCommand): Outcome<Transition<PhasesState, PhasesTimeEvent>> {
  const events: PhasesTimeEvent[] = [];
  const done = (state: PhasesState) => ok({ state, events });
  switch (cmd?.type) {
    case "declare": {
      const c = find(s, cmd.combatantId);
      if (!c) return no("unknown", { combatantId: String(cmd.combatantId) });
      if (!c.active) return no("notInRound", { combatantId: c.id });
      // Declarations stand once Initiative is being rolled.
      if (s.stage !== "declare") return no("notDeclaring");
      const d = normalizeDeclaration(s, c.id, cmd.declaration);
      if (!d.ok) return d as never;
      events.push(ev("declared", { combatantId: c.id, action: d.value.action, movement: d.value.movement }));
      // Moving or doing anything but shooting breaks an aim carried from the last round.
      const keepsAim = c.aiming === true && d.value.action === "missile" && d.value.movement === "stand";
      return done(settle(setAim(patch(s, c.id, { declaration: d.value }), c.id, keepsAim), events));
    }
    case "setInitiative": {
      if (s.stage === "declare") return no("awaitingDeclarations");
      if (s.stage !== "initiative") return no("notInitiative");
      const rolls = cmd.rolls ?? {};
      const totals = cmd.totals ?? {};
      if (typeof rolls !== "object" || rolls === null || typeof totals !== "object" || totals === null) return no("notNumber", { combatantId: "" });
      let next = s;
      for (const [id, die] of Object.entries(rolls)) {
        const c = find(next, id);
        if (!c) return no("unknown", { combatantId: id });
        if (!c.active || !c.declaration) return no("notInRound", { combatantId: id });
        // A stress die never shows less than 0.
        if (!isWholeNumber(die) || die < 0 || die > 100_000) return no("notNumber", { combatantId: id });
        const t = initiativeTotal(die, situationOf({ ...c, declaration: c.declaration }));
        if (!t.ok) return no("notNumber", { combatantId: id });
        next = patch(next, id, { die, total: t.value.total });
        events.push(ev("initiative", { combatantId: id, die, total: t.value.total }));
      }
      for (const [id, total] of Object.entries(totals)) {
        const c = find(next, id);
        if (!c) return no("unknown", { combatantId: id });
        if (!c.active || !c.declaration) return no("notInRound", { combatantId: id });
        if (!isWholeNumber(total) || Math.abs(total) > 100_000) return no("notNumber", { combatantId: id });
        next = patch(next, id, { die: null, total });
        events.push(ev("initiative", { combatantId: id, total }));
      }
      return done(settle(next, events));
    }
    case "act": {
      const c = find(s, cmd.combatantId);
      if (!c) return no("unknown", { combatantId: String(cmd.combatantId) });
      if (s.stage === "declare") return no("awaitingDeclarations");
      if (s.stage === "initiative") return no("awaitingInitiative");
      if (s.stage === "over") return no("roundOver");
      if (s.acted.includes(c.id)) return no("alreadyActed", { combatantId: c.id });
      if (actingNow(s) !== c.id) return no("outOfTurn", { combatantId: c.id });
      if (cmd.fire !== undefined && typeof cmd.fire !== "boolean") return no("badFlag", { field: "fire" });
      return done(finishTurn(s, cmd.fire ?? true, events));
    }
    case "next": {
      if (s.stage === "declare") return no("awaitingDeclarations");
      if (s.stage === "initiative") return no("awaitingInitiative");
      if (s.stage === "over") return no("roundOver");
      if (actingNow(s)) return done(finishTurn(s, true, events));
      return done(nextPhase(s, events));
    }
    case "nextRound": {
      events.push(ev("roundEnded", { round: s.round }));
      const combatants = mapKeepingIds(s.combatants, (c) => {
        const d = c.declaration;
        const counted = Boolean(c.active && d && (d.action === "missile" || d.action === "prepare"));
        const readiness = afterMissileRound(c.readiness, { counted, firedFirst: c.firedFirst, firedSecond: c.firedSecond });
        // The storyguide's modifier and run-up were for this round's declarations; the ground stays as ruled.
        const { ruling, ...rest } = c;
        const ground = ruling?.hustleLess ? { ruling: { hustleLess: ruling.hustleLess } } : {};
        return { ...rest, ...ground, active: true, declaration: null, die: null, total: null, readiness, firedFirst: false, firedSecond: false };
      });
      const state: PhasesState = { ...s, round: s.round + 1, phase: "movement", stage: "declare", combatants, order: [], turn: 0, acted: [], engagements: [], escapes: [], cannotAttack: [] };
      events.push(ev("roundStarted", { round: state.round }));
      return done(state);
    }
    case "rule": {
      const c = find(s, cmd.combatantId);
      if (!c) return no("unknown", { combatantId: String(cmd.combatantId) });
      if (!c.active) return no("notInRound", { combatantId: c.id });
      const ruled = applyRuling(s, c, cmd);
      if (!ruled.ok) return ruled;
      events.push(ev("ruled", { combatantId: c.id }));
      return done(setRuling(s, c.id, ruled.value));
    }
    case "setCasual": {
      if (typeof cmd.casual !== "boolean") return no("badFlag", { field: "casual" });
      events.push(ev("casual", { casual: cmd.casual }));
      let state: PhasesState = { ...s, casual: cmd.casual };
      // An empty phase waiting for "next" is passed at once in casual play.
      if (cmd.casual && state.stage === "act" && state.order.length === 0 && state.phase !== "movement") state = nextPhase(state, events);
      return done(state);
    }
    case "join": {
      if (!validId(cmd.combatantId)) return no("badCombatant");
      if (find(s, cmd.combatantId)) return no("duplicate", { combatantId: cmd.combatantId });
      // A newcomer declares with everyone else: now if declarations are open, else next round.
      const joining = s.stage === "declare";
      events.push(ev("joined", { combatantId: cmd.combatantId, now: joining }));
      return done({ ...s, combatants: [...s.combatants, fresh(cmd.combatantId, joining)] });
    }
    case "leave": {
      const c = find(s, cmd.combatantId);
      if (!c) return no("unknown", { combatantId: String(cmd.combatantId) });
      events.push(ev("left", { combatantId: c.id }));
      const index = s.order.indexOf(c.id);
      const order = s.order.filter((id) => id !== c.id);
      const turn = index >= 0 && index < s.turn ? s.turn - 1 : s.turn;
      const combatants = s.combatants
        .filter((x) => x.id !== c.id)
        .map((x) => (x.declaration && x.declaration.opponents.includes(c.id) ? { ...x, declaration: { ...x.declaration, opponents: x.declaration.opponents.filter((o) => o !== c.id) } } : x));
      let state: PhasesState = {
        ...s,
        combatants,
        order,
        turn: Math.min(turn, order.length),
        acted: s.acted.filter((id) => id !== c.id),
        engagements: s.engagements.filter((e) => e.a !== c.id && e.b !== c.id),
        escapes: s.escapes.filter((e) => e.combatantId !== c.id && e.from !== c.id),
        cannotAttack: s.cannotAttack.filter((id) => id !== c.id),
      };
      // The one who left was the last still to act: the phase moves on.
      if (state.stage === "act" && index >= s.turn && order.length > 0 && state.turn >= order.length) state = nextPhase(state, events);
      else if (state.stage === "act" && index === s.turn && actingNow(state)) events.push(ev("turnStarted", { combatantId: actingNow(state) as string, phase: state.phase }));
      return done(settle(state, events));
    }
    default:
      return no("unknownCommand");
  }
}

// ---------------------------------------------------------------------------
// What the tracker shows

function stepLabel(s: PhasesState): Label {
  if (s.stage === "declare" || s.stage === "initiative") {
    // Counted, not listed: the label asks how many (issue 35).
    let of = 0;
    let done = 0;
    for (const c of s.combatants) {
      if (!c.active) continue;
      of++;
      if (s.stage === "declare" ? c.declaration : c.total !== null) done++;
    }
    return s.stage === "declare" ? { key: `${V}Step.Declare`, data: { declared: done, of } } : { key: `${V}Step.Initiative`, data: { rolled: done, of } };
  }
  if (s.stage === "over") return { key: `${V}Step.RoundOver` };
  if (s.order.length === 0) return { key: `${V}Step.Empty.${s.phase}` };
  return { key: `${V}Step.Phase.${s.phase}`, data: { n: Math.min(s.turn + 1, s.order.length), of: s.order.length } };
}

/** The order of those not in the phase's turn and the ties, from the fighters' totals; `list`: the fighters they were worked out from. */
interface KeptTotals {
  readonly list: readonly PhaseCombatant[];
  /** Those with a total, by total (sortByTotal), then those without one or waiting for the next round. */
  readonly byTotal: readonly string[];
  readonly ties: ReadonlySet<string>;
}

/** Whether a list orders and ties as the kept one: the same fighters in the same places, each as active, with the same total and score. */
function sameTotals(kept: KeptTotals, list: readonly PhaseCombatant[]): boolean {
  return samePlaces(kept.list, list, (x, y) => x.id === y.id && x.active === y.active && x.total === y.total && (x.declaration?.score ?? 0) === (y.declaration?.score ?? 0));
}

function totalsOf(s: PhasesState): KeptTotals {
  const withTotals = active(s).filter((c) => c.total !== null);
  return {
    list: s.combatants,
    byTotal: [...sortByTotal(s, withTotals), ...s.combatants.filter((c) => c.total === null || !c.active).map((c) => c.id)],
    ties: new Set(tiedIds(withTotals.map((c) => ({ id: c.id, total: c.total as number, score: c.declaration?.score ?? 0 })))),
  };
}

/** What a fighter's row shows besides his own entry. */
interface RowContext {
  readonly declaring: boolean;
  readonly acting: boolean;
  readonly done: boolean;
  readonly tied: boolean;
  readonly groupId: string | undefined;
  readonly firstStrike: number | undefined;
  readonly cannotAttack: boolean;
  readonly escaped: boolean;
}

/** No fighter in the phase's turn (outside the acting stage): one list, so the order kept from it is kept. */
const NOBODY: readonly string[] = Object.freeze([]);

/**
 * The phased round's tracker view, with what it keeps between states (issue
 * 35): the order by total and the ties are worked out again only when someone's
 * total, score or taking part changes, and a fighter's row is his last one while
 * his entry is the same object and what else it shows is as it was. The rows
 * are made only when read: a step needs the acting order and whose turn it is.
 * Each call of `phasesView` keeps its own; the machine's view is one.
 */
export function phasesView(): (s: PhasesState) => TrackerView {
  let totals: KeptTotals | null = null;
  // The last acting order, with the two lists it was made from (a step in a phase changes neither: issue 35).
  let order: { readonly inPhase: readonly string[]; readonly byTotal: readonly string[]; readonly ids: readonly string[] } | null = null;
  const kept = new WeakMap<PhaseCombatant, { readonly context: RowContext; readonly row: TrackerRow }>();
  return (s) => {
    const acting = actingNow(s);
    const inPhase = s.stage === "act" ? s.order : NOBODY;
    if (!totals || !sameTotals(totals, s.combatants)) totals = totalsOf(s);
    const t = totals;
    if (order?.inPhase !== inPhase || order.byTotal !== t.byTotal) {
      const inPhaseIds = new Set(inPhase);
      order = { inPhase, byTotal: t.byTotal, ids: [...inPhase, ...t.byTotal.filter((id) => !inPhaseIds.has(id))] };
    }
    const ids = order.ids;
    const declaring = s.stage === "declare";
    const over = s.stage === "over";
    // The row acting and not done, without making the rows: the fighter whose turn it is, unless he has acted.
    const holder = acting !== undefined && !over && !s.acted.includes(acting) ? acting : null;
    // The groups and rows are worked out when the tracker reads them (lazyParts).
    return lazyParts({ round: s.round, step: stepLabel(s), order: ids, holder }, () => {
      const groups: TrackerGroup[] = s.engagements.map((e, i) => ({
        id: `engagement-${i + 1}`,
        label: { key: `${V}Group.Engagement`, data: { n: i + 1 } },
        notes: [
          { key: `${V}Note.Range.${e.range}` },
          ...(e.contest ? [{ key: `${V}Note.Contest` }] : []),
          ...(e.firstStrike ? [{ key: `${V}Note.FirstStrike`, data: { combatantId: e.firstStrike.combatantId, bonus: e.firstStrike.bonus } }] : []),
        ],
        focused: s.phase === "melee" && s.stage === "act" && acting !== undefined && (e.a === acting || e.b === acting),
      }));
      // Each fighter's engagement, first strike, escape and turn looked up, not searched for (issue 35).
      const groupOf = new Map<string, string>();
      const firstStrike = new Map<string, number>();
      s.engagements.forEach((e, i) => {
        for (const id of [e.a, e.b]) if (!groupOf.has(id)) groupOf.set(id, `engagement-${i + 1}`);
        if (e.firstStrike && !firstStrike.has(e.firstStrike.combatantId)) firstStrike.set(e.firstStrike.combatantId, e.firstStrike.bonus);
      });
      const cannotAttack = new Set(s.cannotAttack);
      const escaped = new Set(s.escapes.map((e) => e.combatantId));
      const acted = new Set(s.acted);
      const { ties } = t;
      const rows: TrackerRow[] = ids.map((id) => {
        const c = find(s, id) as PhaseCombatant;
        const isActing = id === acting;
        const done = over || acted.has(id);
        const tied = ties.has(id);
        const groupId = groupOf.get(id);
        const strike = firstStrike.get(id);
        const barred = cannotAttack.has(id);
        const gone = escaped.has(id);
        const was = kept.get(c);
        // Compared before a context is made: most rows are kept, and a redraw should not allocate one per fighter (issue 35).
        const x = was?.context;
        if (x && x.declaring === declaring && x.acting === isActing && x.done === done && x.tied === tied && x.groupId === groupId && x.firstStrike === strike && x.cannotAttack === barred && x.escaped === gone) return was.row;
        const context: RowContext = { declaring, acting: isActing, done, tied, groupId, firstStrike: strike, cannotAttack: barred, escaped: gone };
        const row = phaseRow(c, context);
        kept.set(c, { context, row });
        return row;
      });
      return { groups, rows };
    });
  };
}

function phaseRow(c: PhaseCombatant, x: RowContext): TrackerRow {
  const d = c.declaration;
  const badges: { label: Label; value?: string | number }[] = [];
  if (!c.active) badges.push({ label: { key: `${V}Badge.NextRound` } });
  else if (!d) badges.push({ label: { key: `${V}Badge.Undeclared` } });
  else if (x.declaring) badges.push({ label: { key: `${V}Badge.Declared` } });
  // Declarations stay hidden while others are still declaring.
  if (d && !x.declaring) {
    badges.push({ label: { key: `${V}Badge.Action.${d.action}` } });
    if (d.movement !== "stand") badges.push({ label: { key: `${V}Badge.Movement.${d.movement}` } });
    if (d.range) badges.push({ label: { key: `${V}Badge.Range.${d.range}` } });
    // How the fighter meets shots from the opponents it named (Missile Fire Table, first footnote).
    if (d.defence === "dodge" || d.defence === "shield") badges.push({ label: { key: `${V}Badge.Defence.${d.defence}` } });
    // A charge's run-up: asked for and waiting for the storyguide, or ruled.
    const runUp = c.ruling?.runUp;
    if (d.charging && runUp !== undefined) badges.push({ label: { key: `${V}Badge.RunUp.${runUp ? "allowed" : "refused"}` } });
    else if (d.charging && d.runUpAsked) badges.push({ label: { key: `${V}Badge.RunUp.asked` } });
  }
  // The storyguide's rulings on the fighter.
  if (c.ruling?.initiative) badges.push({ label: { key: `${V}Badge.Storyguide` }, value: c.ruling.initiative > 0 ? `+${c.ruling.initiative}` : String(c.ruling.initiative) });
  if (c.ruling?.hustleLess) badges.push({ label: { key: `${V}Badge.HustleLess` }, value: c.ruling.hustleLess });
  if (c.total !== null) badges.push({ label: { key: `${V}Badge.Total` }, value: c.total });
  if (x.tied) badges.push({ label: { key: `${V}Badge.Tied` } });
  if (x.firstStrike !== undefined) badges.push({ label: { key: `${V}Badge.FirstStrike` }, value: x.firstStrike });
  if (x.cannotAttack) badges.push({ label: { key: `${V}Badge.CannotAttack` } });
  if (x.escaped) badges.push({ label: { key: `${V}Badge.Escaped` } });
  if (d?.action === "missile" && d.missile) {
    const rate = missileRate(d.score);
    badges.push({ label: { key: canFireFirst(rate, c.readiness) ? `${V}Badge.Loaded` : `${V}Badge.Reloading` } });
  }
  const row: TrackerRow = { combatantId: c.id, acting: x.acting, done: x.done, badges };
  return x.groupId ? { ...row, groupId: x.groupId } : row;
}

export const phasesMachine: TimeMachine<PhasesState, PhasesCommand, PhasesTimeEvent> = { id: "phases", apply, view: phasesView(), members: listedFighters };
