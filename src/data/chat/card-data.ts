/**
 * An opposed-action card: who acts against whom (by fighter uuid), what each declared, and the
 * engine's result. Payloads are JSON text so an update replaces them whole.
 * The card moves waiting → resolved → applied, each step once.
 */
export const CARD_STATES = ["waiting", "resolved", "applied"] as const;
export type CardState = (typeof CARD_STATES)[number];

function defineCardSchema() {
  const fields = foundry.data.fields;
  return {
    kind: new fields.StringField({ required: true, blank: false, initial: "generic" }),
    state: new fields.StringField({ required: true, blank: false, initial: "waiting", choices: [...CARD_STATES] }),
    attackerId: new fields.StringField({ required: true, blank: true, initial: "" }),
    defenderId: new fields.StringField({ required: true, blank: true, initial: "" }),
    // The fighters by uuid (an unlinked token's actor is `Scene.<s>.Token.<t>.Actor.<a>`); the ids above are their world actors', kept for older cards.
    attackerUuid: new fields.StringField({ required: true, blank: true, initial: "" }),
    defenderUuid: new fields.StringField({ required: true, blank: true, initial: "" }),
    combatId: new fields.StringField({ required: true, blank: true, initial: "" }),
    declaration: new fields.StringField({ required: true, blank: true, initial: "" }),
    answer: new fields.StringField({ required: true, blank: true, initial: "" }),
    result: new fields.StringField({ required: true, blank: true, initial: "" }),
    // Which of the card's choices a fighting style made for the GM (JSON: post, answer, apply → the style's name key).
    byStyle: new fields.StringField({ required: true, blank: true, initial: "" }),
  };
}

export type CardSchema = ReturnType<typeof defineCardSchema>;

export class CardData extends foundry.abstract.TypeDataModel<CardSchema, ChatMessage.Implementation> {
  static override defineSchema(): CardSchema {
    return defineCardSchema();
  }
}
