/**
 * Token moves in a running pulse (seed 004_2f46e4f6196f6037.txt [13]-[15],
 * [14.1]): on a hex scene, a fighter's token moves only in the figure's turn and
 * no farther this pulse than the engine allows; a refused move is cancelled with
 * a notice. The hexes moved so far ride on the token's own update (a flag), so a
 * move stays one write. A walk into a foe's melee zone stops at its first hex
 * [14.1]. The GM is exempt unless the world setting says otherwise; turning in
 * place is never limited.
 */
import { SYSTEM_ID } from "../config";
import { actorView } from "../data/actor/actor-view";
import type { ActorView } from "../engine/rulesets/ruleset";
import { armourTotals, modAGOf, tmrOf } from "../engine/rulesets/pulse/derived";
import { hexDistance, hexLine, type Figure } from "../engine/rulesets/pulse/hex";
import { checkMountedCharge, monsterTurnCost } from "../engine/rulesets/pulse/mounted";
import { checkMonsterMove, headOf, vertexFromAngle } from "../engine/rulesets/pulse/monster-facing";
import { checkPulseMove, checkZoneStop, inHostileZone, pulseMoveLimit } from "../engine/rulesets/pulse/movement";
import type { PulseStats } from "../engine/rulesets/pulse/stats";
import { currentActors, type PulsesState } from "../engine/time/pulses";
import { notifyRefusal } from "../applications/rulesets/notify";
import type { CombatantInfo } from "./machines";
import { tokenPlacement } from "./pulse-engagements";

/** What the token carries between moves: the hexes moved in one pulse of one fight. */
interface MoveFlag {
  readonly combat: string;
  readonly pulse: number;
  readonly used: number;
}

