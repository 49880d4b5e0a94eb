/**
 * "Bouts and exchanges" (seed 000): the time of the `steel` ruleset. Fighters
 * are grouped into bouts (a CombatantGroup each, ids from the shell); each bout
 * keeps its own round, exchange (1 or 2), initiative holder and phase:
 *
 *   opening      → the red/white throw is due (start of the bout, after a Pause/Break)
 *   simultaneous → several threw red: the blow order (Reflex dice vs ATN) is due
 *   continuing   → the winner of the last exchange holds initiative
 *
 * The GM focuses one bout at a time and may run it several rounds before moving
 * on. Combat Pools live here: refreshed for a whole bout in one transition at
 * the start of its round, spent by checked commands. Every refusal leaves the
 * state untouched (commands never mutate their input).
 */
import { byId, mapKeepingIds, putById } from "../by-id";
import { isWholeNumber, ok, refuse, type Outcome } from "../outcome";
import { samePlaces } from "./same-places";
import { listedFighters, type Label, type TimeMachine, type TrackerGroup, type TrackerRow, type TrackerView, type Transition, lazyParts } from "./machine";
import { crossBoutOrder, mayDefend } from "../rulesets/steel/initiative";
import { chooseMatchUp, crowdMatchUp, matchUpAllows, matchUpFacing, matchUpWithout, mayJoinAttack, type CrowdMatchUp, type FacingAttacker } from "../rulesets/steel/multiple-opponents";
import { fumbleBelowZero } from "../rulesets/steel/exchange";
import { missileFireTime } from "../rulesets/steel/missile";

import { POSTURES, THROWS, type Posture, type ThrowColour } from "../rulesets/steel/posture";

/** Seed 000 "Melee Combat": the throw's colours are steel's (`rulesets/steel/posture.ts:THROWS`); none is hesitation. */
export { THROWS };
export type Throw = ThrowColour | null;
export type Restriction = "none" | "defendOnly" | "noAction";
export type BoutPhase = "opening" | "simultaneous" | "continuing";
export type SpendPurpose = "attack" | "defence" | "other";
/** Declared with the throw when the GM allows it; gone after the first blow ("Posture"). */
export type BoutPosture = Posture;
/** The light the fight is in ("Combat Pool" modifiers); the shell reads it when it refreshes pools. */
export type BoutLight = "bright" | "dim" | "moonlight" | "darkness";
export const BOUT_LIGHTS: readonly BoutLight[] = ["bright", "dim", "moonlight", "darkness"];
const BOUT_GAITS: readonly string[] = ["halt", "trot", "canter", "gallop"];

export interface BoutCombatant {
  readonly id: string;
  readonly boutId: string;
  readonly reflex: number;
  /** The pool this fighter refreshes to (the shell recomputes it with setPool). */
  readonly poolMax: number;
  /** Combat Pool dice left this round. */
  readonly cp: number;
  /** Dice off the next refresh (Shock overflow). */
  readonly carry: number;
  /** Revealed throw; "hesitated" when none was made. Null before a reveal. */
  readonly thrown: "red" | "white" | "hesitated" | null;
  /** What the fighter may do until the end of `restrictedUntil` (its bout's round and exchange). */
  readonly restriction: Restriction;
  readonly restrictedUntil: { readonly round: number; readonly exchange: number } | null;
  /** Has spent dice this exchange. */
  readonly acted: boolean;
  readonly posture: BoutPosture;
  /** Holds higher footing ("Higher Footing": +2 CP at each round's start while it lasts). Absent in older states. */
  readonly higherFooting?: boolean;
  /** A missile weapon being readied or ready, with its Missile Pool ("Missile Combat"); absent: none. */
  readonly missile?: BoutMissile;
  /** Fights from horseback ("Mounted Combat"): set by the GM, cleared by a fall. */
  readonly mounted?: boolean;
  /** The horse's gait (halt, trot, canter, gallop); absent: halted. */
  readonly gait?: string;
  /** When the fighter's shield last blocked: once per exchange, whatever the source ("Missile Combat"). */
  readonly shieldUsed?: { readonly round: number; readonly exchange: number };
  /** The distinct opponents attacking this fighter in a round of its bout ("Multiple Opponents": at most 3, or 4 small ones). */
  readonly attackedBy?: { readonly round: number; readonly by: readonly FacingAttacker[] };
  /** Opponents this fighter has landed a damaging blow on: its shorter weapon no longer pays for reach ("Weapon Length"). */
  readonly closedOn?: readonly string[];
}

export interface BoutMissile {
  readonly roundsLeft: number;
  readonly ready: boolean;
  readonly pool: number;
  /** MP paid to ready it faster, off the pool when it is ready. */
  readonly quickenCost: number;
  /** Loosed this round: the weapon must be readied again. */
  readonly fired?: boolean;
}

export interface Bout {
  readonly id: string;
  readonly round: number;
  readonly exchange: 1 | 2;
  /** 2 normally; 1 after a successful ride-by. */
  readonly exchangesThisRound: 1 | 2;
  readonly phase: BoutPhase;
  /** Who holds initiative; null in opening or when blows land together. */
  readonly initiative: string | null;
  /** After a throw: the aggressors, lowest Reflex first (they declare in this order). */
  readonly declareOrder: readonly string[];
  /**
   * After several red throws: landing order, ties in one group. Kept until every
   * one of those blows has landed (or the exchange ends): while it stands, no red
   * thrower may defend ("Melee Combat": no defense in the middle of an attack).
   */
  readonly blowOrder: readonly (readonly string[])[];
  /** Aggressors of the double red whose blows have landed this exchange. Absent in older states: none. */
  readonly struck?: readonly string[];
  /** Rounds run since the GM focused this bout. */
  readonly roundsInFocus: number;
  /** The round the last red/white throw was revealed in ("Missile Fire": a shooter's throw is his choice for that round). Absent in older states. */
  readonly thrownIn?: number;
  /** "Multiple Opponents": this round's outnumbered roll and the choices made since (who faces the lone fighter). */
  readonly crowd?: CrowdMatchUp;
}

export interface BoutsState {
  readonly focus: string | null;
  readonly bouts: readonly Bout[];
  readonly combatants: readonly BoutCombatant[];
  /** Absent in older states: bright. */
  readonly light?: BoutLight;
}

export interface CombatantInput {
  readonly id: string;
  readonly reflex: number;
  readonly pool: number;
}

export interface BoutInput {
  readonly id: string;
  readonly combatants: readonly CombatantInput[];
}

