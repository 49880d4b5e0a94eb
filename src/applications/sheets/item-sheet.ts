import { ItemSheetBase } from "./sheet-base";
import { templatePath } from "../../config";
import { activeRuleset } from "../../settings";
import { itemSheetContext } from "./item-sheet-context";


/**
 * One sheet for weapons, armour, shields, maneuvers and skills: a tab per ruleset
 * (the one in play first) so a GM fills an item's figures for all five.
 */
export class BoutItemSheet extends ItemSheetBase {
  static override DEFAULT_OPTIONS = {
    classes: ["bout", "bout-sheet", "bout-item-sheet"],
    // Height follows the tab shown: a shield's two figures get a short window, a pulse weapon's twenty a tall one.
    position: { width: 560, height: "auto" },
    window: { resizable: true },
    form: { submitOnChange: true },
  };

  static PARTS = {
    header: { template: templatePath("sheets/item/header.hbs") },
    rulesets: { template: templatePath("sheets/item/rulesets.hbs"), scrollable: [".tab"] },
  };

  override async _prepareContext(options: unknown): Promise<any> {
    const context = await super._prepareContext(options);
    const item = this.document as any;
    const enrichedDescription = await foundry.applications.ux.TextEditor.implementation.enrichHTML(item.system.description ?? "", {
      secrets: item.isOwner,
      relativeTo: item,
    });
    const tab = this.tabGroups["rulesets"] ?? null;
    return Object.assign(context, itemSheetContext(item, activeRuleset(), { editable: this.isEditable, tab, enrichedDescription }), {
      descriptionSource: item.system.description ?? "",
      tabIdPrefix: this.id,
    });
  }
}
