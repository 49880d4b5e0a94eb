import { readShotRanges, SHOT_RANGE_PACES, type ShotRangePaces } from "./engine/rulesets/phases/shot-range";
import { DEFAULT_RULESET, getRuleset, listRulesets } from "./engine/rulesets/registry";
import type { Ruleset, RulesetId } from "./engine/rulesets/ruleset";
import { SYSTEM_ID } from "./config";
import { DEFAULT_PULSE_MOVE_LIMITS, numberSettingOf, PULSE_MOVE_LIMITS, pulseMoveLimitsOf, ROUND_SECONDS, RULE_SWITCHES, ruleSwitchOf, STEEL_BUY_INITIATIVE_TN, STEEL_MAX_ATTACKERS, steelCrowdCapOf, type NumberSetting, type PulseMoveLimits } from "./engine/rulesets/world-settings";
import { AP_CRITICAL_RULES, DEFAULT_AP_CRITICAL_RULE } from "./engine/rulesets/actionpoints/criticals";
import { CRIT_THROUGH_BLOCK, DEFAULT_CRIT_THROUGH_BLOCK } from "./engine/rulesets/actionpoints/attack";
import { DEFAULT_PHASES_TRACKS, readPhasesTracks, type PhasesTracks } from "./engine/rulesets/phases/tracks";
import { DEFAULT_OPPOSED_TIE, readOpposedTie, type OpposedTie } from "./engine/rulesets/opposed/tests";
import { DEFAULT_RANGE_BANDS, readRangeBands, type RangeBand } from "./engine/rulesets/steel/range-bands";

/** A number setting's range and default, as the engine gives them (engine/rulesets/world-settings.ts). */
const numberSetting = (n: NumberSetting) => ({ range: { min: n.min, max: n.max, step: 1 }, default: n.initial });

/**
 * A table a seed names without printing: a world setting holding the GM's JSON
 * ("" for ours) and the settings button that opens its editor (GM only).
 */
function registerTables(setting: "steelTables" | "apTables" | "pulseTables", keys: string, icon: string, editor: unknown): void {
  game.settings.register(SYSTEM_ID, setting, { scope: "world", config: false, type: String, default: "" });
  game.settings.registerMenu(SYSTEM_ID, `${setting}Menu`, { name: `${keys}Title`, label: `${keys}Open`, hint: `${keys}MenuHint`, icon, type: editor as never, restricted: true });
}

/** The settings buttons that open the seed tables' editors (each ruleset's table code supplies its own). */
export interface TableEditors {
  readonly steelTables: unknown;
  readonly apTables: unknown;
  readonly pulseTables: unknown;
  readonly rollTables: unknown;
  readonly phasesTracks: unknown;
  readonly opposedTie: unknown;
  readonly steelRangeBands: unknown;
  readonly phasesShotRanges: unknown;
  readonly armory: unknown;
}

/** A settings button for a GM's form (the form itself refuses a player too). */
function registerForm(menu: string, keys: string, icon: string, editor: unknown): void {
  game.settings.registerMenu(SYSTEM_ID, menu, { name: `${keys}Title`, label: `${keys}Open`, hint: `${keys}MenuHint`, icon, type: editor as never, restricted: true });
}

/** Actors show derived values (penalties, paces) by the world's tables: prepare them again when one changes. */
function preparedAgain(): void {
  const actors = [...(game.actors ?? [])] as { reset?(): void; sheet?: { rendered?: boolean; render?(): unknown } | null }[];
  for (const token of (canvas?.scene?.tokens ?? []) as Iterable<{ actorLink?: boolean; actor?: unknown }>) if (!token.actorLink && token.actor) actors.push(token.actor as never);
  for (const actor of actors) {
    actor.reset?.();
    if (actor.sheet?.rendered) actor.sheet.render?.();
  }
}

/**
 * World settings. Called once from the `init` hook, with the seed tables' editors.
 *
 * The order is the order a GM reads them in: Foundry v13 lists a package's settings
 * buttons first, then its settings, each in registration order
 * (SettingsConfig#_prepareCategoryData walks game.settings.menus, then game.settings.settings).
 * So both lists run the same way: the entries for every ruleset, then each ruleset's in
 * the rulesets' order, each named "<Ruleset>: ..." (test/shell/settings-order.test.ts).
 */
