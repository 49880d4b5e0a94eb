/**
 * The ApplicationV2 family for the harness, as far as sheets use it: options merged
 * down the inheritance chain, tabs from `static TABS`, PARTS rendered with the real
 * Handlebars, DocumentSheetV2's context keys, sheet registration in
 * `CONFIG[doc].sheetClasses`, and DialogV2 prompts answered by the test.
 * There is no DOM: `render` fills `renderedParts` (part id → HTML) instead.
 */
import { clickElement, fillForm, FormDataExtended, sharedScreen } from "./forms";
import { type AnyObject, deepClone, expandObject, isPlainObject, mergeObject } from "./utils";
import { dataAttribute, queryClass } from "./html-query";
import { v14Readings, v14Rule, type V14Readings } from "./version";

/** v14's keys for core's combatant menu entries (v13 COMBAT.Combatant*). */
const V14_ENTRY_KEYS: Record<string, string> = {
  "COMBAT.CombatantUpdate": "COMBATANT.ACTIONS.Update",
  "COMBAT.CombatantClear": "COMBATANT.ACTIONS.Clear",
  "COMBAT.CombatantReroll": "COMBATANT.ACTIONS.Reroll",
  "COMBAT.CombatantRemove": "COMBATANT.ACTIONS.Remove",
};

type Templates = { render(path: string, context: AnyObject): Promise<string> };

export type DialogKind = "confirm" | "prompt" | "wait";

export interface DialogResponder {
  /**
   * The person at a client's screen answering a drawn DialogV2 (a factory's: confirm, prompt,
   * input, wait): see `answerDialog` for what each answer does. `config` is what the code
   * asked for (its buttons as drawn); `dialog` the DialogV2, its form in `dialog.element`.
   * The default says Yes to a confirm and closes any other dialog unanswered.
   */
  (kind: DialogKind, config: AnyObject, dialog: AnyObject): unknown;
}

