/**
 * Opposed-action chat cards. An attacker posts a card that waits for the
 * defender; the defender's owner answers from the card; the active GM resolves
 * it with the ruleset's engine (the only client that may write the card and
 * the actors), and anyone concerned may apply the result once. Every step goes
 * through the GM's write queue (write-queue.ts) for every document it reads to
 * write (the card, its fighters, their fight) and re-checks the card's state
 * inside it, so a second click, an old card or two clicks at once change
 * nothing, and two cards applied to one fighter at once both count.
 */
import { messageModeOption, speakerFor } from "../compat";
import { SYSTEM_ID, templatePath } from "../config";
import { refuse, ok, type Outcome } from "../engine/outcome";
import { askGM, checkGrant, registerRequest } from "./grants";
import { actingFighter, ambiguousIn, combatantOf, fighterFrom, fighterName, fighterRef } from "./fighter";
import { queued, queuedFor, type DocumentKey, type Lease } from "./write-queue";
import { WriteBatch, writeOne, type Committed } from "./batch";
import { aftermathOf, notSaved, unsavedTags, unsavedText } from "./write-notice";
import { gatherStatuses } from "./status-writes";
import { notifyRefusal } from "./notify";
import { loadCardPartials, resultCardContext, type EngineEvent } from "../applications/results/result-card";
import { namedDraws } from "./dice-names";
import { changesNothing } from "./card-changes";
import { fighterImage, headlineText, toneView, type Headline } from "../applications/results/headline";
import { diceGroups, type DiceDraw } from "../applications/results/dice-view";
import type { CardState } from "../data/chat/card-data";
import type { FightNow, TimeCommand } from "../engine/time/machine";
import type { OutOfAction } from "../engine/rulesets/out-of-action";
import { whyOutside } from "../engine/time/roster";
import { mayPress } from "../engine/card-hands";
import type { DrawLabel, MarkedFace } from "../engine/dice";
import { LABEL_OPTION, MARKS_OPTION } from "../dice/foundry-dice";
import { namedRefusal } from "./named-refusal";
import { tableSwitch } from "../settings";

/** The headline a kind returns (its lang key and values), said the same way on result cards; `withThen` adds what the table must act on. */
export type { Headline };
export { withThen } from "../applications/results/headline";

export const CARD_TEMPLATE = templatePath("chat/card.hbs");

export interface CardResolution {
  readonly outcome: "success" | "failure" | "neutral";
  readonly events: readonly EngineEvent[];
  /** What applying the result changes: `fighter ref (fighterRef) → update`. Empty: nothing to apply. */
  readonly updates: Readonly<Record<string, Record<string, unknown>>>;
  readonly rolls: Roll[];
  readonly lookups?: readonly string[];
  /** Commands for the fight the card belongs to (dice spent, initiative won), applied with the result. */
  readonly combatCommands?: readonly TimeCommand[];
  /** What applying changes on embedded items: `fighter ref → [{ _id, ...changes }]` (values may be deltas). */
  readonly itemUpdates?: Readonly<Record<string, readonly ItemChange[]>>;
  /** Embedded items applying removes (a weapon ruined by a misfire): `fighter ref → [item ids]`. */
  readonly itemDeletes?: Readonly<Record<string, readonly string[]>>;
  /** Conditions applying sets or clears, with Actor#toggleStatusEffect: `fighter ref → [{ id, active }]`; a bare id sets it. */
  readonly statuses?: Readonly<Record<string, readonly (StatusChange | string)[]>>;
  /** What the kind keeps on the card for later (the Combat Advantages an exchange opened). */
  readonly data?: Readonly<Record<string, unknown>>;
  /** The outcome in one line, read from the engine's result (a key and its values); without it the card says success or failure. */
  readonly headline?: Headline;
  /** Other chat messages the resolution posts (a whisper to the GMs), written with the card: never without it. */
  readonly messages?: readonly object[];
}

/** A choice a resolved card offers afterwards, as a button for the named fighter's owner (a Combat Advantage). */
export interface FollowUp {
  readonly id: string;
  /** Localization key, formatted with `data` (each value localized where it is a key). */
  readonly label: string;
  readonly data?: Readonly<Record<string, string | number>>;
  /** The fighter who may take it: a fighter ref (an old card's bare actor id reads as the world actor). */
  readonly actorId: string;
}

/** One embedded item's changes, by id. */
export type ItemChange = { readonly _id: string } & Readonly<Record<string, unknown>>;

/** A status (an id of CONFIG.statusEffects) to have on (`active: true`) or off; on for `seconds` of the world's time when it says so. */
export interface StatusChange {
  readonly id: string;
  readonly active: boolean;
  readonly seconds?: number;
  /** A duration kept from the players: the id of the GMs' whisper (posted with the card) whose `flags.bout.seconds` it lasts. */
  readonly secretFrom?: string;
}

export interface CardKind {
  /** Title key for the card, formatted with {attacker} and {defender}. */
  readonly title: string;
  /** The answer button's words, a lang key (Oppose, Bid for the initiative); Defend by default. */
  readonly answer?: string;
  /** Lines describing the declaration while the card waits. */
  describe(declaration: any): EngineEvent[];
  /** A check the fighter makes on themself (a fatigue check): attacker and defender are the same actor. */
  readonly self?: true;
  /**
   * The figures of a request that are the GM's to set (a situational modifier, a
   * custom TN, a side the map cannot tell): their label keys where the raw
   * request sets one. A player's request setting any is refused; the GM's is not.
   */
  readonly gmFigures?: (declaration: any) => readonly string[];
  /** The same for the defender's answer. */
  readonly gmAnswerFigures?: (answer: any) => readonly string[];
  /** Only the GM may post it (a roll whose inputs are the GM's word, such as an infection check). */
  readonly gmOnly?: true;
  /** Made whatever the fighter's state, even out of the fight's order (a day's infection runs its course in a senseless body). */
  readonly anyState?: true;
  /** The defender has nothing to answer (an unopposed shot): the GM resolves as the card is posted. */
  readonly unanswered?: (declaration: any) => boolean;
  /** GM: rebuild the declaration from the documents (ids in, figures out); refusals post nothing. */
  prepare(declaration: unknown, attacker: Actor.Implementation, defender: Actor.Implementation, combatId: string): Outcome<unknown>;
  /** Asks the defender's owner for an answer (null: closed the dialog). */
  defend(card: CardView): Promise<unknown | null>;
  /** GM: resolve with the engine; refusals leave the card waiting. */
  resolve(card: CardView, answer: unknown): Promise<Outcome<CardResolution>>;
  /** The follow-ups a resolved card offers now (none once taken). */
  followUps?(card: CardView): readonly FollowUp[];
  /** The follow-up's owner, on their client: act on it (usually by posting another card). */
  followUp?(card: CardView, id: string): Promise<Outcome<unknown>>;
  /**
   * The card whose offer this one takes (a follow-up's source card), by message
   * id: held in the write queue with the new card's fighters and fight while it
   * is posted, so whoever comes second finds the offer gone.
   */
  claimsFrom?(declaration: any): string | null;
  /**
   * GM, inside that queue, after `prepare` and before the card is written: take
   * what this card uses up elsewhere (mark the exchange's advantage as taken) by
   * adding the source card's change to `batch` (takeFromCard), written with the
   * new card in one batch. A refusal posts nothing.
   */
  claim?(declaration: any, attacker: Actor.Implementation, defender: Actor.Implementation, batch: WriteBatch): Promise<Outcome<true>>;
}

