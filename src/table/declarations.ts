/**
 * Secret simultaneous choices ("declare in secret, reveal together"), first used
 * by the red/white throw of seed 000 (src/table/steel/throw.ts); each kind is
 * registered by its ruleset. The GM opens a declaration; each owner
 * chooses in a private dialog and the choice goes only to the active GM's
 * client, which keeps it in memory. The combat records only who has chosen. When
 * the last choice arrives, or the GM reveals early, all choices become one
 * machine command in one update; anyone who has not chosen counts as hesitating.
 *
 * Opening, recording and revealing happen on the active GM's client only: any
 * other GM (an assistant) sends them there like a player does. A choice the
 * active GM does not hold (lost with a reloaded or departed GM's client) is
 * struck from the "chosen" list when a GM becomes active, so its fighter is
 * asked again rather than counted as hesitating.
 */
import type { BoutCombat } from "../documents/combat";
import { refuse, ok, type Outcome } from "../engine/outcome";
import type { TimeCommand } from "../engine/time/machine";
import { whoAnswers } from "../engine/who-answers";
import { askGM, checkGrant, registerRequest } from "./grants";
import { activeGM } from "./query";
import { queued } from "./write-queue";
import { notifyRefusal } from "./notify";
import { aftermathOf, notSaved } from "./write-notice";
import { writeOne } from "./batch";

/** GM memory: declaration id → combatant id → choice. Never written to a document before the reveal. */
const secrets = new Map<string, Map<string, unknown>>();

export interface DeclarationKind {
  /** Localization key of the dialog's question. */
  readonly question: string;
  /** Localization key prefix for the options' labels. */
  readonly optionLabels: string;
  /** The machine command(s) that reveal the choices (null = did not choose); several apply all or none. */
  reveal(groupId: string, choices: Record<string, unknown>): TimeCommand | readonly TimeCommand[];
  /**
   * GM: check a structured choice and fill it from the documents (the default
   * takes one of the declaration's options). `trusted`: the GM's own.
   */
  check?(combat: BoutCombat, combatantId: string, choice: unknown, trusted: boolean): Outcome<unknown>;
  /** Asks this client's user for a structured choice; null when they close the dialog. */
  ask?(combat: BoutCombat, combatantId: string): Promise<unknown>;
}

const kinds = new Map<string, DeclarationKind>();

export function registerDeclarationKind(kind: string, definition: DeclarationKind): void {
  kinds.set(kind, definition);
}

type Declaration = BoutCombat["boutSystem"]["declaration"];

/** GM: the data of a new declaration, its secrets kept here; the caller writes it (with whatever else changes). */
export function newDeclaration(kind: string, groupId: string, combatantIds: readonly string[], options: readonly string[]): Declaration {
  const id = foundry.utils.randomID();
  secrets.set(id, new Map());
  return { id, kind, groupId, options: [...options], combatantIds: [...combatantIds], chosen: [] };
}

/** GM: open a declaration for these combatants, on the active GM's client. One write. */
export async function openDeclaration(combat: BoutCombat, kind: string, groupId: string, combatantIds: string[], options: string[]): Promise<Outcome<string>> {
  if (!game.user?.isGM) return refuse("declare.gmOnly", "BOUT.Combat.GmOnly");
  let outcome: Outcome<string>;
  if (game.user.isActiveGM) outcome = await queued([combat], () => openHere(combat, kind, groupId, combatantIds, options));
  else outcome = await askGM<string>("openDeclaration", { combatId: combat.id, kind, groupId, combatantIds, options });
  if (!outcome.ok) notifyRefusal(outcome.refusal);
  return outcome;
}

