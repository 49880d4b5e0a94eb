/** Fields every actor type shares: a vitality track for the token bar and a biography. */
function defineActorSchema() {
  const fields = foundry.data.fields;
  return {
    vitality: new fields.SchemaField({
      value: new fields.NumberField({ required: true, nullable: false, integer: true, initial: 10 }),
      max: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 10 }),
    }),
    biography: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

export type ActorSchema = ReturnType<typeof defineActorSchema>;

export class CharacterData extends foundry.abstract.TypeDataModel<ActorSchema, Actor.Implementation> {
  static override defineSchema(): ActorSchema {
    return defineActorSchema();
  }
}

export class NpcData extends foundry.abstract.TypeDataModel<ActorSchema, Actor.Implementation> {
  static override defineSchema(): ActorSchema {
    return defineActorSchema();
  }
}
