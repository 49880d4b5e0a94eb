/**
 * The opposed fighter's own actions appear on its sheet only when they apply
 * (shaking off surprise while Surprised): the shell reads where the fighter
 * stands, the engine decides.
 */
import { registerActionCondition } from "../../applications/sheets/actor-actions";
import { opposedActionApplies, type OpposedActionSituation } from "../../engine/rulesets/opposed/sheet-actions";
import { isSurprised } from "./surprise";

export function opposedSituation(actor: Actor.Implementation): OpposedActionSituation {
  return { surprised: isSurprised(actor, game.combat?.id ?? "") };
}

export function registerOpposedSheetActions(): void {
  for (const id of ["shakeOff"]) registerActionCondition("opposed", id, (actor) => opposedActionApplies(id, opposedSituation(actor)));
}
