/**
 * Which figures the equipment list shows for each item type, per ruleset: the
 * numbers a player looks up at the table (damage, reach, ATN/DTN, protection,
 * weight class ...), not the first fields a block happens to declare. Display
 * only: the values are the item's stored figures, formatted, never worked out.
 */
import type { ItemKind, Ruleset, RulesetId } from "../../engine/rulesets/ruleset";
import type { Stat, StatBlock } from "../../engine/rulesets/stats";

export interface ColumnSpec {
  /** The statistic in the ruleset's block for the item type. */
  readonly key: string;
  /** Localization key of the short column heading; the statistic's own label is its tooltip. */
  readonly heading: string;
  /** A choice statistic written after the value (a blow's damage type: "+2 cut"). */
  readonly with?: string;
  /** Modifiers read with their sign (+2, −1). */
  readonly signed?: boolean;
}

export const ITEM_COLUMNS: Readonly<Record<RulesetId, Readonly<Partial<Record<ItemKind, readonly ColumnSpec[]>>>>> = {
  steel: {
    weapon: [
      { key: "reach", heading: "BOUT.Sheet.Column.Reach" },
      { key: "atnSwing", heading: "BOUT.Sheet.Column.AtnSwing" },
      { key: "atnThrust", heading: "BOUT.Sheet.Column.AtnThrust" },
      { key: "dtn", heading: "BOUT.Sheet.Column.Dtn" },
      { key: "swingDamage", heading: "BOUT.Sheet.Column.Swing", with: "swingType", signed: true },
      { key: "thrustDamage", heading: "BOUT.Sheet.Column.Thrust", with: "thrustType", signed: true },
    ],
    armor: [
      { key: "av", heading: "BOUT.Sheet.Column.Av" },
      { key: "cpPenalty", heading: "BOUT.Sheet.Column.CpPenalty" },
      { key: "covers", heading: "BOUT.Sheet.Column.Covers" },
    ],
    shield: [
      { key: "dtn", heading: "BOUT.Sheet.Column.Dtn" },
      { key: "missileDtn", heading: "BOUT.Sheet.Column.MissileDtn" },
      { key: "cpPenalty", heading: "BOUT.Sheet.Column.CpPenalty" },
    ],
    maneuver: [
      { key: "family", heading: "BOUT.Sheet.Column.Family" },
      { key: "activationCost", heading: "BOUT.Sheet.Column.Cost" },
      { key: "tnModifier", heading: "BOUT.Sheet.Column.TnModifier", signed: true },
    ],
    skill: [
      { key: "attribute", heading: "BOUT.Sheet.Column.Attribute" },
      { key: "tn", heading: "BOUT.Sheet.Column.Tn" },
    ],
  },
  phases: {
    weapon: [
      { key: "initiative", heading: "BOUT.Sheet.Column.Initiative" },
      { key: "attack", heading: "BOUT.Sheet.Column.Attack" },
      { key: "defense", heading: "BOUT.Sheet.Column.Defence" },
      { key: "damage", heading: "BOUT.Sheet.Column.Damage" },
      { key: "range", heading: "BOUT.Sheet.Column.Range" },
    ],
    armor: [{ key: "protection", heading: "BOUT.Sheet.Column.Protection" }],
    shield: [{ key: "defense", heading: "BOUT.Sheet.Column.Defence" }],
  },
  actionpoints: {
    weapon: [
      { key: "baseDamage", heading: "BOUT.Sheet.Column.Damage" },
      { key: "size", heading: "BOUT.Sheet.Column.Size" },
      { key: "attackCost", heading: "BOUT.Sheet.Column.ApCost" },
      { key: "skill", heading: "BOUT.Sheet.Column.Skill" },
    ],
    armor: [
      { key: "absorption", heading: "BOUT.Sheet.Column.Absorption" },
      { key: "weight", heading: "BOUT.Sheet.Column.Weight" },
      { key: "apModifier", heading: "BOUT.Sheet.Column.ApModifier", signed: true },
    ],
    shield: [
      { key: "absorption", heading: "BOUT.Sheet.Column.Absorption" },
      { key: "blockBonus", heading: "BOUT.Sheet.Column.BlockBonus", signed: true },
    ],
    skill: [
      { key: "kind", heading: "BOUT.Sheet.Column.SkillKind" },
      { key: "tsc", heading: "BOUT.Sheet.Column.Tsc" },
      { key: "psf", heading: "BOUT.Sheet.Column.Psf" },
    ],
  },
  opposed: {
    weapon: [
      { key: "kind", heading: "BOUT.Sheet.Column.WeaponKind" },
      { key: "damage", heading: "BOUT.Sheet.Column.Damage" },
      { key: "reach", heading: "BOUT.Sheet.Column.Reach" },
      { key: "range", heading: "BOUT.Sheet.Column.Range" },
    ],
    armor: [
      { key: "head", heading: "BOUT.Sheet.Column.Head" },
      { key: "body", heading: "BOUT.Sheet.Column.Body" },
      { key: "leftArm", heading: "BOUT.Sheet.Column.LeftArm" },
      { key: "rightArm", heading: "BOUT.Sheet.Column.RightArm" },
      { key: "leftLeg", heading: "BOUT.Sheet.Column.LeftLeg" },
      { key: "rightLeg", heading: "BOUT.Sheet.Column.RightLeg" },
    ],
    shield: [
      { key: "ap", heading: "BOUT.Sheet.Column.Ap" },
      { key: "large", heading: "BOUT.Sheet.Column.Large" },
    ],
    skill: [
      { key: "characteristic", heading: "BOUT.Sheet.Column.Characteristic" },
      { key: "advances", heading: "BOUT.Sheet.Column.Advances" },
    ],
  },
  pulse: {
    weapon: [
      { key: "weaponClass", heading: "BOUT.Sheet.Column.WeaponClass" },
      { key: "baseChance", heading: "BOUT.Sheet.Column.BaseChance" },
      { key: "damage", heading: "BOUT.Sheet.Column.Damage", signed: true },
      { key: "rank", heading: "BOUT.Sheet.Column.Rank" },
      { key: "range", heading: "BOUT.Sheet.Column.Range" },
    ],
    armor: [
      { key: "protection", heading: "BOUT.Sheet.Column.Protection" },
      { key: "agPenalty", heading: "BOUT.Sheet.Column.AgPenalty" },
      { key: "tmrPenalty", heading: "BOUT.Sheet.Column.TmrPenalty" },
    ],
    shield: [{ key: "defense", heading: "BOUT.Sheet.Column.Defence" }],
  },
};

