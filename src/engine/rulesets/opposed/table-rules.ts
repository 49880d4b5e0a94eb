/**
 * Decisions the table makes around a card, pure so the shell only gathers the
 * figures and writes what these return:
 * - "Oops!" 41–60: −10 to next round's Action, added to the attack's modifier
 *   (with the "Size" table's modifier for a shot);
 * - "Prepare": +20 to defensive tests with the prepared skill, every opposed
 *   defence, melee or ranged;
 * - "Attacking" step 4: more Wounds lost than remain is a Critical Wound and
 *   the Prone Condition;
 * - "Move": what each move costs of the turn (Run and the Dodge form of
 *   Disengage are the Action);
 * - "Surprised": the condition ends after the first attempt to attack;
 * - "Flee": Broken Conditions stack, one per failed Cool Test and one per SL below 0;
 * - "Combat Difficulty" (Hard): a called shot to a location is at least Hard (−30),
 *   and a success hits the location called.
 */
import { byId } from "../../by-id";
import { hitLocation, type WoundsResult } from "./damage";
import type { Location, Size } from "./stats";
import type { TurnsState } from "../../time/turns";
import { DIFFICULTIES, SIZE_MODIFIERS, type Band, type Difficulty } from "./tables";
import { SHOT_RANGE_MODIFIER, type ShotRange } from "./engagement";

/**
 * "Combat Difficulty" and the Prone Condition: "Attacking a target with the
 * Prone Condition" is Average (+20), "Attacking whilst you have the Prone
 * Condition" Difficult (−10), "Dodging when you have the Prone Condition" Hard
 * (−30). The seed's "attacking" covers blows and shots alike (its "Attacking"
 * section names both); they count on top of the difficulty chosen, as the size
 * modifier does.
 */
export const PRONE = { target: DIFFICULTIES.average, attacker: DIFFICULTIES.difficult, dodging: DIFFICULTIES.hard } as const;

/**
 * The modifier an attack's test carries: the player's, the Action penalty an
 * Oops! left (−10), for a shot the target's size modifier and the range it is
 * measured at, and the Prone Condition of either fighter.
 */
export function attackModifier(input: { modifier: number; actionPenalty: number; ranged: boolean; sizeModifier: number; targetProne?: boolean; attackerProne?: boolean; shotRange?: ShotRange | null }): number {
  const range = input.ranged && input.shotRange ? SHOT_RANGE_MODIFIER[input.shotRange] : 0;
  return input.modifier + input.actionPenalty + (input.ranged ? input.sizeModifier : 0) + range + (input.targetProne ? PRONE.target : 0) + (input.attackerProne ? PRONE.attacker : 0);
}

/** The modifier a defence's test carries: the defender's, a Prepare's +20 with that skill, and −30 for dodging while Prone. */
export function defenceModifier(input: { modifier: number; prepared: string | null | undefined; skill: string | null; prone: boolean }): number {
  return input.modifier + preparedDefenceBonus(input.prepared, input.skill) + (input.prone && input.skill === "dodge" ? PRONE.dodging : 0);
}

/** "Prepare": +20 to a defensive test with the skill prepared, whatever the attack (melee or ranged). */
export const PREPARED_DEFENCE_BONUS = 20;
export function preparedDefenceBonus(prepared: string | null | undefined, skill: string | null): number {
  return prepared && skill && prepared === skill ? PREPARED_DEFENCE_BONUS : 0;
}

/** The conditions a wound leaves: a Critical Wound and Prone when more Wounds were lost than remained. */
export function woundConditions(w: Pick<WoundsResult, "critical">): { readonly criticalWounds: number; readonly prone: boolean } {
  return w.critical ? { criticalWounds: 1, prone: true } : { criticalWounds: 0, prone: false };
}

export type MoveKind = "charge" | "flee" | "disengage" | "run" | "leap" | "climb" | "fall";
export const MOVE_KINDS: readonly MoveKind[] = ["charge", "flee", "disengage", "run", "leap", "climb", "fall"];

/** "Move": the moves made against an opponent: a Charge at one, a Flee from one, a Disengage from those Engaged with the fighter. */
export const MOVES_WITH_OPPONENT: readonly MoveKind[] = ["charge", "flee", "disengage"];

/**
 * What a move costs of the turn ("Move"): Run is the Action (a sprint on top of
 * the Move); Disengage with more Advantage is the Move, the Dodge form the
 * Action; a Climb Test is the Action; a Fall costs nothing; the rest the Move.
 */
