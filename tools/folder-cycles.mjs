#!/usr/bin/env node
// The layout check (DESIGN.md): folders of src/ import downwards only. Lists the
// import edges between folders and any cycle among them, with one import that
// makes each edge, so a release checkout needs nothing beside the repository.
//
// A folder is src/<a>/<b> at most (src/table/steel and src/table are two nodes, so
// a ruleset's folder may not lean on another's); a file directly in src/ is a node
// of its own. Edges come from static `import … from`, `export … from`, bare
// `import "…"` and dynamic `import("…")` with a relative path; a type-only import
// or re-export is erased by the compiler and makes no edge.
//
// usage: node tools/folder-cycles.mjs [srcDir]     (exit 1 when a cycle exists)
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /\.(ts|mts|js|mjs)$/;

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/** The graph node a file belongs to. */
export function nodeOf(srcDir, file) {
  const parts = relative(srcDir, file).split(sep);
  return parts.length === 1 ? parts[0] : parts.slice(0, Math.min(2, parts.length - 1)).join("/");
}

// Comments out, strings kept: a commented-out import makes no edge.
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/(^|[^:"'`\\])\/\/[^\n]*/g, "$1");
}

// A statement whose every named binding is `type X` is erased as well.
function typeOnly(clause) {
  if (/^\s*type\s/.test(clause)) return true;
  const named = clause.match(/^\s*\{([^}]*)\}\s*$/);
  if (!named) return false;
  const names = named[1].split(",").map((s) => s.trim()).filter(Boolean);
  return names.length > 0 && names.every((s) => /^type\s/.test(s));
}

/** The module specifiers a file imports at run time, in order. */
export function importsOf(text) {
  const code = withoutComments(text);
  const specs = [];
  // import X from "…", import { … } from "…", export { … } from "…", export * from "…"
  for (const m of code.matchAll(/\b(import|export)\s+([^;"'`]*?)\s*\bfrom\s*["']([^"']+)["']/g)) {
    if (!typeOnly(m[2])) specs.push(m[3]);
  }
  // import "…" (side effects only)
  for (const m of code.matchAll(/(?:^|[;\s])import\s*["']([^"']+)["']/g)) specs.push(m[1]);
  // import("…")
  for (const m of code.matchAll(/\bimport\s*\(\s*["'`]([^"'`$]+)["'`]\s*\)/g)) specs.push(m[1]);
  return specs;
}

function resolveSpec(from, spec) {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.mts`, `${base}.js`, `${base}.mjs`, join(base, "index.ts"), join(base, "index.js")];
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.(m?)js$/, ".$1ts"));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** Edges between nodes: Map(from -> Map(to -> "file -> file" that makes it)). */
export function folderEdges(srcDir) {
  const src = resolve(srcDir);
  const edges = new Map();
  for (const file of sourceFiles(src)) {
    for (const spec of importsOf(readFileSync(file, "utf8"))) {
      const target = resolveSpec(file, spec);
      if (!target || !target.startsWith(src + sep)) continue;
      const a = nodeOf(src, file);
      const b = nodeOf(src, target);
      if (a === b) continue;
      if (!edges.has(a)) edges.set(a, new Map());
      const out = edges.get(a);
      if (!out.has(b)) out.set(b, `${relative(src, file)} -> ${relative(src, target)}`);
    }
  }
  return edges;
}

/** The strongly connected sets of more than one node, each sorted (a cycle lies within each). */
export function cycles(edges) {
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])]);
  // Kosaraju: finish order on the graph, then components on the reversed graph.
  const seen = new Set();
  const order = [];
  const visit = (v) => {
    const stack = [[v, [...(edges.get(v)?.keys() ?? [])]]];
    seen.add(v);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const next = top[1].shift();
      if (next === undefined) { order.push(top[0]); stack.pop(); }
      else if (!seen.has(next)) { seen.add(next); stack.push([next, [...(edges.get(next)?.keys() ?? [])]]); }
    }
  };
  for (const v of [...nodes].sort()) if (!seen.has(v)) visit(v);
  const reversed = new Map();
  for (const [a, out] of edges) for (const b of out.keys()) {
    if (!reversed.has(b)) reversed.set(b, []);
    reversed.get(b).push(a);
  }
  const placed = new Set();
  const found = [];
  for (const v of order.reverse()) {
    if (placed.has(v)) continue;
    const comp = [];
    const todo = [v];
    placed.add(v);
    while (todo.length) {
      const w = todo.pop();
      comp.push(w);
      for (const u of reversed.get(w) ?? []) if (!placed.has(u)) { placed.add(u); todo.push(u); }
    }
    if (comp.length > 1) found.push(comp.sort());
  }
  return found;
}

/** The report: a line per cycle with the edges inside it, or that there is none. */
export function report(srcDir) {
  const edges = folderEdges(srcDir);
  const found = cycles(edges);
  if (!found.length) return { ok: true, text: "no import cycles between folders of src/" };
  const lines = [];
  for (const comp of found) {
    lines.push(`cycle among: ${comp.join(", ")}`);
    for (const a of comp) for (const [b, why] of edges.get(a) ?? []) if (comp.includes(b)) lines.push(`  ${a} -> ${b}   (${why})`);
  }
  return { ok: false, text: lines.join("\n") };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const srcDir = args.find((a) => !a.startsWith("--")) ?? "src";
  if (args.includes("--edges")) {
    for (const [a, out] of [...folderEdges(srcDir)].sort()) for (const [b, why] of [...out].sort()) console.log(`${a} -> ${b}   (${why})`);
  }
  const { ok, text } = report(srcDir);
  console.log(text);
  process.exit(ok ? 0 : 1);
}
