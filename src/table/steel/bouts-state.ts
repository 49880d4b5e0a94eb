/**
 * Where the steel shell reads the bouts machine's state: one place, through
 * the runner's machineStateOf, so every reader checks the fight runs bouts.
 */
import { machineStateOf } from "../cards";
import type { Bout, BoutsState } from "../../engine/time/bouts";

/** The bouts state of that fight (the current fight when no id is given), or null when it runs no bouts yet. */
export function boutsState(combatId?: string | null): BoutsState | null {
  return machineStateOf<BoutsState>(combatId ?? game.combat?.id ?? "", "bouts");
}

/** The bout of that id in that fight, if any. */
export function boutIn(combatId: string | null | undefined, boutId: string | null | undefined): Bout | undefined {
  return boutId ? boutsState(combatId)?.bouts.find((b) => b.id === boutId) : undefined;
}
