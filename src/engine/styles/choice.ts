/**
 * What every style shares: "GM decides" (no style: the GM chooses by hand), and
 * the one way a style picks among options it can weigh with the engine's exact
 * odds (the best chance, the first on a tie, so the same state and the same
 * odds always give the same choice).
 */

/** The style that is no style: the GM decides for the fighter, as without styles. */
export const GM_DECIDES = "gm";

/** An option with the engine's exact chance of what the style wants from it (to land a blow, to stop one). */
export interface Weighed<T> {
  readonly value: T;
  readonly chance: number;
}

/** The option with the highest chance; the first of them on a tie; null with none. */
export function best<T>(options: readonly Weighed<T>[]): T | null {
  let chosen: Weighed<T> | null = null;
  for (const o of options) if (!chosen || o.chance > chosen.chance + 1e-12) chosen = o;
  return chosen ? chosen.value : null;
}

/** The option with the lowest chance (of being hit); the first of them on a tie; null with none. */
export function least<T>(options: readonly Weighed<T>[]): T | null {
  return best(options.map((o) => ({ value: o.value, chance: -o.chance })));
}
