// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt): what a phases attack form
// may say. "2. First Missiles", the Missile Fire Table ("Target in Touch or
// Reach Range: No firing possible"; the first footnote: a target that "has
// spotted you and defensively engaged you" in the Movement phase; the second:
// aiming after "a whole missile phase"), the Optional Called Shots Rule (a Size
// modifier "cumulative with other modifiers"; extra damage only "by striking an
// exposed area"); the Initiative Modifiers Table's first footnote (a routing
// character "may not defend against any incoming attacks"); the "Engagement
// Example" (the first strike bonus is the difference of the totals).
import { describe, expect, it } from "vitest";
import { blowDefences, blowFigures, shotSituation, SHOOTABLE_RANGES, type ShotFacts } from "../../../../src/engine/rulesets/phases";

const SEED = "seed 001_e84cf39f805b9fd9.txt";

/** Nothing measured, nothing declared, a target of Size 0 with no shield, called shots off. */
const facts = (over: Partial<ShotFacts> = {}): ShotFacts => ({
  measured: null,
  declaredDefence: null,
  declaredMotion: null,
  aimAllowed: null,
  targetRouting: false,
  targetShield: false,
  targetSize: 0,
  calledShots: false,
  ...over,
});
const code = (r: ReturnType<typeof shotSituation>) => (r.ok ? "ok" : r.refusal.code);

describe(`${SEED}, Missile Fire Table: the range of a shot`, () => {
  it("a target measured at Reach cannot be shot at, whatever the GM's ruling says", () => {
    expect(shotSituation({ range: "far" }, facts({ measured: "reach" }))).toEqual({ ok: false, refusal: { code: "noFiring", range: "reach" } });
  });
  it("the measured Near wins over the GM's ruling of Far", () => {
    const r = shotSituation({ range: "far" }, facts({ measured: "near" }));
    expect(r.ok && r.shot.range).toBe("near");
  });
  it("with nothing measured and no ruling, the table's plain row, Middle; a ruling of Touch is refused", () => {
    const r = shotSituation({}, facts());
    expect(r.ok && r.shot.range).toBe("middle");
    expect(code(shotSituation({ range: "touch" }, facts()))).toBe("badRange");
    expect(code(shotSituation({ range: "beyond" }, facts()))).toBe("badRange");
  });
  it("the dialog offers Close, Near, Middle and Far", () => {
    expect(SHOOTABLE_RANGES).toEqual(["close", "near", "middle", "far"]);
  });
});

describe(`${SEED}, Missile Fire Table, first footnote: whose word counts for the target`, () => {
  it("Bran declared a hustle and a dodge against Ada: her form's 'still, no defence' does not count", () => {
    const r = shotSituation({ motion: "still", defence: "none" }, facts({ declaredMotion: "hustle", declaredDefence: "dodge" }));
    expect(r.ok && [r.shot.motion, r.defence]).toEqual(["hustle", "dodge"]);
  });
  it("with no declaration the shooter states the defence; a shield needs a shield", () => {
    const r = shotSituation({ defence: "dodge" }, facts());
    expect(r.ok && r.defence).toBe("dodge");
    expect(code(shotSituation({ defence: "shield" }, facts()))).toBe("noShield");
    expect(code(shotSituation({ defence: "shield" }, facts({ targetShield: true })))).toBe("ok");
  });
  it("a shield declared in the Movement phase and put down since is not refused (it simply no longer counts)", () => {
    const r = shotSituation({}, facts({ declaredDefence: "shield", targetShield: false }));
    expect(r.ok && r.defence).toBe("shield");
  });
  it("a routing target defends against nothing: a stated dodge is refused", () => {
    expect(code(shotSituation({ defence: "dodge" }, facts({ targetRouting: true })))).toBe("routing");
    expect(code(shotSituation({ defence: "none" }, facts({ targetRouting: true })))).toBe("ok");
  });
  it("a malformed defence is refused even when the round settles it", () => {
    expect(code(shotSituation({ defence: "parry" }, facts({ declaredDefence: "none" })))).toBe("badDefence");
  });
});

describe(`${SEED}, Missile Fire Table, second footnote: aiming`, () => {
  it("an aimed shot is refused when the round says no whole phase was spent aiming", () => {
    expect(code(shotSituation({ aimed: true }, facts({ aimAllowed: false })))).toBe("notAimed");
    const r = shotSituation({ aimed: true }, facts({ aimAllowed: true }));
    expect(r.ok && r.shot.aimed).toBe(true);
  });
  it("a flag that is not true or false is not a form we sent", () => {
    expect(code(shotSituation({ obscured: "yes" }, facts()))).toBe("badForm");
  });
});

describe(`${SEED}, Optional Called Shots Rule`, () => {
  it("refused when the world does not play it", () => {
    expect(code(shotSituation({ calledShot: true }, facts()))).toBe("calledShotsOff");
  });
  it("the area's Size modifier of 4 adds to the storyguide's -2: 2; aimed at an exposed spot", () => {
    const r = shotSituation({ calledShot: true, calledShotAim: "exposed", calledShotSize: 4, modifier: -2 }, facts({ calledShots: true }));
    expect(r.ok && [r.shot.gmModifier, r.shot.calledShot, r.shot.exposed]).toEqual([2, true, true]);
  });
  it("a called shot that does not say what it aims for seeks some other effect; without a called shot the Size modifier counts for nothing", () => {
    const effect = shotSituation({ calledShot: true, calledShotSize: 3 }, facts({ calledShots: true }));
    expect(effect.ok && [effect.shot.gmModifier, effect.shot.exposed]).toEqual([3, false]);
    const plain = shotSituation({ calledShotSize: 3, modifier: 1 }, facts({ calledShots: true }));
    expect(plain.ok && [plain.shot.gmModifier, plain.shot.calledShot]).toEqual([1, false]);
  });
  it("modifiers beyond the form's bounds are refused", () => {
    expect(code(shotSituation({ calledShot: true, calledShotSize: 21 }, facts({ calledShots: true })))).toBe("badModifier");
    expect(code(shotSituation({ modifier: 51 }, facts()))).toBe("badModifier");
    expect(code(shotSituation({ modifier: 1.5 }, facts()))).toBe("badModifier");
  });
});

describe(`${SEED}, Initiative Modifiers Table, first footnote, and the Engagement Example: a blow`, () => {
  it("a routing target only takes the blow; any other may defend or not", () => {
    expect(blowDefences(true)).toEqual(["none"]);
    expect(blowDefences(false)).toEqual(["defend", "none"]);
  });
  it("in a running round Bors's +5 from the contest counts, whatever the form types", () => {
    expect(blowFigures({ firstStrike: 20, modifier: 1 }, 5)).toEqual({ ok: true, modifier: 1, firstStrike: 5 });
  });
  it("outside a round the table types the bonus, from 0 to 50", () => {
    expect(blowFigures({ firstStrike: 4 }, null)).toEqual({ ok: true, modifier: 0, firstStrike: 4 });
    expect(blowFigures({ firstStrike: -1 }, null)).toEqual({ ok: false, refusal: { code: "badFirstStrike" } });
    expect(blowFigures({ modifier: 60 }, 0)).toEqual({ ok: false, refusal: { code: "badModifier" } });
  });
});
