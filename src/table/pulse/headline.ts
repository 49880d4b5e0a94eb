/** The pulse attack card's headline, read from the engine's result: the damage a strike does, a parry and what it opened, or a miss. */
import type { Headline } from "../cards";

const H = "BOUT.Card.Headline.Pulse.";

interface AttackOutcome {
  readonly strike: { readonly hit: boolean; readonly grievous: boolean };
  readonly parry: { readonly outcome: "parry" | "disarm" | "riposte" } | null;
  readonly damage: { readonly effective: number } | null;
}

export function attackHeadline(r: AttackOutcome): Headline {
  if (r.parry) return { key: `${H}Parry.${r.parry.outcome}` };
  if (!r.strike.hit) return { key: `${H}Miss` };
  const damage = r.damage?.effective ?? 0;
  if (damage <= 0) return { key: `${H}NoDamage` };
  return { key: r.strike.grievous ? `${H}Grievous` : `${H}Hit`, data: { damage } };
}

/** A jump: landed on its feet, or prone. */
export function jumpHeadline(feet: number, r: { readonly success: boolean }): Headline {
  return { key: r.success ? `${H}Jump.Landed` : `${H}Jump.Fell`, data: { feet } };
}

/** Pulling out a stuck weapon: with or without harm. */
export function stuckHeadline(r: { readonly damage: number }): Headline {
  return r.damage > 0 ? { key: `${H}Stuck.Hurt`, data: { damage: r.damage } } : { key: `${H}Stuck.Clean` };
}

/** The item a Disarm makes the defender drop. */
export function disarmChoiceHeadline(item: string): Headline {
  return { key: `${H}Dropped`, data: { item } };
}

/** A trampling: the figure knocked down either way, and the damage a strike did. */
export function trampleHeadline(r: AttackOutcome): Headline {
  if (!r.strike.hit) return { key: `${H}Trample.Miss` };
  const damage = r.damage?.effective ?? 0;
  return damage > 0 ? { key: `${H}Trample.Hit`, data: { damage } } : { key: `${H}Trample.NoDamage` };
}

/** Closing: kept out by a Repulse, or both in close combat. */
export function closeHeadline(closed: boolean): Headline {
  return { key: closed ? `${H}Close.Closed` : `${H}Close.Repulsed` };
}

/** Withdrawing from close combat: out (and prone), or still held. */
export function withdrawHeadline(r: { readonly success: boolean }): Headline {
  return { key: r.success ? `${H}Close.Withdrawn` : `${H}Close.Held` };
}

/** A Pass spent working free of a net or whip: free, or the Passes counted so far. */
export function disentangleHeadline(r: { readonly free: boolean; readonly record: { readonly passes: number }; readonly needed: number }): Headline {
  return r.free ? { key: `${H}Entangle.Free` } : { key: `${H}Entangle.Still`, data: { passes: r.record.passes, needed: r.needed } };
}

/** An infection check: infected or clean. */
export function infectionHeadline(r: { readonly infected: boolean }): Headline {
  return { key: r.infected ? `${H}Infection.Infected` : `${H}Infection.Clean` };
}

/** A day of an infected wound: healed, or the Endurance the fever took. */
export function infectionDayHeadline(r: { readonly healed: boolean; readonly damage: number }): Headline {
  return r.healed ? { key: `${H}Infection.Healed` } : { key: `${H}Infection.Worse`, data: { damage: r.damage } };
}

/** Magic at a figure: the damage done, resisted, or no harm. */
export function magicHeadline(r: { readonly resist: { readonly success: boolean } | null; readonly damage: { readonly effective: number } }): Headline {
  if (r.damage.effective > 0) return { key: r.resist?.success ? `${H}Magic.HitResisted` : `${H}Magic.Hit`, data: { damage: r.damage.effective } };
  return { key: r.resist?.success ? `${H}Magic.Resisted` : `${H}Magic.NoHarm` };
}

/** Trying to shake off a stun. */
export function recoverHeadline(r: { readonly success: boolean }): Headline {
  return { key: r.success ? `${H}Recover.Recovered` : `${H}Recover.Stunned` };
}

/** A shot the line of fire stops before it is loosed: the action spent, nothing rolled. */
export function noLineOfFireHeadline(): Headline {
  return { key: `${H}NoLineOfFire` };
}

/** What a blow leaves the table to act on (the engine's damage and its consequences, [16.5]-[19]); names of the fighters, and of the gear. */
export function blowAftermath(
  r: { readonly damage: { readonly state: string; readonly stun: boolean } | null; readonly knockedOut: boolean },
  after: { readonly defenderProne?: boolean; readonly defenderWeaponDropped?: string | null; readonly shieldBroken?: string | null; readonly attackerWeaponBroken?: string | null; readonly attackerWeaponDropped?: string | null },
  names: { readonly attacker: string; readonly defender: string },
): Headline[] {
  const d = { who: names.defender };
  const out: Headline[] = [];
  if (r.damage?.state === "dead") out.push({ key: "BOUT.Card.Headline.Then.Dead", data: d });
  else if (r.damage?.state === "unconscious" || r.knockedOut) out.push({ key: "BOUT.Card.Headline.Then.Unconscious", data: d });
  else if (r.damage?.stun) out.push({ key: "BOUT.Card.Headline.Then.Stunned", data: d });
  if (after.defenderProne) out.push({ key: "BOUT.Card.Headline.Then.KnockedDown", data: d });
  if (after.defenderWeaponDropped) out.push({ key: "BOUT.Card.Headline.Then.DropsWeapon", data: d });
  if (after.shieldBroken) out.push({ key: "BOUT.Card.Headline.Then.ShieldShatters", data: d });
  if (after.attackerWeaponBroken) out.push({ key: "BOUT.Card.Headline.Then.WeaponBreaks", data: { who: names.attacker } });
  else if (after.attackerWeaponDropped) out.push({ key: "BOUT.Card.Headline.Then.DropsWeapon", data: { who: names.attacker } });
  return out;
}
