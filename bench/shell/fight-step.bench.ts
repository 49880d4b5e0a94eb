// The GM client's time for one step of a fight at 10, 50 and 200 combatants, in each
// ruleset (issue 35, "Fights that do not grow with the crowd"): the GM's Next turn
// (pulse: the next pulse) from the tracker's document, through the write queue, the
// harness server and back, until every hook has run. A step names one fighter (or one exchange, phase or pulse
// step), so its cost should not grow with the table; `bench/medians.mjs` prints the
// 200/10 ratio of each ruleset's medians (the goal: at most 1.5). The harness's own
// document handling is in the figure: it updates a document as v13's
// DataModel#updateSource does (the fields a change names), and keeps what Foundry itself
// does whole on each update (the named `system` copied, the system model built again, the
// whole Combat prepared, every combatant's turn sorted), so read the ratio, not the milliseconds.
import { Session } from "node:inspector/promises";
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

/**
 * The same steps timed by the process's CPU time rather than the clock, which other jobs on a shared machine do
 * not inflate as much (issue 35 asks to compare CPU time, not wall time), with a sampling profile of the steps split
 * by where the samples fell: the system's own code (the built bundle), the harness (test/harness, our model of
 * Foundry's client and server), garbage collection, and the rest (Node, vitest, V8). Each share is a count of the
 * profile's samples (idle ones left out) applied to the median CPU time. Of the system's own, the part spent keeping
 * the fight's state (the undo entry and fingerprint, the stored change, reading the state back: STORAGE) is shown
 * apart; the rest is the machines, their views and the table's adapters. Medians of CPU_STEPS steps.
 */
const CPU_STEPS = 9;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
type Split = { system: number; storage: number; harness: number; gc: number; other: number };
/** The system's functions that keep the fight's state (src/engine/time/undo.ts, src/data/combat/*), by name (the bundle keeps names). */
const STORAGE = /^(diffStep|historyAfterStep|stateChange|historyChange|keepState|readState|readStoredHistory|printOf\$?\d*|storedChange)$/;
/** A CPU profile's samples (idle ones left out), as shares of the whole, by the script each fell in. */
function splitProfile(profile: { nodes: { id: number; callFrame: { url: string; functionName: string }; children?: number[] }[]; samples: number[] }): Split {
  const frame = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inStorage = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = frame.get(at)!;
      if (/bout\.mjs/.test(f.url) && STORAGE.test(f.functionName)) return true;
    }
    return false;
  };
  const split: Split = { system: 0, storage: 0, harness: 0, gc: 0, other: 0 };
  let counted = 0;
  for (const id of profile.samples) {
    const f = frame.get(id);
    if (!f || f.functionName === "(idle)") continue;
    counted++;
    const system = /bout\.mjs/.test(f.url);
    if (system && inStorage(id)) split.storage++;
    split[system ? "system" : /test\/harness\//.test(f.url) ? "harness" : f.functionName === "(garbage collector)" ? "gc" : "other"]++;
  }
  for (const k of Object.keys(split) as (keyof Split)[]) split[k] /= Math.max(1, counted);
  return split;
}
const cpu: { ruleset: string; n: number; step: number; split: Split }[] = [];
const session = new Session();
session.connect();
await session.post("Profiler.enable");
// One sample every 100 µs (V8's default is 1 ms, about one sample per step at 10 combatants: too few to split).
await session.post("Profiler.setSamplingInterval", { interval: 100 });
for (const ruleset of RULESETS) {
  for (const n of SIZES) {
    const t = await started(ruleset, n);
    const step = async () => {
      await (ruleset === "pulse" ? t.combat.nextRound() : t.combat.nextTurn());
      await settle();
    };
    await step();
    const times: number[] = [];
    await session.post("Profiler.start");
    for (let i = 0; i < CPU_STEPS; i++) {
      const from = cpuMs();
      await step();
      times.push(cpuMs() - from);
    }
    const { profile } = await session.post("Profiler.stop");
    cpu.push({ ruleset, n, step: median(times), split: splitProfile(profile as never) });
  }
}
session.disconnect();
const ms = (x: number) => x.toFixed(2).padStart(7);
const own = (r: (typeof cpu)[number]) => r.step * r.split.system;
console.log(`\nCPU time of the GM's step (median of ${CPU_STEPS}) and its parts by a profile's samples: the system's own code (of it, keeping the fight's state), the harness, garbage collection, the rest`);
for (const r of cpu) console.log(`  ${r.ruleset.padEnd(13)} ${String(r.n).padStart(3)} combatants  cpu ${ms(r.step)} ms   system ${ms(own(r))} (state ${ms(r.step * r.split.storage)})   harness ${ms(r.step * r.split.harness)}   gc ${ms(r.step * r.split.gc)}   other ${ms(r.step * r.split.other)}`);
for (const ruleset of RULESETS) {
  const [small, large] = [cpu.find((r) => r.ruleset === ruleset && r.n === SIZES[0])!, cpu.find((r) => r.ruleset === ruleset && r.n === largest)!];
  const harness = (r: (typeof cpu)[number]) => r.step * r.split.harness;
  console.log(`  ${ruleset.padEnd(13)} ${largest}/${SIZES[0]}: cpu ${(large.step / small.step).toFixed(2)}, the system's own ${(own(large) / own(small)).toFixed(2)}, the harness ${(harness(large) / Math.max(harness(small), 1e-3)).toFixed(2)}`);
}

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
