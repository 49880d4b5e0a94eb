import { SYSTEM_ID, templatePath } from "../../config";
import { BoutActorSheet } from "./actor-sheet";
import { BoutItemSheet } from "./item-sheet";
import { registerSkillTests } from "../../table/skill-tests";
import { registerSteelContests } from "../../table/steel/contests";
import { registerSteelBleeding } from "../../table/steel/bleeding";
import { registerSteelSurprise } from "../../table/steel/surprise";
import { registerSteelMissile } from "../../table/steel/missile";
import { registerSteelMounted } from "../../table/steel/mounted";
import { registerSteelTable } from "../../table/steel/attack";
import { registerOpposedTable } from "../../table/opposed/attack";
import { registerOpposedMoves } from "../../table/opposed/moves";
import { registerOpposedSurprise } from "../../table/opposed/surprise";
import { registerActionPointsTable } from "../../table/actionpoints/attack";
import { registerActionPointsAdvantage } from "../../table/actionpoints/advantage";
import { registerActionPointsStand } from "../../table/actionpoints/stand";
import { registerPhasesTable } from "../../table/phases/attack";
import { registerPulseTable } from "../../table/pulse/attack";
import { registerPulseMounted } from "../../table/pulse/mounted";
import { registerPulseTrample } from "../../table/pulse/trample";
import { registerPulseClose } from "../../table/pulse/close";
import { registerPulseJump } from "../../table/pulse/jump";
import { registerPulseStun } from "../../table/pulse/stun";
import { registerPulseStuck } from "../../table/pulse/stuck";
import { registerPulseInfection } from "../../table/pulse/infection";
import { registerPulseEntangle } from "../../table/pulse/entangle";
import { registerPulseMagic } from "../../table/pulse/magic";
import { registerPulseDisarm } from "../../table/pulse/disarm";
import { registerPhasesChecks } from "../../table/phases/checks";

/** Partials used by several sheets; Foundry needs them loaded before a render. */
export const SHEET_PARTIALS = [templatePath("sheets/partials/stat-field.hbs"), templatePath("dialogs/odds-table.hbs")];

/** Our sheets replace the core ones for every actor and item type of the system. */
export function registerSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.unregisterSheet(Actor, "core", foundry.appv1.sheets.ActorSheet);
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, BoutActorSheet as any, {
    types: ["character", "npc"],
    makeDefault: true,
    label: "BOUT.Sheet.ActorSheet",
  });
  DocumentSheetConfig.unregisterSheet(Item, "core", foundry.appv1.sheets.ItemSheet);
  DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, BoutItemSheet as any, {
    types: ["weapon", "armor", "shield", "maneuver", "skill"],
    makeDefault: true,
    label: "BOUT.Sheet.ItemSheet",
  });
  void foundry.applications.handlebars.loadTemplates(SHEET_PARTIALS);
  registerSkillTests();
  registerSteelTable();
  registerSteelContests();
  registerSteelBleeding();
  registerSteelSurprise();
  registerSteelMissile();
  registerSteelMounted();
  registerOpposedTable();
  registerOpposedMoves();
  registerOpposedSurprise();
  registerActionPointsTable();
  registerActionPointsAdvantage();
  registerActionPointsStand();
  registerPhasesTable();
  registerPulseTable();
  registerPulseMounted();
  registerPulseTrample();
  registerPulseClose();
  registerPulseJump();
  registerPulseStun();
  registerPulseStuck();
  registerPulseInfection();
  registerPulseEntangle();
  registerPulseMagic();
  registerPulseDisarm();
  registerPhasesChecks();
}
