/**
 * The combat sidebar for every time structure: core's header and footer, our
 * tracker part drawing the machine's view (bouts with their notes, rows with
 * badges, who has chosen in a secret throw), and buttons that only ever send
 * machine commands through the combat (players' go to the GM, checked there).
 */
import { templatePath } from "../../config";
import { askChoice, openDeclaration, revealDeclaration } from "../../table/declarations";
import type { BoutCombat } from "../../documents/combat";
import { boutTrackerContext, dropGroups, rowRulings, trackerTimeContext, type RowEffects } from "./tracker-context";
import { notifyRefusal } from "../../table/notify";
import { openOddsDialog } from "../dialogs/odds-dialog";
import { postCard } from "../../table/cards";
import { refuse, type Outcome } from "../../engine/outcome";
import { askGM } from "../../table/grants";
import { contextEntry, contextEntryKey, type ContextMenuEntry } from "../../compat";
import { chooseStyle, styleable, withStyles } from "./style-menu";

/** The slice of v13's CombatTracker we use, typed by hand (see sheet-base.ts for why). */
interface CombatTrackerBase {
  readonly viewed: Combat.Implementation | null;
  readonly element: HTMLElement;
  _onRender(context: Record<string, any>, options: unknown): Promise<void>;
  render(options?: unknown): Promise<unknown>;
  _prepareTrackerContext(context: Record<string, any>, options: unknown): Promise<unknown>;
  _prepareCombatContext(context: Record<string, any>, options: unknown): Promise<unknown>;
}
type TrackerConstructor = (new (...args: any[]) => CombatTrackerBase) & { PARTS: Record<string, { template: string; scrollable?: string[] }> };

const CoreTracker = foundry.applications.sidebar.tabs.CombatTracker as unknown as TrackerConstructor;


/** Marks the row menu's entries that follow the fight's state, so a render can replace them. */
const FROM_STATE = Symbol("bout.fromState");

const rowId = (li: HTMLElement) => li.dataset?.combatantId ?? "";

/** Core's row menu entries that roll or clear core's initiative. */
const CORE_INITIATIVE_OPTIONS = ["COMBAT.CombatantReroll", "COMBAT.CombatantClear", "COMBATANT.ACTIONS.Reroll", "COMBATANT.ACTIONS.Clear"];

type Handler = (this: BoutCombatTracker, event: PointerEvent, target: HTMLElement) => Promise<unknown> | void;

export class BoutCombatTracker extends CoreTracker {
  static DEFAULT_OPTIONS = {
    actions: {
      boutGroupAction: BoutCombatTracker.#onGroupAction as Handler,
      boutReveal: BoutCombatTracker.#onReveal as Handler,
      boutNextStep: BoutCombatTracker.#onNextStep as Handler,
      boutEndTurn: BoutCombatTracker.#onEndTurn as Handler,
      boutChoose: BoutCombatTracker.#onChoose as Handler,
      boutTurnChoice: BoutCombatTracker.#onTurnChoice as Handler,
      boutFightAction: BoutCombatTracker.#onFightAction as Handler,
      boutRowMenu: BoutCombatTracker.#onRowMenu as Handler,
      boutUndo: BoutCombatTracker.#onUndo as Handler,
    },
  };

  // Our header and footer: core's would call every structure's time a "Round" (a pulse, an exchange).
  static override PARTS = {
    ...CoreTracker.PARTS,
    header: { template: templatePath("combat/header.hbs") },
    tracker: { template: templatePath("combat/tracker.hbs"), scrollable: [""] },
    footer: { template: templatePath("combat/footer.hbs") },
  };

  /** The row menu as handed to the ContextMenu (which keeps this array): a render swaps the entries that follow the fight. */
  #rowMenu: ContextMenuEntry[] | null = null;

  get boutCombat(): BoutCombat | null {
    return (this.viewed as BoutCombat | null) ?? null;
  }

