import { unregisterCoreSheet } from "../../compat";
import { SYSTEM_ID, templatePath } from "../../config";
import { BoutActorSheet } from "./actor-sheet";
import { BoutItemSheet } from "./item-sheet";

/** Partials used by several sheets; Foundry needs them loaded before a render. */
export const SHEET_PARTIALS = [templatePath("sheets/partials/stat-field.hbs"), templatePath("dialogs/odds-table.hbs")];

/** Our sheets replace the core ones for every actor and item type of the system (the default whatever core registered). */
export function registerSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  unregisterCoreSheet("Actor");
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, BoutActorSheet as any, {
    types: ["character", "npc"],
    makeDefault: true,
    label: "BOUT.Sheet.ActorSheet",
  });
  unregisterCoreSheet("Item");
  DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, BoutItemSheet as any, {
    types: ["weapon", "armor", "shield", "maneuver", "skill"],
    makeDefault: true,
    label: "BOUT.Sheet.ItemSheet",
  });
  void foundry.applications.handlebars.loadTemplates(SHEET_PARTIALS);
}
