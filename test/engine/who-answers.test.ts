// Who is asked for a fighter's own secret choice (issue 32 shell audit: moved from the declarations' runner): seed 000
// "Melee Combat"'s throw is each fighter's, so its player chooses when at the table, and the GM otherwise.
import { describe, expect, it } from "vitest";
import { whoAnswers } from "../../src/engine/who-answers";

const gm = { isGM: true, active: true };
describe("who answers for a fighter", () => {
  it("its player, when one who owns it is connected", () => {
    expect(whoAnswers([gm, { isGM: false, active: true }])).toBe("player");
    expect(whoAnswers([gm, { isGM: false, active: false }, { isGM: false, active: true }])).toBe("player");
  });
  it("the GM for an NPC (only GMs own it) and for a character whose player is away", () => {
    expect(whoAnswers([gm])).toBe("gm");
    expect(whoAnswers([gm, { isGM: false, active: false }])).toBe("gm");
    expect(whoAnswers([])).toBe("gm");
  });
});
