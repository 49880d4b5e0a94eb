/**
 * The `steel` ruleset (seed 000_4377b2da58f3a52b.txt): dice-pool bouts after The
 * Riddle of Steel. Statistics, derived values and the token-bar track; the rules
 * themselves live in the files of this folder and are re-exported here.
 */
import { defineRuleset, type ActorView } from "../ruleset";
import { outByStatus, outOfAction } from "../out-of-action";
import { roundPool } from "./combat-pool";
import { aimOf, armourPenalty, basePoolOf, effectivePain, knockdownOf, knockoutOf, missilePoolMaxOf, moveOf, reflexOf } from "./derived";
import { steelStats, type SteelStats } from "./stats";

// Prefix ends in a dot: full keys are checked by the steel tests.
const D = "BOUT.Steel.Derived.";

export const steel = defineRuleset<SteelStats>({
  id: "steel",
  seed: "000_4377b2da58f3a52b.txt",
  time: "bouts",
  label: "BOUT.Ruleset.Steel.Label",
  hint: "BOUT.Ruleset.Steel.Hint",
  stats: steelStats,
  derive(actor: ActorView<SteelStats>) {
    const a = actor.stats;
    const armour = actor.armor.filter((i) => i.equipped).map((i) => i.stats);
    const shields = actor.shields.filter((i) => i.equipped).map((i) => i.stats);
    const penalty = armourPenalty(armour, shields);
    const pain = effectivePain(a);
    const pool = roundPool({ base: basePoolOf(a), armourPenalty: penalty, pain, fatigue: a.fatigue, healthNow: a.healthNow }).pool;
    return {
      reflex: { label: `${D}Reflex`, value: reflexOf(a) },
      aim: { label: `${D}Aim`, value: aimOf(a) },
      knockdown: { label: `${D}Knockdown`, value: knockdownOf(a) },
      knockout: { label: `${D}Knockout`, value: knockoutOf(a) },
      move: { label: `${D}Move`, value: moveOf(a) },
      armourPenalty: { label: `${D}ArmourPenalty`, value: penalty },
      effectivePain: { label: `${D}EffectivePain`, hint: `${D}EffectivePainHint`, value: pain },
      combatPool: { label: `${D}CombatPool`, hint: `${D}CombatPoolHint`, value: pool },
      missilePoolMax: { label: `${D}MissilePoolMax`, value: missilePoolMaxOf(a) },
    };
  },
  vitality(actor) {
    return { value: actor.stats.healthNow, max: actor.stats.health, path: "healthNow" };
  },
  // "Blood Loss": at Health 0 the character enters a coma (whether or not the card's condition is on him yet).
  outOfAction(actor, statuses) {
    return outByStatus(statuses) ?? (actor.stats.healthNow <= 0 ? outOfAction("Coma") : null);
  },
});

export * from "./stats";
export * from "./refusals";
export * from "./events";
export * from "./derived";
export * from "./combat-pool";
export * from "./posture";
export * from "./reach";
export * from "./maneuvers";
export * from "./hit-locations";
export * from "./wounds";
export * from "./table-overrides";
export * from "./exchange";
export * from "./wound-effects";
export * from "./terrain";
export * from "./multiple-opponents";
export * from "./initiative";
export * from "./surprise";
export * from "./mounted";
export * from "./missile";
export * from "./range-bands";
export * from "./odds";
export * from "./skills";
export * from "./weapon-profile";
export * from "./round";
export * from "./on-the-ground";
