// The token bar's edit (issue 29, "The tracker and the token bar as core uses them"):
// whatever is typed on the bar is written to the statistic the ruleset's track reads,
// so the bar and the rules keep one figure. The floors are each ruleset's own: body may
// go below zero in the action-point rules (seed 002, V "Determine damage": a character
// dies when Body Points reach a negative value equal to Constitution); Health, Wounds,
// Endurance and the phases wound boxes left stop at zero.
import { describe, expect, it } from "vitest";
import { RULESETS } from "../../src/engine/rulesets/registry";
import { RULESET_IDS, type ActorView } from "../../src/engine/rulesets/ruleset";
import { initialValues, statAt } from "../../src/engine/rulesets/stats";
import { trackEdit } from "../../src/engine/rulesets/track-edit";

const blank = (id: (typeof RULESET_IDS)[number]): ActorView => ({ stats: initialValues(RULESETS[id].stats.actor), weapons: [], armor: [], shields: [], maneuvers: [], skills: [] });

describe("trackEdit: a token bar edit as the ruleset's own figure", () => {
  it("every ruleset's track names a whole-number statistic of its own block", () => {
    for (const id of RULESET_IDS) {
      const view = blank(id);
      const track = RULESETS[id].vitality(view, RULESETS[id].derive(view));
      expect(track.path, id).toBeTruthy();
      expect(statAt(RULESETS[id].stats.actor, track.path!)?.kind, id).toBe("integer");
      expect(track.value, id).toBe((view.stats as Record<string, unknown>)[track.path!]);
    }
  });

  it("a delta counts from the track's value; a number typed replaces it; a fraction is rounded", () => {
    const block = RULESETS.opposed.stats.actor;
    const track = { value: 9, max: 12, path: "woundsNow" };
    expect(trackEdit(track, block, -3, true)).toEqual({ path: "woundsNow", value: 6 });
    expect(trackEdit(track, block, 4, false)).toEqual({ path: "woundsNow", value: 4 });
    expect(trackEdit(track, block, 4.6, false)).toEqual({ path: "woundsNow", value: 5 });
  });

  it("is kept between the statistic's floor and the track's maximum: opposed Wounds stop at 0, action-point Body goes below it", () => {
    expect(trackEdit({ value: 2, max: 12, path: "woundsNow" }, RULESETS.opposed.stats.actor, -5, true)).toEqual({ path: "woundsNow", value: 0 });
    expect(trackEdit({ value: 2, max: 15, path: "bodyNow" }, RULESETS.actionpoints.stats.actor, -5, true)).toEqual({ path: "bodyNow", value: -3 });
    expect(trackEdit({ value: 2, max: 15, path: "bodyNow" }, RULESETS.actionpoints.stats.actor, 99, false)).toEqual({ path: "bodyNow", value: 15 });
  });

  it("writes nothing for a track with no statistic behind it, a statistic that is not a number, or a number that is not one", () => {
    const block = RULESETS.steel.stats.actor;
    expect(trackEdit({ value: 3, max: 4 }, block, 1, false)).toBeNull();
    expect(trackEdit({ value: 3, max: 4, path: "nonesuch" }, block, 1, false)).toBeNull();
    expect(trackEdit({ value: 3, max: 4, path: "healthNow" }, block, Number.NaN, false)).toBeNull();
  });
});
