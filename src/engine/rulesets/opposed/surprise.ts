/**
 * Surprise ("Surprise!"): an Opposed Stealth vs Perception Test, usually the
 * worst Stealth among the ambushers against every possible spotter; each spotter
 * the ambusher beats is Surprised. A Resolve point removes the condition.
 */
import type { Dice, PercentileTest } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { event, type OpposedEvent, type Resolution } from "./events";
import { checkFigures, opposedRefuse } from "./refusals";
import { checkTest, testEvent, compareOpposed, rollTest, type TestInput } from "./tests";

export interface SurpriseResult {
  readonly stealth: PercentileTest;
  readonly spotters: readonly { readonly id: string; readonly test: PercentileTest; readonly surprised: boolean }[];
}

export function resolveSurprise(input: { stealth: TestInput; spotters: readonly { id: string; perception: TestInput }[]; id?: string }, dice: Dice): Outcome<Resolution<SurpriseResult>> {
  const c = checkTest(input.stealth, "stealth");
  if (!c.ok) return c;
  for (const s of input.spotters) {
    const sc = checkTest(s.perception, s.id);
    if (!sc.ok) return sc;
  }
  const stealth = rollTest(input.stealth, dice, input.id, "BOUT.Card.Roll.Opposed.stealth");
  const events: OpposedEvent[] = [testEvent("ambush", stealth)];
  const spotters = input.spotters.map((s) => {
    const test = rollTest(s.perception, dice, s.id, "BOUT.Card.Roll.Opposed.perception");
    // The ambusher must win the opposed test; a tie goes to the higher target.
    const surprised = compareOpposed(stealth, test).winner === "attacker";
    events.push(testEvent(s.id, test));
    if (surprised) events.push(event("surprised", { who: s.id }));
    return { id: s.id, test, surprised };
  });
  return ok({ result: { stealth, spotters }, events });
}

/** Spend a Resolve point to shake off Surprised. */
export function shakeOffSurprise(resolve: number): Outcome<Resolution<{ resolve: number }>> {
  const f = checkFigures({ resolve }, 0, 100);
  if (!f.ok) return f;
  if (resolve < 1) return opposedRefuse("outOfRange", { field: "resolve", value: resolve, min: 1, max: 100 });
  return ok({ result: { resolve: resolve - 1 }, events: [event("surpriseLost", { who: "" })] });
}