export function registerSettings(editors: TableEditors): void {
  const choices = Object.fromEntries(listRulesets().map((r) => [r.id, r.label])) as Record<RulesetId, string>;
  // ── Every ruleset ──
  game.settings.register(SYSTEM_ID, "ruleset", {
    name: "BOUT.Setting.Ruleset.Name",
    hint: "BOUT.Setting.Ruleset.Hint",
    scope: "world",
    config: true,
    type: String,
    choices,
    default: DEFAULT_RULESET,
    requiresReload: true,
  });
  // The GM's call: a card whose result leaves nobody a choice is applied as it resolves (src/table/cards.ts, autoApply).
  game.settings.register(SYSTEM_ID, "autoApply", {
    name: "BOUT.Setting.AutoApply.Name",
    hint: "BOUT.Setting.AutoApply.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: TABLE_SWITCHES.autoApply,
  });
  // The GM confirms the round's choices of the fighters that fight by a style (one form), or lets them stand unasked.
  game.settings.register(SYSTEM_ID, "styleConfirm", {
    name: "BOUT.Setting.StyleConfirm.Name",
    hint: "BOUT.Setting.StyleConfirm.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: TABLE_SWITCHES.styleConfirm,
  });
  // World time: steel's rounds (2 s) and pulses (5 s) have the seed's length; the other rulesets give none, so the GM sets it.
  game.settings.register(SYSTEM_ID, "roundSeconds", {
    name: "BOUT.Setting.RoundSeconds.Name",
    hint: "BOUT.Setting.RoundSeconds.Hint",
    scope: "world",
    config: true,
    type: Number,
    ...numberSetting(ROUND_SECONDS),
  });
  // Which RollTable each rolled lookup reads (lookup id → uuid; none for ours): src/table/roll-tables/world.ts.
  game.settings.register(SYSTEM_ID, "rollTables", { scope: "world", config: false, type: Object, default: {} });
  game.settings.registerMenu(SYSTEM_ID, "rollTablesMenu", { name: "BOUT.RollTables.Chooser.Title", label: "BOUT.RollTables.Chooser.Open", hint: "BOUT.RollTables.Chooser.MenuHint", icon: "fa-solid fa-dice-d20", type: editors.rollTables as never, restricted: true });
  registerForm("armoryMenu", "BOUT.Armory.", "fa-solid fa-shield-halved", editors.armory);
  // ── steel ──
  // Seed 000 "Posture": declared with the opening throw when the GM allows it.
  game.settings.register(SYSTEM_ID, "steelPostures", {
    name: "BOUT.Steel.Table.Setting.Postures.Name",
    hint: "BOUT.Steel.Table.Setting.Postures.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: RULE_SWITCHES.steelPostures,
  });
  // Seed 000 names buying initiative without figures: our contest's TN, the GM's to change.
  game.settings.register(SYSTEM_ID, "steelBuyInitiativeTn", {
    name: "BOUT.Steel.Table.Setting.BuyTn.Name",
    hint: "BOUT.Steel.Table.Setting.BuyTn.Hint",
    scope: "world",
    config: true,
    type: Number,
    ...numberSetting(STEEL_BUY_INITIATIVE_TN),
  });
  // Seed 000 "Multiple Opponents", GM discretion: how many may attack one fighter at once (0: the rules' 3, or 4 small ones).
  game.settings.register(SYSTEM_ID, "steelMaxAttackers", {
    name: "BOUT.Steel.Table.Setting.MaxAttackers.Name",
    hint: "BOUT.Steel.Table.Setting.MaxAttackers.Hint",
    scope: "world",
    config: true,
    type: Number,
    ...numberSetting(STEEL_MAX_ATTACKERS),
  });
  // Seed 000 names its wound tables, hit zones and missile chart without printing them: ours by default, the GM's to replace.
  registerTables("steelTables", "BOUT.Steel.Tables.", "fa-solid fa-table", editors.steelTables);
  // Seed 000 names its Range Modifiers table without printing it: our bands, the GM's to change (a form of labelled cells).
  game.settings.register(SYSTEM_ID, "steelRangeBands", { scope: "world", config: false, type: String, default: "" });
  registerForm("steelRangeBandsMenu", "BOUT.Steel.RangeBands.", "fa-solid fa-bullseye", editors.steelRangeBands);
  // ── phases ──
  // Seed 001's optional rules ("Optional Longbow and Crossbow Damage Rule",
  // "Optional Called Shots Rule"): the storyguide's choice, off by default.
  game.settings.register(SYSTEM_ID, "phasesPiercingRule", {
    name: "BOUT.Phases.Table.Setting.PiercingRule.Name",
    hint: "BOUT.Phases.Table.Setting.PiercingRule.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: RULE_SWITCHES.phasesPiercingRule,
  });
  game.settings.register(SYSTEM_ID, "phasesCalledShots", {
    name: "BOUT.Phases.Table.Setting.CalledShots.Name",
    hint: "BOUT.Phases.Table.Setting.CalledShots.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: RULE_SWITCHES.phasesCalledShots,
  });
  // Seed 001, "1. Movement": free movers keep out of engaged fighters' Effective Space (src/table/phases/effective-space.ts).
  game.settings.register(SYSTEM_ID, "phasesEffectiveSpace", {
    name: "BOUT.Phases.Table.Setting.EffectiveSpace.Name",
    hint: "BOUT.Phases.Table.Setting.EffectiveSpace.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: RULE_SWITCHES.phasesEffectiveSpace,
  });
  // Seed 001 counts Wound and Fatigue penalties without listing the levels: ours, the GM's to change (a form of labelled cells).
  game.settings.register(SYSTEM_ID, "phasesTracks", { scope: "world", config: false, type: String, default: "", onChange: preparedAgain } as never);
  registerForm("phasesTracksMenu", "BOUT.Phases.Tracks.", "fa-solid fa-heart-crack", editors.phasesTracks);
  // Seed 001 names the range classes without their paces: ours, the GM's to change (a form of labelled cells).
  game.settings.register(SYSTEM_ID, "phasesShotRanges", { scope: "world", config: false, type: String, default: "" });
  registerForm("phasesShotRangesMenu", "BOUT.Phases.ShotRanges.", "fa-solid fa-ruler-horizontal", editors.phasesShotRanges);
  // ── actionpoints ──
  // Seed 002 uses critical successes and failures without saying what they are: the group picks.
  game.settings.register(SYSTEM_ID, "apCriticals", {
    name: "BOUT.Setting.ApCriticals.Name",
    hint: "BOUT.Setting.ApCriticals.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: Object.fromEntries(Object.keys(AP_CRITICAL_RULES).map((k) => [k, `BOUT.Setting.ApCriticals.${k}`])),
    default: DEFAULT_AP_CRITICAL_RULE,
  } as never);
  // Seed 002 IV.c.i.3: a critical through a successful block lands "as though a normal attack had succeeded": groups read it differently.
  game.settings.register(SYSTEM_ID, "apCritThroughBlock", {
    name: "BOUT.Setting.ApCritThroughBlock.Name",
    hint: "BOUT.Setting.ApCritThroughBlock.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: Object.fromEntries(CRIT_THROUGH_BLOCK.map((k) => [k, `BOUT.Setting.ApCritThroughBlock.${k}`])),
    default: DEFAULT_CRIT_THROUGH_BLOCK,
  } as never);
  // Seed 002 names its action costs, Fatigue costs and critical tables without printing them: ours by default, the GM's to replace.
  registerTables("apTables", "BOUT.ActionPoints.Tables.", "fa-solid fa-table", editors.apTables);
  // ── opposed ──
  // Seed 003 does not say who wins an opposed test on equal SL: our reading by default, the GM's to change.
  game.settings.register(SYSTEM_ID, "opposedTie", { scope: "world", config: false, type: String, default: DEFAULT_OPPOSED_TIE });
  registerForm("opposedTieMenu", "BOUT.Opposed.Tie.", "fa-solid fa-scale-balanced", editors.opposedTie);
  // ── pulse ──
  // Seed 004 [13]-[15]: in a running pulse a token moves only in its turn and
  // no farther than the figure may go; the GM's own moves are exempt unless set otherwise.
  game.settings.register(SYSTEM_ID, "pulseMoveLimits", {
    name: "BOUT.Pulse.Movement.Setting.Name",
    hint: "BOUT.Pulse.Movement.Setting.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: Object.fromEntries(PULSE_MOVE_LIMITS.map((k) => [k, `BOUT.Pulse.Movement.Setting.${k}`])),
    default: DEFAULT_PULSE_MOVE_LIMITS,
  } as never);
  // Seed 004 [17.5]: the optional shield facing rule, and whether Defense counts modAG (our reading of a Defense the seed does not define).
  game.settings.register(SYSTEM_ID, "pulseShieldFacing", {
    name: "BOUT.Pulse.Setting.ShieldFacing.Name",
    hint: "BOUT.Pulse.Setting.ShieldFacing.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: RULE_SWITCHES.pulseShieldFacing,
  });
  game.settings.register(SYSTEM_ID, "pulseAgilityInDefense", {
    name: "BOUT.Pulse.Setting.AgilityInDefense.Name",
    hint: "BOUT.Pulse.Setting.AgilityInDefense.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: RULE_SWITCHES.pulseAgilityInDefense,
  });
  // Seed 004 [23] points to the book (83.2) for the Horsemanship ranks that lift the mounted limits: ours by default, the GM's to replace.
  registerTables("pulseTables", "BOUT.Pulse.Tables.", "fa-solid fa-horse", editors.pulseTables);
  // ── Not shown in the settings ──
  // Told once: a world that saved rolled tables in the old JSON editors keeps them (they are RollTables now).
  game.settings.register(SYSTEM_ID, "legacyTablesNoticed", { scope: "world", config: false, type: Boolean, default: false });
  // Seed 004 [13], [16.1]: each user's own choice to see the zones of the tokens they control.
  game.settings.register(SYSTEM_ID, "pulseZones", {
    scope: "client",
    config: false,
    type: Boolean,
    default: false,
  });
  // The schema version the world's stored documents were last written with.
  game.settings.register(SYSTEM_ID, "schemaVersion", {
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  });
}
/** The ruleset the world plays with. */
export function activeRuleset(): Ruleset {
  // Documents can be prepared before settings exist (e.g. in a compendium index):
  // fall back to the default ruleset rather than fail.
  try {
    return getRuleset(game.settings.get(SYSTEM_ID, "ruleset"));
  } catch {
    return getRuleset(undefined);
  }
}

