import { ActorSheetBase } from "./sheet-base";
import { templatePath } from "../../config";
import { activeRuleset } from "../../settings";
import { actorSheetContext } from "./actor-sheet-context";
import { actorActions } from "./actor-actions";
import { rollItem } from "./item-roll";
import { DuelSimulator } from "../duel/duel-dialog";
import { askChoice, waitingChoiceFor } from "../../table/declarations";


type ActionHandler = (this: BoutActorSheet, event: PointerEvent, target: HTMLElement) => Promise<unknown> | void;

/** Character and NPC sheet: the active ruleset's figures, items, and a biography. */
export class BoutActorSheet extends ActorSheetBase {
  static override DEFAULT_OPTIONS = {
    classes: ["bout", "bout-sheet", "bout-actor-sheet"],
    position: { width: 680, height: 720 },
    window: {
      resizable: true,
      // v13 ApplicationV2#_updateFrame lists window.controls in the header's ⋮ (Toggle Controls) dropdown, not in the title bar.
      controls: [{ action: "duelSimulator", icon: "fa-solid fa-scale-balanced", label: "BOUT.Duel.Open", visible: () => game.user?.isGM ?? false }],
    },
    form: { submitOnChange: true },
    actions: {
      duelSimulator: BoutActorSheet.#onDuelSimulator as ActionHandler,
      answerChoice: BoutActorSheet.#onAnswerChoice as ActionHandler,
      actorAction: BoutActorSheet.#onActorAction as ActionHandler,
      rollItem: BoutActorSheet.#onRollItem as ActionHandler,
      toggleEquipped: BoutActorSheet.#onToggleEquipped as ActionHandler,
      toggleCondition: BoutActorSheet.#onToggleCondition as ActionHandler,
      createItem: BoutActorSheet.#onCreateItem as ActionHandler,
      editItem: BoutActorSheet.#onEditItem as ActionHandler,
      deleteItem: BoutActorSheet.#onDeleteItem as ActionHandler,
    },
  };

  static PARTS = {
    header: { template: templatePath("sheets/actor/header.hbs") },
    tabs: { template: templatePath("sheets/partials/tabs.hbs") },
    stats: { template: templatePath("sheets/actor/stats.hbs"), scrollable: [""] },
    items: { template: templatePath("sheets/actor/items.hbs"), scrollable: [""] },
    biography: { template: templatePath("sheets/actor/biography.hbs"), scrollable: [""] },
  };

  static TABS = {
    primary: {
      tabs: [{ id: "stats" }, { id: "items" }, { id: "biography" }],
      initial: "stats",
      labelPrefix: "BOUT.Sheet.Tab",
    },
  };

  override async _prepareContext(options: unknown): Promise<any> {
    const context = await super._prepareContext(options);
    const actor = this.document as any;
    const enrichedBiography = await foundry.applications.ux.TextEditor.implementation.enrichHTML(actor.system.biography ?? "", {
      secrets: actor.isOwner,
      relativeTo: actor,
    });
    return Object.assign(context, actorSheetContext(actor, activeRuleset(), { editable: this.isEditable, enrichedBiography }), {
      biographySource: actor.system.biography ?? "",
      // A fight waits on this actor's secret choice (a throw, a round's declaration): answer from here too.
      choiceAwaited: actor.isOwner && waitingChoiceFor(actor) !== null,
      actorActions: actor.isOwner
        ? actorActions(activeRuleset().id)
            .filter((a) => a.shown?.(actor as Actor.Implementation) ?? true)
            .map(({ id, label, icon }) => ({ id, label, icon }))
        : [],
      tabs: this._prepareTabs("primary"),
      // Ids for aria-controls / aria-labelledby between the tabs and their panels.
      tabIdPrefix: this.id,
    });
  }

  override async _preparePartContext(partId: string, context: any, options: unknown): Promise<any> {
    const part = await super._preparePartContext(partId, context, options);
    if (partId in (context.tabs ?? {})) part.tab = context.tabs[partId];
    return part;
  }

  /** The item a button belongs to, from the row's `data-item-id`. */
  #itemFor(target: HTMLElement): Item.Implementation | undefined {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    return id ? (this.document.items.get(id) as Item.Implementation | undefined) : undefined;
  }

  static async #onDuelSimulator(this: BoutActorSheet) {
    if (!game.user?.isGM) return;
    return new DuelSimulator({ actor: this.document }).render({ force: true });
  }

  static async #onActorAction(this: BoutActorSheet, _event: PointerEvent, target: HTMLElement) {
    const action = actorActions(activeRuleset().id).find((a) => a.id === target.dataset.actorAction);
    if (action && this.document.isOwner) return action.run(this.document as Actor.Implementation);
  }

  static async #onAnswerChoice(this: BoutActorSheet) {
    const waiting = waitingChoiceFor(this.document);
    if (waiting) return askChoice(waiting.combat, waiting.combatantId);
  }

  static async #onRollItem(this: BoutActorSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.#itemFor(target);
    if (!item) return;
    return rollItem({ actor: this.document as Actor.Implementation, item, ruleset: activeRuleset().id });
  }

  static async #onToggleEquipped(this: BoutActorSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.#itemFor(target) as any;
    if (!item || typeof item.system.equipped !== "boolean") return;
    return item.update({ "system.equipped": !item.system.equipped });
  }

  /**
   * A state that is a token condition (Stunned, Kneeling): the box sets or clears
   * the condition itself, as the token HUD does (Actor#toggleStatusEffect), so the
   * sheet, the HUD and the cards share one truth.
   */
  static async #onToggleCondition(this: BoutActorSheet, _event: PointerEvent, target: HTMLElement) {
    const status = target.dataset.status;
    if (!status || !this.isEditable) return;
    const actor = this.document as { statuses: Set<string>; toggleStatusEffect(id: string, options: { active: boolean }): Promise<unknown> };
    return actor.toggleStatusEffect(status, { active: !actor.statuses.has(status) });
  }

  static async #onCreateItem(this: BoutActorSheet, _event: PointerEvent, target: HTMLElement) {
    const type = target.dataset.type;
    if (!type) return;
    const name = game.i18n!.format("BOUT.Sheet.NewItem", { type: game.i18n!.localize(`TYPES.Item.${type}`) });
    const [item] = (await (this.document as any).createEmbeddedDocuments("Item", [{ name, type }])) as any[];
    return item?.sheet?.render({ force: true });
  }

  static async #onEditItem(this: BoutActorSheet, _event: PointerEvent, target: HTMLElement) {
    return (this.#itemFor(target) as any)?.sheet?.render({ force: true });
  }

  static async #onDeleteItem(this: BoutActorSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.#itemFor(target) as any;
    if (!item) return;
    const confirmed = await foundry.applications.api.DialogV2.confirm({
      window: { title: game.i18n!.format("BOUT.Sheet.DeleteTitle", { name: item.name }) },
      content: `<p>${game.i18n!.format("BOUT.Sheet.DeleteConfirm", { name: foundry.utils.escapeHTML(item.name) })}</p>`,
    });
    if (confirmed) return item.delete();
  }
}
