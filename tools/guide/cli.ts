// `npm run guide`: rewrites packs/_source/guide from docs/ (see build.ts).
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { buildGuide } from "./build";

const guide = buildGuide(resolve("."));
writeFileSync(resolve("packs/_source/guide/bout-the-five-rulesets.json"), `${JSON.stringify(guide, null, 2)}\n`);
console.log(`guide: ${guide.pages.length} pages`);
