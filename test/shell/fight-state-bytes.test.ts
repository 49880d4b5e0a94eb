// Issue 23 ("Writes a group's server sees"): how many bytes the fight's state
// sends every client per step, for 2, 10 and 50 combatants in each ruleset. Each
// step is counted as one Combat update and its size is the JSON of the change
// every client receives (v13's updateCombat `changed`) less the server's `_stats` stamp. The state is structured data
// (src/data/combat/stored-state.ts): an update carries only the paths a step
// changed, so a step that moves one fighter on writes about the same bytes at
// 50 combatants as at 2. Each step's write carries its own undo entry too
// (src/data/combat/stored-history.ts), never the rest of the history.
//
// Measured before the change (the whole state as JSON text in every write), a
// step at 2 / 10 / 50 combatants: steel 803 / 2,436 / 10,597; actionpoints 416 /
// 1,361 / 6,082; opposed 903 / 3,544 / 16,744; pulse 935 / 2,245 / 8,785; after:
// steel 208, phases 200, actionpoints 146, opposed 153, pulse 463 at every size.
// Issue 35 keeps the fighters' entries compactly (the values most share kept
// once) and lets a new round start a new generation of entries instead of
// rewriting each: a start and a new round write far less (phases' new round at
// 50: 20,964 bytes before, about 3,000 after); each write now also carries the
// state's fingerprint (about 30 bytes), so the GM's client keeps the state it
// wrote instead of reading it back.
// The figures go to test-results/fight-state-bytes.json; every start, step and new round at
// every size is held to a quarter above MEASURED below. The file asks no harness mode: its v13
// run meets no v14 rule, so the v14 run skips it (test/shell/v14-same.json): both modes write
// the same bytes here by construction.
import { mkdirSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { crowdFight, decisionWrites, settle } from "./support";

const RULESETS = ["steel", "phases", "actionpoints", "opposed", "pulse"] as const;
const SIZES = [2, 10, 50] as const;
const measured: Record<string, Record<number, { start: number; step: number; round: number; state: number; history: number; machine: number }>> = {};

/** A step's bytes, whatever the number of combatants, measured at about 500 at most (pulse's side-initiative step, with its undo entry and the state's fingerprint): a ceiling for every ruleset. */
const STEP_LIMIT = 650;

/** The bytes of a change as the system wrote it: what a client hears but Foundry's `_stats` stamp. */
function systemBytes(changed: Record<string, unknown>): number {
  const { _stats, ...written } = changed;
  expect(_stats, "the server stamps every Combat update").toBeDefined();
  return JSON.stringify(written).length;
}

async function fight(ruleset: string, n: number, boutsOf = 0) {
  const { world, gm, combat } = await crowdFight(ruleset, n, { boutsOf });
  // What each client hears of a Combat update: the change as v13 broadcasts it, less the server's own `_stats`
  // stamp (when and by whom: about 120 bytes on every update of any system's, test/harness/document-stats.ts).
  const heard: number[] = [];
  gm.Hooks.on("updateCombat", (_doc: unknown, changed: Record<string, unknown>) => void heard.push(systemBytes(changed)));
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
        // The machine's state itself, as JSON (what the stored form holds, read back).
        const machine = JSON.stringify(t.combat.machineState).length;
        (measured[ruleset] ??= {})[n] = { start, step: stepBytes, round, state, history, machine };
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
      expect(fifty!).toBeLessThan(measured[ruleset]![50]!.machine / 10);
    });
  }

  // The bytes measured for the start, a step and a new round at 2 / 10 / 50 combatants (this run's figures, in
  // docs/dev/benchmarks.md); each may write at most a quarter more. A start writes the whole state once; a step only
  // what moves on; a new round what it changes for every fighter it changes (phases clears every Initiative Total
  // and declaration in a new generation of entries, with the undo entry that puts them back, kept as columns;
  // actionpoints refills every pool with its own figure; opposed gives every fighter the same new turn, in a new
  // generation), steel's and pulse's almost nothing.
  const HEADROOM = 1.25;
  type Figures = Record<(typeof SIZES)[number], number>;
  const MEASURED: Record<(typeof RULESETS)[number], { start: Figures; step: Figures; round: Figures }> = {
    steel: { start: { 2: 520, 10: 672, 50: 1_460 }, step: { 2: 239, 10: 239, 50: 239 }, round: { 2: 322, 10: 322, 50: 322 } },
    phases: { start: { 2: 581, 10: 885, 50: 2_433 }, step: { 2: 232, 10: 232, 50: 232 }, round: { 2: 1_207, 10: 1_334, 50: 2_991 } },
    actionpoints: { start: { 2: 361, 10: 750, 50: 3_043 }, step: { 2: 177, 10: 177, 50: 177 }, round: { 2: 436, 10: 706, 50: 2_289 } },
    opposed: { start: { 2: 547, 10: 851, 50: 2_427 }, step: { 2: 184, 10: 184, 50: 184 }, round: { 2: 395, 10: 578, 50: 618 } },
    pulse: { start: { 2: 475, 10: 746, 50: 2_234 }, step: { 2: 495, 10: 495, 50: 495 }, round: { 2: 616, 10: 616, 50: 616 } },
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

  // Issue 35 ("Fights that do not grow with the crowd") asked for the whole Combat under 64 KB at 200 combatants.
  // Foundry's own part is over that before the system writes a byte: every combatant carries its `_stats`
  // (test/harness/document-stats.ts), and 200 of them are about 93 KB; steel's bouts of two add 100 combatant
  // groups, about 37 KB (the fight-step bench prints the parts). What the system governs is its own data, so the
  // goal is held there: under 100 bytes a fighter, and a new round that changes no fighter's figures writes as
  // little as at 2. Bytes, not time: the time is the bench's (bench/shell/fight-step.bench.ts, which also measures
  // phases' new round at 200, 82.6 KB before and about 5.6 KB after, and actionpoints': their starts ask the GM
  // about every NPC, one dialog each, which the harness draws, too slow for a test at this size).
  const CROWD = 200;
  const SYSTEM_PER_FIGHTER = 100;
  const CROWDS = [
    { key: "steel", ruleset: "steel", boutsOf: 0 },
    { key: "steel in bouts of two", ruleset: "steel", boutsOf: 2 },
    { key: "opposed", ruleset: "opposed", boutsOf: 0 },
    { key: "pulse", ruleset: "pulse", boutsOf: 0 },
  ] as const;
  for (const { key, ruleset, boutsOf } of CROWDS) {
    it(`${key}, ${CROWD} combatants: a new round is one Combat update, and the system's data in the Combat stays under ${SYSTEM_PER_FIGHTER} bytes a fighter`, async () => {
      const t = await fight(ruleset, CROWD, boutsOf);
      await step(t, () => t.combat.startCombat());
      await step(t, () => t.combat.nextTurn());
      const round = await step(t, () => t.combat.nextRound());
      expect(round).toBeLessThanOrEqual(Math.ceil(MEASURED[ruleset].round[50] * HEADROOM));
      const doc = t.gm.game.combats.get(t.combat.id).toObject();
      const system = JSON.stringify(doc.system).length;
      expect(system).toBeLessThan(CROWD * SYSTEM_PER_FIGHTER);
      // The system's data names every fighter (guards against measuring an empty fight).
      expect(t.combat.combatants.size).toBe(CROWD);
      expect(system).toBeGreaterThan(CROWD * 20);
      // Foundry's combatants alone are over the 64 KB the issue asked of the whole Combat.
      expect(JSON.stringify(doc.combatants).length).toBeGreaterThan(64_000);
    });
  }

  afterAll(() => {
    mkdirSync("test-results", { recursive: true });
    writeFileSync("test-results/fight-state-bytes.json", `${JSON.stringify(measured, null, 2)}\n`);
  });
});