async function openHere(combat: BoutCombat, kind: unknown, groupId: unknown, combatantIds: unknown, options: unknown): Promise<Outcome<string>> {
  if (typeof kind !== "string" || !kinds.has(kind)) return refuse("declare.unknownKind", "BOUT.Declare.Refusal.UnknownKind");
  if (typeof groupId !== "string" || !Array.isArray(combatantIds) || !Array.isArray(options)) return refuse("declare.notAsked", "BOUT.Declare.Refusal.NotAsked");
  if (!combatantIds.every((id) => typeof id === "string" && combat.combatants.has(id))) return refuse("declare.notAsked", "BOUT.Declare.Refusal.NotAsked");
  if (!options.every((o) => typeof o === "string")) return refuse("declare.badChoice", "BOUT.Declare.Refusal.BadChoice");
  if (combat.boutSystem.declaration.id) return refuse("declare.alreadyOpen", "BOUT.Declare.Refusal.AlreadyOpen");
  const declaration = newDeclaration(kind, groupId, combatantIds as string[], options as string[]);
  const committed = await writeOne(combat, { "system.declaration": declaration });
  if (!committed.complete) return notSaved("Open.None", committed);
  return ok(declaration.id);
}

export const CLOSED_DECLARATION: Declaration = { id: "", kind: "", groupId: "", options: [], combatantIds: [], chosen: [] };

/** GM: reveal now, on the active GM's client; those who have not chosen hesitate. */
export async function revealDeclaration(combat: BoutCombat): Promise<Outcome<unknown>> {
  if (!game.user?.isGM) return refuse("declare.gmOnly", "BOUT.Combat.GmOnly");
  let outcome: Outcome<unknown>;
  if (game.user.isActiveGM) outcome = await queued([combat], () => revealHere(combat));
  else outcome = await askGM("revealDeclaration", { combatId: combat.id });
  if (!outcome.ok) notifyRefusal(outcome.refusal);
  return outcome;
}

/** Active GM: the reveal command and the cleared declaration, one write. */
async function revealHere(combat: BoutCombat): Promise<Outcome<unknown>> {
  const d = combat.boutSystem.declaration;
  const kind = kinds.get(d.kind);
  if (!d.id || !kind) return refuse("declare.noneOpen", "BOUT.Declare.Refusal.NoneOpen");
  const answers = secrets.get(d.id) ?? new Map<string, unknown>();
  const choices = Object.fromEntries(d.combatantIds.map((id) => [id, answers.get(id) ?? null]));
  const structure = combat.structure;
  let state = combat.machineState;
  if (!structure || !state) return refuse("combat.notStarted", "BOUT.Combat.NotStarted");
  const revealed = kind.reveal(d.groupId, choices);
  const events: unknown[] = [];
  for (const command of Array.isArray(revealed) ? revealed : [revealed]) {
    const result = combat.stepFrom(state, command);
    if (!result.ok) return result;
    state = result.value.state;
    events.push(...result.value.events);
  }
  // Not saved in full: the GM is told, and the answers are kept for the reveal to be tried again.
  const committed = await combat.writeStep(combat.machineState, state, { "system.declaration": CLOSED_DECLARATION });
  if (committed && !committed.complete) return notSaved(aftermathOf("Step", committed), committed);
  secrets.delete(d.id);
  return ok({ state, events });
}

/**
 * Active GM: record one choice from `from` (checked against the open declaration
 * and the ownership of the fighter's own actor now). One write, or the reveal
 * when it is the last. A GM's choice may carry what only a GM may set.
 */
export async function recordChoice(combat: BoutCombat, data: { declarationId?: unknown; combatantId?: unknown; choice?: unknown }, from: User.Implementation): Promise<Outcome<unknown>> {
  const d: Declaration = combat.boutSystem.declaration;
  if (!d.id || data.declarationId !== d.id) return refuse("declare.stale", "BOUT.Declare.Refusal.Stale");
  const combatantId = String(data.combatantId ?? "");
  const checked = checkChoice(combat, combatantId, data.choice, from);
  if (!checked.ok) return checked;
  const choice = checked.value;
  const answers = secrets.get(d.id) ?? new Map<string, unknown>();
  secrets.set(d.id, answers);
  answers.set(combatantId, choice);
  const chosen = [...d.chosen, combatantId];
  if (chosen.length >= d.combatantIds.length) return revealHere(combat);
  // Not saved: the choice is not kept either, so the fighter is asked again (and the GM told why).
  const committed = await writeOne(combat, { "system.declaration.chosen": chosen });
  if (committed.complete) return ok(true);
  answers.delete(combatantId);
  return notSaved("Declare.None", committed);
}

