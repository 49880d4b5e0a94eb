/**
 * Seed 001's Movement-phase declarations ("1. Movement") through the secret
 * declaration flow: every fighter says what they will do this round (action,
 * movement, opponents, range, weapon) without seeing the others' answers; the
 * GM's client fills the figures the Initiative Total needs from the documents
 * (the weapon's Initiative score and reach, the rider's Ride), so a player can
 * name a weapon but never type its score; all declarations enter the round
 * together, and anyone who did not answer stands and does nothing.
 */
import type { BoutCombat } from "../../documents/combat";
import { actorView } from "../../data/actor/actor-view";
import { refuse, isWholeNumber, type Outcome } from "../../engine/outcome";
import { initiativeBonus, initiativeScore, INITIATIVE_BOTCH_DICE } from "../../engine/rulesets/phases/initiative";
import { stressReachProbability } from "../../engine/dice";
import { isShotDefence, MOVEMENT_MODES, SHOT_DEFENCES } from "../../engine/rulesets/phases/tables";
import { isRange, RANGES, type PhasesActor, type PhasesWeapon } from "../../engine/rulesets/phases/stats";
import { ACTIONS, MAX_RULING, normalizeDeclaration, type DeclarationInput, type PhasesDeclaration, type PhasesState } from "../../engine/time/phases";
import { declarationAdvice, playerDeclaration } from "../../engine/time/phases-declaration";
import type { TimeCommand } from "../../engine/time/machine";
import type { OddsView } from "../../engine/odds-view";
import { openOddsDialog, type DialogField, type DialogValues } from "../../applications/dialogs/odds-dialog";
import { registerDeclarationKind } from "../declarations";

const R = "BOUT.Phases.Declare.";
export const PHASES_DECLARATION = "phasesDeclaration";

/** What a declaration dialog sends: names and ids only, never a figure the Initiative Total uses (but the GM's own modifier). */
export interface DeclarationForm {
  readonly action: string;
  readonly movement?: string;
  readonly weaponId?: string;
  readonly opponents?: readonly string[];
  readonly range?: string;
  readonly evading?: boolean;
  /** How the fighter meets shots from the opponents it names: none, dodge or shield. */
  readonly defence?: string;
  readonly horseback?: boolean;
  readonly highGround?: boolean;
  readonly charging?: boolean;
  readonly runUpRoom?: boolean;
  readonly gmModifier?: number;
}

const no = (code: string, data?: Record<string, string | number>) => refuse<never>(`phases.declare.${code}`, `${R}Refusal.${code}`, data);

type Fighter = {
  stats: PhasesActor;
  weapons: readonly { id: string; name: string; stats: PhasesWeapon }[];
  /** The shields carried; an equipped one is needed to defend with it. */
  shields?: readonly { equipped: boolean }[];
};
export const fighterOf = (combat: BoutCombat, combatantId: string): Fighter | null => {
  const actor = combat.combatants.get(combatantId)?.actor;
  return actor ? (actorView(actor, "phases") as unknown as Fighter) : null;
};

/**
 * Builds the full declaration from a form and the documents, and checks it
 * against the round. Impossible declarations (shooting at Touch or Reach, a
 * weapon that cannot fight at the range sought, a weapon the fighter does not
 * carry) are refused with the reason, the GM's advice the seed asks for.
 */
