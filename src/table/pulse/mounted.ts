/**
 * Seed 004 [23] at the table. A figure's **Mounted** box says it rides. Its
 * blows are checked before any card is posted: nothing into the hex straight
 * ahead of the mount, and the Horsemanship limits on two-handed weapons and on
 * shooting while the mount moves (it moved this pulse). A blow at a rider from
 * the mount's front hex needs a long-hafted or missile weapon. Mounting and
 * dismounting wait until the mount stands still: the sheet's Mount/Dismount
 * button is refused once the token has moved this pulse. The facings come from
 * the tokens of the fight on a hex scene; without them only the Horsemanship
 * limits are checked.
 */
import { checkStunnedMay } from "../../engine/rulesets/pulse/actions";
import { actorView } from "../../data/actor/actor-view";
import { fighterFrom, fighterRef, sameFighter } from "../fighter";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { askGM, checkGrant, registerRequest } from "../grants";
import { writeOne } from "../batch";
import { queued } from "../write-queue";
import { notSaved } from "../write-notice";
import { canMountOrDismount, checkBlowAtRider, checkMountedAttack, weaponsInUse } from "../../engine/rulesets/pulse/mounted";
import { pulseHorsemanship } from "./tables";
import { relativeSide } from "../../engine/rulesets/pulse/hex";
import type { PulseStats, PulseWeaponStats } from "../../engine/rulesets/pulse/stats";
import { fightInfos } from "./fight";
import { hexesMovedThisPulse } from "./movement";
import { registerActorAction } from "../../applications/sheets/actor-actions";
import { notifyRefusal } from "../notify";
import { firesMissiles } from "../../engine/rulesets/pulse/wielding";
import { fromStraightAhead } from "../../engine/rulesets/pulse/blow-side";

const view = (actor: Actor.Implementation) => actorView<PulseStats>(actor, "pulse");

/** Where two fighters of the fight stand on a hex scene, if they both do. */
function placements(combatId: string, a: Actor.Implementation, b: Actor.Implementation) {
  const infos = fightInfos(combatId);
  const pa = infos.find((i) => sameFighter(i.actor, a))?.placed;
  const pb = infos.find((i) => sameFighter(i.actor, b))?.placed;
  return pa && pb ? { a: pa, b: pb } : null;
}

/** [23] may this blow be struck, given who rides? `several`: the attack dialog's "several attacks" ([16.4]). */
export function checkMountedBlow(combatId: string, attacker: Actor.Implementation, defender: Actor.Implementation, weapon: PulseWeaponStats, several?: "twoWeapons" | "twoHandedB"): Outcome<true> {
  const a = view(attacker).stats;
  const d = view(defender).stats;
  if (!a.mounted && !d.mounted) return ok(true);
  const at = placements(combatId, attacker, defender);
  if (a.mounted) {
    const mounted = checkMountedAttack({
      horsemanship: a.horsemanship,
      twoHanded: weapon.twoHanded,
      missileOrThrown: firesMissiles(weapon.use),
      mountMoving: hexesMovedThisPulse(attacker) > 0,
      weaponsUsed: weaponsInUse(several),
      // Not adjacent, or no map: not the hex straight ahead.
      targetSide: at ? (relativeSide(at.a.hex, at.a.facing, at.b.hex) ?? -1) : -1,
    }, pulseHorsemanship());
    if (!mounted.ok) return mounted;
  }
  if (d.mounted && at) return checkBlowAtRider(fromStraightAhead(relativeSide(at.b.hex, at.b.facing, at.a.hex)), weapon.use);
  return ok(true);
}

/**
 * Active GM, in the fighter's queue: may it mount or dismount now, decided on
 * what this GM knows (the walk it saw the token make this pulse, never a record
 * the owner's client shortened), and the one write. `from`: the asking user
 * (null: this GM), whose ownership is checked again in the queue.
 */
function mountInQueue(actor: Actor.Implementation, from: User.Implementation | null): Promise<Outcome<unknown>> {
  return queued([actor], async (): Promise<Outcome<unknown>> => {
    if (from && !from.isGM && !checkGrant(actor, from)) return refuse("combat.notYours", "BOUT.Combat.NotYours");
    // [15] a stunned figure's only action is to recover.
    const stun = checkStunnedMay(view(actor).stats.stunned, "move");
    if (!stun.ok) return stun;
    const still = canMountOrDismount(hexesMovedThisPulse(actor) > 0);
    if (!still.ok) return still;
    const committed = await writeOne(actor, { "system.pulse.mounted": !view(actor).stats.mounted });
    return committed.complete ? ok(true) : notSaved("Sheet.None", committed);
  });
}

/** The sheet's Mount/Dismount: decided and written by the active GM (anyone else asks it); refused once the token has moved this pulse. */
async function mountOrDismount(actor: Actor.Implementation) {
  const outcome = game.user?.isActiveGM ? await mountInQueue(actor, null) : await askGM("pulseMount", { actor: fighterRef(actor) });
  if (!outcome.ok) notifyRefusal(outcome.refusal);
}

export function registerPulseMounted(): void {
  // Only the fighter is the asker's; whether it may mount is read here.
  registerRequest("pulseMount", (data: { actor?: unknown }, from) => {
    const actor = fighterFrom(data.actor);
    if (!actor) return refuse("card.unknownActor", "BOUT.Card.Refusal.UnknownActor");
    return mountInQueue(actor, from);
  });
  registerActorAction("pulse", { id: "mount", label: "BOUT.Pulse.Table.MountAction", icon: "fa-solid fa-horse", run: mountOrDismount });
}
