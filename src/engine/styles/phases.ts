/**
 * Phases' fighting styles (seed 001): whether a fighter defends against blows
 * and dodges shots, and what it declares in the Movement phase: to fight in
 * melee with the weapon it closes with, at the weapon's own range, engaging the
 * foe it has the best chance against.
 */
export interface PhasesStyle {
  /** Defend against blows (the default), or let them land for the sake of nothing but speed of play. */
  readonly defend: boolean;
}

export const PHASES_STYLES: Readonly<Record<string, PhasesStyle>> = {
  "stand-and-fight": { defend: true },
  reckless: { defend: false },
};

/** What the style declares for a round, as the declaration dialog would send it. */
export interface PhasesPlan {
  readonly action: "melee" | "missile" | "none";
  readonly movement: "stand";
  readonly weaponId: string;
  readonly range: string;
  readonly opponents: readonly string[];
  readonly defence: "none" | "dodge";
}

/**
 * The round's declaration: with a weapon, fight with it at its range (a bow at
 * near range) against the foe named; without one, do nothing. Shots are dodged
 * by a style that defends.
 */
export function phasesPlan(style: PhasesStyle, weapon: { readonly id: string; readonly missile: boolean; readonly range: string } | null, foe: string | null): PhasesPlan {
  const defence = style.defend ? "dodge" : "none";
  if (!weapon || !foe) return { action: "none", movement: "stand", weaponId: weapon?.id ?? "", range: "", opponents: [], defence };
  return { action: weapon.missile ? "missile" : "melee", movement: "stand", weaponId: weapon.id, range: weapon.missile ? "near" : weapon.range, opponents: [foe], defence };
}
