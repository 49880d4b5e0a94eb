/**
 * Token moves in a running pulse (seed 004_2f46e4f6196f6037.txt [13]-[15],
 * [14.1]): on a hex scene, a fighter's token moves only in the figure's turn and
 * no farther this pulse than the engine allows; a refused move is cancelled with
 * a notice. The hexes walked so far this pulse are read from Foundry's own
 * movement record of the token (movement-record.ts: the pulses structure clears
 * it when each pulse begins; the GM's recheck counts the walk it saw); only the
 * TMR a multi-hex figure spends turning [22], which Foundry does not record,
 * rides on the token's own update (a flag), so a move stays one write. A walk
 * into a foe's melee zone stops at its first hex [14.1]. The GM is exempt unless
 * the world setting says otherwise; turning in place is never limited.
 */
import { combatantOf } from "../fighter";
import { SYSTEM_ID } from "../../config";
import { pulseMoveLimits } from "../../settings";
import { actorView } from "../../data/actor/actor-view";
import { armourTotals, modAGOf, tmrOf } from "../../engine/rulesets/pulse/derived";
import { directionTo, facingFromAngle, hexDistance, type Facing, type Figure, type Hex } from "../../engine/rulesets/pulse/hex";
import { chargeTurnAllowed, monsterTurnCost, mountedChargeBinds, verticesTurned } from "../../engine/rulesets/pulse/mounted";
import { vertexFromAngle } from "../../engine/rulesets/pulse/monster-facing";
import { checkPulseMove, inHostileZone, pulseMoveLimit, walkSteps } from "../../engine/rulesets/pulse/movement";
import { checkPulseWalk } from "../../engine/rulesets/pulse/walk";
import { poleInHand } from "../../engine/rulesets/pulse/wielding";
import { pulseRefuse } from "../../engine/rulesets/pulse/refusals";
import { ok, type Outcome } from "../../engine/outcome";
import type { PulseStats } from "../../engine/rulesets/pulse/stats";
import { currentActors, heldToActions, type PulsesState } from "../../engine/time/pulses";
import type { FightNow } from "../../engine/time/machine";
import { notifyRefusal } from "../notify";
import type { CombatantInfo } from "../machines";
import { isPutBack, knownFlags, knownPath, recordedRoute, registerMoveJudge, verifiedUndo, type MoveJudge, type Standing } from "../move-recheck";
import { recordedPath, type RecordedPoint } from "../movement-record";
import { tokenPlacement, type Placed } from "./engagements";
import { crossbowLoaded, momentumOwed, moveBudget } from "../../engine/rulesets/pulse/move-budget";

/** What the token carries between moves: the TMR a multi-hex figure spent turning in one pulse of one fight [22] (its walk is in Foundry's record). */
interface MoveFlag {
  readonly combat: string;
  readonly pulse: number;
  readonly used: number;
}

interface PulseCombat {
  readonly id: string | null;
  readonly started: boolean;
  readonly combatants: { contents: { id: string | null; actorId: string | null; tokenId: string | null; sceneId: string | null; actor: Actor.Implementation | null }[] };
  readonly boutSystem?: { structure: string };
  readonly machineState?: unknown;
  combatantInfos(): CombatantInfo[];
  fightNow?(): FightNow;
}

type TokenLike = TokenDocument.Implementation & { x: number; y: number };

/** The running pulse fight this token fights in, with its combatant. */
function fightOf(token: TokenLike): { combat: PulseCombat; combatantId: string; actor: Actor.Implementation } | null {
  const sceneId = (token.parent as { id?: string | null } | null)?.id ?? null;
  for (const c of (game.combats?.contents ?? []) as unknown as PulseCombat[]) {
    if (!c.started || c.boutSystem?.structure !== "pulses" || !c.machineState) continue;
    const combatant = c.combatants.contents.find((x) => x.tokenId === token.id && x.sceneId === sceneId);
    if (combatant?.id && combatant.actor) return { combat: c, combatantId: combatant.id, actor: combatant.actor };
  }
  return null;
}

