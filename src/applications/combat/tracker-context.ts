/**
 * What our tracker part draws, built from the combat's machine view: groups
 * (bouts, engagements, sides) with their notes and the GM's buttons, rows in
 * acting order with badges, and the open secret declaration showing only who
 * has chosen. Pure over its inputs so the tests can build it from a combat.
 */
import type { BoutCombat } from "../../documents/combat";
import type { Label, TrackerRow, TrackerView } from "../../engine/time/machine";
import { whyOutside } from "../../engine/time/roster";
import { SIDES } from "../../engine/rulesets/sides";
import type { GroupAction, TimeText } from "../../table/machines";

/** The sides fighters are on (engine/rulesets/sides.ts), named in words. */
const SIDE_NAMES: readonly string[] = SIDES;

type Format = { localize(key: string): string; format(key: string, data?: Record<string, string>): string };

export interface TrackerButton {
  readonly action: string;
  readonly label: string;
  readonly icon: string;
  readonly groupId?: string;
  readonly actionId?: string;
  readonly combatantId?: string;
}

export interface TrackerRowContext {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly css: string;
  readonly acting: boolean;
  readonly done: boolean;
  readonly badges: readonly { readonly text: string }[];
  /** During a secret declaration: waiting, chosen, or not asked. The choice itself never shows. */
  readonly declaration: "" | "waiting" | "chosen";
  readonly buttons: readonly TrackerButton[];
  /** Core's row controls: hidden and defeated (the GM toggles them), ping where the user may ping the row's scene. */
  readonly hidden: boolean;
  readonly defeated: boolean;
  readonly canPing: boolean;
  /** Core's effect icons for the row (the actor's temporary effects) and their tooltip. */
  readonly effects: RowEffects;
  /** The fighting style that plays the fighter, named (the GM's tracker only; "" when the GM decides). */
  readonly style?: string;
}

/** As core's turn context gives them: each temporary effect's icon and name, and the tooltip listing them. */
export interface RowEffects {
  readonly icons: readonly { readonly img: string; readonly name: string }[];
  readonly tooltip: string;
}
const NO_EFFECTS: RowEffects = { icons: [], tooltip: "" };

export interface TrackerGroupContext {
  readonly id: string;
  readonly label: string;
  readonly notes: readonly string[];
  readonly focused: boolean;
  /** The CombatantGroup a fighter dropped here joins; "" when the group is not one (a side, a loose list). */
  readonly dropId?: string;
  readonly buttons: readonly TrackerButton[];
  readonly rows: readonly TrackerRowContext[];
}

export interface BoutTrackerContext {
  readonly started: boolean;
  readonly round: number;
  readonly step: string;
  readonly groups: readonly TrackerGroupContext[];
  readonly declaration: { readonly open: boolean; readonly waiting: number; readonly buttons: readonly TrackerButton[] };
  readonly buttons: readonly TrackerButton[];
  /** GM may drag fighters between groups (before the fight, or when the structure regroups). */
  readonly canRegroup: boolean;
  readonly isGM: boolean;
}

/** The tracker's words for the fight's time: the header's title and the footer's two forward buttons. */
export interface TrackerTimeContext {
  readonly started: boolean;
  readonly title: string;
  readonly nextTurn: string;
  readonly nextRound: string;
  /** A step can be taken back (the GM's Undo last step). */
  readonly canUndo?: boolean;
}

/** A time text in the user's language; values named in `keys` are keys themselves (a phase's name). */
export function timeText(t: TimeText, i18n: Format): string {
  if (!t.data) return i18n.localize(t.key);
  const data = Object.fromEntries(Object.entries(t.data).map(([k, v]) => [k, t.keys?.includes(k) ? i18n.localize(String(v)) : String(v)]));
  return i18n.format(t.key, data);
}

/**
 * Each structure names its own time ("Pulse 3", "Exchange 2 of round 4"); one
 * without words keeps a plain round. Core's header would say "Round" for all.
 */
export function trackerTimeContext(combat: BoutCombat | null, i18n: Format): TrackerTimeContext {
  const T = "BOUT.Tracker.Time.";
  if (!combat) return { started: false, title: i18n.localize(`${T}NoCombat`), nextTurn: "", nextRound: "" };
  const state = combat.machineState;
  const words = state ? combat.structure?.words?.(state) : undefined;
  if (!state) return { started: false, title: i18n.localize(`${T}NotStarted`), nextTurn: i18n.localize(`${T}NextTurn`), nextRound: i18n.localize(`${T}NextRound`) };
  const canUndo = combat.canUndo;
  if (!words) return { started: true, title: i18n.format(`${T}Round`, { round: String(combat.round) }), nextTurn: i18n.localize(`${T}NextTurn`), nextRound: i18n.localize(`${T}NextRound`), canUndo };
  return { started: true, title: timeText(words.title, i18n), nextTurn: i18n.localize(words.nextTurn), nextRound: i18n.localize(words.nextRound), canUndo };
}

