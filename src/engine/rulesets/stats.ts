/**
 * Statistics as plain data. A ruleset describes the numbers its actors and items
 * carry; the Foundry shell turns each description into a data-model schema (with
 * the limits enforced) and into sheet fields, so the engine stays the one place
 * where a statistic is defined. Values are typed from the descriptions with
 * `StatValues<typeof block>`.
 */

interface StatBase {
  /** Localization key of the label shown on sheets. */
  readonly label: string;
  /** Optional localization key of a longer explanation (tooltip). */
  readonly hint?: string;
}

export interface IntegerStat extends StatBase {
  readonly kind: "integer";
  readonly initial: number;
  readonly min?: number;
  readonly max?: number;
}

export interface NumberStat extends StatBase {
  readonly kind: "number";
  readonly initial: number;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
}

export interface BooleanStat extends StatBase {
  readonly kind: "boolean";
  readonly initial: boolean;
  /**
   * The token condition (a status id) this state is: the actor's statuses are
   * its one owner (issue 31). The figure is read from them, never stored, and
   * the sheet's box sets or clears the condition itself.
   */
  readonly status?: string;
}

export interface TextStat extends StatBase {
  readonly kind: "text";
  readonly initial: string;
}

export interface ChoiceStat<C extends string = string> extends StatBase {
  readonly kind: "choice";
  readonly initial: C;
  readonly choices: readonly C[];
  /** Localization key prefix: the label of choice `c` is `${choiceLabels}.${c}`. */
  readonly choiceLabels: string;
}

export interface GroupStat extends StatBase {
  readonly kind: "group";
  readonly fields: StatBlock;
}

export type Stat = IntegerStat | NumberStat | BooleanStat | TextStat | ChoiceStat | GroupStat;

export type StatBlock = { readonly [key: string]: Stat };

type StatValue<S> = S extends { kind: "integer" | "number" }
  ? number
  : S extends { kind: "boolean" }
    ? boolean
    : S extends { kind: "text" }
      ? string
      : S extends { kind: "choice"; choices: readonly (infer C)[] }
        ? C
        : S extends { kind: "group"; fields: infer F }
          ? StatValues<F>
          : never;

/** The plain values a block of statistics holds. */
export type StatValues<B> = { -readonly [K in keyof B]: StatValue<B[K]> };

/** The initial values of a block, as a new document gets them. */
export function initialValues<B extends StatBlock>(block: B): StatValues<B> {
  const out: Record<string, unknown> = {};
  for (const [key, stat] of Object.entries(block)) out[key] = stat.kind === "group" ? initialValues(stat.fields) : stat.initial;
  return out as StatValues<B>;
}

/** The statistic at a dotted path in a block (into groups), or undefined. */
export function statAt(block: StatBlock, path: string): Stat | undefined {
  const [head, ...rest] = path.split(".");
  const stat = block[head ?? ""];
  if (!stat || rest.length === 0) return stat;
  return stat.kind === "group" ? statAt(stat.fields, rest.join(".")) : undefined;
}

/** The states of a block that are token conditions: each one's dotted path in the block and its status id. */
export function conditionStats(block: StatBlock, prefix = ""): { readonly path: string; readonly status: string }[] {
  return Object.entries(block).flatMap(([key, stat]) =>
    stat.kind === "group" ? conditionStats(stat.fields, `${prefix}${key}.`) : stat.kind === "boolean" && stat.status ? [{ path: `${prefix}${key}`, status: stat.status }] : [],
  );
}

/** Every localization key a block uses (labels, hints, choice labels), for coverage tests. */
export function statKeys(block: StatBlock): string[] {
  return Object.values(block).flatMap((stat) => [
    stat.label,
    ...(stat.hint ? [stat.hint] : []),
    ...(stat.kind === "choice" ? stat.choices.map((c) => `${stat.choiceLabels}.${c}`) : []),
    ...(stat.kind === "group" ? statKeys(stat.fields) : []),
  ]);
}

/** A value derived by the engine and shown read-only, with its label. */
export interface DerivedValue {
  readonly label: string;
  readonly value: number;
  readonly hint?: string;
}