export interface CardView {
  readonly id: string;
  readonly kind: string;
  readonly state: CardState;
  readonly attacker: Actor.Implementation | null;
  readonly defender: Actor.Implementation | null;
  readonly combatId: string;
  readonly declaration: any;
  readonly answer: any;
  readonly result: any;
  /** Which of its choices a fighting style made (post, answer, apply → the style's name key). */
  readonly byStyle?: Readonly<Record<string, string>>;
}

const kinds = new Map<string, CardKind>();

interface MachineCombat {
  readonly combatants: { contents: { id: string | null; actorId: string | null; tokenId?: string | null; actor?: unknown; token?: unknown; name?: string | null }[]; get(id: string): { readonly name?: string | null } | undefined };
  readonly structure?: { machine: { apply(state: unknown, command: TimeCommand, now?: FightNow): Outcome<{ state: unknown }> } };
  readonly machineState?: unknown;
  fightNow?(): FightNow;
  isMember?(combatantId: string): boolean;
  outOfAction?(combatantId: string): OutOfAction | null;
}

/**
 * The fighter's combatant in that fight, as the fight counts it: once the fight
 * runs, only a combatant in its order (a defeated one, one out of action or one
 * not yet joined is outside it, as a token outside the encounter is).
 */
export function combatantFor(combatId: string, actor: Actor.Implementation | null): string | null {
  const combat = combatId ? (game.combats?.get(combatId) as MachineCombat | undefined) : undefined;
  const id = combatantOf(combat, actor)?.id ?? null;
  return id && combat?.machineState && combat.isMember && !combat.isMember(id) ? null : id;
}

/**
 * Issue 31: a fighter of a running fight who is not in its order (out of action,
 * defeated, or not yet joined) may not act in it: refused with why, never half
 * accepted (a card drawing on a pool or turn the fight does not track).
 */
function outsideTheOrder(combat: MachineCombat | undefined, actor: Actor.Implementation): Outcome<true> {
  const combatant = combatantOf(combat, actor);
  if (!combat?.machineState || !combatant?.id || !combat.isMember || combat.isMember(combatant.id)) return ok(true);
  const name = fighterName(actor);
  // Why, as the tracker says it (the engine's one order of reasons).
  const why = whyOutside({ defeated: Boolean((combatant as { isDefeated?: boolean }).isDefeated), outOfAction: combat.outOfAction?.(combatant.id) ?? null });
  if (why.kind === "defeated") return refuse("card.defeated", "BOUT.Card.Refusal.Defeated", { name });
  if (why.kind === "outOfAction") return refuse("card.outOfAction", "BOUT.Card.Refusal.OutOfAction", { name, why: game.i18n!.localize(why.why.key) });
  return refuse("card.notInOrder", "BOUT.Card.Refusal.NotInOrder", { name });
}

/** The encounter a fighter fights in (a started one first, then the active one), or "" when it is in none. */
export function fightOf(actor: Actor.Implementation): string {
  const mine = (game.combats?.contents ?? []).filter((c) => combatantOf(c as MachineCombat, actor) || ambiguousIn(c as MachineCombat, actor));
  const rank = (c: { started: boolean; active: boolean }) => (c.started ? 2 : 0) + (c.active ? 1 : 0);
  return mine.sort((a, b) => rank(b) - rank(a))[0]?.id ?? "";
}

/** The running fight's machine state, for reading (surprise, penalties) before any write. */
export function machineStateOf<S>(combatId: string, structure: string): S | null {
  const combat = combatId ? (game.combats?.get(combatId) as { boutSystem?: { structure: string }; machineState?: unknown } | undefined) : undefined;
  return combat?.boutSystem?.structure === structure ? ((combat.machineState as S) ?? null) : null;
}

/** Would these commands pass the fight's rules now? Checked before any dice roll; nothing is written. */
export function dryRun(combatId: string, commands: readonly TimeCommand[]): Outcome<true> {
  const combat = combatId ? (game.combats?.get(combatId) as MachineCombat | undefined) : undefined;
  let state = combat?.machineState;
  if (!combat?.structure || !state) return ok(true);
  for (const command of commands) {
    const r = combat.structure.machine.apply(state, command, combat.fightNow?.());
    if (!r.ok) return namedRefusal(combat, r);
    state = r.value.state;
  }
  return ok(true);
}

/** Engine events name fighters by ref (or an actor's id); a card names them as the table knows them ("Wolf (2)"). */
export function withNames(events: readonly EngineEvent[], actors: readonly (Actor.Implementation | null)[]): EngineEvent[] {
  const present = actors.filter((a): a is Actor.Implementation => Boolean(a));
  const names = new Map<string, string>([...present.map((a) => [a.id!, fighterName(a)] as const), ...present.map((a) => [fighterRef(a), fighterName(a)] as const)]);
  return events.map((e) => ({ ...e, data: Object.fromEntries(Object.entries(e.data).map(([k, v]) => [k, typeof v === "string" && names.has(v) ? names.get(v)! : v])) }));
}

/** Is a raw figure set to anything but its neutral value (absent, 0, false, empty)? Junk counts as set. */
export const isSet = (value: unknown): boolean => !(value === undefined || value === null || value === 0 || value === false || value === "");

/** The GM's figures a raw request sets, named for a notice; "" when none. */
function gmFiguresSet(list: ((raw: any) => readonly string[]) | undefined, raw: unknown): string {
  if (!list) return "";
  const keys = list(raw && typeof raw === "object" ? raw : {});
  return keys.map((k) => game.i18n!.localize(k)).join(", ");
}

export function registerCardKind(kind: string, definition: CardKind): void {
  kinds.set(kind, definition);
}

/** The names of every registered card kind, for a test that each has a screenshot. */
export function registeredCardKinds(): string[] {
  return [...kinds.keys()];
}

const parse = (text: string) => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};

/**
 * A card is a message of our type written by a GM user: any player may create a
 * message of any registered type as herself, so one she wrote is only text.
 */
export function isCard(message: ChatMessage.Implementation): boolean {
  return message.type === "card" && Boolean((message.author as User.Implementation | null)?.isGM);
}

export function cardView(message: ChatMessage.Implementation): CardView | null {
  if (!isCard(message)) return null;
  const s = message.system as unknown as { kind: string; state: CardState; attackerId: string; defenderId: string; attackerUuid?: string; defenderUuid?: string; combatId: string; declaration: string; answer: string; result: string; byStyle?: string };
  return {
    id: message.id!,
    kind: s.kind,
    state: s.state,
    // A card names its fighters by uuid (an unlinked token's own actor); a card written before that, by world actor id.
    attacker: fighterFrom(s.attackerUuid || s.attackerId),
    defender: fighterFrom(s.defenderUuid || s.defenderId),
    combatId: s.combatId,
    declaration: parse(s.declaration),
    answer: parse(s.answer),
    result: parse(s.result),
    byStyle: styleMarks(s.byStyle),
  };
}

