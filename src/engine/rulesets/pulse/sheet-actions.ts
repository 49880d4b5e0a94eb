/**
 * Which of a pulse figure's own actions (the sheet's header buttons) apply to it
 * now, so a sheet offers only those. The shell still refuses an action run
 * anyway; this only keeps buttons that could only refuse off the sheet.
 */
import { checkStunnedMay, type PulseAction } from "./actions";

/** Where the figure stands, as far as these actions care. */
export interface PulseActionSituation {
  readonly stunned: boolean;
  readonly infected: boolean;
  /** In close combat [13.7]. */
  readonly inClose: boolean;
  /** Caught by a net, whip or bola [14]. */
  readonly entangled: boolean;
  /** The Agility lost to a weapon stuck in it [20.4]; 0 when none is. */
  readonly stuckPenalty: number;
}

/** The action each sheet button takes in the fight, for the stun rule; the infection rolls come after the fight. */
const ACTS: Readonly<Record<string, PulseAction | null>> = {
  jump: "move",
  mount: "move",
  close: "closeAndGrapple",
  closeWithdraw: "withdraw",
  disentangle: "pass",
  pullOut: "pass",
  magic: "cast",
  recover: "recoverFromStun",
  infection: null,
  infectionDay: null,
};

/** The sheet actions the pulse table registers. */
export const PULSE_SHEET_ACTIONS: readonly string[] = Object.keys(ACTS);

export function pulseActionApplies(id: string, s: PulseActionSituation): boolean {
  const act = ACTS[id];
  // [15] "While stunned, only action allowed is to recover from stun".
  if (act && !checkStunnedMay(s.stunned, act).ok) return false;
  switch (id) {
    // [19] the recovery roll is for a stunned figure.
    case "recover":
      return s.stunned;
    // [13.7] withdrawing is a close-combat action.
    case "closeWithdraw":
      return s.inClose;
    // [14] two Passes free an entangled figure.
    case "disentangle":
      return s.entangled;
    // [20.4] a Pass removes the stuck weapon.
    case "pullOut":
      return s.stuckPenalty > 0;
    // [24] the daily roll of an infected wound.
    case "infectionDay":
      return s.infected;
    default:
      return true;
  }
}