/** What a move is judged against: the fight, where the token stands, and what it may still do this pulse. */
interface MoveContext {
  readonly fight: { combat: PulseCombat; combatantId: string; actor: Actor.Implementation };
  readonly from: Placed;
  readonly state: PulsesState;
  /** Hexes moved this pulse: walked (the movement record) and spent turning (the token's flag). */
  readonly moved: number;
  /** TMR spent turning this pulse [22]. */
  readonly turned: number;
  /** Hexes moved or jumped this pulse. */
  readonly used: number;
  readonly acting: boolean;
  readonly limit: number;
  readonly side: string;
  readonly others: Figure[];
  /** [23] a rider on a declared charge. */
  readonly charging: boolean;
  /** [23] hexes a mount is carried on this pulse after last pulse's mounted charge (0: none owed). */
  readonly momentum: number;
  readonly orientation: "pointy" | "flat";
}

/**
 * The context for a move by this user, or null when no limit applies (setting, GM, no running pulse fight, no hex scene).
 * `before`: judge from where the token stood before (the GM re-checking a move already made), not from where it stands.
 */
function moveContext(token: TokenLike, userId: string | undefined, before?: Standing): MoveContext | null {
  const mode = pulseMoveLimits();
  if (mode === "off") return null;
  if (mode === "players" && userId && game.users?.get(userId)?.isGM) return null;
  const fight = fightOf(token);
  if (!fight) return null;
  const from = before ? tokenPlacement(token, { x: before.x, y: before.y, rotation: before.rotation }) : tokenPlacement(token);
  if (!from) return null;
  const state = fight.combat.machineState as PulsesState;
  const id = fight.combatantId;
  // Before a move already made: the walk and the turning the GM remembers, not what the mover wrote.
  const flag = before ? (before.flags[SYSTEM_ID] as { pulseMove?: MoveFlag } | undefined)?.pulseMove : (token.getFlag(SYSTEM_ID as never, "pulseMove" as never) as unknown as MoveFlag | undefined);
  const turned = flag?.combat === fight.combat.id && flag.pulse === state.pulse && Number.isInteger(flag.used) ? Math.max(0, flag.used) : 0;
  const moved = (hexesWalked(token, before ? before.path : recordedPath(token)) ?? 0) + turned;
  const infos = fight.combat.combatantInfos();
  const side = infos.find((i) => i.id === id)?.side ?? "";
  const others: Figure[] = infos
    .filter((i) => i.id !== id && i.placed)
    .map((i) => ({ id: i.id, side: i.side, hex: i.placed!.hex, facing: i.placed!.facing, ...(i.placed!.hexes ? { hexes: i.placed!.hexes } : {}) }));
  const v = actorView<PulseStats>(fight.actor, "pulse");
  const armour = armourTotals(v.armor.filter((a) => a.equipped).map((a) => a.stats));
  const declared = heldToActions(state, id) ?? [];
  const limit = pulseMoveLimit({
    tmr: tmrOf(v.stats, armour),
    modAG: modAGOf(v.stats, armour),
    // [19] the stun is the token's condition (the sheet's Stunned reads it), whoever set it.
    stunned: Boolean(v.stats.stunned),
    engaged: state.engagements.some((e) => e.members.includes(id)),
    inOpponentZone: inHostileZone({ side, hex: from.hex, ...(from.hexes ? { hexes: from.hexes } : {}) }, others),
    // [14.2-8] "a pole weapon": the one in hand (not a broken one), as the engine reads it.
    poleWeapon: poleInHand(v.weapons),
    // [14.1] Fire allows two hexes with a loaded crossbow: an equipped crossbow counts as loaded.
    loadedCrossbow: crossbowLoaded(v.weapons),
  }, declared).hexes;
  const momentum = momentumOwed(state, id);
  const budget = moveBudget({ limit, momentum, moved, jumped: state.jumped?.[id] ?? 0 });
  return {
    fight,
    from,
    state,
    moved,
    turned,
    // [14.1] hexes spent jumping this pulse count as moved.
    used: budget.used,
    acting: currentActors(state, fight.combat.fightNow?.()).includes(id),
    // [23] the run-on covers the mount's full TMR whatever the action.
    limit: budget.limit,
    momentum,
    side,
    others,
    charging: mountedChargeBinds(Boolean(v.stats.mounted), declared, momentum),
    orientation: (token.parent as { grid?: { columns?: boolean } } | null)?.grid?.columns ? "flat" : "pointy",
  };
}

