/**
 * The `actionpoints` ruleset (seed 002_e3c6bc76ba013433.txt): an Action Pool
 * spent in action phases, percentile attacks against passive and active
 * defences, weapon weight classes for parries, Fatigue then Body Points, an
 * open-ended critical die and Combat Advantages.
 */
import { defineRuleset, type ActorView } from "../ruleset";
import { outByStatus, outOfAction } from "../out-of-action";
import { strengthBonus } from "./attack";
import { armourApModifier } from "./pool";
import { armourAbsorption, wornArmour } from "./armour";
import { actionPointsStats, type ActionPointsStats } from "./stats";

const D = "BOUT.ActionPoints.Derived.";

export const actionpoints = defineRuleset<ActionPointsStats>({
  id: "actionpoints",
  seed: "002_e3c6bc76ba013433.txt",
  time: "actionPhases",
  label: "BOUT.Ruleset.ActionPoints.Label",
  hint: "BOUT.Ruleset.ActionPoints.Hint",
  stats: actionPointsStats,
  derive(actor: ActorView<ActionPointsStats>) {
    const a = actor.stats;
    const armour = wornArmour(actor);
    const mod = armourApModifier(armour);
    // The same figure the attack card subtracts from a blow with no location (V.b.iii).
    const absorption = armourAbsorption(armour, null);
    return {
      armourApModifier: { label: `${D}ArmourApModifier`, hint: `${D}ArmourApModifierHint`, value: mod },
      poolLow: { label: `${D}PoolLow`, hint: `${D}PoolHint`, value: Math.max(0, 1 + a.bap + mod) },
      poolHigh: { label: `${D}PoolHigh`, hint: `${D}PoolHint`, value: Math.max(0, 10 + a.bap + mod) },
      strLight: { label: `${D}StrLight`, value: strengthBonus(a.str, true) },
      strOther: { label: `${D}StrOther`, value: strengthBonus(a.str, false) },
      armourAbsorption: { label: `${D}ArmourAbsorption`, hint: `${D}ArmourAbsorptionHint`, value: absorption },
      deathAt: { label: `${D}DeathAt`, hint: `${D}DeathAtHint`, value: -a.con },
    };
  },
  vitality(actor) {
    return { value: actor.stats.bodyNow, max: actor.stats.body, path: "bodyNow" };
  },
  // Seed 002 V: unconscious at 0 Body Points, dead at minus the Constitution.
  outOfAction(actor, statuses) {
    const a = actor.stats;
    if (a.bodyNow <= -a.con) return outOfAction("Dead");
    return outByStatus(statuses) ?? (a.bodyNow <= 0 ? outOfAction("Unconscious") : null);
  },
});

export * from "./stats";
export * from "./events";
export * from "./refusals";
export * from "./levels";
export * from "./pool";
export * from "./tables";
export * from "./attack";
export * from "./advantage";
export * from "./odds";
export * from "./world-tables";
export * from "./criticals";
export * from "./armour";
export * from "./weapons";