interface PulseCombat {
  readonly id: string | null;
  readonly started: boolean;
  readonly combatants: { contents: { id: string | null; tokenId: string | null; sceneId: string | null; actor: Actor.Implementation | null }[] };
  readonly boutSystem?: { structure: string };
  readonly machineState?: unknown;
  combatantInfos(): CombatantInfo[];
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

/** preUpdateToken: false cancels the move (with a notice); otherwise the running count joins the update. */
export function checkTokenMove(token: TokenLike, changes: Record<string, unknown>, userId: string): boolean | void {
  const moving = "x" in changes || "y" in changes;
  const turning = "rotation" in changes && Number(changes.rotation) !== Number(token.rotation ?? 0);
  if (!moving && !turning) return;
  const mode = game.settings?.get(SYSTEM_ID, "pulseMoveLimits") ?? "players";
  if (mode === "off") return;
  if (mode === "players" && game.users?.get(userId)?.isGM) return;
  const fight = fightOf(token);
  if (!fight) return;
  const from = tokenPlacement(token);
  const to = tokenPlacement(token, { x: Number(changes.x ?? token.x), y: Number(changes.y ?? token.y) });
  // Not a hex scene: nothing to count in hexes.
  if (!from || !to) return;
  const state = fight.combat.machineState as PulsesState;
  const id = fight.combatantId;
  const flag = token.getFlag(SYSTEM_ID as never, "pulseMove" as never) as unknown as MoveFlag | undefined;
  const moved = flag?.combat === fight.combat.id && flag.pulse === state.pulse && Number.isInteger(flag.used) ? flag.used : 0;
  // [14.1] hexes spent jumping this pulse count as moved.
  const used = moved + (state.jumped?.[id] ?? 0);
  // [23] a mounted charge runs straight, with no change of facing on the way.
  const declared = state.declared?.[id] ?? [];
  const rider = (actorView(fight.actor as never, "pulse") as unknown as ActorView<PulseStats>).stats.mounted;
  if (rider && declared.some((a) => a === "charge" || a === "chargeAndClose")) {
    const straight = checkMountedCharge(from.hex, hexLine(from.hex, to.hex).slice(1), turning && (used > 0 || moving));
    if (!straight.ok) {
      notifyRefusal({ ...straight.refusal, data: { ...straight.refusal.data, name: token.name ?? fight.actor.name } });
      return false;
    }
  }
  // [22] a multi-hex figure's turn costs 1 TMR for every 2 vertices (60° each) it swings through.
  const swing = Math.abs(((Number(changes.rotation ?? token.rotation ?? 0) - Number(token.rotation ?? 0)) % 360) + 360) % 360;
  const turnCost = from.hexes && turning ? monsterTurnCost(Math.round(Math.min(swing, 360 - swing) / 60)) : 0;
  if (!moving && turnCost === 0) return;

  const infos = fight.combat.combatantInfos();
  const side = infos.find((i) => i.id === id)?.side ?? "";
  const others: Figure[] = infos
    .filter((i) => i.id !== id && i.placed)
    .map((i) => ({ id: i.id, side: i.side, hex: i.placed!.hex, facing: i.placed!.facing, ...(i.placed!.hexes ? { hexes: i.placed!.hexes } : {}) }));
  const v = actorView(fight.actor as never, "pulse") as unknown as ActorView<PulseStats>;
  const armour = armourTotals(v.armor.filter((a) => a.equipped).map((a) => a.stats));
  const weapon = v.weapons.find((w) => w.equipped) ?? null;
  const limit = pulseMoveLimit({
    tmr: tmrOf(v.stats, armour),
    modAG: modAGOf(v.stats, armour),
    stunned: Boolean(state.combatants.find((c) => c.id === id)?.stunned || v.stats.stunned),
    engaged: state.engagements.some((e) => e.members.includes(id)),
    inOpponentZone: inHostileZone({ side, hex: from.hex, ...(from.hexes ? { hexes: from.hexes } : {}) }, others),
    poleWeapon: weapon?.stats.use === "pole",
    // [14.1] Fire allows two hexes with a loaded crossbow: an equipped crossbow counts as loaded.
    loadedCrossbow: v.weapons.some((w) => w.equipped && Boolean((w.stats as { crossbow?: boolean }).crossbow)),
  }, state.declared?.[id]).hexes;
  // [22] a monster faces a vertex: its head moves only into the hexes ahead of it.
  if (moving && from.hexes && to.hexes) {
    const orientation = (token.parent as { grid?: { columns?: boolean } } | null)?.grid?.columns ? "flat" : "pointy";
    const vertex = vertexFromAngle(Number(token.rotation ?? 0) + 90, orientation);
    const ahead = checkMonsterMove(headOf(from.hexes, vertex), headOf(to.hexes, vertex), vertex);
    if (!ahead.ok) {
      notifyRefusal({ ...ahead.refusal, data: { ...ahead.refusal.data, name: token.name ?? fight.actor.name } });
      return false;
    }
  }
  const acting = currentActors(state).includes(id);
  const checked = checkPulseMove({ acting, used, distance: hexDistance(from.hex, to.hex) + turnCost, limit });
  // In its turn, a walk that would carry on past the first hex of a foe's melee zone stops there [14.1].
  const zone = checked.ok && moving ? checkZoneStop(from.hex, to.hex, { side }, others) : checked;
  if (!zone.ok) {
    notifyRefusal({ ...zone.refusal, data: { ...zone.refusal.data, name: token.name ?? fight.actor.name } });
    return false;
  }
  if (!checked.ok) return false;
  const next: MoveFlag = { combat: fight.combat.id ?? "", pulse: state.pulse, used: checked.value.used - (state.jumped?.[id] ?? 0) };
  foundry.utils.setProperty(changes, `flags.${SYSTEM_ID}.pulseMove`, next);
}

/** Hexes the fighter's token has moved in the current pulse of its running fight (0 when it has not, or there is none). */
export function hexesMovedThisPulse(actor: Actor.Implementation): number {
  for (const c of (game.combats?.contents ?? []) as unknown as PulseCombat[]) {
    if (!c.started || c.boutSystem?.structure !== "pulses" || !c.machineState) continue;
    const combatant = c.combatants.contents.find((x) => x.actor?.id === actor.id);
    if (!combatant?.tokenId || !combatant.sceneId) continue;
    const token = game.scenes?.get(combatant.sceneId)?.tokens.get(combatant.tokenId) as TokenLike | undefined;
    const flag = token?.getFlag(SYSTEM_ID as never, "pulseMove" as never) as unknown as MoveFlag | undefined;
    if (flag?.combat === c.id && flag.pulse === (c.machineState as PulsesState).pulse) return flag.used;
  }
  return 0;
}

export function registerPulseMovement(): void {
  Hooks.on("preUpdateToken", (token, changes, _options, userId) => checkTokenMove(token as unknown as TokenLike, changes as unknown as Record<string, unknown>, userId));
}