/**
 * A choice for a combatant of the open declaration, checked against the
 * documents now (asked, the sender's to make, not made yet, the kind's own
 * check) and filled from them; nothing is written. A GM's choice may carry what
 * only a GM may set.
 */
export function checkChoice(combat: BoutCombat, combatantId: string, raw: unknown, from: User.Implementation): Outcome<unknown> {
  const d: Declaration = combat.boutSystem.declaration;
  if (!d.combatantIds.includes(combatantId)) return refuse("declare.notAsked", "BOUT.Declare.Refusal.NotAsked");
  if (!checkGrant(combat.combatants.get(combatantId)?.actor, from)) return refuse("declare.notYours", "BOUT.Declare.Refusal.NotYours");
  if (d.chosen.includes(combatantId)) return refuse("declare.already", "BOUT.Declare.Refusal.Already");
  const kind = kinds.get(d.kind);
  if (kind?.check) return kind.check(combat, combatantId, raw, from.isGM);
  if (typeof raw !== "string" || !d.options.includes(raw)) return refuse("declare.badChoice", "BOUT.Declare.Refusal.BadChoice");
  return ok(raw);
}

/**
 * Active GM, inside the combat's queue: several choices of the open
 * declaration at once (the GM's round form), every one checked before any is
 * kept; one write, or the reveal when they are the last. A refusal keeps none.
 */
export async function recordChoices(combat: BoutCombat, declarationId: string, choices: Readonly<Record<string, unknown>>, from: User.Implementation): Promise<Outcome<unknown>> {
  const d: Declaration = combat.boutSystem.declaration;
  if (!d.id || declarationId !== d.id) return refuse("declare.stale", "BOUT.Declare.Refusal.Stale");
  const checked = new Map<string, unknown>();
  for (const [combatantId, raw] of Object.entries(choices)) {
    const one = checkChoice(combat, combatantId, raw, from);
    if (!one.ok) return one;
    checked.set(combatantId, one.value);
  }
  if (!checked.size) return ok(true);
  const answers = secrets.get(d.id) ?? new Map<string, unknown>();
  secrets.set(d.id, answers);
  for (const [id, choice] of checked) answers.set(id, choice);
  const chosen = [...d.chosen, ...checked.keys()];
  if (chosen.length >= d.combatantIds.length) return revealHere(combat);
  // Not saved: none of the choices is kept, so the form asks for them again (and the GM is told why).
  const committed = await writeOne(combat, { "system.declaration.chosen": chosen });
  if (committed.complete) return ok(true);
  for (const id of checked.keys()) answers.delete(id);
  return notSaved("Declare.None", committed);
}

/** The active GM's one form for every fighter it answers for (styles/declarations.ts); without one, a dialog each. */
let askForGmFighters: ((combat: BoutCombat, combatantIds: string[]) => Promise<void>) | null = null;

export function askGmThrough(ask: (combat: BoutCombat, combatantIds: string[]) => Promise<void>): void {
  askForGmFighters = ask;
}

/** Any client: send a choice for a combatant (the active GM records it directly; anyone else asks the active GM). */
export async function declare(combat: BoutCombat, combatantId: string, choice: unknown): Promise<Outcome<unknown>> {
  const d = combat.boutSystem.declaration;
  let outcome: Outcome<unknown>;
  const me = game.user as User.Implementation | null;
  if (me?.isActiveGM) outcome = await queued([combat], () => recordChoice(combat, { declarationId: d.id, combatantId, choice }, me));
  else outcome = await askGM("declare", { combatId: combat.id, declarationId: d.id, combatantId, choice });
  if (!outcome.ok) notifyRefusal(outcome.refusal);
  return outcome;
}

