/**
 * What a phases attack form may say, checked against what the round and the
 * documents already say (seed 001_e84cf39f805b9fd9.txt, "2. First Missiles",
 * the Missile Fire Table and its footnotes, the Optional Called Shots Rule; the
 * Initiative Modifiers Table's first footnote; "Engagement Example"). The table
 * gathers the form and the facts; this decides the shot's situation or the
 * blow's figures, or why the form is refused (a code the table words).
 */
import { isWholeNumber } from "../../outcome";
import { isRange, RANGES, type RangeClass } from "./stats";
import { isShotDefence, MISSILE_RANGE_ADJUSTMENT, TARGET_MOTIONS, type MissileShot, type ShotDefence, type TargetMotion } from "./tables";

/** The most a GM's ease or attack modifier may be on the form (ours; the seed sets no bound). */
export const ATTACK_MODIFIER_MAX = 50;
/** The most a first-strike bonus typed outside a running round may be (ours). */
export const FIRST_STRIKE_MAX = 50;
/** The most a called shot's Size modifier may be either way (ours). */
export const CALLED_SHOT_SIZE_MAX = 20;
/** What a called shot aims for ("Optional Called Shots Rule"): an exposed spot for extra damage, or some other effect. */
export const CALLED_SHOT_AIMS = ["exposed", "effect"] as const;

/** The ranges a shot may be fired at ("Target in Touch or Reach Range: No firing possible"). */
export const SHOOTABLE_RANGES: readonly RangeClass[] = RANGES.filter((r) => MISSILE_RANGE_ADJUSTMENT[r] !== null);

/** How a target meets a blow: it defends, or it does not. */
export const BLOW_DEFENCES = ["defend", "none"] as const;
export type BlowDefence = (typeof BLOW_DEFENCES)[number];

/** Initiative Modifiers Table, first footnote: a routing target "may not defend", so it only takes the blow. */
export function blowDefences(targetRouting: boolean): BlowDefence[] {
  return targetRouting ? ["none"] : [...BLOW_DEFENCES];
}

/** A checkbox arrives as true, false or not at all; anything else is not a form we sent. */
const isFlag = (v: unknown) => v === undefined || typeof v === "boolean";
const bounded = (v: unknown, max: number, min = -max): v is number => isWholeNumber(v) && v >= min && v <= max;

/** What a shooter's form says (untyped: it may come from anyone). */
export interface ShotForm {
  readonly range?: unknown;
  readonly motion?: unknown;
  readonly defence?: unknown;
  readonly obscured?: unknown;
  readonly aimed?: unknown;
  readonly calledShot?: unknown;
  readonly calledShotAim?: unknown;
  readonly calledShotSize?: unknown;
  readonly modifier?: unknown;
}

/** What the table knows about the shot apart from the form. Null: the round (or the scene) has nothing to say. */
export interface ShotFacts {
  /** The range measured between the tokens or engaged at this round; null when nothing can be measured. */
  readonly measured: RangeClass | null;
  /** The target's declared defence against this shooter in the running round. */
  readonly declaredDefence: ShotDefence | null;
  /** The target's declared motion in the running round. */
  readonly declaredMotion: TargetMotion | null;
  /** Whether the round lets the shooter take the aiming bonus. */
  readonly aimAllowed: boolean | null;
  readonly targetRouting: boolean;
  /** The target has a shield ready now. */
  readonly targetShield: boolean;
  readonly targetSize: number;
  /** The world plays the Optional Called Shots Rule. */
  readonly calledShots: boolean;
}

export type ShotSituation = Required<Pick<MissileShot, "range" | "obscured" | "motion" | "size" | "aimed" | "gmModifier">> & { readonly calledShot: boolean; readonly exposed: boolean };

export type ShotFormRefusal =
  | { readonly code: "noFiring"; readonly range: RangeClass }
  | { readonly code: "badRange" | "badForm" | "notAimed" | "badDefence" | "routing" | "noShield" | "calledShotsOff" | "badModifier" };

export type ShotFormResult = { readonly ok: true; readonly shot: ShotSituation; readonly defence: ShotDefence } | { readonly ok: false; readonly refusal: ShotFormRefusal };

const no = (code: Exclude<ShotFormRefusal["code"], "noFiring">): ShotFormResult => ({ ok: false, refusal: { code } });

