import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DIST_ROOT, REPO_ROOT } from "../harness/world";

/** The built system folder; the build tests read what `npm run build` produced. */
export function dist(path = ""): string {
  if (!existsSync(join(DIST_ROOT, "system.json"))) throw new Error("dist/bout is missing: run `npm run build` before these tests (npm test does)");
  return join(DIST_ROOT, path);
}

export function readJson<T = Record<string, any>>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

export const repo = (path = "") => join(REPO_ROOT, path);
