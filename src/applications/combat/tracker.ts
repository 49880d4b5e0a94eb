/**
 * The combat sidebar for every time structure: core's header and footer, our
 * tracker part drawing the machine's view (bouts with their notes, rows with
 * badges, who has chosen in a secret throw), and buttons that only ever send
 * machine commands through the combat (players' go to the GM, checked there).
 */
import { templatePath } from "../../config";
import { askChoice, openDeclaration, revealDeclaration } from "../../combat/declarations";
import type { BoutCombat } from "../../documents/combat";
import { boutTrackerContext } from "./tracker-context";

/** The slice of v13's CombatTracker we use, typed by hand (see sheet-base.ts for why). */
interface CombatTrackerBase {
  readonly viewed: Combat.Implementation | null;
  render(options?: unknown): Promise<unknown>;
  _prepareTrackerContext(context: Record<string, any>, options: unknown): Promise<unknown>;
}
type TrackerConstructor = (new (...args: any[]) => CombatTrackerBase) & { PARTS: Record<string, { template: string; scrollable?: string[] }> };

const CoreTracker = foundry.applications.sidebar.tabs.CombatTracker as unknown as TrackerConstructor;

type Handler = (this: BoutCombatTracker, event: PointerEvent, target: HTMLElement) => Promise<unknown> | void;

export class BoutCombatTracker extends CoreTracker {
  static DEFAULT_OPTIONS = {
    actions: {
      boutGroupAction: BoutCombatTracker.#onGroupAction as Handler,
      boutReveal: BoutCombatTracker.#onReveal as Handler,
      boutNextStep: BoutCombatTracker.#onNextStep as Handler,
      boutEndTurn: BoutCombatTracker.#onEndTurn as Handler,
      boutChoose: BoutCombatTracker.#onChoose as Handler,
    },
  };

  static override PARTS = {
    ...CoreTracker.PARTS,
    tracker: { template: templatePath("combat/tracker.hbs"), scrollable: [""] },
  };

  get boutCombat(): BoutCombat | null {
    return (this.viewed as unknown as BoutCombat | null) ?? null;
  }

  override async _prepareTrackerContext(context: Record<string, any>, options: unknown): Promise<unknown> {
    const base = await super._prepareTrackerContext(context, options);
    context.bout = boutTrackerContext(this.boutCombat, { isGM: Boolean(game.user?.isGM) }, game.i18n as never);
    return base;
  }

  static async #onGroupAction(this: BoutCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.boutCombat;
    const groupId = target.dataset.groupId ?? "";
    if (!combat || !game.user?.isGM) return;
    const action = combat.structure?.groupActions?.(combat.machineState, groupId).find((a) => a.id === target.dataset.actionId);
    if (!action) return;
    if (action.throw) {
      const ids = combat.combatants.contents.filter((c) => ((c as unknown as { _source: { group?: string | null } })._source.group ?? "bout") === groupId).map((c) => c.id!);
      return openDeclaration(combat, "throw", groupId, ids, ["red", "white"]);
    }
    if (action.command) return combat.command(action.command);
  }

  static async #onReveal(this: BoutCombatTracker) {
    const combat = this.boutCombat;
    if (combat && game.user?.isGM) return revealDeclaration(combat);
  }

  static async #onNextStep(this: BoutCombatTracker) {
    return this.boutCombat?.nextTurn();
  }

  static async #onEndTurn(this: BoutCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.boutCombat;
    const id = target.dataset.combatantId;
    const command = id ? combat?.structure?.endTurn?.(id) : undefined;
    if (combat && command) return combat.command({ ...command, combatantId: id } as never);
  }

  static async #onChoose(this: BoutCombatTracker, _event: PointerEvent, target: HTMLElement) {
    const combat = this.boutCombat;
    const id = target.dataset.combatantId;
    if (combat && id) return askChoice(combat, id);
  }
}
