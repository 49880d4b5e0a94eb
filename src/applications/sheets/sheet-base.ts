/**
 * The Foundry base classes of our sheets, typed by hand. fvtt-types' full types for
 * `HandlebarsApplicationMixin(ActorSheetV2)` make the compiler run out of memory
 * (it infers the mixin's configuration generics for every override), so the sheets
 * extend these narrow shapes: only what they call is declared.
 */
import { listenTabKeys, syncTabAria } from "./tab-aria";

export interface SheetTab {
  readonly id: string;
  readonly group: string;
  readonly active: boolean;
  readonly cssClass: string;
  readonly label: string;
}

export interface DocumentSheetBase<D> {
  readonly document: D;
  readonly isEditable: boolean;
  readonly element: HTMLElement;
  readonly id: string;
  tabGroups: Record<string, string | null>;
  render(options?: { force?: boolean } | boolean): Promise<unknown>;
  _prepareContext(options: unknown): Promise<Record<string, any>>;
  _preparePartContext(partId: string, context: Record<string, any>, options: unknown): Promise<Record<string, any>>;
  _prepareTabs(group: string): Record<string, SheetTab>;
  _onRender(context: Record<string, any>, options: unknown): Promise<void> | void;
  changeTab(tab: string, group: string, options?: Record<string, unknown>): void;
}

type SheetConstructor<D> = new (...args: any[]) => DocumentSheetBase<D>;

const { HandlebarsApplicationMixin } = foundry.applications.api;

/**
 * Both sheets' tabs: v13's changeTab leaves aria-selected as it was on link tabs,
 * so it is kept in step here, and the arrow keys move between tabs.
 */
function withAccessibleTabs<D>(Base: SheetConstructor<D>): SheetConstructor<D> {
  return class extends Base {
    override changeTab(tab: string, group: string, options?: Record<string, unknown>): void {
      super.changeTab(tab, group, options);
      if (this.element) syncTabAria(this.element, group, tab);
    }

    override async _onRender(context: Record<string, any>, options: unknown): Promise<void> {
      await super._onRender(context, options);
      listenTabKeys(this.element);
    }
  };
}

export const ActorSheetBase = withAccessibleTabs(HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2 as any) as SheetConstructor<Actor.Implementation>) as SheetConstructor<Actor.Implementation> & {
  DEFAULT_OPTIONS: Record<string, unknown>;
};

export const ItemSheetBase = withAccessibleTabs(HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2 as any) as SheetConstructor<Item.Implementation>) as SheetConstructor<Item.Implementation> & {
  DEFAULT_OPTIONS: Record<string, unknown>;
};
