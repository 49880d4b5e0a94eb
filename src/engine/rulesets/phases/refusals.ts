/**
 * Why the phases rules refuse a request: a stable code and a key under
 * BOUT.Phases.Refusal. Figures from forms arrive untyped, so every one is checked.
 */
import { refuse, type Outcome } from "../../outcome";
import { figureChecks } from "../figures";

const K = "BOUT.Phases.Refusal.";

export const PHASES_REFUSALS = {
  notNumber: { code: "phases.notNumber", key: `${K}NotNumber` },
  outOfRange: { code: "phases.outOfRange", key: `${K}OutOfRange` },
  badChoice: { code: "phases.badChoice", key: `${K}BadChoice` },
  routing: { code: "phases.routing", key: `${K}Routing` },
  outOfReach: { code: "phases.outOfReach", key: `${K}OutOfReach` },
  noFiring: { code: "phases.noFiring", key: `${K}NoFiring` },
  notMissile: { code: "phases.notMissile", key: `${K}NotMissile` },
  notReady: { code: "phases.notReady", key: `${K}NotReady` },
  noRunUp: { code: "phases.noRunUp", key: `${K}NoRunUp` },
  trackRises: { code: "phases.trackRises", key: `${K}TrackRises` },
  trackBack: { code: "phases.trackBack", key: `${K}TrackBack` },
  trackEnd: { code: "phases.trackEnd", key: `${K}TrackEnd` },
} as const;

export type PhasesRefusal = keyof typeof PHASES_REFUSALS;

export function phasesRefuse<T = never>(which: PhasesRefusal, data?: Record<string, string | number>): Outcome<T> {
  const r = PHASES_REFUSALS[which];
  return refuse<T>(r.code, r.key, data);
}

/** Whole-number figures, refused in phases' words (figures.ts). */
export const { checkFigure, checkFigures } = figureChecks(phasesRefuse);

/** A flag from a form: a boolean or absent. */
export function checkFlags(values: Readonly<Record<string, unknown>>): Outcome<true> {
  for (const [field, v] of Object.entries(values)) if (v !== undefined && typeof v !== "boolean") return phasesRefuse("badChoice", { field });
  return { ok: true, value: true };
}
