import type { ItemKind } from "../../engine/rulesets/ruleset";
import { migrateItemSystem, SCHEMA_VERSION } from "../migrations";
import { figureSourceFields, rulesetBlockFields } from "../shared/ruleset-blocks";
import { SYSTEM_ID } from "../../config";
import { stampPoison } from "./poison-stamp";
import { strengthBonusForKind } from "../../engine/rulesets/opposed/damage";

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
    // Seed 003: a weapon made ranged does not add the Strength Bonus unless its data says so (the engine's default).
    const sb = strengthBonusForKind({ kind: named(data, SB_KIND), kindWas: undefined, sent: named(data, SB_BOX) });
    if (sb !== null) this.parent.updateSource({ system: { opposed: { addStrengthBonus: sb } } });
  }

  override async _preUpdate(changes: never, options: never, user: never) {
    if ((await super._preUpdate(changes, options, user)) === false) return false;
    stampPoison(changes as Record<string, unknown>, Boolean((this as { pulse?: { poisoned?: boolean } }).pulse?.poisoned));
    // Seed 003: made ranged (or melee) on the sheet, the weapon's Strength Bonus box follows the kind unless the GM sets it too.
    const was = (this as { opposed?: { kind?: string; addStrengthBonus?: boolean } }).opposed;
    const sb = strengthBonusForKind({ kind: named(changes, SB_KIND), kindWas: was?.kind, sent: named(changes, SB_BOX), was: was?.addStrengthBonus });
    if (sb !== null) foundry.utils.setProperty(changes as object, SB_BOX, sb);
  }
}

const SB_KIND = "system.opposed.kind";
const SB_BOX = "system.opposed.addStrengthBonus";
/** A value a create or update names, flat ("system.opposed.kind") or nested. */
const named = (data: unknown, path: string): unknown => {
  const d = data as Record<string, unknown>;
  return d?.[path] !== undefined ? d[path] : foundry.utils.getProperty(d ?? {}, path);
};

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
