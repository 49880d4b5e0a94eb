// Who may press a card's buttons (issue 32 shell audit: one policy where the button is shown and where the active GM
// checks the press). Not a seed's rule: the table's, the same for every ruleset's cards.
import { describe, expect, it } from "vitest";
import { mayPress, type CardButton } from "../../src/engine/card-hands";

const who = { gm: false, ownsAttacker: false, ownsDefender: false, ownsOffered: false };
const buttons: CardButton[] = ["defend", "apply", "followUp"];
const allowed = (hands: Partial<typeof who>) => buttons.filter((b) => mayPress(b, { ...who, ...hands }));

describe("who may press a card's buttons", () => {
  it("a GM presses any; a stranger none", () => {
    expect(allowed({ gm: true })).toEqual(buttons);
    expect(allowed({})).toEqual([]);
  });
  it("the attacker's owner applies but does not answer; the defender's owner answers and applies", () => {
    expect(allowed({ ownsAttacker: true })).toEqual(["apply"]);
    expect(allowed({ ownsDefender: true })).toEqual(["defend", "apply"]);
  });
  it("a follow-up is its fighter's owner's, whoever else is on the card", () => {
    expect(allowed({ ownsOffered: true })).toEqual(["followUp"]);
    expect(allowed({ ownsAttacker: true, ownsDefender: true })).toEqual(["defend", "apply"]);
  });
});
