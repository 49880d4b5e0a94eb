/**
 * What a figure's token may still move this pulse, as seed
 * 004_2f46e4f6196f6037.txt counts it: [14.1] hexes jumped count as moved;
 * [23] the pulse after a mounted charge the mount runs on its full TMR past the
 * target whatever the action, and a walk into a foe's melee zone stops at its
 * first hex unless the mount is carried on. The shell reads the walk from the
 * movement record; this file adds it up.
 */
import type { PulsesState } from "../../time/pulses";
import { momentumHexes } from "./mounted";

/** [23] hexes the mount owes this pulse after last pulse's mounted charge (0: none). */
export function momentumOwed(state: Pick<PulsesState, "pulse" | "momentum">, combatantId: string): number {
  const owed = state.momentum?.[combatantId];
  return owed && owed.pulse === state.pulse ? owed.hexes : 0;
}

/** [14.1], [23] the limit of this pulse's movement (the action's, at least the run-on owed) and what is already used of it (walked, turned and jumped). */
export function moveBudget(m: { readonly limit: number; readonly momentum: number; readonly moved: number; readonly jumped: number }): { readonly limit: number; readonly used: number } {
  return { limit: Math.max(m.limit, m.momentum), used: m.moved + m.jumped };
}

/** [14.1] a walk stops at the first hex of a foe's melee zone; [23] a mount carried on by its charge runs past regardless. */
export const stopsAtZones = (momentum: number): boolean => momentum <= 0;

/** [14.1] "Fire ... two hexes with a loaded crossbow": our reading, a crossbow carried ready counts as loaded. */
export const crossbowLoaded = (weapons: readonly { readonly equipped: boolean; readonly stats: { readonly crossbow?: boolean } }[]): boolean =>
  weapons.some((w) => w.equipped && Boolean(w.stats.crossbow));

/** [23] a rider's charge: the next pulse the mount runs on its full TMR past the target (null: no mounted charge). */
export function chargeRunOn(mounted: boolean, charging: boolean, mountTmr: number): number | null {
  return mounted && charging ? momentumHexes(mountTmr) : null;
}

