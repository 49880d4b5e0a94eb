/**
 * Where and after how much movement a figure may attack in a pulse (seed
 * 004_2f46e4f6196f6037.txt):
 *
 * - [13.1] a melee attack is made on a figure in the attacker's melee zone
 *   (its front hexes; [16.4] "All targets must be in adjacent hexes in the
 *   attacker's melee zone" for a sweep). A blow at a figure beyond it does not
 *   reach. Where the map says nothing (no hex scene, no tokens) the table's
 *   word stands. A riposte [17.4] is left out by the shell: the parry it comes
 *   from may meet "attacks not coming from the defender's melee zone".
 * - [13.1], [14.2-8] the attack and the figure's movement in the pulse are one
 *   action: an engaged figure may shift one hex within the defender's zone, or
 *   move half its TMR when it is not in it; a free figure attacks in melee as a
 *   Charge (half TMR, its whole TMR with a pole weapon); a shot lets it move
 *   nothing (two hexes with a loaded crossbow). A figure that walked farther
 *   this pulse cannot attack in it. Whether the figure stood in the defender's
 *   zone is read where it stood when the pulse began.
 */
import { ok, type Outcome } from "../../outcome";
import { moveAllowance, type PulseAction } from "./actions";
import { pulseRefuse } from "./refusals";

/** [16.4] the three kinds of attack (as the pulse's record names them). */
export type AttackType = "melee" | "fire" | "grapple";

/** [13.1] a blow reaches a figure in the attacker's melee zone; `inZone` null: the map does not say. */
export function checkMeleeReach(type: AttackType, inZone: boolean | null): Outcome<true> {
  return type === "melee" && inZone === false ? pulseRefuse("outOfMeleeZone") : ok(true);
}

/**
 * The action an attack is, for its movement: the one the figure named this
 * pulse when it names an attack, else by the kind of attack and whether the
 * figure was engaged when the pulse began.
 */
export function attackAction(type: AttackType, engaged: boolean, named?: readonly PulseAction[]): PulseAction {
  const attacks: readonly PulseAction[] = type === "fire" ? ["fire"] : type === "grapple" ? ["grapple", "closeAndGrapple", "chargeAndClose"] : ["meleeAttack", "charge"];
  const chosen = named?.find((a) => attacks.includes(a));
  if (chosen) return chosen;
  return type === "fire" ? "fire" : type === "grapple" ? "grapple" : engaged ? "meleeAttack" : "charge";
}

export interface MoveBeforeAttack {
  /** Hexes the figure has moved this pulse. */
  readonly moved: number;
  readonly action: PulseAction;
  /** TMR after armour, modAG, and the weapon (a pole weapon charges its whole TMR). */
  readonly tmr: number;
  readonly modAG: number;
  readonly poleWeapon: boolean;
  readonly loadedCrossbow: boolean;
  /** [13.1] the figure stood in the defender's melee zone when the pulse began. */
  readonly startedInZone: boolean;
}

/** [13.1], [14.2-8]: refused when the figure has moved this pulse farther than the attack's action allows. */
export function checkMoveBeforeAttack(m: MoveBeforeAttack): Outcome<true> {
  const allowed = moveAllowance(m.action, { tmr: m.tmr, modAG: m.modAG, inOpponentZone: m.startedInZone, poleWeapon: m.poleWeapon, loadedCrossbow: m.loadedCrossbow }).hexes;
  return m.moved > allowed ? pulseRefuse("movedTooFar", { moved: m.moved, allowed, action: m.action }) : ok(true);
}
