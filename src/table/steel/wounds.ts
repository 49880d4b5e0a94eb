/**
 * What a landed steel blow does to the defender's documents and bout, shared by
 * the melee exchange and missile cards: the casualty's figures for the wound
 * rules, the updates Apply writes, Shock in the bout, and the conditions.
 */
import type { ActorView } from "../../engine/rulesets/ruleset";
import { armourAt, knockdownOf, knockoutOf, type Casualty, type Region, type SteelStats, type WoundOutcome } from "../../engine/rulesets/steel";
import type { TimeCommand } from "../../engine/time/machine";
import type { BoutMissile } from "../../engine/time/bouts";
import { delta } from "../cards";

export const REGIONS: readonly Region[] = ["head", "neck", "arms", "torso", "legs"];

export function armourByRegion(t: ActorView<SteelStats>): Record<Region, number> {
  const armour = t.armor.filter((x) => x.equipped).map((x) => x.stats);
  return Object.fromEntries(REGIONS.map((r) => [r, armourAt(armour, r)])) as Record<Region, number>;
}

/** The defender as the wound rules see it, with the dice it has left after defending (and its Missile Pool, which Shock strikes too). */
export function casualtyOf(t: ActorView<SteelStats>, cpLeft: number, missile?: BoutMissile): Casualty {
  return {
    cpLeft,
    pain: t.stats.pain,
    bloodLoss: t.stats.bloodLoss,
    woundedRegions: REGIONS.filter((r) => t.stats.wounded[r]),
    knockdown: knockdownOf(t.stats),
    knockout: knockoutOf(t.stats),
    headArmour: armourByRegion(t).head,
    ...(missile?.ready ? { missilePool: missile.pool } : {}),
  };
}

/** Pain, Blood Loss and the wounded regions, as changes Apply makes relative to the figures then. */
export function woundUpdates(t: ActorView<SteelStats>, w: WoundOutcome): Record<string, unknown> {
  const u: Record<string, unknown> = { "system.steel.pain": delta(w.pain - t.stats.pain, 0), "system.steel.bloodLoss": delta(w.bloodLoss - t.stats.bloodLoss, 0) };
  for (const r of w.woundedRegions) u[`system.steel.wounded.${r}`] = true;
  return u;
}

/** Shock off what the defender has left this round, the rest carried to the next; and off a ready Missile Pool. */
export function shockCommand(combatantId: string, cpBefore: number, w: WoundOutcome, missile?: BoutMissile): TimeCommand[] {
  const shock = Math.max(0, cpBefore - w.cpLeft);
  const out: TimeCommand[] = shock || w.shockCarry ? [{ type: "penalty", combatantId, dice: shock, carry: w.shockCarry } as TimeCommand] : [];
  if (missile?.ready && w.missilePool !== undefined && w.missilePool !== missile.pool) out.push({ type: "missile", combatantId, missile: { ...missile, pool: w.missilePool } } as TimeCommand);
  return out;
}

/** Knocked down or out: the conditions Apply puts on the defender. */
export function woundStatuses(w: WoundOutcome): string[] {
  return [...(w.knockdownRoll?.down ? ["knockedDown"] : []), ...(w.knockoutRoll?.out ? ["unconscious"] : [])];
}
