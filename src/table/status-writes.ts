/**
 * Statuses set or cleared as writes for a batch (batch.ts), all of one actor's
 * in one create and one delete. What is written is what core's
 * Actor#toggleStatusEffect writes one status at a time: the effect built by
 * ActiveEffect.fromStatusEffect, created with its id kept (a status with a
 * fixed `_id` keeps it), and clearing removes the status's own effects (the one
 * with the fixed `_id`, else every effect carrying that status alone). So the
 * Token HUD, actor.statuses and a later toggle see them exactly as core's own.
 */
import { statusEffect } from "../compat";
import { SYSTEM_ID } from "../config";
import { conditionEndsAt } from "../engine/time/condition-time";
import type { WriteBatch } from "./batch";

/** A status to have on (`active: true`) or off; one set on for `seconds` of the world's time ends then (issue 31). */
export interface StatusWanted {
  readonly id: string;
  readonly active: boolean;
  readonly seconds?: number;
}

/** Where a timed condition keeps when it ends (the world's seconds): our flag, the same on v13 and v14 (v14 reshaped Foundry's own durations). */
export const ENDS_AT_FLAG = "endsAt";

interface EffectLike {
  readonly id: string | null;
  readonly statuses: ReadonlySet<string>;
}

interface ActorLike {
  readonly documentName: string;
  readonly effects: { get(id: string): unknown; contents: readonly EffectLike[] };
}

interface StatusEffectClass {
  fromStatusEffect(id: string): Promise<{ toObject(): object }>;
}

/** The effects this status has on the actor now, as toggleStatusEffect finds them. */
function effectsOf(actor: ActorLike, id: string): string[] {
  const status = statusEffect(id);
  if (!status) return [];
  if (status._id) return actor.effects.get(status._id) ? [status._id] : [];
  return actor.effects.contents.filter((e) => e.statuses.size === 1 && e.statuses.has(id) && e.id).map((e) => e.id!);
}

/** An effect's data with the moment it ends, when it lasts `seconds` from the world's time now. */
function timed(effect: object, seconds: number | undefined): object {
  if (!(typeof seconds === "number" && seconds > 0)) return effect;
  const flags = (effect as { flags?: Record<string, Record<string, unknown>> }).flags ?? {};
  return { ...effect, flags: { ...flags, [SYSTEM_ID]: { ...(flags[SYSTEM_ID] ?? {}), [ENDS_AT_FLAG]: conditionEndsAt(game.time?.worldTime ?? 0, seconds) } } };
}

/**
 * Adds to `batch` what brings the actor's statuses to `wanted` (the last word on
 * a status counts; an unknown status is skipped): one delete of every effect to
 * remove and one create of every effect to add. Nothing when all are as wanted.
 */
export async function gatherStatuses(batch: WriteBatch, actor: ActorLike, wanted: readonly StatusWanted[], tag?: unknown): Promise<void> {
  const last = new Map<string, StatusWanted>();
  for (const w of wanted) if (statusEffect(w.id)) last.set(w.id, w);
  const remove: string[] = [];
  const create: object[] = [];
  const cls = (CONFIG.ActiveEffect as { documentClass: StatusEffectClass }).documentClass;
  for (const [id, { active, seconds }] of last) {
    const present = effectsOf(actor, id);
    if (active && !present.length) create.push(timed((await cls.fromStatusEffect(id)).toObject(), seconds));
    else if (!active) remove.push(...present.filter((e) => !remove.includes(e)));
  }
  // `tag`: what the caller wants back for a write that was not saved (batch.ts).
  const place = tag === undefined ? {} : { tag };
  batch.deleteIn(actor, "ActiveEffect", remove, {}, place);
  // keepId, as core's toggle creates them: a status with a fixed _id keeps it.
  batch.create(actor, "ActiveEffect", create, { keepId: true }, place);
}
