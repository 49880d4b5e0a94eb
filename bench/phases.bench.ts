// Phases resolution speed (issue 10, "Benchmarks": resolved attacks per second
// for each ruleset; seed 001's stress die, missile fire table and our melee default).
import { bench, describe } from "vitest";
import { engine } from "./built";
import type { PhasesState } from "../src/engine/time/phases";

const { SeededDice } = engine.dice;
const { meleeOdds, rollMelee, rollMissile } = engine.phases;
const { phasesMachine, startPhases } = engine.phaseTime;

const dice = new SeededDice(1);
const melee = { attack: 6, firstStrike: 2, defense: 5, damage: 7, soak: 3 };
const shot = { range: "middle" as const, motion: "hustle" as const, attack: 5, damage: 6, soak: 2 };

const ids = Array.from({ length: 10 }, (_, i) => `c${i}`);
const start = (startPhases(ids.map((id) => ({ id }))) as { value: PhasesState }).value;

describe("phases", () => {
  bench("rollMelee (two stress dice, wound levels)", () => {
    rollMelee(melee, dice);
  });
  bench("rollMissile (ease factor, stress die)", () => {
    rollMissile(shot, dice);
  });
  bench("meleeOdds (exact, both stress dice)", () => {
    meleeOdds(melee);
  });
  bench("one round for 10 combatants: declare, Initiative, every phase", () => {
    let s: PhasesState = start;
    const step = (command: unknown) => {
      const r = phasesMachine.apply(s, command as never);
      if (r.ok) s = r.value.state;
    };
    for (const [i, id] of ids.entries()) step({ type: "declare", combatantId: id, declaration: { action: "melee", range: "reach", opponents: [ids[(i + 1) % ids.length]], reach: { min: "touch", max: "reach" } } });
    step({ type: "setInitiative", rolls: Object.fromEntries(ids.map((id, i) => [id, i + 2])) });
    while (s.stage === "act") step({ type: "next" });
  });
});
