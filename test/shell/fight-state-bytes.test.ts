// Issue 23 ("Writes a group's server sees"): how many bytes the fight's state
// sends every client per step, for 2, 10 and 50 combatants in each ruleset. A
// measurement, not a target: each step is counted as one Combat update and its
// size is the JSON of the change every client receives (v13's updateCombat
// `changed`), written to test-results/fight-state-bytes.json. Each step's write
// carries the GM's undo history too (src/engine/time/undo.ts), kept within the
// state's own size, so a write is at most about twice the state.
import { mkdirSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { decisionWrites, settle } from "./support";

const RULESETS = ["steel", "phases", "actionpoints", "opposed", "pulse"] as const;
const SIZES = [2, 10, 50] as const;
const measured: Record<string, Record<number, { start: number; step: number | null; round: number; state: number; history: number }>> = {};

async function fight(ruleset: string, n: number) {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", ruleset);
  // No surprise; the GM closes every declaration dialog: this is about bytes, not answers.
  gm.runtime.dialogs.responder = (_kind: string, config: any) => (config.buttons?.some((b: any) => b.action === "none") ? "none" : null);
  const actors = await gm.CONFIG.Actor.documentClass.createDocuments(Array.from({ length: n }, (_, i) => ({ name: `Fighter ${i + 1}`, type: i % 2 ? "npc" : "character" })));
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  await combat.createEmbeddedDocuments("Combatant", actors.map((a: any) => ({ actorId: a.id, name: a.name })));
  await settle();
  // What each client hears of a Combat update: the change as v13 broadcasts it.
  const heard: number[] = [];
  gm.Hooks.on("updateCombat", (_doc: unknown, changed: unknown) => void heard.push(JSON.stringify(changed).length));
  return { world, gm, combat, heard };
}

/** Runs a step and returns the bytes of the one Combat update it made. */
async function step(t: Awaited<ReturnType<typeof fight>>, run: () => Promise<unknown>): Promise<number> {
  const mark = t.world.server.writes.length;
  const from = t.heard.length;
  await run();
  await settle();
  expect(t.gm.notices).toEqual([]);
  const writes = decisionWrites(t.world, mark);
  expect(writes.map((w: any) => `${w.action} ${w.documentName}`)).toEqual(["update Combat"]);
  expect(t.heard.length - from).toBe(1);
  return t.heard[from]!;
}

describe("bytes of the fight state per step (a measurement for issue 23)", () => {
  for (const ruleset of RULESETS) {
    for (const n of SIZES) {
      it(`${ruleset}, ${n} combatants: the start, ${ruleset === "phases" ? "" : "a step "}and a new round are one Combat update each, their size recorded`, async () => {
        const t = await fight(ruleset, n);
        const start = await step(t, () => t.combat.startCombat());
        // phases: the next step waits for everyone's declaration (cards, not the tracker), so only the start and a new round.
        const stepBytes = ruleset === "phases" ? null : await step(t, () => t.combat.nextTurn());
        const round = await step(t, () => t.combat.nextRound());
        const state = String(t.combat.system.state ?? "").length;
        // The GM's undo history rides in the same writes: the last step always, older ones while it stays within the state's size.
        const history = String(t.combat.system.history ?? "").length;
        (measured[ruleset] ??= {})[n] = { start, step: stepBytes, round, state, history };
        expect(history).toBeGreaterThan(0);
        expect(round).toBeLessThan(2 * start + 1000);
        // The state names every combatant, so it grows with them (guards against measuring nothing).
        expect(state).toBeGreaterThan(n * 20);
      });
    }
  }

  afterAll(() => {
    mkdirSync("test-results", { recursive: true });
    writeFileSync("test-results/fight-state-bytes.json", `${JSON.stringify(measured, null, 2)}\n`);
  });
});
