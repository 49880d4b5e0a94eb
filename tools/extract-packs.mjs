#!/usr/bin/env node
// Turn compendium packs edited in Foundry back into readable JSON sources.
//   npm run packs:extract                      (reads dist/bout/packs)
//   npm run packs:extract -- <Data>/systems/bout/packs
// Each pack is copied first, so a world that holds the pack's lock is not disturbed.
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { extractPack } from "@foundryvtt/foundryvtt-cli";

const root = resolve(import.meta.dirname, "..");
const from = resolve(process.argv[2] ?? join(root, "dist/bout/packs"));
const manifest = JSON.parse(readFileSync(join(root, "system.json"), "utf8"));

const slug = (name) =>
  String(name)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "entry";

for (const pack of manifest.packs) {
  const work = mkdtempSync(join(tmpdir(), `bout-extract-${pack.name}-`));
  cpSync(join(from, pack.name), join(work, "db"), { recursive: true });
  const dest = join(root, "packs/_source", pack.name);
  const used = new Set();
  await extractPack(join(work, "db"), dest, {
    clean: true,
    log: false,
    // Timestamps and core versions change on every save: leave them out of the sources.
    transformEntry: (entry) => {
      delete entry._stats;
    },
    transformName: (entry) => {
      let name = slug(entry.name);
      if (used.has(name)) name = `${name}-${entry._id}`;
      used.add(name);
      return `${name}.json`;
    },
  });
  rmSync(work, { recursive: true, force: true });
  console.log(`extracted ${pack.name} → packs/_source/${pack.name}`);
}
