// `node tools/guide/pictures.mjs`: the guide's first-fight pictures from the browser tests'
// screenshots (run `npx vitest run --project browser test/browser/cards.browser.test.ts`
// first). Each ruleset's applied attack card, light theme, is cut below the card (the
// chat sidebar's empty rest) and written as WebP to docs/guide/pictures/first-fight-<id>.webp,
// which the build ships as guide/pictures/ and the guide's pages show.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

const RULESETS = ["steel", "phases", "actionpoints", "opposed", "pulse"];
const SHOTS = "test-results/screenshots";
const OUT = "docs/guide/pictures";

const sources = RULESETS.map((id) => ({ id, file: join(SHOTS, `card-${id}-attack-applied-light.png`) }));
const missing = sources.filter((s) => !existsSync(s.file)).map((s) => s.file);
if (missing.length) {
  console.error(`no screenshot yet: ${missing.join(", ")} (run the cards browser test first)`);
  process.exit(1);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  const page = await browser.newPage();
  for (const { id, file } of sources) {
    const png = `data:image/png;base64,${readFileSync(file).toString("base64")}`;
    const webp = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.width;
      canvas.height = img.height;
      const g = canvas.getContext("2d");
      g.drawImage(img, 0, 0);
      const px = g.getImageData(0, 0, canvas.width, canvas.height).data;
      const at = (x, y) => [0, 1, 2].map((k) => px[(y * canvas.width + x) * 4 + k]);
      const differs = (a, b) => a.some((v, k) => Math.abs(v - b[k]) > 24);
      // The sidebar's background just above the frame's bottom edge; the card ends at the last row with anything else on it.
      const bottom = canvas.height - 12;
      const background = at(Math.floor(canvas.width / 2), bottom);
      let last = bottom;
      for (; last > 0; last--) {
        let busy = false;
        for (let x = 8; x < canvas.width - 8 && !busy; x++) busy = differs(at(x, last), background);
        if (busy) break;
      }
      const cut = document.createElement("canvas");
      cut.width = canvas.width;
      cut.height = Math.min(canvas.height, last + 12);
      cut.getContext("2d").drawImage(canvas, 0, 0);
      return cut.toDataURL("image/webp", 0.9);
    }, png);
    const out = join(OUT, `first-fight-${id}.webp`);
    writeFileSync(out, Buffer.from(webp.split(",")[1], "base64"));
    console.log(out);
  }
} finally {
  await browser.close();
}
