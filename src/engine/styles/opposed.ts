/**
 * Opposed's fighting styles (seed 003): how a fighter opposes a melee attack.
 * "Best" weighs the two skills by the exact chance the test gives (the higher
 * target number stops more blows at the same difficulty).
 */
export interface OpposedStyle {
  /** How the fighter opposes a melee attack: with Melee, with Dodge, the better of the two, or not at all. */
  readonly oppose: "melee" | "dodge" | "best" | "none";
}

export const OPPOSED_STYLES: Readonly<Record<string, OpposedStyle>> = {
  "parry-everything": { oppose: "melee" },
  "dodge-everything": { oppose: "dodge" },
  "best-defence": { oppose: "best" },
  reckless: { oppose: "none" },
};

/** The skill the style opposes with, given the fighter's Melee and Dodge targets: Melee on a tie. */
export function opposition(style: OpposedStyle, melee: number, dodge: number): "melee" | "dodge" | "none" {
  if (style.oppose === "best") return dodge > melee ? "dodge" : "melee";
  return style.oppose;
}