export type BoutsCommand =
  | { readonly type: "reveal"; readonly boutId: string; readonly choices: Readonly<Record<string, Throw>>; readonly postures?: Readonly<Record<string, BoutPosture>> }
  | { readonly type: "blowOrder"; readonly boutId: string; readonly order: readonly (readonly string[])[] }
  | { readonly type: "spend"; readonly combatantId: string; readonly dice: number; readonly purpose: SpendPurpose }
  | { readonly type: "penalty"; readonly combatantId: string; readonly dice: number; readonly carry?: number }
  /** A fumble's penalty (half the dice rolled) on the fighter's next exchange: later this round, or off the next refresh. */
  | { readonly type: "fumble"; readonly combatantId: string; readonly dice: number }
  | { readonly type: "exchangeWon"; readonly boutId: string; readonly winner: string }
  | { readonly type: "restrict"; readonly combatantId: string; readonly restriction: Restriction }
  /**
   * `pools`: each fighter's pool recomputed from the documents; `missiles`: each
   * missile weapon's state for the next round (null: it must be readied again).
   * Both are used only when the step starts a new round.
   */
  | { readonly type: "next"; readonly boutId?: string; readonly pools?: Readonly<Record<string, number>>; readonly missiles?: Readonly<Record<string, BoutMissile | null>> }
  | { readonly type: "nextRound"; readonly boutId?: string; readonly pools?: Readonly<Record<string, number>>; readonly missiles?: Readonly<Record<string, BoutMissile | null>> }
  /** A damaging blow landed: the fighter has closed in on that opponent until the bout pauses ("Weapon Length"). */
  | { readonly type: "landed"; readonly combatantId: string; readonly on: string }
  /** "Multiple Opponents": the outnumbered roll's outcome, kept for this round of the bout (once a round). */
  | { readonly type: "crowd"; readonly boutId: string; readonly lone: string; readonly decides: string; readonly superior: readonly string[]; readonly inferior: readonly string[]; readonly cap: number }
  /** A choice after the outnumbered roll: the lone fighter names his foe, or an opponent who beat him faces him (`target` = him) or stands off (null). */
  | { readonly type: "face"; readonly combatantId: string; readonly target: string | null }
  /** An opponent attacks this fighter: refused when the fighter already faces as many as can reach him this round. */
  | { readonly type: "engage"; readonly combatantId: string; readonly by: FacingAttacker; readonly gmCap?: number }
  /** A missile weapon starts readying (the shell rolls the quicker draw) or is set aside (null). */
  | { readonly type: "missile"; readonly combatantId: string; readonly missile: BoutMissile | null }
  /** Missile Pool dice loosed (with any set aside to aim); only from a ready weapon. */
  | { readonly type: "loose"; readonly combatantId: string; readonly dice: number }
  | { readonly type: "setLight"; readonly light: BoutLight }
  /** Initiative bought in the GM-set contest: it changes hands with no blow struck (postures stay). */
  | { readonly type: "seize"; readonly boutId: string; readonly combatantId: string }
  | { readonly type: "footing"; readonly combatantId: string; readonly higher: boolean }
  /** The fighter moved (a terrain roll): its posture ends ("Posture": it lasts "until the first blow or movement"). */
  | { readonly type: "moved"; readonly combatantId: string }
  | { readonly type: "mount"; readonly combatantId: string; readonly mounted: boolean }
  | { readonly type: "gait"; readonly combatantId: string; readonly gait: string }
  /** A block with the shield this exchange; a second one is refused. */
  | { readonly type: "block"; readonly combatantId: string }
  | { readonly type: "setPool"; readonly combatantId: string; readonly pool: number; readonly refresh?: boolean }
  | { readonly type: "setExchanges"; readonly boutId: string; readonly count: 1 | 2 }
  | { readonly type: "focus"; readonly boutId: string }
  | { readonly type: "pause"; readonly boutId: string }
  | { readonly type: "join"; readonly boutId: string; readonly combatant: CombatantInput }
  | { readonly type: "leave"; readonly combatantId: string }
  | { readonly type: "move"; readonly combatantId: string; readonly boutId: string };

export type BoutsEvent =
  | { readonly type: "revealed"; readonly boutId: string; readonly red: readonly string[]; readonly white: readonly string[]; readonly hesitated: readonly string[] }
  | { readonly type: "initiative"; readonly boutId: string; readonly holder: string | null }
  | { readonly type: "allWhite"; readonly boutId: string }
  | { readonly type: "bothRed"; readonly boutId: string; readonly aggressors: readonly string[] }
  | { readonly type: "spent"; readonly combatantId: string; readonly dice: number; readonly left: number }
  | { readonly type: "penalized"; readonly combatantId: string; readonly dice: number; readonly left: number; readonly carry: number }
  | { readonly type: "fumbled"; readonly combatantId: string; readonly dice: number; readonly left: number; readonly carry: number; readonly belowZero: boolean }
  | { readonly type: "exchange"; readonly boutId: string; readonly round: number; readonly exchange: number }
  | { readonly type: "round"; readonly boutId: string; readonly round: number; readonly pools: Readonly<Record<string, number>> }
  | { readonly type: "focus"; readonly boutId: string }
  | { readonly type: "paused"; readonly boutId: string }
  | { readonly type: "joined"; readonly combatantId: string; readonly boutId: string }
  | { readonly type: "left"; readonly combatantId: string; readonly boutId: string }
  | { readonly type: "boutEnded"; readonly boutId: string };

// Prefixes end in a dot: full keys are checked by the bouts and steel tests.
const R = "BOUT.Time.Bouts.Refusal.";
const no = (code: string, key: string, data?: Record<string, string | number>) => refuse<Transition<BoutsState, BoutsEvent>>(`bouts.${code}`, `${R}${key}`, data);

function newBout(id: string): Bout {
  return { id, round: 1, exchange: 1, exchangesThisRound: 2, phase: "opening", initiative: null, declareOrder: [], blowOrder: [], roundsInFocus: 0 };
}

function newCombatant(c: CombatantInput, boutId: string): BoutCombatant {
  return { id: c.id, boutId, reflex: c.reflex, poolMax: c.pool, cp: c.pool, carry: 0, thrown: null, restriction: "none", restrictedUntil: null, acted: false, posture: "neutral" };
}

function validInput(c: CombatantInput): boolean {
  return typeof c?.id === "string" && c.id !== "" && isWholeNumber(c.reflex) && isWholeNumber(c.pool) && c.pool >= 0;
}

/** The opening state: every bout waits for its throw; the first bout has the focus. */
export function startBouts(bouts: readonly BoutInput[]): Outcome<BoutsState> {
  const seen = new Set<string>();
  const ids = new Set<string>();
  for (const b of bouts) {
    if (typeof b.id !== "string" || b.id === "" || ids.has(b.id)) return refuse("bouts.badBout", `${R}BadBout`, { bout: String(b.id) });
    ids.add(b.id);
    for (const c of b.combatants) {
      if (!validInput(c)) return refuse("bouts.badCombatant", `${R}BadCombatant`, { combatant: String(c?.id) });
      if (seen.has(c.id)) return refuse("bouts.duplicate", `${R}Duplicate`, { combatant: c.id });
      seen.add(c.id);
    }
  }
  return ok({
    focus: bouts[0]?.id ?? null,
    bouts: bouts.map((b) => newBout(b.id)),
    combatants: bouts.flatMap((b) => b.combatants.map((c) => newCombatant(c, b.id))),
  });
}

const members = (s: BoutsState, boutId: string) => s.combatants.filter((c) => c.boutId === boutId);
const findBout = (s: BoutsState, id: string) => byId(s.bouts, id);
const findCombatant = (s: BoutsState, id: string) => byId(s.combatants, id);
// The same ids in the same places: the new list shares the old one's ids (by-id.ts), so a step reads none of them again.
const putBout = (s: BoutsState, b: Bout): BoutsState => ({ ...s, bouts: putById(s.bouts, b) });
const putCombatant = (s: BoutsState, c: BoutCombatant): BoutsState => ({ ...s, combatants: putById(s.combatants, c) });