/**
 * The table's own switches (no seed's rule): applying a card that leaves nobody a choice as it
 * resolves (off), and the GM confirming the styled fighters' round (on). Registered with these
 * defaults and read back through `tableSwitch`, so no reader types a fallback of its own.
 */
export const TABLE_SWITCHES = { autoApply: false, styleConfirm: true } as const;

/** A table switch: the GM's true or false, else its default. */
export function tableSwitch(key: keyof typeof TABLE_SWITCHES): boolean {
  const v = storedSetting(key);
  return typeof v === "boolean" ? v : TABLE_SWITCHES[key];
}

/** A world setting as stored, or undefined where it cannot be read (settings not registered yet). */
function storedSetting(key: string): unknown {
  try {
    return game.settings?.get(SYSTEM_ID, key as never) as unknown;
  } catch {
    return undefined;
  }
}

/** A rule the GM may switch on or off: the GM's choice, else the engine's default (engine/rulesets/world-settings.ts). */
export const ruleSwitch = (key: keyof typeof RULE_SWITCHES): boolean => ruleSwitchOf(key, storedSetting(key));

/** Seconds a round lasts where the seed gives none: the GM's, else the engine's default. */
export const roundSecondsSetting = (): number => numberSettingOf(ROUND_SECONDS, storedSetting("roundSeconds"));

