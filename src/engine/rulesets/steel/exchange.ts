/**
 * One exchange of blows ("Exchange of Blows", "Posture", "Weapon Length", the
 * fumble paragraph, "Pressing Opponents"). The attacker names a zone, a maneuver
 * and dice; the defender answers with a maneuver and dice (or not at all); both
 * roll as a contest, ties to the attacker. A winning attacker's blow lands on a
 * part of the zone picked by 1d6 and the wound is read from the tables. The
 * winner holds initiative next exchange.
 */
import { labelled, markLookup, rollOne, rollPool, said, type Dice, type PoolRoll } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { event, type Resolution, type SteelEvent } from "./events";
import { findZone, partInZone, PART_REGION, type BodyPart, type Zone } from "./hit-locations";
import { maneuverTn } from "./maneuvers";
import { postureEffect, rolledDice, type Posture } from "./posture";
import { checkCount, checkWhole, MAX_INPUT_DICE, MAX_INPUT_FIGURE, spendRefusal, steelRefuse } from "./refusals";
import type { DamageType, Region, SteelManeuver } from "./stats";
import { lookupWound, rawWoundLevel, woundLevel, type WoundEntry, type WoundTable } from "./wounds";
import { DEFAULT_ZONES } from "./hit-locations";

const DEFAULT_ZONE_BY_ID: ReadonlyMap<number, Zone> = new Map(DEFAULT_ZONES.map((z) => [z.id, z]));

/** What both sides declare in common. */
export interface Declaration {
  readonly combatantId: string;
  /** Combat Pool left before this declaration. */
  readonly cpLeft: number;
  /** Dice spent on the roll. */
  readonly dice: number;
  readonly maneuver: SteelManeuver;
  /** The weapon's (or shield's) TN for this maneuver: ATN by form, DTN, or shield DTN. */
  readonly weaponTn: number;
  readonly posture?: Posture;
  /** Dice lost to reach (see reach.ts); they come off the roll. */
  readonly reachPenalty?: number;
  /** Extra activation cost: swivelling to the rear on horseback (+4), barding on an evasion, ... */
  readonly extraCost?: number;
  /** Dice added or removed by the GM or the situation. */
  readonly bonusDice?: number;
  /** TN change set by the GM or the situation. */
  readonly tnModifier?: number;
  /** Dice put on a press at the same time ("Pressing Opponents"). */
  readonly press?: number;
  /** Press TN (default 3 attacking, 4 defending; the terrain table's "Pressing Opponent" row may set another). */
  readonly pressTn?: number;
}

export interface AttackDeclaration extends Declaration {
  readonly zone: number;
  /** Damage with Strength added where it applies (wounds.ts weaponDamage). */
  readonly damage: number;
  readonly damageType: DamageType;
}

export interface Target {
  readonly combatantId: string;
  readonly toughness: number;
  /** Armour value over each region. */
  readonly armour: Readonly<Record<Region, number>>;
}

export interface ExchangeInput {
  readonly attack: AttackDeclaration;
  /** null: the target does not defend (hesitating, surprised, or attacking instead). */
  readonly defence: Declaration | null;
  readonly target: Target;
  readonly zones?: readonly Zone[];
  readonly woundTable?: WoundTable;
}

export interface SideRoll {
  readonly combatantId: string;
  readonly cost: number;
  readonly rolled: number;
  readonly tn: number;
  readonly roll: PoolRoll;
  /** Dice off the next exchange after a fumble: half the dice rolled, rounded down. */
  readonly fumblePenalty: number;
  /** TN to stay up if that penalty takes the pool below 0: the dice rolled. */
  readonly fumbleKnockdownTn: number;
}

export interface Hit {
  readonly zone: number;
  readonly locationRoll: number;
  readonly part: BodyPart;
  readonly region: Region;
  readonly rawLevel: number;
  readonly level: number;
  readonly damageType: DamageType;
  /** null for a level-0 wound (a bruise). */
  readonly wound: WoundEntry | null;
}

export interface PressResult {
  readonly attacker: PoolRoll | null;
  readonly defender: PoolRoll | null;
  readonly attackerTotal: number;
  readonly defenderTotal: number;
  /** Who picks the direction; null when the totals tie. */
  readonly chooser: string | null;
  /** Feet the melee may move. */
  readonly feet: number;
}

export interface ExchangeResult {
  readonly attacker: SideRoll;
  readonly defender: SideRoll | null;
  /** Attacker successes minus defender successes (negative when the defence wins). */
  readonly margin: number;
  /** Winner of the exchange: holds initiative next exchange. */
  readonly winner: string;
  readonly hit: Hit | null;
  /** Without a press, the loser gives a foot per point of margin. */
  readonly push: { readonly pushed: string | null; readonly feet: number };
  readonly press: PressResult | null;
}

/** A sound declaration's figures, returned bare (no Outcome wrapper: exchanges run by the million). */
interface Prepared {
  cost: number;
  rolled: number;
  tn: number;
  press: number;
}