  override async _prepareTrackerContext(context: Record<string, any>, options: unknown): Promise<unknown> {
    const base = await super._prepareTrackerContext(context, options);
    // Core's turns say where the user may ping (the combatant's scene is the one viewed, and the ping
    // permission) and which effect icons each row shows (the actor's temporary effects, as core draws them).
    const turns = new Map(((context.turns ?? []) as { id: string; canPing?: boolean; effects?: RowEffects }[]).map((t) => [t.id, t]));
    context.bout = boutTrackerContext(
      this.boutCombat,
      { isGM: Boolean(game.user?.isGM), canPing: (id) => Boolean(turns.get(id)?.canPing), effects: (id) => turns.get(id)?.effects },
      game.i18n as never,
    );
    // The GM sees which fighters fight by a style.
    if (game.user?.isGM && this.boutCombat && context.bout) context.bout = withStyles(context.bout, this.boutCombat);
    return base;
  }

  /** The header's and footer's context: core's, with the structure's own words for its time. */
  override async _prepareCombatContext(context: Record<string, any>, options: unknown): Promise<unknown> {
    const base = await super._prepareCombatContext(context, options);
    context.boutTime = trackerTimeContext(this.boutCombat, game.i18n as never);
    return base;
  }

  /**
   * GM: move a fighter into a group (null: a new one), forming or splitting a
   * bout: done by the active GM (BoutCombat#moveToGroup), whom any other GM asks.
   */
  async moveCombatant(combatantId: string, groupId: string | null): Promise<Outcome<unknown>> {
    const combat = this.boutCombat;
    let outcome: Outcome<unknown>;
    if (!game.user?.isGM) outcome = refuse("combat.gmOnly", "BOUT.Combat.GmOnly");
    else if (!combat) outcome = refuse("combat.unknownCombatant", "BOUT.Tracker.Refusal.UnknownCombatant");
    else if (game.user.isActiveGM) outcome = await combat.moveToGroup(combatantId, groupId);
    else outcome = await askGM("moveCombatant", { combatId: combat.id, combatantId, groupId });
    if (!outcome.ok) notifyRefusal(outcome.refusal);
    return outcome;
  }

  /**
   * The combatant row's menu without core's Reroll and Clear Initiative: each
   * fight works out its own initiative (a throw, a stress roll, an Action Pool,
   * Initiative order, a side's D10), never core's single roll.
   */
  _getEntryContextOptions(): ContextMenuEntry[] {
    const core = (CoreTracker.prototype as { _getEntryContextOptions(): ContextMenuEntry[] })._getEntryContextOptions.call(this);
    const menu = [...core.filter((o) => !CORE_INITIATIVE_OPTIONS.includes(contextEntryKey(o))), ...this.#regroupEntries(), this.#styleEntry(), ...this.#rulingEntries()];
    this.#rowMenu = menu;
    return menu;
  }

  /**
   * The GM's rulings on the fighters now (higher footing, mounted, surprised),
   * one entry per wording: offered on the rows it applies to. v13's ContextMenu
   * builds its list once, so each render replaces these (`#refreshRowMenu`).
   */
  #rulingEntries(): ContextMenuEntry[] {
    const combat = this.boutCombat;
    if (!combat?.machineState || !game.user?.isGM) return [];
    const labels = new Map<string, string>();
    for (const c of combat.combatants.contents) for (const r of rowRulings(combat, c.id!)) if (!labels.has(r.label)) labels.set(r.label, r.icon);
    return [...labels].map(([label, icon]) => {
      const find = (li: HTMLElement) => rowRulings(combat, rowId(li)).find((r) => r.label === label);
      const entry = contextEntry(
        label,
        `<i class="${icon}"></i>`,
        (li) => Boolean(game.user?.isGM && this.boutCombat === combat && find(li)),
        (li) => {
          const ruling = find(li);
          if (ruling?.command) return combat.command({ ...ruling.command, combatantId: rowId(li) });
        },
      );
      return Object.assign(entry, { [FROM_STATE]: true });
    });
  }

