/**
 * Steel's fighting styles (seed 000): how a fighter throws at a bout's opening,
 * what share of its Combat Pool it spends on a blow and on a defence, which blow
 * and which defence it makes and where it aims. The duel simulator and the
 * table both play them from here.
 */
import { attackProfile, PART_REGION, type Region, type SteelWeapon, type Zone } from "../rulesets/steel";

export interface SteelStyle {
  /** The throw at the bout's opening: red to attack, white to defend. */
  readonly opening: "red" | "white";
  /** Share of the dice left spent on an attack (at least one die). */
  readonly attackShare: number;
  /** Share of the dice left spent on a defence. */
  readonly defenceShare: number;
  /** The blow: cut, thrust, or "best" (the weapon's better blow: more damage, then the lower ATN). */
  readonly attack: "cut" | "thrust" | "best";
  readonly defence: "parry" | "block" | "partial-evasion";
  /** Target zones for swings and thrusts (DEFAULT_ZONES ids). */
  readonly swingZone: number;
  readonly thrustZone: number;
  /** Aim where the foe's armour is thinnest (the zone of the blow's form with the least armour on average) instead of the set zones. */
  readonly aimAtGaps?: boolean;
  /** The posture it throws with when the GM allows postures ("Posture"). */
  readonly posture: "neutral" | "aggressive" | "defensive";
}

// Every style keeps some dice back when it defends: a defender who spends the whole
// pool wins the initiative with nothing left to strike with, hands it straight back,
// and two such fighters trade harmless blows until the round limit.
export const STEEL_STYLES: Readonly<Record<string, SteelStyle>> = {
  balanced: { opening: "red", attackShare: 0.6, defenceShare: 0.5, attack: "best", defence: "parry", swingZone: 5, thrustZone: 12, aimAtGaps: true, posture: "neutral" },
  "all-out-attack": { opening: "red", attackShare: 1, defenceShare: 0.3, attack: "best", defence: "parry", swingZone: 6, thrustZone: 13, aimAtGaps: true, posture: "aggressive" },
  "defend-and-riposte": { opening: "white", attackShare: 0.6, defenceShare: 0.6, attack: "thrust", defence: "parry", swingZone: 5, thrustZone: 12, aimAtGaps: true, posture: "defensive" },
  "shield-wall": { opening: "white", attackShare: 0.5, defenceShare: 0.7, attack: "thrust", defence: "block", swingZone: 2, thrustZone: 9, aimAtGaps: true, posture: "defensive" },
};

/** Dice a share of the pool comes to: at least one while any are left, never more than are left. */
export function spendShare(cp: number, share: number): number {
  if (cp <= 0) return 0;
  return Math.min(cp, Math.max(1, Math.ceil(cp * share)));
}

/** The weapon's better blow: the one that does more damage, then the one with the lower ATN. */
export function bestBlow(weapon: SteelWeapon, strength: number): "cut" | "thrust" {
  const cut = attackProfile(weapon, "swing", strength);
  const thrust = attackProfile(weapon, "thrust", strength);
  if (!cut.ok) return "thrust";
  if (!thrust.ok) return "cut";
  if (cut.value.damage !== thrust.value.damage) return cut.value.damage > thrust.value.damage ? "cut" : "thrust";
  return thrust.value.atn < cut.value.atn ? "thrust" : "cut";
}

/** The zone of that form whose parts the foe's armour covers least, on average (the first such zone on a tie). */
export function thinnestZone(form: "swing" | "thrust", armour: Readonly<Record<Region, number>>, zones: readonly Zone[]): number {
  let found = { id: 0, av: Infinity };
  for (const zone of zones) {
    if (zone.form !== form) continue;
    const av = zone.parts.reduce((n, p) => n + armour[PART_REGION[p]], 0) / zone.parts.length;
    if (av < found.av) found = { id: zone.id, av };
  }
  return found.id;
}

/** The blow the style makes: its own, or the weapon's better one. */
export const steelBlow = (style: SteelStyle, weaponBest: "cut" | "thrust"): "cut" | "thrust" => (style.attack === "best" ? weaponBest : style.attack);

/**
 * The blow the style strikes with this weapon, and its form: the style's own (or
 * the weapon's better one), else the other when the weapon cannot make it (a
 * flail has no thrust, a spear without an edge no cut); null when it can make neither.
 * `weaponBest`: the weapon's better blow, when the caller has it already.
 */
export function steelStrike(style: SteelStyle, weapon: SteelWeapon, strength: number, weaponBest = bestBlow(weapon, strength)): { readonly blow: "cut" | "thrust"; readonly form: "swing" | "thrust" } | null {
  const wanted = steelBlow(style, weaponBest);
  for (const blow of wanted === "thrust" ? (["thrust", "cut"] as const) : (["cut", "thrust"] as const)) {
    const form = blow === "thrust" ? "thrust" : "swing";
    if (attackProfile(weapon, form, strength).ok) return { blow, form };
  }
  return null;
}

/** Where the style aims a blow of this form: the foe's thinnest zone, or its set zone. */
export const steelZone = (style: SteelStyle, form: "swing" | "thrust", gaps: Readonly<Record<"swing" | "thrust", number>>): number =>
  style.aimAtGaps ? gaps[form] : form === "thrust" ? style.thrustZone : style.swingZone;

/** Dice rolled on a blow: the style's share of what is left, less the maneuver's activation cost. */
export const steelAttackDice = (style: SteelStyle, cp: number, activationCost: number): number => Math.max(0, spendShare(cp, style.attackShare) - activationCost);

/** Dice rolled on a defence: the style's share of what is left, less the maneuver's activation cost. */
export const steelDefenceDice = (style: SteelStyle, cp: number, activationCost: number): number => Math.max(0, spendShare(cp, style.defenceShare) - activationCost);

/** The defence the style makes: a block needs a shield in hand, else it parries. */
export const steelDefence = (style: SteelStyle, shieldInHand: boolean): "parry" | "block" | "partial-evasion" => (style.defence === "block" && !shieldInHand ? "parry" : style.defence);

/** The dice a style expects a foe to parry its blow with, when it weighs whom to strike: half what the foe has left, rounded up. */
export const expectedParryDice = (foeCp: number): number => Math.ceil(Math.max(0, foeCp) / 2);

/** The secret throw at a bout's opening, with the style's posture when the GM allows postures. */
export function steelThrow(style: SteelStyle, posturesAllowed: boolean): { throw: "red" | "white"; posture: "neutral" | "aggressive" | "defensive" } {
  return { throw: style.opening, posture: posturesAllowed ? style.posture : "neutral" };
}
