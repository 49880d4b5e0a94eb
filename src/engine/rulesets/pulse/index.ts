/**
 * The `pulse` ruleset (seed 004_2f46e4f6196f6037.txt): DragonQuest-style
 * 5-second pulses on a hex grid. Statistics, derived values and the token-bar
 * track; the rules live in the files of this folder and are re-exported here.
 * Its time structure is src/engine/time/pulses.ts.
 */
import type { DerivedValue } from "../stats";
import { defineRuleset, type ActorView } from "../ruleset";
import { outByStatus, outOfAction } from "../out-of-action";
import { vitalState } from "./damage";
import { armourTotals, defenseOf, effectiveBaseChance, initiativeValue, modAGOf, modMDOf, strikeChance, tmrOf } from "./derived";
import { pulseStats, type PulseStats } from "./stats";

const D = "BOUT.Pulse.Derived.";

/** The weapon the figure fights with: the first equipped one, else the first carried. */
export function mainWeapon(actor: ActorView<PulseStats>) {
  return actor.weapons.find((w) => w.equipped) ?? actor.weapons[0] ?? null;
}

export function derivePulse(actor: ActorView<PulseStats>): Record<string, DerivedValue> {
  const a = actor.stats;
  const armour = armourTotals(actor.armor.filter((i) => i.equipped).map((i) => i.stats));
  const modAG = modAGOf(a, armour);
  const modMD = modMDOf(a, armour);
  const defense = defenseOf(modAG, actor.shields.filter((i) => i.equipped).map((i) => i.stats));
  const weapon = mainWeapon(actor);
  const out: Record<string, DerivedValue> = {
    modAG: { label: `${D}ModAG`, hint: `${D}ModAGHint`, value: modAG },
    modMD: { label: `${D}ModMD`, hint: `${D}ModMDHint`, value: modMD },
    tmr: { label: `${D}TMR`, hint: `${D}TMRHint`, value: tmrOf(a, armour) },
    protection: { label: `${D}Protection`, value: armour.protection },
    defense: { label: `${D}Defense`, hint: `${D}DefenseHint`, value: defense.base + defense.shield },
  };
  if (weapon) {
    const w = weapon.stats;
    const rank = w.use === "unarmed" ? Math.max(w.rank, a.unarmedRank) : w.rank;
    const ranked = w.ranked || (w.use === "unarmed" && a.unarmedRank > 0);
    const base = effectiveBaseChance(w, { modAG, ps: a.ps, md: a.md });
    out.iv = { label: `${D}IV`, hint: `${D}IVHint`, value: initiativeValue(modAG, a.pc, rank) };
    out.strikeChance = { label: `${D}StrikeChance`, hint: `${D}StrikeChanceHint`, value: strikeChance(base, modMD, ranked, rank) };
  } else {
    out.iv = { label: `${D}IV`, hint: `${D}IVHint`, value: initiativeValue(modAG, a.pc, 0) };
  }
  return out;
}

export const pulse = defineRuleset<PulseStats>({
  id: "pulse",
  seed: "004_2f46e4f6196f6037.txt",
  time: "pulses",
  label: "BOUT.Ruleset.Pulse.Label",
  hint: "BOUT.Ruleset.Pulse.Hint",
  stats: pulseStats,
  derive: derivePulse,
  vitality(actor) {
    return { value: actor.stats.enduranceNow, max: actor.stats.endurance, path: "enduranceNow" };
  },
  // [19] Endurance 0 is death, 3 or less unconsciousness (not for a monster of Endurance 5 or less).
  outOfAction(actor, statuses) {
    const state = vitalState(actor.stats.enduranceNow, { endurance: actor.stats.endurance, monster: actor.stats.monster });
    return state === "dead" ? outOfAction("Dead") : (outByStatus(statuses) ?? (state === "unconscious" ? outOfAction("Unconscious") : null));
  },
});

export * from "./stats";
export * from "./refusals";
export * from "./events";
export * from "./derived";
export * from "./special-attacks";
export * from "./strike";
export * from "./damage";
export * from "./checks";
export * from "./parry";
export * from "./close-combat";
export * from "./after-combat";
export * from "./entanglement";
export * from "./magic";
export * from "./obstruction";
export * from "./initiative";
export * from "./actions";
export * from "./hex";
export * from "./line-of-fire";
export * from "./zones";
export * from "./monster-facing";
export * from "./multiple-attacks";
export * from "./mounted";
export * from "./attack";
export * from "./blow";
export * from "./odds";
export * from "./wounds";
export * from "./consequences";
export * from "./movement";
export * from "./starting-distance";