/** A card's style marks as stored (JSON text of name keys), read: strings only. */
function styleMarks(text: unknown): Record<string, string> {
  const raw = typeof text === "string" ? parse(text) : null;
  if (!raw || typeof raw !== "object") return {};
  return Object.fromEntries(Object.entries(raw as Record<string, unknown>).filter((e): e is [string, string] => ["post", "answer", "apply"].includes(e[0]) && typeof e[1] === "string"));
}

/** The stored marks with one more choice a style made (`key`: the style's name key). */
const markedBy = (card: Pick<CardView, "byStyle">, step: "post" | "answer" | "apply", key: string) => JSON.stringify({ ...(card.byStyle ?? {}), [step]: key });

type Formatter = Parameters<typeof resultCardContext>[1];

/** One roll's dice as stored on a card: faces, values and the engine's mark for each (older cards have none). */
export type CardDice = DiceDraw;

/** The card's HTML for a state: the declaration, the buttons that state allows, the result lines. */
export async function renderCard(card: Omit<CardView, "id">, i18n: Formatter = game.i18n!): Promise<string> {
  const kind = kinds.get(card.kind);
  const names = { attacker: fighterName(card.attacker), defender: fighterName(card.defender) };
  const result = card.result as { outcome?: "success" | "failure" | "neutral"; events?: EngineEvent[]; lookups?: string[]; headline?: Headline; appliedBy?: string; appliedByGM?: boolean; dice?: CardDice[]; unsaved?: Partial<UnsavedNote> } | null;
  const offered = card.state === "resolved" || card.state === "applied" ? (kind?.followUps?.({ ...card, id: "" }) ?? []) : [];
  const followUps = offered.map((f) => ({
    id: f.id,
    actorId: f.actorId,
    label: i18n.format(f.label, Object.fromEntries(Object.entries(f.data ?? {}).map(([k, v]) => [k, i18n.localize(String(v))]))),
  }));
  const answerable = card.state === "waiting" && !kind?.unanswered?.(card.declaration);
  const outcome = result?.outcome ?? "neutral";
  const tone = result ? outcome : "waiting";
  const declared = resultCardContext({ title: "", outcome: "neutral", events: kind ? kind.describe(card.declaration) : [] }, i18n).lines;
  const resolvedLines = result ? resultCardContext({ title: "", outcome, events: result.events ?? [], lookups: result.lookups }, i18n).lines : [];
  const self = Boolean(kind?.self) || (card.attacker?.uuid !== undefined && card.attacker?.uuid === card.defender?.uuid);
  const context = {
    followUps,
    offerer: offered[0] ? fighterName(fighterFrom(offered[0].actorId)) : "",
    state: card.state,
    answerable,
    title: kind ? i18n.format(kind.title, names) : card.kind,
    ...toneView(tone, i18n),
    headline: result
      ? headlineText(result.headline, outcome, names, result.lookups ?? [], i18n)
      : i18n.format(answerable ? "BOUT.Card.Waiting" : "BOUT.Card.Rolling", names),
    portraits: [
      { name: names.attacker, img: fighterImage(card.attacker), side: "attacker" },
      ...(self ? [] : [{ name: names.defender, img: fighterImage(card.defender), side: "defender" }]),
    ].filter((p) => p.img),
    // The dice as dice: each roll's faces, grouped by roll (a stress chain as one), each named by whose and what for.
    dice: diceGroups(Array.isArray(result?.dice) ? result.dice : [], i18n, result?.lookups ?? []),
    answerLabel: i18n.localize(kind?.answer ?? "BOUT.Card.Defend"),
    // One numbered list: what was declared, then each step of the result.
    lines: [...declared, ...resolvedLines],
    // While the card waits, its declaration is what the defender reads: open.
    open: card.state === "waiting",
    waiting: card.state === "waiting",
    resolved: card.state === "resolved",
    // Dice So Nice may hold back any outcome until its dice land (src/table/dice-landing.ts), a card done as it resolved too.
    landing: card.state !== "waiting" && Boolean(result),
    // A card whose result changes nothing is done as it resolves: no Apply, no "Applied" line.
    applied: card.state === "applied" && !changesNothing(result),
    // What a fighting style chose for the GM, said on the card ("Wolf answers by style: Cautious").
    styleMarks: (["post", "answer"] as const).filter((step) => card.byStyle?.[step]).map((step) => i18n.format(`BOUT.Card.ByStyle.${step}`, { name: step === "post" ? names.attacker : names.defender, style: i18n.localize(card.byStyle![step]!) })),
    appliedBy: card.byStyle?.apply ? i18n.format("BOUT.Card.ByStyle.apply", { style: i18n.localize(card.byStyle.apply) }) : result?.appliedByGM ? i18n.localize("BOUT.Card.AppliedByGM") : result?.appliedBy ? i18n.format("BOUT.Card.AppliedBy", { name: String(result.appliedBy) }) : i18n.localize("BOUT.Card.Applied"),
    // A decision not saved in full says so on its card: what is missing, and who makes it (Apply again, or the GM by hand).
    unsaved: typeof result?.unsaved?.text === "string" && card.state !== "applied" ? i18n.format(result.unsaved.byHand ? "BOUT.Write.Card.ByHand" : "BOUT.Write.Card.ApplyAgain", { missing: result.unsaved.text }) : "",
    defender: names.defender,
  };
  await loadCardPartials();
  return foundry.applications.handlebars.renderTemplate(CARD_TEMPLATE, context);
}

/**
 * Posts a card. The active GM writes it (players and any other GM ask the
 * active GM, who checks that a player owns the attacker), so no player can edit
 * a card or its result afterwards, and every card goes through one queue.
 */
export async function postCard(kind: string, attacker: Actor.Implementation, defender: Actor.Implementation, declaration: unknown, combatId = ""): Promise<Outcome<unknown>> {
  let outcome: Outcome<unknown>;
  const fighters = { attacker: fighterRef(attacker), defender: fighterRef(defender) };
  // The poster's chat visibility (the roll mode they chose in the chat log) travels with the request.
  const rollMode = posterRollMode();
  if (game.user?.isActiveGM) outcome = await createCard({ kind, ...fighters, declaration, combatId, rollMode }, null, true);
  else outcome = await askGM("postCard", { kind, ...fighters, declaration, combatId, rollMode });
  if (!outcome.ok) notifyRefusal(outcome.refusal);
  return outcome;
}

interface PostRequest {
  kind?: unknown;
  /** Fighter refs (actor uuids); a bare actor id names the world actor. */
  attacker?: unknown;
  defender?: unknown;
  attackerId?: unknown;
  defenderId?: unknown;
  declaration?: unknown;
  combatId?: unknown;
  /** The poster's roll mode (v13 names); anything else is a public card. */
  rollMode?: unknown;
}

