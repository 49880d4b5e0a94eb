import type { ItemKind } from "../../engine/rulesets/ruleset";
import { migrateItemSystem, SCHEMA_VERSION } from "../migrations";
import { figureSourceFields, rulesetBlockFields } from "../shared/ruleset-blocks";
import { SYSTEM_ID } from "../../config";
import { stampPoison } from "./poison-stamp";

/** What every item stores: its figures for every ruleset, where they came from, and a description. */
function defineItemSchema(kind: ItemKind, equippable: boolean, countable: boolean) {
  const fields = foundry.data.fields;
  return {
    schemaVersion: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: SCHEMA_VERSION }),
    ...(equippable ? { equipped: new fields.BooleanField({ initial: false, label: "BOUT.Item.Equipped" }) } : {}),
    // How many are carried (arrows, javelins, throwing knives): shown on the sheet; no rule reads it.
    ...(countable ? { quantity: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 1, label: "BOUT.Item.Quantity" }) } : {}),
    ...rulesetBlockFields(kind),
    figureSource: figureSourceFields(),
    description: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

export type ItemSchema = ReturnType<typeof defineItemSchema>;

abstract class BoutItemData extends foundry.abstract.TypeDataModel<ItemSchema, Item.Implementation> {
  /** The item type this model stores, which picks the ruleset blocks. */
  static readonly kind: ItemKind;
  static readonly equippable: boolean;
  /** Carried in numbers: keeps a quantity. */
  static readonly countable: boolean = false;

  static override defineSchema(): ItemSchema {
    return defineItemSchema(this.kind, this.equippable, this.countable);
  }

  static override migrateData(source: Record<string, unknown>) {
    migrateItemSystem(source, this.kind);
    return super.migrateData(source);
  }
}

export class WeaponData extends BoutItemData {
  static override readonly kind = "weapon";
  static override readonly equippable = true;
  static override readonly countable = true;

  // [20.3] the time poison goes on a weapon is kept with it: it dries after six hours.
  override async _preCreate(data: never, options: never, user: never) {
    if ((await super._preCreate(data, options, user)) === false) return false;
    const stamp: Record<string, unknown> = { ...(data as Record<string, unknown>) };
    stampPoison(stamp, false);
    const at = foundry.utils.getProperty(stamp, `flags.${SYSTEM_ID}.poisonedAt`);
    if (at !== undefined) this.parent.updateSource({ [`flags.${SYSTEM_ID}.poisonedAt`]: at } as never);
  }

  override async _preUpdate(changes: never, options: never, user: never) {
    if ((await super._preUpdate(changes, options, user)) === false) return false;
    stampPoison(changes as Record<string, unknown>, Boolean((this as { pulse?: { poisoned?: boolean } }).pulse?.poisoned));
  }
}

export class ArmorData extends BoutItemData {
  static override readonly kind = "armor";
  static override readonly equippable = true;
}

export class ShieldData extends BoutItemData {
  static override readonly kind = "shield";
  static override readonly equippable = true;
}

export class ManeuverData extends BoutItemData {
  static override readonly kind = "maneuver";
  static override readonly equippable = false;
}

export class SkillData extends BoutItemData {
  static override readonly kind = "skill";
  static override readonly equippable = false;
}
