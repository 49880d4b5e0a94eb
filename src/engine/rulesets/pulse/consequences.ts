/**
 * What one resolved attack leaves behind on the figures' gear and footing
 * (seed 004_2f46e4f6196f6037.txt): the grievous injury's cost to armour or
 * shield [18], the attacker's weapon broken or dropped on a failed 99/100
 * check [17.3], the attacker disarmed by a parry [17.4], the defender's weapon
 * lost to a stun [19] or a Disarm [16.5], and a fall after a Trip, Entangle or
 * Shield Rush [16.5]. Plain ids in, plain changes out; the shell writes them
 * when the card is applied.
 */
import { ok, type Outcome } from "../../outcome";
import { pulseEvent, type PulseEvent } from "./events";
import { pulseRefuse } from "./refusals";
import type { AttackResult } from "./attack";
import { canBePoisoned, poisonFresh, poisonTakes, stuckPenalty } from "./after-combat";
import type { PulseArmorStats, PulseShieldStats, PulseWeaponStats } from "./stats";

export const GRIEVOUS_CHOICES = ["armor", "shield"] as const;
/** [18] the defender's pick when a grievous injury strikes: the armour loses 2, or the shield breaks. */
export type GrievousChoice = (typeof GRIEVOUS_CHOICES)[number];

/** A piece of gear as the engine sees it: its id and name for the card, whether it is worn or in hand, its figures. */
export interface Gear<S> {
  readonly id: string;
  readonly name: string;
  readonly equipped: boolean;
  readonly stats: S;
}

export interface ConsequenceInput {
  /** The weapon the attacker struck with. */
  readonly attackerWeapon: Gear<Pick<PulseWeaponStats, "use" | "broken"> & Partial<Pick<PulseWeaponStats, "weaponClass" | "poisoned">>>;
  /** The attack made; only a plain blow leaves its weapon stuck [20.4] (our reading: a trip or a rush does not impale). Default: a plain blow. */
  readonly attackKind?: string;
  /** [20.3] seconds of world time since the poison went on the weapon (unknown: fresh). */
  readonly poisonAgeSeconds?: number | null;
  /** [16.5] a Disarm's item is the attacker's choice: "later" leaves it to be chosen on the card; default, the first weapon in hand. */
  readonly disarmChoice?: "first" | "later";
  readonly defender: {
    /** [20.4] man-sized or smaller (one hex): missiles and pole weapons stick in him. */
    readonly humanOrSmaller?: boolean;
    readonly armour: readonly Gear<Pick<PulseArmorStats, "protection" | "grievousDamage">>[];
    readonly shields: readonly Gear<Pick<PulseShieldStats, "defense" | "broken">>[];
    readonly weapons: readonly Gear<Pick<PulseWeaponStats, "use">>[];
    readonly grievousChoice: GrievousChoice;
  };
}

export interface Consequences {
  /** Armour piece that takes one more grievous hit (2 protection less until repaired). */
  readonly armourHit: string | null;
  /** Shield that breaks. */
  readonly shieldBroken: string | null;
  /** The attacker's weapon marked broken: it cannot strike until repaired. */
  readonly attackerWeaponBroken: string | null;
  /** The attacker's weapon out of hand (no longer equipped). */
  readonly attackerWeaponDropped: string | null;
  /** The defender's weapon out of hand. */
  readonly defenderWeaponDropped: string | null;
  /** The defender is on the ground (the prone condition). */
  readonly defenderProne: boolean;
  /** [20.4] modAG the defender loses to the weapon now stuck in him, until it is pulled out (0: nothing stuck). */
  readonly stuckPenalty: number;
  /** [20.3] the attacker's weapon whose poison did its work and is used up. */
  readonly poisonSpent: string | null;
  readonly events: PulseEvent[];
}

/** The most protective armour piece still worn that has protection left, first on ties. */
export function armourForGrievous(pieces: ConsequenceInput["defender"]["armour"]): string | null {
  let best: { id: string; left: number } | null = null;
  for (const p of pieces) {
    if (!p.equipped) continue;
    const left = p.stats.protection - 2 * p.stats.grievousDamage;
    if (left > 0 && (!best || left > best.left)) best = { id: p.id, left };
  }
  return best?.id ?? null;
}

/** The unbroken shield carried whose rating counts (the best one), first on ties. */
export function shieldForGrievous(shields: ConsequenceInput["defender"]["shields"]): string | null {
  let best: { id: string; defense: number } | null = null;
  for (const s of shields) if (s.equipped && !s.stats.broken && (!best || s.stats.defense > best.defense)) best = { id: s.id, defense: s.stats.defense };
  return best?.id ?? null;
}

/** The weapon the defender holds and could lose: the first one in hand that is not bare hands. */
export function weaponInHand(weapons: ConsequenceInput["defender"]["weapons"]): string | null {
  return weapons.find((w) => w.equipped && w.stats.use !== "unarmed")?.id ?? null;
}

/**
 * [18] "at defender's option": the choice the struck figure gave. The target's
 * answer names it; an answer without one (a card posted before the choice was
 * asked) and a bystander the shot met instead ([16.1], never asked) put it on
 * the armour first (our reading). null: a choice that is not one of the two.
 */
export const DEFAULT_GRIEVOUS_CHOICE: GrievousChoice = "armor";
export function grievousChoiceOf(struck: "bystander"): GrievousChoice;
export function grievousChoiceOf(struck: "target" | "bystander", answered: unknown): GrievousChoice | null;
export function grievousChoiceOf(struck: "target" | "bystander", answered?: unknown): GrievousChoice | null {
  if (struck === "bystander" || answered === undefined || answered === null) return DEFAULT_GRIEVOUS_CHOICE;
  return (GRIEVOUS_CHOICES as readonly unknown[]).includes(answered) ? (answered as GrievousChoice) : null;
}

