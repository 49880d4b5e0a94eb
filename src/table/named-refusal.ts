/**
 * A fight's machine refuses with the fighters' combatant ids (the engine knows
 * no names). Before anyone reads it, each value that is a combatant of the
 * fight becomes that combatant's name as the tracker shows it ("Bran does not
 * have the most unspent points"), never a document id. Done where the active
 * GM applies or checks a command, so a player asking from afar reads names too.
 */
import type { Outcome } from "../engine/outcome";

interface NamedCombatants {
  readonly combatants: { get(id: string): { readonly name?: string | null } | undefined };
}

/** `names`: other refs the caller can name (a fighter outside any fight, named by its ref). */
export function namedRefusal<T>(combat: NamedCombatants | null | undefined, outcome: Outcome<T>, names?: ReadonlyMap<string, string>): Outcome<T> {
  if (outcome.ok || (!combat && !names) || !outcome.refusal.data) return outcome;
  const data = Object.fromEntries(Object.entries(outcome.refusal.data).map(([k, v]) => [k, (typeof v === "string" && (combat?.combatants.get(v)?.name || names?.get(v))) || v]));
  return { ok: false, refusal: { ...outcome.refusal, data } };
}
