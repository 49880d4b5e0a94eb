/**
 * The ApplicationV2 family for the harness, as far as sheets use it: options merged
 * down the inheritance chain, tabs from `static TABS`, PARTS rendered with the real
 * Handlebars, DocumentSheetV2's context keys, sheet registration in
 * `CONFIG[doc].sheetClasses`, and DialogV2 prompts answered by the test.
 * There is no DOM: `render` fills `renderedParts` (part id → HTML) instead.
 */
import { type AnyObject, deepClone, expandObject, mergeObject } from "./utils";

type Templates = { render(path: string, context: AnyObject): Promise<string> };

export interface DialogResponder {
  /** Answer a DialogV2.confirm / prompt / wait; the default confirms. */
  (kind: "confirm" | "prompt" | "wait", config: AnyObject): unknown;
}

export function createApplications({ templates, CONFIG, game, ui }: { templates: Templates; CONFIG: AnyObject; game: AnyObject; ui: AnyObject }) {
  let appIds = 0;
  const dialogs: { responder: DialogResponder; asked: { kind: string; config: AnyObject }[] } = {
    responder: () => true,
    asked: [],
  };

  class ApplicationV2 {
    static DEFAULT_OPTIONS: AnyObject = {
      id: "app-{id}",
      classes: [],
      tag: "div",
      window: { frame: true, positioned: true, title: "", icon: false, controls: [], minimizable: true, resizable: false },
      actions: {},
      form: undefined,
      position: {},
    };
    static TABS: AnyObject = {};

    static get inheritanceChain(): (typeof ApplicationV2)[] {
      const chain: (typeof ApplicationV2)[] = [];
      let cls: any = this;
      while (cls && cls !== Function.prototype) {
        chain.unshift(cls);
        if (cls === ApplicationV2) break;
        cls = Object.getPrototypeOf(cls);
      }
      return chain;
    }

    options: AnyObject;
    tabGroups: Record<string, string | null> = {};
    rendered = false;
    renderedParts: Record<string, string> = {};
    readonly appId = ++appIds;

    constructor(options: AnyObject = {}) {
      const merged: AnyObject = {};
      for (const cls of (this.constructor as typeof ApplicationV2).inheritanceChain) {
        if (Object.prototype.hasOwnProperty.call(cls, "DEFAULT_OPTIONS")) mergeObject(merged, deepClone(cls.DEFAULT_OPTIONS), { inplace: true });
      }
      mergeObject(merged, options, { inplace: true });
      merged.id = String(merged.id).replace("{id}", String(this.appId));
      this.options = merged;
      for (const [group, config] of Object.entries<AnyObject>((this.constructor as typeof ApplicationV2).TABS ?? {})) {
        this.tabGroups[group] = config.initial ?? config.tabs?.[0]?.id ?? null;
      }
    }

    get id(): string {
      return this.options.id;
    }

    async _prepareContext(_options: AnyObject): Promise<AnyObject> {
      return {};
    }

    _prepareTabs(group: string): Record<string, AnyObject> {
      const config = (this.constructor as typeof ApplicationV2).TABS?.[group];
      if (!config) return {};
      const active = this.tabGroups[group];
      return Object.fromEntries(
        (config.tabs as AnyObject[]).map((tab) => {
          const isActive = tab.id === active;
          const label = tab.label ?? (config.labelPrefix ? `${config.labelPrefix}.${tab.id}` : tab.id);
          return [tab.id, { ...tab, group, active: isActive, cssClass: isActive ? "active" : "", label }];
        }),
      );
    }

    changeTab(tab: string, group: string): void {
      this.tabGroups[group] = tab;
    }

    async _preparePartContext(partId: string, context: AnyObject, _options: AnyObject): Promise<AnyObject> {
      context.partId = `${this.id}-${partId}`;
      return context;
    }

    async render(options: AnyObject | boolean = {}): Promise<this> {
      const opts = typeof options === "boolean" ? { force: options } : options;
      const context = await this._prepareContext(opts);
      const parts = ((this.constructor as AnyObject).PARTS ?? {}) as Record<string, AnyObject>;
      this.renderedParts = {};
      for (const [partId, part] of Object.entries(parts)) {
        const partContext = await this._preparePartContext(partId, { ...context }, opts);
        this.renderedParts[partId] = await templates.render(part.template, partContext);
      }
      this.rendered = true;
      return this;
    }

    /** Runs the named action as a click on a button with these data attributes would. */
    async runAction(action: string, dataset: Record<string, string> = {}, closest: Record<string, Record<string, string>> = {}): Promise<unknown> {
      const handler = this.options.actions?.[action];
      const fn = typeof handler === "function" ? handler : handler?.handler;
      if (!fn) throw new Error(`No action "${action}" on ${this.constructor.name}`);
      const target = fakeElement(dataset, closest);
      return fn.call(this, { type: "click" }, target);
    }

    async close(): Promise<this> {
      this.rendered = false;
      return this;
    }
  }

  /** Enough of an HTMLElement for action handlers: dataset and closest("[data-x]"). */
  function fakeElement(dataset: Record<string, string>, closest: Record<string, Record<string, string>>): AnyObject {
    const self: AnyObject = { dataset };
    self.closest = (selector: string) => {
      const match = /^\[data-([a-z-]+)\]$/.exec(selector);
      if (!match) return null;
      const key = match[1]!.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
      if (key in dataset) return self;
      for (const data of Object.values(closest)) if (key in data) return { dataset: data, closest: self.closest };
      return null;
    };
    return self;
  }

  function HandlebarsApplicationMixin<T extends new (...args: any[]) => ApplicationV2>(Base: T) {
    return class HandlebarsApplication extends Base {
      static PARTS: AnyObject = {};
    };
  }

  class DocumentSheetV2 extends ApplicationV2 {
    static override DEFAULT_OPTIONS: AnyObject = { id: "{id}", document: null, viewPermission: 1, editPermission: 3, sheetConfig: true };

    constructor(options: AnyObject = {}) {
      super(options);
      if (!options.document) throw new Error("A DocumentSheetV2 needs a document");
      this.options.document = options.document;
      this.options.id = `${this.constructor.name}-${String(options.document.uuid).replaceAll(".", "-")}`;
    }

    get document(): AnyObject {
      return this.options.document;
    }

    get isEditable(): boolean {
      if (this.document.pack) {
        const pack = game.packs?.get(this.document.pack);
        if (pack?.locked) return false;
      }
      return this.document.testUserPermission(game.user, this.options.editPermission);
    }

    /**
     * A form submission as DocumentSheetV2 makes it: the form's (already typed)
     * values are expanded, validated against the document with cleaning, then sent
     * as one update. A failure becomes an error notification, as ApplicationV2's
     * submit handler does, and nothing is written.
     */
    async submit(formValues: AnyObject): Promise<void> {
      const changes = expandObject(deepClone(formValues));
      try {
        this.document.validate({ changes, clean: true, fallback: false });
        await this.document.update(changes);
      } catch (error) {
        ui.notifications.error((error as Error).message);
      }
    }

    override async _prepareContext(options: AnyObject): Promise<AnyObject> {
      const context = await super._prepareContext(options);
      return {
        ...context,
        document: this.document,
        source: this.document._source,
        fields: this.document.schema?.fields ?? {},
        editable: this.isEditable,
        user: game.user,
        rootId: this.id,
      };
    }
  }

  class ActorSheetV2 extends DocumentSheetV2 {
    get actor(): AnyObject {
      return this.document;
    }
  }

  class ItemSheetV2 extends DocumentSheetV2 {
    get item(): AnyObject {
      return this.document;
    }
  }

  class DialogV2 extends ApplicationV2 {
    static async confirm(config: AnyObject = {}): Promise<unknown> {
      dialogs.asked.push({ kind: "confirm", config });
      return dialogs.responder("confirm", config);
    }
    static async prompt(config: AnyObject = {}): Promise<unknown> {
      dialogs.asked.push({ kind: "prompt", config });
      return dialogs.responder("prompt", config);
    }
    static async wait(config: AnyObject = {}): Promise<unknown> {
      dialogs.asked.push({ kind: "wait", config });
      return dialogs.responder("wait", config);
    }
  }

  /** Registration as Foundry stores it: CONFIG[documentName].sheetClasses[type][`${scope}.${name}`]. */
  const DocumentSheetConfig = {
    registerSheet(documentClass: AnyObject, scope: string, sheetClass: AnyObject, { types, makeDefault = false, label }: AnyObject = {}) {
      const name = documentClass.documentName;
      const config = CONFIG[name];
      const id = `${scope}.${sheetClass.name}`;
      for (const type of types ?? game.documentTypes?.[name] ?? []) {
        config.sheetClasses[type] ??= {};
        if (makeDefault) for (const entry of Object.values<AnyObject>(config.sheetClasses[type])) entry.default = false;
        config.sheetClasses[type][id] = { id, cls: sheetClass, default: makeDefault, label: label ?? id };
      }
    },
    unregisterSheet(documentClass: AnyObject, scope: string, sheetClass: AnyObject, { types }: AnyObject = {}) {
      const name = documentClass.documentName;
      const id = `${scope}.${sheetClass.name}`;
      for (const type of types ?? Object.keys(CONFIG[name].sheetClasses)) delete CONFIG[name].sheetClasses[type]?.[id];
    },
  };

  /**
   * v13's combat sidebar tab, as far as a system's subclass leans on it: the
   * header/tracker/footer parts, the viewed combat, `_prepareCombatContext` for
   * the header and footer, `_prepareTrackerContext` filling `turns` through
   * `_prepareTurnContext`, and the footer's combat controls as actions.
   */
  class CombatTracker extends HandlebarsApplicationMixin(ApplicationV2) {
    static override DEFAULT_OPTIONS: AnyObject = {
      id: "combat",
      tag: "section",
      classes: ["tab", "sidebar-tab", "combat-sidebar", "flexcol"],
      actions: {
        startCombat(this: CombatTracker) {
          return this.viewed?.startCombat();
        },
        endCombat(this: CombatTracker) {
          return this.viewed?.endCombat?.();
        },
        nextTurn(this: CombatTracker) {
          return this.viewed?.nextTurn();
        },
        nextRound(this: CombatTracker) {
          return this.viewed?.nextRound();
        },
        previousTurn(this: CombatTracker) {
          return this.viewed?.previousTurn();
        },
        previousRound(this: CombatTracker) {
          return this.viewed?.previousRound();
        },
      },
    };
    static override PARTS: AnyObject = {
      header: { template: "templates/sidebar/tabs/combat/header.hbs" },
      tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs", scrollable: [""] },
      footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
    };
    #viewed: AnyObject | null = null;

    get combats(): AnyObject[] {
      return game.combats?.contents ?? [];
    }
    get viewed(): AnyObject | null {
      return this.#viewed ?? game.combats?.viewed ?? null;
    }
    set viewed(combat: AnyObject | null) {
      this.#viewed = combat;
    }

    override async _preparePartContext(partId: string, context: AnyObject, options: AnyObject): Promise<AnyObject> {
      context = await super._preparePartContext(partId, context, options);
      if (partId === "header" || partId === "footer") Object.assign(context, await this._prepareCombatContext(context, options));
      if (partId === "tracker") Object.assign(context, (await this._prepareTrackerContext(context, options)) ?? {});
      return context;
    }

    async _prepareCombatContext(_context: AnyObject, _options: AnyObject): Promise<AnyObject> {
      const combat = this.viewed;
      return { combat, hasCombat: Boolean(combat), control: Boolean(game.user?.isGM), combats: this.combats.map((c, i) => ({ id: c.id, label: i + 1, active: c === combat })), css: "", currentIndex: 1, displayCycle: false, initiativeIcon: "", link: false, labels: { scope: "" } };
    }

    async _prepareTrackerContext(context: AnyObject, _options: AnyObject): Promise<AnyObject | void> {
      const combat = this.viewed;
      if (!combat) return;
      context.turns = [];
      let index = 0;
      for (const combatant of combat.combatants.contents) context.turns.push(await this._prepareTurnContext(combat, combatant, index++));
      context.hasDecimals = false;
    }

    async _prepareTurnContext(combat: AnyObject, combatant: AnyObject, index: number): Promise<AnyObject> {
      return { id: combatant.id, name: combatant.name, img: combatant.img ?? combatant.actor?.img ?? "", active: index === combat.turn, isOwner: combatant.isOwner, hidden: Boolean(combatant.hidden), isDefeated: Boolean(combatant.defeated), initiative: combatant.initiative ?? null, canPing: false, css: "", hasDecimals: false, resource: null, effects: { icons: [], tooltip: "" } };
    }
  }

  /** Core's legacy sheets, registered for every type before the system's init, as in Foundry. */
  class ActorSheet {}
  class ItemSheet {}

  const TextEditor = {
    implementation: {
      /** The real one resolves content links and inline rolls; plain HTML comes back unchanged. */
      async enrichHTML(content: string, _options: AnyObject = {}): Promise<string> {
        return content ?? "";
      },
    },
  };

  return {
    api: { ApplicationV2, HandlebarsApplicationMixin, DocumentSheetV2, DialogV2 },
    sheets: { ActorSheetV2, ItemSheetV2 },
    apps: { DocumentSheetConfig },
    ux: { TextEditor },
    appv1: { sheets: { ActorSheet, ItemSheet } },
    sidebar: { tabs: { CombatTracker } },
    dialogs,
  };
}
