/**
 * Which weapon a fighter closes with in a simulated duel: the melee weapon in hand
 * (equipped), else the first melee weapon it carries (an archer drops the bow and
 * draws the sword when the foe is at arm's length), else bare hands. Each adapter
 * says what counts as melee in its ruleset; the simulator reports the name.
 */
import type { ItemView } from "../rulesets/ruleset";

export interface ChosenWeapon<W> {
  /** The weapon's figures, or null for bare hands. */
  readonly stats: W | null;
  /** The item's name; empty for bare hands (the report names them). */
  readonly name: string;
}

export function closeWeapon<W>(weapons: readonly ItemView<any>[], isMelee: (stats: W) => boolean): ChosenWeapon<W> {
  const melee = weapons.filter((w) => isMelee(w.stats as W));
  const chosen = melee.find((w) => w.equipped) ?? melee[0];
  return chosen ? { stats: chosen.stats as W, name: chosen.name } : { stats: null, name: "" };
}