const ROLL_MODES = ["publicroll", "gmroll", "blindroll", "selfroll"] as const;
type RollMode = (typeof ROLL_MODES)[number];
/** v14 renamed the chat modes; a card keeps the v13 names. */
const FROM_MESSAGE_MODE: Record<string, RollMode> = { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll" };

/** This user's roll mode, as chosen in the chat log (v13 `rollMode`, v14 `messageMode`). */
function posterRollMode(): RollMode {
  const option = messageModeOption();
  const mode = option.rollMode ?? FROM_MESSAGE_MODE[option.messageMode ?? ""] ?? "publicroll";
  return (ROLL_MODES as readonly string[]).includes(mode) ? (mode as RollMode) : "publicroll";
}

/**
 * Who sees a card posted in a roll mode. Public: everyone. Any private mode
 * (GM, blind, self) whispers it to the GMs and the owners of both fighters: the
 * defender's owner must read it to answer, and the card is the GM's message, so
 * core's "self" (the author only) would hide it from its own poster. Blind marks
 * it blind, as core does. An unknown mode is public.
 */
export function cardVisibility(rollMode: unknown, fighters: readonly (Actor.Implementation | null)[], users: readonly User.Implementation[] = game.users?.contents ?? []): { whisper: string[]; blind: boolean } {
  const mode = (ROLL_MODES as readonly unknown[]).includes(rollMode) ? (rollMode as RollMode) : "publicroll";
  if (mode === "publicroll") return { whisper: [], blind: false };
  const concerned = users.filter((u) => u.isGM || fighters.some((a) => a?.testUserPermission(u, "OWNER")));
  return { whisper: concerned.map((u) => u.id!), blind: mode === "blindroll" };
}

/** GM: check the request against the documents and write the card; `from`: the user who asks (null: this GM). */
async function createCard(request: PostRequest, from: User.Implementation | null, trusted: boolean, byStyle?: string): Promise<Outcome<unknown>> {
  const kind = typeof request.kind === "string" ? kinds.get(request.kind) : undefined;
  if (!kind) return refuse("card.unknownKind", "BOUT.Card.Refusal.Unknown");
  const named = { attacker: fighterFrom(request.attacker ?? request.attackerId), defender: fighterFrom(request.defender ?? request.defenderId) };
  if (!named.attacker || !named.defender) return refuse("card.unknownActor", "BOUT.Card.Refusal.UnknownActor");
  let attacker = named.attacker;
  let defender = named.defender;
  if (!trusted && !checkGrant(attacker, from)) return refuse("card.notYours", "BOUT.Card.Refusal.NotYourAttacker");
  if (kind.gmOnly && !trusted) return refuse("card.gmOnly", "BOUT.Card.Refusal.GmOnly");
  // Only a GM sets the GM's figures (another GM asking the active GM is trusted as a GM).
  if (!trusted && !from?.isGM) {
    const named = gmFiguresSet(kind.gmFigures, request.declaration);
    if (named) return refuse("card.gmFigures", "BOUT.Card.Refusal.GmFigures", { figures: named });
  }
  // A check a fighter makes on themself is the one card with the same actor on both sides.
  if ((attacker.uuid === defender.uuid) !== Boolean(kind.self)) return refuse("card.self", "BOUT.Card.Refusal.Self");
  // The fight is the attacker's own, never the request's word: naming another (or none) skips no turn, pool or phase check.
  const fight = fightOf(attacker);
  if (typeof request.combatId === "string" && request.combatId && request.combatId !== fight) return refuse("card.wrongFight", "BOUT.Card.Refusal.WrongFight");
  const combatId = fight;
  // In a fight, each fighter is its combatant's: a world actor with several tokens there names none of them.
  const combat = combatId ? (game.combats?.get(combatId) as MachineCombat | undefined) : undefined;
  if (ambiguousIn(combat, attacker) || ambiguousIn(combat, defender)) return refuse("card.whichToken", "BOUT.Card.Refusal.WhichToken");
  attacker = actingFighter(combat, attacker);
  defender = actingFighter(combat, defender);
  // The fighter acted for is the token's own actor, whose owners the GM may have changed: the sender must own that one.
  if (!trusted && !checkGrant(attacker, from)) return refuse("card.notYours", "BOUT.Card.Refusal.NotYourAttacker");
  const inOrder = kind.anyState ? ok(true) : outsideTheOrder(combat, attacker);
  if (!inOrder.ok) return inOrder;
  const prepared = kind.prepare(request.declaration, attacker, defender, combatId);
  if (!prepared.ok) return prepared;
  // Posting, and resolving a card nobody answers, in the queues of both fighters, their fight and the card it takes an offer from.
  const source = kind.claimsFrom?.(prepared.value);
  return queued([attacker, defender, combatDocument(combatId), source ? `ChatMessage.${source}` : null], async (lease) => {
    // Ownership taken away while the request waited in the queue counts.
    if (!trusted && !checkGrant(attacker, from)) return refuse("card.notYours", "BOUT.Card.Refusal.NotYourAttacker");
    // Checked again from the documents as they are now: a spend or a claim that landed meanwhile counts.
    const stillIn = kind.anyState ? ok(true) : outsideTheOrder(combat, attacker);
    if (!stillIn.ok) return stillIn;
    const declaration = kind.prepare(request.declaration, attacker, defender, combatId);
    if (!declaration.ok) return declaration;
    const batch = new WriteBatch();
    // What the card takes from another card is written with it: one request on v14, never a taken offer without its card.
    if (kind.claim) {
      const claimed = await kind.claim(declaration.value, attacker, defender, batch);
      if (!claimed.ok) return claimed;
    }
    // The card is the post's mark: created first, so a failed spend after it never leaves a spend without its card.
    const gathered = await cardIntoBatch(batch, lease, request.kind as string, kind, attacker, defender, declaration.value, combatId, request.rollMode, { lock: true }, byStyle);
    if (!gathered.ok) return gathered;
    const committed = await batch.commit();
    // Not all saved: the GM is told what is missing (nothing at all when the card itself was refused).
    return committed.complete ? ok(true) : notSaved(aftermathOf("Post", committed), committed);
  });
}

/**
 * GM, holding the card's fighters and fight (or the fight alone, for a card its
 * step calls for): the card's creation added to `batch`, already resolved when
 * nobody answers it (with its fight's commands), so it is created once.
 */
async function cardIntoBatch(batch: WriteBatch, lease: Lease | undefined, kindId: string, kind: CardKind, attacker: Actor.Implementation, defender: Actor.Implementation, declaration: unknown, combatId: string, rollMode: unknown, place: { lock?: boolean } = {}, byStyle?: string): Promise<Outcome<true>> {
  const marks: Record<string, string> = byStyle ? { post: byStyle } : {};
  const view = { kind: kindId, state: "waiting" as const, attacker, defender, combatId, declaration, answer: null, result: null, byStyle: marks };
  const data = {
    type: "card",
    speaker: speakerFor(attacker),
    ...cardVisibility(rollMode, [attacker, defender]),
    system: { kind: kindId, state: "waiting", attackerId: attacker.id, defenderId: defender.id, attackerUuid: attacker.uuid, defenderUuid: defender.uuid, combatId, declaration: JSON.stringify(declaration), answer: "", result: "", byStyle: byStyle ? JSON.stringify(marks) : "" },
  };
  if (kind.unanswered?.(declaration)) {
    // Nobody answers it: resolved before it is written, so it is created once, already resolved (and its fight's commands go with it).
    const id = foundry.utils.randomID();
    const resolved = await resolution(kind, { ...view, id }, null, [], lease, batch);
    if (!resolved.ok) return resolved;
    batch.create(null, "ChatMessage", [{ ...data, _id: id, content: resolved.value.content, rolls: resolved.value.rolls, system: { ...data.system, ...resolved.value.system } }], { keepId: true }, place);
  } else batch.create(null, "ChatMessage", [{ ...data, content: await renderCard(view) }], {}, place);
  return ok(true);
}

/**
 * Active GM, inside the fight's queue as a step is worked out: a card the step
 * calls for (steel's Blood Loss roll at a new round), checked as a posted card
 * is and added to the step's batch, so the step and its cards are one write
 * (v14) or one fight update and one create of all the cards (v13). The poster
 * is this GM (its chat visibility); the fight is `combatId`, the fighter's own.
 */
export async function gatherCard(batch: WriteBatch, lease: Lease | undefined, kindId: string, attacker: Actor.Implementation, defender: Actor.Implementation, declaration: unknown, combatId: string): Promise<Outcome<true>> {
  const kind = kinds.get(kindId);
  if (!kind) return refuse("card.unknownKind", "BOUT.Card.Refusal.Unknown");
  if ((attacker.uuid === defender.uuid) !== Boolean(kind.self)) return refuse("card.self", "BOUT.Card.Refusal.Self");
  const prepared = kind.prepare(declaration, attacker, defender, combatId);
  if (!prepared.ok) return prepared;
  return cardIntoBatch(batch, lease, kindId, kind, attacker, defender, prepared.value, combatId, posterRollMode());
}

/** The fight a card belongs to, as a document (null outside a fight). */
function combatDocument(combatId: string): Combat.Implementation | null {
  return (combatId ? (game.combats?.get(combatId) as Combat.Implementation | undefined) : undefined) ?? null;
}

/** The documents resolving a card reads to write: the card, its fighters and its fight. */
function resolveKeys(messageId: string): DocumentKey[] {
  const message = game.messages!.get(messageId) as ChatMessage.Implementation | undefined;
  const card = message ? cardView(message) : null;
  return [message ?? `ChatMessage.${messageId}`, card?.attacker, card?.defender, card ? combatDocument(card.combatId) : null];
}

/** The documents applying a card writes: the card and every actor its result changes. */
function applyKeys(messageId: string): DocumentKey[] {
  const message = game.messages!.get(messageId) as ChatMessage.Implementation | undefined;
  const card = message ? cardView(message) : null;
  const result = (card?.result ?? {}) as Record<string, unknown>;
  const named = ["updates", "itemUpdates", "itemDeletes", "statuses"].flatMap((field) => {
    const changes = result[field];
    return changes && typeof changes === "object" ? Object.keys(changes) : [];
  });
  return [message ?? `ChatMessage.${messageId}`, ...named.map((id) => cardActor(id))];
}

/** A fighter a card's result names (an unlinked token's own actor by its uuid). */
function cardActor(id: string): Actor.Implementation | undefined {
  return fighterFrom(id) ?? undefined;
}

/** GM: resolve a waiting card with the defender's answer, in the queues of the card, its fighters and its fight. */
function resolveCard(messageId: string, answer: unknown, from: User.Implementation | null, trusted: boolean, byStyle?: string): Promise<Outcome<unknown>> {
  return queuedFor(
    () => resolveKeys(messageId),
    (lease) => resolveInQueue(messageId, answer, from, trusted, lease, byStyle),
  );
}

/** GM, holding the card's fight: resolve it. The card (its result and rolls) and the fight (its commands) are written in one batch: one request on v14, two on v13. */
async function resolveInQueue(messageId: string, answer: unknown, from: User.Implementation | null, trusted: boolean, lease: Lease, byStyle?: string): Promise<Outcome<unknown>> {
  const message = game.messages!.get(messageId) as ChatMessage.Implementation | undefined;
  const card = message ? cardView(message) : null;
  if (!message || !card) return refuse("card.unknown", "BOUT.Card.Refusal.Unknown");
  if (card.state !== "waiting") return refuse("card.answered", "BOUT.Card.Refusal.Answered");
  if (!mayPress("defend", { gm: trusted, ownsAttacker: false, ownsDefender: checkGrant(card.defender, from) })) return refuse("card.notYours", "BOUT.Card.Refusal.NotYours");
  const kind = kinds.get(card.kind);
  if (!kind) return refuse("card.unknownKind", "BOUT.Card.Refusal.Unknown");
  // The attacker fell out of the fight's order since the card was posted (knocked out, defeated): the blow never comes.
  const attackerIn = card.attacker && !kind.anyState ? outsideTheOrder(combatDocument(card.combatId) as MachineCombat | undefined, card.attacker) : ok(true);
  if (!attackerIn.ok) return attackerIn;
  if (!trusted && !from?.isGM) {
    const named = gmFiguresSet(kind.gmAnswerFigures, answer);
    if (named) return refuse("card.gmFigures", "BOUT.Card.Refusal.GmFigures", { figures: named });
  }
  const batch = new WriteBatch();
  const marked = byStyle ? { ...card, byStyle: JSON.parse(markedBy(card, "answer", byStyle)) as Record<string, string> } : card;
  const resolved = await resolution(kind, marked, answer, (message as { rolls: Roll[] }).rolls ?? [], lease, batch);
  if (!resolved.ok) return resolved;
  // The card's "resolved" is the answer's mark: written first, so it can never be answered twice.
  batch.update(message, { content: resolved.value.content, rolls: resolved.value.rolls, ...Object.fromEntries(Object.entries(resolved.value.system).map(([k, v]) => [`system.${k}`, v])), ...(byStyle ? { "system.byStyle": markedBy(card, "answer", byStyle) } : {}) }, {}, { lock: true });
  const committed = await batch.commit();
  if (committed.complete) return ok(true);
  // The card itself not answered: it still waits, as it was. Answered, with a change after it not
  // saved (the fight's): the dice have spoken, so it stays answered and says what the GM must make by hand.
  if (committed.marked) await sayUnsaved(message, { ...marked, state: "resolved", answer }, JSON.parse(resolved.value.system.result) as Record<string, unknown>, committed, true);
  return notSaved(aftermathOf("Answer", committed), committed);
}

/** What a card keeps of a decision not saved in full: the words, and whether Apply makes the rest (else the GM, by hand). */
interface UnsavedNote {
  readonly text: string;
  readonly byHand: boolean;
}

/** The card written again saying what was not saved (`result` is what it then holds); did that write land? */
async function sayUnsaved(message: ChatMessage.Implementation, card: Omit<CardView, "result">, result: Record<string, unknown>, committed: Committed, byHand: boolean): Promise<boolean> {
  const unsaved: UnsavedNote = { text: unsavedText(committed), byHand };
  const noted = { ...result, unsaved };
  const content = await renderCard({ ...card, result: noted });
  const written = await writeOne(message, { content, "system.state": card.state, "system.result": JSON.stringify(noted) });
  return written.complete;
}

/** What a resolved card holds: its HTML, every roll on it, and its stored fields ("applied" at once when it changes nothing). */
interface Resolved {
  readonly content: string;
  readonly rolls: string[];
  readonly system: { readonly state: "resolved" | "applied"; readonly answer: string; readonly result: string };
}

/**
 * GM, holding the card's fighters and fight: resolve the card with the engine.
 * The fight's commands go into `batch` (checked against its state now); the
 * card's own write is the caller's, to a card that exists or one not yet created.
 */
async function resolution(kind: CardKind, card: CardView, answer: unknown, earlier: readonly Roll[], lease: Lease | undefined, batch: WriteBatch): Promise<Outcome<Resolved>> {
  const resolved = await kind.resolve(card, answer);
  if (!resolved.ok) return resolved;
  const r = resolved.value;
  const combat = combatDocument(card.combatId) as { applyCommands?(c: readonly TimeCommand[], lease?: Lease, batch?: WriteBatch): Promise<Outcome<unknown>> } | null;
  if (combat?.applyCommands && r.combatCommands?.length) {
    // Inside the fight's queue: the commands apply to its state as it is now, written with the card.
    const applied = await combat.applyCommands(r.combatCommands, lease, batch);
    if (!applied.ok) return applied;
  }
  // Ids kept: a card's result may name a message posted with it (the whisper keeping a knockout's minutes).
  if (r.messages?.length) batch.create(null, "ChatMessage", r.messages, { keepId: true });
  const dice = diceOf(r.rolls);
  const result = { outcome: r.outcome, events: r.events, updates: r.updates, lookups: r.lookups ?? [], ...(r.headline ? { headline: r.headline } : {}), ...(dice.length ? { dice } : {}), ...(r.itemUpdates ? { itemUpdates: r.itemUpdates } : {}), ...(r.itemDeletes ? { itemDeletes: r.itemDeletes } : {}), ...(r.statuses ? { statuses: r.statuses } : {}), ...(r.data ? { data: r.data } : {}) };
  // Nothing to apply: the card is done as it resolves, and waits for no Apply.
  const state = changesNothing(result) ? "applied" : "resolved";
  const content = await renderCard({ ...card, state, answer, result });
  const rolls = [...earlier, ...r.rolls].map((x) => JSON.stringify(x));
  return ok({ content, rolls, system: { state, answer: JSON.stringify(answer ?? null), result: JSON.stringify(result) } });
}

/**
 * The faces each roll showed, by die size, as the card shows them (the rolls
 * themselves ride on the message), with the marks the engine gave each die and
 * whose dice they were and what for (put on the roll by ../dice/foundry-dice.ts,
 * the fighter named here as the table knows them); the card decides none of them.
 */
function diceOf(rolls: readonly Roll[]): CardDice[] {
  return namedDraws(
    rolls.flatMap((roll) => {
      const r = roll as { dice?: { faces?: number; results?: { result: number; active?: boolean }[] }[]; options?: Record<string, unknown> };
      const marks = r.options?.[MARKS_OPTION];
      const label = r.options?.[LABEL_OPTION] as DrawLabel | undefined;
      return (r.dice ?? [])
        .map((t, i) => ({ faces: Number(t.faces ?? 0), results: (t.results ?? []).filter((x) => x.active !== false).map((x) => x.result), ...(i === 0 && Array.isArray(marks) ? { marks: marks as MarkedFace[] } : {}), ...(i === 0 && label && typeof label === "object" ? { label } : {}) }))
        .filter((d) => d.faces > 0 && d.results.length > 0);
    }),
  );
}

/** A change relative to the figure when it is applied, so two cards resolved before either applies both count. */
export interface Delta {
  readonly $delta: number;
  readonly min?: number;
  readonly max?: number;
}

export const delta = (by: number, min?: number, max?: number): Delta => ({ $delta: by, ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) });

