/**
 * Wounds ("Each wound ranges in severity", "Damage Types", "Shock and Pain",
 * "Blood Loss"). The level is the attack's Margin of Success plus the weapon's
 * damage, less the target's Toughness and the armour over the part struck,
 * capped at 5; at 0 or below the blow is a bruise. The seed names cut, puncture,
 * blunt and generic damage tables without printing them: the figures below are
 * our defaults, built from a per-part severity and a per-type profile, and the
 * group may overwrite any entry of DEFAULT_WOUND_TABLE from their own book.
 */
import type { BodyPart } from "./hit-locations";
import { BODY_PARTS } from "./hit-locations";
import type { DamageType } from "./stats";
import { DAMAGE_TYPES } from "./stats";

export const MAX_WOUND_LEVEL = 5;

export interface WoundEntry {
  /** Dice lost from every pool for the rest of this round. */
  readonly shock: number;
  /** Dice lost from every pool until the wound heals (before Will). */
  readonly pain: number;
  /** The Blood Loss TN this wound brings (0 = it does not bleed). */
  readonly bloodLoss: number;
  /** A head or leg blow that calls for a Knockdown roll at TN = Shock. */
  readonly knockdown: boolean;
  /** A blow that calls for a Knockout roll. */
  readonly knockout: boolean;
  /** Usually fatal: the GM has the last word. */
  readonly fatal: boolean;
}

/** Levels 1..5 (index 0 = level 1). */
export type WoundRow = readonly [WoundEntry, WoundEntry, WoundEntry, WoundEntry, WoundEntry];
export type WoundTable = Readonly<Record<DamageType, Readonly<Record<BodyPart, WoundRow>>>>;

/** How hard each part takes a blow (1 = ordinary) and what it calls for. */
const PART_PROFILE: Readonly<Record<BodyPart, { severity: number; bleeds: number; knockdown: boolean; knockout: boolean; vital: boolean }>> = {
  head: { severity: 1.5, bleeds: 1, knockdown: true, knockout: true, vital: true },
  face: { severity: 1.25, bleeds: 1, knockdown: false, knockout: true, vital: true },
  neck: { severity: 1.5, bleeds: 2, knockdown: false, knockout: false, vital: true },
  shoulder: { severity: 1, bleeds: 1, knockdown: false, knockout: false, vital: false },
  arm: { severity: 0.75, bleeds: 1, knockdown: false, knockout: false, vital: false },
  hand: { severity: 0.75, bleeds: 0, knockdown: false, knockout: false, vital: false },
  chest: { severity: 1.25, bleeds: 1, knockdown: false, knockout: false, vital: true },
  belly: { severity: 1, bleeds: 2, knockdown: false, knockout: false, vital: true },
  groin: { severity: 1.25, bleeds: 2, knockdown: true, knockout: false, vital: false },
  thigh: { severity: 1, bleeds: 1, knockdown: true, knockout: false, vital: false },
  lowerLeg: { severity: 0.75, bleeds: 0, knockdown: true, knockout: false, vital: false },
  foot: { severity: 0.5, bleeds: 0, knockdown: true, knockout: false, vital: false },
};

/** Cuts bleed, punctures bleed deep and hurt less at first, blunt blows shock and rarely bleed. */
const TYPE_PROFILE: Readonly<Record<DamageType, { shock: number; pain: number; blood: number }>> = {
  cut: { shock: 1, pain: 1, blood: 1 },
  puncture: { shock: 0.75, pain: 0.75, blood: 1.25 },
  blunt: { shock: 1.25, pain: 1, blood: 0.25 },
  generic: { shock: 1, pain: 1, blood: 0.5 },
};

/** The shock and pain of a level-n wound on an ordinary part before the profiles. */
const LEVEL_SHOCK = [2, 4, 7, 10, 14] as const;
const LEVEL_PAIN = [1, 2, 4, 6, 9] as const;
const LEVEL_BLOOD = [0, 3, 5, 7, 9] as const;
/** A single wound's Blood Loss TN never passes 10 (a d10 must be able to meet it). */
const MAX_WOUND_BLOOD = 10;

function entry(type: DamageType, part: BodyPart, level: number): WoundEntry {
  const p = PART_PROFILE[part];
  const t = TYPE_PROFILE[type];
  const i = level - 1;
  const blood = Math.min(MAX_WOUND_BLOOD, p.bleeds === 0 ? (level >= 4 ? LEVEL_BLOOD[i]! : 0) : Math.round((LEVEL_BLOOD[i]! + (p.bleeds - 1)) * t.blood));
  return {
    shock: Math.round(LEVEL_SHOCK[i]! * p.severity * t.shock),
    pain: Math.round(LEVEL_PAIN[i]! * p.severity * t.pain),
    bloodLoss: level === 1 ? 0 : blood,
    knockdown: p.knockdown && level >= 2,
    knockout: p.knockout && level >= (type === "blunt" ? 1 : 2),
    fatal: level === MAX_WOUND_LEVEL && p.vital,
  };
}

function buildTable(): WoundTable {
  const table = {} as Record<DamageType, Record<BodyPart, WoundRow>>;
  for (const type of DAMAGE_TYPES) {
    table[type] = {} as Record<BodyPart, WoundRow>;
    for (const part of BODY_PARTS) {
      table[type][part] = [1, 2, 3, 4, 5].map((l) => entry(type, part, l)) as unknown as WoundRow;
    }
  }
  return table;
}

/** The shipped default wound tables: plain data once built; replace entries freely. */
export const DEFAULT_WOUND_TABLE: WoundTable = buildTable();

export interface WoundLevelInput {
  readonly margin: number;
  /** The weapon's damage with Strength already added where it applies. */
  readonly damage: number;
  readonly toughness: number;
  readonly armour: number;
}

/** The raw level before the cap and the floor, kept for chat cards. */
export function rawWoundLevel(i: WoundLevelInput): number {
  return i.margin + i.damage - i.toughness - i.armour;
}

export function woundLevel(i: WoundLevelInput): number {
  return Math.max(0, Math.min(MAX_WOUND_LEVEL, rawWoundLevel(i)));
}

/** Damage a weapon deals: its modifier, plus Strength unless the bow or crossbow sets it. */
export function weaponDamage(strength: number, modifier: number, addStrength: boolean): number {
  return (addStrength ? strength : 0) + modifier;
}

export function lookupWound(type: DamageType, part: BodyPart, level: number, table: WoundTable = DEFAULT_WOUND_TABLE): WoundEntry | null {
  if (level <= 0) return null;
  const row = table[type][part];
  return row[Math.min(MAX_WOUND_LEVEL, level) - 1] ?? null;
}
