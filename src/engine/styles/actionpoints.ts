/**
 * Actionpoints' fighting styles (seed 002): the defence a fighter tries first
 * (IV; the free passive defence when it cannot make or pay for it), whether it
 * takes the blows a winning defence opens (VI), and when it strikes (II-III: a
 * blow whenever its points pay for one, else it passes for the round).
 */
import { ATTACK_ADVANTAGES, type AdvantageKind, type Defence } from "../rulesets/actionpoints";

export interface ActionPointsStyle {
  /** The defence tried first; the free passive defence when it cannot be paid or made. */
  readonly defence: "passive" | "active" | "dodge" | "none";
  /** Take the blow a winning defence opens (VI), Fatigue allowing. */
  readonly advantages?: boolean;
}

export const ACTIONPOINTS_STYLES: Readonly<Record<string, ActionPointsStyle>> = {
  "passive-guard": { defence: "passive" },
  "active-guard": { defence: "active" },
  dodger: { defence: "dodge" },
  "all-out-attack": { defence: "none" },
  "parry-and-riposte": { defence: "active", advantages: true },
  "dodge-and-strike": { defence: "dodge", advantages: true },
};

/** An active defence, which costs Fatigue and needs its skill. */
export type ActiveDefence = "activeShield" | "activeParry" | "dodge";

/**
 * The defence the style makes: its own when `usable` says the fighter can make
 * and pay for it now, else the free passive one (with the shield when it plays one).
 */
export function apDefence(style: ActionPointsStyle, playsShield: boolean, usable: (defence: ActiveDefence) => boolean): Defence {
  const passive: Defence = playsShield ? "passiveShield" : "passiveParry";
  switch (style.defence) {
    case "none":
      return "none";
    case "passive":
      return passive;
    case "dodge":
      return usable("dodge") ? "dodge" : passive;
    case "active": {
      const active: ActiveDefence = playsShield ? "activeShield" : "activeParry";
      return usable(active) ? active : passive;
    }
  }
}

/** VI: the first blow the defence opened that the style takes and the fighter can pay for; null when none. */
export function apAdvantage(style: ActionPointsStyle, options: readonly AdvantageKind[], costs: Readonly<Record<AdvantageKind, number>>, fatigueNow: number): AdvantageKind | null {
  if (!style.advantages) return null;
  return options.find((k) => ATTACK_ADVANTAGES.includes(k) && costs[k] <= fatigueNow) ?? null;
}

/** II-III: strike while the points pay for a blow; otherwise pass for the round. */
export const apAct = (_style: ActionPointsStyle, pool: number, cost: number): "attack" | "pass" => (pool >= cost ? "attack" : "pass");
