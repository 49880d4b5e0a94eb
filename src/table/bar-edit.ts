/**
 * A change typed on the token bar (core's Token HUD calls Actor#modifyTokenAttribute
 * with the bar's attribute). It is a decision like any other: the active GM works
 * it out in the fighter's write queue, from the figure as it is once the cards
 * being applied to the fighter have landed, and writes it once; anyone else asks
 * the active GM. With no GM connected the owner writes it, as core would.
 */
import type { Vitality } from "../engine/rulesets/ruleset";
import { trackEdit } from "../engine/rulesets/track-edit";
import { ok, refuse, type Outcome } from "../engine/outcome";
import { activeRuleset } from "../settings";
import { writeOne } from "./batch";
import { fighterFrom, fighterRef } from "./fighter";
import { askGM, checkGrant, registerRequest } from "./grants";
import { notifyRefusal } from "./notify";
import { activeGM } from "./query";
import { queued } from "./write-queue";
import { notSaved } from "./write-notice";

/** The statistic the edit writes and its new figure, from the actor as it is now (null: the bar has no statistic behind it). */
function editOf(actor: Actor.Implementation, value: number, isDelta: boolean): { path: string; value: number } | null {
  const ruleset = activeRuleset();
  const track = (actor.system as { vitality?: Vitality }).vitality;
  const edit = track ? trackEdit(track, ruleset.stats.actor, value, isDelta) : null;
  return edit ? { path: `system.${ruleset.id}.${edit.path}`, value: edit.value } : null;
}

/** Active GM, or the owner when no GM is connected: the edit worked out and written in the actor's queue, checked. */
function writeEdit(actor: Actor.Implementation, value: number, isDelta: boolean): Promise<Outcome<unknown>> {
  return queued([actor], async (): Promise<Outcome<unknown>> => {
    const edit = editOf(actor, value, isDelta);
    if (!edit) return refuse("bar.derived", "BOUT.Actor.Vitality.Derived");
    const committed = await writeOne(actor, { [edit.path]: edit.value });
    if (!committed.complete) return notSaved("Bar.None", committed);
    return ok(edit.value);
  });
}

/**
 * This client's edit of the bar: modules hear it first (core's `modifyTokenAttribute`
 * hook, with the change as this client sees it; false stops it), then it is written
 * by the active GM. Refusals are shown here.
 */
export async function editBar(actor: Actor.Implementation, attribute: string, value: number, isDelta: boolean, isBar: boolean): Promise<Outcome<unknown>> {
  const seen = Number.isFinite(value) ? editOf(actor, value, isDelta) : null;
  let outcome: Outcome<unknown>;
  if (!Number.isFinite(value)) outcome = refuse("bar.badValue", "BOUT.Actor.Vitality.BadValue");
  else if (!seen) outcome = refuse("bar.derived", "BOUT.Actor.Vitality.Derived");
  else if (Hooks.call("modifyTokenAttribute", { attribute, value, isDelta, isBar }, { [seen.path]: seen.value }) === false) return ok(null);
  else if (game.user?.isActiveGM || !activeGM()) outcome = await writeEdit(actor, value, isDelta);
  else outcome = await askGM("editBar", { actor: fighterRef(actor), value, isDelta });
  if (!outcome.ok) notifyRefusal(outcome.refusal);
  return outcome;
}

export function registerBarQueries(): void {
  // Only the numbers and the fighter are the asker's; the figure it lands on is read here, in the queue.
  registerRequest("editBar", (data: { actor?: unknown; value?: unknown; isDelta?: unknown }, from) => {
    const actor = fighterFrom(data.actor);
    if (!actor) return refuse("card.unknownActor", "BOUT.Card.Refusal.UnknownActor");
    if (!from.isGM && !checkGrant(actor, from)) return refuse("bar.notYours", "BOUT.Actor.Vitality.NotYours", { name: actor.name ?? "" });
    if (typeof data.value !== "number" || !Number.isFinite(data.value) || typeof data.isDelta !== "boolean") return refuse("bar.badValue", "BOUT.Actor.Vitality.BadValue");
    return writeEdit(actor, data.value, data.isDelta);
  });
}
