/**
 * A subset of Foundry's `Roll` for the harness: formulas made of `NdF` dice terms,
 * numbers, `@data` references and + / -. Dice faces come from
 * `CONFIG.Dice.randomUniform`, the hook Foundry itself rolls through, so a test can
 * seed a client's dice. Evaluation is asynchronous, as in v13.
 */
import { getProperty } from "./utils";

export interface DieResult {
  result: number;
  active: boolean;
}

export class DiceTerm {
  number: number;
  faces: number;
  results: DieResult[] = [];
  modifiers: string[] = [];
  readonly isDeterministic = false;
  constructor({ number = 1, faces = 6 }: { number?: number; faces?: number } = {}) {
    this.number = number;
    this.faces = faces;
  }
  get total(): number {
    return this.results.filter((r) => r.active).reduce((t, r) => t + r.result, 0);
  }
  get values(): number[] {
    return this.results.filter((r) => r.active).map((r) => r.result);
  }
  get expression(): string {
    return `${this.number}d${this.faces}`;
  }
  get formula(): string {
    return this.expression;
  }
  get denomination(): string {
    return `d${this.faces}`;
  }
  toJSON() {
    return { class: "Die", number: this.number, faces: this.faces, results: this.results, modifiers: this.modifiers, evaluated: true };
  }
}

export class Die extends DiceTerm {}

export class NumericTerm {
  readonly isDeterministic = true;
  constructor(public number: number) {}
  get total(): number {
    return this.number;
  }
  get formula(): string {
    return String(this.number);
  }
  toJSON() {
    return { class: "NumericTerm", number: this.number, evaluated: true };
  }
}

export class OperatorTerm {
  readonly isDeterministic = true;
  constructor(public operator: "+" | "-") {}
  get formula(): string {
    return ` ${this.operator} `;
  }
  toJSON() {
    return { class: "OperatorTerm", operator: this.operator, evaluated: true };
  }
}

type Term = DiceTerm | NumericTerm | OperatorTerm;

export function defineRoll(
  random: () => number,
  log: { formula: string; results: number[][] }[],
  createMessage: (data: Record<string, unknown>, options: Record<string, unknown>) => Promise<unknown> = async () => null,
) {
  return class Roll {
    static CHAT_TEMPLATE = "templates/dice/roll.html";
    formula: string;
    data: Record<string, unknown>;
    options: Record<string, unknown>;
    terms: Term[];
    _evaluated = false;
    _total: number | undefined;

    constructor(formula: string, data: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
      this.data = data;
      this.options = options;
      this.terms = Roll.parse(formula, data);
      this.formula = this.terms.map((t) => t.formula).join("").trim();
    }

    static parse(formula: string, data: Record<string, unknown> = {}): Term[] {
      const replaced = formula.replace(/@([a-zA-Z0-9_.]+)/g, (_m, key: string) => {
        const value = getProperty(data, key);
        if (value === undefined) return "0";
        return String(value);
      });
      const tokens = replaced.replace(/\s+/g, "").match(/[+-]|[^+-]+/g) ?? [];
      const terms: Term[] = [];
      for (const token of tokens) {
        if (token === "+" || token === "-") terms.push(new OperatorTerm(token));
        else if (/^\d*d\d+$/.test(token)) {
          const [n, f] = token.split("d");
          terms.push(new Die({ number: n ? Number(n) : 1, faces: Number(f) }));
        } else if (/^\d+(\.\d+)?$/.test(token)) terms.push(new NumericTerm(Number(token)));
        else throw new Error(`Unable to parse roll formula term "${token}" in "${formula}"`);
      }
      return terms;
    }

    get dice(): DiceTerm[] {
      return this.terms.filter((t): t is DiceTerm => t instanceof DiceTerm);
    }

    get total(): number | undefined {
      return this._total;
    }

    get result(): string {
      return this.terms.map((t) => (t instanceof OperatorTerm ? t.operator : String(t.total))).join(" ");
    }

    get isDeterministic(): boolean {
      return this.terms.every((t) => t.isDeterministic);
    }

    async evaluate(): Promise<this> {
      return this.evaluateNow();
    }

    private evaluateNow(): this {
      if (this._evaluated) throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
      for (const term of this.dice) {
        for (let i = 0; i < term.number; i++) {
          const face = Math.min(term.faces, Math.max(1, Math.ceil(random() * term.faces)));
          term.results.push({ result: face, active: true });
        }
      }
      let total = 0;
      let sign = 1;
      for (const term of this.terms) {
        if (term instanceof OperatorTerm) sign = term.operator === "-" ? -1 : 1;
        else total += sign * term.total;
      }
      this._total = total;
      this._evaluated = true;
      log.push({ formula: this.formula, results: this.dice.map((d) => d.values) });
      return this;
    }

    toJSON() {
      return {
        class: "Roll",
        formula: this.formula,
        options: this.options,
        terms: this.terms.map((t) => t.toJSON()),
        total: this._total,
        evaluated: this._evaluated,
      };
    }

    static fromData(data: { formula: string; terms: { class: string; results?: DieResult[] }[]; total?: number; evaluated?: boolean; options?: Record<string, unknown> }): Roll {
      const roll = new Roll(data.formula, {}, data.options ?? {});
      roll.terms.forEach((t, i) => {
        const src = data.terms[i];
        if (t instanceof DiceTerm && src?.results) t.results = src.results.map((r) => ({ ...r }));
      });
      roll._total = data.total;
      roll._evaluated = Boolean(data.evaluated);
      return roll;
    }

    /**
     * As Foundry's: evaluates if needed, then creates a chat message carrying the roll
     * with its total as content; the roll mode travels in the creation options.
     */
    async toMessage(messageData: Record<string, unknown> = {}, { rollMode, create = true }: { rollMode?: string; create?: boolean } = {}): Promise<unknown> {
      if (!this._evaluated) await this.evaluate();
      const data = { content: String(this._total), ...messageData, rolls: [this.toJSON()] };
      return create ? createMessage(data, rollMode ? { rollMode } : {}) : data;
    }

    /** v13 Roll.create: synchronous, a new roll of CONFIG.Dice.rolls[0]'s class. */
    static create(formula: string, data: Record<string, unknown> = {}, options: Record<string, unknown> = {}): Roll {
      return new this(formula, data, options);
    }
  };
}

export type RollClass = ReturnType<typeof defineRoll>;
