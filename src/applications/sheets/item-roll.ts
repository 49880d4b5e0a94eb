import { speakerFor } from "../../compat";
import type { RulesetId } from "../../engine/rulesets/ruleset";

/** What a roll button on a sheet hands to the ruleset: who rolls with what. */
export interface ItemRollRequest {
  readonly actor: Actor.Implementation;
  readonly item: Item.Implementation;
  readonly ruleset: RulesetId;
}

/** The ruleset's own figures on the rolling actor and item: their system block for that ruleset. */
export function rollStats<A, I>({ actor, item, ruleset }: ItemRollRequest): { readonly actor: A; readonly item: I } {
  const block = (doc: { system: unknown }) => (doc.system as Record<string, unknown>)[ruleset];
  return { actor: block(actor) as A, item: block(item) as I };
}

/** A roll dialog's number field: left blank, it counts as 0. */
export const fieldNumber = (v: unknown): number => Number(v ?? 0);

export type ItemRollHandler = (request: ItemRollRequest) => Promise<unknown>;

const handlers = new Map<string, ItemRollHandler>();

/** A ruleset registers the dialog its weapons or skills open (attack, test ...). */
export function registerItemRoll(ruleset: RulesetId, itemType: string, handler: ItemRollHandler): void {
  handlers.set(`${ruleset}.${itemType}`, handler);
}

/**
 * Until a ruleset registers its own dialog, a roll button makes a plain roll of the
 * ruleset's basic die to chat, so the wiring from sheet to chat can be used at once.
 * This is not a resolution: it applies no rule.
 */
const PLAIN_DIE: Record<RulesetId, string> = { steel: "1d10", phases: "1d10", actionpoints: "1d100", opposed: "1d100", pulse: "1d100" };

async function plainRoll({ actor, item, ruleset }: ItemRollRequest): Promise<unknown> {
  const roll = new Roll(PLAIN_DIE[ruleset]);
  await roll.evaluate();
  return roll.toMessage({
    speaker: speakerFor(actor),
    flavor: game.i18n!.format("BOUT.Sheet.PlainRoll", { item: item.name }),
  });
}

export function rollItem(request: ItemRollRequest): Promise<unknown> {
  const handler = handlers.get(`${request.ruleset}.${request.item.type}`) ?? plainRoll;
  return handler(request);
}
