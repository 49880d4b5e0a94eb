/**
 * Foundry v13's combat turn machinery for the harness (followed from the v13
 * client source, build 13.350: client/documents/combat.mjs, combatant.mjs,
 * combatant-group.mjs, and the server's dist/database/documents/combat.mjs,
 * combatant.mjs, setting.mjs). The classes are mixins over the harness's document
 * classes, so a system's `CONFIG.Combat.documentClass` extends them as it extends
 * core's `Combat` in Foundry.
 *
 * Modelled: `turns` built by `setupTurns` with `_sortCombatants`; `combatant`,
 * `nextCombatant`, `current` / `previous` (`_getCurrentState`); `started`,
 * `isActive`; `startCombat`, `nextTurn`, `previousTurn`, `nextRound`,
 * `previousRound` (the core setting `skipDefeated`, `getTimeDelta`, the hooks
 * `combatStart` / `combatTurn` / `combatRound` with `{direction, worldTime: {delta}}`);
 * `endCombat`, `resetAll`, `rollInitiative`, `rollAll`, `rollNPC`, `setInitiative`;
 * `_onCreate` / `_onUpdate` / `_onDelete` and the descendant workflows that rebuild
 * the turns when combatants change (the `combatTurn` and `turnEvents` operation
 * options Combatant's `_pre*Operation` set); `_manageTurnEvents` (the turn and round
 * events on the active GM's client only, then `combatTurnChange` on every client);
 * `_onEnter` / `_onExit`; the Combatant's `actorId` / `name` / `img` defaults,
 * `isDefeated`, `isNPC`, `players`, `visible`, `getInitiativeRoll`,
 * `_getInitiativeFormula`, `rollInitiative`, and its group (a group's initiative
 * overrides its members'). On the server: `worldTime: {delta}` (or v11's
 * `advanceTime`) on a Combat update advances `core.time` and is emitted before the
 * Combat update; `combatTurn` on a Combatant operation sets the combat's turn; one
 * combat is active at a time.
 *
 * Not modelled (the harness has no canvas, audio or regions): turn markers
 * (`_updateTurnMarkers` is the no-op v13 makes of it without a ready canvas), combat
 * sounds, Region turn events, the Token HUD, token movement history (cleared only when
 * the harness token offers `clearMovementHistory`), `Combat._onDeleteTokens`, the server
 * unlinking a combat from its scene.
 */
import { userRollMode } from "./version";
import type { HooksImpl } from "./hooks";
import { type AnyObject, deepClone, mergeObject } from "./utils";

export interface CombatEnv {
  game: AnyObject;
  CONFIG: AnyObject;
  hooks: HooksImpl;
  ui: AnyObject;
  /** foundry.applications.api.DialogV2, built after the documents. */
  DialogV2: () => AnyObject;
}

// Harness document classes are loosely typed; the mixins keep to `any` at their seams.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ctor = abstract new (...args: any[]) => any;

/** v13's Number.isNumeric for an initiative: a finite or infinite number, never null. */
const isNumeric = (n: unknown): n is number => typeof n === "number" && !Number.isNaN(n);

/** The core world setting core.combatTrackerConfig (v13 CombatConfiguration.registerSettings). */
export function registerCombatSettings(settings: AnyObject): void {
  settings.register("core", "combatTrackerConfig", {
    name: "Combat Tracker Configuration",
    scope: "world",
    config: false,
    type: Object,
    default: { resource: "", skipDefeated: false, turnMarker: { enabled: true, animation: "spin", src: "", disposition: false } },
  });
}

/** v13 CONFIG.Combat's initiative configuration (a system or module sets the formula). */
export const CONFIG_COMBAT_INITIATIVE = () => ({ formula: null as string | null, decimals: 2 });

// ---- the server side ----------------------------------------------------------

/**
 * v13 server Combat._onUpdateOperation (and Token#_onUpdate for tokens): an update
 * carrying `worldTime: {delta}` advances core.time by `delta` through
 * `Setting.advanceTime(delta, otherWorldTimeOptions, user)`, which emits its own
 * Setting update; the server does so before it answers the Combat update, so every
 * client's world time is the new one when the Combat's `_onUpdate` runs. A v11
 * numeric `advanceTime` on a Combat update is turned into `worldTime` (and removed).
 * No permission beyond the update's own is asked.
 * Returns the advances to make (one per Combat operation, one per updated Token).
 */
export function serverWorldTimeDelta(documentName: string, options: AnyObject, count: number): { delta: number; options: AnyObject }[] {
  if (documentName === "Combat" && isNumeric(options.advanceTime) && !options.worldTime) {
    options.worldTime = { delta: options.advanceTime };
    delete options.advanceTime;
  }
  if (!["Combat", "Token"].includes(documentName) || typeof options.worldTime !== "object" || options.worldTime === null) return [];
  const { delta, ...rest } = options.worldTime as AnyObject;
  if (!isNumeric(delta)) return [];
  const times = documentName === "Token" ? count : 1;
  return Array.from({ length: times }, () => ({ delta, options: rest }));
}

