import type { DerivedValue } from "../../engine/rulesets/stats";
import type { Vitality } from "../../engine/rulesets/ruleset";
import { trackEdit } from "../../engine/rulesets/track-edit";
import { activeRuleset, phasesTracks } from "../../settings";
import { migrateActorSystem, SCHEMA_VERSION } from "../migrations";
import { rulesetBlockFields } from "../shared/ruleset-blocks";
import { actorView } from "./actor-view";
import { RULESETS } from "../../engine/rulesets/registry";
import { RULESET_IDS } from "../../engine/rulesets/ruleset";
import { conditionStats } from "../../engine/rulesets/stats";

/**
 * Both actor types store the same things: one block of figures per ruleset and a biography.
 *
 * `vitality` is the token bar's field. Core's TokenDocument#getBarAttribute lets the Token HUD
 * edit a bar only when `<attribute>.value` is a NumberField of the schema (v13: "if ( field )
 * editable = field instanceof foundry.data.fields.NumberField"); a value only derived is shown
 * but cannot be changed. The field stores nothing (no initial, not required): what the bar shows
 * is the active ruleset's own track (prepareDerivedData), and an edit of it is written to the
 * statistic that track reads (`_preUpdate`, and BoutActor#modifyTokenAttribute for the HUD).
 */
function defineActorSchema() {
  const fields = foundry.data.fields;
  const style = () => new fields.StringField({ required: true, blank: true, initial: "" });
  return {
    schemaVersion: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: SCHEMA_VERSION }),
    ...rulesetBlockFields("actor"),
    // The actor's fighting style in each ruleset when the GM runs it (blank or "gm": the GM decides); a combatant may override it.
    styles: new fields.SchemaField({ steel: style(), phases: style(), actionpoints: style(), opposed: style(), pulse: style() }),
    biography: new fields.HTMLField({ required: true, blank: true, initial: "" }),
    vitality: new fields.SchemaField({ value: new fields.NumberField({ required: false, nullable: true, initial: undefined }) }, { required: false, nullable: true, initial: undefined }),
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
  /** The token-bar track (`system.vitality.value` / `.max`), the active ruleset's, with the statistic it reads (`path`). */
  declare vitality: Vitality;

  /**
   * A state that is a token condition is read from the actor's statuses (its
   * Active Effects, whoever set them), never from a stored copy (issue 31):
   * what the sheet, the cards and the fight read is the condition itself.
   */
  private readConditions(): void {
    const statuses = (this.parent as unknown as { statuses?: ReadonlySet<string> }).statuses ?? new Set<string>();
    const self = this as unknown as Record<string, Record<string, unknown> | undefined>;
    for (const { id, stats } of CONDITION_STATS) {
      const block = self[id];
      if (block) for (const { path, status } of stats) foundry.utils.setProperty(block, path, statuses.has(status));
    }
  }

  static override defineSchema(): ActorSchema {
    return defineActorSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    migrateActorSystem(source);
    return super.migrateData(source);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.readConditions();
    const ruleset = activeRuleset();
    const view = actorView(this.parent, ruleset.id);
    // The world's own tables derived values depend on (the phases wound and fatigue tracks).
    this.derived = ruleset.derive(view, { phasesTracks: phasesTracks() });
    this.vitality = ruleset.vitality(view, this.derived);
  }

  /**
   * An update naming the bar's field (core's Actor#modifyTokenAttribute writes
   * `system.vitality.value`; so may a macro or a module) writes the active
   * ruleset's track statistic instead, so the bar and the rules keep one figure.
   */
  override async _preUpdate(changes: never, options: never, user: never) {
    if ((await super._preUpdate(changes, options, user)) === false) return false;
    const system = (changes as { system?: Record<string, unknown> }).system;
    const bar = system?.["vitality"] as { value?: unknown } | null | undefined;
    if (!system || !("vitality" in system)) return;
    delete system["vitality"];
    if (typeof bar?.value !== "number") return;
    const ruleset = activeRuleset();
    const edit = trackEdit(this.vitality, ruleset.stats.actor, bar.value, false);
    if (edit) foundry.utils.setProperty(system, `${ruleset.id}.${edit.path}`, edit.value);
  }
}

/** Each ruleset's states that are token conditions (a pulse figure's Stunned, a kneeling fighter), by block. */
const CONDITION_STATS = RULESET_IDS.map((id) => ({ id, stats: conditionStats(RULESETS[id].stats.actor) }));

export class CharacterData extends BoutActorData {}

export class NpcData extends BoutActorData {}
