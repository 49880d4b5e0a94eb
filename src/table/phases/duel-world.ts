/** The simulator plays the world's wound and fatigue tracks, as the cards read them. */
import { registerDuelWorld } from "../../applications/duel/duel-world";
import { ok } from "../../engine/outcome";
import { phasesTracks } from "../../settings";

export function registerPhasesDuelWorld(): void {
  registerDuelWorld("phases", () => ok({ phases: { tracks: phasesTracks() } }));
}