/** Steel's TN to buy initiative: the GM's, else the engine's default. */
export const steelBuyInitiativeTn = (): number => numberSettingOf(STEEL_BUY_INITIATIVE_TN, storedSetting("steelBuyInitiativeTn"));

/** Steel's crowd cap set by the GM, or none (the rules' own). */
export const steelCrowdCap = (): number | undefined => steelCrowdCapOf(storedSetting("steelMaxAttackers"));

/** Whose moves a running pulse checks: the GM's choice, else the engine's default. */
export const pulseMoveLimits = (): PulseMoveLimits => pulseMoveLimitsOf(storedSetting("pulseMoveLimits"));

/**
 * A world setting stored as JSON text and read by an engine reader: the GM's value, else ours
 * (a stored value that no longer reads is ignored). Read again only when the text changes.
 */
function jsonSetting<T>(key: string, read: (raw: unknown) => { ok: true; value: T } | { ok: false }, fallback: T): () => T {
  let last: { text: string; value: T } = { text: "", value: fallback };
  return () => {
    let text = "";
    try {
      text = String(game.settings?.get(SYSTEM_ID, key as never) ?? "");
    } catch {
      text = "";
    }
    if (text === last.text) return last.value;
    let raw: unknown = "";
    try {
      raw = text ? JSON.parse(text) : "";
    } catch {
      raw = "";
    }
    const r = read(raw);
    last = { text, value: r.ok ? r.value : fallback };
    return last.value;
  };
}

/** The world's wound and fatigue tracks (phases): the GM's, else ours. */
export const phasesTracks: () => PhasesTracks = jsonSetting("phasesTracks", readPhasesTracks, DEFAULT_PHASES_TRACKS);

/** Who wins an opposed test on equal SL in this world (opposed). */
export function opposedTie(): OpposedTie {
  let v: unknown;
  try {
    v = game.settings?.get(SYSTEM_ID, "opposedTie");
  } catch {
    v = undefined;
  }
  const read = readOpposedTie(v);
  return read.ok ? read.value : DEFAULT_OPPOSED_TIE;
}

/** The world's missile range bands (steel): the GM's, else ours. */
export const steelRangeBands: () => readonly RangeBand[] = jsonSetting("steelRangeBands", readRangeBands, DEFAULT_RANGE_BANDS);

/** The world's paces of the range classes (phases): the GM's, else ours. */
export const phasesShotRanges: () => ShotRangePaces = jsonSetting("phasesShotRanges", readShotRanges, SHOT_RANGE_PACES);
