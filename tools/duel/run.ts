/**
 * The duel simulator's command line: `npm run duel -- <actor A> <actor B> [--ruleset R] [--n 10000] [--seed S]
 *                 [--policy-a P] [--policy-b P] [--rounds N] [--json]`
 *
 * An actor is a slug or name from packs/_source/npcs or packs/_source/party, or a
 * path to an actor JSON exported from Foundry. Plays whole duels with the rules
 * engine and prints the win rate with its 95% interval, the mean length, the
 * weapon each side fought with, how each side ended up and why the duels ended.
 * Unknown options, bad numbers, an unknown ruleset or policy and a file that is
 * not an actor are refused (exit code 2) with what would have been accepted.
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

/** A refusal: the command line prints it and exits with code 2. */
export class DuelCliError extends Error {}

function fail(message: string): never {
  throw new DuelCliError(message);
}

const USAGE = "usage: npm run duel -- <actor A> <actor B> [--ruleset R] [--n 10000] [--seed S] [--policy-a P] [--policy-b P] [--rounds N] [--json]";
const VALUED = ["ruleset", "n", "seed", "policy-a", "policy-b", "rounds"] as const;
const FLAGS = ["json"] as const;

function parse(argv: string[]) {
  const positional: string[] = [];
  const options: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const [key = "", inline] = arg.slice(2).split(/=(.*)/s, 2);
    if ((FLAGS as readonly string[]).includes(key)) {
      if (inline !== undefined) fail(`--${key} takes no value`);
      options[key] = true;
    } else if ((VALUED as readonly string[]).includes(key)) {
      if (key in options) fail(`--${key} given twice`);
      const value = inline ?? argv[++i];
      if (value === undefined || (inline === undefined && value.startsWith("--"))) fail(`--${key} needs a value`);
      options[key] = value;
    } else fail(`unknown option ${arg} (options: ${[...VALUED, ...FLAGS].map((o) => `--${o}`).join(", ")})\n${USAGE}`);
  }
  return { positional, options };
}

const PACKS = ["packs/_source/npcs", "packs/_source/party"];

/** Why a parsed JSON document is not a Foundry actor this simulator can read, or null when it is one. */
function notAnActor(doc: unknown): string | null {
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) return "it holds no JSON object";
  const d = doc as Record<string, unknown>;
  if (d.type !== "character" && d.type !== "npc") return `its type is ${JSON.stringify(d.type ?? null)}, not "character" or "npc"`;
  if (!d.system || typeof d.system !== "object") return "it has no system data";
  if (d.items !== undefined && !Array.isArray(d.items)) return "its items are not a list";
  return null;
}

function loadActor(ref: string): StoredActor {
  if (ref.endsWith(".json") || existsSync(ref)) {
    if (!existsSync(ref)) fail(`no file ${ref}`);
    let doc: unknown;
    try {
      doc = JSON.parse(readFileSync(ref, "utf8"));
    } catch {
      fail(`${ref} is not an actor: it is not JSON`);
    }
    const why = notAnActor(doc);
    if (why) fail(`${ref} is not an actor: ${why}. Export an actor from Foundry (right-click, Export Data) or give a shipped fighter's name`);
    return doc as StoredActor;
  }
  const wanted = ref.toLowerCase();
  const known: string[] = [];
  for (const pack of PACKS) {
    const dir = resolve(pack);
    for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")).sort() : []) {
      const actor = JSON.parse(readFileSync(join(dir, file), "utf8"));
      known.push(file.replace(/\.json$/, ""));
      if (file === `${wanted}.json` || String(actor.name).toLowerCase() === wanted) return actor;
    }
  }
  fail(`no actor "${ref}": give a shipped fighter (${known.join(", ")}) or a path to an exported actor JSON`);
}

function number(value: string | boolean | undefined, fallback: number, name: string, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (typeof value !== "string" || value.trim() === "" || !Number.isInteger(n)) fail(`--${name} must be a whole number, got ${String(value)}`);
  if (n < min) fail(`--${name} must be at least ${min}, got ${n}`);
  return n;
}


