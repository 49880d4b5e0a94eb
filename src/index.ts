import "../styles/bout.css";
import { CharacterData, NpcData } from "./data/actor/actor-data";
import { ArmorData, ManeuverData, ShieldData, SkillData, WeaponData } from "./data/item/item-data";
import { BoutActor } from "./documents/actor";
import { BoutChatMessage } from "./documents/chat-message";
import { BoutCombat } from "./documents/combat";
import { BoutCombatant } from "./documents/combatant";
import { BoutCombatantGroup } from "./documents/combatant-group";
import { BoutItem } from "./documents/item";
import { registerSettings } from "./settings";
import { registerSheets } from "./applications/sheets/register";
import { migrateWorld } from "./data/world-migration";

// Registration only: every rule lives in src/engine.
Hooks.once("init", () => {
  CONFIG.Actor.documentClass = BoutActor;
  CONFIG.Item.documentClass = BoutItem;
  CONFIG.Combat.documentClass = BoutCombat;
  CONFIG.Combatant.documentClass = BoutCombatant;
  CONFIG.CombatantGroup.documentClass = BoutCombatantGroup;
  CONFIG.ChatMessage.documentClass = BoutChatMessage;

  CONFIG.Actor.dataModels = { character: CharacterData, npc: NpcData };
  CONFIG.Item.dataModels = { weapon: WeaponData, armor: ArmorData, shield: ShieldData, maneuver: ManeuverData, skill: SkillData };
  // The token bar's track is derived per ruleset, so it is declared rather than found in the schema.
  CONFIG.Actor.trackableAttributes = { character: { bar: ["vitality"], value: [] }, npc: { bar: ["vitality"], value: [] } };

  registerSettings();
  registerSheets();
});

Hooks.once("ready", () => {
  void migrateWorld();
});
