// Which fight commands a fighter's player may send (issue 32 shell audit: moved from the GM's query handler).
// The fighter's own decisions are the player's; the steps of the fight and the rulings the seeds leave to the GM are
// not (seed 000 "Higher Footing" and light, 003's Surprised, 004 [12.2]'s leader, a pool set by hand).
import { describe, expect, it } from "vitest";
import { isPlayerCommand, PLAYER_COMMANDS } from "../../../src/engine/time/player-commands";

describe("the commands a fighter's player may send", () => {
  it("the fighter's own decisions: act, end the turn, spend, hold, pass, choose first or last, Prepare, declare an action, whom to face", () => {
    expect([...PLAYER_COMMANDS].sort()).toEqual(["act", "chooseOrder", "declareAction", "endTurn", "face", "hold", "pass", "prepare", "spend"]);
  });
  it("never a step of the fight, a GM's ruling or what only a card writes", () => {
    const gms = ["nextRound", "nextTurn", "nextPhase", "next", "reveal", "join", "leave", "footing", "setLight", "setPool", "setSurprised", "rule", "setInitiative", "restrict", "penalty", "penalize", "setLeader", "seize", "exchangeWon", "moved", "setEngagements", "rollSideInitiative", "strike", "oops"];
    expect(gms.filter(isPlayerCommand)).toEqual([]);
    expect([undefined, null, 3, {}].map(isPlayerCommand)).toEqual([false, false, false, false]);
  });
});
