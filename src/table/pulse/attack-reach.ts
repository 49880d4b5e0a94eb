/**
 * Seed 004 at the table: where a figure stands when it attacks, and how far it
 * walked this pulse first, read from the tokens and from Foundry's movement
 * record (as the GM knows it: move-recheck.ts), for the engine to judge
 * (rulesets/pulse/attack-reach.ts): [13.1] a blow reaches the attacker's
 * melee zone; [13.1], [14.2-8] an attack and the pulse's movement are one
 * action, so a figure that walked farther than its attack allows cannot make
 * it. The record starts empty with each pulse (the pulses structure clears it,
 * movement-record.ts): its first point is where the figure stood when the
 * pulse began. Without a hex scene the table's word stands.
 */
import { ok, type Outcome } from "../../engine/outcome";
import { attackAction, checkMeleeReach, checkMoveBeforeAttack, type AttackType } from "../../engine/rulesets/pulse/attack-reach";
import { armourTotals, modAGOf, tmrOf } from "../../engine/rulesets/pulse/derived";
import { figureInZone } from "../../engine/rulesets/pulse/hex";
import type { PulseWeaponStats } from "../../engine/rulesets/pulse/stats";
import { heldToActions, type PulsesState } from "../../engine/time/pulses";
import { combatantOf, fighterName, sameFighter } from "../fighter";
import { machineStateOf } from "../cards";
import { knownPath } from "../move-recheck";
import { tokenPlacement } from "./engagements";
import { fightInfos } from "./fight";
import { hexesMovedThisPulse } from "./movement";
import { actorView } from "../../data/actor/actor-view";
import type { PulseStats } from "../../engine/rulesets/pulse/stats";

type TokenLike = TokenDocument.Implementation;

/** Refusal data in the table's words: the fighters' names, the action's label. */
const named = (outcome: Outcome<true>, attacker: Actor.Implementation, defender: Actor.Implementation): Outcome<true> => {
  if (outcome.ok) return outcome;
  const data = outcome.refusal.data ?? {};
  const action = typeof data.action === "string" ? (game.i18n?.localize(`BOUT.Time.Pulses.Action.${data.action}`) ?? data.action) : undefined;
  return { ok: false, refusal: { ...outcome.refusal, data: { ...data, name: fighterName(attacker), target: fighterName(defender), ...(action ? { action } : {}) } } };
};

/** [13.1], [14.2-8], [16.4]: may this attack be made from where the attacker stands, after what it walked this pulse? */
export function checkAttackPlace(combatId: string, attacker: Actor.Implementation, defender: Actor.Implementation, type: AttackType, weapon: PulseWeaponStats): Outcome<true> {
  const infos = fightInfos(combatId);
  const me = infos.find((i) => sameFighter(i.actor, attacker));
  const them = infos.find((i) => sameFighter(i.actor, defender));
  const reach = checkMeleeReach(type, me?.placed && them?.placed ? figureInZone(me.placed, them.placed) : null);
  if (!reach.ok) return named(reach, attacker, defender);
  const state = machineStateOf<PulsesState>(combatId, "pulses");
  const token = (combatantOf(game.combats?.get(combatId), attacker)?.token as TokenLike | null | undefined) ?? null;
  if (!state || !me || !token) return ok(true);
  // Where the figure stood when the pulse began: the record's first point, else where it stands.
  const path = knownPath(token);
  const start = path[0] ? tokenPlacement(token, { x: path[0].x, y: path[0].y }) : tokenPlacement(token);
  if (!start) return ok(true);
  const v = actorView<PulseStats>(attacker, "pulse");
  const armour = armourTotals(v.armor.filter((a) => a.equipped).map((a) => a.stats));
  return named(
    checkMoveBeforeAttack({
      // The walk the GM knows, and what turning cost a multi-hex figure [22].
      moved: hexesMovedThisPulse(attacker),
      action: attackAction(type, state.engagements.some((e) => e.members.includes(me.id)), heldToActions(state, me.id)),
      tmr: tmrOf(v.stats, armour),
      modAG: modAGOf(v.stats, armour),
      poleWeapon: weapon.use === "pole",
      loadedCrossbow: Boolean(weapon.crossbow),
      startedInZone: Boolean(them?.placed) && figureInZone(them!.placed!, { hex: start.hex, ...(start.hexes ? { hexes: start.hexes } : {}) }),
    }),
    attacker,
    defender,
  );
}