function settle(doc: object, update: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(update)) {
    if (value && typeof value === "object" && "$delta" in value) {
      const d = value as Delta;
      const now = Number(foundry.utils.getProperty(doc, path) ?? 0);
      out[path] = Math.min(d.max ?? Infinity, Math.max(d.min ?? -Infinity, now + d.$delta));
    } else out[path] = value;
  }
  return out;
}

/** GM: apply a resolved card's changes once, in the queues of the card and every actor it changes. */
function applyCard(messageId: string, from: User.Implementation | null, trusted: boolean, byStyle?: string): Promise<Outcome<unknown>> {
  return queuedFor(
    () => applyKeys(messageId),
    () => applyInQueue(messageId, from, trusted, byStyle),
  );
}

/** GM, holding the card and its actors: each `$delta` is settled against the figure now, so nothing applied meanwhile is lost. */
async function applyInQueue(messageId: string, from: User.Implementation | null, trusted: boolean, byStyle?: string): Promise<Outcome<unknown>> {
  const message = game.messages!.get(messageId) as ChatMessage.Implementation | undefined;
  const card = message ? cardView(message) : null;
  if (!message || !card) return refuse("card.unknown", "BOUT.Card.Refusal.Unknown");
  if (!mayPress("apply", { gm: trusted, ownsAttacker: checkGrant(card.attacker, from), ownsDefender: checkGrant(card.defender, from) })) return refuse("card.notYours", "BOUT.Card.Refusal.NotOnCard");
  if (card.state === "applied") return refuse("card.applied", "BOUT.Card.Refusal.Applied");
  if (card.state !== "resolved") return refuse("card.notResolved", "BOUT.Card.Refusal.NotResolved");
  // Every change of the card gathered into one batch, settled against the documents as they are now.
  // Each change tagged with the part of the card's result it comes from, to keep what is not saved.
  const batch = new WriteBatch();
  for (const [actorId, update] of Object.entries<Record<string, unknown>>(card.result?.updates ?? {})) {
    const actor = cardActor(actorId);
    if (actor && update && typeof update === "object") batch.update(actor, settle(actor, update), {}, { tag: { field: "updates", ref: actorId } satisfies CardPart });
  }
  for (const [actorId, changes] of Object.entries<ItemChange[]>(card.result?.itemUpdates ?? {})) {
    const actor = cardActor(actorId);
    // An item gone since the card was resolved is skipped, not an error.
    for (const c of Array.isArray(changes) ? changes : []) {
      const item = typeof c?._id === "string" ? actor?.items.get(c._id) : undefined;
      if (actor && item) batch.updateIn(actor, "Item", [{ ...settle(item, c), _id: c._id }], {}, { tag: { field: "itemUpdates", ref: actorId, id: c._id } satisfies CardPart });
    }
  }
  for (const [actorId, ids] of Object.entries<string[]>(card.result?.itemDeletes ?? {})) {
    const actor = cardActor(actorId);
    // Only items still there; an item already gone is not an error.
    for (const id of Array.isArray(ids) ? ids : []) if (actor && typeof id === "string" && actor.items.get(id)) batch.deleteIn(actor, "Item", [id], {}, { tag: { field: "itemDeletes", ref: actorId, id } satisfies CardPart });
  }
  for (const [actorId, changes] of Object.entries<(StatusChange | string)[]>(card.result?.statuses ?? {})) {
    const actor = cardActor(actorId);
    const wanted = (Array.isArray(changes) ? changes : []).flatMap((raw) => {
      const c: Partial<StatusChange> | undefined = typeof raw === "string" ? { id: raw, active: true } : raw;
      const secret = typeof c?.secretFrom === "string" ? c.secretFrom : undefined;
      const secs = secret ? secretSeconds(secret) : c?.seconds;
      const seconds = typeof secs === "number" && Number.isInteger(secs) && secs > 0 ? { seconds: secs, ...(secret ? { secretFrom: secret } : {}) } : {};
      return typeof c?.id === "string" ? [{ id: c.id, active: c.active === true, ...seconds }] : [];
    });
    if (actor) await gatherStatuses(batch, actor, wanted, { field: "statuses", ref: actorId } satisfies CardPart);
  }
  // Who applied it, named on the card ("Applied by the GM"): the asking user, or this GM. A note of an earlier part not saved goes.
  const by = from ?? game.user;
  const { unsaved: _earlier, ...kept } = (card.result ?? {}) as Record<string, unknown>;
  const result = { ...kept, appliedBy: by?.isGM ? "" : (by?.name ?? ""), appliedByGM: Boolean(by?.isGM) };
  const marks = byStyle ? markedBy(card, "apply", byStyle) : null;
  const content = await renderCard({ ...card, state: "applied", result, ...(marks ? { byStyle: JSON.parse(marks) as Record<string, string> } : {}) });
  // The card's "applied" is the lock: written first, so a failure after it can never let the card apply twice.
  batch.update(message, { content, "system.state": "applied", "system.result": JSON.stringify(result), ...(marks ? { "system.byStyle": marks } : {}) }, {}, { lock: true });
  const committed = await batch.commit();
  if (committed.complete) return ok(true);
  // The mark not saved (v13: nothing else was sent; v14: the batch is all or none): the card is as it was, still appliable.
  if (!committed.marked) return notSaved(aftermathOf("Apply", committed), committed);
  // Marked applied, and a change after it not saved. Why mark first and write back, rather than mark
  // last: v13 has no atomic batch, and a card whose mark failed after its changes had landed would
  // apply them all twice when pressed again. So the card goes back to appliable holding only what
  // was not saved (each $delta still relative, settled when applied): Apply again makes that alone.
  const left = leftToApply((card.result ?? {}) as Record<string, unknown>, unsavedTags<CardPart>(committed.unsaved));
  const noted = await sayUnsaved(message, { ...card, state: "resolved" }, left, committed, false);
  return notSaved(noted ? "Apply.Partly" : "Apply.Stuck", committed);
}

