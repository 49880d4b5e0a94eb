import { notifyRefusal } from "../applications/rulesets/notify";
import { timeStructure, type CombatantInfo, type TimeStructure } from "../combat/machines";
import { refuse, type Outcome } from "../engine/outcome";
import type { TimeCommand, TrackerView } from "../engine/time/machine";
import { activeRuleset } from "../settings";
import { queued, type Lease } from "../combat/write-queue";
import { askGM } from "../combat/grants";
import { CLOSED_DECLARATION, newDeclaration } from "../combat/declarations";
import { tokenPlacement } from "../combat/pulse-engagements";

type System = { structure: string; state: string; machineState: unknown; declaration: { id: string; kind: string; groupId: string; options: string[]; combatantIds: string[]; chosen: string[] } };

/**
 * A fight run by the ruleset's time structure. All its state is the engine
 * machine's, kept in `system.state`; every change is one machine command and one
 * update. Players' commands go to the active GM, who checks them (see queries.ts).
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

  /** What the tracker draws, or null before the fight starts. */
  trackerView(): TrackerView | null {
    const state = this.machineState;
    const structure = this.structure;
    return state && structure ? structure.machine.view(state) : null;
  }

  combatantInfos(): CombatantInfo[] {
    return this.combatants.contents.map((c) => {
      const actor = (c.actor as Actor.Implementation | null) ?? null;
      const group = (c as unknown as { _source: { group?: string | null } })._source.group ?? null;
      const token = (c.token as TokenDocument.Implementation | null) ?? null;
      // The token's disposition says whose side it is on; without a token, characters are the party.
      const disposition = token ? Number(token.disposition) : null;
      const side = disposition !== null ? (disposition > 0 ? "party" : "foes") : actor?.type === "character" ? "party" : "foes";
      return { id: c.id!, groupId: group, actor, side, placed: tokenPlacement(token) };
    });
  }

  override async startCombat(): Promise<this> {
    if (!game.user?.isGM) {
      ui.notifications?.warn(game.i18n!.localize("BOUT.Combat.GmOnly"));
      return this;
    }
    const id = activeRuleset().time;
    const structure = timeStructure(id);
    if (!structure) {
      ui.notifications?.warn(game.i18n!.format("BOUT.Combat.NoStructure", { structure: id }));
      return this;
    }
    const infos = this.combatantInfos();
    // A closed setup question leaves the fight unstarted.
    const options = structure.setup ? await structure.setup(infos) : {};
    if (options === null) return this;
    const started = await structure.start(infos, options);
    if (!started.ok) {
      notifyRefusal(started.refusal);
      return this;
    }
    const view = structure.machine.view(started.value);
    // As v13's Combat#startCombat: combatStart hears the round and turn before the update that sets them.
    const updateData = { round: Math.max(1, view.round), turn: 0 };
    Hooks.callAll("combatStart", this, updateData);
    await this.update({ ...updateData, "system.structure": id, "system.state": JSON.stringify(started.value), ...this.declarationChange(structure, started.value) } as never);
    return this;
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
    const added = want.combatantIds.filter((id) => !open.combatantIds.includes(id));
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
    const result = structure.machine.apply(state, structure.refine ? structure.refine(command, state, this.combatantInfos()) : command);
    if (!result.ok) return result;
    const next = result.value.state;
    const view = structure.machine.view(next);
    await this.update({ round: view.round, "system.state": JSON.stringify(next), ...this.declarationChange(structure, next) } as never);
    this.afterStep(structure, state, next, lease);
    return result;
  }

  /** The GM applies several commands as one step: all or none, one update (inside the combat's queue, as `applyCommand`). */
  async applyCommands(commands: readonly TimeCommand[], lease?: Lease): Promise<Outcome<unknown>> {
    const structure = this.structure;
    let state = this.machineState;
    const before = state;
    if (!structure || !state) return refuse("combat.notStarted", "BOUT.Combat.NotStarted");
    const events: unknown[] = [];
    for (const command of commands) {
      const result = structure.machine.apply(state, structure.refine ? structure.refine(command, state, this.combatantInfos()) : command);
      if (!result.ok) return result;
      state = result.value.state;
      events.push(...result.value.events);
    }
    const view = structure.machine.view(state);
    await this.update({ round: view.round, "system.state": JSON.stringify(state), ...this.declarationChange(structure, state) } as never);
    this.afterStep(structure, before, state, lease);
    return { ok: true, value: { state, events } };
  }

  /**
   * What follows a step (a card per bleeding fighter) posts cards that take this combat's queue
   * themselves: it runs once the step's task has released the combat, never inside it.
   */
  private afterStep(structure: TimeStructure, before: unknown, after: unknown, lease: Lease | undefined): void {
    if (!structure.afterStep) return;
    const job = () => structure.afterStep!(before, after, this.id!, this.combatantInfos());
    if (lease) lease.afterwards(job);
    else void Promise.resolve().then(job).catch((error: unknown) => console.error("bout | after a step", error));
  }

  /** A command from this client: applied here by the GM, sent to the active GM by a player (who must own the combatant). */
  async command(command: TimeCommand & { combatantId?: string }): Promise<Outcome<unknown>> {
    let outcome: Outcome<unknown>;
    if (game.user?.isGM) outcome = await queued([this], (lease) => this.applyCommand(command, lease));
    else outcome = await askGM("combatCommand", { combatId: this.id, command });
    if (!outcome.ok) notifyRefusal(outcome.refusal);
    return outcome;
  }

  override async nextTurn(): Promise<this> {
    const structure = this.structure;
    if (!structure) return this;
    // Rolling for the step (Initiative Totals) is the GM's; a player's click sends the plain step.
    if (!structure.stepCommand || !game.user?.isGM) {
      await this.command(structure.nextStep as TimeCommand);
      return this;
    }
    // The step is worked out from the state inside the combat's queue: a command that lands first counts.
    const outcome = await queued([this], async (lease) => {
      const command = this.machineState ? await structure.stepCommand!(this.machineState, this.combatantInfos()) : structure.nextStep;
      // Several commands (engagements, then the rolls) are one step: all or none, one write.
      return Array.isArray(command) ? this.applyCommands(command, lease) : this.applyCommand(command as TimeCommand, lease);
    });
    if (!outcome.ok) notifyRefusal(outcome.refusal);
    return this;
  }

  override async nextRound(): Promise<this> {
    const structure = this.structure;
    if (!structure || !game.user?.isGM) {
      if (!game.user?.isGM) ui.notifications?.warn(game.i18n!.localize("BOUT.Combat.GmOnly"));
      return this;
    }
    // The new round's figures (rolled pools) are worked out inside the combat's queue, from the state then.
    const result = await queued([this], async (lease) => this.applyCommand(await structure.nextRound(this.machineState, this.combatantInfos()), lease));
    if (!result.ok) notifyRefusal(result.refusal);
    if (result.ok) Hooks.callAll("combatRound", this, { round: this.round, turn: 0 }, { advanceTime: 0, direction: 1 });
    return this;
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
