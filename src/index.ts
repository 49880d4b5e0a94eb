import "../styles/bout.css";
import { CharacterData, NpcData } from "./data/actor/actor-data";
import { ArmorData, ManeuverData, ShieldData, SkillData, WeaponData } from "./data/item/item-data";
import { BoutActor } from "./documents/actor";
import { BoutChatMessage, unmaskLookAlike } from "./documents/chat-message";
import { BoutCombat } from "./documents/combat";
import { BoutCombatant } from "./documents/combatant";
import { BoutCombatantGroup } from "./documents/combatant-group";
import { BoutItem } from "./documents/item";
import { registerSettings } from "./settings";
import { steelLegacyTables, SteelTablesEditor } from "./table/steel/tables";
import { apLegacyTables, saveApTables, ApTablesEditor } from "./table/actionpoints/tables";
import { PhasesTracksEditor, savePhasesTracks } from "./table/phases/tracks";
import { OpposedTieEditor, saveOpposedTie } from "./table/opposed/tie";
import { saveSteelRangeBands, SteelRangeBandsEditor } from "./table/steel/range-bands";
import { PhasesShotRangesEditor, savePhasesShotRanges } from "./table/phases/shot-ranges";
import { noticeLegacyTables } from "./table/legacy-tables";
import { savePulseTables, PulseTablesEditor } from "./table/pulse/tables";
import { RollTableChooser, saveRollTableChoices } from "./table/roll-tables/chooser";
import { importRulesetTables, registerRollTableImport } from "./table/roll-tables/import";
import { registerSheets } from "./applications/sheets/register";
import { registerSteel } from "./table/steel/register";
import { registerOpposed } from "./table/opposed/register";
import { registerActionPoints } from "./table/actionpoints/register";
import { registerPhases } from "./table/phases/register";
import { registerPulse } from "./table/pulse/register";
import { migrateWorld } from "./data/world-migration";
import { BoutCombatantData, BoutCombatantGroupData, BoutCombatData } from "./data/combat/combat-data";
import { registerCombatQueries } from "./table/queries";
import { askGM } from "./table/grants";
import { registerHandover } from "./table/handover";
import { DEFAULT_QUERY_TIMEOUT } from "./table/query";
import { declare, openDeclaration, promptDeclarations, revealDeclaration } from "./table/declarations";
import { registerStatusEffects } from "./table/status-effects";
import { registerFightFollowsWorld } from "./table/fight-follows-world";
import { registerEffectiveSpaceGuard } from "./table/phases/effective-space";
import { CardData } from "./data/chat/card-data";
import { BoutCombatTracker } from "./applications/combat/tracker";
import { registerBarQueries } from "./table/bar-edit";
import { activateCardListeners, hideOthersButtons, applyFromCard, defendFromCard, followUpFromCard, postCard, registerAutoApply, registerCardQueries, registeredCardKinds } from "./table/cards";
import { registerPulseMovement } from "./table/pulse/movement";
import { registerMoveRecheck } from "./table/move-recheck";
import { registerPulseZones } from "./canvas/pulse-zones";
import { registerArmory } from "./applications/armory/register";
import { BoutArmory } from "./applications/armory/armory-app";
import { setTrackableAttributes } from "./compat";
import { holdUntilDiceLand, registerDiceLanding } from "./table/dice-landing";
import { registerStyleRunner, stylesIdle } from "./table/styles/runner";
import { registerStyleQueries } from "./table/styles/set-style";
import { askDeclarations } from "./table/styles/round-plans";
import { askGmThrough } from "./table/declarations";
import { registerWorldChanges } from "./table/world-changes";

