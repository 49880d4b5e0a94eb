/**
 * The pulse figure's own actions appear on its sheet only when they apply (a
 * stunned figure's recovery and nothing else, withdrawing from close combat,
 * working free of a net, pulling out a stuck weapon, an infected wound's day):
 * the shell reads where the figure stands, the engine decides.
 */
import { registerActionCondition } from "../../applications/sheets/actor-actions";
import { PULSE_SHEET_ACTIONS, pulseActionApplies, type PulseActionSituation } from "../../engine/rulesets/pulse/sheet-actions";
import { hasStatus } from "../status-effects";
import { view } from "./attack";
import { inClose } from "./fight";

export function pulseSituation(actor: Actor.Implementation): PulseActionSituation {
  const s = view(actor).stats;
  return { stunned: Boolean(s.stunned), infected: Boolean(s.infected), inClose: inClose(actor), entangled: hasStatus(actor, "entangled"), stuckPenalty: s.stuckPenalty };
}

export function registerPulseSheetActions(): void {
  for (const id of PULSE_SHEET_ACTIONS) registerActionCondition("pulse", id, (actor) => pulseActionApplies(id, pulseSituation(actor)));
}
