/**
 * What a style reads of its fight, the same in every ruleset: the foes it may
 * strike at (the other side's fighters still in the fight), whether a card of
 * its own still waits, and the weapon it closes with.
 */
import type { BoutCombat } from "../../documents/combat";
import type { DialogField } from "../../applications/dialogs/odds-dialog";
import { cardView } from "../cards";
import { fighterName, sameFighter } from "../fighter";
import { downed } from "./style-of";

export interface Foe {
  readonly id: string;
  readonly actor: Actor.Implementation;
}

/** The fighters on the other side (token disposition; without a token, characters against the rest), still in the fight. */
export function foesOf(combat: BoutCombat, combatantId: string): Foe[] {
  const infos = combat.combatantInfos();
  const side = infos.find((i) => i.id === combatantId)?.side;
  return infos.filter((i) => i.id !== combatantId && i.side !== side && i.actor && !downed(combat.combatants.get(i.id))).map((i) => ({ id: i.id, actor: i.actor! }));
}

/** Does a card this fighter posted in this fight still wait for its answer? (The stored fields are read first: a fight has many cards.) */
export function waitingCardBy(combatId: string, actor: Actor.Implementation): boolean {
  return (game.messages?.contents ?? []).some((m) => {
    const s = m.system as { state?: string; combatId?: string; attackerUuid?: string; attackerId?: string } | undefined;
    if (s?.state !== "waiting" || s.combatId !== combatId) return false;
    if (s.attackerUuid ? s.attackerUuid !== actor.uuid : s.attackerId !== actor.id) return false;
    const card = cardView(m as ChatMessage.Implementation);
    return card?.state === "waiting" && sameFighter(card.attacker, actor) && !sameFighter(card.defender, actor);
  });
}

/**
 * The engine's exact odds for the same figures come out the same: a fight of
 * many tokens of one NPC asks the same question again and again, so each
 * answer is kept (by its figures, as JSON) until the cache grows large.
 */
const odds = new Map<string, number>();
export function sameOdds(figures: unknown, work: () => number): number {
  const key = JSON.stringify(figures);
  const known = odds.get(key);
  if (known !== undefined) return known;
  if (odds.size > 20_000) odds.clear();
  const value = work();
  odds.set(key, value);
  return value;
}

/** The weapon item a fighter closes with: the melee weapon in hand, else the first melee weapon it carries; null for bare hands. */
export function closingWeapon(actor: Actor.Implementation, isMelee: (item: Item.Implementation) => boolean): Item.Implementation | null {
  const weapons = actor.items.contents.filter((i) => i.type === "weapon" && isMelee(i as Item.Implementation)) as Item.Implementation[];
  return weapons.find((w) => Boolean((w.system as { equipped?: boolean }).equipped)) ?? weapons[0] ?? null;
}

/** The plan's target when it is still a foe, else the style's pick. */
export function plannedFoe(foes: readonly Foe[], planned: unknown, pick: () => Foe | null): Foe | null {
  return foes.find((f) => f.id === planned) ?? pick();
}

/** The round form's target field: the foes by name, the style's pick first; with none in reach, that alone. */
export function targetField(foes: readonly Foe[], chosen: Foe | null, label = "BOUT.RoundForm.Target"): DialogField {
  if (!foes.length) return { kind: "select", name: "target", label, value: "", options: [{ value: "", label: "BOUT.RoundForm.NoFoeInReach" }] };
  return { kind: "select", name: "target", label, value: chosen?.id ?? foes[0]!.id, options: foes.map((f) => ({ value: f.id, label: fighterName(f.actor) })) };
}
