/**
 * Seed 004 [16.5] at the table: a Disarm that lands makes the target drop one
 * weapon or item of the attacker's choice. The attack card offers its
 * attacker's owner **Choose what is dropped**; the choice is this card, which
 * the GM's client checks against the attack card (the right attacker and
 * target, a Disarm not yet chosen, an item the target has in hand) and takes
 * from it in one step, so it is made once. Apply puts the item out of hand.
 */
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { fighterRef, refersTo } from "../fighter";
import { disarmChoiceHeadline } from "./headline";
import { registerCardKind, takeFromCard, withNames, type CardKind } from "../cards";
import { eventLine as line } from "../../applications/results/result-card";
import { disarmable, openOffer, type OpenDisarm } from "./attack";

const T = "BOUT.Pulse.Table.";
const refused = (): Outcome<never> => refuse("pulse.card.noDisarm", `${T}Refusal.NoDisarm`);

interface DisarmChoice {
  readonly sourceId: string;
  readonly itemId: string;
  readonly item: string;
}

/** The attack card's open Disarm, read fresh. */
function openDisarm(sourceId: unknown): { disarm: OpenDisarm; taken: boolean } | null {
  const open = openOffer<OpenDisarm>(sourceId, "disarm", "disarmTaken");
  return open ? { disarm: open.offer, taken: open.taken } : null;
}

const choiceCard: CardKind = {
  title: `${T}DisarmCardTitle`,
  unanswered: () => true,
  prepare(raw, attacker, defender): Outcome<DisarmChoice> {
    const d = (raw ?? {}) as { sourceId?: unknown; itemId?: unknown };
    const open = openDisarm(d.sourceId);
    if (!open || open.taken || !refersTo(open.disarm.who, attacker) || !refersTo(open.disarm.from, defender)) return refused();
    const item = disarmable(defender).find((i) => i.id === d.itemId);
    if (!item) return refuse("pulse.card.notInHand", `${T}Refusal.NotInHand`);
    return ok({ sourceId: d.sourceId as string, itemId: item.id, item: item.name });
  },
  // Taken in the attack card's own write queue, written with the choice's card: a second choice finds it made.
  claimsFrom: (d: DisarmChoice) => d.sourceId,
  async claim(d: DisarmChoice, _attacker, _defender, batch) {
    const open = openDisarm(d.sourceId);
    if (!open || open.taken) return refused();
    await takeFromCard(batch, d.sourceId, { disarmTaken: true });
    return ok(true as const);
  },
  describe: (d: DisarmChoice | null) => [line("declared", `${T}DisarmDeclared`, { item: d?.item ?? "" })],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<any>> {
    const d = card.declaration as DisarmChoice | null;
    if (!card.attacker || !card.defender || !d) return refused();
    return ok({
      outcome: "success",
      events: withNames([line("dropped", "BOUT.Pulse.Event.ItemDropped", { item: d.item })], [card.attacker, card.defender]),
      updates: {},
      itemUpdates: { [fighterRef(card.defender!)]: [{ _id: d.itemId, "system.equipped": false }] },
      rolls: [],
      lookups: [],
      headline: disarmChoiceHeadline(d.item),
    });
  },
};

export function registerPulseDisarm(): void {
  registerCardKind("pulse.disarmChoice", choiceCard);
}