/** A walk the rules allow: the hexes this update covers (negative when an undo gives some back) and the way it first heads. */
interface Walk {
  readonly steps: number;
  readonly heading: Facing | null;
}

/** Walks approved by preMoveToken, by update operation and token, for preUpdateToken to count. */
const approvedWalks = new WeakMap<object, Map<string, Walk>>();

const refusedFor = (token: TokenLike, ctx: MoveContext, refusal: { readonly data?: Record<string, unknown> } & Parameters<typeof notifyRefusal>[0]) =>
  notifyRefusal({ ...refusal, data: { ...refusal.data, name: token.name ?? ctx.fight.actor.name } });

/**
 * Judges a walk through waypoints (token top-left positions after the start).
 * `now` is how many of them this update covers; the rest are planned and
 * judged with it, so a walk that cannot be finished is refused before it starts.
 */
function judgeWalk(token: TokenLike, ctx: MoveContext, waypoints: readonly { x: number; y: number }[], now: number): Outcome<Walk> {
  const placed = waypoints.map((w) => tokenPlacement(token, { x: Number(w.x), y: Number(w.y) }));
  if (placed.some((p) => !p)) return ok({ steps: 0, heading: null });
  const hexes = placed.map((p) => p!.hex);
  // The engine judges the walk whole, in its own order (a charge's line, a monster's head, the limit, the zone stop).
  const judged = checkPulseWalk({
    from: ctx.from,
    waypoints: placed.flatMap((p) => (p ? [p] : [])),
    charging: ctx.charging,
    momentum: ctx.momentum,
    vertex: vertexFromAngle(Number(token.rotation ?? 0) + 90, ctx.orientation),
    acting: ctx.acting,
    used: ctx.used,
    limit: ctx.limit,
    side: ctx.side,
    others: ctx.others,
  });
  if (!judged.ok) return judged;
  const steps = judged.value.steps;
  const heading = steps.length ? directionTo(ctx.from.hex, steps[0]!) : null;
  return ok({ steps: walkSteps(ctx.from.hex, hexes.slice(0, now)).length, heading });
}

/**
 * An undo (Foundry's revert of recorded movement) in the figure's own turn
 * gives back what it takes back: Foundry cuts the movement record with it, and
 * the walk is counted from the record. Out of turn it is refused like any move.
 */
function judgeUndo(token: TokenLike, ctx: MoveContext, to: { x: number; y: number }): Outcome<Walk> {
  const back = tokenPlacement(token, { x: Number(to.x), y: Number(to.y) });
  const distance = back ? hexDistance(ctx.from.hex, back.hex) : 0;
  if (distance > 0 && !ctx.acting) return pulseRefuse("notYourMove");
  return ok({ steps: -distance, heading: null });
}

interface MovementLike {
  readonly method?: string;
  readonly passed: { readonly waypoints: readonly { x: number; y: number; intermediate?: boolean }[] };
  readonly pending: { readonly waypoints: readonly { x: number; y: number; intermediate?: boolean }[] };
}

/**
 * preMoveToken (v13; on the moving user's client, before preUpdateToken): the
 * whole walk through its waypoints is judged, false rejects it with a notice.
 * What this update covers is kept for preUpdateToken to count.
 */
