/**
 * Refusal codes of the `pulse` rules: bad input from a sheet or dialog comes back
 * as one of these (with a lang key), never as an exception.
 */
import { isWholeNumber, refuse, type Outcome } from "../../outcome";
import { figureChecks } from "../figures";

const M = "BOUT.Pulse.Refusal.";

export const PULSE_REFUSALS = {
  notANumber: { code: "pulse.notANumber", message: `${M}NotANumber` },
  outOfRange: { code: "pulse.outOfRange", message: `${M}OutOfRange` },
  weaponCannot: { code: "pulse.weaponCannot", message: `${M}WeaponCannot` },
  targetTooLarge: { code: "pulse.targetTooLarge", message: `${M}TargetTooLarge` },
  rankTooLow: { code: "pulse.rankTooLow", message: `${M}RankTooLow` },
  stunnedOnlyRecovers: { code: "pulse.stunnedOnlyRecovers", message: `${M}StunnedOnlyRecovers` },
  actionNotAllowed: { code: "pulse.actionNotAllowed", message: `${M}ActionNotAllowed` },
  attackNotOpen: { code: "pulse.attackNotOpen", message: `${M}AttackNotOpen` },
  tooManyActions: { code: "pulse.tooManyActions", message: `${M}TooManyActions` },
  noShield: { code: "pulse.noShield", message: `${M}NoShield` },
  mixedAttacks: { code: "pulse.mixedAttacks", message: `${M}MixedAttacks` },
  repeatedTarget: { code: "pulse.repeatedTarget", message: `${M}RepeatedTarget` },
  notAdjacent: { code: "pulse.notAdjacent", message: `${M}NotAdjacent` },
  mountedAhead: { code: "pulse.mountedAhead", message: `${M}MountedAhead` },
  mountedTwoHanded: { code: "pulse.mountedTwoHanded", message: `${M}MountedTwoHanded` },
  mountedFireMoving: { code: "pulse.mountedFireMoving", message: `${M}MountedFireMoving` },
  mountedTwoWeapons: { code: "pulse.mountedTwoWeapons", message: `${M}MountedTwoWeapons` },
  mountedMoving: { code: "pulse.mountedMoving", message: `${M}MountedMoving` },
  riderFront: { code: "pulse.riderFront", message: `${M}RiderFront` },
  chargeStraight: { code: "pulse.chargeStraight", message: `${M}ChargeStraight` },
  momentumAhead: { code: "pulse.momentumAhead", message: `${M}MomentumAhead` },
  monsterMove: { code: "pulse.monsterMove", message: `${M}MonsterMove` },
  notAtTime: { code: "pulse.notAtTime", message: `${M}NotAtTime` },
  weaponBroken: { code: "pulse.weaponBroken", message: `${M}WeaponBroken` },
  weaponNotInHand: { code: "pulse.weaponNotInHand", message: `${M}WeaponNotInHand` },
  notYourMove: { code: "pulse.notYourMove", message: `${M}NotYourMove` },
  moveTooFar: { code: "pulse.moveTooFar", message: `${M}MoveTooFar` },
  stopInZone: { code: "pulse.stopInZone", message: `${M}StopInZone` },
  repulseOutOfZone: { code: "pulse.repulseOutOfZone", message: `${M}RepulseOutOfZone` },
  outOfMeleeZone: { code: "pulse.outOfMeleeZone", message: `${M}OutOfMeleeZone` },
  movedTooFar: { code: "pulse.movedTooFar", message: `${M}MovedTooFar` },
} as const;

export type PulseRefusalId = keyof typeof PULSE_REFUSALS;

export function pulseRefuse<T = never>(id: PulseRefusalId, data?: Record<string, string | number>): Outcome<T> {
  const r = PULSE_REFUSALS[id];
  return refuse<T>(r.code, r.message, data);
}

// The shared figure check (figures.ts), refused in pulse's words (its message names the limits, not the value).
const figures = figureChecks((which, { value: _value, ...data }) => pulseRefuse(which === "notNumber" ? "notANumber" : "outOfRange", data));

/**
 * One whole-number field within its limits, or its refusal; null when it passes.
 * Builds nothing unless it refuses: the duel loops check every attack's figures.
 */
export function checkWholeField(name: string, value: unknown, min: number, max: number): Outcome<true> | null {
  // A figure that passes (every one, in a duel) is answered here: the shared check only words the refusal.
  if (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) return null;
  return figures.checkFigure(name, value, min, max);
}

/** checkWholeField for each term's value in order, the fields named `${prefix}0`, `${prefix}1`, ... */
export function checkWholeTerms(prefix: string, terms: readonly { readonly value: unknown }[], min: number, max: number): Outcome<true> | null {
  for (let i = 0; i < terms.length; i++) {
    const value = terms[i]!.value;
    if (!isWholeNumber(value) || value < min || value > max) return checkWholeField(`${prefix}${i}`, value, min, max);
  }
  return null;
}

/**
 * Checks that every named field is a whole number within its limits; the first
 * failure becomes the refusal. Form input and query payloads arrive untyped.
 */
export function checkWholeFields(
  fields: Readonly<Record<string, readonly [value: unknown, min: number, max: number]>>,
): Outcome<true> | null {
  for (const [name, [value, min, max]] of Object.entries(fields)) {
    const bad = checkWholeField(name, value, min, max);
    if (bad) return bad;
  }
  return null;
}
