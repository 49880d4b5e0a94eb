/**
 * [16.5] Entangle: a figure caught by a net, whip or bola works free by spending
 * two consecutive Pass actions. In a running fight "consecutive" means this
 * pulse or the one after the last Pass; outside one, any two Passes in a row.
 */
export const DISENTANGLE_PASSES = 2;

/** The Passes spent so far, and when the last one was. */
export interface PassRecord {
  /** The fight it was spent in ("" outside one). */
  readonly fight: string;
  readonly pulse: number;
  readonly passes: number;
}

/** `needed`: the consecutive Passes that free the figure, for the card to say how far along it is. */
export function passToDisentangle(last: PassRecord | null, now: { readonly fight: string; readonly pulse: number }): { readonly free: boolean; readonly record: PassRecord; readonly needed: number } {
  const follows = last !== null && last.fight === now.fight && (now.fight === "" || now.pulse === last.pulse || now.pulse === last.pulse + 1);
  const passes = (follows ? last!.passes : 0) + 1;
  return { free: passes >= DISENTANGLE_PASSES, record: { fight: now.fight, pulse: now.pulse, passes }, needed: DISENTANGLE_PASSES };
}
