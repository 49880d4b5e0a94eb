import { notifyRefusal } from "../table/notify";
import { namedRefusal } from "../table/named-refusal";
import { fightNowOf, timeStructure, type CombatantInfo, type StepWrites, type TimeStructure } from "../table/machines";
import { ok, refuse, type Outcome } from "../engine/outcome";
import { roundsBegun, type FightNow, type TimeCommand, type TrackerView } from "../engine/time/machine";
import { rosterChanges, type RosterEntry } from "../engine/time/roster";
import type { OutOfAction } from "../engine/rulesets/out-of-action";
import { worldTimeDelta } from "../engine/time/round-length";
import { CONDITIONS_ENDED, diffStep, historyAfterStep, undoStep, type UndoEntry } from "../engine/time/undo";
import { stateChange } from "../data/combat/stored-state";
import { historyChange, type KeptStep } from "../data/combat/stored-history";
import { distrustPrint, keepState, printOf, readState } from "../data/combat/state-cache";
import type { TimeStructureId } from "../engine/rulesets/ruleset";
import { sideOf } from "../engine/rulesets/sides";
import { SYSTEM_ID } from "../config";
import { activeRuleset, phasesTracks, roundSecondsSetting } from "../settings";
import { actorView } from "../data/actor/actor-view";
import { queued, type Lease } from "../table/write-queue";
import { WriteBatch, writeOne, type Committed } from "../table/batch";
import { aftermathOf, notSaved } from "../table/write-notice";
import { effectEndsAt, ENDS_AT_FLAG, ENDS_WITH_FLAG } from "../table/status-writes";
import { conditionOver } from "../engine/time/condition-time";
import { askGM } from "../table/grants";
import { CLOSED_DECLARATION, newDeclaration } from "../table/declarations";
import { tokenPlacement, type Placed } from "../table/pulse/engagements";
import { callCombatHook as callHook, roundChangeOptions } from "../compat";
import { keptUntilTheWorldChanges } from "../table/world-changes";

/** The machine's view of each state worked out (see BoutCombat#viewOf). */
const VIEWS = new WeakMap<object, { key: string; view: TrackerView }>();
type ActingOrder = { readonly ids: readonly string[]; readonly ranks: ReadonlyMap<string, number> };
/** Each view's acting order and every fighter's place in it, worked out once per view (views are kept per state: issue 35). */
const ORDERS = new WeakMap<TrackerView, ActingOrder>();
/**
 * A view's acting order, the very object of `last` when it lists the same fighters in the same order (most
 * steps; a machine that kept its order gives the very same list): what is worked out from an order (core's turn
 * list in it: BoutCombat#fightOrder) is then known the same.
 */
function orderOf(view: TrackerView, last: ActingOrder | undefined): ActingOrder {
  let kept = ORDERS.get(view);
  if (!kept) {
    const ids = view.order;
    if (last && (ids === last.ids || (ids.length === last.ids.length && ids.every((id, i) => id === last.ids[i])))) kept = last;
    else kept = { ids, ranks: new Map(ids.map((id, i) => [id, i])) };
    ORDERS.set(view, kept);
  }
  return kept;
}
/** Each combat's acting order last asked for. */
const LAST_ORDER = new WeakMap<object, ActingOrder>();
/** Each turn list fightOrder returned in its order, with the acting order it follows (lists are never changed in place). */
const IN_ORDER = new WeakMap<readonly unknown[], ActingOrder>();
/** The fighters' conditions as a key (only those under some condition are listed: usually none). */
const nowKey = (now: FightNow): string => JSON.stringify(now.statuses);
/** Each combat's fighters' conditions and their key, read again once a document they come from changes (world-changes.ts). */
const NOW = keptUntilTheWorldChanges<BoutCombat, { now: FightNow; key: string }>();
/** Each combat's fighters carrying a condition with an end time (most carry none), read again once the world changes. */
const TIMED = keptUntilTheWorldChanges<BoutCombat, readonly TimedConditions[]>();
/** Each acting order's present combatants, each with the number of present combatants before it (core's turn of a holder), until the world changes. */
const PRESENT_PLACES = keptUntilTheWorldChanges<BoutCombat, WeakMap<ActingOrder, ReadonlyMap<string, number>>>();
/** Each combat's combatant infos, one list until the world changes (their parts read once, when first asked). */
const INFOS = keptUntilTheWorldChanges<BoutCombat, readonly CombatantInfo[]>();
/** Each state's (and each members' list's) members among a list of infos (BoutCombat#fighterInfos). */
const MEMBER_INFOS = new WeakMap<object, { from: readonly CombatantInfo[]; infos: readonly CombatantInfo[] }>();
type TimedEffect = { id: string; statuses: Set<string>; flags: Record<string, Record<string, unknown> | undefined> };
type TimedConditions = { combatantId: string; actor: Actor.Implementation; effects: TimedEffect[] };

/**
 * A combatant as the adapters see it (CombatantInfo), each part read from the
 * documents the first time it is asked for and kept for this object's life (a
 * step's): the whole table is listed, the step reads the fighters it names.
 */
