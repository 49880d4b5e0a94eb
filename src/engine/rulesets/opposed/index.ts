/**
 * The `opposed` ruleset (seed 003_094b90e5b0802384.txt): d100 tests with
 * Success Levels, opposed melee tests, Advantage, hit locations from the
 * reversed roll, criticals and fumbles on doubles. Statistics, derived values
 * and the token-bar track; the rules live in the files of this folder.
 */
import { defineRuleset, type ActorView } from "../ruleset";
import { outByStatus } from "../out-of-action";
import { bonus, skillTarget } from "./derived";
import { CHARACTERISTICS, opposedStats, type OpposedStats } from "./stats";
import { movement, SIZE_MODIFIERS } from "./tables";

// Prefix ends in a dot: full keys are checked by the opposed tests.
const D = "BOUT.Opposed.Derived.";

export const opposed = defineRuleset<OpposedStats>({
  id: "opposed",
  seed: "003_094b90e5b0802384.txt",
  time: "turns",
  label: "BOUT.Ruleset.Opposed.Label",
  hint: "BOUT.Ruleset.Opposed.Hint",
  stats: opposedStats,
  derive(actor: ActorView<OpposedStats>) {
    const a = actor.stats;
    const bonuses = Object.fromEntries(CHARACTERISTICS.map((c) => [`${c}Bonus`, { label: `${D}Bonus.${c}`, value: bonus(a[c]) }]));
    const { walk, run } = movement(a.move);
    return {
      ...bonuses,
      melee: { label: `${D}Melee`, hint: `${D}MeleeHint`, value: skillTarget(a, "melee") },
      ranged: { label: `${D}Ranged`, hint: `${D}RangedHint`, value: skillTarget(a, "ranged") },
      dodge: { label: `${D}Dodge`, hint: `${D}DodgeHint`, value: skillTarget(a, "dodge") },
      walk: { label: `${D}Walk`, value: walk },
      run: { label: `${D}Run`, value: run },
      sizeModifier: { label: `${D}SizeModifier`, hint: `${D}SizeModifierHint`, value: SIZE_MODIFIERS[a.size] },
    };
  },
  vitality(actor) {
    return { value: actor.stats.woundsNow, max: actor.stats.wounds, path: "woundsNow" };
  },
  // Seed 003 names no state that stops a fighter by its figures (0 Wounds is Prone, with Critical Wounds): the table's conditions do.
  outOfAction: (_actor, statuses) => outByStatus(statuses),
});

export * from "./stats";
export * from "./events";
export * from "./refusals";
export * from "./tables";
export * from "./derived";
export * from "./tests";
export * from "./damage";
export * from "./oops";
export * from "./melee";
export * from "./ranged";
export * from "./moves";
export * from "./surprise";
export * from "./odds";
export * from "./aftermath";
export * from "./table-rules";
export * from "./table-overrides";
export * from "./engagement";
export * from "./named-tests";
