/**
 * Core document schemas, reduced to the fields the system touches, and the
 * document metadata the harness needs (collections, embedded children, types).
 */
import {
  ArrayField,
  BooleanField,
  DataField,
  DocumentIdField,
  DocumentUUIDField,
  FilePathField,
  ForeignDocumentField,
  HTMLField,
  NumberField,
  ObjectField,
  SchemaField,
  SetField,
  StringField,
} from "./fields";
import { modelsV14, releaseData } from "./version";

export interface DocumentMeta {
  name: string;
  collection: string;
  embedded: Record<string, string>;
  hasTypeData: boolean;
  /** Types allowed besides the system's own (Foundry's core "base" type). */
  coreTypes: string[];
  label: string;
}

export const DOCUMENT_META: Record<string, DocumentMeta> = {
  Actor: { name: "Actor", collection: "actors", embedded: { Item: "items", ActiveEffect: "effects" }, hasTypeData: true, coreTypes: [], label: "Actor" },
  Item: { name: "Item", collection: "items", embedded: { ActiveEffect: "effects" }, hasTypeData: true, coreTypes: [], label: "Item" },
  ActiveEffect: { name: "ActiveEffect", collection: "effects", embedded: {}, hasTypeData: true, coreTypes: ["base"], label: "Effect" },
  Combat: { name: "Combat", collection: "combats", embedded: { Combatant: "combatants", CombatantGroup: "groups" }, hasTypeData: true, coreTypes: ["base"], label: "Combat" },
  Combatant: { name: "Combatant", collection: "combatants", embedded: {}, hasTypeData: true, coreTypes: ["base"], label: "Combatant" },
  CombatantGroup: { name: "CombatantGroup", collection: "groups", embedded: {}, hasTypeData: true, coreTypes: ["base"], label: "Combatant Group" },
  ChatMessage: { name: "ChatMessage", collection: "messages", embedded: {}, hasTypeData: true, coreTypes: ["base"], label: "Message" },
  User: { name: "User", collection: "users", embedded: {}, hasTypeData: false, coreTypes: [], label: "User" },
  JournalEntry: { name: "JournalEntry", collection: "journal", embedded: { JournalEntryPage: "pages" }, hasTypeData: false, coreTypes: [], label: "Journal Entry" },
  JournalEntryPage: { name: "JournalEntryPage", collection: "pages", embedded: {}, hasTypeData: true, coreTypes: ["text", "image", "pdf", "video"], label: "Page" },
  Scene: { name: "Scene", collection: "scenes", embedded: { Token: "tokens", Wall: "walls" }, hasTypeData: false, coreTypes: [], label: "Scene" },
  Token: { name: "Token", collection: "tokens", embedded: {}, hasTypeData: false, coreTypes: [], label: "Token" },
  Wall: { name: "Wall", collection: "walls", embedded: {}, hasTypeData: false, coreTypes: [], label: "Wall" },
  // v13 BaseRollTable (collection "tables", embedded TableResult "results") and BaseTableResult (types CONST.TABLE_RESULT_TYPES: text, document).
  RollTable: { name: "RollTable", collection: "tables", embedded: { TableResult: "results" }, hasTypeData: false, coreTypes: [], label: "Roll Table" },
  TableResult: { name: "TableResult", collection: "results", embedded: {}, hasTypeData: false, coreTypes: ["text", "document"], label: "Table Result" },
  // v13 BaseFolder (collection "folders"): a folder of one document type in a sidebar directory.
  Folder: { name: "Folder", collection: "folders", embedded: {}, hasTypeData: false, coreTypes: [], label: "Folder" },
};

const id = () => new DocumentIdField();
const ownership = () => new ObjectField({ initial: { default: 0 } });
const flags = () => new ObjectField();
/**
 * v13 DocumentStatsField (fvtt-types 13 common/data/fields.d.mts, DocumentStatsField.Schema): the version and system
 * fields start as the client's own, the rest null; the server writes the managed ones (document-stats.ts).
 */
const stats = (currentSystem: () => { id: string; version: string } | null) =>
  new SchemaField({
    coreVersion: new StringField({ required: true, blank: false, nullable: true, initial: () => releaseData().version }),
    systemId: new StringField({ required: true, blank: false, nullable: true, initial: () => currentSystem()?.id ?? null }),
    systemVersion: new StringField({ required: true, blank: false, nullable: true, initial: () => currentSystem()?.version ?? null }),
    createdTime: new NumberField(),
    modifiedTime: new NumberField(),
    lastModifiedBy: new ForeignDocumentField(null),
    compendiumSource: new DocumentUUIDField(),
    duplicateSource: new DocumentUUIDField(),
    exportSource: new ObjectField({ nullable: true, initial: null }),
  });