class FighterInfo implements CombatantInfo {
  readonly id: string;
  readonly groupId: string | null;
  #actor: Actor.Implementation | null | undefined;
  #token: TokenDocument.Implementation | null | undefined;
  #side: string | undefined;
  #placed: Placed | null | undefined;
  constructor(private readonly combatant: Combatant.Implementation) {
    this.id = combatant.id!;
    this.groupId = (combatant as { _source: { group?: string | null } })._source.group ?? null;
  }
  get actor(): Actor.Implementation | null {
    if (this.#actor === undefined) this.#actor = (this.combatant.actor as Actor.Implementation | null) ?? null;
    return this.#actor;
  }
  get #tokenDoc(): TokenDocument.Implementation | null {
    if (this.#token === undefined) this.#token = (this.combatant.token as TokenDocument.Implementation | null) ?? null;
    return this.#token;
  }
  /** Whose side: the engine reads the token's disposition, else the actor's type. */
  get side(): string {
    const token = this.#tokenDoc;
    this.#side ??= sideOf({ disposition: token ? Number(token.disposition) : null, character: this.actor?.type === "character" });
    return this.#side;
  }
  get placed(): Placed | null {
    if (this.#placed === undefined) this.#placed = tokenPlacement(this.#tokenDoc);
    return this.#placed;
  }
}

type System = { structure: string; state: unknown; history: unknown; fingerprint: string; machineState: unknown; keptSteps: KeptStep[]; declaration: { id: string; kind: string; groupId: string; options: string[]; combatantIds: string[]; chosen: string[] } };

/**
 * A fight run by the ruleset's time structure. All its state is the engine
 * machine's, kept in `system.state` (structured: data/combat/stored-state.ts);
 * every change is one machine command and one update carrying what changed.
 * Players' commands go to the active GM, who checks them (see queries.ts).
 */
export class BoutCombat extends Combat {
  get boutSystem(): System {
    return this.system as unknown as System;
  }

  /** The structure this combat runs: its own once started, else the ruleset's. */
  get structure(): TimeStructure | undefined {
    return timeStructure(this.boutSystem.structure || activeRuleset().time);
  }

  get machineState(): unknown {
    return this.boutSystem.machineState;
  }

  /** The fingerprint of the fight's state (engine/time/undo.ts): known from the write that stored it, else worked out once. */
  get statePrint(): string {
    return printOf(this.machineState);
  }

  /** What the tracker draws, or null before the fight starts. */
  trackerView(): TrackerView | null {
    return this.viewOf(this.machineState);
  }

  /**
   * What the machine shows for a state, worked out once per state: states are
   * never changed in place (state-cache.ts), and a step asks for the view of its
   * new state several times (core's turn, the turn order, the tracker).
   */
  viewOf(state: unknown, structure: TimeStructure | undefined = this.structure): TrackerView | null {
    if (!state || !structure || typeof state !== "object") return null;
    // The view also reads the fighters' conditions as they are now (issue 31): kept with the state, under their key.
    const { now, key } = this.fightNowKept();
    const kept = VIEWS.get(state);
    if (kept?.key === key) return kept.view;
    const view = structure.machine.view(state, now);
    VIEWS.set(state, { key, view });
    return view;
  }

  /** The fighters' conditions as the world holds them now (each one's actor's statuses, whoever set them), for the machine to read. */
  fightNow(): FightNow {
    return this.fightNowKept().now;
  }

  /** The fighters' conditions with their key, read from every fighter only when the world has changed since (issue 35). */
  private fightNowKept(): { now: FightNow; key: string } {
    return NOW(this, () => {
      const now = fightNowOf(this.combatants.contents);
      // Shared by every reader until the world changes: nobody may change it.
      for (const held of Object.values(now.statuses)) Object.freeze(held);
      Object.freeze(now.statuses);
      return { now, key: nowKey(now) };
    });
  }

  /** The fighters in a state's acting order (its view's rows, as kept for the state: BoutCombat#viewOf), with each one's place. */
  actingOrderOf(state: unknown, structure: TimeStructure | undefined = this.structure): { ids: readonly string[]; ranks: ReadonlyMap<string, number> } {
    const view = this.viewOf(state, structure);
    if (!view) return { ids: [], ranks: new Map() };
    const order = orderOf(view, LAST_ORDER.get(this));
    LAST_ORDER.set(this, order);
    return order;
  }

  /** One machine step from `state`, with the fighters' conditions as they are now. */
  stepFrom(state: unknown, command: TimeCommand): Outcome<{ state: unknown; events: readonly unknown[] }> {
    return this.structure!.machine.apply(state, command, this.fightNow());
  }

  /** Why this combatant's fighter cannot act at all (its ruleset's rule on its figures and conditions, less any `ending` now), or null. */
  outOfAction(combatantId: string, ending: ReadonlySet<string> = new Set()): OutOfAction | null {
    const actor = (this.combatants.get(combatantId)?.actor as Actor.Implementation | null | undefined) ?? null;
    if (!actor) return null;
    const statuses = new Set([...((actor as { statuses?: Set<string> }).statuses ?? [])].filter((s) => !ending.has(s)));
    return activeRuleset().outOfAction(actorView(actor, activeRuleset().id), statuses, { phasesTracks: phasesTracks() });
  }

  /** Each combatant as the roster reads it: core's defeated mark and its ruleset's out of action (with the conditions `ending` gone). */
  rosterEntries(ending: ReadonlyMap<string, ReadonlySet<string>> = new Map()): RosterEntry[] {
    return this.combatants.contents.map((c) => ({ id: c.id!, defeated: Boolean((c as { isDefeated?: boolean }).isDefeated), outOfAction: this.outOfAction(c.id!, ending.get(c.id!)) !== null }));
  }

  /**
   * The timed conditions (a knockout's seconds, a knockdown's round) whose time
   * is up once a step from `before` to `next` has moved the world's clock on:
   * each combatant's, with the effects that end and the statuses they carried.
   */
  conditionsEnding(structure: TimeStructure, before: unknown, next: unknown): { combatantId: string; actor: Actor.Implementation; effects: string[]; statuses: Set<string> }[] {
    // The conditions that carry an end time, found first (and kept until the world changes): with none (most steps), the clock is not worked out (issue 35).
    const timed = TIMED(this, () =>
      this.combatants.contents.flatMap((c) => {
        const actor = (c.actor as Actor.Implementation | null) ?? null;
        const effects = ((actor?.effects.contents ?? []) as TimedEffect[]).filter((e) => e.flags[SYSTEM_ID]?.[ENDS_AT_FLAG] !== undefined || e.flags[SYSTEM_ID]?.[ENDS_WITH_FLAG] !== undefined);
        return actor && effects.length ? [{ combatantId: c.id!, actor, effects }] : [];
      }),
    );
    if (!timed.length) return [];
    const delta = this.stepSeconds(structure, before, next);
    if (delta <= 0) return [];
    const now = (game.time?.worldTime ?? 0) + delta;
    return timed.flatMap(({ combatantId, actor, effects }) => {
      const over = effects.filter((e) => conditionOver(effectEndsAt(e.flags[SYSTEM_ID]), now));
      return over.length ? [{ combatantId, actor, effects: over.map((e) => e.id), statuses: new Set(over.flatMap((e) => [...e.statuses])) }] : [];
    });
  }

  /** Seconds of world time a step from `before` to `next` moves on: the engine's count of rounds begun (each state's view as kept here) at the structure's round length. */
  stepSeconds(structure: TimeStructure, before: unknown, next: unknown): number {
    const begun = (state: unknown) => roundsBegun(structure.machine, state, (s) => this.viewOf(s, structure)!);
    return worldTimeDelta(structure.machine.id as TimeStructureId, begun(before), begun(next), roundSecondsSetting());
  }

  /** The fighters in the fight: the state's members once it runs, else those who would start it (neither defeated nor out of action). */
  fighterInfos(state: unknown = this.machineState): readonly CombatantInfo[] {
    const structure = this.structure;
    const infos = this.keptInfos();
    if (state && structure && typeof state === "object") {
      // A state's members among the combatants, found once per state and list of combatants (both kept: issue 35).
      const known = MEMBER_INFOS.get(state);
      if (known?.from === infos) return known.infos;
      // States that share their members' list (a machine's listedFighters) share the infos found for it.
      const list = structure.machine.members(state);
      const shared = MEMBER_INFOS.get(list);
      if (shared?.from === infos) {
        MEMBER_INFOS.set(state, shared);
        return shared.infos;
      }
      const members = new Set(list);
      // Shared by every step from this state: nobody may change it.
      const found = { from: infos, infos: Object.freeze(infos.filter((i) => members.has(i.id))) };
      MEMBER_INFOS.set(state, found);
      MEMBER_INFOS.set(list, found);
      return found.infos;
    }
    const roster = new Set(rosterChanges([], this.rosterEntries()).join);
    return infos.filter((i) => roster.has(i.id));
  }

  /** Is this combatant in the running fight's order? (Before the fight starts: not yet.) */
  isMember(combatantId: string): boolean {
    const state = this.machineState;
    return Boolean(state && this.structure?.machine.members(state).includes(combatantId));
  }

  /** What the adapters see of each combatant: its actor, side and place read only when an adapter asks (a step names few of them: issue 35). */
  combatantInfos(): CombatantInfo[] {
    return [...this.keptInfos()];
  }

  /** The combatants' infos, one list until a document they come from changes (world-changes.ts): each keeps what it read. */
  private keptInfos(): readonly CombatantInfo[] {
    return INFOS(this, () => this.combatants.contents.map((c) => new FighterInfo(c as Combatant.Implementation)));
  }

  /**
   * Begin (GM): the setup question (a dialog) is asked on this GM's client; the
   * start itself is worked out and written by the active GM, whom any other GM asks.
   */
  override async startCombat(): Promise<this> {
    if (!game.user?.isGM) {
      ui.notifications?.warn(game.i18n!.localize("BOUT.Combat.GmOnly"));
      return this;
    }
    const structure = timeStructure(activeRuleset().time);
    // A closed setup question leaves the fight unstarted (asked before the queue: a dialog holds no document).
    const options = structure?.setup ? await structure.setup(this.fighterInfos()) : {};
    if (options === null) return this;
    const outcome = game.user.isActiveGM ? await this.startHere(options) : await askGM("combatStep", { combatId: this.id, step: "start", options });
    if (!outcome.ok) notifyRefusal(outcome.refusal);
    return this;
  }

  /**
   * Active GM: start the fight with the setup's answers, in the combat's queue,
   * from the fighters as they are then; a second Begin finds it started.
   */
  async startHere(options: Readonly<Record<string, unknown>>): Promise<Outcome<unknown>> {
    const id = activeRuleset().time;
    const structure = timeStructure(id);
    if (!structure) return refuse("combat.noStructure", "BOUT.Combat.NoStructure", { structure: id });
    return queued([this], async (): Promise<Outcome<unknown>> => {
      if (this.machineState) return ok(null);
      const started = await structure.start(this.fighterInfos(), options);
      if (!started.ok) return started;
      // As v13's Combat#startCombat: combatStart hears the round and turn before the update that sets them.
      const updateData = this.corePosition(started.value, structure);
      callHook("combatStart", this, updateData);
      // Checked, as every write of a decision: a start refused by a module or by Foundry leaves the fight unstarted, and the GM told.
      const print = printOf(started.value);
      keepState(started.value, print);
      const committed = await writeOne(this, { ...updateData, "system.structure": id, ...this.storedChange(null, started.value, [], print), ...this.declarationChange(structure, started.value) });
      if (!committed.complete) return notSaved("Start.None", committed);
      return ok(true);
    });
  }

  /**
   * The secret declaration a state waits for (a phased round's Movement-phase
   * declarations), opened, widened to newcomers or closed in the same write as
   * the state: one write per step.
   */
  declarationChange(structure: TimeStructure, state: unknown): Record<string, unknown> {
    if (!structure.declaration) return {};
    const want = structure.declaration(state);
    const open = this.boutSystem.declaration;
    if (!want) return open.id && open.kind === structure.declarationKind ? { "system.declaration": CLOSED_DECLARATION } : {};
    if (!open.id) return { "system.declaration": newDeclaration(want.kind, "", want.combatantIds, []) };
    if (open.kind !== want.kind) return {};
    const asked = new Set(open.combatantIds);
    const added = want.combatantIds.filter((id) => !asked.has(id));
    return added.length ? { "system.declaration.combatantIds": [...open.combatantIds, ...added] } : {};
  }

  /**
   * The GM applies a machine command: refused commands notify and write nothing; one update otherwise.
   * Call it inside the combat's write queue with the task's lease (`command` does); what follows
   * the step (a card it calls for) then runs once the queue has moved on.
   */
  async applyCommand(command: TimeCommand, lease?: Lease): Promise<Outcome<unknown>> {
    const structure = this.structure;
    const state = this.machineState;
    if (!structure || !state) return refuse("combat.notStarted", "BOUT.Combat.NotStarted");
    const result = this.stepFrom(state, structure.refine ? structure.refine(command, state, this.fighterInfos(state)) : command);
    // The machine names fighters by combatant id: the notice names them as the tracker does.
    if (!result.ok) return namedRefusal(this, result);
    const { state: next, gather, ended } = await this.withStepWrites(structure, state, result.value.state);
    const committed = await this.writeWithSetOff(state, next, this.declarationChange(structure, next), [command.type, ...ended], lease, gather);
    if (committed && !committed.complete) return notSaved(aftermathOf("Step", committed), committed);
    return next === result.value.state ? result : { ok: true, value: { ...result.value, state: next } };
  }

  /**
   * The GM applies several commands as one step: all or none, one update (inside the combat's queue, as `applyCommand`).
   * With a `batch`, the update joins it (a card's decision, written with the card) instead of going out now.
   */
  async applyCommands(commands: readonly TimeCommand[], lease?: Lease, batch?: WriteBatch): Promise<Outcome<unknown>> {
    const structure = this.structure;
    let state = this.machineState;
    const before = state;
    if (!structure || !state) return refuse("combat.notStarted", "BOUT.Combat.NotStarted");
    const events: unknown[] = [];
    for (const command of commands) {
      const result = this.stepFrom(state, structure.refine ? structure.refine(command, state, this.fighterInfos(state)) : command);
      if (!result.ok) return namedRefusal(this, result);
      state = result.value.state;
      events.push(...result.value.events);
    }
    const rolled = await this.withStepWrites(structure, before, state);
    state = rolled.state;
    const committed = await this.writeWithSetOff(before, state, this.declarationChange(structure, state), [...commands.map((c) => c.type), ...rolled.ended], lease, rolled.gather, batch);
    if (committed && !committed.complete) return notSaved(aftermathOf("Step", committed), committed);
    return { ok: true, value: { state, events } };
  }

  /**
   * What a worked-out step sets off at once (steel's Blood Loss rolls at a new
   * round, opposed's Surprised cleared), worked out inside the combat's queue
   * before the step is written: commands join the step's state, so the step
   * stays one write. A command the machine refuses is left out (the step itself
   * stands). `gather` adds the other writes (cards, statuses) to the step's batch.
   */
  private async withStepWrites(structure: TimeStructure, before: unknown, next: unknown): Promise<{ state: unknown; gather: StepWrites["gather"] | null; ended: readonly string[] }> {
    const rolls = structure.stepWrites ? await structure.stepWrites(before, next, this.id!, this.fighterInfos(next), this.fightNow()) : null;
    let state = next;
    for (const command of rolls?.commands ?? []) {
      const applied = this.stepFrom(state, command);
      if (applied.ok) state = applied.value.state;
      else console.warn("bout | a step's roll was refused", command, applied.refusal);
    }
    // Issue 31: a condition whose time is up as this step moves the clock ends in the step's write, and a
    // fighter it kept out of the order (a knockout's seconds) comes back into it in the same write.
    const ending = this.conditionsEnding(structure, before, state);
    if (ending.length) state = await this.joinWhoWakes(structure, state, new Map(ending.map((e) => [e.combatantId, e.statuses])));
    // A step that ended conditions changed the world outside the state: it cannot be taken back.
    const ended = ending.length ? [CONDITIONS_ENDED] : [];
    if (!rolls && !ending.length) return { state, gather: null, ended };
    return {
      state,
      ended,
      gather: async (batch, lease) => {
        if (rolls) await rolls.gather(batch, lease);
        for (const e of ending) batch.deleteIn(e.actor, "ActiveEffect", e.effects);
      },
    };
  }

  /** The state with those the ending conditions kept out of the fight's order back in it. */
  private async joinWhoWakes(structure: TimeStructure, state: unknown, ending: ReadonlyMap<string, ReadonlySet<string>>): Promise<unknown> {
    const { join } = rosterChanges(structure.machine.members(state), this.rosterEntries(ending));
    return this.joined(structure, state, join.filter((id) => ending.has(id)));
  }

  /**
   * The state with these combatants in the fight's order, each by the machine's
   * `join` with its figures read now; one the machine refuses (figures out of
   * range) stays out, and the GM is told why.
   */
  private async joined(structure: TimeStructure, state: unknown, ids: readonly string[]): Promise<unknown> {
    const infos = this.combatantInfos();
    let next = state;
    for (const id of ids) {
      const info = infos.find((i) => i.id === id);
      const command = info && structure.join ? await structure.join(info, next) : null;
      if (!command) continue;
      const joined = this.stepFrom(next, command);
      if (joined.ok) next = joined.value.state;
      else notifyRefusal(joined.refusal);
    }
    return next;
  }

  /**
   * The step's write with what it sets off: all in one batch (one request on
   * v14; on v13 the fight's update, one create of every card, one delete of each
   * actor's cleared statuses), in `batch` when the step is itself part of a
   * larger decision (a card's, whose caller commits and checks it). What was
   * saved when this commits it (null when it went into `batch`).
   */
  private async writeWithSetOff(before: unknown, next: unknown, extra: Record<string, unknown>, commandTypes: readonly string[], lease: Lease | undefined, gather: StepWrites["gather"] | null, batch?: WriteBatch): Promise<Committed | null> {
    const into = batch ?? new WriteBatch();
    // In a batch of its own the step's update is the mark; in a card's, the card's own is (cards.ts).
    await this.writeStep(before, next, extra, commandTypes, into, { lock: !batch });
    if (gather) await gather(into, lease);
    return batch ? null : into.commit();
  }

  /** A command from this client: applied here by the active GM, sent to the active GM by anyone else (a player must own the combatant). */
  async command(command: TimeCommand & { combatantId?: string }): Promise<Outcome<unknown>> {
    let outcome: Outcome<unknown>;
    if (game.user?.isActiveGM) outcome = await queued([this], (lease) => this.applyCommand(command, lease));
    else outcome = await askGM("combatCommand", { combatId: this.id, command });
    if (!outcome.ok) notifyRefusal(outcome.refusal);
    return outcome;
  }

  /** A GM's several commands as one step (all or none, one write), on the active GM's client; any other GM asks it. Refusals are the caller's to show. */
  async commands(commands: readonly TimeCommand[]): Promise<Outcome<unknown>> {
    if (game.user?.isActiveGM) return queued([this], (lease) => this.applyCommands(commands, lease));
    return askGM("combatCommand", { combatId: this.id, commands });
  }

  override async nextTurn(): Promise<this> {
    if (!this.structure) return this;
    // A player's "End turn" (core's footer): her fighter's turn ends, through the GM.
    if (!game.user?.isGM) return this.endOwnTurn();
    const outcome = game.user.isActiveGM ? await this.stepHere("nextTurn") : await askGM("combatStep", { combatId: this.id, step: "nextTurn" });
    if (!outcome.ok) notifyRefusal(outcome.refusal);
    return this;
  }

  override async nextRound(): Promise<this> {
    if (!this.structure) return this;
    if (!game.user?.isGM) {
      ui.notifications?.warn(game.i18n!.localize("BOUT.Combat.GmOnly"));
      return this;
    }
    const outcome = game.user.isActiveGM ? await this.stepHere("nextRound") : await askGM("combatStep", { combatId: this.id, step: "nextRound" });
    if (!outcome.ok) notifyRefusal(outcome.refusal);
    return this;
  }

  /**
   * Active GM: the tracker's next step or next round, worked out from the state
   * inside the combat's queue (a command that lands first counts), rolled here
   * (Initiative Totals, new pools) and written once, whichever GM pressed it.
   */
  async stepHere(step: "nextTurn" | "nextRound"): Promise<Outcome<unknown>> {
    const structure = this.structure;
    if (!structure) return refuse("combat.notStarted", "BOUT.Combat.NotStarted");
    return queued([this], async (lease) => {
      // The new round's figures (rolled pools); combatRound is heard inside the write (writeStep), before the update, as v13 has it.
      if (step === "nextRound") return this.applyCommand(await structure.nextRound(this.machineState, this.fighterInfos()), lease);
      const command = structure.stepCommand && this.machineState ? await structure.stepCommand(this.machineState, this.fighterInfos()) : structure.nextStep;
      // Several commands (engagements, then the rolls) are one step: all or none, one write.
      return Array.isArray(command) ? this.applyCommands(command, lease) : this.applyCommand(command as TimeCommand, lease);
    });
  }

  /**
   * Active GM, in the combat's queue: move a fighter into a group (null: a new
   * one), forming or splitting a bout. The combatant's group and, once the fight
   * runs, the machine's state.
   */
  async moveToGroup(combatantId: string, groupId: string | null): Promise<Outcome<unknown>> {
    const combatant = this.combatants.get(combatantId);
    if (!combatant) return refuse("combat.unknownCombatant", "BOUT.Tracker.Refusal.UnknownCombatant");
    if (groupId !== null && !this.groups.get(groupId)) return refuse("combat.unknownGroup", "BOUT.Tracker.Refusal.UnknownGroup");
    const started = Boolean(this.machineState);
    const regroup = this.structure?.regroup;
    if (started && !regroup) return refuse("combat.noGroups", "BOUT.Tracker.Refusal.NoGroups");
    return queued([this], async (lease): Promise<Outcome<unknown>> => {
      // One decision, one checked write: a new bout, the fight's step and the combatant's move together.
      const batch = new WriteBatch();
      let target = groupId;
      if (target === null) {
        target = foundry.utils.randomID();
        batch.create(this, "CombatantGroup", [{ _id: target, name: game.i18n!.format("BOUT.Tracker.NewGroup", { n: String(this.groups.size + 1) }) }], { keepId: true });
      }
      // One out of the fight's order (defeated, senseless) only changes group: he comes back into that group's bout.
      const command = started && this.isMember(combatantId) ? regroup!(combatantId, target) : null;
      if (command) {
        const moved = await this.applyCommands([command], lease, batch);
        if (!moved.ok) return moved;
      }
      batch.updateIn(this, "Combatant", [{ _id: combatantId, group: target }]);
      const committed = await batch.commit();
      if (!committed.complete) return notSaved(aftermathOf("Step", committed), committed);
      return ok(target);
    });
  }

  /**
   * v13 core clears a combatant's movement record when its turn starts. A fight
   * whose rules count movement over a longer span (a phased round, a pulse)
   * clears its records itself when that span begins (movement-record.ts), so
   * core's clearing, which would forget a pulse's earlier hexes, is left out.
   */
  protected override async _clearMovementHistoryOnStartTurn(...args: Parameters<Combat["_clearMovementHistoryOnStartTurn"]>): Promise<void> {
    if (this.structure?.clearsMovementRecords) return;
    await super._clearMovementHistoryOnStartTurn(...args);
  }

  // ---- core's turn state follows the fight -------------------------------------

  /** The fighter whose turn it is in this machine state, where the structure hands turns to one fighter at a time (one with an End Turn); else null. */
  turnHolderIn(state: unknown): string | null {
    const structure = this.structure;
    if (!structure?.endTurn || !state) return null;
    return this.viewOf(state, structure)!.holder;
  }

  /**
   * Core's turn list in the fight's acting order (the machine's rows), those the
   * fight does not hold after them in core's order, so core's turn index moves
   * forward as the fight does.
   */
  fightOrder<T extends { id: string | null }>(turns: readonly T[], state: unknown = this.machineState): T[] {
    const structure = this.structure;
    if (!structure || !state) return [...turns];
    const order = this.actingOrderOf(state, structure);
    // A list this returned for the same acting order is in it still (issue 35: no look at every turn then).
    if (IN_ORDER.get(turns) === order) return turns as T[];
    const { ids, ranks } = order;
    const rank = (id: string | null) => (id ? (ranks.get(id) ?? ids.length) : ids.length);
    // Most steps leave the acting order as it was: no sort then (and nothing built to find it out).
    let sorted = true;
    for (let i = 1, last = turns.length ? rank(turns[0]!.id) : 0; sorted && i < turns.length; i++) {
      const r = rank(turns[i]!.id);
      sorted = last <= r;
      last = r;
    }
    const out = sorted ? [...turns] : turns.map((c, i) => ({ c, i, r: rank(c.id) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.c);
    IN_ORDER.set(out, order);
    return out;
  }

  /** Core's `turn` for a machine state: the turn holder's index in the fight's order, or null when nobody holds the turn. */
  coreTurn(state: unknown): number | null {
    const holder = this.turnHolderIn(state);
    if (!holder || !this.combatants.get(holder)) return null;
    // Its place in fightOrder's list: after exactly the combatants the fight has acting before it (no sort needed,
    // and core's order only breaks ties among those the fight does not hold, all after it).
    // The places of the present combatants in an order are kept with the order until the world changes (issue 35).
    const order = this.actingOrderOf(state);
    const kept = PRESENT_PLACES(this, () => new WeakMap());
    let places = kept.get(order);
    if (!places) {
      const built = new Map<string, number>();
      for (const id of order.ids) if (this.combatants.get(id)) built.set(id, built.size);
      kept.set(order, (places = built));
    }
    return places.get(holder) ?? 0;
  }

  /** Core's round and turn for a machine state (`structure`: the one starting, before the combat stores it). */
  corePosition(state: unknown, structure: TimeStructure | undefined = this.structure): { round: number; turn: number | null } {
    const round = structure && state ? Math.max(1, this.viewOf(state, structure)!.round) : this.round;
    return { round, turn: this.coreTurn(state) };
  }

  /**
   * The one write of a step (GM): the new machine state with core's round and
   * turn set from it, so v13's turn events, turn markers, `combat.combatant`
   * and End Turn follow the fight. A step that begins rounds (or pulses) moves
   * the world's clock on by their length through v13's `worldTime` update
   * option, with `combatRound` heard first (v13's Combat#nextRound); a step
   * that only passes the turn is heard as `combatTurn`. The step's way back
   * (engine/time/undo.ts) goes into the history in the same write; `commandTypes`
   * say what made the step (some clear the history instead).
   */
  async writeStep(before: unknown, next: unknown, extra: Record<string, unknown> = {}, commandTypes: readonly string[] = [], batch?: WriteBatch, place: { readonly lock?: boolean } = {}): Promise<Committed | null> {
    const structure = this.structure!;
    const position = this.corePosition(next);
    const updateData = { round: position.round, turn: position.turn };
    const delta = this.stepSeconds(structure, before, next);
    const options: Record<string, unknown> = { direction: 1, worldTime: { delta } };
    if (delta > 0) callHook("combatRound", this, updateData, options);
    else if (position.turn !== this.turn || position.round !== this.round) callHook("combatTurn", this, updateData, options);
    // A zero delta moves nothing: the option is left out rather than sent for an empty advance.
    if (delta <= 0) delete options.worldTime;
    // The step's way back and the new state's fingerprint, from the parts it changed; the new state is kept under it.
    const diff = diffStep(before, next, printOf(before));
    keepState(next, diff.print);
    const history = historyAfterStep(this.undoHistory, before, next, delta, commandTypes, diff);
    const data = { ...updateData, ...this.storedChange(before, next, history, diff.print), ...extra };
    if (batch) {
      batch.update(this, data, options, place);
      return null;
    }
    // Alone, the update is the step: what was saved comes back for the caller to check.
    return writeOne(this, data, options);
  }

  /**
   * The part of a write that stores a machine state, its fingerprint and an
   * undo history: only the paths that differ from what the document holds
   * (worked out inside the combat's queue, from its source, which holds
   * `before`), found from the parts of `state` that are not `before`'s own. A
   * combat still holding the JSON text of older versions gets the whole
   * structured value in this write.
   */
  storedChange(before: unknown, state: unknown, history: readonly UndoEntry[], print: string): Record<string, unknown> {
    const source = (this as { _source: { system: { state?: unknown; history?: unknown; fingerprint?: string } } })._source.system;
    const change: Record<string, unknown> = {};
    const stateUpdate = stateChange(before, state, source.state);
    if (stateUpdate !== null) change["system.state"] = stateUpdate;
    if (print !== source.fingerprint) change["system.fingerprint"] = print;
    const historyUpdate = historyChange(source.history, this.boutSystem.keptSteps ?? [], history);
    if (historyUpdate !== null) change["system.history"] = historyUpdate;
    return change;
  }

  // ---- the GM's undo of the last step ------------------------------------------

  /** The steps that can be taken back, oldest first. */
  get undoHistory(): UndoEntry[] {
    return (this.boutSystem.keptSteps ?? []).map((s) => s.entry);
  }

  /** Is there a step to take back? (The footer's Undo button.) */
  get canUndo(): boolean {
    return Boolean(this.machineState) && this.undoHistory.length > 0;
  }

  /**
   * GM: take back the last step (the state, core's round and turn, the world
   * time it moved on) in one write. The active GM does it in the combat's queue;
   * another GM asks the active GM. It applies to the state this client shows
   * now, so two GMs pressing at once take back one step. Players are refused.
   */
  async undoLastStep(): Promise<Outcome<unknown>> {
    let outcome: Outcome<unknown>;
    const seen = this.statePrint;
    if (!game.user?.isGM) outcome = refuse("combat.gmOnly", "BOUT.Combat.GmOnly");
    else if (game.user.isActiveGM) outcome = await queued([this], () => this.applyUndo(seen));
    else outcome = await askGM("combatUndo", { combatId: this.id, seen });
    if (!outcome.ok) notifyRefusal(outcome.refusal);
    return outcome;
  }

  /**
   * Active GM, inside the combat's queue: the undo written, or refused with
   * nothing written. `seen` is the fingerprint of the state the GM pressed Undo on.
   */
  async applyUndo(seen?: string): Promise<Outcome<unknown>> {
    const structure = this.structure;
    const state = this.machineState;
    if (!structure || !state) return refuse("combat.notStarted", "BOUT.Combat.NotStarted");
    const undone = undoStep(this.undoHistory, state, seen, printOf(state));
    if (!undone.ok) return undone;
    const { state: back, history, seconds } = undone.value;
    const print = diffStep(state, back, printOf(state)).print;
    keepState(back, print);
    const position = this.corePosition(back);
    const updateData = { round: position.round, turn: position.turn };
    // As v13's Combat#previousRound / #previousTurn: direction -1, the world time taken back through `worldTime`.
    const options = roundChangeOptions(-1, -seconds);
    if (position.round !== this.round) callHook("combatRound", this, updateData, options);
    else if (position.turn !== this.turn) callHook("combatTurn", this, updateData, options);
    const committed = await writeOne(this, { ...updateData, ...this.storedChange(state, back, history, print), ...this.declarationChange(structure, back) }, options);
    if (!committed.complete) return notSaved("Undo.None", committed);
    return ok(back);
  }

  /**
   * Active GM: a player changed core's round or turn herself (v13's BaseCombat
   * lets any player): core's round and turn are put back from the fight's state,
   * and any world time her update's `worldTime` option moved is taken back, in
   * one write. Nothing reads core's round or turn as the fight's truth.
   */
  async resyncCoreTurn(stolenSeconds = 0): Promise<void> {
    await queued([this], async () => {
      const state = this.machineState;
      const want = state && this.structure ? this.corePosition(state) : null;
      const moved = want !== null && (want.round !== this.round || want.turn !== this.turn);
      // The world time her update moved (its worldTime option) goes back in the same write.
      const options = stolenSeconds ? { worldTime: { delta: -stolenSeconds } } : {};
      if (moved) await this.update(want, options);
      else if (stolenSeconds) await game.time!.advance(-stolenSeconds);
    });
  }

  /** A player's End Turn: the fighter holding the turn, if hers, ends it through the GM. */
  async endOwnTurn(): Promise<this> {
    const structure = this.structure;
    const holder = this.turnHolderIn(this.machineState);
    const combatant = holder ? this.combatants.get(holder) : undefined;
    if (!structure?.endTurn || !combatant?.isOwner) {
      ui.notifications?.warn(game.i18n!.localize("BOUT.Combat.NotYourTurn"));
      return this;
    }
    await this.command({ ...structure.endTurn(combatant.id!), combatantId: combatant.id! });
    return this;
  }

  /**
   * Active GM: the fight follows the world (issue 31). Whoever is added to the
   * encounter, removed from it, marked defeated, knocked out or woken joins or
   * leaves the fight's state through the machine's own `join` and `leave`, and
   * a change in the fighters' conditions that moves the turn (a stun set from
   * the token) moves core's turn with it: all in the combat's queue, worked out
   * from the world as it is then, in one write (none when nothing differs).
   */
  async followWorld(): Promise<void> {
    await queued([this], async (lease) => {
      const structure = this.structure;
      const state = this.machineState;
      if (!structure || !state) return;
      const { leave, join } = rosterChanges(structure.machine.members(state), this.rosterEntries());
      const present = this.combatants.contents.map((c) => c.id!);
      const asked = this.boutSystem.declaration;
      const unasked = asked.id ? asked.combatantIds.filter((id) => !present.includes(id) || leave.includes(id)) : [];
      let next: unknown = state;
      for (const combatantId of leave) {
        const left = this.stepFrom(next, { type: "leave", combatantId } as TimeCommand);
        if (!left.ok) return notifyRefusal(left.refusal);
        next = left.value.state;
      }
      next = await this.joined(structure, next, join);
      if (next === state && !unasked.length) {
        // Nobody joins or leaves: a condition may still have moved the turn (a stun puts a figure last on its side).
        const want = this.corePosition(state);
        if (want.turn !== this.turn || want.round !== this.round) {
          const committed = await writeOne(this, want);
          if (!committed.complete) notSaved("Step.None", committed);
        }
        return;
      }
      const { state: after, gather } = await this.withStepWrites(structure, state, next);
      const committed = await this.writeWithSetOff(state, after, this.declarationWithout(structure, after, [...leave, ...unasked]), ["leave"], lease, gather);
      if (committed && !committed.complete) notSaved(aftermathOf("Step", committed), committed);
    });
  }

  /** The declaration change for a state, with the removed fighters no longer asked (closed when nobody is left to ask). */
  declarationWithout(structure: TimeStructure, state: unknown, ids: readonly string[]): Record<string, unknown> {
    const change = this.declarationChange(structure, state);
    const open = this.boutSystem.declaration;
    if (!open.id || "system.declaration" in change) return change;
    const keep = (list: readonly string[]) => list.filter((id) => !ids.includes(id));
    const asked = keep((change["system.declaration.combatantIds"] as string[] | undefined) ?? open.combatantIds);
    if (!asked.length) return { "system.declaration": CLOSED_DECLARATION };
    return { ...change, "system.declaration.combatantIds": asked, "system.declaration.chosen": keep(open.chosen) };
  }

  override _onUpdate(...args: Parameters<Combat["_onUpdate"]>): void {
    const [changed, , userId] = args;
    // A write that changed the state but not its fingerprint is not ours: the state is read whole again, and until
    // a write of ours the stored fingerprint is not trusted (state-cache.ts).
    const written = (changed as { system?: { state?: unknown; fingerprint?: unknown } }).system;
    if (written?.state !== undefined && written.fingerprint === undefined) {
      const system = this.boutSystem;
      distrustPrint(this.id!, system.fingerprint);
      system.machineState = readState(system.state, system.fingerprint, this.id);
    }
    // Core's turn list keeps the fight's order as its state moves (v13 rebuilds it only when combatants change).
    if ((changed as { system?: { state?: unknown } }).system?.state !== undefined) (this as { turns: Combatant.Implementation[] }).turns = this.fightOrder(this.turns);
    super._onUpdate(...args);
    if (!game.user?.isActiveGM || game.users?.get(userId)?.isGM) return;
    const touched = "round" in (changed as object) || "turn" in (changed as object);
    const stolen = Number((args[1] as { worldTime?: { delta?: unknown } } | undefined)?.worldTime?.delta ?? 0);
    if (touched || stolen) void this.resyncCoreTurn(Number.isFinite(stolen) ? stolen : 0);
  }

  // Foundry's own doors: a combatant added, marked defeated or removed, by any GM or the tracker, reaches the fight through the active GM.
  override _onCreateDescendantDocuments(...args: Parameters<Combat["_onCreateDescendantDocuments"]>): void {
    super._onCreateDescendantDocuments(...args);
    if (args[1] === "combatants" && game.user?.isActiveGM) void this.followWorld();
  }

  override _onUpdateDescendantDocuments(...args: Parameters<Combat["_onUpdateDescendantDocuments"]>): void {
    super._onUpdateDescendantDocuments(...args);
    const changes = args[3] as readonly Record<string, unknown>[];
    if (args[1] === "combatants" && game.user?.isActiveGM && changes.some((c) => "defeated" in c)) void this.followWorld();
  }

  override _onDeleteDescendantDocuments(...args: Parameters<Combat["_onDeleteDescendantDocuments"]>): void {
    super._onDeleteDescendantDocuments(...args);
    if (args[1] === "combatants" && game.user?.isActiveGM) void this.followWorld();
  }

  // v13 declares Combatant.Implementation[], v14 Combatant.Stored[]: whatever core returns, reordered.
  override setupTurns(): ReturnType<Combat["setupTurns"]> {
    const first = !this.previous;
    const core = super.setupTurns();
    if (!this.machineState) return core;
    const turns = core as Combatant.Implementation[];
    const ordered = this.fightOrder(turns);
    (this as unknown as { turns: Combatant.Implementation[] }).turns = ordered;
    const current = (this as unknown as { _getCurrentState(c?: Combatant.Implementation): Combat.HistoryData })._getCurrentState(this.turn === null ? undefined : ordered[this.turn]);
    (this as unknown as { current: Combat.HistoryData }).current = current;
    if (first) (this as unknown as { previous: Combat.HistoryData }).previous = current;
    return ordered as ReturnType<Combat["setupTurns"]>;
  }

  /** Roll All, Roll NPCs and Reroll: every fight here works out its own initiative as it runs, so core's rolls are not offered; pressed anyway, they say so and write nothing. */
  override async rollInitiative(): Promise<this> {
    ui.notifications?.info(game.i18n!.localize("BOUT.Combat.InitiativeFromFight"));
    return this;
  }

  override async rollAll(): Promise<this> {
    return this.rollInitiative();
  }

  override async rollNPC(): Promise<this> {
    return this.rollInitiative();
  }

  override async previousTurn(): Promise<this> {
    ui.notifications?.warn(game.i18n!.localize("BOUT.Combat.NoGoingBack"));
    return this;
  }

  override async previousRound(): Promise<this> {
    ui.notifications?.warn(game.i18n!.localize("BOUT.Combat.NoGoingBack"));
    return this;
  }
}
