/**
 * What a landed steel blow does to the defender's documents and bout, shared by
 * the melee exchange and missile cards: the casualty's figures for the wound
 * rules, the updates Apply writes, Shock in the bout, and the conditions.
 */
import type { ActorView } from "../../engine/rulesets/ruleset";
import { armourAt, groundCost, knockdownOf, knockedDown, knockoutOf, senselessFor, type Casualty, type Region, type SteelStats, type TimedCondition, type WoundOutcome } from "../../engine/rulesets/steel";
import type { TimeCommand } from "../../engine/time/machine";
import type { BoutCombatant, BoutMissile } from "../../engine/time/bouts";
import { delta, type StatusChange } from "../cards";

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

/** A condition Apply puts on a fighter, for as long as it lasts (issue 31: it ends by itself as the fight's clock moves). */
export const timedStatus = (c: TimedCondition): StatusChange => ({ id: c.id, active: true, seconds: c.seconds });

/** Knocked down or out: the conditions Apply puts on the defender, each for as long as it lasts. */
export function woundStatuses(w: WoundOutcome): StatusChange[] {
  return [...(w.knockdownRoll?.down ? [timedStatus(knockedDown)] : []), ...(w.knockoutRoll?.out ? [timedStatus(senselessFor(w.knockoutRoll))] : [])];
}

/** Adds conditions to a card's statuses for one fighter, once each (the later word on a status counts). */
export function addStatuses(statuses: Record<string, StatusChange[]>, ref: string, changes: readonly StatusChange[]): void {
  if (!changes.length) return;
  statuses[ref] = [...(statuses[ref] ?? []).filter((c) => !changes.some((x) => x.id === c.id)), ...changes];
}

/**
 * Off his feet in a bout: half his total pool for being on the ground, from what
 * he has left after the decision's other spends (`cpLeft`) and the rest off the
 * next refresh. Nothing outside a bout.
 */
export function groundCommands(combatantId: string | null, fighter: BoutCombatant | undefined, cpLeft: number): TimeCommand[] {
  if (!combatantId || !fighter) return [];
  const cost = groundCost(fighter.poolMax, cpLeft);
  return cost.dice || cost.carry ? [{ type: "penalty", combatantId, dice: cost.dice, carry: cost.carry } as TimeCommand] : [];
}
