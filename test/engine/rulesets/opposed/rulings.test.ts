// Seed 003_094b90e5b0802384.txt, the last opposed rules of issue 32 as the engine
// decides them: "Move" (Disengage) against every opponent and a failed Dodge that
// holds the fighter; "Surprised" against a shot at Point Blank; the Prone
// Condition's "Combat Difficulty" steps; "Prepare" with any skill; "Attacking" 3
// (a ranged weapon adds no Strength Bonus unless its item says so).
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import {
  attackModifier,
  DEFAULT_OPPOSED_TABLES,
  defenceModifier,
  disengageByAdvantage,
  disengageByDodge,
  heldInPlace,
  PRONE,
  rangedOppositions,
  resolveMeleeAttack,
  resolveRangedAttack,
  strengthBonusForKind,
  type MeleeAttackInput,
  type RangedAttackInput,
} from "../../../../src/engine/rulesets/opposed";
import { startTurns, turnsMachine, type TurnsCommand, type TurnsState } from "../../../../src/engine/time/turns";

const noArmour = { head: 0, leftArm: 0, rightArm: 0, body: 0, leftLeg: 0, rightLeg: 0 };

function turns(): TurnsState {
  const s = startTurns([
    { id: "ada", initiative: 40, agility: 35 },
    { id: "bran", initiative: 30, agility: 30 },
  ]);
  if (!s.ok) throw new Error(s.refusal.code);
  return s.value;
}
const apply = (s: TurnsState, c: TurnsCommand) => turnsMachine.apply(s, c);

describe("seed 003 'Move' (Disengage)", () => {
  it("I: Advantage 2 beats Bran's 1 but not Cole's 3 beside him too; the event names the fighter", () => {
    const alone = disengageByAdvantage(2, [1], "ada");
    expect(alone.ok && alone.value.events[0]!.data).toMatchObject({ who: "ada", advantage: 0 });
    expect(disengageByAdvantage(2, [1, 3], "ada").ok).toBe(false);
  });

  it("II failed ('you cannot move'): the result says pinned; the turn order takes the Move and holds the token until the turn ends", () => {
    const r = disengageByDodge({ id: "ada", dodge: { target: 35 }, advantage: 0, opponents: [{ id: "bran", melee: { target: 40 }, advantage: 1 }] }, new FixedDice({ 100: [50, 20] }));
    expect(r.ok && [r.value.result.escaped, r.value.result.pinned]).toEqual([false, true]);
    const pin = apply(turns(), { type: "pin", combatantId: "ada" });
    if (!pin.ok) throw new Error(pin.refusal.code);
    expect(pin.value.state.combatants.find((c) => c.id === "ada")).toMatchObject({ moveUsed: true, pinned: true });
    expect(heldInPlace(pin.value.state, "ada")).toBe(true);
    expect(heldInPlace(pin.value.state, "bran")).toBe(false);
    expect(apply(turns(), { type: "pin", combatantId: "bran" }).ok).toBe(false);
    const next = turnsMachine.apply(pin.value.state, { type: "nextTurn" });
    expect(next.ok && heldInPlace(next.value.state, "ada")).toBe(false);
  });
});