/**
 * [18] which piece pays for a grievous injury: the one the defender chose when
 * he has it, else the other; nothing when he wears no armour with protection
 * left and carries no unbroken shield.
 */
export function grievousTarget(defender: ConsequenceInput["defender"]): { readonly kind: GrievousChoice; readonly id: string } | null {
  const armour = armourForGrievous(defender.armour);
  const shield = shieldForGrievous(defender.shields);
  const order: GrievousChoice[] = defender.grievousChoice === "shield" ? ["shield", "armor"] : ["armor", "shield"];
  for (const kind of order) {
    const id = kind === "armor" ? armour : shield;
    if (id) return { kind, id };
  }
  return null;
}

const nameOf = (gear: readonly Gear<unknown>[], id: string) => gear.find((g) => g.id === id)?.name ?? "";

export function attackConsequences(result: AttackResult, input: ConsequenceInput): Consequences {
  const d = input.defender;
  const events: PulseEvent[] = [];
  let armourHit: string | null = null;
  let shieldBroken: string | null = null;
  // [18] only a blow whose damage was rolled injures gravely (Knockout, Restrain and Disarm roll none).
  if (result.strike.grievous && result.damage && result.damage.roll > 0) {
    const target = grievousTarget(d);
    if (target?.kind === "armor") {
      armourHit = target.id;
      events.push(pulseEvent("GrievousArmour", { item: nameOf(d.armour, target.id) }));
    } else if (target?.kind === "shield") {
      shieldBroken = target.id;
      events.push(pulseEvent("GrievousShield", { item: nameOf(d.shields, target.id) }));
    } else events.push(pulseEvent("GrievousNoGear"));
  }

  const weapon = input.attackerWeapon;
  const bareHands = weapon.stats.use === "unarmed";
  let attackerWeaponBroken: string | null = null;
  let attackerWeaponDropped: string | null = null;
  // [17.3] a failed check breaks (99) or drops (100) the weapon; bare hands can do neither: the GM may set another penalty.
  if (result.strike.risk && result.weaponCheck && !result.weaponCheck.success) {
    if (bareHands) events.push(pulseEvent("MishapNoWeapon"));
    else if (result.strike.risk === "break") attackerWeaponBroken = weapon.id;
    else attackerWeaponDropped = weapon.id;
  }
  // [17.4] a parry of 4 or more disarms the attacker: the weapon he struck with leaves his hand.
  if (result.parry && result.parry.outcome !== "parry" && !bareHands) attackerWeaponDropped = weapon.id;
  if (attackerWeaponBroken) events.push(pulseEvent("ItemBroken", { item: weapon.name }));
  if (attackerWeaponDropped) events.push(pulseEvent("ItemDropped", { item: weapon.name }));

  // [19] a failed check on being stunned, or [16.5] a Disarm that hits: the defender's weapon goes.
  // A Disarm's item may be left to the attacker's choice, made on the card.
  let defenderWeaponDropped: string | null = null;
  const chooseLater = result.disarmed && input.disarmChoice === "later";
  if (chooseLater) events.push(pulseEvent("DisarmChoice"));
  if ((result.stunDropCheck && !result.stunDropCheck.success) || (result.disarmed && !chooseLater)) {
    defenderWeaponDropped = weaponInHand(d.weapons);
    if (defenderWeaponDropped) events.push(pulseEvent("ItemDropped", { item: nameOf(d.weapons, defenderWeaponDropped) }));
  }

  // [16.5] a failed fall check after a Trip, Entangle or Shield Rush puts the defender on the ground.
  const defenderProne = Boolean(result.fall && !result.fall.success);
  if (defenderProne) events.push(pulseEvent("Prone"));

  // [20.4] a class A missile or thrown weapon, or a pole weapon, that does effective damage to a man-sized target stays in the wound.
  const wounded = (result.damage?.effective ?? 0) >= 1;
  const full = { weaponClass: weapon.stats.weaponClass ?? "B", use: weapon.stats.use };
  const plainBlow = (input.attackKind ?? "normal") === "normal";
  const stuck = wounded && plainBlow && !bareHands ? stuckPenalty(full, d.humanOrSmaller === true) : 0;
  if (stuck) events.push(pulseEvent("StuckIn", { item: weapon.name, penalty: stuck }));

  // [20.3] poison on a class A or B weapon works through effective damage and is then used up, or dries after six hours; class C holds none.
  let poisonSpent: string | null = null;
  if (weapon.stats.poisoned) {
    if (!canBePoisoned(full)) events.push(pulseEvent("PoisonClassC", { item: weapon.name }));
    else if (!poisonFresh(input.poisonAgeSeconds)) {
      poisonSpent = weapon.id;
      events.push(pulseEvent("PoisonDried", { item: weapon.name }));
    } else if (wounded && poisonTakes(result.damage!.effective)) {
      poisonSpent = weapon.id;
      events.push(pulseEvent("PoisonTakes", { item: weapon.name }));
    }
  }

  return { armourHit, shieldBroken, attackerWeaponBroken, attackerWeaponDropped, defenderWeaponDropped, defenderProne, stuckPenalty: stuck, poisonSpent, events };
}

/**
 * Whether a weapon may strike: a broken one may not until repaired [17.3], and a
 * dropped one (not in hand) must be taken up again first. Bare hands are always ready [21].
 */
export function weaponReady(weapon: { readonly equipped: boolean; readonly stats: Pick<PulseWeaponStats, "use" | "broken"> }): Outcome<true> {
  if (weapon.stats.use === "unarmed") return ok(true);
  if (weapon.stats.broken) return pulseRefuse("weaponBroken");
  if (!weapon.equipped) return pulseRefuse("weaponNotInHand");
  return ok(true);
}
