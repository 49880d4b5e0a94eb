/**
 * Template rendering with the real `handlebars` package and the Foundry helpers
 * the system uses, implemented from their documented behaviour. `systems/<id>/…`
 * paths resolve into the system folder under test. As in Foundry, a partial must
 * be loaded with `loadTemplates` before a template can include it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import type { Localization } from "./i18n";
import { escapeHTML } from "./utils";

export interface TemplateEngine {
  handlebars: typeof Handlebars;
  load(paths: string[] | Record<string, string>): Promise<Handlebars.TemplateDelegate[]>;
  get(path: string): Promise<Handlebars.TemplateDelegate>;
  render(path: string, data?: object): Promise<string>;
  /** Every template path rendered or loaded, for coverage checks. */
  used: Set<string>;
}

type Choices = Record<string, unknown> | { value?: unknown; label?: unknown; [k: string]: unknown }[];

/** Handlebars options of every template (Foundry's: not strict, partials not re-indented). */
const COMPILE_OPTIONS = { strict: false, preventIndent: true };

/**
 * Each template source's compiled form, shared by every client's engine in this worker:
 * parsing and code generation depend only on the source and the options, while the helpers
 * and partials a template calls are looked up, when it renders, in the engine it is bound to
 * (`template(spec)`, as a precompiled template is). Compiling once instead of once per
 * connected client saves about a tenth of the shell suite's time.
 */
const specs = new Map<string, object>();

/**
 * `hb.compile(source, COMPILE_OPTIONS)` with the compiled form shared: lazy like it (a syntax
 * error shows at the first render, as in Foundry), with the same `_setup`/`_child` entry points.
 */
function compileShared(hb: typeof Handlebars, source: string): Handlebars.TemplateDelegate {
  let bound: (Handlebars.TemplateDelegate & Record<string, any>) | undefined;
  const bind = () => {
    let spec = specs.get(source);
    if (!spec) {
      spec = new Function(`return ${hb.precompile(source, COMPILE_OPTIONS) as unknown as string}`)() as object;
      specs.set(source, spec);
    }
    return (bound ??= hb.template(spec as never) as Handlebars.TemplateDelegate & Record<string, any>);
  };
  const ret = function (this: unknown, context: unknown, options?: Handlebars.RuntimeOptions) {
    return bind().call(this, context, options);
  } as Handlebars.TemplateDelegate & Record<string, any>;
  ret._setup = (options: unknown) => bind()._setup(options);
  ret._child = (i: number, data: unknown, blockParams: unknown, depths: unknown) => bind()._child(i, data, blockParams, depths);
  return ret;
}

