import { messageModeOption, speakerFor } from "../../compat";
import { templatePath } from "../../config";
import type { Draw } from "../../engine/dice";
import { diceGroups } from "./dice-view";
import { formatCounted } from "./plural";

/** An engine event as every ruleset reports it: a line key and its values. */
export interface EngineEvent {
  readonly type: string;
  readonly key: string;
  readonly data: Readonly<Record<string, string | number | boolean>>;
}

/** One line of a card: an event type, its lang key, and the values the key is formatted with. */
export const eventLine = (type: string, key: string, data: Record<string, string | number | boolean> = {}): EngineEvent => ({ type, key, data });

export const RESULT_CARD_TEMPLATE = templatePath("results/result-card.hbs");
/** The dice partial both kinds of card include. */
export const DICE_PARTIAL = templatePath("chat/dice.hbs");

/** Foundry renders a partial only once it is loaded (it caches the template, so this is cheap after the first time). */
export async function loadDicePartial(): Promise<void> {
  await foundry.applications.handlebars.loadTemplates([DICE_PARTIAL]);
}

type Formatter = { format(key: string, data?: Record<string, string>): string; localize(key: string): string };

/** Values that name other lines (a location, a level) are localized where the lang file has them. */
function formatData(data: EngineEvent["data"], i18n: Formatter, lookups: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) {
    let text = String(v);
    for (const prefix of lookups) {
      const key = `${prefix}${text}`;
      const localized = i18n.localize(key);
      if (localized !== key) {
        text = localized;
        break;
      }
    }
    out[k] = text;
  }
  return out;
}

export interface ResultCardInput {
  readonly title: string;
  readonly subtitle?: string;
  readonly outcome: "success" | "failure" | "neutral";
  readonly events: readonly EngineEvent[];
  readonly draws?: readonly Draw[];
  /** Key prefixes used to localize values such as locations or levels. */
  readonly lookups?: readonly string[];
}

/** The chat card's context: every event as one line of text, and the dice rolled with the engine's marks. */
export function resultCardContext(input: ResultCardInput, i18n: Formatter) {
  return {
    title: input.title,
    subtitle: input.subtitle ?? "",
    outcome: input.outcome,
    lines: input.events.map((e) => ({ type: e.type, text: formatCounted(i18n, e.key, formatData(e.data, i18n, input.lookups ?? [])) })),
    dice: diceGroups(input.draws ?? [], i18n, input.lookups ?? []),
  };
}

/** Posts a result card with the Foundry rolls behind it, in the user's roll mode. */
export async function postResultCard(actor: Actor.Implementation, input: ResultCardInput, rolls: Roll[]): Promise<unknown> {
  await loadDicePartial();
  const content = await foundry.applications.handlebars.renderTemplate(RESULT_CARD_TEMPLATE, resultCardContext(input, game.i18n!));
  return ChatMessage.implementation.create({ speaker: speakerFor(actor), content, rolls: rolls as never }, messageModeOption() as never);
}
