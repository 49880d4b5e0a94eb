/**
 * Who is asked for a fighter's own choice (a secret throw, a declaration): its
 * player when one who owns it is at the table (connected), else the GM, who
 * answers for NPCs and for a character whose player is away; a player who
 * comes back is asked again for what is still open. Issue 32 shell audit: the
 * rule lived in the declarations' runner.
 */

/** A user who owns the fighter, as the table sees it now. */
export interface Owner {
  readonly isGM: boolean;
  /** Connected now. */
  readonly active: boolean;
}

export function whoAnswers(owners: readonly Owner[]): "player" | "gm" {
  return owners.some((u) => !u.isGM && u.active) ? "player" : "gm";
}
