// Speed of the actionpoints ruleset: an attack against an active parry, its exact odds, and a phase of spends.
import { bench, describe } from "vitest";
import { engine } from "./built";
import type { AttackInput } from "../src/engine/rulesets/actionpoints";

const { SeededDice } = engine.dice;
const { attackOdds, resolveAttack } = engine.actionpoints;
const { actionPhasesMachine, startActionPhases } = engine.actionPhases;

const dice = new SeededDice(2);
const input: AttackInput = {
  attacker: { id: "a", tsc: 60, psf: 20, baseDamage: 6, strengthBonus: 6, attackerBonus: 1, weaponSize: 4 },
  defender: { id: "d", defence: "activeParry", tsc: 50, psf: 16, shield: null, armour: { absorption: 3, weight: "light", failed: false }, parryWeaponSize: 3, kneeling: false, fatigueNow: 1000, bodyNow: 1000, con: 12 },
};
const start = startActionPhases(Array.from({ length: 10 }, (_, i) => ({ id: `c${i}`, pool: 10 + i })));
let sink = 0;

describe("actionpoints", () => {
  bench("resolveAttack against an active parry", () => {
    const r = resolveAttack(input, dice);
    if (r.ok) sink += r.value.result.damage?.delivered ?? 0;
  });
  bench("attackOdds (10,000 roll pairs, defence rolls grouped by level)", () => {
    sink += attackOdds(input).outcomes.hit;
  });
  bench("one action phase for 10 combatants", () => {
    if (!start.ok) return;
    let s = start.value;
    for (let i = 0; i < 10; i++) {
      const next = [...s.combatants].filter((c) => !c.actedThisPhase && c.pool > 0).sort((a, b) => b.pool - a.pool)[0];
      if (!next) break;
      const r = actionPhasesMachine.apply(s, { type: "spend", combatantId: next.id, points: 5, kind: "combat" });
      if (r.ok) s = r.value.state;
    }
    sink += s.phase;
  });
});
