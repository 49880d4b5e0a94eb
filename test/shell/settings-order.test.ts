// Settings grouped by ruleset (issue 34, "Settings grouped by ruleset, each labelled with its
// ruleset, in a fixed order"). Foundry v13's Configure Settings lists a system's settings
// buttons first and then its settings, each in the order they were registered
// (SettingsConfig#_prepareCategoryData walks game.settings.menus, then game.settings.settings,
// and sorts only the tabs, not their entries). This test reads the two lists as it does.
import { describe, expect, it } from "vitest";
import { tableOfThree } from "./support";
import { DEFAULT_PULSE_MOVE_LIMITS, ROUND_SECONDS, RULE_SWITCHES, STEEL_BUY_INITIATIVE_TN, STEEL_MAX_ATTACKERS } from "../../src/engine/rulesets/world-settings";

/** The Bout tab of Configure Settings as a GM sees it: buttons, then settings, each by its shown name. */
function boutTab(gm: any): { buttons: string[]; settings: string[] } {
  const mine = (entry: any) => entry.namespace === "bout";
  const name = (entry: any) => gm.game.i18n.localize(entry.name);
  return {
    buttons: [...gm.game.settings.menus.values()].filter(mine).map(name),
    settings: [...gm.game.settings.settings.values()].filter((s: any) => mine(s) && s.config).map(name),
  };
}

const RULESETS = ["steel", "phases", "actionpoints", "opposed", "pulse"] as const;

describe("Configure Settings → Bout, grouped by ruleset", () => {
  it("shows the buttons and the settings in a fixed order: every ruleset's first, then steel, phases, actionpoints, opposed, pulse", async () => {
    const { gm } = await tableOfThree("steel");
    expect(boutTab(gm)).toEqual({
      buttons: [
        "Roll tables the cards read",
        "Armory",
        "Steel: wound tables, hit zones and missile chart",
        "Steel: range modifiers",
        "Phases: wound and fatigue tracks",
        "Phases: paces of the range classes",
        "Action points: action and Fatigue costs",
        "Opposed: who wins a tie",
        "Pulse: Horsemanship ranks",
      ],
      settings: [
        "Combat ruleset",
        "Apply results automatically",
        "Confirm the NPCs' round",
        "Seconds in a combat round",
        "Steel: postures at the opening throw",
        "Steel: TN for buying initiative",
        "Steel: most attackers on one fighter",
        "Phases: longbow and crossbow damage",
        "Phases: called shots",
        "Phases: keep free movers out of fights",
        "Action points: what counts as a critical",
        "Action points: a critical through a successful shield block",
        "Pulse: movement limits",
        "Pulse: shields only from the front or shield side",
        "Pulse: Defense counts modAG",
      ],
    });
  });

  it("a ruleset's entry is labelled with that ruleset's name as the ruleset choice shows it, and no ruleset's entries are split", async () => {
    const { gm } = await tableOfThree("pulse");
    const choices = gm.game.settings.settings.get("bout.ruleset").choices as Record<string, string>;
    // "Steel: dice-pool bouts" → "Steel"
    const prefixes = RULESETS.map((id) => gm.game.i18n.localize(choices[id]).split(":")[0]);
    expect(prefixes).toEqual(["Steel", "Phases", "Action points", "Opposed", "Pulse"]);
    for (const list of Object.values(boutTab(gm))) {
      // Each entry's group: -1 for every ruleset, else the index of the ruleset it names first.
      const groups = list.map((label) => prefixes.findIndex((p) => label.startsWith(`${p}: `)));
      expect(groups, list.join(" | ")).toEqual([...groups].sort((a, b) => a - b));
      // Nothing ruleset-specific hides under a general name: a general entry names no ruleset.
      for (const [i, label] of list.entries()) if (groups[i] === -1) expect(prefixes.some((p) => label.startsWith(p)), label).toBe(false);
    }
  });
});

describe("issue 32 shell audit: the settings that hold rules start on the engine's defaults", () => {
  it("each default and range is the engine's (engine/rulesets/world-settings.ts), and a new world reads it", async () => {
    const { gm } = await tableOfThree("steel");
    const setting = (key: string) => gm.game.settings.settings.get(`bout.${key}`);
    const numbers = { roundSeconds: ROUND_SECONDS, steelBuyInitiativeTn: STEEL_BUY_INITIATIVE_TN, steelMaxAttackers: STEEL_MAX_ATTACKERS };
    for (const [key, n] of Object.entries(numbers)) {
      expect(setting(key)).toMatchObject({ default: n.initial, range: { min: n.min, max: n.max, step: 1 } });
      expect(gm.game.settings.get("bout", key)).toBe(n.initial);
    }
    for (const [key, on] of Object.entries(RULE_SWITCHES)) {
      expect(setting(key).default).toBe(on);
      expect(gm.game.settings.get("bout", key)).toBe(on);
    }
    expect(setting("pulseMoveLimits").default).toBe(DEFAULT_PULSE_MOVE_LIMITS);
    expect(Object.keys(setting("pulseMoveLimits").choices)).toEqual(["players", "everyone", "off"]);
  });
});