function expired(c: BoutCombatant, b: Bout): boolean {
  const u = c.restrictedUntil;
  return u === null || b.round > u.round || (b.round === u.round && b.exchange > u.exchange);
}

/** The bout once the double red's blows are over: the order and its record go. */
function endDoubleRed(b: Bout): Bout {
  const { struck: _gone, ...rest } = b;
  return { ...rest, blowOrder: [] };
}

/** A step of this bout (`next` or `nextRound`) starts its next round: the GM's next round, or the last exchange is over. */
const roundStarts = (b: Bout, type: "next" | "nextRound") => type === "nextRound" || b.exchange >= b.exchangesThisRound;

/**
 * "Exchange of Blows": whether this step starts a new round of its bout, the
 * one moment its pools refresh and its missiles count down (so the shell reads
 * the fighters' documents for those steps only). False for any other command
 * or an unknown bout.
 */
export function stepStartsRound(s: BoutsState, cmd: { readonly type: string; readonly boutId?: string }): boolean {
  if (cmd.type !== "next" && cmd.type !== "nextRound") return false;
  const id = cmd.boutId ?? s.focus;
  const b = typeof id === "string" ? findBout(s, id) : undefined;
  return b !== undefined && roundStarts(b, cmd.type);
}

/** Move a bout to its next exchange, or to its next round with every member's pool refreshed at once. */
function advance(s: BoutsState, b: Bout, forceRound: boolean): Transition<BoutsState, BoutsEvent> {
  if (!roundStarts(b, forceRound ? "nextRound" : "next")) {
    const nb: Bout = { ...endDoubleRed(b), exchange: 2 };
    const combatants = mapKeepingIds(s.combatants, (c) => (c.boutId !== b.id ? c : tidy(c.acted ? { ...c, acted: false } : c, nb)));
    return { state: { ...putBout(s, nb), combatants }, events: [{ type: "exchange", boutId: b.id, round: nb.round, exchange: 2 }] };
  }
  // The outnumbered roll settles one round only.
  const { crowd: _lastRound, ...rest } = endDoubleRed(b);
  const nb: Bout = { ...rest, round: b.round + 1, exchange: 1, exchangesThisRound: 2, roundsInFocus: s.focus === b.id ? b.roundsInFocus + 1 : b.roundsInFocus };
  const pools: Record<string, number> = {};
  const combatants = mapKeepingIds(s.combatants, (c) => {
    if (c.boutId !== b.id) return c;
    const cp = Math.max(0, c.poolMax - c.carry);
    pools[c.id] = cp;
    // A pool refreshed to what it was keeps the fighter's entry the same object (issue 35: the stored change skips it).
    return tidy(c.cp === cp && c.carry === 0 && !c.acted ? c : { ...c, cp, carry: 0, acted: false }, nb);
  });
  return {
    state: { ...putBout(s, nb), combatants },
    events: [
      { type: "round", boutId: b.id, round: nb.round, pools },
      { type: "exchange", boutId: b.id, round: nb.round, exchange: 1 },
    ],
  };
}

/** The opponents attacking this fighter in the current round of its bout. */
export function facingNow(c: BoutCombatant, b: Bout): readonly FacingAttacker[] {
  return c.attackedBy && c.attackedBy.round === b.round ? c.attackedBy.by : [];
}

/** The shield has already blocked in this exchange of the fighter's bout. */
export function shieldUsedNow(c: BoutCombatant, b: Bout): boolean {
  return c.shieldUsed !== undefined && c.shieldUsed.round === b.round && c.shieldUsed.exchange === b.exchange;
}

function validMissile(m: BoutMissile): boolean {
  return typeof m === "object" && m !== null && [m.roundsLeft, m.pool, m.quickenCost].every((n) => isWholeNumber(n) && n >= 0) && typeof m.ready === "boolean";
}

function withMissile(c: BoutCombatant, missile: BoutMissile | null): BoutCombatant {
  const { missile: _old, ...rest } = c;
  return missile ? { ...rest, missile: { roundsLeft: missile.roundsLeft, ready: missile.ready, pool: missile.pool, quickenCost: missile.quickenCost, fired: Boolean(missile.fired) } } : rest;
}

function tidy(c: BoutCombatant, b: Bout): BoutCombatant {
  return c.restriction !== "none" && expired(c, b) ? { ...c, restriction: "none", restrictedUntil: null } : c;
}

function removeCombatant(s: BoutsState, c: BoutCombatant): { state: BoutsState; events: BoutsEvent[] } {
  const events: BoutsEvent[] = [{ type: "left", combatantId: c.id, boutId: c.boutId }];
  // Gone from the fight: no longer one of anybody's attackers.
  const others = s.combatants.filter((x) => x.id !== c.id).map((x) => (x.attackedBy?.by.some((f) => f.id === c.id) ? { ...x, attackedBy: { ...x.attackedBy, by: x.attackedBy.by.filter((f) => f.id !== c.id) } } : x));
  let state: BoutsState = { ...s, combatants: others };
  const b = findBout(state, c.boutId);
  if (!b) return { state, events };
  const rest = members(state, b.id);
  if (rest.length === 0) {
    const bouts = state.bouts.filter((x) => x.id !== b.id);
    state = { ...state, bouts, focus: state.focus === b.id ? (bouts[0]?.id ?? null) : state.focus };
    events.push({ type: "boutEnded", boutId: b.id });
    return { state, events };
  }
  const nb: Bout = {
    ...b,
    declareOrder: b.declareOrder.filter((id) => id !== c.id),
    blowOrder: b.blowOrder.map((g) => g.filter((id) => id !== c.id)).filter((g) => g.length > 0),
    ...(b.struck ? { struck: b.struck.filter((id) => id !== c.id) } : {}),
    ...(b.crowd ? { crowd: matchUpWithout(b.crowd, c.id) } : {}),
    // The holder left: the others disengage and throw again.
    ...(b.initiative === c.id ? { initiative: null, phase: "opening" as const } : {}),
  };
  return { state: putBout(state, nb), events };
}

