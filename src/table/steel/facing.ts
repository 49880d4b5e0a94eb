/**
 * Seed 000 "Multiple Opponents" at the table: who is on whom. A fighter in a
 * bout faces at most as many attackers at once as the engine's `mayJoinAttack`
 * allows. The GM's client gathers who is already on the defender this round
 * (the bout's record of resolved blows, and the exchange cards still waiting
 * on him) and each attacker's size from the documents; the engine decides.
 */
import { ok, type Outcome } from "../../engine/outcome";
import { matchUpAllows, mayJoinAttack, type FacingAttacker, type SteelStats } from "../../engine/rulesets/steel";
import { facingNow, type BoutsState } from "../../engine/time/bouts";
import type { TimeCommand } from "../../engine/time/machine";
import { actorView } from "../../data/actor/actor-view";
import { combatantOf } from "../fighter";
import { cardView, combatantFor } from "../cards";
import { boutsState } from "./bouts-state";
import { namedRefusal } from "../named-refusal";
import { steelCrowdCap } from "../../settings";

/** "Multiple Opponents": a smaller opponent (a dog, a wolf), as its sheet says; four of them crowd one fighter. */
export const smallOf = (actor: Actor.Implementation | null) => Boolean((actorView<SteelStats>(actor, "steel")).stats?.small);

/** The GM's cap from the world setting; absent (0, the engine's default): the rules'. */
export const gmCap = (): number | undefined => steelCrowdCap();

interface Pairing {
  readonly state: BoutsState;
  readonly attackerId: string;
  readonly defenderId: string;
}

function pairing(attacker: Actor.Implementation, defender: Actor.Implementation, combatId: string): Pairing | null {
  const state = combatId ? boutsState(combatId) : null;
  const a = combatantFor(combatId, attacker);
  const d = combatantFor(combatId, defender);
  if (!state || !a || !d || !state.combatants.some((c) => c.id === d)) return null;
  return { state, attackerId: a, defenderId: d };
}

/** Everyone on the defender this round: the bout's record, and the attackers of exchange cards still waiting on him. */
function facing(p: Pairing, combatId: string): FacingAttacker[] {
  const d = p.state.combatants.find((c) => c.id === p.defenderId)!;
  const bout = p.state.bouts.find((b) => b.id === d.boutId)!;
  const list: FacingAttacker[] = [...facingNow(d, bout)];
  const combat = game.combats?.get(combatId);
  for (const message of game.messages?.contents ?? []) {
    // Cheap fields first: the full view parses and resolves, and most messages are not waiting exchanges of this fight.
    const s = message.system as { kind?: string; state?: string; combatId?: string };
    if (s?.kind !== "steel.exchange" || s.state !== "waiting" || s.combatId !== combatId) continue;
    const card = cardView(message as ChatMessage.Implementation);
    if (!card || card.kind !== "steel.exchange" || card.state !== "waiting" || card.combatId !== combatId) continue;
    if (combatantOf(combat, card.defender)?.id !== p.defenderId) continue;
    const by = combatantOf(combat, card.attacker)?.id;
    if (by && !list.some((f) => f.id === by)) list.push({ id: by, small: smallOf(card.attacker) });
  }
  return list;
}

/**
 * May this attacker attack the defender now? Refused (the engine's word) when
 * the outnumbered roll's match-up keeps them apart this round, or when the
 * defender already faces the cap.
 */
export function mayAttackNow(attacker: Actor.Implementation, defender: Actor.Implementation, combatId: string): Outcome<true> {
  const p = pairing(attacker, defender, combatId);
  if (!p) return ok(true);
  const bout = p.state.bouts.find((b) => b.id === p.state.combatants.find((c) => c.id === p.defenderId)?.boutId);
  const matched = matchUpAllows(bout?.crowd, bout?.round ?? 0, p.attackerId, p.defenderId);
  if (!matched.ok) return namedRefusal(game.combats?.get(combatId), matched);
  const cap = gmCap();
  const joined = mayJoinAttack({ attacker: { id: p.attackerId, small: smallOf(attacker) }, facing: facing(p, combatId).filter((f) => f.id !== p.attackerId), ...(cap === undefined ? {} : { gmCap: cap }) });
  return joined.ok ? ok(true) : joined;
}

/** The bout's record of the blow: the attacker is on the defender this round (checked again by the bouts machine). */
export function engageCommand(attacker: Actor.Implementation, defender: Actor.Implementation, combatId: string): TimeCommand | null {
  const p = pairing(attacker, defender, combatId);
  if (!p) return null;
  const cap = gmCap();
  return { type: "engage", combatantId: p.defenderId, by: { id: p.attackerId, small: smallOf(attacker) }, ...(cap === undefined ? {} : { gmCap: cap }) } as TimeCommand;
}
