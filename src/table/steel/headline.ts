/** The steel exchange's card headline, read from the engine's exchange result: who won, and the wound a landed blow left. */
import type { Headline } from "../cards";

const H = "BOUT.Card.Headline.Steel.";

interface ExchangeOutcome {
  readonly winner: string;
  readonly hit: { readonly level: number; readonly part: string } | null;
}

/** `attackerRef`: the attacker's fighter ref (the winner is named by ref); `struck`: who took the blow (the defender, or the horse). */
export function exchangeHeadline(r: ExchangeOutcome, attackerRef: string, struck: string): Headline {
  if (r.hit && r.hit.level > 0) return { key: `${H}Wound`, data: { level: r.hit.level, part: r.hit.part, struck } };
  if (r.hit) return { key: `${H}Bruise`, data: { part: r.hit.part, struck } };
  return { key: r.winner === attackerRef ? `${H}Won` : `${H}Defended` };
}

/** A terrain roll alone: made (and the footing won), or failed with what the GM's stakes cost. */
export function terrainHeadline(r: { readonly success: boolean; readonly botch: boolean }, footing: boolean, consequence: { readonly consequence: string; readonly diceLost: number } | null): Headline {
  if (r.success) return { key: footing ? `${H}Terrain.Footing` : `${H}Terrain.Made` };
  if (consequence && consequence.consequence !== "none") return { key: `${H}Terrain.${consequence.consequence}`, data: { dice: consequence.diceLost } };
  return { key: r.botch ? `${H}Terrain.Botched` : `${H}Terrain.Failed` };
}

/** A terrain contest: the mover keeps the move (and maybe the footing), or the opponent cancels it. */
export function terrainContestHeadline(r: { readonly actorSucceeds: boolean }, footing: boolean): Headline {
  if (!r.actorSucceeds) return { key: `${H}Contest.Cancelled` };
  return { key: footing ? `${H}Contest.Footing` : `${H}Contest.Won` };
}

/** Buying the initiative: bought with the buyer's dice, or kept by the holder. */
export function buyHeadline(r: { readonly bought: boolean; readonly buyer: { readonly dice: readonly number[] } }): Headline {
  return { key: r.bought ? `${H}Buy.Bought` : `${H}Buy.Kept`, data: { dice: r.buyer.dice.length } };
}

/** An ambush: how the target's hesitation holds it back. */
export function surpriseHeadline(r: { readonly outcome: string }): Headline {
  return { key: `${H}Surprise.${r.outcome}` };
}

/** A ride-by: the exchanges the round keeps, or the rider thrown. `at`: against a foe on foot. */
export function rideByHeadline(r: { readonly exchanges: number; readonly unhorsed: boolean }, at: boolean): Headline {
  if (r.unhorsed) return { key: `${H}RideBy.Thrown` };
  const made = r.exchanges === 1;
  return { key: `${H}RideBy.${at ? (made ? "PastFoe" : "HeldByFoe") : made ? "Made" : "Failed"}`, data: { exchanges: r.exchanges } };
}

/** Two riders passing: who won the Ride checks (the card's rider is `a`) and the exchanges that stand. */
export function ridersPassHeadline(r: { readonly winner: "a" | "b" | null; readonly exchanges: number }): Headline {
  return { key: `${H}Pass.${r.winner === "a" ? "Won" : r.winner === "b" ? "Lost" : "Tie"}`, data: { exchanges: r.exchanges } };
}

/** A change of gait: free or made on a Ride check, failed (the gait stays), or botched (thrown). */
export function gaitHeadline(change: { readonly wheel: boolean; readonly from: string; readonly to: string }, check: { readonly success: boolean; readonly botch: boolean } | null): Headline {
  const data = { from: change.from, to: change.to };
  if (check?.botch) return { key: `${H}Gait.Thrown` };
  if (check && !check.success) return { key: change.wheel ? `${H}Gait.WheelFailed` : `${H}Gait.Failed`, data };
  return { key: change.wheel ? `${H}Gait.Wheel` : `${H}Gait.Changed`, data };
}

