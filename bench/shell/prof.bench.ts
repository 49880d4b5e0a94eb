import { Session } from "node:inspector/promises";
import { writeFileSync } from "node:fs";
import { bench } from "vitest";
import { crowdFight, settle } from "../../test/shell/support";
const ruleset = process.env.RS ?? "steel";
const N = Number(process.env.N ?? 200);
const t = await crowdFight(ruleset, N, { boutsOf: Number(process.env.BOUTS ?? 0) });
await t.combat.startCombat();
await settle();
if (ruleset === "phases") {
  await t.gm.ui.combat.runAction("boutReveal"); await settle();
  await t.combat.nextTurn(); await settle();
}
let k = 0;
const step = process.env.FLAG ? async () => { await t.combat.update({ "flags.bench.mark": ++k }); await settle(); } : async () => { await (ruleset === "pulse" ? t.combat.nextRound() : t.combat.nextTurn()); await settle(); };
for (let i = 0; i < 5; i++) await step();
const session = new Session(); session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 50 });
await session.post("Profiler.start");
const STEPS = Number(process.env.STEPS ?? 40);
for (let i = 0; i < STEPS; i++) await step();
const { profile } = await session.post("Profiler.stop");
writeFileSync(`/tmp/prof-${ruleset}-${N}${process.env.BOUTS ? "-b" + process.env.BOUTS : ""}${process.env.FLAG ? "-flag" : ""}.cpuprofile`, JSON.stringify(profile));
const p = profile as any;
const byId = new Map(p.nodes.map((n: any) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<string, number>(), incl = new Map<string, number>();
let total = 0;
const key = (f: any) => `${f.functionName || "(anon)"} ${String(f.url).replace(/.*\/(bout\/|test\/|node_modules\/)/, "$1")}:${f.lineNumber}`;
for (const id of p.samples) {
  const n: any = byId.get(id); if (!n || n.callFrame.functionName === "(idle)") continue;
  total++;
  const k = key(n.callFrame); self.set(k, (self.get(k) ?? 0) + 1);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) { const kk = key((byId.get(at) as any).callFrame); if (!seen.has(kk)) { seen.add(kk); incl.set(kk, (incl.get(kk) ?? 0) + 1); } }
}
const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, c]) => `${(100 * c / total).toFixed(1).padStart(5)}%  ${n}`).join("\n");
console.log(`${ruleset} N=${N} samples ${total}\nSELF\n${top(self, 40)}\nINCLUSIVE\n${top(incl, 80)}`);
bench("noop", () => {});
