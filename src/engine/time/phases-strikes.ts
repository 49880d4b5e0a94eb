/**
 * Whether a fighter may attack now in a running phased round, and if not, why
 * (seed 001_e84cf39f805b9fd9.txt, "Combat Sequence", "1. Movement", the
 * "Engagement Example" and the Missile Rate Table). A blow is struck in the
 * Melee phase, a shot in a missile phase, each in the attacker's own turn; but a
 * fighter who has no turn in the phase at all is told what keeps it out rather
 * than that it is not its turn: its quarry got away ("Frederico manages to get
 * away without Alberto engaging him"), its weapon does not reach the range the
 * engagement settled at ("Inigo cannot attack Bors (because Bors is outside the
 * range of his dagger)"), it is engaged with nobody, it declared no fighting,
 * or its missile weapon is not ready in this phase.
 */
import type { WeaponReach } from "../rulesets/phases/engagement";
import type { RangeClass } from "../rulesets/phases/stats";
import { actingNow, attackTurnRefusal, meleeBlowRefusal, type PhasesState } from "./phases";

export type StrikeRefusal =
  | { readonly code: "wrongPhase" | "outOfTurn" | "alreadyActed" | "notEngaged" | "notFighting" | "notShooting" | "notReady" }
  /** The target got away from the attacker this round. */
  | { readonly code: "escaped" }
  /** The attacker's weapon does not reach the range the engagement with the target (or every engagement it has) settled at. */
  | { readonly code: "outOfReach"; readonly range: RangeClass };

/**
 * Null when the attack may be made now (or the round does not bind the
 * attacker: not in the round, or the round not running its phases). `weapon`:
 * the reach of the weapon on the card in melee (null: none).
 */
export function strikeRefusal(s: PhasesState, attackerId: string | null, targetId: string | null, missile: boolean, weapon: WeaponReach | null): StrikeRefusal | null {
  const me = attackerId ? s.combatants.find((c) => c.id === attackerId) : undefined;
  if (!me?.active || s.stage !== "act") {
    const turn = me?.active ? attackTurnRefusal(s, me.id, missile) : null;
    return turn ? { code: turn } : null;
  }
  const turn = attackTurnRefusal(s, me.id, missile);
  if (turn === "wrongPhase") return { code: "wrongPhase" };
  const escaped = s.escapes.some((e) => e.from === me.id && e.combatantId === targetId);
  if (!missile) {
    // A routing, moving or shooting fighter strikes no blow this round.
    if (me.declaration?.action !== "melee") return { code: "notFighting" };
    if (escaped) return { code: "escaped" };
    const blow = meleeBlowRefusal(s, me.id, targetId, weapon);
    if (blow === "outOfReach") return { code: "outOfReach", range: engagedRange(s, me.id, targetId) as RangeClass };
    if (blow === "notEngaged") return { code: "notEngaged" };
  } else if (!s.order.includes(me.id)) {
    // A shooter the phase passes by: it declared no shot, or its weapon is not ready in this phase (Missile Rate Table).
    return { code: me.declaration?.action === "missile" ? "notReady" : "notShooting" };
  }
  if (s.acted.includes(me.id)) return { code: "alreadyActed" };
  if (actingNow(s) !== me.id) return { code: "outOfTurn" };
  return null;
}

/** The range the two are engaged at this round. */
function engagedRange(s: PhasesState, a: string, b: string | null): RangeClass | undefined {
  return s.engagements.find((e) => (e.a === a && e.b === b) || (e.a === b && e.b === a))?.range;
}

/**
 * Initiative Modifiers Table, first footnote: whether the target declared it
 * routes this round (it then "may not defend against any incoming attacks").
 */
export function routsThisRound(s: PhasesState, targetId: string | null): boolean {
  return Boolean(targetId) && s.combatants.find((c) => c.id === targetId)?.declaration?.action === "rout";
}
