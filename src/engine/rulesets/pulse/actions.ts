/**
 * [13]-[15] what a figure may do in a pulse: the engaged and non-engaged action
 * lists, how far each lets it move, and the modAG restrictions.
 */
import { ok, type Outcome } from "../../outcome";
import { pulseRefuse } from "./refusals";

export const ENGAGED_ACTIONS = ["meleeAttack", "evade", "withdraw", "pass", "cast", "closeAndGrapple"] as const;
export const CLOSE_ACTIONS = ["grapple", "pass", "withdraw"] as const;
export const NON_ENGAGED_ACTIONS = [
  "move",
  "charge",
  "chargeAndClose",
  "evade",
  "retreat",
  "fire",
  "cast",
  "pass",
  "crawl",
] as const;
export const ALL_ACTIONS = [
  "meleeAttack",
  "evade",
  "withdraw",
  "pass",
  "cast",
  "closeAndGrapple",
  "grapple",
  "move",
  "charge",
  "chargeAndClose",
  "retreat",
  "fire",
  "crawl",
  "recoverFromStun",
] as const;
export type PulseAction = (typeof ALL_ACTIONS)[number];
export type Situation = "engaged" | "close" | "free";

/** [13], [13.7], [14]: the actions open in each situation; a stunned figure may only recover [15]. */
export function actionsFor(situation: Situation, stunned: boolean): readonly PulseAction[] {
  if (stunned) return ["recoverFromStun"];
  if (situation === "close") return CLOSE_ACTIONS;
  if (situation === "engaged") return ENGAGED_ACTIONS;
  return NON_ENGAGED_ACTIONS;
}

/**
 * [15] "While stunned, only action allowed is to recover from stun": whatever a
 * stunned figure tries from its sheet, a card or the tracker (an attack, a
 * riposte, closing, a jump, mounting, working free, withdrawing, magic) is
 * refused, at any time, in a running pulse or not; only the recovery roll [19]
 * is open.
 */
export function checkStunnedMay(stunned: boolean, action: PulseAction): Outcome<true> {
  return stunned && action !== "recoverFromStun" ? pulseRefuse("stunnedOnlyRecovers") : ok(true);
}

/** [15] actions whose TMR shifts with modAG. */
const SLOW_ACTIONS: readonly PulseAction[] = ["meleeAttack", "evade", "retreat", "pass", "charge"];
const QUICK_ACTIONS: readonly PulseAction[] = ["meleeAttack", "evade", "withdraw", "pass", "retreat"];
/** [15] actions a figure with modAG 26+ may pair in one pulse. */
export const COMBINABLE_ACTIONS: readonly PulseAction[] = [
  "meleeAttack",
  "evade",
  "withdraw",
  "pass",
  "closeAndGrapple",
  "grapple",
  "charge",
  "chargeAndClose",
  "retreat",
  "fire",
];

/** [15] TMR change for an action: -1 at modAG 8 or less (charge only with a pole weapon), +1 at 22-25. */
export function agilityTmrShift(modAG: number, action: PulseAction, poleWeapon: boolean): number {
  if (modAG <= 8 && SLOW_ACTIONS.includes(action) && (action !== "charge" || poleWeapon)) return -1;
  if (modAG >= 22 && modAG <= 25 && QUICK_ACTIONS.includes(action)) return 1;
  return 0;
}

export interface MoveContext {
  readonly tmr: number;
  readonly modAG: number;
  /** In the melee zone of the opponent (or of the defender being attacked). */
  readonly inOpponentZone: boolean;
  readonly poleWeapon: boolean;
  readonly loadedCrossbow: boolean;
}

export interface MoveAllowance {
  /** Hexes the figure may move. */
  readonly hexes: number;
  /** How facing may change: freely, once, only after the action, or not at all. */
  readonly facing: "free" | "once" | "after" | "none";
  /** [14.2-8] retreat moves straight back. */
  readonly backwardOnly: boolean;
}

