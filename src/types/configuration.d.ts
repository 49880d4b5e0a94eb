import type { CharacterData, NpcData } from "../data/actor/actor-data";
import type { ArmorData, ManeuverData, ShieldData, SkillData, WeaponData } from "../data/item/item-data";
import type { BoutActor } from "../documents/actor";
import type { BoutChatMessage } from "../documents/chat-message";
import type { BoutCombat } from "../documents/combat";
import type { BoutCombatant } from "../documents/combatant";
import type { BoutCombatantGroup } from "../documents/combatant-group";
import type { BoutItem } from "../documents/item";
import type { CardData } from "../data/chat/card-data";
import type { RulesetId } from "../engine/rulesets/ruleset";

declare module "fvtt-types/configuration" {
  interface AssumeHookRan {
    init: true;
  }
  interface DocumentClassConfig {
    Actor: typeof BoutActor;
    Item: typeof BoutItem;
    Combat: typeof BoutCombat;
    Combatant: typeof BoutCombatant;
    CombatantGroup: typeof BoutCombatantGroup;
    ChatMessage: typeof BoutChatMessage;
  }
  interface DataModelConfig {
    ChatMessage: {
      card: typeof CardData;
    };
    Actor: {
      character: typeof CharacterData;
      npc: typeof NpcData;
    };
    Item: {
      weapon: typeof WeaponData;
      armor: typeof ArmorData;
      shield: typeof ShieldData;
      maneuver: typeof ManeuverData;
      skill: typeof SkillData;
    };
  }
  interface SettingConfig {
    "bout.ruleset": RulesetId;
    "bout.autoApply": boolean;
    "bout.schemaVersion": number;
    "bout.phasesPiercingRule": boolean;
    "bout.phasesCalledShots": boolean;
    "bout.steelPostures": boolean;
    "bout.steelBuyInitiativeTn": number;
    "bout.steelMaxAttackers": number;
    "bout.steelTables": string;
    "bout.rollTables": Record<string, string>;
    "bout.apTables": string;
    "bout.apCriticals": string;
    "bout.apCritThroughBlock": string;
    "bout.pulseZones": boolean;
    "bout.phasesEffectiveSpace": boolean;
    "bout.pulseMoveLimits": "players" | "everyone" | "off";
    "bout.pulseShieldFacing": boolean;
    "bout.pulseTables": string;
    "bout.pulseAgilityInDefense": boolean;
    "bout.roundSeconds": number;
    "bout.phasesTracks": string;
    "bout.opposedTie": string;
    "bout.steelRangeBands": string;
    "bout.phasesShotRanges": string;
    "bout.legacyTablesNoticed": boolean;
    "bout.poisonStamps": Record<string, number>;
    "bout.styleConfirm": boolean;
  }
}