export function buildDeclaration(state: PhasesState, combatantId: string, fighter: Fighter, form: DeclarationForm, trusted: boolean): Outcome<PhasesDeclaration> {
  if (!form || typeof form !== "object" || typeof form.action !== "string") return no("badForm");
  const weaponId = form.weaponId ?? "";
  if (typeof weaponId !== "string") return no("badForm");
  const weapon = weaponId ? fighter.weapons.find((w) => w.id === weaponId) : undefined;
  if (weaponId && !weapon) return no("notCarried");
  if (form.gmModifier !== undefined && (!isWholeNumber(form.gmModifier) || Math.abs(form.gmModifier) > MAX_RULING)) return no("badModifier");
  const missile = Boolean(weapon?.stats.missile);
  const defence = form.defence === undefined || form.defence === "" ? "none" : form.defence;
  if (!isShotDefence(defence)) return no("badForm");
  const range = form.range === undefined || form.range === "" ? null : form.range;
  if (range !== null && !isRange(range)) return no("badRange");
  // The storyguide's advice on an impossible declaration (the engine gives it).
  const advice = declarationAdvice({
    action: form.action,
    range,
    defence,
    weapon: weapon ? { name: weapon.name, missile, reach: { min: weapon.stats.minRange, max: weapon.stats.range } } : null,
    shieldReady: Boolean(fighter.shields?.some((s) => s.equipped)),
  });
  if (advice) {
    const { code, ...data } = advice;
    return no(code, data);
  }
  const input: DeclarationInput = {
    action: form.action as DeclarationInput["action"],
    movement: (form.movement ?? "stand") as DeclarationInput["movement"],
    opponents: form.opponents ?? [],
    range: range as DeclarationInput["range"],
    weapon: weapon?.name ?? "",
    score: initiativeScore(fighter.stats, weapon?.stats ?? null),
    reach: weapon && !missile ? { min: weapon.stats.minRange, max: weapon.stats.range } : null,
    missile,
    evading: form.evading,
    defence,
    horseback: form.horseback,
    ride: form.horseback ? fighter.stats.ride : 0,
    highGround: form.highGround,
    charging: form.charging,
    runUpRoom: form.runUpRoom,
    gmModifier: form.gmModifier ?? 0,
  };
  // A player declares; the storyguide rules the modifier and the run-up (the engine says what a player's declaration carries).
  return normalizeDeclaration(state, combatantId, trusted ? input : playerDeclaration(input));
}

/** The reveal: everyone's declaration in one step; no answer is "stand and do nothing". */
export function revealCommands(choices: Record<string, unknown>): TimeCommand[] {
  return Object.entries(choices).map(([combatantId, declaration]) => ({ type: "declare", combatantId, declaration: declaration ?? { action: "none" } }) as TimeCommand);
}

/** The dialog's form values as a declaration form (unknown opponents and weapons are caught by the GM's check). */
export function readDeclarationForm(values: DialogValues, opponentIds: readonly string[]): DeclarationForm {
  const str = (k: string) => (typeof values[k] === "string" ? (values[k] as string) : "");
  return {
    action: str("action"),
    movement: str("movement") || "stand",
    weaponId: str("weaponId"),
    opponents: opponentIds.filter((id) => values[`opponent-${id}`] === true),
    range: str("range"),
    evading: values.evading === true,
    defence: str("defence") || "none",
    horseback: values.horseback === true,
    highGround: values.highGround === true,
    charging: values.charging === true,
    runUpRoom: values.runUpRoom === true,
    ...(typeof values.gmModifier === "number" ? { gmModifier: values.gmModifier } : {}),
  };
}

/** The declaration dialog's inputs: the fighter's weapons and the other combatants by name. */
/**
 * The choices a declaration opens with, agreeing with each other: with a melee
 * weapon, fight in melee at the farthest range it reaches; with a missile weapon,
 * shoot at near range; bare of weapons, no fighting and no range.
 */
export function declarationDefaults(weapon: { stats: PhasesWeapon } | undefined): { action: string; range: string } {
  if (!weapon) return { action: "none", range: "" };
  if (weapon.stats.missile) return { action: "missile", range: "near" };
  return { action: "melee", range: weapon.stats.range };
}