function apply(s: BoutsState, cmd: BoutsCommand): Outcome<Transition<BoutsState, BoutsEvent>> {
  if (!cmd || typeof cmd !== "object") return no("unknownCommand", "UnknownCommand", { command: String(cmd) });
  switch (cmd.type) {
    case "reveal": {
      const b = findBout(s, cmd.boutId);
      if (!b) return no("unknownBout", "UnknownBout", { bout: String(cmd.boutId) });
      if (b.phase !== "opening") return no("notOpening", "NotOpening", { bout: b.id });
      const inBout = members(s, b.id);
      const choices = cmd.choices ?? {};
      for (const [id, choice] of Object.entries(choices)) {
        if (!inBout.some((c) => c.id === id)) return no("notInBout", "NotInBout", { combatant: id, bout: b.id });
        if (choice !== "red" && choice !== "white" && choice !== null) return no("badThrow", "BadThrow", { combatant: id });
      }
      const postures = cmd.postures ?? {};
      for (const [id, posture] of Object.entries(postures)) {
        if (!inBout.some((c) => c.id === id)) return no("notInBout", "NotInBout", { combatant: id, bout: b.id });
        if (!POSTURES.includes(posture)) return no("badPosture", "BadPosture", { combatant: id });
      }
      const red: BoutCombatant[] = [];
      const white: string[] = [];
      const hesitated: string[] = [];
      const combatants = s.combatants.map((original) => {
        let c = original;
        if (c.boutId !== b.id) return c;
        const choice = choices[c.id] ?? null;
        c = { ...c, posture: postures[c.id] ?? "neutral" };
        if (choice === "red") {
          red.push(c);
          return { ...c, thrown: "red" as const };
        }
        if (choice === "white") {
          white.push(c.id);
          return { ...c, thrown: "white" as const };
        }
        // No throw: hesitation, defence only for one full exchange.
        hesitated.push(c.id);
        return { ...c, thrown: "hesitated" as const, restriction: "defendOnly" as const, restrictedUntil: { round: b.round, exchange: b.exchange } };
      });
      const declareOrder = red
        .map((c, i) => ({ c, i }))
        .sort((x, y) => x.c.reflex - y.c.reflex || x.i - y.i)
        .map((x) => x.c.id);
      const events: BoutsEvent[] = [{ type: "revealed", boutId: b.id, red: red.map((c) => c.id), white, hesitated }];
      let nb: Bout;
      if (red.length === 0) {
        nb = { ...b, declareOrder: [], blowOrder: [] };
        events.push({ type: "allWhite", boutId: b.id });
      } else if (red.length === 1) {
        nb = { ...b, phase: "continuing", initiative: red[0]!.id, declareOrder, blowOrder: [] };
        events.push({ type: "initiative", boutId: b.id, holder: nb.initiative });
      } else {
        nb = { ...endDoubleRed(b), phase: "simultaneous", initiative: null, declareOrder };
        events.push({ type: "bothRed", boutId: b.id, aggressors: declareOrder });
      }
      return ok({ state: putBout({ ...s, combatants }, { ...nb, thrownIn: b.round }), events });
    }
    case "blowOrder": {
      const b = findBout(s, cmd.boutId);
      if (!b) return no("unknownBout", "UnknownBout", { bout: String(cmd.boutId) });
      if (b.phase !== "simultaneous") return no("notSimultaneous", "NotSimultaneous", { bout: b.id });
      const flat = (cmd.order ?? []).flat();
      const expected = [...b.declareOrder].sort();
      if (flat.length !== expected.length || [...flat].sort().some((id, i) => id !== expected[i]) || (cmd.order ?? []).some((g) => g.length === 0)) {
        return no("badOrder", "BadOrder", { bout: b.id });
      }
      const first = cmd.order[0]!;
      const nb: Bout = { ...b, phase: "continuing", blowOrder: cmd.order.map((g) => [...g]), initiative: first.length === 1 ? first[0]! : null };
      return ok({ state: putBout(s, nb), events: [{ type: "initiative", boutId: b.id, holder: nb.initiative }] });
    }
    case "spend": {
      const c = findCombatant(s, cmd.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: String(cmd.combatantId) });
      if (!isWholeNumber(cmd.dice)) return no("notNumber", "NotNumber", { combatant: c.id });
      if (cmd.dice < 0) return no("negative", "Negative", { combatant: c.id, dice: cmd.dice });
      if (cmd.dice > c.cp) return no("tooMany", "TooMany", { combatant: c.id, dice: cmd.dice, left: c.cp });
      const b = findBout(s, c.boutId)!;
      if (b.phase === "opening" && (cmd.purpose === "attack" || cmd.purpose === "defence")) return no("notThrown", "NotThrownYet", { combatant: c.id });
      if (c.restriction === "noAction" && !expired(c, b)) return no("cannotAct", "CannotAct", { combatant: c.id });
      if (c.restriction === "defendOnly" && !expired(c, b) && cmd.purpose === "attack") return no("defendOnly", "DefendOnly", { combatant: c.id });
      // "Melee Combat", both red: a red thrower is in the middle of his attack until every blow of the double red has landed.
      if (cmd.purpose === "defence" && !mayDefend({ bout: b, defenderThrew: c.thrown })) return no("noDefenceBothRed", "NoDefenceBothRed", { combatant: c.id });
      const nc = { ...c, cp: c.cp - cmd.dice, acted: true };
      // An aggressor's attack is his blow of the double red landing.
      const aggressors = b.phase === "simultaneous" ? b.declareOrder : b.blowOrder.flat();
      const landing = cmd.purpose === "attack" && aggressors.includes(c.id) && !(b.struck ?? []).includes(c.id);
      const state = landing ? putBout(putCombatant(s, nc), { ...b, struck: [...(b.struck ?? []), c.id] }) : putCombatant(s, nc);
      return ok({ state, events: [{ type: "spent", combatantId: c.id, dice: cmd.dice, left: nc.cp }] });
    }
    case "penalty": {
      const c = findCombatant(s, cmd.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: String(cmd.combatantId) });
      const carry = cmd.carry ?? 0;
      if (!isWholeNumber(cmd.dice) || !isWholeNumber(carry)) return no("notNumber", "NotNumber", { combatant: c.id });
      if (cmd.dice < 0 || carry < 0) return no("negative", "Negative", { combatant: c.id, dice: cmd.dice });
      const nc = { ...c, cp: Math.max(0, c.cp - cmd.dice), carry: c.carry + carry };
      return ok({ state: putCombatant(s, nc), events: [{ type: "penalized", combatantId: c.id, dice: cmd.dice, left: nc.cp, carry: nc.carry }] });
    }
    case "fumble": {
      const c = findCombatant(s, cmd.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: String(cmd.combatantId) });
      if (!isWholeNumber(cmd.dice)) return no("notNumber", "NotNumber", { combatant: c.id });
      if (cmd.dice < 0) return no("negative", "Negative", { combatant: c.id, dice: cmd.dice });
      const b = findBout(s, c.boutId)!;
      // Exchange 1: the next exchange is this round's second, paid from what is left; else from the next refresh.
      const now = b.exchange < b.exchangesThisRound;
      const belowZero = fumbleBelowZero(cmd.dice, c.cp, { exchange: b.exchange, exchangesThisRound: b.exchangesThisRound, poolMax: c.poolMax, carry: c.carry });
      const nc = now ? { ...c, cp: Math.max(0, c.cp - cmd.dice) } : { ...c, carry: c.carry + cmd.dice };
      // belowZero: the shell calls for a Knockdown roll at TN = the dice rolled on the botch.
      return ok({ state: putCombatant(s, nc), events: [{ type: "fumbled", combatantId: c.id, dice: cmd.dice, left: nc.cp, carry: nc.carry, belowZero }] });
    }
    case "exchangeWon": {
      const b = findBout(s, cmd.boutId);
      if (!b) return no("unknownBout", "UnknownBout", { bout: String(cmd.boutId) });
      if (b.phase !== "continuing") return no("notThrown", "NotThrown", { bout: b.id });
      const w = findCombatant(s, cmd.winner);
      if (!w || w.boutId !== b.id) return no("notInBout", "NotInBout", { combatant: String(cmd.winner), bout: b.id });
      // The first blow ends every posture in the bout.
      const combatants = s.combatants.map((c) => (c.boutId === b.id && c.posture !== "neutral" ? { ...c, posture: "neutral" as const } : c));
      // After a double red the order stands until every one of its blows has landed.
      const struck = b.struck ?? [];
      const over = b.blowOrder.flat().every((id) => struck.includes(id));
      const nb: Bout = over ? { ...endDoubleRed(b), initiative: w.id } : { ...b, initiative: w.id };
      return ok({ state: putBout({ ...s, combatants }, nb), events: [{ type: "initiative", boutId: b.id, holder: w.id }] });
    }
    case "restrict": {
      const c = findCombatant(s, cmd.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: String(cmd.combatantId) });
      if (cmd.restriction !== "none" && cmd.restriction !== "defendOnly" && cmd.restriction !== "noAction") return no("badRestriction", "BadRestriction", { combatant: c.id });
      const b = findBout(s, c.boutId)!;
      const nc: BoutCombatant = { ...c, restriction: cmd.restriction, restrictedUntil: cmd.restriction === "none" ? null : { round: b.round, exchange: b.exchange } };
      return ok({ state: putCombatant(s, nc), events: [] });
    }
    case "next":
    case "nextRound": {
      const id = cmd.boutId ?? s.focus;
      const b = id === null || id === undefined ? undefined : findBout(s, id);
      if (!b) return no("unknownBout", "UnknownBout", { bout: String(id) });
      // Every refreshed pool and missile put in one pass over the fighters (issue 35: not one pass per fighter);
      // a fighter whose pool and missile stay as they were keeps his entry as it was.
      const changed = new Map<string, BoutCombatant>();
      const now = (cid: string) => changed.get(cid) ?? findCombatant(s, cid);
      for (const [cid, pool] of Object.entries(cmd.pools ?? {})) {
        const c = now(cid);
        if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: cid });
        if (!isWholeNumber(pool)) return no("notNumber", "NotNumber", { combatant: cid });
        if (pool < 0) return no("negative", "Negative", { combatant: cid, dice: pool });
        if (c.poolMax !== pool) changed.set(cid, { ...c, poolMax: pool });
      }
      const newRound = roundStarts(b, cmd.type);
      for (const [cid, missile] of Object.entries(cmd.missiles ?? {})) {
        const c = now(cid);
        if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: cid });
        if (missile !== null && !validMissile(missile)) return no("badMissile", "BadMissile", { combatant: cid });
        if (newRound) changed.set(cid, withMissile(c, missile));
      }
      // Each changed entry keeps its id, in its place: the new list shares the ids (by-id.ts).
      const state = changed.size ? { ...s, combatants: mapKeepingIds(s.combatants, (c) => changed.get(c.id) ?? c) } : s;
      return ok(advance(state, b, cmd.type === "nextRound"));
    }
    case "mount": {
      const c = findCombatant(s, cmd.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: String(cmd.combatantId) });
      if (typeof cmd.mounted !== "boolean") return no("notNumber", "NotNumber", { combatant: c.id });
      return ok({ state: putCombatant(s, { ...c, mounted: cmd.mounted, ...(cmd.mounted ? {} : { gait: "halt" }) }), events: [] });
    }
    case "block": {
      const c = findCombatant(s, cmd.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: String(cmd.combatantId) });
      const b = findBout(s, c.boutId)!;
      if (shieldUsedNow(c, b)) return no("shieldUsed", "ShieldUsed", { combatant: c.id });
      return ok({ state: putCombatant(s, { ...c, shieldUsed: { round: b.round, exchange: b.exchange } }), events: [] });
    }
    case "gait": {
      const c = findCombatant(s, cmd.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: String(cmd.combatantId) });
      if (!BOUT_GAITS.includes(cmd.gait)) return no("badGait", "BadGait", { combatant: c.id });
      if (!c.mounted) return no("notMounted", "NotMounted", { combatant: c.id });
      return ok({ state: putCombatant(s, { ...c, gait: cmd.gait }), events: [] });
    }
    case "seize": {
      const b = findBout(s, cmd.boutId);
      if (!b) return no("unknownBout", "UnknownBout", { bout: String(cmd.boutId) });
      if (b.phase !== "continuing") return no("notThrown", "NotThrown", { bout: b.id });
      const c = findCombatant(s, cmd.combatantId);
      if (!c || c.boutId !== b.id) return no("notInBout", "NotInBout", { combatant: String(cmd.combatantId), bout: b.id });
      return ok({ state: putBout(s, { ...b, initiative: c.id }), events: [{ type: "initiative", boutId: b.id, holder: c.id }] });
    }
    case "landed": {
      const c = findCombatant(s, cmd.combatantId);
      const on = findCombatant(s, cmd.on);
      if (!c || !on) return no("unknownCombatant", "UnknownCombatant", { combatant: String(c ? cmd.on : cmd.combatantId) });
      if (c.closedOn?.includes(on.id)) return ok({ state: s, events: [] });
      return ok({ state: putCombatant(s, { ...c, closedOn: [...(c.closedOn ?? []), on.id] }), events: [] });
    }
    case "engage": {
      const c = findCombatant(s, cmd.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: String(cmd.combatantId) });
      const by = cmd.by;
      if (typeof by?.id !== "string" || by.id === "" || by.id === c.id || typeof by.small !== "boolean") return no("badCombatant", "BadCombatant", { combatant: String(by?.id) });
      if (!findCombatant(s, by.id)) return no("unknownCombatant", "UnknownCombatant", { combatant: by.id });
      const b = findBout(s, c.boutId)!;
      // "Multiple Opponents": after the outnumbered roll, only those the choices set face the lone fighter.
      const matched = matchUpAllows(b.crowd, b.round, by.id, c.id);
      if (!matched.ok) return matched;
      const joined = mayJoinAttack({ attacker: { id: by.id, small: by.small }, facing: facingNow(c, b), ...(cmd.gmCap === undefined ? {} : { gmCap: cmd.gmCap }) });
      if (!joined.ok) return joined;
      return ok({ state: putCombatant(s, { ...c, attackedBy: { round: b.round, by: joined.value.map((f) => ({ id: f.id, small: f.small })) } }), events: [] });
    }
    case "crowd": {
      const b = findBout(s, cmd.boutId);
      if (!b) return no("unknownBout", "UnknownBout", { bout: String(cmd.boutId) });
      // One outnumbered roll a round: the dice have spoken.
      if (b.crowd?.round === b.round) return no("crowdRolled", "CrowdRolled", { bout: b.id });
      const m = crowdMatchUp(b.round, cmd, members(s, b.id).map((c) => c.id));
      if (!m.ok) return m;
      return ok({ state: putBout(s, { ...b, crowd: m.value }), events: [] });
    }
    case "face": {
      const c = findCombatant(s, cmd.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: String(cmd.combatantId) });
      const b = findBout(s, c.boutId)!;
      if (!b.crowd || b.crowd.round !== b.round) return no("noCrowd", "NoCrowd", { combatant: c.id });
      if (cmd.target !== null && typeof cmd.target !== "string") return no("badCombatant", "BadCombatant", { combatant: String(cmd.target) });
      const chosen = chooseMatchUp(b.crowd, c.id, cmd.target);
      if (!chosen.ok) return chosen;
      return ok({ state: putBout(s, { ...b, crowd: chosen.value }), events: [] });
    }
    case "missile": {
      const c = findCombatant(s, cmd.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: String(cmd.combatantId) });
      if (cmd.missile !== null && !validMissile(cmd.missile)) return no("badMissile", "BadMissile", { combatant: c.id });
      return ok({ state: putCombatant(s, withMissile(c, cmd.missile)), events: [] });
    }
    case "loose": {
      const c = findCombatant(s, cmd.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: String(cmd.combatantId) });
      if (!isWholeNumber(cmd.dice)) return no("notNumber", "NotNumber", { combatant: c.id });
      if (cmd.dice < 0) return no("negative", "Negative", { combatant: c.id, dice: cmd.dice });
      if (!c.missile?.ready) return no("notReady", "NotReady", { combatant: c.id });
      if (cmd.dice > c.missile.pool) return no("tooMany", "TooMany", { combatant: c.id, dice: cmd.dice, left: c.missile.pool });
      const b = findBout(s, c.boutId)!;
      if (c.restriction !== "none" && !expired(c, b)) return no("cannotAct", "CannotAct", { combatant: c.id });
      // "Missile Fire": red in the first exchange, white in the second; the throw binds its own round; one shot a round.
      const time = missileFireTime({ phase: b.phase, round: b.round, exchange: b.exchange, thrown: c.thrown, fired: Boolean(c.missile.fired), ...(b.thrownIn === undefined ? {} : { thrownIn: b.thrownIn }) });
      if (!time.ok) return time;
      return ok({ state: putCombatant(s, { ...c, missile: { ...c.missile, pool: c.missile.pool - cmd.dice, fired: true } }), events: [] });
    }
    case "setLight": {
      if (!BOUT_LIGHTS.includes(cmd.light)) return no("badLight", "BadLight", { light: String(cmd.light) });
      return ok({ state: { ...s, light: cmd.light }, events: [] });
    }
    case "moved": {
      const c = findCombatant(s, cmd.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: String(cmd.combatantId) });
      return ok({ state: c.posture === "neutral" ? s : putCombatant(s, { ...c, posture: "neutral" }), events: [] });
    }
    case "footing": {
      const c = findCombatant(s, cmd.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: String(cmd.combatantId) });
      if (typeof cmd.higher !== "boolean") return no("notNumber", "NotNumber", { combatant: c.id });
      return ok({ state: putCombatant(s, { ...c, higherFooting: cmd.higher }), events: [] });
    }
    case "setPool": {
      const c = findCombatant(s, cmd.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: String(cmd.combatantId) });
      if (!isWholeNumber(cmd.pool)) return no("notNumber", "NotNumber", { combatant: c.id });
      if (cmd.pool < 0) return no("negative", "Negative", { combatant: c.id, dice: cmd.pool });
      const nc = { ...c, poolMax: cmd.pool, ...(cmd.refresh ? { cp: cmd.pool } : {}) };
      return ok({ state: putCombatant(s, nc), events: [] });
    }
    case "setExchanges": {
      const b = findBout(s, cmd.boutId);
      if (!b) return no("unknownBout", "UnknownBout", { bout: String(cmd.boutId) });
      if (cmd.count !== 1 && cmd.count !== 2) return no("badExchanges", "BadExchanges", { bout: b.id });
      if (cmd.count < b.exchange) return no("badExchanges", "BadExchanges", { bout: b.id });
      return ok({ state: putBout(s, { ...b, exchangesThisRound: cmd.count }), events: [] });
    }
    case "focus": {
      const b = findBout(s, cmd.boutId);
      if (!b) return no("unknownBout", "UnknownBout", { bout: String(cmd.boutId) });
      return ok({ state: putBout({ ...s, focus: b.id }, { ...b, roundsInFocus: 0 }), events: [{ type: "focus", boutId: b.id }] });
    }
    case "pause": {
      const b = findBout(s, cmd.boutId);
      if (!b) return no("unknownBout", "UnknownBout", { bout: String(cmd.boutId) });
      const { crowd: _settled, ...rest } = endDoubleRed(b);
      const nb: Bout = { ...rest, phase: "opening", initiative: null, declareOrder: [] };
      // Disengaging also opens the distance again: reach counts anew, and nobody is on anybody; higher footing
      // lasts only "until his opponent ... disengages and pulls back beyond Alan's reach" ("Terrain Roll Mechanics").
      const combatants = s.combatants.map((c) => {
        if (c.boutId !== b.id) return c;
        const { attackedBy: _gone, higherFooting: _footing, ...rest } = c;
        return { ...rest, thrown: null, posture: "neutral" as const, closedOn: [] };
      });
      return ok({ state: putBout({ ...s, combatants }, nb), events: [{ type: "paused", boutId: b.id }] });
    }
    case "join": {
      if (!validInput(cmd.combatant)) return no("badCombatant", "BadCombatant", { combatant: String(cmd.combatant?.id) });
      if (findCombatant(s, cmd.combatant.id)) return no("duplicate", "Duplicate", { combatant: cmd.combatant.id });
      if (typeof cmd.boutId !== "string" || cmd.boutId === "") return no("badBout", "BadBout", { bout: String(cmd.boutId) });
      let state = s;
      if (!findBout(state, cmd.boutId)) state = { ...state, bouts: [...state.bouts, newBout(cmd.boutId)], focus: state.focus ?? cmd.boutId };
      state = { ...state, combatants: [...state.combatants, newCombatant(cmd.combatant, cmd.boutId)] };
      return ok({ state, events: [{ type: "joined", combatantId: cmd.combatant.id, boutId: cmd.boutId }] });
    }
    case "leave": {
      const c = findCombatant(s, cmd.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: String(cmd.combatantId) });
      return ok(removeCombatant(s, c));
    }
    case "move": {
      const c = findCombatant(s, cmd.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { combatant: String(cmd.combatantId) });
      if (typeof cmd.boutId !== "string" || cmd.boutId === "") return no("badBout", "BadBout", { bout: String(cmd.boutId) });
      if (c.boutId === cmd.boutId) return no("sameBout", "SameBout", { combatant: c.id });
      const removed = removeCombatant(s, c);
      let state = removed.state;
      if (!findBout(state, cmd.boutId)) state = { ...state, bouts: [...state.bouts, newBout(cmd.boutId)], focus: state.focus ?? cmd.boutId };
      // Pool and wounds come along; the throw does not (the new bout has its own), nor a posture or higher footing
      // held over the bout he disengaged from ("Posture", "Terrain Roll Mechanics").
      const { attackedBy: _left, higherFooting: _footing, ...kept } = c;
      const moved: BoutCombatant = { ...kept, boutId: cmd.boutId, thrown: null, acted: false, posture: "neutral" };
      state = { ...state, combatants: [...state.combatants, moved] };
      return ok({ state, events: [...removed.events, { type: "joined", combatantId: c.id, boutId: cmd.boutId }] });
    }
    default:
      return no("unknownCommand", "UnknownCommand", { command: String((cmd as { type?: unknown }).type) });
  }
}

