import { SYSTEM_ID, templatePath } from "../../config";
import { BoutActorSheet } from "./actor-sheet";
import { BoutItemSheet } from "./item-sheet";
import { registerSkillTests } from "../rulesets/skill-tests";
import { registerSteelContests } from "../rulesets/steel-contests";
import { registerSteelBleeding } from "../rulesets/steel-bleeding";
import { registerSteelSurprise } from "../rulesets/steel-surprise";
import { registerSteelMissile } from "../rulesets/steel-missile";
import { registerSteelMounted } from "../rulesets/steel-mounted";
import { registerSteelTable } from "../rulesets/steel-attack";
import { registerOpposedTable } from "../rulesets/opposed-attack";
import { registerOpposedMoves } from "../rulesets/opposed-moves";
import { registerOpposedSurprise } from "../rulesets/opposed-surprise";
import { registerActionPointsTable } from "../rulesets/actionpoints-attack";
import { registerActionPointsAdvantage } from "../rulesets/actionpoints-advantage";
import { registerActionPointsStand } from "../rulesets/actionpoints-stand";
import { registerPhasesTable } from "../rulesets/phases-attack";
import { registerPulseTable } from "../rulesets/pulse-attack";
import { registerPulseMounted } from "../rulesets/pulse-mounted";
import { registerPulseTrample } from "../rulesets/pulse-trample";
import { registerPulseClose } from "../rulesets/pulse-close";
import { registerPulseJump } from "../rulesets/pulse-jump";
import { registerPulseStun } from "../rulesets/pulse-stun";
import { registerPulseStuck } from "../rulesets/pulse-stuck";
import { registerPulseInfection } from "../rulesets/pulse-infection";
import { registerPulseEntangle } from "../rulesets/pulse-entangle";
import { registerPulseMagic } from "../rulesets/pulse-magic";
import { registerPulseDisarm } from "../rulesets/pulse-disarm";
import { registerPhasesChecks } from "../rulesets/phases-checks";

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
