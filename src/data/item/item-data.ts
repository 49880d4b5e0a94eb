/** Fields every item type shares. */
function defineItemSchema() {
  const fields = foundry.data.fields;
  return {
    description: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

export type ItemSchema = ReturnType<typeof defineItemSchema>;

export class WeaponData extends foundry.abstract.TypeDataModel<ItemSchema, Item.Implementation> {
  static override defineSchema(): ItemSchema {
    return defineItemSchema();
  }
}

export class ArmorData extends foundry.abstract.TypeDataModel<ItemSchema, Item.Implementation> {
  static override defineSchema(): ItemSchema {
    return defineItemSchema();
  }
}

export class ShieldData extends foundry.abstract.TypeDataModel<ItemSchema, Item.Implementation> {
  static override defineSchema(): ItemSchema {
    return defineItemSchema();
  }
}
