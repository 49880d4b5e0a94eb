// Seed 000_4377b2da58f3a52b.txt rules take figures typed into forms: whatever arrives ("Exchange of Blows",
// "Terrain Rolls", "Surprise & Hesitation"), bad input is refused with a code and never throws.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SeededDice } from "../../../../src/engine/dice";
import { hesitationRoll, resolveExchange, skillCheck, terrainRoll } from "../../../../src/engine/rulesets/steel";
import { attack, defence, noArmour } from "./helpers";

const junk = fc.oneof(fc.integer({ min: -20, max: 20 }), fc.double(), fc.string(), fc.constant(undefined), fc.constant(null), fc.boolean());

describe("seed 000: untyped input is refused, not thrown", () => {
  it("resolveExchange with junk in any numeric field", () => {
    const fields = ["dice", "cpLeft", "weaponTn", "bonusDice", "reachPenalty", "extraCost", "tnModifier", "press", "pressTn", "damage", "zone"] as const;
    fc.assert(
      fc.property(fc.constantFrom(...fields), junk, fc.boolean(), fc.integer(), (field, value, onDefence, seed) => {
        const a = onDefence ? attack() : attack({ [field]: value } as never);
        const d = onDefence ? defence({ [field]: value } as never) : defence();
        const r = resolveExchange({ attack: a, defence: d, target: { combatantId: "d", toughness: 4, armour: noArmour } }, new SeededDice(seed));
        return r.ok || typeof r.refusal.code === "string";
      }),
    );
  });
  it("terrain, skill and hesitation rolls with junk", () => {
    fc.assert(
      fc.property(junk, junk, junk, fc.integer(), (a, b, c, seed) => {
        const dice = new SeededDice(seed);
        const t = terrainRoll({ cpLeft: a as number, dice: b as number, tn: c as number }, dice);
        const s = skillCheck({ dice: a as number, tn: b as number, tnModifier: c as number }, dice);
        const h = hesitationRoll({ reflex: a as number, ambusherSuccesses: b as number, targetSuccesses: c as number }, dice);
        return [t, s, h].every((o) => o.ok || o.refusal.code.startsWith("steel."));
      }),
    );
  });
  it("a fractional TN is refused with steel.notNumber", () => {
    const r = terrainRoll({ cpLeft: 4, dice: 2, tn: 4.5 }, new SeededDice(1));
    expect(r.ok ? "ok" : r.refusal.code).toBe("steel.notNumber");
  });
});