function combatFor(id: unknown): BoutCombat | null {
  return typeof id === "string" ? ((game.combats?.get(id) as BoutCombat | undefined) ?? null) : null;
}

/** The active GM's side of declarations sent by players and by other GMs. */
export function registerDeclarationQueries(): void {
  registerRequest("declare", (data: { combatId?: unknown; declarationId?: unknown; combatantId?: unknown; choice?: unknown }, from) => {
    const combat = combatFor(data.combatId);
    if (!combat) return refuse("combat.unknown", "BOUT.Combat.Unknown");
    return queued([combat], () => recordChoice(combat, data, from));
  });
  registerRequest("openDeclaration", (data: { combatId?: unknown; kind?: unknown; groupId?: unknown; combatantIds?: unknown; options?: unknown }, from) => {
    if (!from.isGM) return refuse("declare.gmOnly", "BOUT.Combat.GmOnly");
    const combat = combatFor(data.combatId);
    if (!combat) return refuse("combat.unknown", "BOUT.Combat.Unknown");
    return queued([combat], () => openHere(combat, data.kind, data.groupId, data.combatantIds, data.options));
  });
  registerRequest("revealDeclaration", (data: { combatId?: unknown }, from) => {
    if (!from.isGM) return refuse("declare.gmOnly", "BOUT.Combat.GmOnly");
    const combat = combatFor(data.combatId);
    if (!combat) return refuse("combat.unknown", "BOUT.Combat.Unknown");
    return queued([combat], () => revealHere(combat));
  });
}

/**
 * A GM has just become the active GM (at start-up, or when another left): every
 * "chosen" mark whose choice this client does not hold is struck, one write per
 * combat, so those fighters are asked again instead of hesitating.
 */
export async function recoverDeclarations(): Promise<void> {
  if (!game.user?.isActiveGM) return;
  let lost = 0;
  for (const combat of (game.combats?.contents ?? []) as BoutCombat[]) {
    lost += await queued([combat], async () => {
      const d = combat.boutSystem?.declaration;
      if (!d?.id || !d.chosen.length) return 0;
      const held = secrets.get(d.id);
      const kept = d.chosen.filter((id) => held?.has(id));
      if (kept.length === d.chosen.length) return 0;
      await combat.update({ "system.declaration.chosen": kept } as never);
      return d.chosen.length - kept.length;
    });
  }
  if (lost) ui.notifications?.info(game.i18n!.format("BOUT.Declare.Lost", { count: String(lost) }));
}

/** No longer the active GM: drop the choices held here (the active GM holds, or asks again for, them). */
export function forgetDeclarations(): void {
  secrets.clear();
}

/** Keys `declarationId:combatantId` whose dialog is open or whose answer is on its way. */
const asking = new Set<string>();
/** Closed without an answer (or refused): not asked again unprompted; the tracker's and the sheet's buttons still ask. */
const dismissed = new Set<string>();
/** Answered, and seen marked as chosen since: if the mark goes (the active GM lost the choice), ask again. */
const seenChosen = new Set<string>();

/** Combatants this client should be asked about: the player's own, or for the active GM those no active player owns. */
function mine(combat: BoutCombat, ids: readonly string[]): string[] {
  return ids.filter((id) => {
    const actor = combat.combatants.get(id)?.actor;
    if (!actor) return false;
    if (!game.user?.isGM) return actor.isOwner;
    if (!game.user.isActiveGM) return false;
    return whoAnswers(game.users!.filter((u) => actor.testUserPermission(u, "OWNER"))) === "gm";
  });
}

