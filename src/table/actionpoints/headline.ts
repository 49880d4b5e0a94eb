/** The action-point attack card's headline, read from the engine's classification and damage: missed, avoided, partly parried or landed. */
import type { Headline } from "../cards";

const H = "BOUT.Card.Headline.ActionPoints.";

interface AttackOutcome {
  readonly outcome: "missed" | "avoided" | "partial" | "hit";
  readonly damage: { readonly delivered: number } | null;
}

/** `defence`: the defence the defender chose (its key under the card's lookups). */
export function attackHeadline(r: AttackOutcome, defence: string): Headline {
  const damage = r.damage?.delivered ?? 0;
  if (r.outcome === "missed") return { key: `${H}Missed` };
  if (r.outcome === "avoided") return { key: `${H}Avoided`, data: { defence } };
  if (damage <= 0) return { key: `${H}Absorbed` };
  return { key: r.outcome === "partial" ? `${H}Partial` : `${H}Hit`, data: { damage } };
}

/** Standing up from a knee, and what it costs. */
export function standHeadline(cost: number): Headline {
  return { key: `${H}Stand`, data: { cost } };
}

/** A Combat Advantage taken: a disarm made or resisted, or the blow it gave and what it did. `kind`: the advantage (a key under the card's lookups). */
export function advantageHeadline(kind: string, r: { readonly success: boolean } | AttackOutcome): Headline {
  if (!("outcome" in r)) return { key: r.success ? `${H}Advantage.Disarmed` : `${H}Advantage.Kept` };
  const damage = r.damage?.delivered ?? 0;
  if (r.outcome === "missed" || r.outcome === "avoided") return { key: `${H}Advantage.Missed`, data: { kind } };
  if (damage <= 0) return { key: `${H}Advantage.Absorbed`, data: { kind } };
  return { key: `${H}Advantage.Hit`, data: { kind, damage } };
}

/** A percentile skill test from the sheet: its level of result, with the roll and the target. */
export function skillHeadline(skill: string, r: { readonly roll: number; readonly target: number; readonly level: string }): Headline {
  return { key: `${H}Skill.${r.level}`, data: { skill, roll: r.roll, target: r.target } };
}

/** What a blow leaves behind, from the engine's result (VII; V.d): who dropped what, who knelt, a shattered shield, a fighter out. */
interface Aftermath {
  readonly mishaps: { readonly attackerDrops: boolean; readonly defenderDrops: "shield" | "weapon" | null; readonly defenderKneels: boolean };
  readonly damage: { readonly shieldShattered: boolean; readonly unconscious: boolean; readonly dead: boolean } | null;
}

/** What the table must act on after a blow, in the order it happened; `attacker` and `defender` are names. */
export function blowAftermath(r: Aftermath, names: { readonly attacker: string; readonly defender: string }): Headline[] {
  const d = { who: names.defender };
  const out: Headline[] = [];
  if (r.damage?.shieldShattered) out.push({ key: "BOUT.Card.Headline.Then.ShieldShatters", data: d });
  if (r.mishaps.defenderDrops === "shield") out.push({ key: "BOUT.Card.Headline.Then.DropsShield", data: d });
  if (r.mishaps.defenderDrops === "weapon") out.push({ key: "BOUT.Card.Headline.Then.DropsWeapon", data: d });
  if (r.mishaps.defenderKneels) out.push({ key: "BOUT.Card.Headline.Then.Kneels", data: d });
  if (r.damage?.dead) out.push({ key: "BOUT.Card.Headline.Then.Dead", data: d });
  else if (r.damage?.unconscious) out.push({ key: "BOUT.Card.Headline.Then.Unconscious", data: d });
  if (r.mishaps.attackerDrops) out.push({ key: "BOUT.Card.Headline.Then.DropsWeapon", data: { who: names.attacker } });
  return out;
}
