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