/**
 * "Melee Combat": is it this fighter's blow in its bout now? The initiative
 * holder's while he has not acted; after a double red, his place in the blow
 * order once those before him have struck (an earlier aggressor `passedOver`,
 * with nothing to strike at, is not waited on); never while a hesitation
 * restricts him ("Surprise & Hesitation"), nor before the throw.
 */
export function blowDue(s: BoutsState, combatantId: string, passedOver: (id: string) => boolean = () => false): boolean {
  const c = findCombatant(s, combatantId);
  const b = c ? findBout(s, c.boutId) : undefined;
  if (!c || !b || b.phase !== "continuing") return false;
  if (c.restriction !== "none" && !expired(c, b)) return false;
  if (b.blowOrder.length) {
    const struck = b.struck ?? [];
    if (struck.includes(c.id)) return false;
    for (const group of b.blowOrder) {
      if (group.includes(c.id)) return true;
      if (group.some((id) => !struck.includes(id) && !passedOver(id))) return false;
    }
    return false;
  }
  return b.initiative === c.id && !c.acted;
}

/**
 * "Exchange of Blows", buying initiative: only from the fighter who holds it,
 * in the buyer's own bout once it is fighting (after the throw). The bout the
 * buyer would seize, or why not.
 */
export function buyingFrom(s: BoutsState, buyerId: string, holderId: string): Outcome<{ boutId: string }> {
  const buyer = findCombatant(s, buyerId);
  const holder = findCombatant(s, holderId);
  if (!buyer || !holder) return refuse("steel.contest.noBout", "BOUT.Steel.Contest.Refusal.NoBout");
  const b = findBout(s, buyer.boutId);
  if (!b || b.phase !== "continuing" || holder.boutId !== b.id || b.initiative !== holder.id || buyer.id === holder.id) return refuse("steel.contest.notHolder", "BOUT.Steel.Contest.Refusal.NotHolder");
  return ok({ boutId: b.id });
}