export function createTemplateEngine({ systemRoot, systemId, i18n }: { systemRoot: string; systemId: string; i18n: Localization }): TemplateEngine {
  const hb = Handlebars.create();
  const cache = new Map<string, Handlebars.TemplateDelegate>();
  const used = new Set<string>();

  // Core templates a system's subclass may keep: stand-ins with the same data, not Foundry's markup.
  const CORE: Record<string, string> = {
    // v13's header: the encounter's round and, for a GM, Roll All and Roll NPCs (disabled with no turns).
    "templates/sidebar/tabs/combat/header.hbs": `<header class="combat-tracker-header">{{#if user.isGM}}<button type="button" class="combat-control" data-action="rollAll"{{#unless combat.turns.length}} disabled{{/unless}}>Roll All</button><button type="button" class="combat-control" data-action="rollNPC"{{#unless combat.turns.length}} disabled{{/unless}}>Roll NPCs</button>{{/if}}{{#if hasCombat}}<h4 class="encounter-title">{{#if combat.round}}Round {{combat.round}}{{else}}Not started{{/if}}</h4>{{/if}}</header>`,
    // v13's rows: initiative, else a roll button for the combatant's owner.
    "templates/sidebar/tabs/combat/tracker.hbs": `<ol class="combat-tracker plain">{{#each turns}}<li class="combatant {{css}}" data-combatant-id="{{id}}">{{name}}{{#if initiative}}<span class="initiative">{{initiative}}</span>{{else if isOwner}}<button type="button" class="combatant-control roll" data-action="rollInitiative"></button>{{/if}}</li>{{/each}}</ol>`,
    // v13's footer: a GM's controls, or, for the player whose combatant's turn it is, Previous Turn, End Turn and Next Turn.
    "templates/sidebar/tabs/combat/footer.hbs": `<nav class="combat-controls">{{#if hasCombat}}{{#if user.isGM}}{{#if combat.round}}<button type="button" class="combat-control" data-action="previousRound">Previous round</button><button type="button" class="combat-control" data-action="previousTurn">Previous turn</button><button type="button" class="combat-control" data-action="endCombat">End</button><button type="button" class="combat-control" data-action="nextTurn">Next turn</button><button type="button" class="combat-control" data-action="nextRound">Next round</button>{{else}}<button type="button" class="combat-control" data-action="startCombat">Begin</button>{{/if}}{{else if control}}<button type="button" class="combat-control" data-action="previousTurn">Previous turn</button><button type="button" class="combat-control" data-action="nextTurn">End turn</button>{{/if}}{{/if}}</nav>`,
  };

  const resolve = (path: string): string => {
    const prefix = `systems/${systemId}/`;
    if (!path.startsWith(prefix)) throw new Error(`The harness only serves this system's templates, not ${path}`);
    return join(systemRoot, path.slice(prefix.length));
  };

  const get = async (path: string): Promise<Handlebars.TemplateDelegate> => {
    used.add(path);
    let compiled = cache.get(path);
    if (!compiled) {
      let source: string;
      try {
        source = CORE[path] ?? readFileSync(resolve(path), "utf8");
      } catch {
        throw new Error(`Failed to load template ${path}`);
      }
      compiled = compileShared(hb, source);
      cache.set(path, compiled);
    }
    return compiled;
  };

  const load = async (paths: string[] | Record<string, string>) => {
    const entries = Array.isArray(paths) ? paths.map((p) => [p, p] as const) : Object.entries(paths);
    return Promise.all(
      entries.map(async ([name, path]) => {
        const template = await get(path);
        hb.registerPartial(name, template);
        return template;
      }),
    );
  };

  const render = async (path: string, data: object = {}) => (await get(path))(data, { allowProtoPropertiesByDefault: true, allowProtoMethodsByDefault: true });

  const hashOf = (args: unknown[]) => (args[args.length - 1] as Handlebars.HelperOptions).hash ?? {};
  const valuesOf = (args: unknown[]) => args.slice(0, -1);

  hb.registerHelper("localize", (key: string, options: Handlebars.HelperOptions) => {
    const hash = options?.hash ?? {};
    return Object.keys(hash).length ? i18n.format(key, hash) : i18n.localize(key);
  });
  hb.registerHelper("concat", (...args: unknown[]) => valuesOf(args).join(""));
  hb.registerHelper("checked", (value: unknown) => (value ? "checked" : ""));
  hb.registerHelper("disabled", (value: unknown) => (value ? "disabled" : ""));
  hb.registerHelper("ifThen", (cond: unknown, a: unknown, b: unknown) => (cond ? a : b));
  hb.registerHelper("json", (value: unknown) => JSON.stringify(value));
  hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
  hb.registerHelper("ne", (a: unknown, b: unknown) => a !== b);
  hb.registerHelper("lt", (a: number, b: number) => a < b);
  hb.registerHelper("lte", (a: number, b: number) => a <= b);
  hb.registerHelper("gt", (a: number, b: number) => a > b);
  hb.registerHelper("gte", (a: number, b: number) => a >= b);
  hb.registerHelper("and", (...args: unknown[]) => valuesOf(args).every(Boolean));
  hb.registerHelper("or", (...args: unknown[]) => valuesOf(args).some(Boolean));
  hb.registerHelper("not", (value: unknown) => !value);
  hb.registerHelper("numberFormat", (value: unknown, options: Handlebars.HelperOptions) => {
    const { decimals = 0, sign = false } = options.hash ?? {};
    const n = Number(value);
    const fixed = n.toFixed(Number(decimals));
    return sign && n >= 0 ? `+${fixed}` : fixed;
  });
  hb.registerHelper("selectOptions", (choices: Choices, ...rest: unknown[]) => {
    const { selected, blank, localize = false, valueAttr, labelAttr, sort = false } = hashOf(rest);
    const selectedValues = new Set((Array.isArray(selected) ? selected : [selected]).map((s) => String(s)));
    const entries: { value: string; label: string }[] = Array.isArray(choices)
      ? choices.map((c) => ({ value: String(valueAttr ? c[valueAttr] : c.value), label: String(labelAttr ? c[labelAttr] : c.label) }))
      : Object.entries(choices ?? {}).map(([value, label]) => ({
          value,
          label: String(typeof label === "object" && label ? ((label as Record<string, unknown>)[labelAttr ?? "label"] ?? value) : label),
        }));
    const options = entries.map((e) => ({ ...e, label: localize ? i18n.localize(e.label) : e.label }));
    if (sort) options.sort((a, b) => a.label.localeCompare(b.label));
    const html: string[] = [];
    if (blank !== undefined && blank !== null) html.push(`<option value="">${escapeHTML(localize ? i18n.localize(String(blank)) : String(blank))}</option>`);
    for (const o of options) {
      html.push(`<option value="${escapeHTML(o.value)}"${selectedValues.has(o.value) ? " selected" : ""}>${escapeHTML(o.label)}</option>`);
    }
    return new hb.SafeString(html.join(""));
  });

  return { handlebars: hb, load, get, render, used };
}
