// Seed 003_094b90e5b0802384.txt, "Combat Difficulty" ("Challenging +0: A standard attack") and "Move"
// (Charge at an opponent "at least your Move characteristic in yards away"; Flee from one; Disengage from
// one's opponents): the defaults and the shapes the table's forms take from the engine.
import { describe, expect, it } from "vitest";
import { DEFAULT_DIFFICULTY, MOVE_KINDS, MOVES_WITH_OPPONENT, charge, chargeYards, finalTarget } from "../../../../src/engine/rulesets/opposed";

describe("seed 003 'Combat Difficulty': a test is Challenging (+0) unless something says otherwise", () => {
  it("the default step is Challenging: a target of 45 stays 45", () => {
    expect(DEFAULT_DIFFICULTY).toBe("challenging");
    expect(finalTarget({ target: 45 })).toBe(45);
    expect(finalTarget({ target: 45, difficulty: DEFAULT_DIFFICULTY })).toBe(45);
  });
});

describe("seed 003 'Move': the seven moves, three of them against an opponent", () => {
  it("Charge, Flee and Disengage name an opponent; Run, Leap, Climb and Fall do not", () => {
    expect(MOVE_KINDS).toEqual(["charge", "flee", "disengage", "run", "leap", "climb", "fall"]);
    expect(MOVES_WITH_OPPONENT).toEqual(["charge", "flee", "disengage"]);
  });

  it("Charge: 3.6 yards measured count as 4, so Move 4 gains +1 Advantage; 3.4 count as 3 and do not", () => {
    expect([chargeYards(3.6), chargeYards(3.4)]).toEqual([4, 3]);
    const gained = (yards: number) => {
      const r = charge({ engaged: false, distance: chargeYards(yards), move: 4, advantage: 0 });
      return r.ok ? r.value.result.gained : null;
    };
    expect([gained(3.6), gained(3.4)]).toEqual([true, false]);
  });
});
