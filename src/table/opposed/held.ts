/**
 * Seed 003 "Move" (Disengage II) on the canvas: "If you fail, each opponent
 * defeating you gains +1 Advantage and you cannot move." A fighter the turn
 * order holds (the engine's heldInPlace) has a player's token move refused with
 * a notice: on the mover's own client first (preUpdateToken, which Foundry runs
 * for the user asking for the update; returning false cancels it), and again on
 * the active GM's client after any player's move (move-recheck.ts), which puts a
 * move made past the player's own hooks back. The GM places tokens freely.
 */
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { heldInPlace } from "../../engine/rulesets/opposed/table-rules";
import type { TurnsState } from "../../engine/time/turns";
import { machineStateOf } from "../cards";
import { isPutBack, registerMoveJudge, type MoveJudge } from "../move-recheck";
import { notifyRefusal } from "../notify";

interface TokenLike {
  readonly id: string | null;
  readonly name?: string | null;
  readonly actorId?: string | null;
}

/** Refuses a player's move of a token whose fighter the turn order holds. */
export function checkHeldMove(token: TokenLike, changes: { x?: unknown; y?: unknown }, byGM: boolean): Outcome<true> {
  if (byGM || (changes.x === undefined && changes.y === undefined)) return ok(true);
  for (const combat of game.combats?.contents ?? []) {
    const state = machineStateOf<TurnsState>(combat.id ?? "", "turns");
    if (!state) continue;
    const mover = combat.combatants.contents.find((c) => (c.tokenId ? c.tokenId === token.id : Boolean(c.actorId) && c.actorId === token.actorId));
    if (mover && heldInPlace(state, mover.id)) return refuse("opposed.move.held", "BOUT.Opposed.Move.Refusal.Held", { mover: mover.name || token.name || "" });
  }
  return ok(true);
}

/** Active GM, after a player's move: the same check. */
const judgeHeld: MoveJudge = (token, _before, changes, _options, userId) => {
  const checked = checkHeldMove(token as TokenLike, changes, Boolean(game.users?.get(userId)?.isGM));
  return checked.ok ? null : { ok: false, refusal: checked.refusal };
};

/** Called once from the `init` hook. */
export function registerHeldInPlace(): void {
  registerMoveJudge(judgeHeld);
  Hooks.on("preUpdateToken", (token, changes, options, userId) => {
    if (isPutBack(options)) return true;
    const checked = checkHeldMove(token as TokenLike, changes as { x?: unknown; y?: unknown }, Boolean(game.users?.get(userId)?.isGM));
    if (checked.ok) return true;
    notifyRefusal(checked.refusal);
    return false;
  });
}
