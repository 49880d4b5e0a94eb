/**
 * The time structures the tracker can run, each an engine machine plus an
 * adapter that builds its start from the combat's combatants; each ruleset
 * registers its own (src/table/<ruleset>/time.ts). The adapters only
 * read figures (through each ruleset's own derived values) and roll what a
 * start needs with Foundry's dice; every rule stays in the engine.
 */
import { actorView } from "../data/actor/actor-view";
import type { Outcome } from "../engine/outcome";
import type { ActorView, RulesetId, RulesetStats, TimeStructureId } from "../engine/rulesets/ruleset";
import type { FightNow, Label, TimeCommand, TimeMachine } from "../engine/time/machine";
import type { DialogField, DialogValues } from "../applications/dialogs/odds-dialog";
import type { Placed } from "./pulse/engagements";
import type { BoutCombat } from "../documents/combat";
import type { WriteBatch } from "./batch";
import type { Lease } from "./write-queue";

/** What an adapter sees of a combatant. */
export interface CombatantInfo {
  readonly id: string;
  readonly groupId: string | null;
  readonly actor: Actor.Implementation | null;
  readonly side: string;
  /** Hex and facing on a hexagonal scene (the pulse ruleset's geometry), when the fighter has a token there. */
  readonly placed?: Placed | null;
}

/** What a step sets off at the table: commands for its state (a roll's penalty), and writes gathered into the step's own batch. */
export interface StepWrites {
  readonly commands: readonly TimeCommand[];
  /** Adds the step's other writes to `batch` (cards already resolved, statuses), to be written with the step. */
  gather(batch: WriteBatch, lease: Lease | undefined): Promise<void>;
}

export interface TimeStructure {
  readonly machine: TimeMachine<any, any, any>;
  /** The machine's state for a new fight. */
  start(combatants: readonly CombatantInfo[], options?: Readonly<Record<string, unknown>>): Promise<Outcome<unknown>>;
  /** GM: what the start needs to know first (who has surprise); null when the GM closes the question. */
  setup?(combatants: readonly CombatantInfo[]): Promise<Readonly<Record<string, unknown>> | null>;
  /**
   * A fighter entering the running fight (added to the encounter, back on its
   * feet): the machine's `join`, with its figures read from the documents and
   * anything it must roll (a fresh Action Pool) rolled with Foundry's dice.
   */
  join?(combatant: CombatantInfo, state: any): Promise<TimeCommand | null>;
  /** GM commands the tracker's buttons send. */
  readonly nextStep: TimeCommand;
  /** When the next step must roll something first (a phased round's Initiative Totals): the command to send instead. */
  stepCommand?(state: any, combatants: readonly CombatantInfo[]): Promise<TimeCommand | readonly TimeCommand[]>;
  /** A secret declaration the state waits for (opened in the same write that reaches that state). */
  declaration?(state: any): { readonly kind: string; readonly combatantIds: readonly string[] } | null;
  /** The kind `declaration` opens, so a declaration the state no longer waits for is closed. */
  readonly declarationKind?: string;
  /** The GM's buttons for the whole fight, beside "next step" (a phased round's casual mode). */
  fightActions?(state: any): readonly GroupAction[];
  /** The acting fighter's choices instead of a plain "done" (fire or hold in a missile phase). */
  turnChoices?(state: any, combatantId: string, actor?: Actor.Implementation | null, now?: FightNow): readonly GroupAction[];
  /** The next round, with whatever it must roll. */
  nextRound(state: any, combatants: readonly CombatantInfo[]): Promise<TimeCommand>;
  /** A player's "I am done" for the acting combatant, when the structure has one. */
  endTurn?(combatantId: string): TimeCommand;
  /**
   * Moving a fighter into another group once the fight runs (a bout formed or
   * split by dragging); null when the structure reads the groups itself later
   * (a pulse's engagements, at its next initiative).
   */
  regroup?(combatantId: string, groupId: string): TimeCommand | null;
  /** The GM's buttons on one group of the tracker (a bout's throw, next exchange, pause ...). */
  groupActions?(state: any, groupId: string): readonly GroupAction[];
  /**
   * GM, inside the combat's queue, once a step is worked out and before it is
   * written: what the new state sets off at the table, written with the step
   * (steel's Blood Loss rolls and their cards at a new round, opposed's
   * Surprised cleared). Commands go into the step's state, and `gather` adds
   * the other writes to the step's batch: one request on v14. `now`: the
   * fighters' conditions as the world holds them before the step (the combat's
   * own reading, kept until the world changes: a step does not read every fighter).
   */
  stepWrites?(before: any, after: any, combatId: string, combatants: readonly CombatantInfo[], now: FightNow): Promise<StepWrites | null>;
  /**
   * Set when the rules count a fighter's movement over more than a turn (a
   * phased round's Movement phase, a pulse): the structure clears its fighters'
   * movement records when that span begins (in `stepWrites`,
   * movement-record.ts), and core's clearing at the start of each turn is left
   * out (BoutCombat#_clearMovementHistoryOnStartTurn).
   */
  readonly clearsMovementRecords?: true;
  /** Badges a row shows from the fighter's own sheet rather than the fight's state (opposed's Advantage). */
  rowBadges?(combatantId: string, actor: Actor.Implementation | null): readonly { readonly label: Label; readonly value?: string | number }[];
  /** GM: fill a command with what only the documents know (each pool recomputed from wounds, light and footing for a bout's next round). */
  refine?(command: TimeCommand, state: any, combatants: readonly CombatantInfo[]): TimeCommand;
  /**
   * The structure's own words for its time, for the tracker's header and the
   * footer's step and round buttons: a pulse is never called a round.
   */
  words?(state: any): TimeWords;
}