/** Cross-bout order for the given fighters (the engine's `crossBoutOrder`): highest Reflex first, equal Reflex together. */
export function boutsActingOrder(s: BoutsState, ids?: readonly string[]): string[][] {
  return crossBoutOrder(s.combatants.filter((c) => !ids || ids.includes(c.id)));
}

/**
 * "Dueling vs. Battle-wide Initiative": where each fighter's actions fall among
 * all the bouts' (1 = first; equal Reflex shares a place, acting at the same moment).
 */
export function crossBoutPlaces(s: BoutsState): ReadonlyMap<string, number> {
  const places = new Map<string, number>();
  boutsActingOrder(s).forEach((group, i) => group.forEach((id) => places.set(id, i + 1)));
  return places;
}

const V = "BOUT.Time.Bouts.";

/**
 * The order a state's rows are listed in, as indices into its lists: the bouts
 * from the one with the quickest fighter, and the fighters across them by
 * their place in the cross-bout order, then bout, then the holder of their
 * bout's initiative and Reflex. It turns only on who is in which bout with
 * what Reflex, the bouts' order and their initiative holders.
 */
interface BoutsOrder {
  readonly combatants: readonly BoutCombatant[];
  readonly bouts: readonly Bout[];
  readonly places: ReadonlyMap<string, number>;
  /** Indices into `bouts`, in the order the tracker lists them. */
  readonly boutOrder: readonly number[];
  /** Indices into `combatants`, in acting order, and each one's bout (an index into `bouts`). */
  readonly ranked: readonly number[];
  readonly rankedBout: readonly number[];
  /** The fighters' ids in acting order (the view's order). */
  readonly ids: readonly string[];
}

