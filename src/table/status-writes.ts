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
  /**
   * A secret duration (a pulse knockout's minutes): the id of the GMs' whisper that keeps it. The end
   * is then written on that whisper, and the effect names only the whisper, so the fighter's owner,
   * who reads his token's effects, never holds the time.
   */
  readonly secretFrom?: string;
}

/** Where a timed condition keeps when it ends (the world's seconds): our flag, the same on v13 and v14 (v14 reshaped Foundry's own durations). */
export const ENDS_AT_FLAG = "endsAt";

/** On an effect whose end is secret: the id of the GMs' whisper that holds ENDS_AT_FLAG for it. */
export const ENDS_WITH_FLAG = "endsWith";

/** The world's seconds a timed effect ends at, read on a GM's client: its own flag, or its secret whisper's (written by a GM). */
export function effectEndsAt(flags: Readonly<Record<string, unknown>> | undefined): number | undefined {
  const own = flags?.[ENDS_AT_FLAG];
  if (typeof own === "number") return own;
  const id = flags?.[ENDS_WITH_FLAG];
  const message = typeof id === "string" ? (game.messages?.get(id) as ChatMessage.Implementation | undefined) : undefined;
  if (!(message?.author as User.Implementation | null)?.isGM) return undefined;
  const at = (message!.flags as Record<string, Record<string, unknown> | undefined>)[SYSTEM_ID]?.[ENDS_AT_FLAG];
  return typeof at === "number" ? at : undefined;
}

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

/** An effect's data with the moment it ends, when it lasts `seconds` from the world's time now (a secret end: only where it is kept). */
function timed(effect: object, seconds: number | undefined, secretFrom?: string): object {
  if (!(typeof seconds === "number" && seconds > 0)) return effect;
  const flags = (effect as { flags?: Record<string, Record<string, unknown>> }).flags ?? {};
  const end = secretFrom ? { [ENDS_WITH_FLAG]: secretFrom } : { [ENDS_AT_FLAG]: conditionEndsAt(game.time?.worldTime ?? 0, seconds) };
  return { ...effect, flags: { ...flags, [SYSTEM_ID]: { ...(flags[SYSTEM_ID] ?? {}), ...end } } };
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
  // `tag`: what the caller wants back for a write that was not saved (batch.ts).
  const place = tag === undefined ? {} : { tag };
  for (const [id, { active, seconds, secretFrom }] of last) {
    const present = effectsOf(actor, id);
    const whisper = secretFrom ? game.messages?.get(secretFrom) : undefined;
    if (active && !present.length) {
      create.push(timed((await cls.fromStatusEffect(id)).toObject(), seconds, whisper ? secretFrom : undefined));
      // The secret end goes on the GMs' whisper, in the same batch.
      if (whisper && typeof seconds === "number" && seconds > 0) batch.update(whisper, { [`flags.${SYSTEM_ID}.${ENDS_AT_FLAG}`]: conditionEndsAt(game.time?.worldTime ?? 0, seconds) }, {}, place);
    } else if (!active) remove.push(...present.filter((e) => !remove.includes(e)));
  }
  batch.deleteIn(actor, "ActiveEffect", remove, {}, place);
  // keepId, as core's toggle creates them: a status with a fixed _id keeps it.
  batch.create(actor, "ActiveEffect", create, { keepId: true }, place);
}
