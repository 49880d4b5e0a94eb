// Speed of the `pulse` ruleset (seed 004): one whole attack resolved with seeded dice, the exact odds a dialog
// shows before the roll, a pulse of the tracker, and whole duels beside a tight loop of the same arithmetic
// (issue 35). Run with `npx vitest bench --run bench/pulse.bench.ts` after `npx vite build --config vite.bench.config.ts`.
import { readFileSync } from "node:fs";
import { bench, describe } from "vitest";
import { engine } from "./built";
import { cpuMs, median } from "./cpu-time";
import type { AttackInput } from "../src/engine/rulesets/pulse";
import type { PulsesState } from "../src/engine/time/pulses";

const { SeededDice } = engine.dice;
const { attackOdds, damageOdds, resolveAttack, strikeOdds, strikeTerms } = engine.pulse;
const { pulsesMachine, startPulses } = engine.pulses;

let sink = 0;

const input: AttackInput = {
  attack: "normal",
  baseChance: 55,
  modMD: 15,
  ranked: true,
  rank: 3,
  defense: 20,
  charging: false,
  withdrawingOffensively: false,
  modifiers: [],
  context: { weapon: { use: "melee", canTrip: false, canKnockout: true, closeRated: false }, targetHumanOrSmaller: true, unarmedRank: 0, shieldCanRush: false, inMelee: true, grappling: false },
  attacker: { modMD: 15, weaponRank: 3 },
  defender: { endurance: 16, enduranceNow: 16, fatigueNow: 20, monster: false, modAG: 14, modMD: 13, evading: true, parryRank: 2, protection: 4 },
  dieModifier: 4,
  damageModifiers: [],
};
const dice = new SeededDice("pulse-bench");
const terms = strikeTerms(input);
const damage = { dieModifier: 4, modifiers: [], protection: 4, halved: false, target: input.defender };

describe("pulse resolution", () => {
  bench("resolveAttack (strike, parry, damage, checks)", () => {
    const out = resolveAttack(input, dice);
    if (out.ok) sink += out.value.result.strike.roll;
  });
});

describe("pulse odds", () => {
  bench("strikeOdds (100 faces)", () => {
    sink += strikeOdds(terms, true).hit;
  });
  bench("damageOdds (10 faces)", () => {
    sink += damageOdds({ ...damage, ignoreArmour: false, toEndurance: false }).stun;
  });
  bench("attackOdds (100 strike x 10 damage faces, folded)", () => {
    sink += attackOdds(terms, damage).down;
  });
});

describe("pulses tracker", () => {
  const combatants = Array.from({ length: 20 }, (_, i) => ({ id: `c${i}`, side: i % 2 ? "a" : "b", pc: 10 + (i % 7), militaryScientist: i < 2 ? 2 : 0, modAG: 10 + (i % 9), rank: i % 5, leader: i < 2 }));
  bench("one pulse, 20 figures in 5 engagements and two sides", () => {
    const started = startPulses({ combatants, engagements: [["c0", "c1"], ["c2", "c3"], ["c4", "c5", "c6"], ["c8", "c9"], ["c10", "c11"]] });
    if (!started.ok) throw new Error("refused");
    let s: PulsesState = started.value.state;
    const step = (c: Parameters<typeof pulsesMachine.apply>[1]) => {
      const out = pulsesMachine.apply(s, c);
      if (out.ok) s = out.value.state;
    };
    step({ type: "rollSideInitiative", rolls: { a: 7, b: 3 } });
    for (let guard = 0; guard < 100 && s.pulse === 1; guard++) {
      if (s.step.kind === "engagement") {
        const e = s.engagements[s.step.index]!;
        if (!e.chosen) step({ type: "chooseOrder", engagementId: e.id, combatantId: e.order[0]!, choice: "first" });
        else step({ type: "nextStep" });
      } else if (s.step.kind === "sideChoice") step({ type: "chooseSideOrder", side: s.initiative!.winner!, first: s.initiative!.winner! });
      else step({ type: "nextStep" });
    }
    sink += pulsesMachine.view(s).rows.length;
  });
});

// Issue 35: pulse duels within 5x of a tight loop of the same arithmetic. Both bundled, the same
// fighters, seed and count; test/engine/duel/pulse-tight.test.ts proves they play the same duels.
// bench/medians.mjs prints each benchmark of this group over the one marked "[tight loop]".
describe("pulse duels against a tight loop", () => {
  const { actorViewFromSource, pulseDuel, PULSE_POLICIES, simulateDuels } = engine.duel;
  const { tightFighter, tightPulseDuels } = engine.pulseTight;
  const npc = (slug: string) => actorViewFromSource(JSON.parse(readFileSync(`packs/_source/npcs/${slug}.json`, "utf8")), "pulse");
  const [a, b] = [npc("duellist"), npc("town-guard")];
  const policy = PULSE_POLICIES[pulseDuel.defaultPolicy]!;
  const ta = tightFighter(pulseDuel.fighter(a, "A"), policy);
  const tb = tightFighter(pulseDuel.fighter(b, "B"), policy);
  const summary = new Float64Array(13);
  const engineDuels = () => {
    const out = simulateDuels({ ruleset: "pulse", a: { name: "A", actor: a }, b: { name: "B", actor: b }, n: 10_000, seed: 1 });
    if (out.ok) sink += out.value.wins.a;
  };
  const tightDuels = () => {
    tightPulseDuels(ta, tb, new SeededDice(1), 10_000, 200, summary);
    sink += summary[0]!;
  };
  pairedRatio(engineDuels, tightDuels);
  bench("10,000 pulse duels, duellist vs town guard, the engine (simulateDuels)", engineDuels, { iterations: 20, time: 2000 });
  bench("10,000 pulse duels, duellist vs town guard [tight loop]", tightDuels, { iterations: 20, time: 2000 });
});

/**
 * The same two runs side by side in pairs: each pair runs both back to back (which goes first alternating), timed
 * by the process's CPU, and the figure is the median of the pairs' ratios. The two benchmarks above are timed one
 * after the other, seconds apart, and the machine's speed moves between them: their medians' ratio was 2.2 in one
 * run of `npm run bench` and 5.4 in another of the same code, while three runs of this file alone gave 2.9-3.0.
 * A pair shares its moment, so the paired ratio is the one issue 35's goal (at most 5) is read on.
 */
function pairedRatio(engineRun: () => void, tightRun: () => void, pairs = 31, warm = 3): void {
  const timed = (run: () => void) => {
    const from = cpuMs();
    run();
    return cpuMs() - from;
  };
  const ratios: number[] = [];
  const engineMs: number[] = [];
  const tightMs: number[] = [];
  for (let i = 0; i < warm + pairs; i++) {
    let e: number;
    let t: number;
    if (i % 2) {
      e = timed(engineRun);
      t = timed(tightRun);
    } else {
      t = timed(tightRun);
      e = timed(engineRun);
    }
    if (i < warm) continue;
    engineMs.push(e);
    tightMs.push(t);
    ratios.push(e / Math.max(t, 1e-3));
  }
  console.log(
    `\nPulse duels against a tight loop, side by side in ${pairs} pairs (CPU time): the median pair's ratio ${median(ratios).toFixed(1)}× ` +
      `(goal: at most 5; the engine ${median(engineMs).toFixed(1)} ms, the tight loop ${median(tightMs).toFixed(1)} ms, medians)`,
  );
}

// Keeps `sink` observable so no call is optimized away.
export const benchSink = () => sink;