/**
 * The GM's rulings on one fighter (higher footing, mounted, surprised): they
 * live in the row's context menu, not as buttons repeated on every row.
 */
export function rowRulings(combat: BoutCombat, combatantId: string): readonly GroupAction[] {
  const c = combat.combatants.get(combatantId);
  if (!c || !combat.machineState) return [];
  return (combat.structure?.turnChoices?.(combat.machineState, combatantId, (c.actor as Actor.Implementation | null) ?? null, combat.fightNow()) ?? []).filter((choice) => choice.gmOnly);
}

/** A machine's label in words: fighter ids read as their names, sides as their words. */
function labelText(combat: BoutCombat, i18n: Format): (label: Label) => string {
  const names = new Map(combat.combatants.contents.map((c) => [c.id!, c.name ?? ""]));
  const name = (v: unknown) => (typeof v !== "string" ? String(v) : names.has(v) ? names.get(v)! : SIDE_NAMES.includes(v) ? i18n.localize(`BOUT.Tracker.SideName.${v}`) : v);
  return (label) => {
    const data = Object.fromEntries(Object.entries(label.data ?? {}).map(([k, v]) => [k, name(v)]));
    return label.data ? i18n.format(label.key, data) : i18n.localize(label.key);
  };
}

/** The tracker group a machine group takes drops for: itself, or the tracker group its first fighter came from (a pulse's engagement). */
function dropTarget(combat: BoutCombat, view: TrackerView): (groupId: string) => string {
  const sourceGroup = (id: string) => (combat.combatants.get(id) as { _source?: { group?: string | null } } | undefined)?._source?.group ?? "";
  return (groupId) => {
    if (combat.groups.get(groupId)) return groupId;
    const first = view.rows.find((r) => r.groupId === groupId);
    return first ? sourceGroup(first.combatantId) : "";
  };
}

/** The running fight's groups as the tracker names them and the tracker groups they take drops for (the row menu's "move to"). */
export function dropGroups(combat: BoutCombat | null, i18n: Format): { readonly dropId: string; readonly label: string }[] {
  const view = combat?.trackerView();
  if (!combat || !view) return [];
  const text = labelText(combat, i18n);
  const dropFor = dropTarget(combat, view);
  return view.groups.map((g) => ({ dropId: dropFor(g.id), label: text(g.label) }));
}