describe("seed 003 'Surprised' and 'Ranged Combat'", () => {
  const shot = (surprised: boolean): RangedAttackInput => ({
    attacker: { id: "b", test: { target: 40 }, damage: 7, pistol: false, blackpowder: false, engaged: false, advantage: 0 },
    defender: { id: "a", opposition: "dodgePointBlank", test: { target: 35 }, toughnessBonus: 3, armour: noArmour, woundsNow: 12, pointBlank: true, largeShield: false, surprised },
    tables: DEFAULT_OPPOSED_TABLES,
  });
  it("a Surprised target at Point Blank is offered no Dodge, and a Dodge sent anyway is refused", () => {
    expect(rangedOppositions({ pointBlank: true, largeShield: true }, false)).toEqual(["dodgePointBlank", "largeShield"]);
    expect(rangedOppositions({ pointBlank: true, largeShield: true, surprised: true }, false)).toEqual([]);
    const r = resolveRangedAttack(shot(true), new FixedDice({ 100: [30, 20] }));
    expect(r.ok ? "ok" : r.refusal.code).toBe("opposed.cannotDefend");
    expect(resolveRangedAttack(shot(false), new FixedDice({ 100: [30, 20] })).ok).toBe(true);
  });
  it("the refusal names the Surprised defender by its combatant when it has one (the table shows that name), else by its ref; melee and ranged alike, before any die", () => {
    const who = (r: { ok: boolean; refusal?: { code: string; data?: Record<string, unknown> } }) => (r.ok ? "ok" : `${r.refusal!.code} ${String(r.refusal!.data?.who)}`);
    const inFight = { ...shot(true), defender: { ...shot(true).defender, combatantId: "cmb-ada" } };
    expect(who(resolveRangedAttack(inFight, new FixedDice({})))).toBe("opposed.cannotDefend cmb-ada");
    expect(who(resolveRangedAttack(shot(true), new FixedDice({})))).toBe("opposed.cannotDefend a");
    const swing: MeleeAttackInput = {
      attacker: { id: "b", test: { target: 45 }, damage: 7, advantage: 0 },
      defender: { id: "a", combatantId: "cmb-ada", test: { target: 40 }, surprised: true, toughnessBonus: 3, armour: noArmour, woundsNow: 12, advantage: 0 },
      tables: DEFAULT_OPPOSED_TABLES,
    };
    expect(who(resolveMeleeAttack(swing, new FixedDice({})))).toBe("opposed.cannotDefend cmb-ada");
    // Not opposing at all, the Surprised defender is simply struck (+20): no refusal.
    expect(resolveMeleeAttack({ ...swing, defender: { ...swing.defender, test: null } }, new FixedDice({ 100: [60, 50] })).ok).toBe(true);
  });
});

describe("seed 003 'Combat Difficulty' and the Prone Condition", () => {
  it("attacking a Prone target is Average (+20), attacking while Prone Difficult (-10), dodging while Prone Hard (-30)", () => {
    expect(PRONE).toEqual({ target: 20, attacker: -10, dodging: -30 });
    expect(attackModifier({ modifier: 0, actionPenalty: 0, ranged: false, sizeModifier: 0, targetProne: true })).toBe(20);
    expect(attackModifier({ modifier: 0, actionPenalty: 0, ranged: false, sizeModifier: 0, targetProne: true, attackerProne: true })).toBe(10);
    expect(defenceModifier({ modifier: 0, prepared: null, skill: "dodge", prone: true })).toBe(-30);
    // A parry while Prone has no step of its own; a Prepared Dodge still gets its +20.
    expect(defenceModifier({ modifier: 0, prepared: null, skill: "melee", prone: true })).toBe(0);
    expect(defenceModifier({ modifier: 0, prepared: "dodge", skill: "dodge", prone: true })).toBe(-10);
  });
});

describe("seed 003 'Opposing a Melee Attack' (Prepare): 'choose a skill'", () => {
  it("a skill of the fighter's own, named by the GM's client, is prepared and shown on the tracker; one without its name is refused", () => {
    const r = apply(turns(), { type: "prepare", combatantId: "ada", skill: "item:abc123", name: "Intimidate" });
    if (!r.ok) throw new Error(r.refusal.code);
    expect(r.value.state.combatants.find((c) => c.id === "ada")).toMatchObject({ prepared: "item:abc123", preparedName: "Intimidate", actionUsed: true });
    const badge = turnsMachine.view(r.value.state).rows.find((x) => x.combatantId === "ada")!.badges.find((b) => b.label.key.endsWith("PreparedSkill"));
    expect(badge?.label.data).toEqual({ skill: "Intimidate" });
    const unnamed = apply(turns(), { type: "prepare", combatantId: "ada", skill: "item:abc123" });
    expect(unnamed.ok ? "ok" : unnamed.refusal.code).toBe("turns.badUse");
  });
});

describe("seed 003 'Attacking' 3: a ranged weapon does not add the Strength Bonus unless its item says so", () => {
  it("made ranged: the box goes off; made melee: on; the GM's own tick in the same change stands; no change of kind leaves it", () => {
    expect(strengthBonusForKind({ kind: "ranged", kindWas: "melee", sent: true, was: true })).toBe(false);
    expect(strengthBonusForKind({ kind: "melee", kindWas: "ranged", sent: undefined, was: false })).toBe(true);
    expect(strengthBonusForKind({ kind: "ranged", kindWas: "melee", sent: false, was: true })).toBeNull();
    expect(strengthBonusForKind({ kind: "ranged", kindWas: undefined, sent: undefined })).toBe(false);
    expect(strengthBonusForKind({ kind: "ranged", kindWas: undefined, sent: true })).toBeNull();
    expect(strengthBonusForKind({ kind: "melee", kindWas: "melee", sent: undefined, was: true })).toBeNull();
  });
});
