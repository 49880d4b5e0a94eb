/**
 * The Action Pool and what one action may cost (sections I and II): 1d10 + Base
 * Action Points + the armour modifier; an action is movement and non-combat
 * acts up to 10 AP, a mix of those with combat up to 10, or a single combat
 * action up to 12. Dearer actions are begun now and finished next phase.
 */
import { rollOne, type Dice } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { event, type Resolution } from "./events";
import { checkFigures } from "./refusals";
import { STAND_UP_COST } from "./tables";

export const ACTION_LIMITS = { movement: 10, mixed: 10, combat: 12 } as const;
export type ActionKind = keyof typeof ACTION_LIMITS;

/** Never below 0: a pool cannot be spent into debt. */
export function readActionPool(d10: number, bap: number, armourModifier: number): number {
  return Math.max(0, d10 + bap + armourModifier);
}

export function rollActionPool(input: { bap: number; armourModifier: number }, dice: Dice): Outcome<Resolution<{ d10: number; pool: number }>> {
  const f = checkFigures({ bap: input.bap, armourModifier: input.armourModifier }, -100, 100);
  if (!f.ok) return f;
  const d10 = rollOne(dice, 10);
  const pool = readActionPool(d10, input.bap, input.armourModifier);
  return ok({ result: { d10, pool }, events: [event("pool", { d10, bap: input.bap, armour: input.armourModifier, pool })] });
}

/** The armour's Action Pool modifier: the worst piece worn (our reading; pieces do not add up). */
export function armourApModifier(pieces: readonly { apModifier: number }[]): number {
  return pieces.reduce((worst, p) => Math.min(worst, p.apModifier), 0);
}

/**
 * II.b: an attack made after moving in the same phase is one mixed action
 * (movement with combat, up to 10 AP), the points moved and the attack's
 * cost together; an attack alone is a single combat action (up to 12). A
 * dearer action is begun now and finished next phase (III.d).
 */
export function attackAction(attackCost: number, movedFirst: number): Outcome<{ points: number; kind: ActionKind }> {
  const f = checkFigures({ attackCost, movedFirst }, 0, 100);
  if (!f.ok) return f;
  return ok(movedFirst > 0 ? { points: movedFirst + attackCost, kind: "mixed" } : { points: attackCost, kind: "combat" });
}

/**
 * II: one action built in steps within a phase (a move from the tracker, then
 * an attack): movement joined by movement stays movement; joined by anything
 * else it is a mixed action (movement with combat, up to 10 AP).
 */
export function joinedAction(sofar: ActionKind | null, next: ActionKind): ActionKind {
  if (sofar === null) return next;
  return sofar === "movement" && next === "movement" ? "movement" : "mixed";
}

/**
 * II–III: is a fighter's action over once this part is spent? A combat or
 * mixed part ends it (an attack is its last part), as does one that fills
 * its kind's limit or runs on into the next phase; movement short of the
 * limit leaves room for more (then an attack) in the same phase.
 */
export function actionEnds(kind: ActionKind, points: number, carriedOver: boolean): boolean {
  return carriedOver || kind !== "movement" || points >= ACTION_LIMITS[kind];
}

/**
 * VII.b.ii.2.c: "In order for a character in a kneeling position to rise to a
 * standing position, the character must spend 4 Action Points (See Table
 * 7.2)". The spend, as the world's action costs table has standing up (its
 * points and its kind of action, the GM's cells), else the seed's 4 AP as
 * movement; null for a fighter who is not kneeling (nothing to rise from).
 */
export function standUpAction(costs: readonly { readonly id: string; readonly ap: number; readonly kind: ActionKind }[], kneeling = true): { readonly points: number; readonly kind: ActionKind } | null {
  if (!kneeling) return null;
  const row = costs.find((c) => c.id === "stand");
  return row ? { points: row.ap, kind: row.kind } : { points: STAND_UP_COST, kind: "movement" };
}
