/**
 * Seed 003 at the table: Engaged, Point Blank and the distance to a foe, read
 * from the tokens at the moment of decision and judged by the engine
 * (rulesets/opposed/engagement.ts). A fighter is Engaged with a foe of the
 * other side whose token stands beside its own; where there is nothing to
 * measure (no tokens, or not on one scene), the Engaged condition the GM sets
 * by hand on the token says it. "Where it stood" for a Move is where its turn
 * began: the first point of its movement record, which the turn order clears
 * when each turn begins (movement-record.ts), as the GM knows it.
 */
import { disengagingFoes, engagedAmong, engagedAt } from "../../engine/rulesets/opposed/engagement";
import type { CombatantInfo } from "../machines";
import { yardsBetween } from "../measure";
import { knownPath } from "../move-recheck";
import { hasStatus } from "../status-effects";
import { combatantOf, sameFighter } from "../fighter";

/** Where two fighters stand: Engaged with each other, and yards apart centre to centre; null where nothing is measured. */
export interface Measured {
  readonly engaged: boolean | null;
  readonly yards: number | null;
}

type At = { readonly x: number; readonly y: number } | undefined;

/** The two measured on their scene; `at`: where the first stood instead (its token's top-left corner). */
export function measureBetween(a: Actor.Implementation, b: Actor.Implementation, combatId: string, at?: At): Measured {
  const m = yardsBetween(a, b, combatId, at);
  return m ? { engaged: engagedAt(m.gap), yards: m.centre } : { engaged: null, yards: null };
}

const infosOf = (combatId: string): CombatantInfo[] => (game.combats?.get(combatId) as unknown as { combatantInfos?(): CombatantInfo[] } | undefined)?.combatantInfos?.() ?? [];

/**
 * "Engaged in combat": beside any foe of the fight (the other side), or,
 * outside a fight, beside the foe `named` (a Charge's opponent), measured from
 * the tokens (`at`: where the fighter stood instead); where none can be
 * measured, the fighter's Engaged condition.
 */
export function engagedInFight(actor: Actor.Implementation, combatId: string, at?: At, named?: Actor.Implementation | null): boolean {
  const infos = infosOf(combatId);
  const me = infos.find((i) => sameFighter(i.actor, actor));
  const foes = me ? infos.filter((i) => i !== me && i.side !== me.side && i.actor).map((i) => i.actor!) : named ? [named] : [];
  const measured: (boolean | null)[] = [];
  for (const foe of foes) {
    const m = measureBetween(actor, foe, combatId, at).engaged;
    if (m) return true;
    measured.push(m);
  }
  return engagedAmong(measured, hasStatus(actor, "engaged"));
}

/**
 * "Disengage": the opponents the fighter is Engaged with, measured from the
 * tokens: every foe of the fight (the other side) beside it; the foe it `named`
 * always counts (it disengages from them), and is all there is where nothing
 * can be measured.
 */
export function engagedFoes(actor: Actor.Implementation, combatId: string, named: Actor.Implementation): Actor.Implementation[] {
  const infos = infosOf(combatId);
  const me = infos.find((i) => sameFighter(i.actor, actor));
  const foes = me ? infos.filter((i) => i !== me && i.side !== me.side && i.actor && !sameFighter(i.actor, named)).map((i) => i.actor!) : [];
  return disengagingFoes(named, foes.map((foe) => ({ foe, engaged: measureBetween(actor, foe, combatId).engaged })));
}

/** Where the fighter's token stood when its turn began (the first point of its movement record), if it has moved since. */
export function turnStart(actor: Actor.Implementation, combatId: string): At {
  const token = combatantOf(game.combats?.get(combatId), actor)?.token as { uuid?: string | null } | null | undefined;
  const first = knownPath(token)[0];
  return first ? { x: first.x, y: first.y } : undefined;
}
