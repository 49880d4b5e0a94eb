// The size budget (issue 35, "The bundle"): every Foundry client downloads and parses
// bout.mjs when the world loads, and a group installs the zip. The budgets sit just above
// the sizes of the day they were set, so that growth is a decision: a change that needs
// more raises the figure here, in the same commit, and says why (docs/dev/bundle.md, "What the
// bundle holds", lists what is in it).
import { readFileSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { dist } from "./dist";

/**
 * Bytes. Set on 2026-11-28 at 618,365 raw, 174,745 gzip (zlib's default level) and 413,801 for the zip.
 * Raised: the zip to 432,000 the same day (429,762): every pack document now carries the `_stats`
 * Foundry writes (issue 29), about 16 KB before compression.
 * Raised on 2026-11-28 (second session) to 680,000 raw, 193,000 gzip and 465,000 zip (666,522,
 * 188,858 and 454,861): the fight now follows the world (roster, statuses as the truth,
 * incapacitation and knockdown per ruleset), measures distances and keeps a movement record,
 * names its refusals, checks every write and tells the GM what did not land, routes a second
 * GM's doors through the active GM, and imports roll tables in one step; the language file
 * and the guide pages grew with them.
 * Raised the same day to 700,000 raw and 198,000 gzip (682,683 and 193,074): every dice row on a card is named by fighter and
 * purpose, and headlines carry what the table must act on (issue 34).
 * Raised the same day: the zip to 520,000 (514,386): the guide shows one picture per ruleset's first fight,
 * five WebP files of about 12 KB each that do not compress further (issue 34).
 * Raised the same day: the zip to 535,000 (521,418): the last opposed, phases and pulse rules
 * (issue 32) and measured steel range bands, with their words and guide pages.
 * Raised the same day to 716,000 raw and 205,000 gzip (710,206 and 202,270): issue 35's fight state, kept, stored and
 * undone by the parts a step changes (compact entries by generation, chunked long lists, undo patches and
 * fingerprints from the changed parts, reading a Combat saved before it), about 12 KB raw, 4.5 KB gzipped.
 * Raised the same day to 726,000 raw and 208,000 gzip (715,903 and 203,858 with the above): the active GM decides and counts what a
 * player's client may forge (a figure's turning and an undo, poison's time, mounting), a steel defender
 * out of action, a pulse knockout's end, and phases' paces table with its form (issues 30 and 31).

 * Raised the same day for NPCs that fight by style (issue 33: the styles' table runners for five
 * rulesets, the GM's round form, the row menu, and their words in the language file and the guide,
 * about 31 KB raw), with the above and the measured opposed range step: to 760,000 raw, 218,000 gzip
 * and 555,000 zip (747,651, 213,450 and 545,940).
 * Raised the same day to 764,000 raw and 219,000 gzip (761,015 and 217,697; 759,972 and 217,420 before): the
 * #32 audit's leftovers moved into the engine (a walk judged in one order, the trampling's strike, a rider's two
 * weapons, a Surprised defender named by the engine's refusal), about 1 KB raw; with the other leftovers (the
 * settings read through the engine's readers, a blow card's posted reach, one pick of a weapon's skill, the
 * tracker's declaration by name): 761,830 and 218,344.
 * Raised the same day to 768,000 raw and 221,000 gzip (766,314 and 220,046): issue 35's views that keep their order
 * and unchanged rows from state to state in every time machine (bouts, turns, pulses, action phases, phases), and a
 * steel pool worked out without its steps for a bout's refresh, about 4.5 KB raw and 1.7 KB gzipped.
 * With issue 35's flat shared step beside them (what a step reads of every fighter kept until a hook says the world
 * changed: src/table/world-changes.ts, the combatants' infos read when asked, each view's order kept; about 2.2 KB
 * raw and 0.6 KB gzipped alone): 768,656 and 220,851.
 * Raised the same day (fifth session) to 773,000 raw and 223,000 gzip (771,100 and 221,783): issue 35's lists that share
 * their fighters' ids from state to state (by-id.ts), pulse's figures read once per list and grouped by side, the
 * views' rows and the acting order taken over while unchanged, about 2.3 KB raw and 0.9 KB gzipped.
 * Raised on 2026-11-29 to 775,000 raw, 224,000 gzip and 557,000 zip (773,097, 222,608 and 555,169; 771,161,
 * 221,802 and 554,333 before): issue 35's views that carry their acting order and turn holder and make their rows
 * only when the tracker draws them, and steel's round figures and bleeders kept until the world changes, about
 * 1.9 KB raw and 0.8 KB gzipped.
 */
const BUDGET = { raw: 775_000, gzip: 224_000, zip: 557_000 } as const;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

describe("size budget", () => {
  const bundle = readFileSync(dist("bout.mjs"));

  it(`bout.mjs: at most ${kb(BUDGET.raw)} as shipped and ${kb(BUDGET.gzip)} gzipped`, () => {
    const gzip = gzipSync(bundle).length;
    expect(bundle.length, `bout.mjs is ${kb(bundle.length)}: over its budget (raise BUDGET.raw if the growth is worth it)`).toBeLessThanOrEqual(BUDGET.raw);
    expect(gzip, `bout.mjs gzipped is ${kb(gzip)}: over its budget (raise BUDGET.gzip if the growth is worth it)`).toBeLessThanOrEqual(BUDGET.gzip);
  });

  it(`bout.zip: at most ${kb(BUDGET.zip)}`, () => {
    const zip = statSync(dist("../bout.zip")).size;
    expect(zip, `bout.zip is ${kb(zip)}: over its budget (raise BUDGET.zip if the growth is worth it)`).toBeLessThanOrEqual(BUDGET.zip);
  });
});
