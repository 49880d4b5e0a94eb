/**
 * Where and when a fighter moves in a running phased round, and how far a
 * shot goes there (seed 001_e84cf39f805b9fd9.txt, "1. Movement"): after the
 * declarations and the Initiative Totals, movement is resolved "in order from
 * highest to lowest Initiative Total", each in their turn of the Movement
 * phase; a character travels "up to the maximum range of the declared mode of
 * movement" in the round (the Movement Table's paces are per round, so every
 * leg of the round counts: movementAllowance and moveBeyondMode in
 * ./phases.ts take the paces moved so far plus the move). A shot at someone the
 * shooter is engaged with goes at the range of their engagement; otherwise at
 * the range measured between the tokens.
 */
import { rangeClassAt } from "../rulesets/phases/shot-range";
import type { RangeClass } from "../rulesets/phases/stats";
import { actingNow, type PhasesState } from "./phases";

export type MoveTurnRefusal = "notMovementPhase" | "notYourMove";

/**
 * Whether a fighter may move now in the round: only in its own turn of the
 * Movement phase. "notMovementPhase" while the round is being declared or
 * rolled, in its later phases, or once it is over; "notYourMove" in the
 * Movement phase out of turn. Null when allowed, and when the round does not
 * bind the fighter (not in it, or a newcomer waiting for the next round's
 * declarations).
 */
export function moveTurnRefusal(s: PhasesState, moverId: string | null): MoveTurnRefusal | null {
  const mover = moverId ? s.combatants.find((c) => c.id === moverId) : undefined;
  if (!mover?.active) return null;
  if (s.stage !== "act" || s.phase !== "movement") return "notMovementPhase";
  return actingNow(s) === moverId ? null : "notYourMove";
}

/** The step from `before` to `after` begins a round's Movement phase: the span the round's movement is counted over starts. */
export function movementPhaseBegins(before: PhasesState, after: PhasesState): boolean {
  const moving = (s: PhasesState) => s.stage === "act" && s.phase === "movement";
  return moving(after) && !(moving(before) && before.round === after.round);
}

/** Where the range of a shot comes from: the round's engagement between the two, or the tokens. */
export type ShotRangeSource = "engagement" | "measured";

/**
 * The range class of a shot ("Missile Fire Table"): the range the two are
 * engaged at this round, when the shooter and the target share an
 * engagement; else the class of the distance measured between them (`paces`,
 * null when there is nothing to measure). Null when neither says.
 */
export function shotRange(s: PhasesState | null, shooterId: string | null, targetId: string | null, paces: number | null): { readonly range: RangeClass; readonly from: ShotRangeSource } | null {
  const engaged = s && shooterId && targetId ? s.engagements.find((e) => (e.a === shooterId && e.b === targetId) || (e.a === targetId && e.b === shooterId)) : undefined;
  if (engaged) return { range: engaged.range, from: "engagement" };
  const measured = paces === null ? null : rangeClassAt(paces);
  return measured ? { range: measured, from: "measured" } : null;
}
