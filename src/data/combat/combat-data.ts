/**
 * What a Combat stores for the tracker: which time structure runs it, the
 * machine's state (as JSON text, so an update replaces it whole and never merges
 * stale keys), the last steps kept for the GM's undo, and the open secret declaration: who is asked and who has
 * answered, never what they answered.
 */
function defineCombatSchema() {
  const fields = foundry.data.fields;
  return {
    structure: new fields.StringField({ required: true, blank: true, initial: "" }),
    state: new fields.StringField({ required: true, blank: true, initial: "" }),
    /** The GM's undo: the last steps' reverse patches (JSON text, engine/time/undo.ts), written with each step. */
    history: new fields.StringField({ required: true, blank: true, initial: "" }),
    declaration: new fields.SchemaField({
      id: new fields.StringField({ required: true, blank: true, initial: "" }),
      kind: new fields.StringField({ required: true, blank: true, initial: "" }),
      /** The group (bout) it is for, when the structure has groups. */
      groupId: new fields.StringField({ required: true, blank: true, initial: "" }),
      options: new fields.ArrayField(new fields.StringField({ blank: false })),
      combatantIds: new fields.ArrayField(new fields.StringField({ blank: false })),
      chosen: new fields.ArrayField(new fields.StringField({ blank: false })),
    }),
  };
}

export type CombatSchema = ReturnType<typeof defineCombatSchema>;

export class BoutCombatData extends foundry.abstract.TypeDataModel<CombatSchema, Combat.Implementation> {
  /** The machine state, parsed once per preparation. */
  declare machineState: unknown;

  static override defineSchema(): CombatSchema {
    return defineCombatSchema();
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const text = (this as unknown as { state: string }).state;
    try {
      this.machineState = text ? JSON.parse(text) : null;
    } catch {
      this.machineState = null;
    }
  }
}

/** Combatants and groups keep nothing of their own yet: their state lives in the combat's machine. */
export class BoutCombatantData extends foundry.abstract.TypeDataModel<Record<string, never>, Combatant.Implementation> {
  static override defineSchema() {
    return {};
  }
}

export class BoutCombatantGroupData extends foundry.abstract.TypeDataModel<Record<string, never>, CombatantGroup.Implementation> {
  static override defineSchema() {
    return {};
  }
}
