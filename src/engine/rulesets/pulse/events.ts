/**
 * What a chat card renders: one event per thing that happened, its label a lang
 * key under BOUT.Pulse.Event and its figures plain numbers.
 */
export interface PulseEvent {
  readonly type: string;
  readonly key: string;
  readonly data: Readonly<Record<string, number | string | boolean>>;
}

export function pulseEvent(type: string, data: Record<string, number | string | boolean> = {}): PulseEvent {
  return { type, key: `BOUT.Pulse.Event.${type}`, data };
}

/** A labelled term of a sum (a strike chance, a damage total), for the card's breakdown. */
export interface Term {
  readonly key: string;
  readonly value: number;
}

export function sumTerms(terms: readonly Term[]): number {
  let total = 0;
  for (const t of terms) total += t.value;
  return total;
}
