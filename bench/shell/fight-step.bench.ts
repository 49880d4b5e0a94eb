// The GM client's time for one step of a fight at 10, 50 and 200 combatants, in each
// ruleset (issue 35, "Fights that do not grow with the crowd"): the GM's Next turn
// (pulse: the next pulse) from the tracker's document, through the write queue, the
// harness server and back, until every hook has run. A step names one fighter (or one exchange, phase or pulse
// step), so its cost should not grow with the table; `bench/medians.mjs` prints the
// 200/10 ratio of each ruleset's medians (the goal: at most 1.5). The harness's own
// document handling is in the figure (Foundry also re-prepares the whole Combat on an
// update), so read the ratio, not the milliseconds.
import { bench, describe } from "vitest";
import { crowdFight, settle } from "../../test/shell/support";

const RULESETS = ["steel", "phases", "actionpoints", "opposed", "pulse"] as const;
const SIZES = [10, 50, 200] as const;

/** A started fight of `n` blank fighters, at the point where the next step moves one fighter on. */
async function started(ruleset: string, n: number) {
  const t = await crowdFight(ruleset, n);
  await t.combat.startCombat();
  await settle();
  if (ruleset === "phases") {
    // phases: the GM reveals the round's declarations (nobody chose: everyone stands idle), the next step rolls
    // every Initiative Total; the steps measured are the ones after it (as in test/shell/fight-state-bytes.test.ts).
    await t.gm.ui.combat.runAction("boutReveal");
    await settle();
    await t.combat.nextTurn();
    await settle();
  }
  return t;
}

const fights = new Map<string, Awaited<ReturnType<typeof started>>>();
for (const ruleset of RULESETS) for (const n of SIZES) fights.set(`${ruleset}/${n}`, await started(ruleset, n));

/**
 * What a new round writes, and the Combat document's size after it, at the largest table (issue 35: a phases
 * new round at 200 combatants should write well under 10 KB, and the Combat stay under 64 KB). On a fight of its
 * own, after one step, so the steps timed below start where the others do.
 */
async function newRound(ruleset: string, n: number): Promise<{ round: number; combat: number }> {
  const t = await started(ruleset, n);
  if (ruleset !== "pulse") await t.combat.nextTurn();
  await settle();
  const heard: number[] = [];
  t.gm.Hooks.on("updateCombat", (_doc: unknown, changed: unknown) => void heard.push(JSON.stringify(changed).length));
  await t.combat.nextRound();
  await settle();
  return { round: heard.reduce((a, b) => a + b, 0), combat: JSON.stringify(t.gm.game.combats.get(t.combat.id).toObject()).length };
}
const largest = SIZES.at(-1)!;
const rounds = [];
for (const ruleset of RULESETS) rounds.push({ ruleset, ...(await newRound(ruleset, largest)) });
console.log(`\nAt ${largest} combatants: bytes a new round writes (every Combat update it makes) and the Combat document's size after it`);
for (const r of rounds) console.log(`  ${r.ruleset.padEnd(13)} new round ${String(r.round).padStart(8)} B   Combat ${String(r.combat).padStart(8)} B`);

for (const ruleset of RULESETS) {
  describe(`fight step, ${ruleset}`, () => {
    for (const n of SIZES) {
      const t = fights.get(`${ruleset}/${n}`)!;
      // Few iterations: each is a real step, and the fight must not run out of steps in a round of 10.
      bench(
        `${ruleset}: the GM's ${ruleset === "pulse" ? "next pulse" : "next step"} at ${n} combatants`,
        async () => {
          const mark = t.world.server.writes.length;
          // pulse: the figures act within a pulse; the GM's own step is opening the next one.
          await (ruleset === "pulse" ? t.combat.nextRound() : t.combat.nextTurn());
          await settle();
          // A refused step would measure nothing: the step must have written the Combat.
          if (!t.world.writesSince(mark).some((w: { documentName: string }) => w.documentName === "Combat")) throw new Error(`${ruleset} at ${n}: the step wrote nothing (${t.gm.notices.at(-1)?.message ?? "no notice"})`);
        },
        { time: 0, iterations: 7, warmupIterations: 1, warmupTime: 0 },
      );
    }
  });
}