export function checkTokenWalk(token: TokenLike, movement: MovementLike, operation: object): boolean | void {
  const ctx = moveContext(token, game.user?.id);
  if (!ctx) return;
  const passed = movement.passed.waypoints.filter((w) => !w.intermediate);
  const pending = movement.pending.waypoints.filter((w) => !w.intermediate);
  const judged = movement.method === "undo" && passed.length ? judgeUndo(token, ctx, passed.at(-1)!) : judgeWalk(token, ctx, [...passed, ...pending], passed.length);
  if (!judged.ok) {
    refusedFor(token, ctx, judged.refusal);
    return false;
  }
  const walks = approvedWalks.get(operation) ?? new Map<string, Walk>();
  walks.set(token.id ?? "", judged.value);
  approvedWalks.set(operation, walks);
}

/**
 * preUpdateToken: false cancels the update (with a notice). A move preMoveToken
 * approved counts the hexes of its walk; one that did not pass through it (no
 * movement data) is judged here on the straight line to its new place. Turning
 * is judged here, and a multi-hex figure's turning cost joins the update.
 */
export function checkTokenMove(token: TokenLike, changes: Record<string, unknown>, userId: string, operation: object = {}): boolean | void {
  const moving = "x" in changes || "y" in changes;
  const turning = "rotation" in changes && Number(changes.rotation) !== Number(token.rotation ?? 0);
  if (!moving && !turning) return;
  const ctx = moveContext(token, userId);
  if (!ctx) return;
  let walk: Walk = { steps: 0, heading: null };
  if (moving) {
    const judged = approvedWalks.get(operation)?.get(token.id ?? "");
    const straight = judged ? ok(judged) : judgeWalk(token, ctx, [{ x: Number(changes.x ?? token.x), y: Number(changes.y ?? token.y) }], 1);
    if (!straight.ok) {
      refusedFor(token, ctx, straight.refusal);
      return false;
    }
    walk = straight.value;
  }
  // [23] a charging rider may face the way it charges as it sets off, and not turn after.
  if (ctx.charging && turning) {
    const facing = facingFromAngle(Number(changes.rotation) + 90, ctx.orientation);
    if (!chargeTurnAllowed(ctx.used, moving, walk.heading, facing)) {
      const refused = pulseRefuse("chargeStraight");
      if (!refused.ok) refusedFor(token, ctx, refused.refusal);
      return false;
    }
  }
  // [22] a multi-hex figure's turn costs 1 TMR for every 2 vertices (60° each) it swings through.
  const turnCost = ctx.from.hexes && turning ? monsterTurnCost(verticesTurned(Number(token.rotation ?? 0), Number(changes.rotation ?? token.rotation ?? 0))) : 0;
  if (!moving && turnCost === 0) return;
  if (walk.steps >= 0) {
    const checked = checkPulseMove({ acting: ctx.acting, used: ctx.used, distance: walk.steps + turnCost, limit: ctx.limit });
    if (!checked.ok) {
      refusedFor(token, ctx, checked.refusal);
      return false;
    }
  }
  // The walk is Foundry's to record; only the turning's cost rides on the token.
  if (turnCost === 0) return;
  const next: MoveFlag = { combat: ctx.fight.combat.id ?? "", pulse: ctx.state.pulse, used: ctx.turned + turnCost };
  foundry.utils.setProperty(changes, `flags.${SYSTEM_ID}.pulseMove`, next);
}

/**
 * Hexes walked along a recorded path on the token's hex scene (a leg to where
 * the token was put is not walked, and each leg counts from cell to cell as a
 * drag does); null off a hex scene.
 */
export function hexesWalked(token: TokenLike, path: readonly RecordedPoint[]): number | null {
  let walked = 0;
  let at: Hex | null = null;
  for (const point of path) {
    const placed = tokenPlacement(token, { x: point.x, y: point.y });
    if (!placed) return null;
    if (at && !point.displaced) walked += walkSteps(at, [placed.hex]).length;
    at = placed.hex;
  }
  return walked;
}

/**
 * Hexes the fighter's token has moved in the current pulse of its running
 * fight (0 when it has not, or there is none): its walk, from the movement
 * record as this client knows it (the GM's memory of it on a GM's client), and
 * what turning cost a multi-hex figure.
 */
