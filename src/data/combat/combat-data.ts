import { readStoredHistory, type KeptStep } from "./stored-history";
import { readState } from "./state-cache";

/**
 * An object field that also reads what older versions stored in its place: the
 * whole value as JSON text. The text is kept as it is (never parsed into the
 * source, so the client's copy still matches the database's) until the active
 * GM's next write replaces it with the object (documents/combat.ts).
 */
class StructuredOrTextField extends foundry.data.fields.ObjectField {
  protected override _cast(value: unknown): ReturnType<foundry.data.fields.ObjectField["_cast"]> {
    return (typeof value === "string" ? value : super._cast(value)) as never;
  }

  protected override _validateType(value: unknown, options?: unknown): void {
    if (typeof value === "string") return;
    (super._validateType as (v: unknown, o?: unknown) => void)(value, options);
  }

  /**
   * The prepared value is the stored one, not a copy: v13's ObjectField#initialize copies the value whole each
   * time the Combat is initialized, which is at every update, and this one holds the fight's whole state (issue
   * 35). Nothing changes it in place: the machine state is decoded from it into new objects (stored-state.ts),
   * once per fingerprint (state-cache.ts), and the history's patches likewise (stored-history.ts).
   */
  override initialize(value: unknown): ReturnType<foundry.data.fields.ObjectField["initialize"]> {
    return value as ReturnType<foundry.data.fields.ObjectField["initialize"]>;
  }
}

/**
 * What a Combat stores for the tracker: which time structure runs it, the
 * machine's state (structured, stored-state.ts, so a step's update carries
 * only what changed), the last steps kept for the GM's undo, and the open
 * secret declaration: who is asked and who has answered, never what they answered.
 */
function defineCombatSchema() {
  const fields = foundry.data.fields;
  return {
    structure: new fields.StringField({ required: true, blank: true, initial: "" }),
    /** The machine state in its stored form ({} before the fight starts; JSON text in worlds from before issue 23). */
    state: new StructuredOrTextField(),
    /** The GM's undo: each kept step's reverse patch under its own key (stored-history.ts), one added per step. */
    history: new StructuredOrTextField(),
    /**
     * The state's fingerprint (engine/time/undo.ts), written with it: the client that wrote the state keeps it under
     * this (state-cache.ts) and need not read it back whole; undo checks it. Empty in worlds from before issue 35.
     */
    fingerprint: new fields.StringField({ required: true, blank: true, initial: "" }),
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
  /** The machine state, read once per preparation. */
  declare machineState: unknown;
  /** The undo history's steps, oldest first, each with its stored key. */
  declare keptSteps: KeptStep[];

  static override defineSchema(): CombatSchema {
    return defineCombatSchema();
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const { state, history, fingerprint } = this as { state: unknown; history: unknown; fingerprint: string };
    this.machineState = readState(state, fingerprint, (this.parent as { id?: string | null } | null)?.id ?? null);
    this.keptSteps = readStoredHistory(history);
  }
}

/**
 * A combatant keeps its fighting style for this fight (blank: its actor's
 * default; "gm": the GM decides); its other state lives in the combat's machine.
 */
function defineCombatantSchema() {
  const fields = foundry.data.fields;
  return { style: new fields.StringField({ required: true, blank: true, initial: "" }) };
}

export type CombatantSchema = ReturnType<typeof defineCombatantSchema>;

export class BoutCombatantData extends foundry.abstract.TypeDataModel<CombatantSchema, Combatant.Implementation> {
  static override defineSchema(): CombatantSchema {
    return defineCombatantSchema();
  }
}

/** Groups keep nothing of their own: their state lives in the combat's machine. */

export class BoutCombatantGroupData extends foundry.abstract.TypeDataModel<Record<string, never>, CombatantGroup.Implementation> {
  static override defineSchema() {
    return {};
  }
}
