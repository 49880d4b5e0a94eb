/**
 * Seed 001's Effective Space on the canvas ("1. Movement"): during the Movement
 * phase of a running phased round, a fighter who is only moving may not pass
 * through the Effective Space of a fighter engaged in combat. A token move is
 * checked on the client that asks for it (Foundry runs `preUpdateToken` there
 * only, and a handler returning false cancels the update): the engine says who
 * must be kept clear of and whether the path enters a space; a path that does is
 * refused with the names, and nothing is written. The mover goes around, or the
 * GM turns the check off in the settings.
 *
 * The same check holds every mover in the Movement phase to the declared
 * mode's range ("1. Movement", Movement Table, paces per round): the path the
 * token has moved this round (Foundry's movement record, cleared when the
 * round's Movement phase begins: movement-record.ts) and this move's together
 * may be no longer than the engine's allowance (moveBeyondMode, from the
 * mover's sheet), or the move is refused with the figures, whatever the
 * Effective Space setting. A player's token moves only in its fighter's own
 * turn of the Movement phase, highest Initiative Total first (the engine's
 * moveTurnRefusal); the GM places tokens freely.
 *
 * Geometry: token centres in scene pixels become paces through the scene's grid
 * (size in pixels, distance and units per square). A v13 move carries its
 * waypoints in the update's `movement` option; a plain update goes straight to
 * its new x and y.
 */
import { machineStateOf } from "../cards";
import { notifyRefusal } from "../notify";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { pacesPerUnit, pathLength, spaceIntrusions, type EngagedFigure, type Point } from "../../engine/rulesets/phases/effective-space";
import { movementFiguresOf } from "../../engine/rulesets/phases";
import { phasesTracks, ruleSwitch } from "../../settings";
import { moveBeyondMode, spaceToKeepOutOf, type PhasesState } from "../../engine/time/phases";
import { actorView } from "../../data/actor/actor-view";
import { isPutBack, recordedRoute, registerMoveJudge, type MoveJudge } from "../move-recheck";
import { recordedPath, type RecordedPoint } from "../movement-record";
import { moveTurnRefusal } from "../../engine/time/phases-movement";
import { onSameLevel } from "../../compat";

interface Box {
  readonly x?: number;
  readonly y?: number;
  readonly width?: number;
  readonly height?: number;
}
interface TokenLike extends Box {
  readonly id: string | null;
  readonly name?: string | null;
  readonly actorId?: string | null;
  readonly parent?: SceneLike | null;
}
interface SceneLike {
  readonly id: string | null;
  readonly grid?: { readonly size?: number; readonly distance?: number; readonly units?: string } | null;
  readonly tokens?: { get(id: string): TokenLike | undefined; readonly contents: readonly TokenLike[] };
}
interface CombatantLike {
  readonly id: string | null;
  readonly name?: string | null;
  readonly actorId?: string | null;
  readonly tokenId?: string | null;
  readonly sceneId?: string | null;
}

const K = "BOUT.Phases.Space.";
const M = "BOUT.Phases.Move.";

/** The world's switch for the check (on unless the GM turns it off). */
const guarding = () => ruleSwitch("phasesEffectiveSpace");

/** Is this combatant the token's fighter: its own token, or, for a combatant made from an actor alone, a token of that actor. */
const isTokenOf = (c: CombatantLike, token: TokenLike) => (c.tokenId ? c.tokenId === token.id : Boolean(c.actorId) && c.actorId === token.actorId);

/** The fighter's token on this scene. */
function tokenOf(c: CombatantLike, scene: SceneLike): TokenLike | undefined {
  if (c.sceneId && c.sceneId !== scene.id) return undefined;
  if (c.tokenId) return scene.tokens?.get(c.tokenId);
  return scene.tokens?.contents.find((t) => Boolean(c.actorId) && t.actorId === c.actorId);
}

/** Who moves and what they moved before: a player is held to the turn order; `history` is the path moved this round before this move. */
interface Mover {
  readonly byGM: boolean;
  readonly history: readonly RecordedPoint[];
}

/**
 * Checks a token's move against every running phased round it fights in.
 * Refuses (without writing anything) a player's move out of its fighter's turn
 * of the Movement phase, a move that takes the round's movement past the
 * declared mode, and a path that enters an engaged fighter's Effective Space
 * while the mover is only moving in the Movement phase.
 */