/**
 * The shot's situation on the Missile Fire Table. The range is the one measured
 * (or engaged at): "Target in Touch or Reach Range: No firing possible"; only
 * where nothing is measured does the GM's ruling count, and with none the
 * table's plain row, Middle. The target's own declaration in the round wins
 * over the shooter's word for its motion and its defence ("has spotted you and
 * defensively engaged you"). A routing target defends against nothing; a
 * stated shield defence needs a shield (a declared one put down since simply
 * no longer counts). The aiming bonus needs a whole missile phase spent aiming
 * when the round knows. A called shot needs the world's optional rule; its Size
 * modifier adds to the storyguide's (cumulative), and only one at an exposed
 * spot takes the longbow step.
 */
export function shotSituation(form: ShotForm, facts: ShotFacts): ShotFormResult {
  if (facts.measured && MISSILE_RANGE_ADJUSTMENT[facts.measured] === null) return { ok: false, refusal: { code: "noFiring", range: facts.measured } };
  const range = facts.measured ?? (form.range === undefined || form.range === "" ? "middle" : form.range);
  if (!isRange(range) || MISSILE_RANGE_ADJUSTMENT[range] === null) return no("badRange");
  const motion = form.motion ?? "still";
  if (typeof motion !== "string" || !(TARGET_MOTIONS as readonly string[]).includes(motion)) return no("badForm");
  if (![form.obscured, form.aimed, form.calledShot].every(isFlag)) return no("badForm");
  if (form.aimed === true && facts.aimAllowed === false) return no("notAimed");
  // A malformed answer is refused even when the round settles the defence: the form is not one we sent.
  if (form.defence !== undefined && !isShotDefence(form.defence)) return no("badDefence");
  const defence = facts.declaredDefence ?? (form.defence as ShotDefence | undefined) ?? "none";
  if (defence !== "none" && facts.targetRouting) return no("routing");
  if (facts.declaredDefence === null && defence === "shield" && !facts.targetShield) return no("noShield");
  const calledShot = form.calledShot === true;
  if (calledShot && !facts.calledShots) return no("calledShotsOff");
  // A request that does not say what the called shot aims for seeks some other effect.
  const aim = form.calledShotAim ?? "effect";
  if (!(CALLED_SHOT_AIMS as readonly unknown[]).includes(aim)) return no("badForm");
  const size = form.calledShotSize ?? 0;
  if (!bounded(size, CALLED_SHOT_SIZE_MAX)) return no("badModifier");
  const modifier = form.modifier ?? 0;
  if (!bounded(modifier, ATTACK_MODIFIER_MAX)) return no("badModifier");
  return {
    ok: true,
    defence,
    shot: {
      range,
      obscured: form.obscured === true,
      motion: facts.declaredMotion ?? (motion as TargetMotion),
      size: facts.targetSize,
      aimed: form.aimed === true,
      gmModifier: modifier + (calledShot ? size : 0),
      calledShot,
      exposed: calledShot && aim === "exposed",
    },
  };
}

/** What a striker's form says. */
export interface BlowForm {
  readonly modifier?: unknown;
  readonly firstStrike?: unknown;
}

export type BlowFormResult = { readonly ok: true; readonly modifier: number; readonly firstStrike: number } | { readonly ok: false; readonly refusal: { readonly code: "badModifier" | "badFirstStrike" } };

/**
 * A blow's figures: the storyguide's modifier, and the first-strike bonus
 * ("Engagement Example": the difference of the totals). In a running round the
 * bonus is the one the engagement contest gave (`roundFirstStrike`), whatever
 * the form says; outside one the table settles the contest and types it.
 */
export function blowFigures(form: BlowForm, roundFirstStrike: number | null): BlowFormResult {
  const modifier = form.modifier ?? 0;
  if (!bounded(modifier, ATTACK_MODIFIER_MAX)) return { ok: false, refusal: { code: "badModifier" } };
  if (roundFirstStrike !== null) return { ok: true, modifier, firstStrike: roundFirstStrike };
  const firstStrike = form.firstStrike ?? 0;
  if (!bounded(firstStrike, FIRST_STRIKE_MAX, 0)) return { ok: false, refusal: { code: "badFirstStrike" } };
  return { ok: true, modifier, firstStrike };
}
