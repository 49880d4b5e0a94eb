/**
 * The checks a phases fighter makes on themself in a running round, each its
 * turn in one phase (seed 001_e84cf39f805b9fd9.txt): the sprinter's Athletics
 * roll in the Movement phase ("1. Movement": "The storyguide may require
 * sprinting characters to make an Athletics roll"), a caster's turn in the
 * Magic phase and the fatigue check of the Fatigue phase ("Combat Sequence"
 * names both phases; the procedures are ours, docs/rulesets/phases.md).
 */
import { actingNow, type PhaseId, type PhasesState } from "./phases";

export const PHASES_CHECKS = ["athletics", "magic", "fatigue"] as const;
export type PhasesCheck = (typeof PHASES_CHECKS)[number];

/** The phase each check is made in. */
export const CHECK_PHASE: Readonly<Record<PhasesCheck, PhaseId>> = { athletics: "movement", magic: "magic", fatigue: "fatigue" };

/**
 * Why the fighter may not make this check now, or null when it may (or the
 * round does not bind it: no running round, or the fighter not in it). Only in
 * the check's phase, on the fighter's own turn; Athletics only for a fighter
 * who declared a sprint.
 */
export function checkRefusal(s: PhasesState | null, combatantId: string | null, check: PhasesCheck): "wrongPhase" | "outOfTurn" | "notSprinting" | null {
  if (!s || !combatantId) return null;
  if (s.stage !== "act" || s.phase !== CHECK_PHASE[check]) return "wrongPhase";
  if (actingNow(s) !== combatantId) return "outOfTurn";
  if (check === "athletics" && s.combatants.find((c) => c.id === combatantId)?.declaration?.movement !== "sprint") return "notSprinting";
  return null;
}

/**
 * What the acting fighter's turn offers now beside ending it: the phase's
 * check (the fatigue check, a sprinter's Athletics, a cast), a shot or a held
 * shot in a missile phase, or nothing to choose (an empty list). Nothing for
 * anyone whose turn it is not.
 */
export function turnOffers(s: PhasesState, combatantId: string): readonly (PhasesCheck | "fire")[] {
  if (actingNow(s) !== combatantId) return [];
  if (s.phase === "firstMissile" || s.phase === "secondMissile") return ["fire"];
  return PHASES_CHECKS.filter((check) => checkRefusal(s, combatantId, check) === null);
}
