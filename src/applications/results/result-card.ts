import { messageModeOption, speakerFor } from "../../compat";
import { templatePath } from "../../config";
import { diceGroups, type DiceDraw } from "./dice-view";
import { fighterImage, headlineText, toneView, type Headline } from "./headline";
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
/** The partials both kinds of card include: the headline with the token images, the dice, the folded detail. */
export const CARD_PARTIALS = ["chat/headline.hbs", "chat/dice.hbs", "chat/detail.hbs"].map(templatePath);

/** Foundry renders a partial only once it is loaded (it caches the template, so this is cheap after the first time). */
export async function loadCardPartials(): Promise<void> {
  await foundry.applications.handlebars.loadTemplates(CARD_PARTIALS);
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
  readonly outcome: "success" | "failure" | "neutral";
  /** The outcome in one line, from the engine's result (a key formatted with `attacker`, the roller's name, and its data); without it the card says success or failure plainly. */
  readonly headline?: Headline;
  /** Who rolled: named in the headline, shown by its token image. */
  readonly name?: string;
  readonly img?: string;
  readonly events: readonly EngineEvent[];
  readonly draws?: readonly DiceDraw[];
  /** Key prefixes used to localize values such as locations or levels. */
  readonly lookups?: readonly string[];
}

/**
 * The chat card's context, read as the attack cards are: the headline first, the
 * dice rolled with the engine's marks, then every event as one line of the
 * numbered detail, folded under the headline.
 */
export function resultCardContext(input: ResultCardInput, i18n: Formatter) {
  const lookups = input.lookups ?? [];
  const name = input.name ?? "";
  return {
    title: input.title,
    ...toneView(input.outcome, i18n),
    headline: headlineText(input.headline, input.outcome, { attacker: name, defender: "" }, lookups, i18n),
    portraits: input.img ? [{ name, img: input.img, side: "attacker" }] : [],
    lines: input.events.map((e) => ({ type: e.type, text: formatCounted(i18n, e.key, formatData(e.data, i18n, lookups)) })),
    dice: diceGroups(input.draws ?? [], i18n, lookups),
    // Dice So Nice may hold the outcome back until its dice land (src/table/dice-landing.ts).
    resolved: true,
    open: false,
  };
}

/** Posts a result card with the Foundry rolls behind it, in the user's roll mode; the roller named and shown by its token image. Its draws' labels name fighters already (src/table/dice-names.ts). */
export async function postResultCard(actor: Actor.Implementation, input: ResultCardInput, rolls: Roll[]): Promise<unknown> {
  await loadCardPartials();
  const content = await foundry.applications.handlebars.renderTemplate(RESULT_CARD_TEMPLATE, resultCardContext({ name: actor.name ?? "", img: fighterImage(actor), ...input }, game.i18n!));
  return ChatMessage.implementation.create({ speaker: speakerFor(actor), content, rolls: rolls }, messageModeOption());
}
