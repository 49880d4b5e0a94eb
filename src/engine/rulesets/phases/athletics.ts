/**
 * The sprinter's Athletics roll ("1. Movement", seed 001: the storyguide may
 * ask sprinting characters for one to avoid falling or hurting themselves,
 * above all on uneven ground). The seed gives no ease factor: ours is 6, like
 * the other checks, and the GM can set another. A failure means a fall; what the
 * fall costs is the storyguide's call.
 */
import { labelled, said, type Dice } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { event, type PhasesEvent, type Resolution } from "./events";
import { checkFigures } from "./refusals";
import { rollStressTotal } from "./stress";

export const DEFAULT_ATHLETICS_EASE = 6;

export interface AthleticsInput {
  /** Who runs or leaps (a fighter reference), to name the die on the card. */
  readonly id?: string;
  readonly athletics: number;
  /** Wound and fatigue penalties, 0 or less. */
  readonly penalty?: number;
  readonly ease?: number;
}

export interface AthleticsResult {
  readonly total: number;
  readonly ease: number;
  readonly passed: boolean;
  readonly botched: boolean;
}

/** Stress die + Athletics + penalties against the ease factor; a botch always falls. */
export function rollAthletics(input: AthleticsInput, dice: Dice, botchDice = 1): Outcome<Resolution<AthleticsResult>> {
  const f = checkFigures({ athletics: input?.athletics, penalty: input?.penalty, ease: input?.ease }, -200, 200, ["penalty", "ease"]);
  if (!f.ok) return f;
  const rolled = labelled(dice, () => said(input.id, "BOUT.Card.Roll.Phases.athletics", { ease: input.ease ?? DEFAULT_ATHLETICS_EASE }), () => rollStressTotal(input.athletics + (input.penalty ?? 0), dice, botchDice));
  if (!rolled.ok) return rolled;
  const ease = input.ease ?? DEFAULT_ATHLETICS_EASE;
  const { total, botched } = rolled.value;
  const passed = !botched && total >= ease;
  const events: PhasesEvent[] = [event("athletics", { total, ease }), event(passed ? "keptFooting" : "fell")];
  return ok({ result: { total, ease, passed, botched }, events });
}
