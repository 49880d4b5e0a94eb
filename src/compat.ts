/**
 * The Foundry v13 / v14 differences the system meets at run time, in one place
 * (docs/foundry-v14.md lists each, with what the system does on either version).
 * Everything else in src/ calls these instead of asking which version it runs on.
 * Detection is by `game.release.generation` where the two differ only in name,
 * and by the shape of what is there where a shape tells (status effects).
 *
 * Imports nothing of ours: every folder may use it.
 */

/** The Foundry generation this client runs (13 when the release is not known yet). */
export function generation(): number {
  const release = (globalThis as { game?: { release?: { generation?: unknown } } }).game?.release;
  const n = Number(release?.generation);
  return Number.isFinite(n) && n > 0 ? n : 13;
}

export const isV14 = (): boolean => generation() >= 14;

// ---- status effects -----------------------------------------------------------------

/** A status as CONFIG.statusEffects holds it. */
export interface StatusEffectEntry {
  readonly id: string;
  readonly name: string;
  readonly img: string;
}

type StatusList = StatusEffectEntry[] | Record<string, StatusEffectEntry>;

/**
 * v13: an array of entries; v14: an object keyed by status id (v14 API: `CONFIG.statusEffects:
 * {[id: string]: StatusEffectConfig}`; foundryvtt/foundryvtt#13122, "with backwards compatibility").
 * Whether that object also answers array methods, and whether a package left an array there
 * (Draw Steel 1.0 assigns one on v14), is not settled: only `Array.isArray` and own keys are read.
 */
const statusList = (): StatusList => (CONFIG as { statusEffects: StatusList }).statusEffects;

/** Whether a status of this id is configured (a hostile payload's id is checked against it). */
export function hasStatusEffect(id: string): boolean {
  const list = statusList();
  if (Array.isArray(list)) return list.some((e) => e.id === id);
  return Object.prototype.hasOwnProperty.call(list, id) && Boolean(list[id]);
}

/** Adds a status unless one of that id is configured already (core's own stay as core made them). */
export function addStatusEffect(entry: StatusEffectEntry): void {
  if (hasStatusEffect(entry.id)) return;
  const list = statusList();
  if (Array.isArray(list)) list.push({ ...entry });
  else list[entry.id] = { ...entry };
}

// ---- chat messages ------------------------------------------------------------------

/** The speaker of a message an actor (or its token) says. v14 declares the option as a stored actor. */
export function speakerFor(actor: Actor.Implementation | null | undefined): ChatMessage.SpeakerData {
  return ChatMessage.implementation.getSpeaker({ actor } as never);
}

/**
 * The creation option that shows a message with rolls the way the user chose in
 * the chat log: v13 `rollMode` from the `core.rollMode` setting; v14
 * `messageMode` from `core.messageMode` (v14 renamed the modes: public, gm, blind, self;
 * the v13 setting is gone: foundryvtt/dnd5e#6958; dnd5e 5.3 reads "messageMode" from 14 on).
 * Only for messages that carry rolls: whether v14 applies the option to other messages too is
 * not settled (docs/foundry-v14.md), so a card sets its own `whisper` and `blind` and names no mode.
 */
export function messageModeOption(): Record<string, string> {
  const settings = game.settings as { get(namespace: string, key: string): unknown };
  if (isV14()) return { messageMode: String(settings.get("core", "messageMode") ?? "public") };
  return { rollMode: String(settings.get("core", "rollMode") ?? "publicroll") };
}

// ---- combat -------------------------------------------------------------------------

/**
 * The update options of a round change that moves the world's clock: both
 * versions read `{direction, worldTime: {delta}}` (v14 declares `worldTime`,
 * fvtt-types 13 does not); a change that moves no time carries no `worldTime`.
 */
export function roundChangeOptions(direction: 1 | -1, delta: number): Record<string, unknown> {
  return delta !== 0 ? { direction, worldTime: { delta } } : { direction };
}

/** Hooks.callAll for core's combat hooks, whose options fvtt-types 13 does not declare. */
export const callCombatHook = (hook: "combatStart" | "combatRound" | "combatTurn", ...args: unknown[]): boolean =>
  (Hooks.callAll as (hook: string, ...args: unknown[]) => boolean)(hook, ...args);

/** v13 names context menu entries by `name`, v14 by `label` (and renamed core's combatant keys). */
export const contextEntryKey = (entry: { readonly name?: string; readonly label?: string }): string => entry.label ?? entry.name ?? "";

// ---- tokens and scene levels ---------------------------------------------------------

/** The scene level a token (or a waypoint) stands on: v14 Scene Levels; null in v13 and on a scene without levels. */
export function levelOf(placed: unknown): string | null {
  const level = (placed as { level?: unknown } | null | undefined)?.level;
  return typeof level === "string" && level.length > 0 ? level : null;
}

/** Whether two tokens stand on the same level (always, where there are no levels). */
export function onSameLevel(a: unknown, b: unknown): boolean {
  const la = levelOf(a);
  const lb = levelOf(b);
  return la === null || lb === null || la === lb;
}

// ---- configuration ------------------------------------------------------------------

/**
 * Token bar attributes per actor type. Both versions key CONFIG.Actor.trackableAttributes
 * by type; fvtt-types 14.366 declares a single entry, so the object is assigned untyped.
 */
export function setTrackableAttributes(byType: Record<string, { bar: string[]; value: string[] }>): void {
  Object.assign(CONFIG.Actor, { trackableAttributes: byType });
}

