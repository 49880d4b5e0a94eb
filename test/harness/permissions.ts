/**
 * Document permissions as the Foundry v13 server grants them (build 13.350), for the
 * document types the harness stores. The server calls these on the stored source
 * data, exactly where v13's server does: `ServerDatabaseBackend#_createDocuments /
 * #_updateDocuments / #_deleteDocuments` sanitize the user's input
 * (`ServerDocumentMixin.sanitizeUserInput`), then ask `Document#canUserModify(user,
 * action, data)` of the *core* document class. A system's Combat or Combatant
 * subclass never runs on the server, so nothing here consults the system's code:
 * an override of `Combat#_canChangeRound` only changes what the client shows.
 *
 * Followed, per document:
 * - `Document.metadata.permissions` defaults (common/abstract/document.mjs):
 *   create "ASSISTANT", update "OWNER", delete "ASSISTANT"; `canUserModify` tries a
 *   function, then a USER_PERMISSIONS key, then a USER_ROLES key, then an ownership level.
 * - `Document#getUserLevel`: the `ownership` field (INHERIT defers to the parent),
 *   else the parent's level, else NONE; `testUserPermission` gives a GM OWNER and a
 *   banned user NONE.
 * - `BaseActor`, `BaseItem`, `BaseActiveEffect`, `BaseToken`, `BaseCombat`,
 *   `BaseCombatant`, `BaseCombatantGroup`, `BaseChatMessage`, `BaseUser`,
 *   `BaseJournalEntry(Page)`, `BaseScene`, `BaseWall`: their metadata permissions,
 *   their `static #canCreate / #canUpdate / #canDelete` tests and their
 *   `getUserLevel` overrides (cited next to each below).
 */
import type { ParentStep } from "./server";
import { syntheticUserLevel } from "./synthetic-actors";
import { type AnyObject, isEmpty } from "./utils";

