/**
 * Pulse's fighting styles (seed 004): whether a figure evades a blow (a wide
 * miss may then be parried, [17.4]) or stands, and its engagement order choice.
 */
export interface PulseStyle {
  /** Evade (a wide miss may be parried) or stand. */
  readonly evade: boolean;
}

export const PULSE_STYLES: Readonly<Record<string, PulseStyle>> = {
  "evade-and-parry": { evade: true },
  "stand-fast": { evade: false },
};

/** The answer to a blow: a stunned figure cannot evade ([19]), so it stands. */
export const pulseAnswer = (style: PulseStyle, stunned: boolean): "evade" | "stand" => (style.evade && !stunned ? "evade" : "stand");

/** [12.3] the higher IV of an engagement acts first: every style takes the first blow. */
export const pulseOrder = (_style: PulseStyle): "first" | "last" => "first";