export function moveCost(move: MoveKind, disengageByAdvantage = false): "action" | "move" | "none" {
  switch (move) {
    case "fall":
      return "none";
    case "run":
    case "climb":
      return "action";
    case "disengage":
      return disengageByAdvantage ? "move" : "action";
    default:
      return "move";
  }
}

/** "Surprised": the condition ends after the first attempt to attack (hit or miss, melee or ranged). */
export function surpriseEndsOnAttack(surprised: boolean): boolean {
  return surprised;
}

/** "Flee": Broken Conditions stack; the count held after gaining some (the token shows the condition while any are held). */
export function brokenAfter(held: number, gained: number): { readonly broken: number; readonly status: boolean } {
  const broken = Math.max(0, held) + Math.max(0, gained);
  return { broken, status: broken > 0 };
}

/** "Combat Difficulty": a called shot is Hard (−30); a harder step chosen for other reasons stays. */
export function calledShotDifficulty(chosen: Difficulty, called: Location | null | undefined): Difficulty {
  if (!called) return chosen;
  return DIFFICULTIES[chosen] < DIFFICULTIES.hard ? chosen : "hard";
}

/** Where a hit lands: the location called ("If you succeed you hit that location"), else the reversed roll's on the fight's Hit Locations table. */
export function landsOn(attackRoll: number, called: Location | null | undefined, table: readonly Band<Location>[]): { readonly reversed: number; readonly location: Location } {
  const h = hitLocation(attackRoll, table);
  return called ? { reversed: h.reversed, location: called } : h;
}

/**
 * "Surprised": "At the end of each Round, or after the first attempt to attack
 * you, you lose the Surprised Condition." The fighters whose Surprised the turn
 * order just ended (the round's end, an attack, a Resolve point): their token
 * condition goes too.
 */
export function surpriseEndedFor(before: Pick<TurnsState, "combatants"> | null | undefined, after: Pick<TurnsState, "combatants">): string[] {
  // The same list: nobody's Surprised changed (states are never changed in place).
  if (!before || before.combatants === after.combatants) return [];
  return after.combatants.filter((c) => !c.surprised && byId(before.combatants, c.id)?.surprised).map((c) => c.id);
}

/**
 * The other way: the fighters the turn order has just made Surprised (the GM's
 * ruling during the fight), whose token takes the condition in the same step.
 * A fight's first state names nobody: a fighter starts Surprised only because
 * the condition is already on the token.
 */
export function surpriseBeganFor(before: Pick<TurnsState, "combatants"> | null | undefined, after: Pick<TurnsState, "combatants">): string[] {
  if (!before || before.combatants === after.combatants) return [];
  return after.combatants.filter((c) => c.surprised && byId(before.combatants, c.id)?.surprised === false).map((c) => c.id);
}

/**
 * "Disengage" II: "If you fail ... you cannot move": whether a fighter's token
 * is held where it stands now (for the rest of its turn, the turn order's
 * `pinned`). False for anyone the fight does not know.
 */
export function heldInPlace(state: Pick<TurnsState, "combatants"> | null | undefined, combatantId: string | null | undefined): boolean {
  return Boolean(combatantId && state?.combatants.find((c) => c.id === combatantId)?.pinned);
}

/** "Size": the size table's modifier for shooting at a target of this size; a size the table does not hold counts as a human's (0). */
export function sizeModifierFor(size: string): number {
  return Object.prototype.hasOwnProperty.call(SIZE_MODIFIERS, size) ? SIZE_MODIFIERS[size as Size] : 0;
}

/**
 * "Criticals": where a Critical Wound strikes on the Critical Table. The one
 * struck by the attack takes it where the blow landed; the attacker, struck by
 * the defender's own critical, where the defender's reversed roll points on the
 * fight's Hit Locations table. Our default where neither is known (a blow that
 * did not land, no defender's roll): the body.
 */
export function criticalLocation(onDefender: boolean, landed: Location | null, defenderRoll: number | null, table: readonly Band<Location>[]): Location {
  if (onDefender) return landed ?? "body";
  return defenderRoll !== null ? hitLocation(defenderRoll, table).location : "body";
}

/** "Criticals": "Your opponent receives an immediate Critical Wound": each critical rolled adds one to the sheet's count. */
export const CRITICAL_WOUNDS_PER_CRITICAL = 1;
