// `npm run tables`: rewrites packs/_source/tables from the engine's defaults (see build.ts).
// `npm run tables -- --check`: writes nothing and fails if the committed sources differ.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildTables, TABLES_PACK } from "./build";

const root = resolve(".");
const dir = join(root, "packs/_source", TABLES_PACK);
const check = process.argv.includes("--check");
const built = new Map(buildTables(root).map(({ file, doc }) => [file, `${JSON.stringify(doc, null, 2)}\n`]));
const present = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")) : [];
if (check) {
  const stale = [...built].filter(([file, text]) => !existsSync(join(dir, file)) || readFileSync(join(dir, file), "utf8") !== text).map(([f]) => f);
  const extra = present.filter((f) => !built.has(f));
  if (stale.length || extra.length) {
    console.error(`tables: out of date (${[...stale, ...extra].join(", ")}); run npm run tables`);
    process.exit(1);
  }
  console.log(`tables: ${built.size} sources up to date`);
} else {
  mkdirSync(dir, { recursive: true });
  for (const f of present) if (!built.has(f)) rmSync(join(dir, f));
  for (const [file, text] of built) writeFileSync(join(dir, file), text);
  console.log(`tables: ${built.size} sources written`);
}
