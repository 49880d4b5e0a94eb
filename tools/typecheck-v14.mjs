#!/usr/bin/env node
// Type-check src/ against the Foundry v14 declarations of fvtt-types, which are not
// on npm: only the repository's main branch carries them. Usage:
//   npm run typecheck:v14 -- <path to a foundry-vtt-types checkout>
// (or set FVTT_TYPES_V14). The checkout needs no `npm install` of its own: the
// declarations mostly import the packages fvtt-types 13 already brought into our
// node_modules; the few v14 added (animejs 4, ...) are installed from the npm
// registry into .typecheck-v14/ (gitignored) on the first run. Its GitHub-only
// dependencies (pixi.js forks) are stood in for by the npm pixi.js our overrides pin.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, lstatSync, readlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const given = process.argv[2] ?? process.env.FVTT_TYPES_V14;
if (!given) {
  console.error("usage: npm run typecheck:v14 -- <path to a foundry-vtt-types checkout (main branch, v14)>");
  process.exit(2);
}
const checkout = resolve(process.cwd(), given);
const manifestPath = join(checkout, "package.json");
if (!existsSync(manifestPath)) {
  console.error(`${checkout} has no package.json: not a foundry-vtt-types checkout`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
if (!/foundry-vtt-types$/.test(manifest.name ?? "") || !String(manifest.version).startsWith("14.")) {
  console.error(`${checkout} holds ${manifest.name}@${manifest.version}; expected foundry-vtt-types 14.x`);
  process.exit(2);
}

const work = join(root, ".typecheck-v14");
const modules = join(work, "node_modules");
mkdirSync(work, { recursive: true });

// Dependencies of the v14 declarations that our node_modules cannot supply.
const fromRoot = createRequire(join(root, "package.json"));
const resolvable = (name, base) => {
  try {
    createRequire(join(base, "package.json")).resolve(`${name}/package.json`);
    return true;
  } catch {
    // Some packages do not export package.json; a directory is enough for tsc.
    return existsSync(join(base, "node_modules", name));
  }
};
const wanted = Object.entries(manifest.dependencies ?? {}).filter(
  ([name, spec]) => !String(spec).startsWith("github:") && !resolvable(name, root) && !resolvable(name, work),
);
if (wanted.length > 0) {
  // Our own tiny package.json so npm installs only these, from the registry.
  const pkg = join(work, "package.json");
  if (!existsSync(pkg)) writeFileSync(pkg, JSON.stringify({ name: "bout-typecheck-v14", private: true }, null, 2) + "\n");
  const specs = wanted.map(([name, spec]) => `${name}@${spec}`);
  console.log(`installing from the npm registry into .typecheck-v14/: ${specs.join(" ")}`);
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock", "--prefix", work, ...specs], {
    stdio: "inherit",
  });
}

// node_modules/fvtt-types -> the checkout, so the declarations resolve their imports
// from here upwards (preserveSymlinks) instead of from the checkout's own folder.
const link = join(modules, "fvtt-types");
mkdirSync(modules, { recursive: true });
if (existsSync(link) || isLink(link)) {
  if (!isLink(link) || resolve(modules, readlinkSync(link)) !== checkout) rmSync(link, { recursive: true, force: true });
}
if (!existsSync(link)) symlinkSync(checkout, link, "dir");

const types = "./node_modules/fvtt-types";
const tsconfig = {
  extends: "../tsconfig.json",
  compilerOptions: {
    preserveSymlinks: true,
    paths: {
      "fvtt-types": [`${types}/src/index.d.mts`],
      "fvtt-types/configuration": [`${types}/src/configuration/index.d.mts`],
      "fvtt-types/utils": [`${types}/src/utils/index.d.mts`],
      "fvtt-types/lenient": [`${types}/src/index-lenient.d.mts`],
    },
    types: ["fvtt-types", "node", "vitest/globals"],
    noEmit: true,
  },
  include: ["../src/**/*.ts"],
};
writeFileSync(join(work, "tsconfig.json"), JSON.stringify(tsconfig, null, 2) + "\n");

console.log(`type-checking src/ against ${manifest.name}@${manifest.version} (${relative(root, checkout) || "."})`);
// The compiler's command, from its package.json's "bin" (TypeScript 7 exports no "./bin/tsc" subpath).
const tsPackage = fromRoot.resolve("typescript/package.json");
const tsc = join(dirname(tsPackage), JSON.parse(readFileSync(tsPackage, "utf8")).bin.tsc);
try {
  execFileSync(process.execPath, [tsc, "--noEmit", "--singleThreaded", "-p", join(work, "tsconfig.json")], { stdio: "inherit", cwd: root });
} catch (error) {
  process.exit(typeof error.status === "number" ? error.status : 1);
}
console.log("v14 typecheck passed");

function isLink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
