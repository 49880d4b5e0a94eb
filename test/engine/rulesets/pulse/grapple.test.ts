// Seed 004_2f46e4f6196f6037.txt [16.5] Restrain ("While executing Grapple action"; "Several figures may
// combine their PS+modAG to execute Restrain"): who grapples, and who may help.
import { describe, expect, it } from "vitest";
import { alreadyClosed, grapples, restrainHelpers } from "../../../../src/engine/rulesets/pulse/grapple";

describe("seed 004 [16.5] Restrain: grappling and helpers", () => {
  it("Ada grapples Bran only in close combat and tangled with him", () => {
    expect([grapples(true, true), grapples(true, false), grapples(false, true)]).toEqual([true, false, false]);
  });
  it("Cole, in close combat with Bran, helps; Dara, in close combat with someone else, and Eli, tangled but out of close combat, do not", () => {
    expect(
      restrainHelpers([
        { who: "cole", inCloseCombat: true, tangledWithTarget: true },
        { who: "dara", inCloseCombat: true, tangledWithTarget: false },
        { who: "eli", inCloseCombat: false, tangledWithTarget: true },
      ]),
    ).toEqual(["cole"]);
  });
});

describe("seed 004 [13.6]: Close and Grapple between two already in close combat", () => {
  it("both in close combat: already closed; either not: a Close may be made", () => {
    expect([alreadyClosed(true, true), alreadyClosed(true, false), alreadyClosed(false, true)]).toEqual([true, false, false]);
  });
});