const name = () => new StringField({ required: true, blank: false });
const type = () => new StringField({ required: true, blank: false });
const system = () => new ObjectField();
const embedded = () => new ArrayField(new ObjectField());
const sort = () => new NumberField({ required: true, integer: true, nullable: false, initial: 0 });
const folder = () => new ForeignDocumentField(null);
const img = (initial: string | null = null) => new FilePathField({ required: false, nullable: true, initial });
// v13's getDefaultArtwork: CONST.DEFAULT_TOKEN for actors, Item.DEFAULT_ICON for items.
const ACTOR_ART = "icons/svg/mystery-man.svg";
const ITEM_ART = "icons/svg/item-bag.svg";

/** `currentUser` and `currentSystem` give what Foundry's own initial values use (`game.user.id`, `game.system`). */
export function coreSchema(
  documentName: string,
  currentUser: () => string | null = () => null,
  currentSystem: () => { id: string; version: string } | null = () => null,
): Record<string, DataField> {
  const _stats = () => stats(currentSystem);
  switch (documentName) {
    case "Actor":
      return { _id: id(), name: name(), type: type(), img: img(ACTOR_ART), system: system(), prototypeToken: new ObjectField(), items: embedded(), effects: embedded(), folder: folder(), sort: sort(), ownership: ownership(), flags: flags(), _stats: _stats() };
    case "Item":
      return { _id: id(), name: name(), type: type(), img: img(ITEM_ART), system: system(), effects: embedded(), folder: folder(), sort: sort(), ownership: ownership(), flags: flags(), _stats: _stats() };
    case "ActiveEffect":
      return {
        _id: id(),
        name: name(),
        type: new StringField({ required: true, blank: false, initial: "base" }),
        img: img(),
        system: system(),
        statuses: new SetField(new StringField({ required: true, blank: false })),
        disabled: new BooleanField(),
        // v13 BaseActiveEffect: how long the effect lasts (what ActiveEffect#isTemporary reads).
        duration: new SchemaField({
          startTime: new NumberField({ nullable: true, initial: null }),
          seconds: new NumberField({ integer: true, min: 0 }),
          combat: new ForeignDocumentField(null),
          rounds: new NumberField({ integer: true, min: 0 }),
          turns: new NumberField({ integer: true, min: 0 }),
          startRound: new NumberField({ integer: true, min: 0 }),
          startTurn: new NumberField({ integer: true, min: 0 }),
        }),
        // Active Effects v2 (v14): the changes moved to system.changes (fvtt-types 14.366 common/data/active-effect.d.mts,
        // the changes field a system model must declare; foundryvtt/crucible#688 "Effect changes are now all nested under system").
        ...(modelsV14() ? {} : { changes: new ArrayField(new ObjectField()) }),
        flags: flags(),
        _stats: _stats(),
      };
    case "Combat":
      return {
        _id: id(),
        type: new StringField({ required: true, blank: false, initial: "base" }),
        system: system(),
        scene: new ForeignDocumentField(null),
        groups: embedded(),
        combatants: embedded(),
        active: new BooleanField(),
        round: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
        turn: new NumberField({ required: true, integer: true, min: 0, initial: null }),
        sort: sort(),
        flags: flags(),
        _stats: _stats(),
      };
    case "Combatant":
      return {
        _id: id(),
        type: new StringField({ required: true, blank: false, initial: "base" }),
        system: system(),
        actorId: new ForeignDocumentField(null),
        tokenId: new ForeignDocumentField(null),
        sceneId: new ForeignDocumentField(null),
        name: new StringField({ required: false, blank: true }),
        img: img(),
        initiative: new NumberField({ required: true, nullable: true, initial: null }),
        hidden: new BooleanField(),
        defeated: new BooleanField(),
        group: new ForeignDocumentField(null),
        flags: flags(),
        _stats: _stats(),
      };
    case "CombatantGroup":
      return { _id: id(), type: new StringField({ required: true, blank: false, initial: "base" }), system: system(), name: new StringField({ required: false, blank: true }), img: img(), initiative: new NumberField({ required: true, nullable: true, initial: null }), ownership: ownership(), flags: flags(), _stats: _stats() };
    case "ChatMessage":
      return {
        _id: id(),
        type: new StringField({ required: true, blank: false, initial: "base" }),
        system: system(),
        style: new NumberField({ required: true, integer: true, nullable: false, initial: 0 }),
        author: new ForeignDocumentField(null, { nullable: false, initial: () => currentUser() }),
        timestamp: new NumberField({ required: true, nullable: false, initial: 0 }),
        flavor: new HTMLField(),
        title: new StringField(),
        content: new HTMLField(),
        speaker: new SchemaField({
          scene: new ForeignDocumentField(null),
          actor: new ForeignDocumentField(null),
          token: new ForeignDocumentField(null),
          alias: new StringField(),
        }),
        whisper: new ArrayField(new ForeignDocumentField(null)),
        blind: new BooleanField(),
        rolls: new ArrayField(new StringField()),
        sound: new FilePathField({ nullable: true, initial: null }),
        emote: new BooleanField(),
        flags: flags(),
        _stats: _stats(),
      };
    case "User":
      return {
        _id: id(),
        name: name(),
        role: new NumberField({ required: true, nullable: false, integer: true, min: 0, max: 4, initial: 1 }),
        password: new StringField(),
        avatar: img(),
        character: new ForeignDocumentField(null),
        color: new StringField({ initial: "#aa3333" }),
        // v13 BaseUser: explicit user permissions (name → boolean) over the world's role table.
        permissions: new ObjectField(),
        flags: flags(),
        _stats: _stats(),
      };
    case "JournalEntry":
      return { _id: id(), name: name(), pages: embedded(), folder: folder(), categories: new ArrayField(new ObjectField()), sort: sort(), ownership: ownership(), flags: flags(), _stats: _stats() };
    case "JournalEntryPage":
      return {
        _id: id(),
        name: name(),
        type: new StringField({ required: true, blank: false, initial: "text" }),
        system: system(),
        title: new SchemaField({ show: new BooleanField({ initial: true }), level: new NumberField({ required: true, integer: true, initial: 1 }) }),
        text: new SchemaField({ content: new HTMLField({ required: false, blank: true, nullable: true, initial: null }), format: new NumberField({ initial: 1 }), markdown: new StringField({ required: false, blank: true, initial: undefined }) }),
        category: new ForeignDocumentField(null),
        sort: sort(),
        ownership: new ObjectField({ initial: { default: -1 } }),
        flags: flags(),
        _stats: _stats(),
      };
    case "Scene":
      return { _id: id(), name: name(), tokens: embedded(), walls: embedded(), grid: new ObjectField(), active: new BooleanField(), flags: flags(), _stats: _stats() };
    case "Token":
      return {
        _id: id(),
        name: new StringField({ blank: true }),
        actorId: new ForeignDocumentField(null),
        // As in v13's BaseToken: unlinked unless told (actorLink initial false), and the embedded ActorDelta an unlinked token's actor is built from (synthetic-actors.ts).
        actorLink: new BooleanField(),
        delta: new ObjectField(),
        x: new NumberField({ required: true, integer: true, nullable: false, initial: 0 }),
        y: new NumberField({ required: true, integer: true, nullable: false, initial: 0 }),
        rotation: new NumberField({ required: true, nullable: false, initial: 0 }),
        width: new NumberField({ required: true, nullable: false, positive: true, initial: 1 }),
        height: new NumberField({ required: true, nullable: false, positive: true, initial: 1 }),
        // v13 BaseToken: CONST.TOKEN_SHAPES, initially RECTANGLE_1; the client's TokenDocument#_initializeSource sets ELLIPSE_1 on hex grids (runtime.ts, token-shapes.ts).
        shape: new NumberField({ initial: 4, choices: [0, 1, 2, 3, 4, 5] }),
        disposition: new NumberField({ required: true, integer: true, nullable: false, initial: -1 }),
        hidden: new BooleanField(),
        // v13 BaseToken: the attribute each bar shows (its initial, the system's primaryTokenAttribute /
        // secondaryTokenAttribute, is filled in by the client's TokenDocument#_initializeSource in runtime.ts).
        bar1: new SchemaField({ attribute: new StringField({ required: true, nullable: true, blank: false, initial: null }) }),
        bar2: new SchemaField({ attribute: new StringField({ required: true, nullable: true, blank: false, initial: null }) }),
        // v14 Scene Levels: the level the token stands on (a level id, blank on a scene without levels), the source
        // level its movement waypoints default to (v14 API TokenProcessedMovementWaypoint#level; Scene#cycleLevel).
        ...(modelsV14() ? { level: new StringField({ required: true, blank: true, initial: "" }) } : {}),
        // v13 BaseToken#_movementHistory: the recorded waypoints of the token's movement (TokenDocument#movementHistory; token-movement.ts).
        _movementHistory: new ArrayField(new ObjectField()),
        flags: flags(),
      };
    case "Wall":
      // As in v13's BaseWall: the segment [x0, y0, x1, y1] and what it blocks (CONST.WALL_SENSE_TYPES: 0 none, 10 limited, 20 normal, ...); door 0 none, 1 door, 2 secret; ds 0 closed, 1 open, 2 locked.
      return {
        _id: id(),
        c: new ArrayField(new NumberField({ required: true, nullable: false })),
        light: new NumberField({ required: true, integer: true, nullable: false, initial: 20 }),
        move: new NumberField({ required: true, integer: true, nullable: false, initial: 20 }),
        sight: new NumberField({ required: true, integer: true, nullable: false, initial: 20 }),
        sound: new NumberField({ required: true, integer: true, nullable: false, initial: 20 }),
        door: new NumberField({ required: true, integer: true, nullable: false, initial: 0 }),
        ds: new NumberField({ required: true, integer: true, nullable: false, initial: 0 }),
        // v13 BaseWall: the one-way direction (CONST.WALL_DIRECTIONS: 0 both, 1 left, 2 right) and the proximity thresholds in grid units.
        dir: new NumberField({ required: true, integer: true, nullable: false, initial: 0 }),
        threshold: new SchemaField({
          light: new NumberField({ required: true, nullable: true, initial: null }),
          sight: new NumberField({ required: true, nullable: true, initial: null }),
          sound: new NumberField({ required: true, nullable: true, initial: null }),
          attenuation: new BooleanField(),
        }),
        flags: flags(),
      };
    case "RollTable":
      // v13 BaseRollTable#defineSchema.
      return {
        _id: id(),
        name: name(),
        img: img("icons/svg/d20-grey.svg"),
        description: new HTMLField({ required: false, blank: true }),
        results: embedded(),
        formula: new StringField(),
        replacement: new BooleanField({ initial: true }),
        displayRoll: new BooleanField({ initial: true }),
        folder: folder(),
        sort: sort(),
        ownership: ownership(),
        flags: flags(),
        _stats: _stats(),
      };
    case "TableResult":
      // v13 BaseTableResult#defineSchema: a range is two ascending whole numbers.
      return {
        _id: id(),
        type: new StringField({ required: true, blank: false, initial: "text", choices: ["text", "document"] }),
        name: new StringField({ required: true, nullable: false, blank: true, initial: "" }),
        img: img(),
        description: new HTMLField({ required: false, blank: true }),
        documentUuid: new StringField({ required: false, nullable: true, initial: undefined }),
        weight: new NumberField({ required: true, integer: true, positive: true, nullable: false, initial: 1 }),
        range: new ArrayField(new NumberField({ integer: true }), { validate: (r: unknown) => Array.isArray(r) && r.length === 2 && r[1] >= r[0], validationError: "must be a length-2 array of ascending integers" }),
        drawn: new BooleanField(),
        flags: flags(),
        _stats: _stats(),
      };
    case "Folder":
      // v13 BaseFolder#defineSchema: the document type it holds (CONST.FOLDER_DOCUMENT_TYPES), its parent folder, its sort mode.
      return {
        _id: id(),
        name: name(),
        type: new StringField({ required: true, choices: ["Actor", "Adventure", "Item", "Scene", "JournalEntry", "Playlist", "RollTable", "Cards", "Macro", "Compendium"] }),
        description: new HTMLField({ required: false, blank: true }),
        folder: folder(),
        sorting: new StringField({ required: true, initial: "a", choices: ["a", "m"] }),
        sort: sort(),
        color: new StringField({ required: false, nullable: true, blank: false, initial: null }),
        flags: flags(),
        _stats: _stats(),
      };
    default:
      throw new Error(`The harness has no schema for ${documentName}`);
  }
}