function report(s: DuelSummary): string {
  const pct = (k: number) => formatProbability(k / s.n);
  const lines = [
    `${s.names.a} (${s.policies.a}) vs ${s.names.b} (${s.policies.b}): ${s.ruleset}, ${s.n} duels`,
    `${s.names.a} wins ${formatProbability(s.winRateA)} (95% interval ${formatProbability(s.winRateAInterval.low)} to ${formatProbability(s.winRateAInterval.high)}), ${s.names.b} ${pct(s.wins.b)}, draws ${pct(s.wins.draw)}`,
    `mean length ${s.meanRounds.toFixed(2)} ${s.ruleset === "pulse" ? "pulses" : "rounds"}, longest ${s.longest}`,
    `${s.names.a} fights with ${s.weapons.a || text("BOUT.Duel.BareHands")}; ${s.names.b} with ${s.weapons.b || text("BOUT.Duel.BareHands")}`,
    "",
  ];
  const width = Math.max(...s.conditionOrder.map((c) => text(c).length), 10);
  const col = Math.max(s.names.a.length, s.names.b.length, 8);
  lines.push(`${"at the end".padEnd(width)}  ${s.names.a.padStart(col)}  ${s.names.b.padStart(col)}`);
  for (const c of s.conditionOrder) lines.push(`${text(c).padEnd(width)}  ${pct(s.conditions.a[c] ?? 0).padStart(col)}  ${pct(s.conditions.b[c] ?? 0).padStart(col)}`);
  lines.push("", `${text("BOUT.Duel.HowEnded")}:`);
  for (const result of ["a", "b", "draw"] as const)
    for (const [key, k] of Object.entries(s.endings[result]))
      if (k > 0) lines.push(`  ${result === "draw" ? text("BOUT.Duel.EndedDraw", { ending: text(key) }) : text("BOUT.Duel.EndedWin", { name: s.names[result], ending: text(key) })}: ${pct(k)}`);
  return lines.join("\n");
}

/**
 * Runs the command line on its arguments and returns what it prints; a refusal
 * throws DuelCliError. Split from the entry (./cli.ts) so tests can run it.
 */
export function runDuelCli(argv: readonly string[], onProgress?: (done: number, total: number) => void): string {
  const { positional, options } = parse([...argv]);
  if (positional.length !== 2) fail(USAGE);
  const ruleset = String(options.ruleset ?? "steel");
  if (!isRulesetId(ruleset)) fail(`unknown ruleset "${ruleset}" (rulesets: ${duelRulesets().join(", ")})`);
  const adapter = duelAdapter(ruleset as RulesetId);
  if (!adapter) fail(`the ${ruleset} ruleset cannot be simulated yet (available: ${duelRulesets().join(", ") || "none"})`);
  for (const side of ["policy-a", "policy-b"] as const) {
    const policy = options[side];
    if (policy !== undefined && !Object.hasOwn(adapter.policies, String(policy)))
      fail(`unknown policy "${String(policy)}" for ${ruleset} (policies: ${Object.keys(adapter.policies).join(", ")}; default ${adapter.defaultPolicy})`);
  }
  const n = number(options.n, 10_000, "n", 1);
  const seed = number(options.seed, 1, "seed", Number.MIN_SAFE_INTEGER);
  const maxRounds = number(options.rounds, 200, "rounds", 1);
  const [refA, refB] = positional as [string, string];
  const actorA = loadActor(refA);
  const actorB = loadActor(refB);
  const result = simulateDuels(
    {
      ruleset: ruleset as RulesetId,
      a: { name: String(actorA.name ?? refA), actor: actorViewFromSource(actorA, ruleset as RulesetId), policy: options["policy-a"] as string | undefined },
      b: { name: String(actorB.name ?? refB), actor: actorViewFromSource(actorB, ruleset as RulesetId), policy: options["policy-b"] as string | undefined },
      n,
      seed,
      maxRounds,
    },
    { onProgress, progressEvery: Math.max(1, Math.floor(n / 100)) },
  );
  if (!result.ok) fail(text(result.refusal.message, result.refusal.data ?? {}));
  return `${options.json ? JSON.stringify(result.value, null, 2) : report(result.value)}\n`;
}