export function boutTrackerContext(
  combat: BoutCombat | null,
  user: { isGM: boolean; canPing?: (combatantId: string) => boolean; effects?: (combatantId: string) => RowEffects | undefined },
  i18n: Format,
): BoutTrackerContext | null {
  if (!combat) return null;
  const text = labelText(combat, i18n);
  const view = combat.trackerView();
  const structure = combat.structure;
  const declaration = combat.boutSystem.declaration;
  const asked = new Set(declaration.id ? declaration.combatantIds : []);
  const chosen = new Set(declaration.id ? declaration.chosen : []);

  const rowContext = (row: TrackerRow | null, combatantId: string): TrackerRowContext => {
    const c = combat.combatants.get(combatantId)!;
    const state = asked.has(combatantId) ? (chosen.has(combatantId) ? "chosen" : "waiting") : "";
    const buttons: TrackerButton[] = [];
    if (state === "waiting" && c.isOwner) buttons.push({ action: "boutChoose", label: "BOUT.Tracker.Action.Choose", icon: "fa-solid fa-hand", combatantId });
    // The structure says who has a choice now (a shooter's fire or hold, the top IV's first or last);
    // the GM's rulings (surprise, footing) are in the row's context menu instead.
    const choices = row && c.isOwner ? (structure?.turnChoices?.(combat.machineState, combatantId, (c.actor as Actor.Implementation | null) ?? null, combat.fightNow()) ?? []).filter((choice) => !choice.gmOnly) : [];
    for (const choice of choices) buttons.push({ action: "boutTurnChoice", label: choice.label, icon: choice.icon, combatantId, actionId: choice.id });
    if (row?.acting && c.isOwner && structure?.endTurn && !choices.some((choice) => !choice.alongsideEndTurn)) buttons.push({ action: "boutEndTurn", label: "BOUT.Tracker.Action.EndTurn", icon: "fa-solid fa-check", combatantId });
    const css = [row?.acting ? "active" : "", row?.done ? "done" : "", c.hidden ? "hidden" : "", c.isDefeated ? "defeated" : ""].filter(Boolean).join(" ");
    return {
      id: combatantId,
      name: c.name ?? "",
      img: c.img ?? (c.actor as { img?: string } | null)?.img ?? "",
      css,
      acting: Boolean(row?.acting),
      done: Boolean(row?.done),
      badges: [...(row?.badges ?? []), ...(row ? (structure?.rowBadges?.(combatantId, (c.actor as Actor.Implementation | null) ?? null) ?? []) : [])].map((b) => ({ text: b.value === undefined ? text(b.label) : `${text(b.label)} ${b.value}` })),
      declaration: state,
      buttons,
      hidden: Boolean(c.hidden),
      defeated: Boolean(c.isDefeated),
      canPing: Boolean(user.canPing?.(combatantId)),
      effects: user.effects?.(combatantId) ?? NO_EFFECTS,
    };
  };
  // As core's tracker: a hidden fighter's row is left out for those who may not see it.
  const seen = (id: string) => (combat.combatants.get(id) as { visible?: boolean } | undefined)?.visible !== false;

  // Before the fight starts: everyone in one list, in the order they were added.
  if (!view) {
    return {
      started: false,
      round: 0,
      step: i18n.localize("BOUT.Tracker.NotStarted"),
      groups: [{ id: "", label: "", notes: [], focused: false, buttons: [], rows: combat.combatants.contents.filter((c) => seen(c.id!)).map((c) => rowContext(null, c.id!)) }],
      declaration: { open: false, waiting: 0, buttons: [] },
      buttons: [],
      canRegroup: user.isGM,
      isGM: user.isGM,
    };
  }

  const state = combat.machineState;
  const dropFor = dropTarget(combat, view);
  const groups: TrackerGroupContext[] = view.groups.map((g) => ({
    id: g.id,
    dropId: dropFor(g.id),
    label: text(g.label),
    notes: g.notes.map(text),
    focused: g.focused,
    buttons: user.isGM ? (structure?.groupActions?.(state, g.id) ?? []).map((a) => ({ action: "boutGroupAction", label: a.label, icon: a.icon, groupId: g.id, actionId: a.id })) : [],
    rows: view.rows.filter((r) => r.groupId === g.id && seen(r.combatantId)).map((r) => rowContext(r, r.combatantId)),
  }));
  const loose = view.rows.filter((r) => !r.groupId || !view.groups.some((g) => g.id === r.groupId));
  if (loose.length) groups.push({ id: "", label: "", notes: [], focused: false, buttons: [], rows: loose.filter((r) => seen(r.combatantId)).map((r) => rowContext(r, r.combatantId)) });
  // Issue 31: combatants of the encounter outside the fight's order (defeated, out of action), each with why, where the GM can bring them back.
  const inOrder = new Set(view.rows.map((r) => r.combatantId));
  const outside = combat.combatants.contents.filter((c) => !inOrder.has(c.id!) && seen(c.id!));
  if (outside.length) {
    // The engine's one order of reasons, as a refused action says it (cards.ts).
    const why = (id: string) => {
      const reason = whyOutside({ defeated: Boolean((combat.combatants.get(id) as { isDefeated?: boolean } | undefined)?.isDefeated), outOfAction: combat.outOfAction(id) });
      if (reason.kind === "outOfAction") return i18n.localize(reason.why.key);
      return i18n.localize(reason.kind === "defeated" ? "BOUT.Tracker.Outside.Defeated" : "BOUT.Tracker.Outside.Joining");
    };
    groups.push({ id: "outside", label: i18n.localize("BOUT.Tracker.Outside.Label"), notes: [], focused: false, buttons: [], rows: outside.map((c) => ({ ...rowContext(null, c.id!), badges: [{ text: why(c.id!) }] })) });
  }

  const declarationButtons: TrackerButton[] = declaration.id && user.isGM ? [{ action: "boutReveal", label: "BOUT.Tracker.Action.Reveal", icon: "fa-solid fa-eye" }] : [];
  return {
    started: true,
    round: view.round,
    step: text(view.step),
    groups,
    declaration: { open: Boolean(declaration.id), waiting: declaration.id ? declaration.combatantIds.length - declaration.chosen.length : 0, buttons: declarationButtons },
    buttons: user.isGM
      ? [
          ...(structure?.fightActions?.(state) ?? []).map((a) => ({ action: "boutFightAction", label: a.label, icon: a.icon, actionId: a.id })),
          { action: "boutNextStep", label: "BOUT.Tracker.Action.NextStep", icon: "fa-solid fa-forward" },
        ]
      : [],
    canRegroup: user.isGM && Boolean(structure?.regroup),
    isGM: user.isGM,
  };
}