export function checkTokenMove(token: TokenLike, changes: Box, options: { movement?: Record<string, { waypoints?: readonly Box[] } | undefined> } = {}, who: Mover = { byGM: Boolean(game.user?.isGM), history: recordedPath(token) }): Outcome<true> {
  const waypoints = options.movement?.[token.id ?? ""]?.waypoints;
  // v14 Scene Levels: a change of level is a movement too (it costs no paces: the plane is measured).
  const level = (changes as { level?: unknown }).level;
  const moves = changes.x !== undefined || changes.y !== undefined || (level !== undefined && level !== (token as { level?: unknown }).level) || (Array.isArray(waypoints) && waypoints.length > 0);
  const scene = token.parent;
  if (!moves || !scene) return ok(true);
  const guard = guarding();
  const size = Number(scene.grid?.size) > 0 ? Number(scene.grid!.size) : 100;
  const distance = Number(scene.grid?.distance) > 0 ? Number(scene.grid!.distance) : 1;
  const scale = (distance * pacesPerUnit(scene.grid?.units)) / size;
  // A token's box at a step of the path; what a waypoint leaves out is as the step before.
  const boxAt = (b: Box, from: Box): Box & Point => {
    const x = b.x ?? from.x ?? 0;
    const y = b.y ?? from.y ?? 0;
    const width = b.width ?? from.width ?? 1;
    const height = b.height ?? from.height ?? 1;
    return { x, y, width, height };
  };
  const toPaces = (b: Box & Point): Point => ({ x: (b.x + ((b.width ?? 1) * size) / 2) * scale, y: (b.y + ((b.height ?? 1) * size) / 2) * scale });
  // The path: where the token stands, then each waypoint (or the new position).
  const boxes: (Box & Point)[] = [boxAt(token, {})];
  for (const w of Array.isArray(waypoints) && waypoints.length ? waypoints : [changes]) boxes.push(boxAt(w ?? {}, boxes[boxes.length - 1]!));
  const path = boxes.map(toPaces);
  // The level the mover ends on (v14 Scene Levels): where it goes, else where it stands.
  const moverLevel = { level: (changes as { level?: unknown }).level ?? (token as { level?: unknown }).level };

  for (const combat of game.combats?.contents ?? []) {
    const state = machineStateOf<PhasesState>(combat.id ?? "", "phases");
    if (!state) continue;
    const combatants = combat.combatants.contents as CombatantLike[];
    const mover = combatants.find((c) => isTokenOf(c, token));
    // "1. Movement": each moves in turn, highest Initiative Total first, in the Movement phase (the engine decides).
    const turn = who.byGM || !mover ? null : moveTurnRefusal(state, mover.id ?? null);
    if (turn) return refuse(`phases.move.${turn}`, `${M}${turn === "notYourMove" ? "NotYourTurn" : "NotMovementPhase"}`, { mover: mover!.name || token.name || "" });
    const keepOut = guard ? spaceToKeepOutOf(state, mover?.id ?? null) : null;
    if (mover && keepOut?.length) {
      const figures: (EngagedFigure & { name: string })[] = [];
      for (const k of keepOut) {
        const c = combatants.find((x) => x.id === k.id);
        const t = c ? tokenOf(c, scene) : undefined;
        // A fighter on another level of the scene (v14 Scene Levels) is not in the way.
        if (!c || !t || t.id === token.id || !onSameLevel(t, moverLevel)) continue;
        figures.push({ id: k.id, at: toPaces(boxAt(t, {})), space: k.space, name: c.name || t.name || "" });
      }
      const entered = spaceIntrusions(path, figures);
      if (entered.length) {
        const names = entered.map((e) => figures.find((f) => f.id === e.id)?.name ?? "").join(", ");
        return refuse("phases.space.entered", `${K}Refused`, { mover: mover.name || token.name || "", names });
      }
    }
    // The declared mode's range (the engine decides; the sheet gives the Movement Table's figures).
    // The fighter is the combatant's actor (an unlinked token's own), never the world actor looked up by id.
    const actor = mover ? ((mover as { actor?: unknown }).actor ?? (token as { actor?: unknown }).actor) : undefined;
    if (mover && actor) {
      // The paces are per round: what the token moved this round before (its movement record) counts with this move.
      const before = pathLength(who.history.map((p) => ({ ...toPaces(boxAt(p, token)), ...(p.displaced ? { displaced: true } : {}) })));
      const far = moveBeyondMode(state, mover.id ?? null, movementFiguresOf(actorView(actor as Actor.Implementation, "phases").stats as never, phasesTracks()), before + pathLength(path));
      if (far) {
        const mode = game.i18n?.localize(`BOUT.Phases.Movement.${far.mode}`) ?? far.mode;
        // With the storyguide's cut for the ground, the notice says so.
        return refuse("phases.move.tooFar", `${M}${far.less ? "TooFarGround" : "TooFar"}`, { mover: mover.name || token.name || "", mode, paces: far.paces, less: far.less, moved: Math.round(far.moved * 10) / 10 });
      }
    }
  }
  return ok(true);
}

/**
 * Active GM, after a player's move (move-recheck.ts): the same check from where
 * the token stood before, along the waypoints the move recorded.
 */
const judgeSpace: MoveJudge = (token, before, changes, options) => {
  // A turn in place moves no paces.
  if (!("x" in changes) && !("y" in changes)) return null;
  const moved = token as TokenLike & { x: number; y: number };
  // The route the move recorded: v13's movement data, or the waypoints a plain update named.
  const named = (options.movement as Record<string, { waypoints?: readonly { x: number; y: number }[] } | undefined> | undefined)?.[moved.id ?? ""]?.waypoints;
  const route = recordedRoute(token, options, named);
  const end = { x: moved.x, y: moved.y, level: (moved as { level?: unknown }).level } as Box;
  const was: TokenLike = { id: moved.id, name: moved.name, actorId: moved.actorId, parent: moved.parent, x: before.x, y: before.y, width: before.width, height: before.height };
  // The path moved before is the one this GM knows, not the record the player's client wrote.
  const checked = checkTokenMove(was, end, { movement: { [moved.id ?? ""]: { waypoints: route } } }, { byGM: false, history: before.path });
  return checked.ok ? null : { ok: false, refusal: checked.refusal };
};

/** Registers the check on token moves (called once from the `init` hook). */
export function registerEffectiveSpaceGuard(): void {
  registerMoveJudge(judgeSpace);
  Hooks.on("preUpdateToken", (token, changes, options, userId) => {
    if (isPutBack(options)) return true;
    const checked = checkTokenMove(token as TokenLike, changes as Box, options as never, { byGM: Boolean(game.users?.get(userId)?.isGM), history: recordedPath(token) });
    if (checked.ok) return true;
    notifyRefusal(checked.refusal);
    return false;
  });
}
