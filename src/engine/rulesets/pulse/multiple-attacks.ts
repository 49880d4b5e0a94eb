/**
 * [16.4] several attacks in one action: with two weapons (all of one type), or
 * with a two-handed class B weapon (rank 4+, each target once, all in adjacent
 * hexes of the attacker's melee zone; a sweep's first blow already needs them).
 */
import { ok, type Outcome } from "../../outcome";
import { pulseRefuse } from "./refusals";

export type AttackType = "grapple" | "melee" | "fire";

export interface PlannedAttack {
  readonly targetId: string;
  readonly type: AttackType;
  /** The target stands in the attacker's melee zone. */
  readonly inMeleeZone: boolean;
}

export function checkMultipleAttacks(
  mode: "twoWeapons" | "twoHandedB",
  attacks: readonly PlannedAttack[],
  weapon: { readonly weaponClass: string; readonly twoHanded: boolean; readonly rank: number },
): Outcome<true> {
  if (attacks.length === 0) return ok(true);
  if (mode === "twoWeapons") {
    if (attacks.length === 1) return ok(true);
    if (attacks.length > 2) return pulseRefuse("tooManyActions", { max: 2 });
    return attacks.every((a) => a.type === attacks[0]!.type) ? ok(true) : pulseRefuse("mixedAttacks");
  }
  if (!(weapon.twoHanded && weapon.weaponClass === "B")) return pulseRefuse("weaponCannot", { attack: "multiple" });
  if (weapon.rank < 4) return pulseRefuse("rankTooLow", { attack: "multiple", rank: 4 });
  const seen = new Set<string>();
  for (const a of attacks) {
    if (seen.has(a.targetId)) return pulseRefuse("repeatedTarget");
    seen.add(a.targetId);
    if (!a.inMeleeZone || a.type !== "melee") return pulseRefuse("notAdjacent");
  }
  return ok(true);
}