export function createApplications({ templates, CONFIG, game, ui, readings = v14Readings() }: { templates: Templates; CONFIG: AnyObject; game: AnyObject; ui: AnyObject; readings?: V14Readings }) {
  let appIds = 0;
  const dialogs: { responder: DialogResponder; asked: { kind: string; config: AnyObject }[] } = {
    // Unscripted, the person says Yes to a confirm and closes any other dialog unanswered.
    responder: (kind) => (kind === "confirm" ? true : null),
    asked: [],
  };
  /** The DOM the dialogs are drawn in (one per test file: see forms.ts). */
  const screen = sharedScreen;

  /** v13 ApplicationV2 mixes in EventEmitterMixin: listeners for its "render" and "close" events. */
  class ApplicationV2 extends EventTarget {
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
      super();
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

    /** v13 ApplicationV2#_canRender: false stops a render; an error stops it and is shown as a warning. */
    _canRender(_options: AnyObject): boolean | void {}

    /**
     * v13 ApplicationV2#render and #close run one at a time per application: each goes through the application's
     * `#semaphore` (a Semaphore of one), so a render asked while another is drawing waits for it, and its
     * `_onRender` sees its own parts (client/applications/api/application.mjs, `render` → `#semaphore.add(this.#render…)`).
     */
    #turns: Promise<unknown> = Promise.resolve();
    _oneAtATime<T>(work: () => Promise<T>): Promise<T> {
      const next = this.#turns.then(work, work);
      this.#turns = next.catch(() => undefined);
      return next;
    }

    render(options: AnyObject | boolean = {}): Promise<this> {
      return this._oneAtATime(() => this._draw(options));
    }

    /** The drawing a render does once its turn comes. */
    async _draw(options: AnyObject | boolean): Promise<this> {
      const opts = typeof options === "boolean" ? { force: options } : options;
      try {
        if (this._canRender(opts) === false) return this;
      } catch (err) {
        ui.notifications?.warn((err as Error).message);
        return this;
      }
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

    /**
     * v13 ApplicationV2#submit: the form's handler with the form's data. There is
     * no DOM here: the test gives the values FormDataExtended would read
     * (numbers from number inputs, booleans from checkboxes), as `object`.
     */
    async submit(formValues: AnyObject = {}): Promise<unknown> {
      const handler = this.options.form?.handler;
      if (!handler) throw new Error(`The ${this.constructor.name} Application does not support a single top-level form element.`);
      return handler.call(this, { type: "submit" }, null, { object: { ...formValues } });
    }

    /** Runs the named action as a click on a button with these data attributes would. */
    async runAction(action: string, dataset: Record<string, string> = {}, closest: Record<string, Record<string, string>> = {}): Promise<unknown> {
      const handler = this.options.actions?.[action];
      const fn = typeof handler === "function" ? handler : handler?.handler;
      const target = fakeElement({ action, ...dataset }, closest);
      // v13 ApplicationV2: an action with no handler goes to #_onClickAction (which a subclass may implement).
      const fallback = (this as AnyObject)._onClickAction;
      if (!fn && typeof fallback === "function") return fallback.call(this, { type: "click" }, target);
      if (!fn) throw new Error(`No action "${action}" on ${this.constructor.name}`);
      return fn.call(this, { type: "click" }, target);
    }

    /** v13 ApplicationV2#_onFirstRender and #_onRender: hooks after the first and every render (no DOM here: a test calls them with an element of its own). */
    async _onFirstRender(_context: AnyObject, _options: AnyObject): Promise<void> {}
    async _onRender(_context: AnyObject, _options: AnyObject): Promise<void> {}

    close(): Promise<this> {
      return this._oneAtATime(async () => {
        this.rendered = false;
        return this;
      });
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
    override async submit(formValues: AnyObject): Promise<void> {
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

  /**
   * v13 DialogV2 (client/applications/api/dialog.mjs), drawn in the client's own DOM
   * (happy-dom, forms.ts): `_initializeApplicationOptions` (content as a string, at least one
   * button, each button's action sent to `_onClickButton`), `_renderHTML` (a
   * `form.dialog-form` holding `.dialog-content` and a footer of `_renderButtons`, the default
   * button, or else the first, `autofocus`), the frame's header with its close button,
   * `_onSubmit` (buttons disabled while the button's `callback(event, button, dialog)` runs,
   * its result or else the button's action handed to `submit(result, dialog)`, then closed:
   * `form.closeOnSubmit`), Escape closing, and the "render" and "close" events
   * (ApplicationV2#_doEvent). The factories follow v13: `confirm` (Yes: true, No: false, No the
   * default), `prompt` (an OK button, the default), `input` (OK reads the form with
   * FormDataExtended) and `wait` (resolves with the submitted result; a close resolves to what
   * the `close` callback returns, else null, or rejects with `rejectClose`; `render` runs on
   * every render with the event and the dialog). Not modelled: cleanHTML on the content, modal
   * dialogs' focus trap, positions.
   *
   * Once a factory's dialog is drawn, the person at this client's screen acts on it: the
   * test's `dialogs.responder` (see `answerDialog`).
   */
  class DialogV2 extends ApplicationV2 {
    static override DEFAULT_OPTIONS: AnyObject = {
      id: "dialog-{id}",
      classes: ["dialog"],
      tag: "dialog",
      form: { closeOnSubmit: true },
      window: { frame: true, positioned: true, minimizable: false },
    };
    #element: AnyObject | null = null;

    constructor(options: AnyObject = {}) {
      super(options);
      const o = this.options;
      if (typeof o.content !== "string") throw new Error("The harness's DialogV2 takes its content as an HTML string");
      o.content ||= "";
      if (!Array.isArray(o.buttons) || !o.buttons.length) throw new Error("You must define at least one entry in config.buttons");
      o.actions ??= {};
      o.buttons = Object.fromEntries(
        (o.buttons as AnyObject[]).map((button) => {
          o.actions[button.action] = (DialogV2 as AnyObject)._onClickButton;
          return [button.action, button];
        }),
      );
    }

    /** v13 ApplicationV2#element: the rendered frame (null before the first render and after close). */
    get element(): AnyObject | null {
      return this.#element;
    }

    get title(): string {
      return game.i18n.localize(String(this.options.window?.title ?? ""));
    }

    /** v13 DialogV2#_renderHTML. */
    async _renderHTML(_context: AnyObject, _options: AnyObject): Promise<AnyObject> {
      const form = screen().document.createElement("form");
      form.className = "dialog-form standard-form";
      form.setAttribute("autocomplete", "off");
      form.innerHTML = `${this.options.content ? `<div class="dialog-content standard-form">${this.options.content}</div>` : ""}<footer class="form-footer">${this._renderButtons()}</footer>`;
      form.addEventListener("submit", (event: AnyObject) => void this._onSubmit(event.submitter, event));
      return form;
    }

    /** v13 DialogV2#_renderButtons. */
    _renderButtons(): string {
      const buttons = Object.values<AnyObject>(this.options.buttons);
      const doc = screen().document;
      return buttons
        .map((options, i) => {
          const { action, label, icon, class: cls = "", type = "submit", disabled } = options;
          const isDefault = Boolean(options.default) || (i === 0 && !buttons.some((b) => b.default));
          const button = doc.createElement("button");
          button.setAttribute("type", type);
          button.setAttribute("data-action", action);
          button.setAttribute("class", cls);
          button.toggleAttribute("disabled", Boolean(disabled));
          button.toggleAttribute("autofocus", isDefault);
          if (icon) {
            const i = doc.createElement("i");
            i.className = icon;
            button.appendChild(i);
          }
          const span = doc.createElement("span");
          span.textContent = game.i18n.localize(String(label ?? ""));
          button.appendChild(span);
          return button.outerHTML;
        })
        .join("");
    }

    /** v13 ApplicationV2#render and #_renderFrame for a dialog: the frame once, the form replaced on every render, then the render event. */
    override render(options: AnyObject | boolean = {}): Promise<this> {
      return this._oneAtATime(() => this.#drawDialog(options));
    }

    async #drawDialog(options: AnyObject | boolean): Promise<this> {
      const opts = typeof options === "boolean" ? { force: options } : options;
      const first = !this.#element;
      if (first && !opts.force) return this;
      const context = await this._prepareContext(opts);
      const form = await this._renderHTML(context, opts);
      if (first) {
        const doc = screen().document;
        const frame = doc.createElement(this.options.tag);
        frame.id = this.id;
        frame.className = ["application", ...(this.options.classes as string[])].join(" ");
        frame.innerHTML = `<header class="window-header"><h1 class="window-title"></h1><button type="button" class="header-control icon fa-solid fa-xmark" data-action="close"></button></header><section class="window-content"></section>`;
        frame.querySelector(".window-title").textContent = this.title;
        frame.addEventListener("click", (event: AnyObject) => this.#onClick(event));
        frame.addEventListener("keydown", (event: AnyObject) => this._onKeyDown(event));
        doc.body.append(frame);
        this.#element = frame;
      }
      this.#element!.querySelector(".window-content").replaceChildren(form);
      this.rendered = true;
      if (first) await this._onFirstRender(context, opts);
      await this._onRender(context, opts);
      this.dispatchEvent(new Event("render"));
      return this;
    }

    /** v13 DialogV2#_onFirstRender: a dialog element is shown (modal or not). */
    override async _onFirstRender(_context: AnyObject, _options: AnyObject): Promise<void> {
      this.#element?.setAttribute("open", "");
    }

    /** v13 ApplicationV2 #onClick / #onClickAction: the nearest [data-action]; "close" closes, else its handler on a primary click. */
    #onClick(event: AnyObject): void {
      const target = event.target?.closest?.("[data-action]");
      if (!target) return;
      const action = target.dataset.action;
      if (action === "close") {
        event.stopPropagation();
        event.preventDefault();
        if (event.button === 0) void this.close();
        return;
      }
      let handler = this.options.actions?.[action];
      if (!handler) return void (this as AnyObject)._onClickAction?.(event, target);
      let buttons = [0];
      if (typeof handler === "object") ({ buttons, handler } = handler);
      if (buttons.includes(event.button)) handler?.call(this, event, target);
    }

    /** v13 DialogV2#_onKeyDown: Escape closes. */
    _onKeyDown(event: AnyObject): void {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      void this.close();
    }

    /** v13 DialogV2._onClickButton: a button's click submits with that button. */
    static _onClickButton(this: DialogV2, event: AnyObject, target: AnyObject): void {
      void this._onSubmit(target, event);
    }

    /** v13 DialogV2#_onSubmit. */
    async _onSubmit(target: AnyObject, event: AnyObject): Promise<this> {
      event.preventDefault();
      const prior: [AnyObject, boolean][] = [];
      for (const action of Object.keys(this.options.buttons)) {
        const button = this.#element?.querySelector(`button[data-action="${action}"]`);
        if (!button) continue;
        prior.push([button, button.disabled]);
        button.disabled = true;
      }
      const button = this.options.buttons[target?.dataset?.action];
      const result = (await button?.callback?.(event, target, this)) ?? button?.action;
      await this.options.submit?.(result, this);
      for (const [b, disabled] of prior) b.disabled = disabled;
      return this.options.form?.closeOnSubmit ? this.close({ submitted: true }) : this;
    }

    /** v13 ApplicationV2#close: the element removed, then the "close" event. */
    override close(_options: AnyObject = {}): Promise<this> {
      return this._oneAtATime(async () => {
        const element = this.#element;
        if (!element) return this;
        this.#element = null;
        this.rendered = false;
        element.remove();
        this.dispatchEvent(new Event("close"));
        return this;
      });
    }

    /** v13 DialogV2.confirm. */
    static async confirm({ yes = {}, no = {}, ...config }: AnyObject = {}): Promise<unknown> {
      config.buttons = [
        mergeObject({ action: "yes", label: "Yes", icon: "fa-solid fa-check", callback: () => true }, yes),
        mergeObject({ action: "no", label: "No", icon: "fa-solid fa-xmark", default: true, callback: () => false }, no),
        ...(config.buttons ?? []),
      ];
      return this.#open("confirm", mergeObject({ position: { width: 400 } }, config));
    }

    /** v13 DialogV2.prompt. */
    static async prompt({ ok = {}, ...config }: AnyObject = {}): Promise<unknown> {
      config.buttons = [mergeObject({ action: "ok", label: "Confirm", icon: "fa-solid fa-check", default: true }, ok), ...(config.buttons ?? [])];
      return this.#open("prompt", mergeObject({ position: { width: 400 } }, config));
    }

    /** v13 DialogV2.input: a prompt whose OK reads the form. */
    static async input({ ok, ...config }: AnyObject = {}): Promise<unknown> {
      const callback = (_event: unknown, button: AnyObject) => new FormDataExtended(button.form).object;
      return this.prompt({ ok: { callback, ...ok }, ...config });
    }

    /** v13 DialogV2.wait. */
    static async wait(config: AnyObject = {}): Promise<unknown> {
      return this.#open("wait", config);
    }

    static #open(kind: DialogKind, { rejectClose = false, close, render, ...config }: AnyObject): Promise<unknown> {
      return new Promise((resolve, reject) => {
        const originalSubmit = config.submit;
        config.submit = async (result: unknown, dialog: DialogV2) => {
          await originalSubmit?.(result, dialog);
          resolve(result);
        };
        const dialog = new this(config);
        const asked = { ...config, buttons: Object.values(dialog.options.buttons), rejectClose, close, render };
        dialogs.asked.push({ kind, config: asked });
        dialog.addEventListener(
          "close",
          (event) => {
            const result = typeof close === "function" ? close(event, dialog) : undefined;
            if (rejectClose) reject(new Error("Dialog was dismissed without pressing a button."));
            else resolve(result ?? null);
          },
          { once: true },
        );
        if (typeof render === "function") dialog.addEventListener("render", (event) => render(event, dialog));
        // The person at the screen acts once the dialog is drawn; a test's mistake (a field the form lacks) fails the dialog's promise.
        dialog
          .render({ force: true })
          .then(() => answerDialog(kind, asked, dialog))
          .catch(reject);
      });
    }
  }

  /**
   * The test's person at a client's screen answers a drawn dialog (`dialogs.responder(kind,
   * config, dialog)`; it may act on `dialog.element` itself and return nothing). What it
   * returns is done as a person would do it:
   * - null or undefined: the dialog is closed unanswered (its close button);
   * - true / false on a confirm: Yes / No; true elsewhere: the default button as the form stands;
   * - a string: the button of that action is clicked;
   * - an object: each value is put in the form's field of that name (forms.ts fillForm: a
   *   name the form lacks or an option it does not offer is an error), then the default
   *   button is clicked.
   * The button's own callback then reads the form, as in Foundry.
   */
  async function answerDialog(kind: DialogKind, config: AnyObject, dialog: DialogV2): Promise<void> {
    const answer = await dialogs.responder(kind, config, dialog);
    const element = dialog.element;
    if (!element) return; // the person already pressed a button or closed it
    const press = (action: string) => {
      const button = element.querySelector(`.form-footer button[data-action="${action}"]`);
      if (!button) throw new Error(`The dialog "${dialog.title}" has no button "${action}" (its buttons: ${Object.keys(dialog.options.buttons).join(", ")})`);
      if (button.disabled) throw new Error(`The dialog's button "${action}" is disabled`);
      clickElement(button);
    };
    const defaultAction = () => element.querySelector(".form-footer button[autofocus]")?.dataset.action as string;
    if (answer === null || answer === undefined) return void clickElement(element.querySelector('.window-header [data-action="close"]'));
    if (typeof answer === "boolean") {
      if (kind === "confirm") return press(answer ? "yes" : "no");
      if (answer) return press(defaultAction());
      throw new Error(`false answers a confirm; this ${kind} dialog ("${dialog.title}") wants a button, values or null`);
    }
    if (typeof answer === "string") return press(answer);
    if (isPlainObject(answer)) {
      fillForm(element.querySelector("form"), answer);
      return press(defaultAction());
    }
    throw new Error(`A dialog answer is null, a boolean, a button's action or the form's values, not ${String(answer)}`);
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

  /** The footer's and header's `.combat-control` buttons, which v13's CombatTracker#_onClickAction sends to the combat's method of that name. */
  const COMBAT_CONTROLS = new Set(["rollAll", "rollNPC", "previousRound", "previousTurn", "endCombat", "nextTurn", "nextRound", "startCombat"]);

  /**
   * v13's combat sidebar tab (client/applications/sidebar/tabs/combat-tracker.mjs) as
   * far as a system's subclass and a user's clicks lean on it: the header/tracker/footer
   * parts, the viewed combat, `_prepareCombatContext` (the player's `control` to end her
   * own turn), `_prepareTrackerContext` filling `turns` from `combat.turns` through
   * `_prepareTurnContext` (combatants the user cannot see left out), the per-combatant
   * actions, the header's and footer's combat controls (`_onClickAction`: Roll All, Roll
   * NPCs, Begin, Previous/Next Turn and Round, End) and both context menus (Reroll, Clear
   * initiative, Remove; Reset initiative, Delete) with their GM-only conditions.
   * Nothing is drawn; `runAction` and `runContextOption` press what a user would.
   */
  class CombatTracker extends HandlebarsApplicationMixin(ApplicationV2) {
    static override DEFAULT_OPTIONS: AnyObject = {
      id: "combat",
      tag: "section",
      classes: ["tab", "sidebar-tab", "combat-sidebar", "flexcol"],
      actions: {
        cycleCombat(this: CombatTracker, _event: unknown, target: AnyObject) {
          return game.combats.get(target.dataset.combatId)?.activate({ render: false });
        },
        async createCombat(this: CombatTracker) {
          const combat = await CONFIG.Combat.documentClass.create();
          return combat?.activate({ render: false });
        },
        rollInitiative(this: CombatTracker, event: unknown, target: AnyObject) {
          return this._onCombatantControl(event, target);
        },
        toggleDefeated(this: CombatTracker, event: unknown, target: AnyObject) {
          return this._onCombatantControl(event, target);
        },
        toggleHidden(this: CombatTracker, event: unknown, target: AnyObject) {
          return this._onCombatantControl(event, target);
        },
        pingCombatant(this: CombatTracker, event: unknown, target: AnyObject) {
          return this._onCombatantControl(event, target);
        },
        panToCombatant(this: CombatTracker, event: unknown, target: AnyObject) {
          return this._onCombatantControl(event, target);
        },
      },
    };
    static override PARTS: AnyObject = {
      header: { template: "templates/sidebar/tabs/combat/header.hbs" },
      tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs", scrollable: [""] },
      footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
    };
    #viewed: AnyObject | null = null;
    /** The viewed combat's turn at the last render of the tracker part (core's turn-change check). */
    #lastTurn: { id: string; round: number; turn: number | null } | null = null;
    /** The combatant whose row core's turn change scrolled into view (null: none was active). */
    scrolledTo: string | null = null;

    /** As ApplicationV2 does after drawing the parts, in the same turn of its semaphore: `_onRender` with the parts drawn. */
    override render(options: AnyObject | boolean = {}): Promise<this> {
      return this._oneAtATime(async () => {
        await this._draw(options);
        if (this.rendered) await this._onRender({}, { ...(typeof options === "object" ? options : { force: options }), parts: Object.keys(this.renderedParts) });
        return this;
      });
    }

    /**
     * Core's CombatTracker#_onRender on a turn change. fvtt-types 14.366 documents it
     * ("Scrolls the active combatant into view when a turn change moved it out of the visible
     * area"); the v13 client (13.345+) does the same, reading `.combat-tracker` in the
     * tracker's element and the active row in it with no null check (the early-13 source in
     * the search index has only `scrollToTurn`: `this.element.querySelector(".active")?.scrollIntoView()`).
     * Our code, following that: when the tracker part is drawn and the viewed combat's round or
     * turn differs from the last drawing, find `.combat-tracker` (a browser throws this TypeError
     * when it is missing), then the active `.combatant` row in it, whose id `scrolledTo` records.
     */
    override async _onRender(context: AnyObject, options: AnyObject): Promise<void> {
      await super._onRender(context, options);
      if (!(options.parts ?? []).includes("tracker")) return;
      const combat = this.viewed;
      const now = combat ? { id: String(combat.id), round: Number(combat.round ?? 0), turn: combat.turn ?? null } : null;
      const before = this.#lastTurn;
      this.#lastTurn = now;
      if (!now || !before || before.id !== now.id || (before.round === now.round && before.turn === now.turn)) return;
      const tracker = queryClass(this.renderedParts.tracker ?? "", "combat-tracker");
      if (!tracker) throw new TypeError("Cannot read properties of null (reading 'querySelector')");
      const active = queryClass(tracker.inner, "combatant", "active");
      this.scrolledTo = active ? (dataAttribute(active.attributes, "combatant-id") ?? null) : null;
    }

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

    /** v13 CombatTracker#_prepareCombatContext: `control` is the current combatant's owner, when she may change the turn (or round). */
    async _prepareCombatContext(context: AnyObject, _options: AnyObject): Promise<AnyObject> {
      const combat = this.viewed;
      const combats = this.combats;
      const currentIdx = combat ? combats.indexOf(combat) : -1;
      const isPlayerTurn = Boolean(combat?.combatant?.players?.includes(game.user));
      const turn = combat?.turn;
      const between = typeof turn === "number" && turn >= 1 && turn <= (combat?.turns?.length ?? 0) - 2;
      const canControl = combat ? (turn && between ? combat.canUserModify(game.user, "update", { turn: 0 }) : combat.canUserModify(game.user, "update", { round: 0 })) : false;
      const out = {
        combat,
        hasCombat: Boolean(combat),
        user: game.user,
        nextId: combats[currentIdx + 1]?.id,
        previousId: combats[currentIdx - 1]?.id,
        combats: combats.map((c, i) => ({ id: c.id, label: i + 1, active: i === currentIdx })),
        control: isPlayerTurn && canControl,
        css: combats.length > 7 ? "cycle" : combats.length ? "tabbed" : "",
        currentIndex: currentIdx + 1,
        displayCycle: combats.length > 7,
        initiativeIcon: CONFIG.Combat?.initiativeIcon ?? "",
        linked: Boolean(combat?._source?.scene),
        labels: { scope: combat?._source?.scene ? "COMBAT.Linked" : "COMBAT.Unlinked" },
      };
      Object.assign(context, out);
      return out;
    }

    /** v13 CombatTracker#_prepareTrackerContext: a row per turn the user can see. */
    async _prepareTrackerContext(context: AnyObject, _options: AnyObject): Promise<AnyObject | void> {
      const combat = this.viewed;
      if (!combat) return;
      let hasDecimals = false;
      const turns: AnyObject[] = (context.turns = []);
      for (const [i, combatant] of (combat.turns as AnyObject[]).entries()) {
        if (!combatant.visible) continue;
        const turn = await this._prepareTurnContext(combat, combatant, i);
        if (turn.hasDecimals) hasDecimals = true;
        turns.push(turn);
      }
      const precision = CONFIG.Combat?.initiative?.decimals ?? 2;
      for (const t of turns) if (Number.isFinite(t.initiative)) t.initiative = t.initiative.toFixed(hasDecimals ? precision : 0);
      context.hasDecimals = hasDecimals;
    }

    /** v13 CombatTracker#_prepareTurnContext. */
    async _prepareTurnContext(combat: AnyObject, combatant: AnyObject, index: number): Promise<AnyObject> {
      const { id, name, isOwner, isDefeated, hidden, initiative, permission } = combatant;
      const resource = permission >= 2 ? combatant.resource : null;
      const hasDecimals = Number.isFinite(initiative) && !Number.isInteger(initiative);
      const turn: AnyObject = { hasDecimals, hidden, id, isDefeated, initiative, isOwner, name, resource, active: index === combat.turn, canPing: false, img: combatant.img ?? "icons/svg/mystery-man.svg" };
      turn.css = [turn.active ? "active" : null, hidden ? "hide" : null, isDefeated ? "defeated" : null].filter(Boolean).join(" ");
      // v13: the actor's temporary effects; the defeated status marks the row instead of an icon.
      const icons: AnyObject[] = [];
      for (const effect of combatant.actor?.temporaryEffects ?? []) {
        if (effect.statuses?.has?.(CONFIG.specialStatusEffects?.DEFEATED)) turn.isDefeated = true;
        else if (effect.img) icons.push({ img: effect.img, name: effect.name });
      }
      turn.effects = { icons, tooltip: this._formatEffectsTooltip(icons) };
      return turn;
    }

    /** v13 CombatTracker#_formatEffectsTooltip: empty without effects, else a plain list of each effect's icon and name. */
    _formatEffectsTooltip(effects: AnyObject[]): string {
      if (!effects.length) return "";
      const esc = (v: unknown) => String(v ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      return `<ul class="effects-tooltip plain">${effects.map((e) => `<li><img src="${esc(e.img)}" alt="${esc(e.name)}"><span>${esc(e.name)}</span></li>`).join("")}</ul>`;
    }

    /** v13 CombatTracker#_onClickAction: a `.combat-control` button calls the viewed combat's method of its action's name. */
    async _onClickAction(_event: unknown, target: AnyObject): Promise<unknown> {
      const action = target.dataset.action;
      if (!COMBAT_CONTROLS.has(action)) return;
      return this.viewed?.[action]?.();
    }

    /** v13 CombatTracker#_onCombatantControl: the row's combatant and the control's action. */
    async _onCombatantControl(_event: unknown, target: AnyObject): Promise<unknown> {
      const combatantId = target.closest("[data-combatant-id]")?.dataset.combatantId;
      const combatant = this.viewed?.combatants.get(combatantId);
      if (!combatant) return;
      switch (target.dataset.action) {
        case "rollInitiative":
          return this._onRollInitiative(combatant);
        case "toggleDefeated":
          return this._onToggleDefeatedStatus(combatant);
        case "toggleHidden":
          return this._onToggleHidden(combatant);
        default:
          return; // ping and pan need a canvas
      }
    }

    /** v13 CombatTracker#_onRollInitiative. */
    _onRollInitiative(combatant: AnyObject): Promise<unknown> {
      return this.viewed!.rollInitiative([combatant.id]);
    }

    /** v13 CombatTracker#_onToggleDefeatedStatus: the combatant's defeated flag, then the actor's defeated status. */
    async _onToggleDefeatedStatus(combatant: AnyObject): Promise<void> {
      const isDefeated = !combatant.isDefeated;
      await combatant.update({ defeated: isDefeated });
      await combatant.actor?.toggleStatusEffect?.(CONFIG.specialStatusEffects.DEFEATED, { overlay: true, active: isDefeated });
    }

    /** v13 CombatTracker#_onToggleHidden. */
    _onToggleHidden(combatant: AnyObject): Promise<unknown> {
      return combatant.update({ hidden: !combatant.hidden });
    }

    /** v13 CombatTracker#_onUpdateInitiative: an initiative typed in the row (`=n`, `n`, or a `+n` / `-n` change). */
    async _onUpdateInitiative(combatantId: string, raw: string): Promise<unknown> {
      const combatant = this.viewed?.combatants.get(combatantId);
      if (!combatant) return;
      const isDelta = /^[+-]/.test(raw);
      if (!isDelta || raw[0] === "=") return combatant.update({ initiative: raw ? Number(raw.replace(/^=/, "")) : null });
      const delta = parseInt(raw);
      if (!isNaN(delta)) return combatant.update({ initiative: combatant.initiative + delta });
    }

    /** v13 CombatTracker#_getEntryContextOptions: the combatant row's menu (v14: entries named by `label`, core's keys as COMBATANT.ACTIONS.*). */
    _getEntryContextOptions(): AnyObject[] {
      const entries = this._coreEntryContextOptions();
      // v14, as `V14Readings.contextMenu` reads the evidence: core's entries by `label` under new keys, or as in v13.
      if (!v14Rule("core's combatant menu") || readings.contextMenu === "name") return entries;
      return entries.map(({ name, ...rest }) => ({ label: V14_ENTRY_KEYS[name] ?? name, ...rest }));
    }

    _coreEntryContextOptions(): AnyObject[] {
      const getCombatant = (li: AnyObject) => this.viewed?.combatants.get(li.dataset.combatantId);
      return [
        { name: "COMBAT.CombatantUpdate", condition: () => game.user.isGM, callback: (li: AnyObject) => getCombatant(li)?.sheet?.render({ force: true }) },
        { name: "COMBAT.CombatantClear", condition: (li: AnyObject) => game.user.isGM && Number.isFinite(getCombatant(li)?.initiative), callback: (li: AnyObject) => getCombatant(li)?.update({ initiative: null }) },
        {
          name: "COMBAT.CombatantReroll",
          condition: () => game.user.isGM,
          callback: (li: AnyObject) => {
            const combatant = getCombatant(li);
            if (combatant) return this.viewed!.rollInitiative([combatant.id]);
          },
        },
        { name: "COMBAT.CombatantRemove", condition: () => game.user.isGM, callback: (li: AnyObject) => getCombatant(li)?.delete() },
      ];
    }

    /** v13 CombatTracker#_getCombatContextOptions: the encounter's menu (built for GMs only). */
    _getCombatContextOptions(): AnyObject[] {
      const entries = this._coreCombatContextOptions();
      return v14Rule("core's encounter menu") && readings.contextMenu === "label" ? entries.map(({ name, ...rest }) => ({ label: name, ...rest })) : entries;
    }

    _coreCombatContextOptions(): AnyObject[] {
      return [
        { name: "COMBAT.InitiativeReset", condition: () => game.user.isGM && this.viewed?.turns.length > 0, callback: () => this.viewed!.resetAll() },
        { name: "COMBAT.ClearMovementHistories", condition: () => game.user.isGM && this.viewed?.combatants.size > 0, callback: () => this.viewed!.clearMovementHistories() },
        { name: "COMBAT.Delete", condition: () => game.user.isGM && Boolean(this.viewed), callback: () => this.viewed!.endCombat() },
      ];
    }

    /**
     * A right-click menu choice as a user makes it: the combatant row's menu (given the
     * combatant's id) or the encounter's menu; a choice whose condition fails is not offered.
     */
    async runContextOption(name: string, combatantId?: string): Promise<unknown> {
      const options = combatantId ? this._getEntryContextOptions() : game.user.isGM ? this._getCombatContextOptions() : [];
      const li = { dataset: { combatantId } };
      // v13's ContextMenu#render shows every entry whose condition holds for the row: the user picks among those.
      // A v13 name picks the same entry under its v14 label (v14 reads label/visible/onClick).
      const named = (o: AnyObject) => (o.label ?? o.name) === name || (o.label !== undefined && o.label === V14_ENTRY_KEYS[name]);
      const shows = (o: AnyObject) => { const when = o.visible ?? o.condition; return !when || when(li); };
      const option = options.find((o: AnyObject) => named(o) && shows(o));
      if (!option) throw new Error(`The context menu offers no "${name}" to ${game.user.name}`);
      // v14 ContextMenu#_onClickItem calls onClick(event, target); v13 called callback(target).
      return option.onClick ? option.onClick(new Event("click"), li) : option.callback(li);
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
      /** v13 TextEditor.getDragEventData (client/applications/ux/text-editor.mjs): the drag's text/plain parsed as JSON, else {}. fvtt-types 14.366 declares it unchanged. */
      getDragEventData(event: AnyObject): unknown {
        if (!("dataTransfer" in event)) return {};
        try {
          return JSON.parse(event.dataTransfer.getData("text/plain"));
        } catch {
          return {};
        }
      },
    },
  };

  return {
    api: { ApplicationV2, HandlebarsApplicationMixin, DocumentSheetV2, DialogV2 },
    sheets: { ActorSheetV2, ItemSheetV2 },
    apps: { DocumentSheetConfig },
    ux: { TextEditor, FormDataExtended },
    appv1: { sheets: { ActorSheet, ItemSheet } },
    sidebar: { tabs: { CombatTracker } },
    dialogs,
  };
}
