/**
 * Fumbles ("Criticals and Fumbles", "Oops!"): a failed combat test on a double
 * rolls on the Oops! table; a blackpowder, engineering or explosive weapon that
 * fumbles on an even double (22, 44, 66, 88, 00) misfires instead.
 */
import { labelled, markLookup, rollOne, said, type Dice, type PercentileTest } from "../../dice";
import { event, type OpposedEvent } from "./events";
import { lookup, type Band, type OopsEffect } from "./tables";

/** The units die of a d100 result ("00" reads 0). */
export const unitsDie = (roll: number) => roll % 10;

/** A fumble on an even double with a weapon that can misfire. */
export function misfires(test: PercentileTest, blackpowder: boolean): boolean {
  return blackpowder && test.fumble && test.double && unitsDie(test.roll) % 2 === 0;
}

export interface OopsResult {
  readonly roll: number;
  readonly effect: OopsEffect;
  /** For "hitsAlly": the units die is the SL of that hit. */
  readonly sl: number;
}

export function readOops(roll: number, table: readonly Band<OopsEffect>[]): OopsResult {
  return { roll, effect: lookup(table, roll), sl: unitsDie(roll) };
}

export interface FumbleOutcome {
  readonly misfire: { readonly sl: number } | null;
  readonly oops: OopsResult | null;
  readonly events: readonly OpposedEvent[];
}

/** What follows a test: nothing, a misfire (full Damage to the primary arm, units die as SL) or an Oops! roll on the fight's table. */
export function resolveFumble(who: string, test: PercentileTest, blackpowder: boolean, dice: Dice, oopsTable: readonly Band<OopsEffect>[]): FumbleOutcome {
  if (!test.fumble) return { misfire: null, oops: null, events: [] };
  if (misfires(test, blackpowder)) {
    const sl = unitsDie(test.roll);
    return { misfire: { sl }, oops: null, events: [event("misfire", { who, sl })] };
  }
  const oops = readOops(labelled(dice, () => said(who, "BOUT.Card.Roll.Opposed.oops"), () => rollOne(dice, 100)), oopsTable);
  markLookup(dice, 100, [oops.roll], oops.effect);
  return { misfire: null, oops, events: [event("fumble", { who, roll: test.roll }), event("oops", { who, roll: oops.roll, effect: oops.effect })] };
}