  /**
   * Regrouping without dragging: the same GM move as a drop on a group, or on
   * "new group". Steel's groups are bouts; a pulse's are engagements.
   */
  #regroupEntries(): ContextMenuEntry[] {
    const regroups = (bouts: boolean) => {
      const structure = this.boutCombat?.structure;
      return Boolean(game.user?.isGM && structure?.regroup && (structure.machine.id === "bouts") === bouts);
    };
    return [true, false].flatMap((bouts) => {
      const words = bouts ? { move: "BOUT.Tracker.Row.MoveTo", create: "BOUT.Tracker.Row.NewBout" } : { move: "BOUT.Tracker.Row.MoveToGroup", create: "BOUT.Tracker.Row.NewGroup" };
      return [
        contextEntry(words.move, '<i class="fa-solid fa-people-arrows"></i>', (li) => regroups(bouts) && this.#moveTargets(rowId(li)).length > 0, (li) => this.#askMove(rowId(li), words.move)),
        contextEntry(words.create, '<i class="fa-solid fa-plus"></i>', (li) => regroups(bouts) && Boolean(this.boutCombat?.combatants.get(rowId(li))), (li) => this.moveCombatant(rowId(li), null)),
      ];
    });
  }

  /** "Fighting style…": the GM sets how a fighter no player owns is played (any time, mid-fight too). */
  #styleEntry(): ContextMenuEntry {
    return contextEntry(
      "BOUT.Style.Menu.Entry",
      '<i class="fa-solid fa-chess-knight"></i>',
      (li) => styleable(this.boutCombat, rowId(li)),
      (li) => {
        const combat = this.boutCombat;
        if (combat) return chooseStyle(combat, rowId(li));
      },
    );
  }

  /** The groups a fighter may be moved into, named as the tracker shows them. */
  #moveTargets(combatantId: string): { value: string; label: string }[] {
    const combat = this.boutCombat;
    const combatant = combat?.combatants.get(combatantId);
    if (!combat || !combatant) return [];
    const current = (combatant as { _source: { group?: string | null } })._source.group ?? "";
    const named = new Map<string, string>();
    for (const g of dropGroups(combat, game.i18n as never)) if (g.dropId && g.label) named.set(g.dropId, g.label);
    for (const g of combat.groups.contents) if (!named.has(g.id!)) named.set(g.id!, g.name ?? g.id!);
    return [...named].filter(([id]) => id !== current).map(([value, label]) => ({ value, label }));
  }

  async #askMove(combatantId: string, confirmLabel: string): Promise<unknown> {
    const combat = this.boutCombat;
    const name = combat?.combatants.get(combatantId)?.name ?? "";
    const targets = this.#moveTargets(combatantId);
    const values = await openOddsDialog({
      title: "BOUT.Tracker.Row.MoveTitle",
      titleData: { name },
      confirmLabel,
      fields: [{ kind: "select", name: "group", label: "BOUT.Tracker.Row.MoveField", value: targets[0]?.value ?? "", options: [...targets, { value: "", label: "BOUT.Tracker.Row.MoveNew" }] }],
    });
    if (!values) return;
    return this.moveCombatant(combatantId, typeof values.group === "string" && values.group ? values.group : null);
  }

  /** The ContextMenu keeps the array it was given: swap the entries that follow the fight for today's. */
  #refreshRowMenu(): void {
    const menu = this.#rowMenu;
    if (!menu) return;
    const at = menu.findIndex((o) => FROM_STATE in o);
    for (let i = menu.length - 1; i >= 0; i--) if (FROM_STATE in menu[i]!) menu.splice(i, 1);
    menu.splice(at < 0 ? menu.length : at, 0, ...this.#rulingEntries());
  }

  /** GM: fighters drag onto a group, or onto "new group", to form and split bouts. */
  override async _onRender(context: Record<string, any>, options: unknown): Promise<void> {
    await super._onRender(context, options);
    this.#refreshRowMenu();
    if (!game.user?.isGM || !this.element?.querySelectorAll) return;
    const root = this.element;
    for (const row of Array.from(root.querySelectorAll<HTMLElement>(".bout-tracker .combatant[data-combatant-id]"))) {
      row.draggable = true;
      row.addEventListener("dragstart", (event) => event.dataTransfer?.setData("text/plain", JSON.stringify({ boutCombatant: row.dataset.combatantId })));
    }
    for (const zone of Array.from(root.querySelectorAll<HTMLElement>(".bout-tracker [data-drop-group]"))) {
      zone.addEventListener("dragover", (event) => event.preventDefault());
      zone.addEventListener("drop", (event) => {
        event.preventDefault();
        let data: { boutCombatant?: unknown } = {};
        try {
          data = JSON.parse(event.dataTransfer?.getData("text/plain") ?? "{}");
        } catch {
          return;
        }
        if (typeof data.boutCombatant === "string") void this.moveCombatant(data.boutCombatant, zone.dataset.dropGroup || null);
      });
    }
  }

  static async #onGroupAction(this: BoutCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.boutCombat;
    const groupId = target.dataset.groupId ?? "";
    if (!combat || !game.user?.isGM) return;
    const action = combat.structure?.groupActions?.(combat.machineState, groupId).find((a) => a.id === target.dataset.actionId);
    if (!action) return;
    if (action.declare) {
      // The group's fighters in the fight's order (issue 31: one out of it, senseless or defeated, throws nothing).
      const ids = (combat.trackerView()?.rows ?? []).filter((r) => r.groupId === groupId).map((r) => r.combatantId);
      // openDeclaration takes the combat's queue on the active GM: a command or choice on its way lands before the throw opens, never over it.
      // The kind and its choices are the ruleset's (steel's throw: the engine's red or white), never the tracker's.
      return openDeclaration(combat, action.declare.kind, groupId, ids, [...action.declare.options]);
    }
    if (action.run) return action.run(combat, groupId);
    if (action.command) return combat.command(action.command);
  }

  /**
   * The row's menu without a right-click: core's ContextMenu listens on the
   * tracker for "contextmenu" and finds the row from the event's target, so the
   * button sends one (placed under the button, as core does for an event without
   * a pointer). The click stops here, or the document's click would close it.
   */
  static #onRowMenu(this: BoutCombatTracker, event: PointerEvent, target: HTMLElement) {
    event.stopPropagation?.();
    target.dispatchEvent?.(new MouseEvent("contextmenu", { bubbles: true, cancelable: true }));
  }

  static async #onReveal(this: BoutCombatTracker) {
    const combat = this.boutCombat;
    // revealDeclaration takes the combat's queue on the active GM: a choice on its way is recorded first and revealed with the others.
    if (combat && game.user?.isGM) return revealDeclaration(combat);
  }

  /** GM: take back the last step (the combat refuses anyone else and says when there is none). */
  static async #onUndo(this: BoutCombatTracker) {
    return this.boutCombat?.undoLastStep();
  }

  static async #onNextStep(this: BoutCombatTracker) {
    return this.boutCombat?.nextTurn();
  }

  static async #onEndTurn(this: BoutCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.boutCombat;
    const id = target.dataset.combatantId;
    const command = id ? combat?.structure?.endTurn?.(id) : undefined;
    if (combat && command) return combat.command({ ...command, combatantId: id });
  }

  static async #onFightAction(this: BoutCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.boutCombat;
    if (!combat || !game.user?.isGM) return;
    const action = combat.structure?.fightActions?.(combat.machineState).find((a) => a.id === target.dataset.actionId);
    if (action?.prompt) {
      const values = await openOddsDialog({ title: action.prompt.title, fields: action.prompt.fields, confirmLabel: action.label });
      if (values) return combat.command(action.prompt.command(values));
      return;
    }
    if (action?.command) return combat.command(action.command);
  }

  static async #onTurnChoice(this: BoutCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.boutCombat;
    const id = target.dataset.combatantId;
    const actorOf = (cid: string) => (combat?.combatants.get(cid)?.actor as Actor.Implementation | null | undefined) ?? null;
    const choice = id && combat ? combat.structure?.turnChoices?.(combat.machineState, id, actorOf(id), combat.fightNow()).find((c) => c.id === target.dataset.actionId) : undefined;
    if (!combat || !choice) return;
    if (choice.card) {
      const actor = combat.combatants.get(id!)?.actor as Actor.Implementation | null | undefined;
      if (actor) return postCard(choice.card, actor, actor, {}, combat.id!);
      return;
    }
    if (choice.prompt) {
      const values = await openOddsDialog({ title: choice.prompt.title, fields: choice.prompt.fields, confirmLabel: choice.label });
      if (values) return combat.command({ ...choice.prompt.command(values), combatantId: id });
      return;
    }
    if (choice.command) return combat.command({ ...choice.command, combatantId: id });
  }

  static async #onChoose(this: BoutCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.boutCombat;
    const id = target.dataset.combatantId;
    if (combat && id) return askChoice(combat, id);
  }
}