const half = (n: number) => Math.floor(n / 2);

/**
 * [13.1]-[13.5], [14.1], [14.2-8]: how far an action lets the figure move. TMR is
 * after armour; the modAG shift [15] applies to the actions it names. Halves and
 * quarters round down (the seed says so for crawling; we read the others alike).
 */
export function moveAllowance(action: PulseAction, c: MoveContext): MoveAllowance {
  const tmr = Math.max(1, c.tmr + agilityTmrShift(c.modAG, action, c.poleWeapon));
  const atLeastOne = (n: number) => Math.max(1, n);
  switch (action) {
    case "meleeAttack":
      return c.inOpponentZone ? { hexes: 1, facing: "once", backwardOnly: false } : { hexes: half(tmr), facing: "after", backwardOnly: false };
    case "evade":
      return c.inOpponentZone ? { hexes: 1, facing: "once", backwardOnly: false } : { hexes: half(tmr), facing: "free", backwardOnly: false };
    case "withdraw":
      return c.inOpponentZone ? { hexes: 1, facing: "none", backwardOnly: true } : { hexes: tmr, facing: "free", backwardOnly: false };
    case "pass":
      return { hexes: c.inOpponentZone ? 1 : 2, facing: "free", backwardOnly: false };
    case "cast":
      return { hexes: 0, facing: c.inOpponentZone ? "none" : "after", backwardOnly: false };
    case "closeAndGrapple":
    case "grapple":
      return { hexes: 1, facing: "none", backwardOnly: false };
    case "move":
      return { hexes: atLeastOne(tmr), facing: "free", backwardOnly: false };
    case "charge":
      return { hexes: c.poleWeapon ? tmr : half(tmr), facing: "free", backwardOnly: false };
    case "chargeAndClose":
      return { hexes: half(tmr), facing: "none", backwardOnly: false };
    case "retreat":
      return { hexes: 2, facing: "none", backwardOnly: true };
    case "fire":
      return { hexes: c.loadedCrossbow ? 2 : 0, facing: c.loadedCrossbow ? "free" : "none", backwardOnly: false };
    case "crawl":
      return { hexes: Math.floor(tmr / 4), facing: "free", backwardOnly: false };
    case "recoverFromStun":
      return { hexes: 0, facing: "none", backwardOnly: false };
  }
}

/** [14.1] jumping spends 1 TMR per 5 feet (an AG roll decides the landing). */
export const jumpCost = (feet: number) => Math.ceil(feet / 5);

/** [15] "Figures with modAG >= 26 may combine 2 of these actions in 1 pulse". */
export const mayCombineActions = (modAG: number) => modAG >= 26;

/**
 * [15] the actions a figure declares for one pulse: one action, or two from the
 * combinable list at modAG 26 or more; a stunned figure only recovers.
 */
export function checkDeclaredActions(actions: readonly PulseAction[], modAG: number, situation: Situation, stunned: boolean): Outcome<true> {
  const open = actionsFor(situation, stunned);
  for (const a of actions) if (!open.includes(a)) return stunned ? pulseRefuse("stunnedOnlyRecovers") : pulseRefuse("actionNotAllowed", { action: a });
  if (actions.length === 0) return pulseRefuse("actionNotAllowed", { action: "" });
  if (actions.length === 1) return ok(true);
  if (actions.length > 2 || !mayCombineActions(modAG)) return pulseRefuse("tooManyActions", { max: mayCombineActions(modAG) ? 2 : 1 });
  for (const a of actions) if (!COMBINABLE_ACTIONS.includes(a)) return pulseRefuse("actionNotAllowed", { action: a });
  return ok(true);
}

/**
 * [13.5], [15]: a figure that named Cast this pulse and is attacked, in melee or
 * at range, owes a concentration check (the check itself, 29.5, is the group's
 * book: the card only says it is due).
 */
export function concentrationDue(declared: readonly string[] | undefined): boolean {
  return Boolean(declared?.includes("cast"));
}
