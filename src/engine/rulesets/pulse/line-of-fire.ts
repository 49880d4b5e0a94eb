/**
 * [16.1] a missile on its way: every figure standing on the line of fire, the
 * nearest first, gets a strike check of its own; the first one hit takes the
 * missile, and the rest of the line (the target too) is spared. A missile that
 * hits nobody flies on to 1.5 times the weapon's range and falls.
 */
import type { Dice } from "../../dice";
import type { Outcome } from "../../outcome";
import { resolveAttack, type AttackInput, type AttackResult } from "./attack";
import { pulseEvent, type PulseEvent } from "./events";
import { overflightRange } from "./hex";

export interface ShotInput {
  /** Figures on the line between shooter and target, nearest first, each with the shot against it. */
  readonly inTheWay: readonly { readonly id: string; readonly input: AttackInput }[];
  readonly target: { readonly id: string; readonly input: AttackInput };
  /** A missile's range in hexes, for where it falls when it hits nobody; null for a blow in melee. */
  readonly range: number | null;
}

export interface ShotResult {
  /** Who the missile struck: a figure in the way, the target, or nobody. */
  readonly struck: string | null;
  /** The resolution against the figure struck, or against the target when nobody was. */
  readonly attack: AttackResult;
  /** The figure the resolution was made against. */
  readonly against: string;
  /** When nobody is hit: hexes the missile flies before it falls; else null. */
  readonly fallsAt: number | null;
}

export function resolveShot(shot: ShotInput, dice: Dice): Outcome<{ result: ShotResult; events: PulseEvent[] }> {
  const events: PulseEvent[] = [];
  for (const f of shot.inTheWay) {
    events.push(pulseEvent("InTheWay", { who: f.id }));
    const r = resolveAttack({ ...f.input, inTheWay: true }, dice);
    if (!r.ok) return r;
    events.push(...r.value.events);
    if (r.value.result.strike.hit) return { ok: true, value: { result: { struck: f.id, attack: r.value.result, against: f.id, fallsAt: null }, events } };
  }
  const r = resolveAttack(shot.target.input, dice);
  if (!r.ok) return r;
  events.push(...r.value.events);
  const hit = r.value.result.strike.hit;
  const fallsAt = hit || shot.range === null ? null : overflightRange(shot.range);
  if (fallsAt !== null) events.push(pulseEvent("MissileFalls", { hexes: fallsAt }));
  return { ok: true, value: { result: { struck: hit ? shot.target.id : null, attack: r.value.result, against: shot.target.id, fallsAt }, events } };
}