/** Whole, non-negative and not absurd: the quick test that every count in a sound declaration passes. */
const soundCount = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= MAX_INPUT_DICE;
const soundValue = (v: unknown) => typeof v === "number" && Number.isInteger(v) && Math.abs(v) <= MAX_INPUT_FIGURE;
const soundFigure = (v: unknown) => v === undefined || soundValue(v);

/** The full checks, with field names for the refusal; run only when the quick test fails. */
function explainBadDeclaration(d: Declaration, field: string): Outcome<never> | null {
  for (const [name, value] of [
    ["dice", d.dice],
    ["press", d.press ?? 0],
    ["cpLeft", d.cpLeft],
  ] as const) {
    const c = checkCount(value, `${field}.${name}`);
    if (!c.ok) return c;
  }
  const whole = checkWhole({ [`${field}.weaponTn`]: d.weaponTn, [`${field}.tnModifier`]: d.tnModifier, [`${field}.bonusDice`]: d.bonusDice, [`${field}.pressTn`]: d.pressTn }, [
    `${field}.tnModifier`,
    `${field}.bonusDice`,
    `${field}.pressTn`,
  ]);
  if (!whole.ok) return whole;
  for (const [name, value] of [
    ["reachPenalty", d.reachPenalty ?? 0],
    ["extraCost", d.extraCost ?? 0],
  ] as const) {
    const c = checkCount(value, `${field}.${name}`);
    if (!c.ok) return c;
  }
  return null;
}

function prepare(d: Declaration, kind: "attack" | "defence", field: string): Prepared | Outcome<never> {
  // Simulations resolve millions of exchanges: test cheaply first, name the bad field only when there is one.
  const sound =
    soundCount(d.dice) &&
    soundCount(d.press ?? 0) &&
    soundCount(d.cpLeft) &&
    soundCount(d.reachPenalty ?? 0) &&
    soundCount(d.extraCost ?? 0) &&
    soundValue(d.weaponTn) &&
    soundFigure(d.tnModifier) &&
    soundFigure(d.bonusDice) &&
    soundFigure(d.pressTn);
  if (!sound) {
    const bad = explainBadDeclaration(d, field);
    if (bad) return bad;
  }
  if (d.maneuver.kind !== kind) return steelRefuse("wrongKind", { field, kind });
  const posture = postureEffect(d.posture, kind);
  const press = d.press ?? 0;
  const cost = d.dice + press + d.maneuver.activationCost + posture.extraCost + (d.extraCost ?? 0);
  const refused = spendRefusal(cost, d.cpLeft, field);
  if (refused) return refused;
  const rolled = rolledDice(d.dice, d.posture, kind, d.reachPenalty ?? 0, d.bonusDice ?? 0);
  return { cost, rolled, tn: maneuverTn(d.maneuver, d.weaponTn) + (d.tnModifier ?? 0), press };
}

function side(id: string, p: Prepared, roll: PoolRoll): SideRoll {
  return {
    combatantId: id,
    cost: p.cost,
    rolled: p.rolled,
    tn: p.tn,
    roll,
    fumblePenalty: roll.botch ? Math.floor(p.rolled / 2) : 0,
    fumbleKnockdownTn: roll.botch ? p.rolled : 0,
  };
}

/** Check a declaration without rolling: what it costs and what it rolls. */
export function checkDeclaration(d: Declaration, kind: "attack" | "defence"): Outcome<{ cost: number; rolled: number; tn: number }> {
  const p = prepare(d, kind, kind);
  return "cost" in p ? ok({ cost: p.cost, rolled: p.rolled, tn: p.tn }) : p;
}