/**
 * v13 server Combatant._on{Create,Update,Delete}Operation: an operation carrying
 * `combatTurn` sets the parent combat's stored turn to it, without emitting a Combat
 * update (each client applies the same option in Combat#_onModifyCombatants).
 */
export function serverAfterCombatantOperation(combat: AnyObject | undefined, options: AnyObject): void {
  if (!combat || !("combatTurn" in options)) return;
  if (options.combatTurn === combat.turn) return;
  combat.turn = options.combatTurn;
}

/**
 * v13 server Combat._preCreateOperation / _onCreateOperation / _preUpdateOperation: one
 * combat is active in the world. In a batch only the first `active: true` stays; creating
 * an active combat deactivates every other stored one (emitted as their own update before
 * the creation), and activating one adds `active: false` for the others to the same update.
 */
export function serverOneActiveCombat(batch: AnyObject[]): boolean {
  let seen = false;
  for (const entry of batch) {
    if (entry.active !== true) continue;
    if (seen) entry.active = false;
    seen = true;
  }
  return seen;
}

// ---- Combat --------------------------------------------------------------------

export function CombatMixin<T extends Ctor>(Base: T, env: CombatEnv) {
  const { game, CONFIG, hooks, ui } = env;

  /** v13 client Combat (client/documents/combat.mjs). */
  abstract class Combat extends Base {
    declare round: number;
    declare turn: number | null;
    declare active: boolean;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    declare combatants: any;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    declare groups: any;

    /** v13 Combat#turns: the sorted turn order. */
    turns: AnyObject[] = (this as AnyObject).turns || [];
    /** v13 Combat#current: the round, turn, combatant and token now. */
    current: AnyObject = this._getCurrentState();
    /** v13 Combat#previous: the state before the last change. */
    previous: AnyObject | undefined = undefined;

    static CONFIG_SETTING = "combatTrackerConfig";

    /** v13 Combat#combatant. */
    get combatant(): AnyObject | null | undefined {
      return this.turn !== null ? (this.turns[this.turn] ?? undefined) : null;
    }

    /** v13 Combat#nextCombatant. */
    get nextCombatant(): AnyObject | undefined {
      if (this.turn === this.turns.length - 1) return this.turns[0];
      return this.turns[(this.turn as number) + 1];
    }

    /** v13 Combat#settings: CombatEncounters.settings, the world setting core.combatTrackerConfig. */
    get settings(): AnyObject {
      return game.settings.get("core", "combatTrackerConfig") as AnyObject;
    }

    /** v13 Combat#started. */
    get started(): boolean {
      return this.round > 0;
    }

    /** v13 Combat#visible: every combat is visible. */
    get visible(): boolean {
      return true;
    }

    /**
     * v13 Combat#isActive: active, and, when linked to a scene, that scene viewed.
     * The harness has no viewed scene; the canvas's scene, else the active scene, stands in.
     */
    get isActive(): boolean {
      const sceneId = (this as AnyObject)._source.scene;
      if (!sceneId) return Boolean(this.active);
      const canvas = (globalThis as AnyObject).canvas;
      const viewed = canvas?.scene?.id ?? game.scenes?.find((s: AnyObject) => s.active)?.id ?? null;
      return viewed === sceneId && Boolean(this.active);
    }

    /** v13 Combat#isView. */
    get isView(): boolean {
      return (this as AnyObject).collection?.viewed === this;
    }

    /** v13 Combat#activate: an update making this combat active. */
    async activate(options?: AnyObject): Promise<unknown> {
      return (this as AnyObject).update({ active: true }, options);
    }

    /** A copy of this combat, as v13's Document#clone makes one (prepared). */
    clone(): AnyObject {
      const Cls = this.constructor as new (data: AnyObject, context: AnyObject) => AnyObject;
      const copy = new Cls(deepClone((this as AnyObject)._source), { parent: (this as AnyObject).parent });
      copy.prepareData();
      return copy;
    }

    /** As v13 prepares a Combat's hierarchy: groups (schema order) before combatants, so members join prepared groups. */
    prepareEmbeddedDocuments(): void {
      (this.groups as AnyObject | undefined)?.forEach((g: AnyObject) => g.prepareData());
      (this.combatants as AnyObject | undefined)?.forEach((c: AnyObject) => c.prepareData());
    }

    /** v13 Combat#prepareDerivedData. */
    prepareDerivedData(): void {
      super.prepareDerivedData?.();
      if (this.combatants.size && !this.turns?.length) this.setupTurns();
    }

    /** v13 Combat#getCombatantsByToken. */
    getCombatantsByToken(token: string | AnyObject): AnyObject[] {
      const tokenId = typeof token === "string" ? token : token?.id;
      return this.combatants.filter((c: AnyObject) => c.tokenId === tokenId);
    }

    /** v13 Combat#getCombatantsByActor (a token's actor by its token). */
    getCombatantsByActor(actor: string | AnyObject): AnyObject[] {
      const isActor = typeof actor === "object" && actor?.documentName === "Actor";
      if (isActor && (actor as AnyObject).isToken) return this.getCombatantsByToken((actor as AnyObject).token);
      const actorId = isActor ? (actor as AnyObject).id : actor;
      return this.combatants.filter((c: AnyObject) => c.actorId === actorId);
    }

    /** v13 Combat#getTimeDelta: rounds times CONFIG.time.roundTime plus turns passed times CONFIG.time.turnTime. */
    getTimeDelta(fromRound: number, fromTurn: number | null, toRound: number, toTurn: number | null): number {
      const rounds = Math.max(toRound, 1) - Math.max(fromRound, 1);
      const count = this.turns.length;
      let turns = Math.max(rounds - 1, 0) * count;
      if (fromRound < toRound) {
        turns += toTurn ?? 0;
        if (fromRound > 0) turns += fromTurn === null ? 0 : count - fromTurn;
      } else if (fromRound > toRound) {
        turns -= fromTurn === null ? 0 : fromTurn + 1;
        if (fromRound > 0) turns -= toTurn === null ? 0 : count - (toTurn + 1);
      } else turns += (toTurn as number) - (fromTurn as number);
      return rounds * CONFIG.time.roundTime + turns * CONFIG.time.turnTime;
    }

    /** v13 Combat#startCombat: round 1, turn 0; `combatStart` before the update (no world time). */
    async startCombat(): Promise<this> {
      const updateData = { round: 1, turn: 0 };
      hooks.callAll("combatStart", this, updateData);
      await (this as AnyObject).update(updateData);
      return this;
    }

    /** v13 Combat#nextRound: turn 0 (the first undefeated with skipDefeated), `combatRound` with {direction: 1, worldTime: {delta}}. */
    async nextRound(): Promise<this> {
      let turn: number | null = this.turn === null || this.turns.length === 0 ? null : 0;
      if (this.settings.skipDefeated && turn !== null) {
        turn = this.turns.findIndex((t) => !t.isDefeated);
        if (turn === -1) {
          ui.notifications?.warn("COMBAT.NoneRemaining", { localize: true });
          turn = 0;
        }
      }
      const nextRound = this.round + 1;
      const advanceTime = this.getTimeDelta(this.round, this.turn, nextRound, turn);
      const updateData = { round: nextRound, turn };
      const updateOptions = { direction: 1, worldTime: { delta: advanceTime } };
      hooks.callAll("combatRound", this, updateData, updateOptions);
      await (this as AnyObject).update(updateData, updateOptions);
      return this;
    }

    /** v13 Combat#previousRound. */
    async previousRound(): Promise<this> {
      if (this.round === 0) return this;
      const turn = this.round === 1 || this.turn === null || this.turns.length === 0 ? null : this.turns.length - 1;
      const previousRound = this.round - 1;
      const advanceTime = this.getTimeDelta(this.round, this.turn, previousRound, turn);
      const updateData = { round: previousRound, turn };
      const updateOptions = { direction: -1, worldTime: { delta: advanceTime } };
      hooks.callAll("combatRound", this, updateData, updateOptions);
      await (this as AnyObject).update(updateData, updateOptions);
      return this;
    }

    /** v13 Combat#nextTurn: the next (undefeated, with skipDefeated) turn, else the next round; `combatTurn` before the update. */
    async nextTurn(): Promise<this> {
      if (this.round === 0) return this.nextRound();
      const turn = this.turn ?? -1;
      let nextTurn: number | null = null;
      if (this.settings.skipDefeated) {
        for (let i = turn + 1; i < this.turns.length; i++) {
          if (!this.turns[i]!.isDefeated) {
            nextTurn = i;
            break;
          }
        }
      } else nextTurn = turn + 1;
      if (nextTurn === null || nextTurn >= this.turns.length) return this.nextRound();
      const advanceTime = this.getTimeDelta(this.round, this.turn, this.round, nextTurn);
      const updateData = { round: this.round, turn: nextTurn };
      const updateOptions = { direction: 1, worldTime: { delta: advanceTime } };
      hooks.callAll("combatTurn", this, updateData, updateOptions);
      await (this as AnyObject).update(updateData, updateOptions);
      return this;
    }

    /** v13 Combat#previousTurn. */
    async previousTurn(): Promise<this> {
      if (this.round === 0) return this;
      if (this.turn === 0 || this.turns.length === 0) return this.previousRound();
      const previousTurn = (this.turn ?? this.turns.length) - 1;
      const advanceTime = this.getTimeDelta(this.round, this.turn, this.round, previousTurn);
      const updateData = { round: this.round, turn: previousTurn };
      const updateOptions = { direction: -1, worldTime: { delta: advanceTime } };
      hooks.callAll("combatTurn", this, updateData, updateOptions);
      await (this as AnyObject).update(updateData, updateOptions);
      return this;
    }

    /** v13 Combat#endCombat: a DialogV2.confirm whose yes deletes the combat. */
    async endCombat(): Promise<this> {
      const DialogV2 = env.DialogV2();
      const yes = { callback: () => (this as AnyObject).delete() };
      const answer = await DialogV2.confirm({ window: { title: "COMBAT.EndTitle" }, content: `<p>${game.i18n.localize("COMBAT.EndConfirmation")}</p>`, yes, modal: true });
      // The harness's DialogV2 answers instead of clicking: a yes runs the button's callback, as Foundry's would.
      if (answer === true) await yes.callback();
      return this;
    }

    /** v13 Combat#toggleSceneLink. */
    async toggleSceneLink(): Promise<this> {
      const scene = (this as AnyObject)._source.scene ? null : (game.scenes?.find((s: AnyObject) => s.active)?.id ?? null);
      if (scene !== null && this.combatants.some((c: AnyObject) => c.sceneId && c.sceneId !== scene)) {
        ui.notifications?.error("COMBAT.CannotLinkToScene", { localize: true });
        return this;
      }
      await (this as AnyObject).update({ scene });
      return this;
    }

    /** v13 Combat#resetAll: every initiative cleared in one Combat update (diff: false, turnEvents: false), keeping the current combatant's turn. */
    async resetAll({ updateTurn = true }: { updateTurn?: boolean } = {}): Promise<void> {
      const currentId = this.combatant?.id;
      for (const c of this.combatants) c.updateSource({ initiative: null });
      this.setupTurns();
      const update: AnyObject = { combatants: this.combatants.map((c: AnyObject) => c.toObject()) };
      if (updateTurn && currentId) update.turn = this.turns.findIndex((t) => t.id === currentId);
      await (this as AnyObject).update(update, { turnEvents: false, diff: false });
    }

    /**
     * v13 Combat#rollInitiative: for each combatant this user owns, its initiative roll
     * (`Combatant#getInitiativeRoll`, which throws when neither CONFIG.Combat.initiative.formula
     * nor the system's `initiative` gives a formula), one Combatant update for all
     * (turnEvents: false; `combatTurn` keeps the turn unless updateTurn), then the chat messages.
     */
    async rollInitiative(ids: string | string[], { formula = null, updateTurn = true, messageOptions = {} }: { formula?: string | null; updateTurn?: boolean; messageOptions?: AnyObject } = {}): Promise<this> {
      const list = typeof ids === "string" ? [ids] : ids;
      // v14 keeps the user's choice in core.messageMode (version.ts reads either).
      const chatRollMode = userRollMode(game.settings);
      const updates: AnyObject[] = [];
      const messages: AnyObject[] = [];
      const ChatMessage = CONFIG.ChatMessage.documentClass;
      for (const [i, id] of list.entries()) {
        const combatant = this.combatants.get(id);
        if (!combatant?.isOwner) continue;
        const roll = combatant.getInitiativeRoll(formula);
        await roll.evaluate();
        updates.push({ _id: id, initiative: roll.total });
        const rollMode = "rollMode" in messageOptions ? messageOptions.rollMode : combatant.hidden ? "gmroll" : chatRollMode;
        const messageData = mergeObject(
          {
            speaker: ChatMessage.getSpeaker({ actor: combatant.actor, token: combatant.token, alias: combatant.name }),
            flavor: game.i18n.format("COMBAT.RollsInitiative", { name: combatant.name }),
            flags: { "core.initiativeRoll": true },
          },
          messageOptions,
        );
        const chatData = (await roll.toMessage(messageData, { rollMode, create: false })) as AnyObject;
        // v13 Roll#toMessage applies the roll mode to the data it returns.
        ChatMessage.applyRollMode?.(chatData, rollMode);
        if (i > 0) chatData.sound = null;
        messages.push(chatData);
      }
      if (!updates.length) return this;
      const updateOptions: AnyObject = { turnEvents: false };
      if (!updateTurn) updateOptions.combatTurn = this.turn;
      await (this as AnyObject).updateEmbeddedDocuments("Combatant", updates, updateOptions);
      await ChatMessage.create(messages);
      return this;
    }

    /** v13 Combat#rollAll: every combatant this user owns with no initiative yet. */
    async rollAll(options?: AnyObject): Promise<this> {
      const ids = this.combatants.filter((c: AnyObject) => c.isOwner && c.initiative === null).map((c: AnyObject) => c.id);
      return this.rollInitiative(ids, options);
    }

    /** v13 Combat#rollNPC: the same, for combatants no player owns. */
    async rollNPC(options: AnyObject = {}): Promise<this> {
      const ids = this.combatants.filter((c: AnyObject) => c.isOwner && c.isNPC && c.initiative === null).map((c: AnyObject) => c.id);
      return this.rollInitiative(ids, options);
    }

    /** v13 Combat#setInitiative. */
    async setInitiative(id: string, value: number): Promise<void> {
      const combatant = this.combatants.get(id);
      if (!combatant) throw new Error(`Combatant [${id}] does not exist in this Combat`);
      await combatant.update({ initiative: value });
    }

    /** v13 Combat#setupTurns: combatants sorted by `_sortCombatants`; a turn past the end wraps to 0 of the next round (locally). */
    setupTurns(): AnyObject[] {
      this.turns ||= [];
      const turns = this.combatants.contents.sort(this._sortCombatants);
      if (this.turn !== null) {
        if (this.turn < 0) this.turn = 0;
        else if (this.turn >= turns.length) {
          this.turn = 0;
          this.round++;
        }
      }
      const c = turns[this.turn as number];
      this.current = this._getCurrentState(c);
      if (!this.previous) this.previous = this.current;
      return (this.turns = turns);
    }

    /** v13 Combat#debounceSetup (debounced 50 ms there; on the next turn of the event loop here, which a test's settle waits for). */
    debounceSetup = () => {
      setImmediate(() => {
        this.current.round = this.round;
        this.current.turn = this.turn;
        this.setupTurns();
      });
    };

    /** v13 Combat#updateCombatantActors: the combatants' actors re-render their open sheets. */
    updateCombatantActors(): void {
      for (const combatant of this.combatants) {
        const sheet = combatant.actor?._sheet;
        if (sheet?.rendered) void Promise.resolve(sheet.render(false)).catch((error: unknown) => console.error(error));
      }
    }

    /** v13 Combat#_sortCombatants: initiative descending (none last), then id. Called unbound, as v13 calls it. */
    _sortCombatants(a: AnyObject, b: AnyObject): number {
      const ia = isNumeric(a.initiative) ? a.initiative : -Infinity;
      const ib = isNumeric(b.initiative) ? b.initiative : -Infinity;
      return ib - ia || (a.id > b.id ? 1 : -1);
    }

    /** v13 Combat#clearMovementHistories (the harness's tokens record no movement history unless they offer the method). */
    async clearMovementHistories(combatants?: Iterable<AnyObject>): Promise<void> {
      for (const combatant of (combatants ?? this.combatants) as Iterable<AnyObject>) {
        if (combatant.parent !== this) throw new Error("Combatant must be in this Combat");
        await combatant.token?.clearMovementHistory?.();
      }
    }

    // ---- event handlers ----

    /** v13 Combat#_onCreate. */
    _onCreate(data: AnyObject, options: AnyObject, userId: string): void {
      super._onCreate(data, options, userId);
      if (game.user.isActiveGM) for (const combatant of this.combatants) void this.#onEnter(combatant);
      void this._manageTurnEvents();
      this._updateTurnMarkers();
    }

    /** v13 Combat#_onUpdate: new state, turn events when it changed (unless turnEvents: false), turn markers. */
    _onUpdate(changed: AnyObject, options: AnyObject, userId: string): void {
      super._onUpdate(changed, options, userId);
      const priorState = deepClone(this.current);
      if (!this.previous) this.previous = priorState;
      if ("combatants" in changed) this.setupTurns();
      else this.current = this._getCurrentState();
      const stateChanged = this.#recordPreviousState(priorState);
      if (stateChanged && options.turnEvents !== false) void this._manageTurnEvents();
      this.updateCombatantActors();
      if (stateChanged) this._updateTurnMarkers();
    }

    /** v13 Combat#_onDelete: the deleting user's client activates the next viewed combat; exits on the active GM. */
    _onDelete(options: AnyObject, userId: string): void {
      super._onDelete(options, userId);
      if (userId === game.userId) {
        const next = (this as AnyObject).collection?.viewed;
        if (next && next !== this) void next.activate();
      }
      this.turn = null;
      this._updateTurnMarkers();
      if (game.user.isActiveGM) for (const combatant of this.combatants) void this.#onExit(combatant);
    }

    /** v13 Combat#_onCreateDescendantDocuments. */
    _onCreateDescendantDocuments(parent: AnyObject, collection: string, documents: AnyObject[], data: AnyObject[], options: AnyObject, userId: string): void {
      super._onCreateDescendantDocuments?.(parent, collection, documents, data, options, userId);
      if (collection !== "combatants") return;
      if (game.user.isActiveGM) for (const combatant of documents) void this.#onEnter(combatant);
      this.#onModifyCombatants(parent, documents, options);
      if (this.started) this._updateTurnMarkers();
    }

    /** v13 Combat#_onUpdateDescendantDocuments. */
    _onUpdateDescendantDocuments(parent: AnyObject, collection: string, documents: AnyObject[], changes: AnyObject[], options: AnyObject, userId: string): void {
      super._onUpdateDescendantDocuments?.(parent, collection, documents, changes, options, userId);
      if (collection !== "combatants") return;
      this.#onModifyCombatants(parent, documents, options);
    }

    /** v13 Combat#_onDeleteDescendantDocuments. */
    _onDeleteDescendantDocuments(parent: AnyObject, collection: string, documents: AnyObject[], ids: string[], options: AnyObject, userId: string): void {
      super._onDeleteDescendantDocuments?.(parent, collection, documents, ids, options, userId);
      if (collection !== "combatants") return;
      if (game.user.isActiveGM) for (const combatant of documents) void this.#onExit(combatant);
      this.#onModifyCombatants(parent, documents, options);
    }

    /** v13 Combat #onModifyCombatants: the operation's combatTurn, new turns, and turn events when the current combatant changed. */
    #onModifyCombatants(_parent: AnyObject, _documents: AnyObject[], options: AnyObject): void {
      const { combatTurn, turnEvents } = options;
      const priorState = deepClone(this.current);
      if (typeof combatTurn === "number") {
        const diff = (this as AnyObject).updateSource({ turn: combatTurn });
        // v13 ClientDocumentMixin#_initialize prepares the data again after updateSource; the harness's does not.
        if (Object.keys(diff).length) (this as AnyObject).prepareData();
      }
      this.setupTurns();
      const turnChange = this.#recordPreviousState(priorState);
      if (turnChange) {
        if (turnEvents !== false) void this._manageTurnEvents();
        this._updateTurnMarkers();
      }
    }

    async #onEnter(combatant: AnyObject): Promise<void> {
      await this._onEnter(combatant);
    }

    /** v13 Combat#_onEnter: a combatant joined (active GM only); core does nothing. */
    async _onEnter(_combatant: AnyObject): Promise<void> {}

    async #onExit(combatant: AnyObject): Promise<void> {
      await this._onExit(combatant);
      if (combatant.token) await this._clearMovementHistoryOnExit(combatant);
    }

    /** v13 Combat#_onExit: a combatant left (active GM only); core does nothing. */
    async _onExit(_combatant: AnyObject): Promise<void> {}

    /** v13 Combat#_clearMovementHistoryOnExit. */
    async _clearMovementHistoryOnExit(combatant: AnyObject): Promise<void> {
      await combatant.token?.clearMovementHistory?.();
    }

    /** v13 Combat#_getCurrentState. */
    _getCurrentState(combatant?: AnyObject | null): AnyObject {
      combatant ||= this.combatant;
      return { round: this.round, turn: this.turn ?? null, combatantId: combatant?.id || null, tokenId: combatant?.tokenId || null };
    }

    /** v13 Combat #recordPreviousState: has the round, turn or current combatant changed? */
    #recordPreviousState(priorState: AnyObject): boolean {
      const { round, turn, combatantId } = this.current;
      const turnChange = combatantId !== priorState.combatantId || round !== priorState.round || turn !== priorState.turn;
      Object.assign(this.previous!, priorState);
      return turnChange;
    }

    /** v13 Combat#_updateTurnMarkers: nothing to redraw without a ready canvas (the harness's never draws). */
    _updateTurnMarkers(): void {}

    /**
     * v13 Combat#_manageTurnEvents: once started, the active GM's client runs the turn and
     * round events, then every client hears combatTurnChange(combat, previous, current).
     */
    async _manageTurnEvents(): Promise<void> {
      if (!this.started) return;
      const { current, previous } = this;
      if (game.user.isActiveGM) await this.#triggerTurnEvents();
      hooks.callAll("combatTurnChange", this, previous, current);
    }

    /**
     * v13 Combat #triggerTurnEvents: for a step forward, every turn passed ends and starts
     * (the skipped ones marked `skipped`), with end and start of each round crossed; a change
     * of combatant at the same round and turn ends one turn and starts the other.
     */
    async #triggerTurnEvents(): Promise<void> {
      const { turns, current } = this;
      const previous = this.previous!;
      const intervals: [number, number][] = [];
      let roundDelta = current.round - previous.round;
      if (roundDelta === 0) {
        if (current.round > 0 && previous.turn < current.turn) intervals.push([previous.turn + 1, current.turn]);
      } else if (roundDelta > 0) {
        if (previous.round > 0) intervals.push([previous.turn + 1, turns.length - 1]);
        while (--roundDelta) intervals.push([0, turns.length - 1]);
        intervals.push([0, current.turn ?? 0]);
      }
      if (intervals.length > 0) {
        let prior: AnyObject = { combatant: this.combatants.get(previous.combatantId) ?? null, round: previous.round, turn: previous.turn, skipped: false };
        for (const [from, to] of intervals) {
          for (let turn = from; turn <= to; turn++) {
            const round = prior.round + (turn === 0 ? 1 : 0);
            const next = { combatant: turns[turn], round, turn, skipped: round !== current.round || turn !== current.turn };
            if (prior.combatant) await this._onEndTurn(prior.combatant, { round: prior.round, turn: prior.turn, skipped: prior.skipped });
            if (prior.round !== next.round) {
              await this._onEndRound({ round: prior.round, skipped: prior.round !== previous.round });
              await this._onStartRound({ round: next.round, skipped: next.round !== current.round });
            }
            if (next.combatant) {
              const context = { round: next.round, turn: next.turn, skipped: next.skipped };
              await this._onStartTurn(next.combatant, context);
              if (next.combatant.token) await this._clearMovementHistoryOnStartTurn(next.combatant, context);
            }
            prior = next;
          }
        }
      } else {
        const changeCombatant = current.combatantId !== previous.combatantId && current.round === previous.round && current.turn === previous.turn;
        if (changeCombatant) {
          const prior = this.combatants.get(previous.combatantId);
          const next = this.combatant;
          if (prior) await this._onEndTurn(prior, { round: current.round, turn: current.turn, skipped: false });
          if (next) {
            const context = { round: current.round, turn: current.turn, skipped: false };
            await this._onStartTurn(next, context);
            if (next.token) await this._clearMovementHistoryOnStartTurn(next, context);
          }
        }
      }
    }

    /** v13 Combat#_onEndTurn (active GM only); core does nothing. */
    async _onEndTurn(_combatant: AnyObject, _context: AnyObject): Promise<void> {}
    /** v13 Combat#_onEndRound (active GM only); core does nothing. */
    async _onEndRound(_context: AnyObject): Promise<void> {}
    /** v13 Combat#_onStartRound (active GM only); core does nothing. */
    async _onStartRound(_context: AnyObject): Promise<void> {}
    /** v13 Combat#_onStartTurn (active GM only); core does nothing. */
    async _onStartTurn(_combatant: AnyObject, _context: AnyObject): Promise<void> {}
    /** v13 Combat#_clearMovementHistoryOnStartTurn. */
    async _clearMovementHistoryOnStartTurn(combatant: AnyObject, _context: AnyObject): Promise<void> {
      await combatant.token?.clearMovementHistory?.();
    }
  }
  return Combat;
}