/** Ask this client's user, in a private dialog, for each of their combatants still to choose (again, if their choice was lost). */
export async function promptDeclarations(combat: BoutCombat): Promise<void> {
  const d = combat.boutSystem.declaration;
  const kind = kinds.get(d.kind);
  if (!d.id || !kind) return;
  // The active GM answers for its fighters in one form, not a dialog each.
  if (game.user?.isActiveGM && askForGmFighters) return askForGmFighters(combat, mine(combat, d.combatantIds).filter((id) => !d.chosen.includes(id)));
  for (const combatantId of mine(combat, d.combatantIds)) {
    const key = `${d.id}:${combatantId}`;
    if (d.chosen.includes(combatantId)) {
      seenChosen.add(key);
      continue;
    }
    if (seenChosen.delete(key)) dismissed.delete(key);
    if (asking.has(key) || dismissed.has(key)) continue;
    const gm = activeGM()?.id;
    const outcome = await askChoice(combat, combatantId);
    // Closed, or refused for a reason asking again would not cure: wait for the user's own click.
    if (!outcome || (!outcome.ok && !["combat.noGm", "combat.gmSilent"].includes(outcome.refusal.code))) dismissed.add(key);
    // The GM went silent and another took over meanwhile: ask again now.
    else if (!outcome.ok && activeGM()?.id !== gm) return promptDeclarations(combat);
  }
}

/** Ask for one combatant's choice (the tracker's button, after a closed dialog); null when the dialog is closed. */
export async function askChoice(combat: BoutCombat, combatantId: string): Promise<Outcome<unknown> | null> {
  const d = combat.boutSystem.declaration;
  const kind = kinds.get(d.kind);
  if (!d.id || !kind || d.chosen.includes(combatantId) || !d.combatantIds.includes(combatantId)) return null;
  // One dialog per choice: while it is open (or its answer on its way), the sheet's and the tracker's buttons open no second one.
  const key = `${d.id}:${combatantId}`;
  if (asking.has(key)) return null;
  asking.add(key);
  try {
    const answer = kind.ask ? await kind.ask(combat, combatantId) : await askOptions(combat, combatantId);
    if (answer === null || answer === undefined) return null;
    return await declare(combat, combatantId, answer);
  } finally {
    asking.delete(key);
  }
}

/** The plain question: one button per option of the open declaration; null when closed. */
/** Asks this client's user to pick one of the open declaration's options (a kind's default dialog); null when they close it. */
export async function askOptions(combat: BoutCombat, combatantId: string): Promise<string | null> {
  const d = combat.boutSystem.declaration;
  const kind = kinds.get(d.kind);
  if (!kind) return null;
  const name = combat.combatants.get(combatantId)?.name ?? "";
  const choice = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n!.format(kind.question, { name }) },
    content: `<p>${game.i18n!.format(kind.question, { name: foundry.utils.escapeHTML(name) })}</p>`,
    buttons: d.options.map((option, i) => ({ action: option, label: `${kind.optionLabels}${option}`, default: i === 0 })),
    rejectClose: false,
  });
  return typeof choice === "string" && d.options.includes(choice) ? choice : null;
}

/** The open declaration still waiting on this fighter (a token's actor: its token's combatant), in any combat: the sheet's "your choice" button. */
export function waitingChoiceFor(actor: { readonly id: string | null; readonly isToken?: boolean; readonly token?: unknown } | null | undefined): { combat: BoutCombat; combatantId: string } | null {
  if (!actor?.id) return null;
  const tokenId = actor.isToken ? ((actor.token as { id?: string | null } | null)?.id ?? null) : null;
  const isMine = (c: { actorId: string | null; tokenId?: string | null }) => (tokenId ? c.tokenId === tokenId : c.actorId === actor.id);
  for (const combat of (game.combats?.contents ?? []) as BoutCombat[]) {
    const d = combat.boutSystem?.declaration;
    if (!d?.id) continue;
    const combatant = combat.combatants.contents.find((c) => isMine(c) && d.combatantIds.includes(c.id!) && !d.chosen.includes(c.id!));
    if (combatant) return { combat, combatantId: combatant.id! };
  }
  return null;
}
