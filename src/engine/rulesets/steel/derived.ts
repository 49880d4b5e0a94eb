/**
 * The values the seed works out from the attributes. The seed names Reflex,
 * Knockdown, Knockout, Aim and Move without formulas; these averages are our
 * defaults (the group may change them here), and the Combat Pool is Reflex plus
 * combat Proficiency, as the pool paragraphs imply.
 */
import type { SteelActor, SteelArmor, SteelShield } from "./stats";

const half = (a: number, b: number) => Math.floor((a + b) / 2);

export const reflexOf = (a: SteelActor) => half(a.agility, a.wit);
export const aimOf = (a: SteelActor) => half(a.wit, a.perception);
export const knockdownOf = (a: SteelActor) => half(a.strength, a.agility);
export const knockoutOf = (a: SteelActor) => half(a.toughness, a.willpower);
export const moveOf = (a: SteelActor) => Math.floor((a.strength + a.agility + a.endurance) / 2);

/** Pain left after Will resists it ("Shock and Pain": Will resists Pain, never Shock). */
export const effectivePain = (a: SteelActor) => Math.max(0, a.pain - a.willpower);

/** The Combat Pool before armour, pain, light and footing. */
export const basePoolOf = (a: SteelActor) => reflexOf(a) + a.proficiency;

/** The Missile Pool's cap: Aim plus missile Proficiency ("Missile Pool & Refresh"). */
export const missilePoolMaxOf = (a: SteelActor) => aimOf(a) + a.missileProficiency;

/** Sum of the CP penalties of worn armour; leg armour's is cancelled on horseback ("Mounted modifiers"). */
export function armourPenalty(armour: readonly SteelArmor[], shields: readonly SteelShield[], mounted = false): number {
  let total = 0;
  for (const piece of armour) {
    const legOnly = piece.covers.legs && !piece.covers.torso && !piece.covers.arms && !piece.covers.head && !piece.covers.neck;
    if (mounted && legOnly) continue;
    total += piece.cpPenalty;
  }
  for (const s of shields) total += s.cpPenalty;
  return total;
}

/** The best armour value over a region from the pieces worn (pieces do not stack). */
export function armourAt(armour: readonly SteelArmor[], region: keyof SteelArmor["covers"]): number {
  let best = 0;
  for (const piece of armour) if (piece.covers[region]) best = Math.max(best, piece.av);
  return best;
}