/** One piece of a cell: a literal (a number, a name) or a localization key, with what goes before it. */
export type CellPart = ({ readonly text: string } | { readonly key: string }) & { readonly sep?: string };

export interface ColumnHead {
  readonly key: string;
  readonly heading: string;
  /** The statistic's full label. */
  readonly label: string;
}

/** The columns of a ruleset for an item type; none when the ruleset keeps no figures for it. */
export function columnsFor(ruleset: Ruleset, kind: ItemKind): ColumnHead[] {
  const block = ruleset.stats[kind] ?? {};
  return (ITEM_COLUMNS[ruleset.id][kind] ?? []).filter((c) => block[c.key]).map((c) => ({ key: c.key, heading: c.heading, label: block[c.key]!.label }));
}

/** Whether the ruleset in play keeps figures for this item type at all (else its items wait under a fold). */
export function rulesetUsesKind(ruleset: Ruleset, kind: ItemKind): boolean {
  return Object.keys(ruleset.stats[kind] ?? {}).length > 0;
}

const signedText = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0");

function partsOf(stat: Stat, value: unknown, signed: boolean): CellPart[] {
  switch (stat.kind) {
    case "integer":
    case "number": {
      const n = typeof value === "number" ? value : stat.initial;
      return [{ text: signed ? signedText(n) : String(n) }];
    }
    case "boolean":
      return [{ key: (value ?? stat.initial) ? "BOUT.Sheet.Yes" : "BOUT.Sheet.No" }];
    case "text":
      return [{ text: String(value ?? stat.initial) || "\u2014" }];
    case "choice":
      return [{ key: `${stat.choiceLabels}.${String(value ?? stat.initial)}` }];
    case "group": {
      // A set of switches (the places armour covers): the labels of those on.
      const on = Object.entries(stat.fields).filter(([k, child]) => child.kind === "boolean" && ((value as Record<string, unknown> | undefined)?.[k] ?? child.initial));
      return on.length ? on.map(([, child], i) => ({ key: child.label, ...(i ? { sep: ", " } : {}) })) : [{ text: "\u2014" }];
    }
  }
}

/** The cells of one item's row, in column order. */
export function rowCells(ruleset: Ruleset, kind: ItemKind, values: unknown): { key: string; parts: CellPart[] }[] {
  const block: StatBlock = ruleset.stats[kind] ?? {};
  const source = (values ?? {}) as Record<string, unknown>;
  return (ITEM_COLUMNS[ruleset.id][kind] ?? [])
    .filter((c) => block[c.key])
    .map((c) => {
      const parts = partsOf(block[c.key]!, source[c.key], Boolean(c.signed));
      const extra = c.with ? block[c.with] : undefined;
      if (!extra) return { key: c.key, parts };
      // A blow of type "none" is no blow: a dash, not "+0 none".
      const type = source[c.with!] ?? (extra.kind === "choice" ? extra.initial : undefined);
      return { key: c.key, parts: type === "none" ? [{ text: "\u2014" }] : [...parts, ...partsOf(extra, type, false).map((p) => ({ ...p, sep: " " }))] };
    });
}

/** Foundry's own icon for an item type, for an item that has no picture of its own. */
export const DEFAULT_ITEM_ICONS: Readonly<Record<ItemKind, string>> = {
  weapon: "icons/svg/sword.svg",
  armor: "icons/svg/holy-shield.svg",
  shield: "icons/svg/shield.svg",
  maneuver: "icons/svg/thrust.svg",
  skill: "icons/svg/book.svg",
};

/** Core gives every new item the bag; our type icons say more at a glance. */
const CORE_ITEM_ICON = "icons/svg/item-bag.svg";

export function itemImage(kind: string, img: string | null | undefined): string {
  if (img && img !== CORE_ITEM_ICON) return img;
  return DEFAULT_ITEM_ICONS[kind as ItemKind] ?? CORE_ITEM_ICON;
}