export function resolveExchange(input: ExchangeInput, dice: Dice): Outcome<Resolution<ExchangeResult>> {
  const a = prepare(input.attack, "attack", "attack");
  if (!("cost" in a)) return a;
  const ar = input.target.armour;
  const soundDamage =
    soundValue(input.attack.damage) && soundValue(input.target.toughness) && soundValue(ar.head) && soundValue(ar.neck) && soundValue(ar.arms) && soundValue(ar.torso) && soundValue(ar.legs);
  if (!soundDamage) {
    const dmg = checkWhole({ damage: input.attack.damage, toughness: input.target.toughness, ...input.target.armour });
    if (!dmg.ok) return dmg;
  }
  const zone = input.zones ? findZone(input.attack.zone, input.zones) : DEFAULT_ZONE_BY_ID.get(input.attack.zone);
  if (!zone) return steelRefuse("unknownZone", { zone: String(input.attack.zone) });
  const d = input.defence ? prepare(input.defence, "defence", "defence") : null;
  if (d && !("cost" in d)) return d;
  const dp = d && "cost" in d ? d : null;

  const events: SteelEvent[] = [];
  // Each draw named for the card: whose dice and what for ("Ada: attack, TN 6").
  const aRoll = labelled(dice, () => said(input.attack.combatantId, "BOUT.Card.Roll.attack", { tn: a.tn }), () => rollPool(dice, a.rolled, a.tn));
  const attacker = side(input.attack.combatantId, a, aRoll);
  events.push(event("roll", { who: attacker.combatantId, role: "attack", rolled: attacker.rolled, tn: attacker.tn, successes: aRoll.successes }));
  let defender: SideRoll | null = null;
  if (input.defence && dp) {
    const family = input.defence.maneuver.family;
    const dRoll = labelled(dice, () => said(input.defence!.combatantId, `BOUT.Card.Roll.Steel.${family}`, { tn: dp.tn }), () => rollPool(dice, dp.rolled, dp.tn));
    defender = side(input.defence.combatantId, dp, dRoll);
    events.push(event("roll", { who: defender.combatantId, role: "defence", rolled: defender.rolled, tn: defender.tn, successes: dRoll.successes }));
  }
  const margin = aRoll.successes - (defender?.roll.successes ?? 0);
  const winner = margin >= 0 ? attacker.combatantId : input.target.combatantId;
  events.push(event("exchange", { winner, margin: Math.abs(margin) }));

  if (attacker.roll.botch) events.push(event("fumble", { who: attacker.combatantId, penalty: attacker.fumblePenalty, knockdownTn: attacker.fumbleKnockdownTn }));
  if (defender?.roll.botch) events.push(event("fumble", { who: defender.combatantId, penalty: defender.fumblePenalty, knockdownTn: defender.fumbleKnockdownTn }));

  let hit: Hit | null = null;
  if (margin > 0) {
    const locationRoll = labelled(dice, () => said(input.target.combatantId, "BOUT.Card.Roll.location"), () => rollOne(dice, 6));
    const part = partInZone(zone, locationRoll);
    markLookup(dice, 6, [locationRoll], part);
    const region = PART_REGION[part];
    const levelInput = { margin, damage: input.attack.damage, toughness: input.target.toughness, armour: input.target.armour[region] };
    const rawLevel = rawWoundLevel(levelInput);
    const level = woundLevel(levelInput);
    const wound = lookupWound(input.attack.damageType, part, level, input.woundTable);
    hit = { zone: zone.id, locationRoll, part, region, rawLevel, level, damageType: input.attack.damageType, wound };
    events.push(event("hit", { zone: zone.id, roll: locationRoll, part, level }));
    if (wound) {
      events.push(event("wound", { level, part, damageType: hit.damageType, shock: wound.shock, pain: wound.pain, bloodLoss: wound.bloodLoss }));
    } else events.push(event("bruise", { part }));
  }

  // "Pressing Opponents": press dice at TN 3 attacking / 4 defending; the winner adds his margin.
  let press: PressResult | null = null;
  let push: ExchangeResult["push"] = { pushed: null, feet: 0 };
  const aPress = a.press;
  const dPress = dp?.press ?? 0;
  if (aPress > 0 || dPress > 0) {
    const pressRoll = (who: string, n: number, tn: number) => labelled(dice, () => said(who, "BOUT.Card.Roll.press", { tn }), () => rollPool(dice, n, tn));
    const ap = aPress > 0 ? pressRoll(input.attack.combatantId, aPress, input.attack.pressTn ?? 3) : null;
    const dpRoll = dPress > 0 && input.defence ? pressRoll(input.defence.combatantId, dPress, input.defence.pressTn ?? 4) : null;
    const attackerTotal = (ap?.successes ?? 0) + (margin > 0 ? margin : 0);
    const defenderTotal = (dpRoll?.successes ?? 0) + (margin < 0 ? -margin : 0);
    const chooser = attackerTotal > defenderTotal ? attacker.combatantId : defenderTotal > attackerTotal ? input.target.combatantId : null;
    const feet = Math.abs(attackerTotal - defenderTotal);
    press = { attacker: ap, defender: dpRoll, attackerTotal, defenderTotal, chooser, feet };
    events.push(event("press", { attackerTotal, defenderTotal, chooser: chooser ?? "", feet }));
  } else if (margin !== 0) {
    push = { pushed: margin > 0 ? input.target.combatantId : attacker.combatantId, feet: Math.abs(margin) };
    events.push(event("push", { pushed: push.pushed ?? "", feet: push.feet }));
  }

  return ok({ result: { attacker, defender, margin, winner, hit, push, press }, events });
}

/** Where a fighter's next exchange takes its dice from: what is left this round, or (after the round's last exchange) the next refresh. */
export interface FumbleTiming {
  readonly exchange: number;
  readonly exchangesThisRound: number;
  /** The pool the fighter refreshes to, and the dice already owed off that refresh. */
  readonly poolMax: number;
  readonly carry: number;
}

/**
 * "Weapon Length" (the fumble): does the penalty take the fighter's pool below
 * 0, calling for a Knockdown roll? It falls on the next exchange: in exchange 1
 * that is this round's second, paid from `left` (what remains after this
 * exchange's spend); after the round's last, the next refresh. Outside a bout
 * (no timing): what is left now.
 */
export function fumbleBelowZero(penalty: number, left: number, timing?: FumbleTiming | null): boolean {
  if (!timing) return penalty > left;
  return timing.exchange < timing.exchangesThisRound ? penalty > left : penalty > timing.poolMax - timing.carry;
}