export function declarationFields(fighter: Fighter, others: readonly { id: string; name: string }[], gm: boolean): DialogField[] {
  const options = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, label: `${prefix}${v}` }));
  const weapons = fighter.weapons.filter((w) => w.id);
  const defaults = declarationDefaults(weapons[0]);
  const fields: DialogField[] = [
    { kind: "select", name: "action", label: `${R}Field.Action`, value: defaults.action, options: options(ACTIONS, "BOUT.Phases.Time.Badge.Action.") },
    { kind: "select", name: "movement", label: `${R}Field.Movement`, value: "stand", options: options(MOVEMENT_MODES, "BOUT.Phases.Time.Badge.Movement.") },
    {
      kind: "select",
      name: "weaponId",
      label: `${R}Field.Weapon`,
      value: weapons[0]?.id ?? "",
      options: [{ value: "", label: `${R}NoWeapon` }, ...weapons.map((w) => ({ value: w.id, label: w.name }))],
    },
    { kind: "select", name: "range", label: `${R}Field.Range`, value: defaults.range, options: [{ value: "", label: `${R}NoRange` }, ...options(RANGES, "BOUT.Phases.Range.")] },
    ...others.map((o): DialogField => ({ kind: "checkbox", name: `opponent-${o.id}`, label: `${R}Field.Engage`, labelData: { name: o.name }, value: false })),
    { kind: "checkbox", name: "evading", label: `${R}Field.Evading`, value: false },
    // Against the shooters among the opponents named above ("Missile Fire Table", first footnote).
    { kind: "select", name: "defence", label: `${R}Field.Defence`, value: "none", options: options(SHOT_DEFENCES, `${R}Defence.`) },
    { kind: "checkbox", name: "horseback", label: `${R}Field.Horseback`, value: false },
    { kind: "checkbox", name: "highGround", label: `${R}Field.HighGround`, value: false },
    { kind: "checkbox", name: "charging", label: `${R}Field.Charging`, value: false },
    // A player asks for the run-up; the storyguide rules on it from the tracker. The GM's own declaration rules it here.
    { kind: "checkbox", name: "runUpRoom", label: gm ? `${R}Field.RunUpRoom` : `${R}Field.RunUpAsk`, value: false },
  ];
  if (gm) fields.push({ kind: "number", name: "gmModifier", label: `${R}Field.GmModifier`, value: 0, min: -MAX_RULING, max: MAX_RULING });
  return fields;
}

/** Odds in the dialog: the Initiative Total this declaration reaches (stress die, no botch on Initiative); a player's run-up is only asked for, so it adds nothing yet. */
export function declarationOdds(fighter: Fighter, values: DialogValues, gm = true): OddsView {
  const weapon = fighter.weapons.find((w) => w.id === values.weaponId);
  const declared: DeclarationInput = {
    action: values.action === "rout" ? "rout" : "none",
    horseback: values.horseback === true,
    highGround: values.highGround === true,
    charging: values.charging === true,
    runUpRoom: values.runUpRoom === true,
    gmModifier: typeof values.gmModifier === "number" ? values.gmModifier : 0,
  };
  // What the declaration will carry: a player's run-up is only asked for and its modifier dropped (the engine's playerDeclaration).
  const d = gm ? declared : playerDeclaration(declared);
  const bonus = initiativeBonus({
    score: initiativeScore(fighter.stats, weapon?.stats ?? null),
    horseback: d.horseback === true,
    ride: d.horseback === true ? fighter.stats.ride : 0,
    highGround: d.highGround === true,
    routing: d.action === "rout",
    charging: d.charging === true,
    runUpRoom: d.runUpRoom === true,
    gmModifier: d.gmModifier ?? 0,
  });
  // Totals a few steps above the sure part: how far the stress die is likely to carry it.
  const rows = [4, 7, 10, 15, 20].map((step) => ({
    label: `${R}Odds.Reach`,
    data: { total: bonus + step },
    probability: stressReachProbability(bonus, bonus + step, INITIATIVE_BOTCH_DICE).reach,
  }));
  return { rows };
}

registerDeclarationKind(PHASES_DECLARATION, {
  question: `${R}Question`,
  optionLabels: `${R}Option.`,
  reveal: (_groupId, choices) => revealCommands(choices),
  check(combat, combatantId, choice, trusted) {
    const state = combat.machineState as PhasesState | null;
    const fighter = fighterOf(combat, combatantId);
    if (!state || !fighter) return no("noFighter");
    return buildDeclaration(state, combatantId, fighter, choice as DeclarationForm, trusted);
  },
  async ask(combat, combatantId) {
    const fighter = fighterOf(combat, combatantId);
    if (!fighter) return null;
    const others = combat.combatants.contents.filter((c) => c.id !== combatantId).map((c) => ({ id: c.id!, name: c.name ?? "" }));
    const fields = declarationFields(fighter, others, Boolean(game.user?.isGM));
    const values = await openOddsDialog({
      title: `${R}Question`,
      titleData: { name: combat.combatants.get(combatantId)?.name ?? "" },
      fields,
      odds: (v) => declarationOdds(fighter, v, Boolean(game.user?.isGM)),
      confirmLabel: `${R}Confirm`,
    });
    return values ? readDeclarationForm(values, others.map((o) => o.id)) : null;
  },
});
