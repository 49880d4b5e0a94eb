/**
 * The steel fighter's own actions appear on its sheet only when they apply
 * (a ride-by at a canter or gallop, riders passing, buying initiative from its holder): the
 * shell reads where the fighter stands in the running fight, the engine decides.
 */
import { registerActionCondition } from "../../applications/sheets/actor-actions";
import { NOT_FIGHTING, steelActionApplies, type SteelActionSituation } from "../../engine/rulesets/steel/sheet-actions";
import { gaitOf } from "../../engine/rulesets/steel/mounted";
import { fighterOf } from "./attack";
import { boutIn, boutsState } from "./bouts-state";

export function steelSituation(actor: Actor.Implementation): SteelActionSituation {
  const me = fighterOf(actor);
  if (!me) return NOT_FIGHTING;
  const bout = boutIn(null, me.boutId);
  const holder = bout?.initiative ?? null;
  const gait = gaitOf(me.gait);
  const mountedFoe = (boutsState()?.combatants ?? []).some((c) => c.id !== me.id && c.boutId === me.boutId && Boolean(c.mounted));
  return { inBout: true, mounted: Boolean(me.mounted), gait, initiative: holder === null ? null : holder === me.id ? "self" : "other", mountedFoe, exchange: bout?.exchange ?? 0 };
}

export function registerSteelSheetActions(): void {
  for (const id of ["gait", "rideBy", "ridersPass", "buyInitiative"]) registerActionCondition("steel", id, (actor) => steelActionApplies(id, steelSituation(actor)));
}
