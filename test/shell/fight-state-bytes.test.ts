// Issue 23 ("Writes a group's server sees"): how many bytes the fight's state
// sends every client per step, for 2, 10 and 50 combatants in each ruleset. Each
// step is counted as one Combat update and its size is the JSON of the change
// every client receives (v13's updateCombat `changed`). The state is structured data
// (src/data/combat/stored-state.ts): an update carries only the paths a step
// changed, so a step that moves one fighter on writes about the same bytes at
// 50 combatants as at 2. Each step's write carries its own undo entry too
// (src/data/combat/stored-history.ts), never the rest of the history.
//
// Measured before the change (the whole state as JSON text in every write), a
// step at 2 / 10 / 50 combatants: steel 803 / 2,436 / 10,597; actionpoints 416 /
// 1,361 / 6,082; opposed 903 / 3,544 / 16,744; pulse 935 / 2,245 / 8,785; after:
// steel 208, phases 200, actionpoints 146, opposed 153, pulse 463 at every size.
// The figures of each run go to test-results/fight-state-bytes-v13.json and -v14.json;
// every start, step and new round at every size is held to a quarter above MEASURED below.
import { mkdirSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { isV14 } from "../harness/version";
import { crowdFight, decisionWrites, settle } from "./support";

const RULESETS = ["steel", "phases", "actionpoints", "opposed", "pulse"] as const;
const SIZES = [2, 10, 50] as const;
const measured: Record<string, Record<number, { start: number; step: number; round: number; state: number; history: number }>> = {};

/** A step's bytes, whatever the number of combatants, measured at about 460 at most (pulse's side-initiative step, with its undo entry): a ceiling for every ruleset. */
const STEP_LIMIT = 600;

async function fight(ruleset: string, n: number) {
  const { world, gm, combat } = await crowdFight(ruleset, n);
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
      it(`${ruleset}, ${n} combatants: the start, a step and a new round are one Combat update each, their size recorded`, async () => {
        const t = await fight(ruleset, n);
        const start = await step(t, () => t.combat.startCombat());
        let stepBytes: number;
        if (ruleset === "phases") {
          // phases: the GM reveals the round's declarations (nobody chose: everyone stands idle), the next step rolls
          // every Initiative Total; the step measured is the one after, moving the phase on to its next fighter.
          await step(t, () => t.gm.ui.combat.runAction("boutReveal"));
          await step(t, () => t.combat.nextTurn());
          stepBytes = await step(t, () => t.combat.nextTurn());
        } else stepBytes = await step(t, () => t.combat.nextTurn());
        const round = await step(t, () => t.combat.nextRound());
        const state = JSON.stringify(t.combat.system.state ?? {}).length;
        // The GM's undo history rides in the same writes: the last step always, older ones while it stays within the state's size.
        const history = JSON.stringify(t.combat.system.history ?? {}).length;
        (measured[ruleset] ??= {})[n] = { start, step: stepBytes, round, state, history };
        expect(history).toBeGreaterThan(0);
        expect(round).toBeLessThan(2 * start + 1000);
        // The state names every combatant, so it grows with them (guards against measuring nothing).
        expect(state).toBeGreaterThan(n * 20);
        // A byte count, not a timing: 50 combatants' worth of set-up may take long on a loaded machine.
      }, 120_000);
    }
  }

  // A step changes the acting fighter (or the bout's exchange, or the pulse's step), not everyone:
  // its update stays the same size as the table grows.
  for (const ruleset of RULESETS) {
    it(`${ruleset}: a step writes about the same bytes at 50 combatants as at 2, under ${STEP_LIMIT}`, () => {
      const [two, fifty] = [measured[ruleset]?.[2]?.step, measured[ruleset]?.[50]?.step];
      expect(two).toBeTypeOf("number");
      expect(fifty).toBeTypeOf("number");
      expect(fifty!).toBeLessThanOrEqual(two! * 1.1 + 16);
      expect(fifty!).toBeLessThan(STEP_LIMIT);
      // The state itself grows with the fighters: the step is a fraction of it.
      expect(fifty!).toBeLessThan(measured[ruleset]![50]!.state / 10);
    });
  }

  // The bytes measured for the start, a step and a new round at 2 / 10 / 50 combatants (this run's figures, in
  // docs/dev/benchmarks.md); each may write at most a quarter more. A start writes the whole state once; a step only
  // what moves on; a new round what it changes for every fighter it changes (phases clears every Initiative Total
  // and declaration, with the undo entry that puts them back; actionpoints refills every pool; opposed gives every
  // fighter a new turn), steel's and pulse's almost nothing.
  const HEADROOM = 1.25;
  type Figures = Record<(typeof SIZES)[number], number>;
  const MEASURED: Record<(typeof RULESETS)[number], { start: Figures; step: Figures; round: Figures }> = {
    steel: { start: { 2: 736, 10: 2_432, 50: 10_912 }, step: { 2: 208, 10: 208, 50: 208 }, round: { 2: 286, 10: 287, 50: 286 } },
    phases: { start: { 2: 769, 10: 2_505, 50: 11_185 }, step: { 2: 198, 10: 199, 50: 200 }, round: { 2: 1_284, 10: 4_558, 50: 20_964 } },
    actionpoints: { start: { 2: 429, 10: 1_565, 50: 7_245 }, step: { 2: 145, 10: 146, 50: 146 }, round: { 2: 416, 10: 1_117, 50: 4_179 } },
    opposed: { start: { 2: 850, 10: 3_506, 50: 16_786 }, step: { 2: 152, 10: 153, 50: 153 }, round: { 2: 363, 10: 885, 50: 3_526 } },
    pulse: { start: { 2: 588, 10: 2_024, 50: 9_204 }, step: { 2: 462, 10: 463, 50: 463 }, round: { 2: 595, 10: 585, 50: 585 } },
  };
  for (const ruleset of RULESETS) {
    for (const n of SIZES) {
      it(`${ruleset}, ${n} combatants: the start, a step and a new round stay within a quarter above the bytes measured`, () => {
        const got = measured[ruleset]?.[n];
        expect(got).toBeDefined();
        const figures = MEASURED[ruleset];
        const limit = (what: "start" | "step" | "round") => Math.ceil(figures[what][n] * HEADROOM);
        expect(got!.start, "start").toBeLessThanOrEqual(limit("start"));
        expect(got!.step, "step").toBeLessThanOrEqual(limit("step"));
        expect(got!.round, "new round").toBeLessThanOrEqual(limit("round"));
      });
    }
  }

  // steel's round refreshes each pool to the same figure, pulse's opens the next pulse: no fighter's entry changes.
  for (const ruleset of ["steel", "pulse"] as const) {
    it(`${ruleset}: a new round that changes no fighter's figures writes about the same bytes at 50 combatants as at 2`, () => {
      const [two, fifty] = [measured[ruleset]?.[2]?.round, measured[ruleset]?.[50]?.round];
      expect(fifty!).toBeLessThanOrEqual(two! * 1.1 + 16);
      expect(fifty!).toBeLessThan(STEP_LIMIT);
    });
  }

  afterAll(() => {
    mkdirSync("test-results", { recursive: true });
    // One file per harness mode: the v14 run must not overwrite the v13 figures.
    writeFileSync(`test-results/fight-state-bytes-v${isV14() ? 14 : 13}.json`, `${JSON.stringify(measured, null, 2)}\n`);
  });
});