/** The seconds a GM's whisper keeps for a condition (a pulse knockout's secret minutes); none from a player's message. */
function secretSeconds(messageId: string): number | undefined {
  const message = game.messages!.get(messageId) as ChatMessage.Implementation | undefined;
  if (!(message?.author as User.Implementation | null)?.isGM) return undefined;
  const seconds = (message!.flags as Record<string, Record<string, unknown> | undefined>)[SYSTEM_ID]?.seconds;
  return typeof seconds === "number" ? seconds : undefined;
}

/** The part of a card's result one applied change comes from (a fighter's figures, one item, its conditions). */
interface CardPart {
  readonly field: "updates" | "itemUpdates" | "itemDeletes" | "statuses";
  readonly ref: string;
  readonly id?: string;
}

/** A card's result with only the changes of these parts left to apply (everything else it holds kept as it was). */
function leftToApply(result: Record<string, unknown>, parts: readonly CardPart[]): Record<string, unknown> {
  const has = (field: CardPart["field"], ref: string, id?: string) => parts.some((p) => p.field === field && p.ref === ref && (id === undefined || p.id === id));
  const byRef = <V>(field: CardPart["field"], pick: (ref: string, value: V) => V | null) =>
    Object.fromEntries(
      Object.entries((result[field] ?? {}) as Record<string, V>).flatMap(([ref, value]) => {
        const kept = has(field, ref) ? pick(ref, value) : null;
        return kept === null ? [] : [[ref, kept]];
      }),
    );
  return {
    ...result,
    updates: byRef<Record<string, unknown>>("updates", (_ref, v) => v),
    itemUpdates: byRef<ItemChange[]>("itemUpdates", (ref, v) => (Array.isArray(v) ? v.filter((c) => has("itemUpdates", ref, c?._id)) : [])),
    itemDeletes: byRef<string[]>("itemDeletes", (ref, v) => (Array.isArray(v) ? v.filter((id) => has("itemDeletes", ref, id)) : [])),
    statuses: byRef<unknown[]>("statuses", (_ref, v) => v),
  };
}