/** A localization key and the values for its {placeholders}; a value that is itself a key is localized first when `keys` names it. */
export interface TimeText {
  readonly key: string;
  readonly data?: Readonly<Record<string, string | number>>;
  readonly keys?: readonly string[];
}

/** What the tracker calls the fight's time now and its two forward buttons (core's Next Turn and Next Round). */
export interface TimeWords {
  readonly title: TimeText;
  readonly nextTurn: string;
  readonly nextRound: string;
}

/** A tracker button: opens a secret declaration for the group (steel's throw), sends one machine command, or asks for figures first. */
export interface GroupAction {
  readonly id: string;
  readonly label: string;
  readonly icon: string;
  /** Opens a secret declaration of this registered kind (../declarations.ts) for the group's fighters, offering these choices: the ruleset names both. */
  readonly declare?: { readonly kind: string; readonly options: readonly string[] };
  readonly command?: TimeCommand;
  /** Posts a chat card of this kind for the combatant's actor, on themself (a fatigue check). */
  readonly card?: string;
  /** Asks the user for figures (how many points to spend) and builds the command from them. */
  readonly prompt?: { readonly title: string; readonly fields: readonly DialogField[]; command(values: DialogValues): TimeCommand };
  /** Only the GM sees it (a ruling such as higher footing), even on a row a player owns. */
  readonly gmOnly?: true;
  /** Offered beside the acting fighter's "done" rather than instead of it (a Prepare). */
  readonly alongsideEndTurn?: true;
  /** A GM's procedure that rolls and writes on its own (the outnumbered fighter's roll). */
  readonly run?: (combat: BoutCombat, groupId: string) => Promise<void>;
}

const structures = new Map<TimeStructureId, TimeStructure>();

export function registerTimeStructure(id: TimeStructureId, structure: TimeStructure): void {
  structures.set(id, structure);
}

export function timeStructure(id: string): TimeStructure | undefined {
  return structures.get(id as TimeStructureId);
}

/** The fighters' conditions as their actors carry them now (each one's statuses), for the machine to read. */
export function fightNowOf(combatants: readonly { readonly id: string | null; readonly actor: unknown }[]): FightNow {
  // Only those under some condition: a machine reads a missing fighter as under none, and the GM's step stays small.
  const statuses: Record<string, readonly string[]> = {};
  for (const c of combatants) {
    const held = (c.actor as { statuses?: Set<string> } | null)?.statuses;
    if (held?.size && c.id) statuses[c.id] = [...held];
  }
  return { statuses };
}

/** What an adapter reads of a combatant's actor: the ruleset's view of its figures. */
export const combatantView = <S extends RulesetStats>(c: CombatantInfo, ruleset: RulesetId): ActorView<S> => actorView<S>(c.actor, ruleset);
