import type { DerivedValue } from "../../engine/rulesets/stats";
import type { Vitality } from "../../engine/rulesets/ruleset";
import { activeRuleset, phasesTracks } from "../../settings";
import { migrateActorSystem, SCHEMA_VERSION } from "../migrations";
import { rulesetBlockFields } from "../shared/ruleset-blocks";
import { actorView } from "./actor-view";

/** Both actor types store the same things: one block of figures per ruleset and a biography. */
function defineActorSchema() {
  const fields = foundry.data.fields;
  const style = () => new fields.StringField({ required: true, blank: true, initial: "" });
  return {
    schemaVersion: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: SCHEMA_VERSION }),
    ...rulesetBlockFields("actor"),
    // The actor's fighting style in each ruleset when the GM runs it (blank or "gm": the GM decides); a combatant may override it.
    styles: new fields.SchemaField({ steel: style(), phases: style(), actionpoints: style(), opposed: style(), pulse: style() }),
    biography: new fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

export type ActorSchema = ReturnType<typeof defineActorSchema>;

/**
 * The shared behaviour: values the active ruleset derives (never stored) and the
 * token-bar track. The ruleset's `derive` is the only place they are computed.
 */
abstract class BoutActorData extends foundry.abstract.TypeDataModel<ActorSchema, Actor.Implementation> {

  /** Derived values of the active ruleset, for sheets (read-only). */
  declare derived: Record<string, DerivedValue>;
  /** The token-bar track (`system.vitality.value` / `.max`). */
  declare vitality: Vitality;

  static override defineSchema(): ActorSchema {
    return defineActorSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    migrateActorSystem(source);
    return super.migrateData(source);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const ruleset = activeRuleset();
    const view = actorView(this.parent, ruleset.id);
    // The world's own tables derived values depend on (the phases wound and fatigue tracks).
    this.derived = ruleset.derive(view, { phasesTracks: phasesTracks() });
    this.vitality = ruleset.vitality(view, this.derived);
  }
}

export class CharacterData extends BoutActorData {}

export class NpcData extends BoutActorData {}
