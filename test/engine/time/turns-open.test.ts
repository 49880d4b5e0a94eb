// Seed 003_094b90e5b0802384.txt, "Combat Summary" (an Action a turn), "Surprised" (no Action),
// "Charge" ("your Action must be a Melee Test"), "Oops!" 61-80 (the next Action or Move lost) and
// "Prepare" (an Action): whether the fighter may take its Action, or Prepare, now, as the order judges it.
import { describe, expect, it } from "vitest";
import { actionOpen, prepareOpen, startTurns, turnsMachine, type TurnsCommand, type TurnsState } from "../../../src/engine/time/turns";

function start(list: { id: string; initiative: number; agility: number; surprised?: boolean }[]): TurnsState {
  const s = startTurns(list);
  if (!s.ok) throw new Error(s.refusal.code);
  return s.value;
}
function run(state: TurnsState, ...commands: TurnsCommand[]): TurnsState {
  return commands.reduce((s, c) => {
    const r = turnsMachine.apply(s, c);
    if (!r.ok) throw new Error(`${c.type}: ${r.refusal.code}`);
    return r.value.state;
  }, state);
}

const two = [
  { id: "ada", initiative: 45, agility: 40 },
  { id: "bran", initiative: 30, agility: 25 },
];

describe("seed 003: the Action open now (actionOpen, prepareOpen)", () => {
  it("Ada in her turn may act and Prepare; Bran, out of turn, may do neither", () => {
    const s = start(two);
    expect([actionOpen(s, "ada"), prepareOpen(s, "ada")]).toEqual([true, true]);
    expect([actionOpen(s, "bran"), prepareOpen(s, "bran")]).toEqual([false, false]);
    expect(actionOpen(s, "nobody")).toBe(false);
  });

  it("'Charge': after Ada's Charge her Action is a melee attack, so Prepare is no longer open", () => {
    const s = run(start(two), { type: "act", combatantId: "ada", use: "move", charge: true });
    expect([actionOpen(s, "ada"), prepareOpen(s, "ada")]).toEqual([true, false]);
  });

  it("'Oops!' 71-80: her Action lost this round closes both; so does the Action spent", () => {
    const lost = run(start(two), { type: "oops", combatantId: "ada", effect: "loseAction" });
    expect([actionOpen(lost, "ada"), prepareOpen(lost, "ada")]).toEqual([false, false]);
    const spent = run(start(two), { type: "act", combatantId: "ada", use: "action" });
    expect([actionOpen(spent, "ada"), prepareOpen(spent, "ada")]).toEqual([false, false]);
  });

  it("'Surprised': a Surprised fighter may neither act nor Prepare, by the token's condition when it is given", () => {
    const s = start([{ ...two[0]!, surprised: true }, two[1]!]);
    expect([actionOpen(s, "ada"), prepareOpen(s, "ada")]).toEqual([false, false]);
    expect(actionOpen(s, "ada", { statuses: {} })).toBe(true);
  });
});
