/** What an `actionpoints` rule reports, for a chat card. */
export interface ApEvent {
  readonly type: string;
  readonly key: string;
  readonly data: Readonly<Record<string, string | number | boolean>>;
}

export function event(type: string, data: Record<string, string | number | boolean> = {}): ApEvent {
  return { type, key: `BOUT.ActionPoints.Event.${type}`, data };
}

export interface Resolution<R> {
  readonly result: R;
  readonly events: readonly ApEvent[];
}

export const AP_EVENT_TYPES = [
  "pool", "defence", "attack", "blocked", "parried", "partialParry", "dodged", "hit", "damage", "fatigueLoss", "bodyLoss", "unconscious", "dead",
  "criticalBonus", "criticalLocation", "armourFails", "shieldAbsorbs", "shieldShatters", "advantage", "dropCheck", "kneels", "attackBonus",
  "agilityRoll", "criticalEffect", "drops", "fallsToKnee", "advantageTaken", "disarm", "advantageRoll", "criticalAsNormal",
] as const;