export const ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;
export const OWNERSHIP = { INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;

/** v13 CONST.USER_PERMISSIONS: the lowest role each permission is granted to by default. */
export const USER_PERMISSION_DEFAULTS: Record<string, number> = {
  ACTOR_CREATE: ROLES.ASSISTANT,
  BROADCAST_AUDIO: ROLES.TRUSTED,
  BROADCAST_VIDEO: ROLES.TRUSTED,
  CARDS_CREATE: ROLES.ASSISTANT,
  DRAWING_CREATE: ROLES.TRUSTED,
  ITEM_CREATE: ROLES.ASSISTANT,
  FILES_BROWSE: ROLES.TRUSTED,
  FILES_UPLOAD: ROLES.ASSISTANT,
  JOURNAL_CREATE: ROLES.TRUSTED,
  MACRO_SCRIPT: ROLES.PLAYER,
  MANUAL_ROLLS: ROLES.TRUSTED,
  MESSAGE_WHISPER: ROLES.PLAYER,
  NOTE_CREATE: ROLES.TRUSTED,
  PING_CANVAS: ROLES.PLAYER,
  PLAYLIST_CREATE: ROLES.ASSISTANT,
  SETTINGS_MODIFY: ROLES.ASSISTANT,
  SHOW_CURSOR: ROLES.PLAYER,
  SHOW_RULER: ROLES.PLAYER,
  TEMPLATE_CREATE: ROLES.PLAYER,
  TOKEN_CREATE: ROLES.ASSISTANT,
  TOKEN_DELETE: ROLES.ASSISTANT,
  TOKEN_CONFIGURE: ROLES.TRUSTED,
  WALL_DOORS: ROLES.PLAYER,
  QUERY_USER: ROLES.PLAYER,
};

/** What a permission test may read of the world: the stored sources. */
export interface PermissionWorld {
  /** A stored document by its path from the world collection down. */
  find(path: ParentStep[]): AnyObject | undefined;
  /** A world actor's stored source. */
  actor(id: string): AnyObject | undefined;
  /** The world setting core.permissions (role lists by permission), if the GM has set it. */
  corePermissions(): Record<string, number[]> | undefined;
}

type Action = "create" | "update" | "delete";
type PermissionTest = (user: AnyObject, doc: Doc, data: AnyObject) => boolean;
type Permission = string | PermissionTest;

/** A stored (or candidate) document as a permission test sees it: its source and where it lives. */
export interface Doc {
  documentName: string;
  source: AnyObject;
  parent: ParentStep[];
}

export const isGM = (user: AnyObject) => user.role >= ROLES.ASSISTANT;
const hasRole = (user: AnyObject, role: number) => user.role >= role;

/** v13 BaseUser#hasPermission: an explicit grant on the user, else the roles core.permissions lists (by default every role from the permission's default up). */
export function hasPermission(world: PermissionWorld, user: AnyObject, permission: string): boolean {
  if (user.role === ROLES.NONE) return false;
  const explicit = user.permissions?.[permission];
  if (explicit !== undefined) return Boolean(explicit);
  const roles = world.corePermissions()?.[permission];
  if (roles) return roles.includes(user.role);
  const lowest = USER_PERMISSION_DEFAULTS[permission];
  return lowest !== undefined && user.role >= lowest;
}

function parentDoc(world: PermissionWorld, doc: Doc): Doc | null {
  if (!doc.parent.length) return null;
  const source = world.find(doc.parent);
  if (!source) return null;
  return { documentName: doc.parent[doc.parent.length - 1]!.documentName, source, parent: doc.parent.slice(0, -1) };
}

/** Document types whose schema has an `ownership` field in v13. */
const HAS_OWNERSHIP = new Set(["Actor", "Item", "JournalEntry", "JournalEntryPage", "Scene", "CombatantGroup", "RollTable"]);

/** v13 Document#getUserLevel with the overrides of BaseItem, BaseToken, BaseCombatant, BaseChatMessage and BaseUser. */
export function getUserLevel(world: PermissionWorld, user: AnyObject, doc: Doc): number {
  const { documentName, source } = doc;
  // BaseUser#getUserLevel: OWNER of oneself, NONE of anyone else.
  if (documentName === "User") return source._id === user._id ? OWNERSHIP.OWNER : OWNERSHIP.NONE;
  // BaseChatMessage#getUserLevel: the author owns the message.
  if (documentName === "ChatMessage" && source.author === user._id) return OWNERSHIP.OWNER;
  // BaseItem#getUserLevel: an embedded item ignores its own ownership for its parent's.
  if (documentName === "Item" && doc.parent.length) {
    const parent = parentDoc(world, doc);
    return parent ? getUserLevel(world, user, parent) : OWNERSHIP.NONE;
  }
  // BaseToken#getUserLevel and BaseCombatant#getUserLevel: the actor's level when there is an actor
  // (on the server, the world actor the document names: Combatant and Token #loadRelatedDocuments).
  if ((documentName === "Token" || documentName === "Combatant") && source.actorId) {
    const actor = world.actor(source.actorId);
    // An unlinked token's actor is its synthetic actor: the world actor's ownership with its delta's over it (BaseActorDelta, synthetic-actors.ts).
    if (actor && documentName === "Token" && !source.actorLink) return syntheticUserLevel(user._id, actor.ownership, source.delta?.ownership);
    if (actor) return getUserLevel(world, user, { documentName: "Actor", source: actor, parent: [] });
  }
  if (HAS_OWNERSHIP.has(documentName)) {
    const initial = documentName === "JournalEntryPage" ? OWNERSHIP.INHERIT : OWNERSHIP.NONE;
    const ownership = source.ownership ?? { default: initial };
    const level = ownership[user._id] ?? ownership.default ?? OWNERSHIP.NONE;
    if (level !== OWNERSHIP.INHERIT) return level;
  }
  const parent = parentDoc(world, doc);
  if (parent) return getUserLevel(world, user, parent);
  return OWNERSHIP.NONE;
}

/** v13 Document#testUserPermission. */
export function testUserPermission(world: PermissionWorld, user: AnyObject, doc: Doc, level: keyof typeof OWNERSHIP | number, { exact = false } = {}): boolean {
  let have: number;
  if (isGM(user)) have = OWNERSHIP.OWNER;
  else if (user.role === ROLES.NONE) have = OWNERSHIP.NONE;
  else have = getUserLevel(world, user, doc);
  const want = typeof level === "number" ? level : OWNERSHIP[level];
  return exact ? have === want : have >= want;
}

// ---- the permission tests of each document type --------------------------------

function permissionsOf(world: PermissionWorld): Record<string, Partial<Record<Action, Permission>>> {
  const owner = (user: AnyObject, doc: Doc) => testUserPermission(world, user, doc, "OWNER");
  return {
    /** BaseActor: create #canCreate (ACTOR_CREATE; a wildcard token image needs FILES_BROWSE), update #canUpdate. */
    Actor: {
      create: (user, doc) => {
        if (!hasPermission(world, user, "ACTOR_CREATE")) return false;
        if (doc.source.prototypeToken?.randomImg && !hasPermission(world, user, "FILES_BROWSE")) return false;
        return true;
      },
      update: (user, doc, data) => {
        if (!owner(user, doc)) return false;
        const tokenChange = data?.prototypeToken ?? {};
        if (tokenChange.randomImg === true) return hasPermission(world, user, "FILES_BROWSE");
        const randomImageEnabled = doc.source.prototypeToken?.randomImg && tokenChange.randomImg !== false;
        if ("img" in tokenChange && randomImageEnabled) return hasPermission(world, user, "FILES_BROWSE");
        return true;
      },
    },
    /** BaseItem: create #canCreate (an owned item needs the parent's OWNER, a world item ITEM_CREATE), delete "OWNER". */
    Item: {
      create: (user, doc) => {
        const parent = parentDoc(world, doc);
        if (doc.parent.length) return parent ? owner(user, parent) : false;
        return hasPermission(world, user, "ITEM_CREATE");
      },
      delete: "OWNER",
    },
    /** BaseActiveEffect: create "OWNER", delete "OWNER". */
    ActiveEffect: { create: "OWNER", delete: "OWNER" },
    /** BaseCombat: update #canUpdate; create and delete stay the defaults (assistant GM). */
    Combat: { update: (user, doc, data) => canUpdateCombat(world, user, doc, data) },
    /** BaseCombatant: create "OWNER", update #canUpdate, delete "OWNER". */
    Combatant: { create: "OWNER", update: (user, doc, data) => canUpdateCombatant(world, user, doc, data), delete: "OWNER" },
    /** BaseCombatantGroup: the defaults, with its own ownership field. */
    CombatantGroup: {},
    /** BaseChatMessage: create #canCreate (any player, as herself), delete "OWNER"; update the default "OWNER" (the author). */
    ChatMessage: {
      create: (user, doc) => {
        if (isGM(user)) return true;
        if (user._id !== doc.source.author) return false;
        return hasRole(user, ROLES.PLAYER);
      },
      delete: "OWNER",
    },
    /** BaseUser: #canCreate, #canUpdate, #canDelete. */
    User: {
      create: (user, doc) => {
        if (!isGM(user)) return false;
        if (!isEmpty(doc.source.permissions ?? {})) return hasRole(user, ROLES.GAMEMASTER);
        return hasRole(user, doc.source.role ?? ROLES.PLAYER);
      },
      update: (user, doc, changes) => {
        if (user.role === ROLES.GAMEMASTER) return true;
        if (user.role === ROLES.NONE) return false;
        const restricted = ["permissions", "passwordSalt"];
        if (user.role < ROLES.ASSISTANT) restricted.push("name", "role");
        if (doc.source.role === ROLES.GAMEMASTER) restricted.push("password");
        if (restricted.some((k) => k in changes)) return false;
        if ("role" in changes && !hasRole(user, changes.role)) return false;
        return isGM(user) || user._id === doc.source._id;
      },
      delete: (user, doc) => hasRole(user, Math.max(ROLES.ASSISTANT, doc.source.role ?? ROLES.PLAYER)),
    },
    /** BaseJournalEntry: create JOURNAL_CREATE, delete "OWNER". */
    JournalEntry: { create: "JOURNAL_CREATE", delete: "OWNER" },
    /** BaseJournalEntryPage: create "OWNER", delete "OWNER". */
    JournalEntryPage: { create: "OWNER", delete: "OWNER" },
    /** BaseScene: the defaults. */
    Scene: {},
    /** BaseRollTable: the defaults. */
    RollTable: {},
    /** BaseTableResult: create "OWNER", update #canUpdate (a GM; an owner may mark it drawn; else the table's OWNER), delete "OWNER". */
    TableResult: {
      create: "OWNER",
      update: (user, doc, data) => {
        if (isGM(user)) return true;
        if (!owner(user, doc)) return false;
        if (Object.keys(data ?? {}).every((k) => k === "_id" || k === "drawn")) return true;
        const parent = parentDoc(world, doc);
        return parent ? owner(user, parent) : false;
      },
      delete: "OWNER",
    },
    /** BaseToken: create TOKEN_CREATE, update #canUpdate, delete TOKEN_DELETE. */
    Token: {
      create: "TOKEN_CREATE",
      update: (user, doc) => {
        if (isGM(user)) return true;
        const actor = doc.source.actorId ? world.actor(doc.source.actorId) : undefined;
        if (actor) return testUserPermission(world, user, { documentName: "Actor", source: actor, parent: [] }, "OWNER");
        return !doc.source.actorId;
      },
      delete: "TOKEN_DELETE",
    },
    /** BaseWall: update #canUpdate (players open and close unlocked doors). */
    Wall: {
      update: (user, doc, data) => {
        if (isGM(user)) return true;
        const dsOnly = Object.keys(data).every((k) => ["_id", "ds"].includes(k));
        const LOCKED = 2;
        if (dsOnly && doc.source.ds !== LOCKED && data.ds !== LOCKED) return hasRole(user, ROLES.PLAYER);
        return false;
      },
    },
  };
}

/**
 * BaseCombat #canUpdate (13.350): a GM may change anything; anyone else only `round`,
 * `turn` and `combatants` (each combatant change checked as that combatant's update),
 * gated by `_canChangeRound` / `_canChangeTurn`, which the base class answers true for
 * every user. So any player may set any combat's round and turn, and nothing else.
 */
function canUpdateCombat(world: PermissionWorld, user: AnyObject, doc: Doc, data: AnyObject): boolean {
  if (isGM(user)) return true;
  const turnOnly = ["_id", "round", "turn", "combatants"];
  if (Object.keys(data).some((k) => !turnOnly.includes(k))) return false;
  // BaseCombat#_canChangeRound and #_canChangeTurn: `return true` (the server runs the base class).
  if ("combatants" in data) {
    // BaseCombat #canModifyCombatants: every listed combatant must exist and be the user's to update so.
    for (const { _id, ...change } of data.combatants as AnyObject[]) {
      const combatant = (doc.source.combatants as AnyObject[] | undefined)?.find((c) => c._id === _id);
      if (!combatant) return false;
      const path = [...doc.parent, { documentName: "Combat", id: doc.source._id }];
      if (!canUserModify(world, user, "update", { documentName: "Combatant", source: combatant, parent: path }, change)) return false;
    }
  }
  return true;
}

/** BaseCombatant #canUpdate: the owner (of the combatant's actor) may change initiative, flags, defeated and system. */
function canUpdateCombatant(world: PermissionWorld, user: AnyObject, doc: Doc, data: AnyObject): boolean {
  if (isGM(user)) return true;
  if (!testUserPermission(world, user, doc, "OWNER")) return false;
  const allowed = ["_id", "initiative", "flags", "defeated", "system"];
  return Object.keys(data).every((k) => allowed.includes(k));
}

/** The permission v13 metadata names for an action, with the Document defaults. */
function permissionFor(world: PermissionWorld, documentName: string, action: Action): Permission {
  const own = permissionsOf(world)[documentName]?.[action];
  if (own !== undefined) return own;
  return { create: "ASSISTANT", update: "OWNER", delete: "ASSISTANT" }[action];
}

/** v13 Document#canUserModify. */
export function canUserModify(world: PermissionWorld, user: AnyObject, action: Action, doc: Doc, data: AnyObject = {}): boolean {
  const perm = permissionFor(world, doc.documentName, action);
  if (typeof perm === "function") return perm(user, doc, data);
  if (perm in USER_PERMISSION_DEFAULTS) return hasPermission(world, user, perm);
  if (perm in ROLES) return hasRole(user, ROLES[perm as keyof typeof ROLES]);
  if (perm in OWNERSHIP) return testUserPermission(world, user, doc, perm as keyof typeof OWNERSHIP);
  return false;
}

// ---- sanitizing what a user sends ----------------------------------------------

/**
 * v13 `ServerDocumentMixin.sanitizeUserInput` for the two `gmOnly` fields of core
 * schemas (dist/database/sanitization.mjs):
 * - `DocumentAuthorField` (ChatMessage#author): on creation by a non-GM it becomes the
 *   creating user, whatever was sent; on an update by a non-GM it is refused.
 * - `DocumentOwnershipField`: a non-GM may not change any entry on update; on creation
 *   she may set `default` and her own entry, and other users' entries are dropped.
 * Throws as v13 does ("The "author" field may only be modified by a GM or Assistant GM user.").
 */
export function sanitizeUserInput(user: AnyObject, documentName: string, data: AnyObject, { creation, source }: { creation: boolean; source?: AnyObject }): AnyObject {
  if (isGM(user)) return data;
  const refuse = (field: string) => {
    throw new Error(`The "${field}" field may only be modified by a GM or Assistant GM user.`);
  };
  if (documentName === "ChatMessage" && "author" in data) {
    if (creation) data.author = user._id;
    else refuse("author");
  } else if (documentName === "ChatMessage" && creation) data.author = user._id;
  if (HAS_OWNERSHIP.has(documentName) && data.ownership && typeof data.ownership === "object") {
    let changed = false;
    for (const [key, value] of Object.entries<unknown>(data.ownership)) {
      if (value === source?.ownership?.[key]) continue;
      if (key === "default") {
        if (!creation) changed = true;
      } else if (key !== user._id) {
        if (creation) delete data.ownership[key];
        else changed = true;
      }
    }
    if (changed) refuse("ownership");
  }
  return data;
}