/**
 * The world's "apply results automatically" (off unless the GM turns it on): a
 * card that resolves with something to apply and leaves nobody a choice (no
 * follow-up offered) is applied on the active GM's client, as the GM's own
 * Apply: the same queue and batch (applyInQueue), which applies a card once.
 * Read from the card as the active GM's client has it; a card is only ever a
 * GM's message, so a player cannot make one apply itself.
 */
function autoApply(message: ChatMessage.Implementation): void {
  if (!game.user?.isActiveGM || !tableSwitch("autoApply")) return;
  const card = cardView(message);
  if (!card || card.state !== "resolved") return;
  if ((kinds.get(card.kind)?.followUps?.(card) ?? []).length) return;
  void applyCard(card.id, null, true).then((outcome) => {
    if (!outcome.ok) notifyRefusal(outcome.refusal);
  });
}

/** Hooks for autoApply: a card created already resolved (nobody answers it), or resolved by an update. */
export function registerAutoApply(): void {
  Hooks.on("createChatMessage", (message) => autoApply(message as ChatMessage.Implementation));
  Hooks.on("updateChatMessage", (message, changes) => {
    // The update that resolved it (its state in the changes, nested or as a flat path).
    const c = changes as { system?: { state?: unknown }; "system.state"?: unknown };
    if ((c.system?.state ?? c["system.state"]) === "resolved") autoApply(message as ChatMessage.Implementation);
  });
}

/** Defender's owner: answer from the card. */
export async function defendFromCard(message: ChatMessage.Implementation): Promise<Outcome<unknown>> {
  const card = cardView(message);
  const kind = card ? kinds.get(card.kind) : undefined;
  let outcome: Outcome<unknown>;
  if (!card || !kind) outcome = refuse("card.unknown", "BOUT.Card.Refusal.Unknown");
  else if (!mayPress("defend", { gm: Boolean(game.user?.isGM), ownsAttacker: false, ownsDefender: Boolean(card.defender?.isOwner) })) outcome = refuse("card.notYours", "BOUT.Card.Refusal.NotYours");
  else if (card.state !== "waiting") outcome = refuse("card.answered", "BOUT.Card.Refusal.Answered");
  else {
    const answer = await kind.defend(card);
    if (answer === null) return ok(null);
    if (game.user?.isActiveGM) outcome = await resolveCard(card.id, answer, null, true);
    else outcome = await askGM("answerCard", { messageId: card.id, answer });
  }
  if (!outcome.ok) notifyRefusal(outcome.refusal);
  return outcome;
}