/** Blood loss: held on, bled down to a Health, or into a coma. */
export function bloodLossHeadline(r: { readonly bled: boolean; readonly healthNow: number; readonly dying: boolean }): Headline {
  if (r.dying) return { key: `${H}Blood.Dying` };
  if (r.bled) return { key: `${H}Blood.Bleeds`, data: { health: r.healthNow } };
  return { key: `${H}Blood.Holds` };
}

/** Readying a missile weapon: the rounds to wait, and whether hurrying it worked. */
export function readyHeadline(r: { readonly state: { readonly roundsLeft: number }; readonly quickened: boolean | null }, weapon: string): Headline {
  const how = r.quickened === null ? "Started" : r.quickened ? "Quickened" : "Slow";
  return { key: `${H}Ready.${how}`, data: { weapon, rounds: r.state.roundsLeft } };
}

/** A shot: the wound it leaves and where, a hit that wounds nothing, or a miss. */
export function shotHeadline(r: { readonly margin: number; readonly hit: { readonly level: number; readonly part: string } | null }): Headline {
  if (r.hit && r.hit.level > 0) return { key: `${H}Shot.Wound`, data: { level: r.hit.level, part: r.hit.part } };
  if (r.hit) return { key: `${H}Shot.Bruise`, data: { part: r.hit.part } };
  return { key: `${H}Shot.Miss` };
}

/** A skill test from the sheet: made with its successes, failed, or botched. */
export function skillHeadline(skill: string, r: { readonly success: boolean; readonly roll: { readonly successes: number; readonly botch: boolean } }): Headline {
  if (r.success) return { key: `${H}Skill.Succeeds`, data: { skill, successes: r.roll.successes } };
  return { key: r.roll.botch ? `${H}Skill.Botched` : `${H}Skill.Fails`, data: { skill } };
}

/** Simultaneous blows: who lands first (a group lands together). `first`: their names. */
export function blowOrderHeadline(first: readonly string[]): Headline {
  return { key: first.length > 1 ? `${H}BlowOrder.Together` : `${H}BlowOrder.First`, data: { first: first.join(", ") } };
}

/** Outnumbered: who picks the match-up, and how many may attack at once. */
export function crowdHeadline(r: { readonly decides: string; readonly cap: number }): Headline {
  return { key: `${H}Crowd.${r.decides}`, data: { cap: r.cap } };
}

/** A wound as the headline reads it: whether its rolls put the one struck down or out, what Shock left, whether it kills. */
interface WoundAftermath {
  readonly cpLeft: number;
  readonly knockdownRoll: { readonly down: boolean } | null;
  readonly knockoutRoll: { readonly out: boolean } | null;
  readonly fatal: boolean;
}

/**
 * What a blow or a shot leaves the table to act on, in the order it happened:
 * Shock emptying the pool (as the card's Shock line says), a Knockdown or Knockout roll failed, a
 * fatal wound, a rider thrown, a fumbler knocked off their feet. `struck`, `thrown`
 * and `fallen` are fighters' names.
 */
export function blowAftermath(a: { readonly wound: WoundAftermath | null; readonly struck: string; readonly thrown?: string | null; readonly fallen?: readonly string[] }): Headline[] {
  const w = a.wound;
  const who = { who: a.struck };
  return [
    ...(w && w.cpLeft === 0 ? [{ key: "BOUT.Card.Headline.Then.PoolEmpty", data: who }] : []),
    ...(w?.knockdownRoll?.down ? [{ key: "BOUT.Card.Headline.Then.KnockedDown", data: who }] : []),
    ...(w?.knockoutRoll?.out ? [{ key: "BOUT.Card.Headline.Then.KnockedOut", data: who }] : []),
    ...(w?.fatal ? [{ key: "BOUT.Card.Headline.Then.Fatal", data: who }] : []),
    ...(a.thrown ? [{ key: "BOUT.Card.Headline.Then.Thrown", data: { who: a.thrown } }] : []),
    ...(a.fallen ?? []).map((name) => ({ key: "BOUT.Card.Headline.Then.KnockedDown", data: { who: name } })),
  ];
}
