/**
 * Initiative inside a bout ("Melee Combat"). After the red/white throw, each
 * aggressor declares from lowest Reflex to highest. When more than one throws
 * red, each rolls Reflex dice against his weapon's ATN less reach dice; blows
 * land by most successes, then higher Reflex (a thrust counts +1 over a swing or
 * bash), and those still level land together. Buying initiative is named by the
 * seed without figures: here it is a contest the GM sets up (dice and TNs).
 */
import { labelled, rollPool, said, type Dice, type PoolRoll } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { event, type Resolution } from "./events";
import { checkCount, checkSpend, checkWhole } from "./refusals";
import { reachBetween, type Wielder } from "./reach";
import type { SteelWeapon } from "./stats";
import { attackProfile } from "./weapon-profile";

export interface Thrower {
  readonly id: string;
  readonly reflex: number;
}

/** Aggressors declare from the lowest Reflex up (ties: in the order given). */
export function declarationOrder(aggressors: readonly Thrower[]): string[] {
  return [...aggressors].map((t, i) => ({ t, i })).sort((x, y) => x.t.reflex - y.t.reflex || x.i - y.i).map((x) => x.t.id);
}

export interface Striker extends Thrower {
  readonly atn: number;
  /**
   * "Weapon Length penalties as normal": the striker's weapon and that of the
   * one he strikes at (with whether either has closed in); the dice he loses
   * come from the two lengths. Absent: none (no weapon to compare).
   */
  readonly reach?: { readonly own: Wielder; readonly opponent: Wielder };
  readonly form: "swing" | "thrust" | "bash" | "none";
}

/** The dice a striker of a double red loses to reach: the shorter weapon's steps, as in any attack. */
export function strikerReachPenalty(s: Pick<Striker, "reach">): number {
  return s.reach ? reachBetween(s.reach.own, s.reach.opponent).a.attack : 0;
}

/** The blows a weapon can strike in a double red, the one at the lowest ATN first (none: a swing of the fists). */
export function strikerForms(weapon: SteelWeapon | null): ("swing" | "thrust" | "bash")[] {
  const forms = (["swing", "thrust", "bash"] as const).filter((f) => strikerAtn(weapon, f).ok);
  const atn = (f: (typeof forms)[number]) => {
    const a = strikerAtn(weapon, f);
    return a.ok ? a.value : NO_WEAPON_ATN;
  };
  return [...forms].sort((x, y) => atn(x) - atn(y));
}

/**
 * The ATN a striker of a double red rolls his Reflex against: his weapon's for
 * the blow he means (a form it cannot make is refused), or NO_WEAPON_ATN
 * without one.
 */
export function strikerAtn(weapon: SteelWeapon | null, form: "swing" | "thrust" | "bash"): Outcome<number> {
  if (!weapon) return ok(NO_WEAPON_ATN);
  const profile = attackProfile(weapon, form, 0);
  return profile.ok ? ok(profile.value.atn) : profile;
}

export interface BlowOrder {
  readonly rolls: readonly { readonly id: string; readonly roll: PoolRoll; readonly speed: number }[];
  /** Groups in landing order; several ids in one group land together. */
  readonly order: readonly (readonly string[])[];
}

export function orderSimultaneousBlows(strikers: readonly Striker[], dice: Dice): Outcome<Resolution<BlowOrder>> {
  for (const s of strikers) {
    const c = checkCount(s.reflex, s.id);
    if (!c.ok) return c;
    const w = checkWhole({ atn: s.atn });
    if (!w.ok) return w;
    for (const [field, v] of s.reach ? [["reach", s.reach.own.reach], ["opponentReach", s.reach.opponent.reach]] as const : []) {
      const r = checkCount(v, `${s.id}.${field}`);
      if (!r.ok) return r;
    }
  }
  const rolls = strikers.map((s) => ({
    id: s.id,
    roll: labelled(dice, () => said(s.id, "BOUT.Card.Roll.blowOrder", { tn: s.atn }), () => rollPool(dice, Math.max(0, s.reflex - strikerReachPenalty(s)), s.atn)),
    speed: s.reflex + (s.form === "thrust" ? 1 : 0),
  }));
  const sorted = [...rolls].sort((a, b) => b.roll.successes - a.roll.successes || b.speed - a.speed);
  const order: string[][] = [];
  let prev: (typeof rolls)[number] | null = null;
  for (const r of sorted) {
    if (prev && prev.roll.successes === r.roll.successes && prev.speed === r.speed) order[order.length - 1]!.push(r.id);
    else order.push([r.id]);
    prev = r;
  }
  return ok({ result: { rolls, order }, events: [event("blowOrder", { first: order[0]?.join(", ") ?? "", simultaneous: (order[0]?.length ?? 0) > 1 })] });
}