/** Anyone on the card (or a GM): apply its result, on the active GM's client. */
export async function applyFromCard(message: ChatMessage.Implementation): Promise<Outcome<unknown>> {
  let outcome: Outcome<unknown>;
  if (game.user?.isActiveGM) outcome = await applyCard(message.id!, null, true);
  else outcome = await askGM("applyCard", { messageId: message.id });
  if (!outcome.ok) notifyRefusal(outcome.refusal);
  return outcome;
}

/** The owner of a follow-up's actor: take it (the kind posts what it needs through the GM). */
export async function followUpFromCard(message: ChatMessage.Implementation, id: string): Promise<Outcome<unknown>> {
  const card = cardView(message);
  const kind = card ? kinds.get(card.kind) : undefined;
  const offer = card && kind?.followUps?.(card).find((f) => f.id === id);
  let outcome: Outcome<unknown>;
  if (!card || !kind?.followUp || !offer) outcome = refuse("card.noFollowUp", "BOUT.Card.Refusal.NoFollowUp");
  else if (!mayPress("followUp", { gm: Boolean(game.user?.isGM), ownsAttacker: false, ownsDefender: false, ownsOffered: Boolean(fighterFrom(offer.actorId)?.isOwner) })) outcome = refuse("card.notYours", "BOUT.Card.Refusal.NotYours");
  else {
    outcome = await kind.followUp(card, id);
    // The kind's own refusals were shown where they arose.
    return outcome;
  }
  if (!outcome.ok) notifyRefusal(outcome.refusal);
  return outcome;
}

/** GM, holding the card: a change to its stored result (what was taken from it), shown on it, added to `batch`. */
export async function takeFromCard(batch: WriteBatch, messageId: string, change: Readonly<Record<string, unknown>>): Promise<void> {
  const message = game.messages!.get(messageId) as ChatMessage.Implementation | undefined;
  const card = message ? cardView(message) : null;
  if (!message || !card) return;
  const result = { ...(card.result ?? {}), ...change };
  const content = await renderCard({ ...card, result });
  // What was taken is the follow-up's mark: written first, so an offer is never taken twice.
  batch.update(message, { content, "system.result": JSON.stringify(result) }, {}, { lock: true });
}

/**
 * A fighting style's choices on cards, made on the active GM's client only
 * (src/table/styles/runner.ts) for a fighter no player owns, each marked on the
 * card with the style's name key. Not a query: no other client can ask for them.
 */
export function postCardByStyle(kind: string, attacker: Actor.Implementation, defender: Actor.Implementation, declaration: unknown, combatId: string, style: string): Promise<Outcome<unknown>> {
  if (!game.user?.isActiveGM) return Promise.resolve(refuse("card.gmOnly", "BOUT.Card.Refusal.GmOnly"));
  return createCard({ kind, attacker: fighterRef(attacker), defender: fighterRef(defender), declaration, combatId, rollMode: posterRollMode() }, null, true, style);
}

export function answerByStyle(messageId: string, answer: unknown, style: string): Promise<Outcome<unknown>> {
  if (!game.user?.isActiveGM) return Promise.resolve(refuse("card.gmOnly", "BOUT.Card.Refusal.GmOnly"));
  return resolveCard(messageId, answer, null, true, style);
}

export function applyByStyle(messageId: string, style: string): Promise<Outcome<unknown>> {
  if (!game.user?.isActiveGM) return Promise.resolve(refuse("card.gmOnly", "BOUT.Card.Refusal.GmOnly"));
  return applyCard(messageId, null, true, style);
}

/** The card kind's own parts (its follow-ups, whether it waits for an answer), for the styles' runner. */
export function cardKind(kind: string): CardKind | undefined {
  return kinds.get(kind);
}

export function registerCardQueries(): void {
  // `from`: the sender, confirmed by its own client (grants.ts). Another GM (an assistant, a second GM) is
  // trusted as a GM (its figures, its rulings), read from its User document here, never from the request.
  registerRequest("answerCard", (data: { messageId?: unknown; answer?: unknown }, from) => {
    if (typeof data?.messageId !== "string") return refuse("card.unknown", "BOUT.Card.Refusal.Unknown");
    return resolveCard(data.messageId, data.answer, from, from.isGM);
  });
  registerRequest("applyCard", (data: { messageId?: unknown }, from) => {
    if (typeof data?.messageId !== "string") return refuse("card.unknown", "BOUT.Card.Refusal.Unknown");
    return applyCard(data.messageId, from, from.isGM);
  });
  registerRequest("postCard", (data: PostRequest, from) => createCard(data ?? {}, from, from.isGM));
}

/**
 * Shows each button only to a user who may press it: Defend to the defender's
 * owners and the GM, Apply to the owners of either fighter and the GM, a
 * follow-up to its fighter's owners. The GM's checks refuse the others anyway;
 * this keeps a player's chat free of buttons that would only be refused.
 */
export function hideOthersButtons(message: ChatMessage.Implementation, html: HTMLElement, user: User.Implementation | null = game.user): void {
  const card = cardView(message);
  if (!card) return;
  const owns = (actor: Actor.Implementation | null | undefined) => Boolean(actor && user && actor.testUserPermission(user, "OWNER"));
  const kind = kinds.get(card.kind);
  const offers = card.state === "resolved" || card.state === "applied" ? (kind?.followUps?.(card) ?? []) : [];
  const hands = { gm: Boolean(user?.isGM), ownsAttacker: owns(card.attacker), ownsDefender: owns(card.defender) };
  for (const button of Array.from(html.querySelectorAll<HTMLElement>("[data-bout-action]"))) {
    const action = button.dataset.boutAction;
    const offered = action === "followUp" ? owns(fighterFrom(offers.find((f) => f.id === button.dataset.followUp)?.actorId ?? "")) : false;
    const known = action === "defend" || action === "apply" || action === "followUp";
    if (!known ? !hands.gm : !mayPress(action, { ...hands, ownsOffered: offered })) button.remove();
  }
  // A follow-up block with nothing left to press says nothing to this user.
  for (const block of Array.from(html.querySelectorAll<HTMLElement>(".card-follow-ups"))) if (!block.querySelector("button")) block.remove();
}

/** One listener per card, dispatching on data-action. */
export function activateCardListeners(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (!isCard(message)) return;
  html.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>("[data-bout-action]");
    if (!button) return;
    event.preventDefault();
    if (button.dataset.boutAction === "defend") void defendFromCard(message);
    else if (button.dataset.boutAction === "apply") void applyFromCard(message);
    else if (button.dataset.boutAction === "followUp" && button.dataset.followUp) void followUpFromCard(message, button.dataset.followUp);
  });
}
