/**
 * The world settings that hold a rule's number or switch (the GM's to change):
 * their defaults and limits live here, beside the rules, so the shell only
 * registers them (src/settings.ts) and reads the GM's value. Each default is
 * the seed's word where it has one, else our reading, said below.
 * Issue 32 shell audit: these defaults were typed in the settings' registration.
 */
import { DEFAULT_BUY_INITIATIVE_TN } from "./steel/initiative";
import { DEFAULT_DEFENSE_OPTIONS } from "./pulse/strike";

/** A whole-number setting: its default and the values the GM may choose. */
export interface NumberSetting {
  readonly initial: number;
  readonly min: number;
  readonly max: number;
}

/**
 * Seconds a round lasts where the seed gives no one length (time/round-length.ts
 * `roundSeconds`): seed 001 "Combat Rounds" says 5 to 20 seconds by the
 * activity, seeds 002 and 003 give none; ours 6, up to a minute.
 */
export const ROUND_SECONDS: NumberSetting = { initial: 6, min: 0, max: 60 };

/**
 * Seed 000 "Exchange of Blows" names buying initiative without its figures:
 * ours is a contest at this TN (steel/initiative.ts `buyInitiative`, whose
 * default it is); a TN a d10 can make (2 to 10).
 */
export const STEEL_BUY_INITIATIVE_TN: NumberSetting = { initial: DEFAULT_BUY_INITIATIVE_TN, min: 2, max: 10 };

/**
 * Seed 000 "Multiple Opponents" leaves the crowd's cap to the GM: 0 keeps the
 * rules' own (3, or 4 small foes: steel's `mayJoinAttack`), any other number
 * is the GM's cap.
 */
export const STEEL_MAX_ATTACKERS: NumberSetting = { initial: 0, min: 0, max: 12 };

/**
 * The rules a world plays unless the GM turns them off (true) or on (false):
 * - `steelPostures`: seed 000 "Posture", declared with the opening throw when
 *   there is time (the GM's discretion): on.
 * - `phasesPiercingRule`, `phasesCalledShots`: seed 001's "Optional Longbow and
 *   Crossbow Damage Rule" and "Optional Called Shots Rule": optional, so off.
 * - `phasesEffectiveSpace`: seed 001 "1. Movement", free movers keep out of an
 *   engaged fighter's Effective Space: a rule of the seed, on.
 * - `pulseShieldFacing`: seed 004 [17.5] "(Optional)" shield facing: off.
 * - `pulseAgilityInDefense`: seed 004 [17.5] does not define Defense: our
 *   reading counts modAG, on.
 * The two pulse switches are the Defense's own defaults (pulse/strike.ts
 * `DEFAULT_DEFENSE_OPTIONS`), so the settings and the engine cannot disagree.
 */
export const RULE_SWITCHES = {
  steelPostures: true,
  phasesPiercingRule: false,
  phasesCalledShots: false,
  phasesEffectiveSpace: true,
  pulseShieldFacing: DEFAULT_DEFENSE_OPTIONS.shieldFacingRule,
  pulseAgilityInDefense: DEFAULT_DEFENSE_OPTIONS.agilityInDefense,
} as const;

/**
 * Seed 004 [13]-[15]: in a running pulse a token moves only in its turn and no
 * farther than the figure may go. Whose moves are checked: players' (the GM's
 * own are the GM's ruling), everyone's, or nobody's.
 */
export const PULSE_MOVE_LIMITS = ["players", "everyone", "off"] as const;
export type PulseMoveLimits = (typeof PULSE_MOVE_LIMITS)[number];
export const DEFAULT_PULSE_MOVE_LIMITS: PulseMoveLimits = "players";

/*
 * What a stored setting reads as. The shell reads the GM's value and hands it
 * here; anything it cannot read (no settings yet, a value of the wrong kind)
 * is the default above, so no reader at the table types a fallback of its own
 * (issue 32 shell audit: `?? 0`, `!== false` and `?? "players"` were typed
 * beside the readers).
 */

/** A rule switch: the GM's true or false, else the rule's default. */
export function ruleSwitchOf(key: keyof typeof RULE_SWITCHES, stored: unknown): boolean {
  return typeof stored === "boolean" ? stored : RULE_SWITCHES[key];
}

/** A number setting: the GM's whole number, kept within its limits; else its default. */
export function numberSettingOf(n: NumberSetting, stored: unknown): number {
  const v = typeof stored === "number" ? stored : typeof stored === "string" && stored.trim() !== "" ? Number(stored) : NaN;
  if (!Number.isFinite(v)) return n.initial;
  return Math.min(n.max, Math.max(n.min, Math.trunc(v)));
}

/** Seed 000 "Multiple Opponents": the GM's crowd cap, or none (0, the default) to keep the rules' own. */
export function steelCrowdCapOf(stored: unknown): number | undefined {
  const n = numberSettingOf(STEEL_MAX_ATTACKERS, stored);
  return n > 0 ? n : undefined;
}

/** Seed 004 [13]-[15]: whose moves are checked, as the GM chose; else the default. */
export function pulseMoveLimitsOf(stored: unknown): PulseMoveLimits {
  return PULSE_MOVE_LIMITS.includes(stored as PulseMoveLimits) ? (stored as PulseMoveLimits) : DEFAULT_PULSE_MOVE_LIMITS;
}
