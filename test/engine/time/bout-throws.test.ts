// Seed 000 "Melee Combat": the secret throw is red or white; no throw is hesitation. The tracker opens the throw with
// the engine's choices (issue 32 shell audit: they were typed in the tracker), and the bout takes exactly those.
import { describe, expect, it } from "vitest";
import { boutsMachine, startBouts, THROWS } from "../../../src/engine/time/bouts";
import { checkThrow, THROWS as STEEL_THROWS } from "../../../src/engine/rulesets/steel/posture";

const start = () => {
  const s = startBouts([{ id: "hall", combatants: [{ id: "alan", reflex: 6, pool: 10 }, { id: "rival", reflex: 5, pool: 9 }] }]);
  if (!s.ok) throw new Error(s.refusal.code);
  return s.value;
};

describe("the throw's choices", () => {
  it("red and white, each taken by the bout; anything else refused; none hesitates", () => {
    expect(THROWS).toEqual(["red", "white"]);
    for (const t of THROWS) {
      const r = boutsMachine.apply(start(), { type: "reveal", boutId: "hall", choices: { alan: t, rival: null } });
      expect(r.ok && r.value.state.combatants.map((c) => c.thrown)).toEqual([t, "hesitated"]);
    }
    const bad = boutsMachine.apply(start(), { type: "reveal", boutId: "hall", choices: { alan: "green" as never } });
    expect(bad.ok ? "" : bad.refusal.code).toBe("bouts.badThrow");
  });

  it("one list (issue 32 leftovers: the bout and steel's throw check each kept their own): every colour the bout takes, the throw's check takes", () => {
    expect(THROWS).toBe(STEEL_THROWS);
    for (const t of THROWS) expect(checkThrow(t, false)).toEqual({ ok: true, value: { throw: t, posture: "neutral" } });
    expect(checkThrow("green", true).ok).toBe(false);
  });
});