/** Whether two states' lists give the same order: the same fighters at the same places with the same Reflex and bout, the same bouts with the same holders. */
function sameOrderInputs(o: BoutsOrder, s: BoutsState): boolean {
  return (
    samePlaces(o.bouts, s.bouts, (x, y) => x.id === y.id && x.initiative === y.initiative) &&
    samePlaces(o.combatants, s.combatants, (x, y) => x.id === y.id && x.reflex === y.reflex && x.boutId === y.boutId)
  );
}

function orderOf(s: BoutsState): BoutsOrder {
  // Across bouts, actions fall in order of Reflex: the bouts are listed from the one with the quickest fighter, and the fighters (core's turn list) from the quickest.
  const places = crossBoutPlaces(s);
  const place = (id: string) => places.get(id) ?? Number.MAX_SAFE_INTEGER;
  const boutIndex = new Map(s.bouts.map((b, i) => [b.id, i]));
  const byBout: number[][] = s.bouts.map(() => []);
  s.combatants.forEach((c, k) => byBout[boutIndex.get(c.boutId) ?? -1]?.push(k));
  const firstPlace = byBout.map((list) => list.reduce((least, k) => Math.min(least, place(s.combatants[k]!.id)), Number.MAX_SAFE_INTEGER));
  const boutOrder = s.bouts.map((_, i) => i).sort((x, y) => firstPlace[x]! - firstPlace[y]! || x - y);
  const boutRank: number[] = [];
  boutOrder.forEach((i, rank) => (boutRank[i] = rank));
  const ranked = byBout.flatMap((list, i) => {
    const b = s.bouts[i]!;
    const c = (k: number) => s.combatants[k]!;
    return list
      .sort((x, y) => Number(c(y).id === b.initiative) - Number(c(x).id === b.initiative) || c(y).reflex - c(x).reflex || x - y)
      .map((k, at) => ({ k, i, at, place: place(c(k).id) }));
  });
  ranked.sort((x, y) => x.place - y.place || boutRank[x.i]! - boutRank[y.i]! || x.at - y.at);
  return { combatants: s.combatants, bouts: s.bouts, places, boutOrder, ranked: ranked.map((r) => r.k), rankedBout: ranked.map((r) => r.i), ids: ranked.map((r) => s.combatants[r.k]!.id) };
}

/** A row kept for a fighter's entry, with what it was worked out from beside his entry. */
interface KeptRow {
  readonly row: TrackerRow;
  readonly groupId: string;
  readonly acting: boolean;
  readonly order: number | undefined;
}

/**
 * The bouts' tracker view, with what it keeps between states (issue 35: a step
 * touches the fighters it names). States are never changed in place, so the
 * order is worked out again only when its inputs change, and a fighter's row is
 * his last one while his entry is the same object and nothing else it shows
 * moved (a row that reads its bout's round, a restriction, the attackers or the
 * outnumbered roll, is worked out each time); a bout's group likewise. The
 * groups and rows are made only when read: a step needs the order (kept with
 * it) and whose turn it is. Each call of `boutsView` keeps its own; the
 * machine's view is one.
 */
