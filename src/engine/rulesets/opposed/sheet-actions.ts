/**
 * Which of an opposed fighter's own actions (the sheet's header buttons) apply to
 * it now, so a sheet offers only those. The shell still refuses an action run
 * anyway; this only keeps buttons that could only refuse off the sheet.
 */

/** Where the fighter stands, as far as these actions care. */
export interface OpposedActionSituation {
  /** It has the Surprised Condition (in the running fight, or as the token's condition). */
  readonly surprised: boolean;
}

export function opposedActionApplies(id: string, s: OpposedActionSituation): boolean {
  switch (id) {
    // "Surprise!": a Resolve point removes the Surprised Condition, so only the surprised have one to spend on it.
    case "shakeOff":
      return s.surprised;
    default:
      return true;
  }
}