export interface BuyInitiativeInput {
  /** `id`: who (a fighter reference), to name the roll on the card. */
  readonly buyer: { readonly cpLeft: number; readonly dice: number; readonly tn: number; readonly id?: string };
  readonly holder: { readonly cpLeft: number; readonly dice: number; readonly tn: number; readonly id?: string };
}

/** The TN both sides roll at when initiative is bought, until the GM sets another (ours: the seed gives no figure). */
export const DEFAULT_BUY_INITIATIVE_TN = 6;

/** The GM-set contest for buying initiative: the buyer must roll more successes; ties stay with the holder. */
export function buyInitiative(input: BuyInitiativeInput, dice: Dice): Outcome<Resolution<{ buyer: PoolRoll; holder: PoolRoll; bought: boolean }>> {
  for (const [field, s] of Object.entries(input)) {
    for (const v of [s.dice, s.cpLeft]) {
      const c = checkCount(v, field);
      if (!c.ok) return c;
    }
    const sp = checkSpend(s.dice, s.cpLeft, field);
    if (!sp.ok) return sp;
    const w = checkWhole({ [`${field}.tn`]: s.tn });
    if (!w.ok) return w;
  }
  const buyer = labelled(dice, () => said(input.buyer.id, "BOUT.Card.Roll.buy", { tn: input.buyer.tn }), () => rollPool(dice, input.buyer.dice, input.buyer.tn));
  const holder = labelled(dice, () => said(input.holder.id, "BOUT.Card.Roll.hold", { tn: input.holder.tn }), () => rollPool(dice, input.holder.dice, input.holder.tn));
  const bought = buyer.successes > holder.successes;
  return ok({ result: { buyer, holder, bought }, events: [event(bought ? "initiativeBought" : "initiativeKept", { buyer: buyer.successes, holder: holder.successes })] });
}

/** Ours: a striker with no weapon chosen in the blow-order roll rolls against the highest TN, 10. */
export const NO_WEAPON_ATN = 10;

/** Cross-bout order ("Dueling vs. Battle-wide Initiative"): highest Reflex first; equal Reflex acts together. */
export function crossBoutOrder(actors: readonly Thrower[]): string[][] {
  const sorted = [...actors].sort((a, b) => b.reflex - a.reflex);
  const groups: string[][] = [];
  let last: number | null = null;
  for (const a of sorted) {
    if (last === a.reflex) groups[groups.length - 1]!.push(a.id);
    else groups.push([a.id]);
    last = a.reflex;
  }
  return groups;
}

/** What the double red's memory is read from: the bouts machine's bout, structurally. */
export interface DoubleRedBout {
  readonly phase: string;
  readonly blowOrder: readonly (readonly string[])[];
}

/**
 * "Melee Combat", both red: the double red is under way while its blow order is
 * due or stands (the bouts machine keeps it until every one of those blows has
 * landed, or the exchange ends).
 */
export function doubleRedUnderWay(bout: DoubleRedBout): boolean {
  return bout.phase === "simultaneous" || bout.blowOrder.length > 0;
}

/** What `mayDefend` reads of a bout and the defender (the bouts machine's state, structurally). */
export interface DefenceSituation {
  readonly bout: DoubleRedBout;
  /** The attacker's throw: with several red throwers he is one of them (kept for callers; not needed by the rule). */
  readonly attackerThrew?: string | null;
  readonly defenderThrew: string | null;
}

/**
 * "Melee Combat": when both combatants throw red, "no defense is possible in the
 * middle of an attack": while the blows of a double red land, the first and the
 * second alike, a fighter who threw red is in the middle of his own attack and
 * may not defend. A white thrower defends; any other time a defence is open.
 */
export function mayDefend(s: DefenceSituation): boolean {
  return !(s.defenderThrew === "red" && doubleRedUnderWay(s.bout));
}

/** Why a defender has no defence against a blow now: out of action (with the ruleset's reason), or in the middle of a double red. */
export type NoDefence = { readonly why: "out"; readonly key: string } | { readonly why: "bothRed" };

/**
 * Whether a blow lands undefended, and why. "Surprise & Hesitation": a fighter
 * "unable to act at all" is cut down without a defence; so is one out of action
 * (unconscious after "Knockdown & Knockout", in a coma at Health 0 after "Blood
 * Loss", dead): `out` is the ruleset's `outOfAction` for the defender. Else
 * `mayDefend` on the bout (none outside one).
 */
export function noDefence(situation: DefenceSituation | null, out: { readonly key: string } | null): NoDefence | null {
  if (out) return { why: "out", key: out.key };
  return situation && !mayDefend(situation) ? { why: "bothRed" } : null;
}