export function hexesMovedThisPulse(actor: Actor.Implementation): number {
  for (const c of (game.combats?.contents ?? []) as unknown as PulseCombat[]) {
    if (!c.started || c.boutSystem?.structure !== "pulses" || !c.machineState) continue;
    const combatant = combatantOf(c, actor);
    if (!combatant?.tokenId || !combatant.sceneId) continue;
    const token = game.scenes?.get(combatant.sceneId)?.tokens.get(combatant.tokenId) as TokenLike | undefined;
    if (!token) continue;
    // A GM's client reads its own count (the owner may write the flag); a player's, the token.
    const flag = (game.user?.isGM ? knownFlags(token).pulseMove : token.getFlag(SYSTEM_ID as never, "pulseMove" as never)) as MoveFlag | undefined;
    const turned = flag?.combat === c.id && flag.pulse === (c.machineState as PulsesState).pulse ? Math.max(0, Number(flag.used) || 0) : 0;
    return (hexesWalked(token, knownPath(token)) ?? 0) + turned;
  }
  return 0;
}

/**
 * Active GM, after a player's token moved (move-recheck.ts): the move judged
 * again from where the token stood before, with its recorded waypoints, against
 * the walk this GM saw the token make this pulse (not the record the player's
 * client wrote).
 */
const judgePulseMove: MoveJudge = (moved, before, changes, options, userId) => {
  const token = moved as unknown as TokenLike;
  const ctx = moveContext(token, userId, before);
  if (!ctx) return null;
  const named = (refusal: { readonly code: string; readonly message: string; readonly data?: Record<string, string | number> }) => ({ ok: false as const, refusal: { ...refusal, data: { ...refusal.data, name: token.name ?? ctx.fight.actor.name } } });
  const moving = "x" in changes || "y" in changes;
  let walk: Walk = { steps: 0, heading: null };
  if (moving) {
    const route = recordedRoute(moved, options);
    const end = { x: Number(token.x), y: Number(token.y) };
    // Only an undo the GM can verify gives hexes back; a forged one is a walk from where the token stood (move-recheck.ts).
    const judged = verifiedUndo(moved, before, options) ? judgeUndo(token, ctx, end) : judgeWalk(token, ctx, route, route.length);
    if (!judged.ok) return named(judged.refusal);
    walk = judged.value;
  }
  // [22] a multi-hex figure's turn costs 1 TMR for every 2 vertices, counted here from the facing the GM saw: the
  // count on the token is the GM's (its owner may write that flag), written back where it holds anything else.
  const turnCost = ctx.from.hexes ? monsterTurnCost(verticesTurned(before.rotation, Number(token.rotation ?? 0))) : 0;
  if (turnCost > 0 && walk.steps >= 0) {
    const checked = checkPulseMove({ acting: ctx.acting, used: ctx.used, distance: walk.steps + turnCost, limit: ctx.limit });
    if (!checked.ok) return named(checked.refusal);
  }
  const flag = (before.flags[SYSTEM_ID] as { pulseMove?: MoveFlag } | undefined)?.pulseMove ?? null;
  const next: MoveFlag | null = turnCost > 0 ? { combat: ctx.fight.combat.id ?? "", pulse: ctx.state.pulse, used: ctx.turned + turnCost } : flag;
  return { ok: true, correct: { [`flags.${SYSTEM_ID}.pulseMove`]: next } };
};

export function registerPulseMovement(): void {
  registerMoveJudge(judgePulseMove);
  // v13's preMoveToken is not in fvtt-types 13.345's hook list yet: (document, movement, operation).
  (Hooks.on as unknown as (hook: string, fn: (token: unknown, movement: unknown, operation: unknown) => boolean | void) => number)("preMoveToken", (token, movement, operation) =>
    isPutBack(operation) ? undefined : checkTokenWalk(token as TokenLike, movement as MovementLike, (operation ?? {}) as object),
  );
  Hooks.on("preUpdateToken", (token, changes, options, userId) => isPutBack(options) ? undefined : checkTokenMove(token as unknown as TokenLike, changes as unknown as Record<string, unknown>, userId, options as object));
}