// ---- Combatant -------------------------------------------------------------------

/** v13 client Combatant (client/documents/combatant.mjs), less `token` / `actor` / `getUserLevel`, which runtime.ts keeps. */
export function CombatantMixin<T extends Ctor>(Base: T, env: CombatEnv) {
  const { game, CONFIG } = env;

  /** The combat an operation on combatants belongs to, copied and given the operation's changes: its turns then (v13 Combatant._pre*Operation). */
  const simulate = (operation: AnyObject, change: (combat: AnyObject) => void): AnyObject => {
    const combat = operation.parent.clone();
    change(combat);
    combat.prepareData();
    combat.setupTurns();
    return combat;
  };

  abstract class Combatant extends Base {
    declare actorId: string | null;
    declare tokenId: string | null;
    declare name: string;
    declare img: string | null;
    declare initiative: number | null;
    declare hidden: boolean;
    declare defeated: boolean;

    /** v13 Combatant#resource. */
    resource: unknown = null;

    /** v13 Combatant#combat. */
    get combat(): AnyObject {
      return (this as AnyObject).parent;
    }

    /** v13 Combatant#isNPC: no actor, or no player owns it. */
    get isNPC(): boolean {
      return !(this as AnyObject).actor || !(this as AnyObject).hasPlayerOwner;
    }

    /** v13 Combatant#permission. */
    get permission(): number {
      if (game.user.isGM) return 3;
      return (this as AnyObject).getUserLevel(game.user);
    }

    /** v13 Combatant#visible: its owners see it; others unless hidden. */
    get visible(): boolean {
      return (this as AnyObject).isOwner || !this.hidden;
    }

    /** v13 Combatant#players: the non-GM users who own it. */
    get players(): AnyObject[] {
      return game.users.filter((u: AnyObject) => !u.isGM && (this as AnyObject).testUserPermission(u, "OWNER"));
    }

    /** v13 Combatant#isDefeated: marked defeated, or its actor has the defeated status. */
    get isDefeated(): boolean {
      return this.defeated || Boolean((this as AnyObject).actor?.statuses?.has(CONFIG.specialStatusEffects.DEFEATED));
    }

    /** v13 Combatant#getInitiativeRoll: a Roll of the formula (else `_getInitiativeFormula`) with the actor's roll data. */
    getInitiativeRoll(formula?: string | null): AnyObject {
      formula = formula || this._getInitiativeFormula();
      const actor = (this as AnyObject).actor;
      const rollData = actor?.getRollData?.() ?? actor?.system ?? {};
      return CONFIG.Dice.rolls[0].create(formula, rollData);
    }

    /** v13 Combatant#rollInitiative: roll and update this combatant. */
    async rollInitiative(formula?: string | null): Promise<unknown> {
      const roll = this.getInitiativeRoll(formula);
      await roll.evaluate();
      return (this as AnyObject).update({ initiative: roll.total });
    }

    /**
     * v13 Combatant#_getInitiativeFormula: CONFIG.Combat.initiative.formula, else the
     * system's `initiative` (system.json); with neither, the string "undefined", which no
     * Roll can evaluate.
     */
    _getInitiativeFormula(): string {
      return String(CONFIG.Combat.initiative?.formula || game.system.initiative);
    }

    /** v13 Combatant#prepareDerivedData: actorId, image and name from the token or actor; resource; group. */
    prepareDerivedData(): void {
      super.prepareDerivedData?.();
      const token = (this as AnyObject).token;
      this.actorId ??= token?.actorId ?? null;
      this.img ||= token?.texture?.src || (this as AnyObject).actor?.img || null;
      this.name ||= token?.name || (this as AnyObject).actor?.name || game.i18n.localize("COMBAT.UnknownCombatant");
      this.updateResource();
      this._prepareGroup();
    }

    /** v13 Combatant#updateResource: the tracked resource from the combat settings. */
    updateResource(): unknown {
      const actor = (this as AnyObject).actor;
      if (!actor || !this.combat) return (this.resource = null);
      const path = this.combat.settings?.resource;
      if (!path) return (this.resource = null);
      return (this.resource = path.split(".").reduce((o: AnyObject | undefined, k: string) => o?.[k], actor.system) ?? null);
    }

    /** v13 Combatant#_prepareGroup: joins its group; a group's initiative is its members'. */
    _prepareGroup(): void {
      const group = this.combat?.groups?.get((this as AnyObject)._source.group);
      if (!group) return;
      group.members.add(this);
      group.hidden &&= this.hidden;
      group.defeated &&= this.isDefeated;
      if (Number.isFinite(group.initiative)) this.initiative = group.initiative;
      (this as AnyObject).group = group;
    }

    /** v13 Combatant#clearMovementHistory. */
    async clearMovementHistory(): Promise<void> {
      await (this as AnyObject).token?.clearMovementHistory?.();
    }

    /** v13 Combatant._preCreateOperation: keep the current combatant's turn (combatTurn), without turn events. */
    static async _preCreateOperation(documents: AnyObject[], operation: AnyObject, user: AnyObject): Promise<boolean | void> {
      if ((await (Base as AnyObject)._preCreateOperation?.call(this, documents, operation, user)) === false) return false;
      const combatant = operation.parent?.combatant;
      if (!combatant) return;
      const combat = simulate(operation, (c) => c.updateSource({ combatants: documents.map((d) => d.toObject()) }));
      operation.combatTurn = Math.max(combat.turns.findIndex((t: AnyObject) => t.id === combatant.id), 0);
      operation.turnEvents = false;
    }

    /** v13 Combatant._preUpdateOperation: the same, unless the caller gave a combatTurn. */
    static async _preUpdateOperation(documents: AnyObject[], operation: AnyObject, user: AnyObject): Promise<boolean | void> {
      if ((await (Base as AnyObject)._preUpdateOperation?.call(this, documents, operation, user)) === false) return false;
      const combatant = operation.parent?.combatant;
      if (!combatant) return;
      const combat = simulate(operation, (c) => c.updateSource({ combatants: operation.updates }));
      if (operation.combatTurn === undefined) {
        operation.combatTurn = Math.max(combat.turns.findIndex((t: AnyObject) => t.id === combatant.id), 0);
        operation.turnEvents = false;
      }
    }

    /**
     * v13 Combatant._preDeleteOperation: the current combatant keeps its turn; when it is
     * the one deleted, v13 (13.350) looks for a survivor by comparing with `this.turn`
     * inside a static method, which is undefined, finds none and sets no combatTurn: the
     * stored turn stays and each client wraps it past the end. Kept as v13 has it.
     */
    static async _preDeleteOperation(documents: AnyObject[], operation: AnyObject, user: AnyObject): Promise<boolean | void> {
      if ((await (Base as AnyObject)._preDeleteOperation?.call(this, documents, operation, user)) === false) return false;
      const combatant = operation.parent?.combatant;
      if (!combatant) return;
      const combat = simulate(operation, (c) => {
        for (const id of operation.ids) c.combatants.delete(id);
      });
      if (operation.ids.includes(combatant.id)) {
        const staticTurn = (this as AnyObject).turn as number | undefined;
        const { prevSurvivor, nextSurvivor } = operation.parent.turns.reduce((obj: AnyObject, t: AnyObject, i: number) => {
          let valid = !operation.ids.includes(t.id);
          if (combat.settings.skipDefeated) valid &&= !t.isDefeated;
          if (!valid) return obj;
          if (staticTurn !== undefined && i < staticTurn) obj.prevSurvivor = t;
          if (!obj.nextSurvivor && staticTurn !== undefined && i >= staticTurn) obj.nextSurvivor = t;
          return obj;
        }, {});
        const survivor = nextSurvivor || prevSurvivor;
        if (survivor) {
          operation.combatTurn = combat.turns.findIndex((t: AnyObject) => t.id === survivor.id);
          operation.turnEvents = survivor === nextSurvivor;
        }
      } else {
        operation.combatTurn = Math.max(combat.turns.findIndex((t: AnyObject) => t.id === combatant.id), 0);
        operation.turnEvents = false;
      }
    }
  }
  return Combatant;
}

// ---- CombatantGroup --------------------------------------------------------------

/** v13 client CombatantGroup: `members`, and `hidden` / `defeated` when all its members are. */
export function CombatantGroupMixin<T extends Ctor>(Base: T) {
  abstract class CombatantGroup extends Base {
    members: Set<AnyObject> = (this as AnyObject).members ?? new Set();
    hidden = true;
    defeated = true;
    prepareBaseData(): void {
      super.prepareBaseData?.();
      this.hidden = true;
      this.defeated = true;
      if (this.members) this.members.clear();
      else this.members = new Set();
    }
  }
  return CombatantGroup;
}
