/**
 * The armory grid's columns (pure: no Foundry globals). One column per figure a
 * ruleset declares for the item kind (groups flattened, `covers.head`), then the
 * ruleset's "figures from" marker. Limits come from the engine's stat
 * descriptions, the same ones the data models and the item sheet are built from.
 */
import { RULESETS } from "../../engine/rulesets/registry";
import { RULESET_IDS, type RulesetId } from "../../engine/rulesets/ruleset";
import type { Stat, StatBlock } from "../../engine/rulesets/stats";

/** The item kinds the armory edits: weapons, or on the switch armour and shields. */
export const ARMORY_KINDS = ["weapon", "armor", "shield"] as const;
export type ArmoryKind = (typeof ARMORY_KINDS)[number];

export type LeafStat = Exclude<Stat, { kind: "group" }>;

export interface FigureColumn {
  readonly type: "figure";
  /** Column key in files and the grid: `steel.reach`, `steel.covers.head`. */
  readonly key: string;
  readonly ruleset: RulesetId;
  /** Path inside the ruleset block: `reach`, `covers.head`. */
  readonly path: string;
  readonly stat: LeafStat;
  /** Localization key of the label (and of the group it sits in, if any). */
  readonly label: string;
  readonly group?: string;
}

export interface SourceColumn {
  readonly type: "source";
  /** `steel.source`: where the ruleset's figures came from. */
  readonly key: string;
  readonly ruleset: RulesetId;
}

export type ArmoryColumn = FigureColumn | SourceColumn;

/** Columns every file and row carries before the figures. */
export const FIXED_COLUMNS = ["id", "name", "img"] as const;

function leaves(block: StatBlock, ruleset: RulesetId, prefix = "", group?: string): FigureColumn[] {
  return Object.entries(block).flatMap(([key, stat]): FigureColumn[] => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (stat.kind === "group") return leaves(stat.fields, ruleset, path, stat.label);
    return [{ type: "figure", key: `${ruleset}.${path}`, ruleset, path, stat, label: stat.label, ...(group ? { group } : {}) }];
  });
}

/** The figure columns of one ruleset for a kind, then its "figures from" column. */
export function rulesetColumns(kind: ArmoryKind, ruleset: RulesetId): ArmoryColumn[] {
  const figures = leaves(RULESETS[ruleset].stats[kind], ruleset);
  return figures.length ? [...figures, { type: "source", key: `${ruleset}.source`, ruleset }] : [];
}

// The stat descriptions never change once loaded: each kind's columns are built once.
const ALL = new Map<ArmoryKind, { list: ArmoryColumn[]; byKey: Map<string, ArmoryColumn> }>();

function columnsOf(kind: ArmoryKind) {
  let entry = ALL.get(kind);
  if (!entry) {
    const list = RULESET_IDS.flatMap((id) => rulesetColumns(kind, id));
    entry = { list, byKey: new Map(list.map((c) => [c.key, c])) };
    ALL.set(kind, entry);
  }
  return entry;
}

/** Every ruleset's columns, in the registry's order (what an "all rulesets" export holds). */
export function allColumns(kind: ArmoryKind): ArmoryColumn[] {
  return [...columnsOf(kind).list];
}

/** A column by its key, or undefined when no ruleset declares it for this kind. */
export function columnByKey(kind: ArmoryKind, key: string): ArmoryColumn | undefined {
  return (ARMORY_KINDS as readonly string[]).includes(kind) ? columnsOf(kind).byKey.get(key) : undefined;
}

/** A column key's ruleset and its path inside the ruleset block (`source` for the "figures from" marker): `steel.covers.head` is steel, `covers.head`. */
export function splitColumnKey(key: string): { readonly ruleset: string; readonly path: string } {
  const dot = key.indexOf(".");
  return { ruleset: key.slice(0, dot), path: key.slice(dot + 1) };
}
