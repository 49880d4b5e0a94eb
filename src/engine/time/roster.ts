/**
 * Who is in the fight (issue 31 "Who is in the fight"): every combatant of the
 * encounter that is not defeated and not out of action by its ruleset's rules.
 * The fight's state keeps its members; when the world changes (a combatant
 * added, removed or marked defeated, a fighter knocked out, in a coma or woken)
 * the members follow, by the machine's own `join` and `leave`.
 */

import type { OutOfAction } from "../rulesets/out-of-action";

/** A combatant of the encounter as the roster reads it. */
export interface RosterEntry {
  readonly id: string;
  /** Core's defeated mark (the tracker's skull, or the actor's defeated status). */
  readonly defeated: boolean;
  /** Its ruleset says it cannot act (dead, unconscious, in a coma): out-of-action.ts. */
  readonly outOfAction: boolean;
}

/** The combatants that fight, in the encounter's order. */
export function fightRoster(entries: readonly RosterEntry[]): string[] {
  return entries.filter((e) => !e.defeated && !e.outOfAction).map((e) => e.id);
}

/**
 * What brings the state's members to the roster: those to leave (gone from the
 * encounter, defeated, out of action), then those to join (in the encounter's order).
 */
export function rosterChanges(members: readonly string[], entries: readonly RosterEntry[]): { readonly leave: readonly string[]; readonly join: readonly string[] } {
  const roster = fightRoster(entries);
  return { leave: members.filter((id) => !roster.includes(id)), join: roster.filter((id) => !members.includes(id)) };
}

/** Why a combatant of the encounter is outside the fight's order: marked defeated, out of action (with its ruleset's reason), or not yet joined. */
export type Outside = { readonly kind: "defeated" } | { readonly kind: "outOfAction"; readonly why: OutOfAction } | { readonly kind: "joining" };

/**
 * The one reason the table gives for a combatant outside the fight's order (the
 * tracker's "Out of the fight" and a refused action say the same): core's
 * defeated mark first, the GM's own word (core's mark also sets the dead
 * condition, which would otherwise read as "dead"), then its ruleset's out of
 * action, else it has not joined yet. Issue 32 shell audit: the tracker and the
 * card runner each chose an order of their own.
 */
export function whyOutside(entry: { readonly defeated: boolean; readonly outOfAction: OutOfAction | null }): Outside {
  if (entry.defeated) return { kind: "defeated" };
  if (entry.outOfAction) return { kind: "outOfAction", why: entry.outOfAction };
  return { kind: "joining" };
}
