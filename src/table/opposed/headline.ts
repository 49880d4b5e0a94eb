/** The opposed attack card's headline, read from the engine's result: the Wounds a hit costs and where, or who held. */
import type { Headline } from "../cards";

const H = "BOUT.Card.Headline.Opposed.";

interface AttackOutcome {
  readonly hit: { readonly location: string; readonly wounds: { readonly suffered: number } } | null;
}

/** `ranged`: a shot, which misses rather than being fended off. */
export function attackHeadline(r: AttackOutcome, ranged: boolean): Headline {
  if (r.hit) return { key: r.hit.wounds.suffered === 1 ? `${H}HitOne` : `${H}Hit`, data: { wounds: r.hit.wounds.suffered, location: r.hit.location } };
  return { key: ranged ? `${H}ShotMiss` : `${H}Held` };
}

/** A move's headline, from what the engine made of it (the move's own result). */
export type MoveResult =
  | { readonly move: "charge"; readonly gained: boolean; readonly advantage: number }
  | { readonly move: "flee"; readonly wounds: number | null; readonly broken: number }
  | { readonly move: "disengage"; readonly escaped: boolean }
  | { readonly move: "run" | "climb"; readonly success: boolean; readonly yards: number }
  | { readonly move: "leap"; readonly feet: number }
  | { readonly move: "fall"; readonly wounds: number; readonly prone: boolean };

export function moveHeadline(r: MoveResult): Headline {
  const M = `${H}Move.`;
  switch (r.move) {
    case "charge":
      return r.gained ? { key: `${M}ChargeGained`, data: { advantage: r.advantage } } : { key: `${M}Charge` };
    case "flee":
      if (r.wounds !== null) return { key: r.broken > 0 ? `${M}FleeHitBroken` : `${M}FleeHit`, data: { wounds: r.wounds } };
      return { key: r.broken > 0 ? `${M}FleeBroken` : `${M}Flee` };
    case "disengage":
      return { key: r.escaped ? `${M}Disengaged` : `${M}Caught` };
    case "run":
    case "climb":
      return r.success ? { key: `${M}${r.move}Made`, data: { yards: r.yards } } : { key: `${M}${r.move}Failed` };
    case "leap":
      return { key: `${M}Leap`, data: { feet: r.feet } };
    case "fall":
      if (r.wounds <= 0) return { key: `${M}FallUnhurt` };
      return { key: r.prone ? `${M}FallProne` : `${M}Fall`, data: { wounds: r.wounds } };
  }
}

/** An ambush: how many spotters it caught. */
export function ambushHeadline(r: { readonly spotters: readonly { readonly surprised: boolean }[] }): Headline {
  const caught = r.spotters.filter((s) => s.surprised).length;
  return caught ? { key: `${H}Ambush.Caught`, data: { count: caught } } : { key: `${H}Ambush.Spotted` };
}

/** Shaking off surprise, and the Resolve left. */
export function shakeOffHeadline(r: { readonly resolve: number }): Headline {
  return { key: `${H}ShakeOff`, data: { resolve: r.resolve } };
}

/** A skill test from the sheet: passed or failed, and its Success Levels. */
export function skillHeadline(skill: string, r: { readonly success: boolean; readonly sl: number }): Headline {
  return { key: r.success ? `${H}Skill.Succeeds` : `${H}Skill.Fails`, data: { skill, sl: r.sl } };
}

/** What a fumble's effects leave the table to act on (the engine's FumbleEffects); `who`: the fumbler's name, `named`: a fighter's name by reference. */
export function fumbleAftermath(e: { readonly wounds: readonly { readonly id: string; readonly result: { readonly critical: boolean } }[]; readonly weaponRuined: boolean; readonly turnEffect: string | null; readonly stunned: boolean }, who: string, named: (ref: string) => string): Headline[] {
  const out: Headline[] = [];
  for (const w of e.wounds) if (w.result.critical) out.push({ key: "BOUT.Card.Headline.Then.Prone", data: { who: named(w.id) } });
  if (e.weaponRuined) out.push({ key: "BOUT.Card.Headline.Then.WeaponRuined", data: { who } });
  if (e.turnEffect) out.push({ key: `BOUT.Card.Headline.Then.Oops.${e.turnEffect}`, data: { who } });
  if (e.stunned) out.push({ key: "BOUT.Card.Headline.Then.Stunned", data: { who } });
  return out;
}

/** A hit whose Wounds leave the one struck Prone (a Critical Wound from Wounds past 0). */
export function hitAftermath(hit: { readonly wounds: { readonly critical: boolean } } | null, struck: string): Headline[] {
  return hit?.wounds.critical ? [{ key: "BOUT.Card.Headline.Then.Prone", data: { who: struck } }] : [];
}

/** A critical rolled on someone: a Critical Wound to tend. */
export function criticalAftermath(on: string): Headline {
  return { key: "BOUT.Card.Headline.Then.CriticalWound", data: { who: on } };
}