export function boutsView(): (s: BoutsState) => TrackerView {
  let order: BoutsOrder | null = null;
  const kept = new WeakMap<BoutCombatant, KeptRow>();
  const keptGroups = new WeakMap<Bout, { readonly i: number; readonly focused: boolean; readonly group: TrackerGroup }>();
  // The view worked out last, to take a row from by place while the order is the same object (issue 35): a row whose
  // fighter and bout are the very entries they were, away from a change of focus, is the row it was.
  let last: { readonly s: BoutsState; readonly order: BoutsOrder; readonly focusedId: string | undefined; readonly several: boolean; readonly rows: readonly TrackerRow[] } | null = null;
  return (s) => {
    if (!order || !sameOrderInputs(order, s)) order = orderOf(s);
    const o = order;
    const focused = (s.focus ? byId(s.bouts, s.focus) : undefined) ?? s.bouts[0];
    const step: Label = !focused
      ? { key: `${V}Step.None` }
      : focused.phase === "opening"
        ? { key: `${V}Step.Throw` }
        : focused.phase === "simultaneous"
          ? { key: `${V}Step.BlowOrder` }
          : { key: `${V}Step.Exchange`, data: { exchange: focused.exchange, of: focused.exchangesThisRound } };
    // The one row that can act: the focused bout's initiative holder while it continues, unless he has acted.
    const holding = focused?.phase === "continuing" && focused.initiative ? byId(s.combatants, focused.initiative) : undefined;
    const holder = holding && holding.boutId === focused!.id && !holding.acted ? holding.id : null;
    // The groups and rows are worked out when the tracker reads them (lazyParts).
    return lazyParts({ round: focused?.round ?? 0, step, order: o.ids, holder }, () => {
      const { places } = o;
      const groups = o.boutOrder.map((i) => {
        // A bout's group is its last one while the bout is the same object, in the same place, as focused as it was.
        const b = s.bouts[i]!;
        const isFocused = b.id === focused?.id;
        const was = keptGroups.get(b);
        if (was && was.i === i && was.focused === isFocused) return was.group;
        const group = boutGroup(b, i, isFocused);
        keptGroups.set(b, { i, focused: isFocused, group });
        return group;
      });
      const several = s.bouts.length > 1;
      const before = last?.order === o && last.several === several ? last : null;
      const rows = o.ranked.map((k, n) => {
        const c = s.combatants[k]!;
        const b = s.bouts[o.rankedBout[n]!]!;
        if (before && c === before.s.combatants[k] && b === before.s.bouts[o.rankedBout[n]!] && (before.focusedId === focused?.id || (b.id !== focused?.id && b.id !== before.focusedId))) return before.rows[n]!;
        const acting = b.id === focused?.id && b.phase === "continuing" && b.initiative === c.id;
        const at = several ? places.get(c.id) : undefined;
        // Only a row that reads nothing of its bout but its id and holder may be kept.
        const plain = c.restriction === "none" && !c.attackedBy && b.crowd?.lone !== c.id;
        const was = plain ? kept.get(c) : undefined;
        if (was && was.groupId === b.id && was.acting === acting && was.order === at) return was.row;
        const row = boutRow(c, b, acting, at);
        if (plain) kept.set(c, { row, groupId: b.id, acting, order: at });
        return row;
      });
      last = { s, order: o, focusedId: focused?.id, several, rows };
      return { groups, rows };
    });
  };
}

function boutGroup(b: Bout, i: number, focused: boolean): TrackerGroup {
  const notes: Label[] = [
    { key: `${V}Note.Round`, data: { round: b.round } },
    { key: `${V}Note.Phase.${b.phase}` },
  ];
  // Several aggressors declare from the lowest Reflex up ("Melee Combat").
  if (b.declareOrder.length > 1) b.declareOrder.forEach((id, i) => notes.push({ key: `${V}Note.Declares`, data: { n: i + 1, who: id } }));
  // Both red: who still has a blow to land, and that no red thrower may defend meanwhile.
  if (b.phase === "continuing" && b.blowOrder.length > 0) {
    const due = b.blowOrder.flat().filter((id) => !(b.struck ?? []).includes(id));
    notes.push({ key: `${V}Note.NoDefence` });
    due.forEach((id) => notes.push({ key: `${V}Note.BlowDue`, data: { who: id } }));
  }
  if (b.phase === "continuing") {
    notes.push({ key: `${V}Note.Exchange`, data: { exchange: b.exchange, of: b.exchangesThisRound } });
    notes.push(b.initiative ? { key: `${V}Note.Initiative`, data: { holder: b.initiative } } : { key: `${V}Note.Simultaneous` });
  }
  return { id: b.id, label: { key: `${V}Bout`, data: { n: i + 1 } }, notes, focused };
}

/** One fighter's row: his pool, Reflex and whatever marks him now; `order`: his place across bouts, shown when there are several. */
function boutRow(c: BoutCombatant, b: Bout, acting: boolean, order: number | undefined): TrackerRow {
  const badges: { label: Label; value?: string | number }[] = [
    { label: { key: `${V}Badge.Cp` }, value: `${c.cp}/${c.poolMax}` },
    { label: { key: `${V}Badge.Reflex` }, value: c.reflex },
  ];
  if (c.posture !== "neutral") badges.push({ label: { key: `${V}Badge.Posture.${c.posture}` } });
  if (c.higherFooting) badges.push({ label: { key: `${V}Badge.Footing` } });
  if (c.mounted) badges.push({ label: { key: `${V}Badge.Gait.${c.gait ?? "halt"}` } });
  if (c.missile) badges.push(c.missile.ready ? { label: { key: `${V}Badge.MissileReady` }, value: c.missile.pool } : { label: { key: `${V}Badge.MissileReadying` }, value: c.missile.roundsLeft });
  if (c.thrown) badges.push({ label: { key: `${V}Badge.Thrown.${c.thrown}` } });
  // "Multiple Opponents": how many are on this fighter this round (the cap is 3, or 4 small ones).
  const on = facingNow(c, b).length;
  if (on > 0) badges.push({ label: { key: `${V}Badge.Attackers` }, value: on });
  // After the outnumbered roll: whom the lone fighter faces this round, or that it is still being chosen.
  if (b.crowd?.round === b.round && b.crowd.lone === c.id) {
    const faced = matchUpFacing(b.crowd);
    if (faced === null) badges.push({ label: { key: `${V}Badge.MatchUpDue` } });
    else if (faced.length === 0) badges.push({ label: { key: `${V}Badge.FacesNobody` } });
    else for (const who of faced) badges.push({ label: { key: `${V}Badge.Faces`, data: { who } } });
  }
  if (c.restriction !== "none" && !expired(c, b)) badges.push({ label: { key: `${V}Badge.Restriction.${c.restriction}` } });
  // With several bouts on the field: this fighter's place in the order across them.
  if (order !== undefined) badges.push({ label: { key: `${V}Badge.Order` }, value: order });
  return { combatantId: c.id, groupId: b.id, acting, done: c.acted, badges };
}

export const boutsMachine: TimeMachine<BoutsState, BoutsCommand, BoutsEvent> = {
  id: "bouts",
  apply,
  view: boutsView(),
  members: listedFighters,
  // "Combat Rounds": bouts run side by side (the camera moves between them), so the fight's time is its furthest bout's.
  roundsBegun: (s) => s.bouts.reduce((most, b) => Math.max(most, b.round), 0),
};