// Registration only: every rule lives in src/engine.
Hooks.once("init", () => {
  // First: what is kept per fighter is dropped before any other listener of ours hears a change (issue 35).
  registerWorldChanges();
  CONFIG.Actor.documentClass = BoutActor;
  CONFIG.Item.documentClass = BoutItem;
  CONFIG.Combat.documentClass = BoutCombat;
  CONFIG.Combatant.documentClass = BoutCombatant;
  CONFIG.CombatantGroup.documentClass = BoutCombatantGroup;
  CONFIG.ChatMessage.documentClass = BoutChatMessage;
  (CONFIG.ui as unknown as Record<string, unknown>).combat = BoutCombatTracker;

  CONFIG.Actor.dataModels = { character: CharacterData, npc: NpcData };
  CONFIG.Item.dataModels = { weapon: WeaponData, armor: ArmorData, shield: ShieldData, maneuver: ManeuverData, skill: SkillData };
  // The token bar's track is derived per ruleset, so it is declared rather than found in the schema.
  setTrackableAttributes({ character: { bar: ["vitality"], value: [] }, npc: { bar: ["vitality"], value: [] } });

  // Combats, combatants and groups of the core "base" type get our data models.
  Object.assign(CONFIG.Combat.dataModels, { base: BoutCombatData });
  Object.assign(CONFIG.Combatant.dataModels, { base: BoutCombatantData });
  Object.assign(CONFIG.CombatantGroup.dataModels, { base: BoutCombatantGroupData });

  registerSettings({ steelTables: SteelTablesEditor, apTables: ApTablesEditor, pulseTables: PulseTablesEditor, rollTables: RollTableChooser, phasesTracks: PhasesTracksEditor, opposedTie: OpposedTieEditor, steelRangeBands: SteelRangeBandsEditor, phasesShotRanges: PhasesShotRangesEditor, armory: BoutArmory });
  registerSheets();
  // Each ruleset's table code registers into the runner, the sheets and the tracker.
  registerSteel();
  registerOpposed();
  registerActionPoints();
  registerPhases();
  registerPulse();
  registerCombatQueries();
  registerHandover();
  // How long a query waits for its answer (ms); a macro or a test may change it.
  (CONFIG as unknown as Record<string, unknown>).BOUT = { queryTimeout: DEFAULT_QUERY_TIMEOUT };
  // The GM's armory: settings button, sidebar context menus, CONFIG.BOUT.openArmory.
  registerArmory();
  registerCardQueries();
  registerBarQueries();
  registerRollTableImport();
  registerStyleQueries();
  Object.assign(CONFIG.ChatMessage.dataModels, { card: CardData });
  registerStatusEffects();
  registerFightFollowsWorld();
  registerEffectiveSpaceGuard();
  registerPulseMovement();
  registerMoveRecheck();
  registerPulseZones();
  // NPCs fight by style on the active GM's client; the GM answers for its fighters in one form a round.
  registerStyleRunner();
  askGmThrough(askDeclarations);
});

Hooks.once("ready", () => {
  void migrateWorld();
  const i18n = game.i18n!;
  void noticeLegacyTables([...steelLegacyTables().map((k) => i18n.localize(`BOUT.Steel.Tables.Rolled.${k}`)), ...apLegacyTables().map((k) => i18n.localize(`BOUT.ActionPoints.Tables.Rolled.${k}`))]);
});

// A secret declaration opened or still waiting: ask this user about their combatants.
Hooks.on("updateCombat", (combat, changes) => {
  void promptDeclarations(combat);
  // Open sheets of the fighters show or drop their "your choice" button.
  if ((changes as { system?: { declaration?: unknown } }).system?.declaration === undefined) return;
  for (const c of (combat as Combat.Implementation).combatants) {
    const sheet = (c.actor as { sheet?: { rendered?: boolean; render(): unknown } } | null)?.sheet;
    if (sheet?.rendered) void sheet.render();
  }
});

// For the test harness and macros: the declaration flow by name.
(globalThis as Record<string, unknown>).__boutTest = { askGM, openDeclaration, revealDeclaration, declare, defendFromCard, applyFromCard, followUpFromCard, postCard, registeredCardKinds, stylesIdle, saveApTables, savePulseTables, saveRollTableChoices, importRulesetTables, savePhasesTracks, saveOpposedTie, saveSteelRangeBands, savePhasesShotRanges };

registerDiceLanding();
registerAutoApply();

Hooks.on("renderChatMessageHTML", (message, html) => {
  unmaskLookAlike(message, html);
  holdUntilDiceLand(message, html);
  hideOthersButtons(message, html);
  activateCardListeners(message, html);
});