// ---- sheets -------------------------------------------------------------------------

/**
 * Takes core's legacy sheet (`foundry.appv1.sheets.ActorSheet` / `ItemSheet`) off the sheets a
 * document type may use. v13 registers it for every type. On v14 the evidence is split:
 * dnd5e 5.3 (verified on 14) still unregisters it at init and fvtt-types 14.366 declares it;
 * a v14 SDK says v14 registers none (vttforge/vttforge#169). Unregistering a sheet that is not
 * registered changes nothing; a release without the legacy class is skipped rather than
 * failing the system's init.
 */
export function unregisterCoreSheet(documentName: "Actor" | "Item"): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  const legacy = (foundry.appv1 as Partial<typeof foundry.appv1> | undefined)?.sheets;
  if (documentName === "Actor" && legacy?.ActorSheet) DocumentSheetConfig.unregisterSheet(Actor, "core", legacy.ActorSheet);
  if (documentName === "Item" && legacy?.ItemSheet) DocumentSheetConfig.unregisterSheet(Item, "core", legacy.ItemSheet);
}

// ---- pop-out windows ----------------------------------------------------------------

/**
 * The window an application's element lives in. v14 can pop an ApplicationV2 out
 * into its own browser window: timers, frames and new elements must come from
 * that window, not the main one.
 */
export function windowOf(element: Element | null | undefined): Window & typeof globalThis {
  return (element?.ownerDocument?.defaultView ?? globalThis) as Window & typeof globalThis;
}

/** A context menu entry in either shape: v13's name/condition/callback, v14's label/visible/onClick. */
export interface ContextMenuEntry {
  readonly name?: string;
  readonly label?: string;
  readonly icon?: string;
  readonly condition?: (li: HTMLElement) => boolean;
  readonly callback?: (li: HTMLElement) => unknown;
  readonly visible?: (li: HTMLElement) => boolean;
  readonly onClick?: (event: Event, li: HTMLElement) => unknown;
}

/**
 * A context menu entry in the running Foundry's shape: v13's ContextMenu reads
 * name/condition/callback; v14 reads label/visible/onClick(event, target)
 * (foundryvtt/crucible#688; Draw Steel 1.0, v14 only, #1752 "Context menu changes").
 */
export function contextEntry(label: string, icon: string, visible: (li: HTMLElement) => boolean, onClick: (li: HTMLElement) => unknown): ContextMenuEntry {
  // v14's onClick takes (event, target); v13's callback takes the target alone.
  return isV14() ? { label, icon, visible, onClick: (_event: Event, li: HTMLElement) => onClick(li) } : { name: label, icon, condition: visible, callback: onClick };
}

// ---- drag and drop ------------------------------------------------------------------

/**
 * What a drop carries: a document dragged from the sidebar or a compendium drops
 * `{type, uuid}` as JSON text. v13 reads it with
 * `foundry.applications.ux.TextEditor.implementation.getDragEventData`; fvtt-types
 * 14.366 still declares it there, but a v14 release that no longer has it there
 * (the global `TextEditor` alias is gone already) must not break a drop, so the
 * JSON text is read directly when the method is missing. Anything unreadable is `{}`.
 */
export function dragEventData(event: DragEvent): unknown {
  const editor = (foundry.applications as { ux?: { TextEditor?: { implementation?: { getDragEventData?: (e: DragEvent) => unknown } } } }).ux?.TextEditor?.implementation;
  if (typeof editor?.getDragEventData === "function") return editor.getDragEventData(event);
  try {
    return JSON.parse(event.dataTransfer?.getData("text/plain") ?? "");
  } catch {
    return {};
  }
}

// ---- batched writes -----------------------------------------------------------------

/**
 * One database operation of a batch, in the shape v14's `foundry.documents.modifyBatch`
 * takes: `documentName` (14.353 renamed it from `documentType`), the `parent` document for
 * an embedded one (a token for its synthetic actor), its data, changes or ids, and any
 * further operation options (`keepId`, a Combat's `direction` and `worldTime`).
 */
export interface BatchOperation {
  readonly action: "create" | "update" | "delete";
  readonly documentName: string;
  readonly parent?: unknown;
  readonly data?: readonly object[];
  readonly updates?: readonly object[];
  readonly ids?: readonly string[];
  readonly [option: string]: unknown;
}

type ModifyBatch = (operations: readonly BatchOperation[]) => Promise<unknown[][]>;

/**
 * v14 `foundry.documents.modifyBatch`: several operations on any documents in one
 * request, made in sequence, all or none (a refusal in one changes nothing). fvtt-types
 * 13 does not declare it, and v13 has no such function: null there, and each operation
 * is its own request.
 */
export function modifyBatch(): ModifyBatch | null {
  if (!isV14()) return null;
  const fn = (foundry.documents as { modifyBatch?: ModifyBatch }).modifyBatch;
  return typeof fn === "function" ? fn : null;
}

/** A status as configured, with the fixed `_id` its effect takes where one is set (core's toggleStatusEffect looks that up first). */
export function statusEffect(id: string): (StatusEffectEntry & { readonly _id?: string }) | null {
  const list = statusList() as (StatusEffectEntry & { _id?: string })[] | Record<string, StatusEffectEntry & { _id?: string }>;
  if (Array.isArray(list)) return list.find((e) => e.id === id) ?? null;
  return Object.prototype.hasOwnProperty.call(list, id) ? (list[id] ?? null) : null;
}
