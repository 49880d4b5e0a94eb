/**
 * What a fumble or a critical does, as changes the shell applies once
 * ("Criticals and Fumbles", "Oops!", "Misfire"):
 * - 01–20 a Wound lost, past Toughness Bonus and armour;
 * - 21–40 the weapon takes 1 Damage and its wielder acts last next round;
 * - 41–60 −10 to next round's Action;  61–70 the next Move lost;  71–80 the next Action lost;
 * - 81–90 a minor Torn Muscle, counted as a Critical Wound;
 * - 91–00 a hit on someone picked at random among the others in the fight, the
 *   units die as SL; with nobody else there, Stunned instead;
 * - a misfire: full Damage to the primary arm, units die as SL, the weapon ruined.
 * A critical rolls the critical table (editable data) at the hit's location.
 * Who counts as "in range" for the 91–00 hit is the GM's: the shell offers everyone else in the fight.
 */
import { labelled, markLookup, rollOne, said, type Dice } from "../../dice";
import type { OopsTurnEffect } from "../../time/turns";
import { hitLocation, woundsSuffered, type WoundsResult } from "./damage";
import { event, type OpposedEvent } from "./events";
import type { FumbleOutcome } from "./oops";
import type { Location } from "./stats";
import { lookup, type Band } from "./tables";

export interface Body {
  readonly id: string;
  readonly toughnessBonus: number;
  readonly armour: Readonly<Record<Location, number>>;
  readonly woundsNow: number;
}

export interface FumbleContext extends Body {
  /** The fumbler's weapon Damage (with Strength Bonus where it adds). */
  readonly weaponDamage: number;
  /** The others in the fight, any of whom a 91–00 may hit. */
  readonly others: readonly Body[];
}

export interface FumbleEffects {
  readonly wounds: readonly { readonly id: string; readonly result: WoundsResult }[];
  /** Critical Wounds gained besides those from wounds (a Torn Muscle). */
  readonly criticalWounds: number;
  /** Damage the weapon loses (a jarred weapon). */
  readonly weaponDamageLost: number;
  readonly weaponRuined: boolean;
  readonly turnEffect: OopsTurnEffect | null;
  readonly stunned: boolean;
  readonly events: readonly OpposedEvent[];
}

const NONE: FumbleEffects = { wounds: [], criticalWounds: 0, weaponDamageLost: 0, weaponRuined: false, turnEffect: null, stunned: false, events: [] };

/** `hitLocations`: the fight's table, where a 91–00 hit on someone else lands (the Oops! roll reversed, as any hit). */
export function fumbleEffects(outcome: FumbleOutcome, ctx: FumbleContext, dice: Dice, hitLocations: readonly Band<Location>[]): FumbleEffects {
  if (outcome.misfire) {
    const result = woundsSuffered({ damage: ctx.weaponDamage + outcome.misfire.sl, toughnessBonus: ctx.toughnessBonus, armourPoints: ctx.armour.rightArm, woundsNow: ctx.woundsNow });
    return { ...NONE, wounds: [{ id: ctx.id, result }], weaponRuined: true, events: [event("wounds", { on: ctx.id, suffered: result.suffered, damage: ctx.weaponDamage + outcome.misfire.sl, woundsNow: result.woundsNow })] };
  }
  const oops = outcome.oops;
  if (!oops) return NONE;
  switch (oops.effect) {
    case "loseWound": {
      const result: WoundsResult = { suffered: 1, woundsNow: Math.max(0, ctx.woundsNow - 1), critical: ctx.woundsNow < 1 };
      return { ...NONE, wounds: [{ id: ctx.id, result }] };
    }
    case "weaponJars":
      return { ...NONE, weaponDamageLost: 1, turnEffect: "weaponJars" };
    case "outOfPosition":
    case "loseMove":
    case "loseAction":
      return { ...NONE, turnEffect: oops.effect };
    case "tornMuscle":
      return { ...NONE, criticalWounds: 1 };
    case "hitsAlly": {
      if (!ctx.others.length) return { ...NONE, stunned: true, events: [event("oopsStunned", { who: ctx.id })] };
      // "1 randomly in range": with one other there is nobody to pick between (and no one-sided die to roll).
      const victim = ctx.others.length === 1 ? ctx.others[0]! : ctx.others[labelled(dice, () => said(ctx.id, "BOUT.Card.Roll.Opposed.whoIsStruck"), () => rollOne(dice, ctx.others.length)) - 1]!;
      const { location } = hitLocation(oops.roll, hitLocations);
      const damage = ctx.weaponDamage + oops.sl;
      const result = woundsSuffered({ damage, toughnessBonus: victim.toughnessBonus, armourPoints: victim.armour[location], woundsNow: victim.woundsNow });
      return { ...NONE, wounds: [{ id: victim.id, result }], events: [event("oopsHits", { who: ctx.id, on: victim.id, location, damage, suffered: result.suffered })] };
    }
  }
}

export interface CriticalRoll {
  readonly on: string;
  readonly location: Location;
  readonly roll: number;
  /** The table entry: a localization key in ours. */
  readonly entry: string;
}

/** A critical's effect: d100 on the fight's critical table for the location struck. */
export function rollCritical(on: string, location: Location, dice: Dice, table: Readonly<Record<Location, readonly Band<string>[]>>): { result: CriticalRoll; events: OpposedEvent[] } {
  const roll = labelled(dice, () => said(on, "BOUT.Card.Roll.Opposed.critical"), () => rollOne(dice, 100));
  const entry = lookup(table[location], roll);
  markLookup(dice, 100, [roll], entry);
  return { result: { on, location, roll, entry }, events: [event("criticalRolled", { on, location, roll, entry })] };
}
