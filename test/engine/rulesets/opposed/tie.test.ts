// Seed 003_094b90e5b0802384.txt, "Attacking" (Melee: an Opposed Melee Test; the
// winner hits) does not say who wins when both sides score the same SL. Ours:
// the higher target, then the attacker; the GM may choose the attacker or the
// defender (the world setting, read by the shell and passed in). Exact dice.
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import { DEFAULT_OPPOSED_TABLES } from "../../../../src/engine/rulesets/opposed/tables";
import { DEFAULT_OPPOSED_TIE, OPPOSED_TIES, opposedOdds, readOpposedTie, resolveMeleeAttack, resolveRangedAttack, type MeleeAttackInput, type OpposedTie } from "../../../../src/engine/rulesets/opposed";

const noArmour = { head: 0, leftArm: 0, rightArm: 0, body: 0, leftLeg: 0, rightLeg: 0 };
const melee = (tie?: unknown): MeleeAttackInput =>
  ({
    attacker: { id: "a", test: { target: 45 }, damage: 7, advantage: 0 },
    defender: { id: "d", test: { target: 55 }, surprised: false, toughnessBonus: 3, armour: noArmour, woundsNow: 12, advantage: 0 },
    tables: DEFAULT_OPPOSED_TABLES,
    ...(tie === undefined ? {} : { tie }),
  }) as MeleeAttackInput;

describe("seed 003 'Attacking': an opposed test on equal SL", () => {
  it("ours is the higher target; the three choices and nothing else read", () => {
    expect(DEFAULT_OPPOSED_TIE).toBe("higherTarget");
    expect(OPPOSED_TIES).toEqual(["higherTarget", "attacker", "defender"]);
    for (const t of OPPOSED_TIES) expect(readOpposedTie(t)).toEqual({ ok: true, value: t });
    for (const bad of ["", "Attacker", null, undefined, 1, { tie: "attacker" }]) expect(readOpposedTie(bad)).toEqual({ ok: false, refusal: { code: "opposed.badChoice", message: "BOUT.Opposed.Refusal.BadChoice", data: { field: "tie" } } });
  });

  it("41 against 45 (SL 0) and 52 against 55 (SL 0): the defender's higher target wins by ours and under 'defender'; the attacker wins under 'attacker'", () => {
    const winner = (tie?: OpposedTie) => {
      const r = resolveMeleeAttack(melee(tie), new FixedDice({ 100: [41, 52, 50] }));
      if (!r.ok) throw new Error(r.refusal.code);
      return r.value.result.winner;
    };
    expect([winner(), winner("higherTarget"), winner("defender"), winner("attacker")]).toEqual(["defender", "defender", "defender", "attacker"]);
  });

  it("refuses a tie rule that is not one of the three, before any die", () => {
    const r = resolveMeleeAttack(melee("coinFlip"), new FixedDice({ 100: [] }));
    expect(r.ok ? "ok" : r.refusal.code).toBe("opposed.badChoice");
    const shot = resolveRangedAttack(
      {
        attacker: { id: "a", test: { target: 50 }, damage: 8, pistol: false, blackpowder: false, engaged: false, advantage: 0 },
        defender: { id: "d", opposition: "none", test: null, toughnessBonus: 3, armour: noArmour, woundsNow: 10, pointBlank: false, largeShield: false },
        tables: DEFAULT_OPPOSED_TABLES,
        tie: "coinFlip" as never,
      },
      new FixedDice({ 100: [] }),
    );
    expect(shot.ok ? "ok" : shot.refusal.code).toBe("opposed.badChoice");
  });

  it("the odds follow the rule: giving ties to the attacker raises the chance to win", () => {
    const ours = opposedOdds({ target: 45 }, { target: 55 });
    const toAttacker = opposedOdds({ target: 45 }, { target: 55 }, "attacker");
    expect(toAttacker.win).toBeGreaterThan(ours.win);
    expect(opposedOdds({ target: 45 }, { target: 55 }, "defender").win).toBeCloseTo(ours.win, 12);
  });
});
