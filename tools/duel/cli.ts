/**
 * `npm run duel -- <actor A> <actor B> [--ruleset R] [--n 10000] [--seed S]
 *                 [--policy-a P] [--policy-b P] [--rounds N] [--json]`
 *
 * An actor is a slug or name from packs/_source/npcs, or a path to an actor JSON
 * exported from Foundry. Plays whole duels with the rules engine and prints the
 * win rate with its 95% interval, the mean length and how each side ended up.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { actorViewFromSource, duelAdapter, duelRulesets, simulateDuels, type DuelSummary, type StoredActor } from "../../src/engine/duel";
import { isRulesetId, type RulesetId } from "../../src/engine/rulesets/ruleset";
import { formatProbability } from "../../src/engine/odds-view";

const lang = JSON.parse(readFileSync(resolve("lang/en.json"), "utf8"));
const text = (key: string, data: Record<string, unknown> = {}) => {
  const found = key.split(".").reduce<any>((o, k) => o?.[k], lang);
  return (typeof found === "string" ? found : key).replace(/{(\w+)}/g, (m: string, k: string) => (k in data ? String(data[k]) : m));
};

function fail(message: string): never {
  process.stderr.write(`duel: ${message}\n`);
  process.exit(2);
}

function parse(argv: string[]) {
  const positional: string[] = [];
  const options: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--json") options.json = true;
    else if (arg.startsWith("--")) {
      const [key, inline] = arg.slice(2).split("=", 2);
      const value = inline ?? argv[++i];
      if (value === undefined) fail(`--${key} needs a value`);
      options[key!] = value;
    } else positional.push(arg);
  }
  return { positional, options };
}

function loadActor(ref: string): StoredActor {
  if (existsSync(ref) && ref.endsWith(".json")) return JSON.parse(readFileSync(ref, "utf8"));
  const dir = resolve("packs/_source/npcs");
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")) : [];
  const wanted = ref.toLowerCase();
  for (const file of files) {
    const actor = JSON.parse(readFileSync(join(dir, file), "utf8"));
    if (file === `${wanted}.json` || String(actor.name).toLowerCase() === wanted) return actor;
  }
  fail(`no actor "${ref}": give a slug or name from packs/_source/npcs (${files.map((f) => f.replace(/\.json$/, "")).join(", ")}) or a path to an exported actor JSON`);
}

function number(value: string | boolean | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n)) fail(`--${name} must be a whole number, got ${String(value)}`);
  return n;
}

function bar(done: number, total: number): void {
  if (!process.stderr.isTTY) return;
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(`\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total}${done === total ? "\n" : ""}`);
}

function report(s: DuelSummary): string {
  const pct = (k: number) => formatProbability(k / s.n);
  const lines = [
    `${s.names.a} (${s.policies.a}) vs ${s.names.b} (${s.policies.b}): ${s.ruleset}, ${s.n} duels`,
    `${s.names.a} wins ${formatProbability(s.winRateA)} (95% interval ${formatProbability(s.winRateAInterval.low)} to ${formatProbability(s.winRateAInterval.high)}), ${s.names.b} ${pct(s.wins.b)}, draws ${pct(s.wins.draw)}`,
    `mean length ${s.meanRounds.toFixed(2)} rounds, longest ${s.longest}`,
    "",
  ];
  const width = Math.max(...s.conditionOrder.map((c) => text(c).length), 10);
  const col = Math.max(s.names.a.length, s.names.b.length, 8);
  lines.push(`${"at the end".padEnd(width)}  ${s.names.a.padStart(col)}  ${s.names.b.padStart(col)}`);
  for (const c of s.conditionOrder) lines.push(`${text(c).padEnd(width)}  ${pct(s.conditions.a[c] ?? 0).padStart(col)}  ${pct(s.conditions.b[c] ?? 0).padStart(col)}`);
  return lines.join("\n");
}

function main(): void {
  const { positional, options } = parse(process.argv.slice(2));
  if (positional.length !== 2) fail("usage: npm run duel -- <actor A> <actor B> [--ruleset R] [--n 10000] [--seed S] [--policy-a P] [--policy-b P] [--rounds N] [--json]");
  const ruleset = String(options.ruleset ?? "steel");
  if (!isRulesetId(ruleset)) fail(`unknown ruleset "${ruleset}"`);
  const adapter = duelAdapter(ruleset as RulesetId);
  if (!adapter) fail(`the ${ruleset} ruleset cannot be simulated yet (available: ${duelRulesets().join(", ") || "none"})`);
  const [refA, refB] = positional as [string, string];
  const actorA = loadActor(refA);
  const actorB = loadActor(refB);
  const n = number(options.n, 10_000, "n");
  const result = simulateDuels(
    {
      ruleset: ruleset as RulesetId,
      a: { name: String(actorA.name ?? refA), actor: actorViewFromSource(actorA, ruleset as RulesetId), policy: options["policy-a"] as string | undefined },
      b: { name: String(actorB.name ?? refB), actor: actorViewFromSource(actorB, ruleset as RulesetId), policy: options["policy-b"] as string | undefined },
      n,
      seed: number(options.seed, 1, "seed"),
      maxRounds: number(options.rounds, 200, "rounds"),
    },
    { onProgress: bar, progressEvery: Math.max(1, Math.floor(n / 100)) },
  );
  if (!result.ok) fail(text(result.refusal.message, result.refusal.data ?? {}));
  process.stdout.write(`${options.json ? JSON.stringify(result.value, null, 2) : report(result.value)}\n`);
}

main();
