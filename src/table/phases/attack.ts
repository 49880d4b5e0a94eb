/**
 * Seed 001 at the table: a weapon's roll button makes an attack card.
 *
 * A shot builds its ease factor from the Missile Fire Table: its range is the
 * range the two are engaged at this round, else the distance measured between
 * their tokens (the engine classes both: phases-movement.ts shotRange), and only
 * where there is nothing to measure the GM's ruling (Middle when none is
 * given); the shooter gives cover, the target's motion, aiming, a called shot
 * (when the world plays that optional rule) and whether the target dodges or
 * defends against them, with or without its shield; the target's Size, Defense
 * and shield Dfn come from its sheet. Whether the target defends was settled in the Movement
 * phase ("has spotted you and defensively engaged you"), not at the shot, so
 * the shot resolves at once, unanswered.
 *
 * A melee blow is Attack Total against Defense Total with the first-strike
 * bonus (our default procedure, docs/rulesets/phases.md): the defender's owner
 * answers by defending or not; a routing target cannot. The bonus comes from the
 * running round's engagement, else from the dialog.
 *
 * The GM's client rolls the stress dice; applying takes the wound levels off the
 * target's track. In a running phased round the attack is the attacker's turn in
 * the right phase, and it ends that turn (a shot counts as fired).
 */
import { phasesShotRanges, ruleSwitch } from "../../settings";
import { phasesTracks } from "../../settings";
import { attackHeadline } from "./headline";
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterName, fighterRef } from "../fighter";
import { actorView } from "../../data/actor/actor-view";
import { ok, refuse, type Outcome, type Refusal } from "../../engine/outcome";
import type { ActorView } from "../../engine/rulesets/ruleset";
import {
  attackScore,
  blowDefences,
  blowTargetFigures,
  meleeWeaponOf,
  shotTargetFigures,
  blowFigures,
  damageScore,
  meleeOdds,
  missileOdds,
  rollMelee,
  rollMissile,
  shotSituation,
  TARGET_MOTIONS,
  trackPenalty,
  ATTACK_MODIFIER_MAX,
  CALLED_SHOT_AIMS,
  CALLED_SHOT_SIZE_MAX,
  FIRST_STRIKE_MAX,
  SHOOTABLE_RANGES,
  SHOT_DEFENCES,
  WOUND_STEP,
  weaponReach,
  postedReach,
  type WeaponReach,
  type BlowDefence,
  type MeleeInput,
  type PhasesTarget,
  type MissileInput,
  type MissileResult,
  type Part,
  type PhasesStats,
  type PhasesWeapon,
  type RangeClass,
  type ShotDefence,
  type ShotFormRefusal,
} from "../../engine/rulesets/phases";
import { aimAllowed, firstStrikeBonus, declaredShotDefence, declaredTargetMotion, type PhasesState } from "../../engine/time/phases";
import { routsThisRound, strikeRefusal, type StrikeRefusal } from "../../engine/time/phases-strikes";
import { shotRange, type ShotRangeSource } from "../../engine/time/phases-movement";
import { pacesPerUnit } from "../../engine/rulesets/phases/effective-space";
import { centreDistance, tokensOf, unitsOf } from "../measure";
import type { TimeCommand } from "../../engine/time/machine";
import { combatantFor, delta, dryRun, isSet, machineStateOf, postCard, registerCardKind, withNames, type CardKind, type CardView } from "../cards";
import { openOddsDialog, type DialogField, type DialogValues } from "../../applications/dialogs/odds-dialog";
import { registerItemRoll, type ItemRollRequest } from "../../applications/sheets/item-roll";
import { eventLine as line, type EngineEvent } from "../../applications/results/result-card";
import type { OddsView } from "../../engine/odds-view";
import { notifyRefusal } from "../notify";
import { defaultOpponent, opponentOptions, opponents, pickOpponent } from "../opponents";

type View = ActorView<PhasesStats>;
const view = (actor: Actor.Implementation | null) => actorView<PhasesStats>(actor, "phases");
const T = "BOUT.Phases.Table.";
const refused = (code: string, key: string, data?: Record<string, string | number>): Outcome<never> => refuse(`phases.card.${code}`, `${T}Refusal.${key}`, data);

/** Wound and fatigue penalties together (0 or less). */
// The wound and fatigue penalties by the world's tracks (the GM's form, else ours).
const penaltyOf = (v: View) => trackPenalty(v.stats, phasesTracks());
const equippedShield = (v: View) => v.shields.find((s) => s.equipped)?.stats ?? null;
/** The target's sheet as the engine weighs it against an attack (target.ts). */
const targetOf = (v: View): PhasesTarget => ({
  stats: v.stats,
  weapon: meleeWeaponOf(v.weapons.filter((w) => w.equipped).map((w) => w.stats as PhasesWeapon)),
  shield: equippedShield(v),
  armour: v.armor.filter((a) => a.equipped).map((a) => a.stats),
});

type ShotSituation = Omit<MissileInput, "attack" | "attackerPenalty" | "damage" | "soak" | "defending" | "shield">;

interface Declaration {
  readonly weaponId: string;
  readonly weapon: string;
  readonly missile: boolean;
  /** Melee: the weapon's reach when the blow was declared (the engine's `postedReach` reads it back); a shot: none. */
  readonly reach?: WeaponReach | null;
  readonly attack: number;
  readonly damage: number;
  readonly penalty: number;
  readonly piercing: boolean;
  /** Missile: the shot's situation on the Missile Fire Table, and how the target meets it. */
  readonly shot: ShotSituation | null;
  readonly shotDefence: ShotDefence;
  /** Where the shot's defence came from: the target's revealed declaration in the running round, or the shooter's dialog. */
  readonly shotDefenceFrom?: "round" | "shooter";
  /** Where the shot's range came from: the two's engagement, the tokens (with the paces between them), or the GM's ruling. */
  readonly rangeFrom?: ShotRangeSource | "ruling";
  readonly paces?: number;
  /** Melee: the first-strike bonus (the running round's engagement, else the dialog's) and the storyguide's modifier. */
  readonly firstStrike: number;
  readonly modifier: number;
  /** The target routs this round: no defence. */
  readonly targetRouting: boolean;
}

interface PhasesCombat {
  readonly combatantId: string | null;
  readonly defenderCombatantId: string | null;
  readonly state: PhasesState | null;
}

const phasesCombat = (combatId: string, attacker: Actor.Implementation | null, defender: Actor.Implementation | null): PhasesCombat => ({
  combatantId: combatantFor(combatId, attacker),
  defenderCombatantId: combatantFor(combatId, defender),
  state: machineStateOf<PhasesState>(combatId, "phases"),
});

/** The attacker fights in a running phased round: its engagements and phases rule. */
const inRound = (c: PhasesCombat) => c.state !== null && c.combatantId !== null;

/**
 * In a running round: the attacker's own turn in a phase for this weapon; the
 * attack is that turn. A fighter the phase has no turn for is told why (the
 * engine's strikeRefusal): its quarry got away, its weapon does not reach the
 * engagement's range, it is engaged with nobody, it declared no fighting, or its
 * missile weapon is not ready in this phase.
 */
function turnCommands(c: PhasesCombat, missile: boolean, reach: WeaponReach | null, names: { target: string; weapon: string }): Outcome<TimeCommand[]> {
  if (!c.state || !c.combatantId) return ok([]);
  const no = strikeRefusal(c.state, c.combatantId, c.defenderCombatantId, missile, missile ? null : reach);
  if (no) {
    const data = { name: names.target, weapon: names.weapon, range: no.code === "outOfReach" ? (game.i18n?.localize(`BOUT.Phases.Range.${no.range}`) ?? no.range) : "" };
    return refused(no.code, no.code === "wrongPhase" ? (missile ? "WrongPhaseMissile" : "WrongPhaseMelee") : STRIKE_REFUSAL_KEYS[no.code], data);
  }
  return ok([{ type: "act", combatantId: c.combatantId, fire: true } as TimeCommand]);
}

/** The notice for each reason the engine gives for refusing an attack. */
const STRIKE_REFUSAL_KEYS: Record<Exclude<StrikeRefusal["code"], "wrongPhase">, string> = {
  outOfTurn: "OutOfTurn",
  alreadyActed: "AlreadyActed",
  notEngaged: "NotEngaged",
  notFighting: "NotFighting",
  notShooting: "NotShooting",
  notReady: "NotReady",
  escaped: "Escaped",
  outOfReach: "OutOfReach",
};

/** The engagement contest's bonus, when the attacker won it against this target ("1. Movement"). */
function engagementFirstStrike(c: PhasesCombat): number {
  return c.state ? firstStrikeBonus(c.state, c.combatantId, c.defenderCombatantId) : 0;
}

const routing = (c: PhasesCombat) => (c.state ? routsThisRound(c.state, c.defenderCombatantId) : false);

/**
 * The target's own answer to this shooter, from its revealed Movement-phase
 * declaration in the running round ("Missile Fire Table", first footnote); null
 * outside a round or when the target declared nothing this round.
 */
const roundShotDefence = (c: PhasesCombat): ShotDefence | null => (c.state ? declaredShotDefence(c.state, c.combatantId, c.defenderCombatantId) : null);

function missileInput(d: Declaration, target: View, shooter = ""): MissileInput {
  return {
    ...(d.shot as ShotSituation),
    ...(shooter ? { shooterId: shooter } : {}),
    attack: d.attack,
    attackerPenalty: d.penalty,
    damage: d.damage,
    // Cards posted before the shot carried its defence have none: the target stands.
    ...shotTargetFigures(targetOf(target), d.shotDefence ?? "none", Boolean(d.targetRouting)),
  };
}

function meleeInput(d: Declaration, target: View, defence: BlowDefence, ids: { attackerId?: string; defenderId?: string } = {}): MeleeInput {
  return {
    ...ids,
    attack: d.attack,
    firstStrike: d.firstStrike,
    damage: d.damage,
    ...blowTargetFigures(targetOf(target), defence, Boolean(d.targetRouting)),
    attackerPenalty: d.penalty,
    defenderPenalty: penaltyOf(target),
    attackModifier: d.modifier,
  };
}

const blowDefencesFor = (d: Declaration): BlowDefence[] => blowDefences(Boolean(d.targetRouting));

const pct = (p: number) => Math.max(0, Math.min(1, p));

/** The exact chance a blow of this weapon lands on the foe when it defends (what a style weighs its foes by). */
export function blowChance(attacker: Actor.Implementation, weapon: PhasesWeapon, foe: Actor.Implementation, memo: (input: MeleeInput, work: () => number) => number = (_i, work) => work()): number {
  const a = view(attacker);
  const d = { attack: attackScore(a.stats, weapon), damage: damageScore(a.stats, weapon), penalty: penaltyOf(a), firstStrike: 0, modifier: 0, targetRouting: false } as Declaration;
  const input = meleeInput(d, view(foe), "defend");
  return memo(input, () => pct(meleeOdds(input).hit));
}

/** The defences open to a blow's target, each with the exact chance the blow lands (the defend dialog's headline). */
export function blowDefenceOdds(card: CardView): { value: BlowDefence; chance: number }[] {
  const d = card.declaration as Declaration;
  const target = view(card.defender);
  return blowDefencesFor(d).map((value) => ({ value, chance: pct(meleeOdds(meleeInput(d, target, value)).hit) }));
}
const wounding = (wounds: ReadonlyMap<number, number>) => [...wounds].filter(([w]) => w > 0).reduce((t, [, p]) => t + p, 0);

/** The defence a prepared shot will use, in words: the target's declaration in the round, or the shooter's statement. */
function shotDefenceText(d: Declaration, targetName: string): string {
  const from = d.shotDefenceFrom === "round" ? "Declared" : "Stated";
  return game.i18n?.format(`${T}ShotDefence.${from}.${d.shotDefence ?? "none"}`, { name: targetName }) ?? d.shotDefence;
}

/** The exact odds of a prepared attack, from the engine. A shot names the defence it uses; a blow shows the target defending and not. */
function attackOdds(d: Declaration, target: View, targetName: string): OddsView {
  if (d.missile) {
    const odds = missileOdds(missileInput(d, target));
    if (!odds.ok) return { rows: [] };
    return {
      rows: [
        { label: `${T}Odds.HitShotAgainst`, data: { ease: odds.value.ease, defence: shotDefenceText(d, targetName) }, probability: pct(odds.value.hit), headline: true },
        { label: `${T}Odds.Wound`, probability: pct(odds.value.wound) },
        { label: `${T}Odds.Botch`, probability: pct(odds.value.botch) },
      ],
    };
  }
  const open = meleeOdds(meleeInput(d, target, "none"));
  if (d.targetRouting) {
    return {
      rows: [
        { label: `${T}Odds.HitRouting`, probability: pct(open.hit), headline: true },
        { label: `${T}Odds.Wound`, probability: pct(wounding(open.wounds)) },
        { label: `${T}Odds.Botch`, probability: pct(open.attackBotch) },
      ],
    };
  }
  const defended = meleeOdds(meleeInput(d, target, "defend"));
  return {
    rows: [
      { label: `${T}Odds.HitDefended`, probability: pct(defended.hit), headline: true },
      { label: `${T}Odds.WoundDefended`, probability: pct(wounding(defended.wounds)) },
      { label: `${T}Odds.HitUndefended`, probability: pct(open.hit) },
      { label: `${T}Odds.Botch`, probability: pct(open.attackBotch) },
    ],
  };
}

/** The world's optional rules of seed 001 (src/settings.ts). */
const piercingRule = () => ruleSwitch("phasesPiercingRule");
const calledShots = () => ruleSwitch("phasesCalledShots");

/** The range of a shot as measured or engaged (null: nothing to measure), with the paces measured. */
interface MeasuredRange {
  readonly range: RangeClass;
  readonly from: ShotRangeSource;
  readonly paces: number | null;
}

/**
 * The range of a shot: the round's engagement between the two, else their
 * tokens' distance in paces (the engine classes it); null when there is
 * nothing to measure.
 */
function measuredRange(c: PhasesCombat, attacker: Actor.Implementation, defender: Actor.Implementation, combatId: string): MeasuredRange | null {
  const pair = tokensOf(attacker, defender, combatId);
  const paces = pair ? centreDistance(pair.a, pair.b, pair.scene) * pacesPerUnit(unitsOf(pair.scene)) : null;
  // The paces of each class are the world's table (the GM's form; ours by default).
  const found = shotRange(c.state, c.combatantId, c.defenderCombatantId, paces, phasesShotRanges());
  return found ? { ...found, paces } : null;
}

/** The notice for each reason the engine gives for refusing a shot's form. */
const SHOT_REFUSAL_KEYS: Record<ShotFormRefusal["code"], string> = {
  noFiring: "NoFiringAt",
  badRange: "BadRange",
  badForm: "BadForm",
  notAimed: "NotAimed",
  badDefence: "BadDefence",
  routing: "RoutingNoDefence",
  noShield: "NoShield",
  calledShotsOff: "CalledShotsOff",
  badModifier: "BadModifier",
};

/** The shot's situation from the form and what the round and the documents say (the engine's shotSituation decides). */
function readShot(raw: Record<string, unknown>, target: Actor.Implementation, c: PhasesCombat, measured: MeasuredRange | null): Outcome<{ shot: ShotSituation; defence: ShotDefence }> {
  const t = view(target);
  const read = shotSituation(raw, {
    measured: measured?.range ?? null,
    declaredDefence: roundShotDefence(c),
    declaredMotion: c.state ? declaredTargetMotion(c.state, c.defenderCombatantId) : null,
    aimAllowed: c.state ? aimAllowed(c.state, c.combatantId) : null,
    targetRouting: routing(c),
    targetShield: Boolean(equippedShield(t)),
    targetSize: t.stats.size,
    calledShots: calledShots(),
  });
  if (read.ok) return ok({ shot: read.shot, defence: read.defence });
  const no = read.refusal;
  const range = no.code === "noFiring" ? (game.i18n?.localize(`BOUT.Phases.Range.${no.range}`) ?? no.range) : "";
  return refused(no.code, SHOT_REFUSAL_KEYS[no.code], { name: fighterName(target), range });
}

function prepare(raw: unknown, attacker: Actor.Implementation, defender: Actor.Implementation, combatId: string): Outcome<Declaration> {
  const d = (raw ?? {}) as Record<string, unknown>;
  const item = typeof d.weaponId === "string" ? attacker.items.get(d.weaponId) : undefined;
  if (!item || item.type !== "weapon") return refused("noWeapon", "NoWeapon");
  const w = ((item.system as { phases?: PhasesWeapon }).phases ?? {}) as PhasesWeapon;
  const c = phasesCombat(combatId, attacker, defender);
  const targetRouting = routing(c);
  let shot: ShotSituation | null = null;
  let shotDefence: ShotDefence = "none";
  let shotDefenceFrom: "round" | "shooter" | undefined;
  let measured: MeasuredRange | null = null;
  let modifier = 0;
  let firstStrike = 0;
  if (w.missile) {
    measured = measuredRange(c, attacker, defender, combatId);
    const read = readShot(d, defender, c, measured);
    if (!read.ok) return read;
    shot = { ...read.value.shot, piercing: Boolean(w.piercing), piercingRule: piercingRule() };
    shotDefence = read.value.defence;
    shotDefenceFrom = roundShotDefence(c) === null ? "shooter" : "round";
  } else {
    // Outside a running round the table settles the engagement contest itself and enters the bonus (the engine decides which counts).
    const blow = blowFigures(d, inRound(c) ? engagementFirstStrike(c) : null);
    if (!blow.ok) return refused(blow.refusal.code, blow.refusal.code === "badModifier" ? "BadModifier" : "BadFirstStrike");
    ({ modifier, firstStrike } = blow);
  }
  // In the round: the attacker's turn in the phase, at someone it is engaged with, with a weapon that reaches (the engine decides).
  const reach = w.missile ? null : weaponReach(w);
  const commands = turnCommands(c, Boolean(w.missile), reach, { target: fighterName(defender), weapon: item.name });
  if (!commands.ok) return commands;
  const ready = dryRun(combatId, commands.value);
  if (!ready.ok) return ready;
  const a = view(attacker);
  return ok({
    weaponId: item.id!,
    weapon: item.name,
    missile: Boolean(w.missile),
    reach,
    attack: attackScore(a.stats, w),
    damage: damageScore(a.stats, w),
    penalty: penaltyOf(a),
    piercing: Boolean(w.piercing),
    shot,
    shotDefence,
    ...(shotDefenceFrom ? { shotDefenceFrom } : {}),
    ...(w.missile ? { rangeFrom: measured?.from ?? "ruling" } : {}),
    ...(measured?.paces !== null && measured?.paces !== undefined ? { paces: Math.round(measured.paces * 10) / 10 } : {}),
    firstStrike,
    modifier,
    targetRouting,
  });
}

function dialogFields(item: Item.Implementation, foes: readonly Actor.Implementation[], firstStrikeField: boolean): DialogField[] {
  // In a running round the targets' own declarations say how they meet a shot; the field is for a target that declared nothing.
  const inRoundNow = !firstStrikeField;
  const w = ((item.system as { phases?: PhasesWeapon }).phases ?? {}) as PhasesWeapon;
  const target: DialogField = { kind: "select", name: "defender", label: `${T}Target`, value: defaultOpponent(foes), options: opponentOptions(foes) };
  if (!w.missile) {
    return [
      target,
      ...(firstStrikeField ? [{ kind: "number", name: "firstStrike", label: `${T}FirstStrike`, value: 0, min: 0, max: FIRST_STRIKE_MAX, gmOnly: true } as const] : []),
      { kind: "number", name: "modifier", label: `${T}AttackModifier`, value: 0, min: -ATTACK_MODIFIER_MAX, max: ATTACK_MODIFIER_MAX, gmOnly: true },
    ];
  }
  return [
    target,
    // The range is measured from the tokens (or is the two's engagement); the GM rules it only where there is nothing to measure.
    {
      kind: "select",
      name: "range",
      label: `${T}RangeRuling`,
      value: "",
      options: [{ value: "", label: `${T}RangeMeasured` }, ...SHOOTABLE_RANGES.map((r) => ({ value: r, label: `BOUT.Phases.Range.${r}` }))],
      gmOnly: true,
    },
    { kind: "select", name: "motion", label: inRoundNow ? `${T}MotionFallback` : `${T}Motion`, value: "still", options: TARGET_MOTIONS.map((m) => ({ value: m, label: `BOUT.Phases.Motion.${m}` })) },
    { kind: "select", name: "defence", label: inRoundNow ? `${T}ShotDefence.LabelFallback` : `${T}ShotDefence.Label`, value: "none", options: SHOT_DEFENCES.map((x) => ({ value: x, label: `${T}ShotDefence.${x}` })) },
    { kind: "checkbox", name: "obscured", label: `${T}Obscured`, value: false },
    { kind: "checkbox", name: "aimed", label: `${T}Aimed`, value: false },
    ...(calledShots()
      ? ([
          { kind: "checkbox", name: "calledShot", label: `${T}CalledShot`, value: false },
          { kind: "select", name: "calledShotAim", label: `${T}CalledShotAim.Label`, value: "exposed", options: CALLED_SHOT_AIMS.map((x) => ({ value: x, label: `${T}CalledShotAim.${x}` })) },
          { kind: "number", name: "calledShotSize", label: `${T}CalledShotSize`, value: 0, min: -CALLED_SHOT_SIZE_MAX, max: CALLED_SHOT_SIZE_MAX },
        ] as const)
      : []),
    { kind: "number", name: "modifier", label: `${T}EaseModifier`, value: 0, min: -ATTACK_MODIFIER_MAX, max: ATTACK_MODIFIER_MAX, gmOnly: true },
  ];
}

async function declareAttack({ actor, item }: ItemRollRequest) {
  const foes = opponents(actor);
  // Nobody to attack: said before any dialog, nothing is posted.
  const noTarget: Refusal = { code: "phases.card.noTarget", message: `${T}Refusal.NoTarget` };
  if (!foes.length) return notifyRefusal(noTarget);
  const combatId = game.combat?.id ?? "";
  const fields = dialogFields(item, foes, !inRound(phasesCombat(combatId, actor, null)));
  const request = (v: DialogValues) => {
    const { defender: _target, ...rest } = v;
    return { ...rest, weaponId: item.id };
  };
  const values = await openOddsDialog({
    title: "BOUT.Roll.AttackTitle",
    titleData: { name: item.name },
    confirmLabel: `${T}Attack`,
    fields,
    odds: (v) => {
      const foe = pickOpponent(foes, v.defender);
      const prepared = foe ? prepare(request(v), actor, foe, combatId) : null;
      return prepared?.ok ? attackOdds(prepared.value, view(foe!), foe!.name) : { rows: [] };
    },
  });
  if (!values) return;
  const defender = pickOpponent(foes, values.defender);
  if (!defender) return notifyRefusal(noTarget);
  return postCard("phases.attack", actor, defender, request(values), combatId);
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const PART = "BOUT.Phases.Part.";

/** The card's account of a shot: the engine's lines, the ease factor's parts under its total, the wound step when not 5. */
function shotLines(events: readonly EngineEvent[], r: MissileResult): EngineEvent[] {
  const parts = r.easeParts.map((p: Part, i) => line("easePart", `${T}EasePart.${p.key.slice(PART.length)}`, { value: i === 0 ? String(p.value) : signed(p.value) }));
  const out: EngineEvent[] = [];
  for (const e of events) {
    if (e.type === "wounds" && r.woundStep !== WOUND_STEP) out.push(line("woundStep", `${T}WoundStep`, { step: r.woundStep }));
    out.push(e);
    if (e.type === "ease") out.push(...parts);
  }
  return out;
}

function describeDeclaration(d: Declaration | null): EngineEvent[] {
  if (!d) return [];
  const lines: EngineEvent[] = [];
  if (d.missile) {
    // The range's label in the card's language: the card is rendered on the GM's client.
    const range = d.shot ? game.i18n?.localize(`BOUT.Phases.Range.${d.shot.range}`) ?? d.shot.range : "";
    lines.push(line("declared", `${T}DeclaredShot`, { weapon: d.weapon, range }));
    // Where the range came from (cards from before this line have none).
    if (d.rangeFrom) lines.push(line("declared", `${T}RangeFrom.${d.rangeFrom}`, { paces: d.paces ?? 0 }));
    if (d.shot?.calledShot) lines.push(line("declared", d.shot.exposed ? `${T}DeclaredCalledShot` : `${T}DeclaredCalledShotEffect`));
    // Which defence the shot meets, and who settled it (cards from before this line have no source).
    if (d.shotDefenceFrom) lines.push(line("declared", `${T}DefenceLine.${d.shotDefenceFrom === "round" ? "Declared" : "Stated"}.${d.shotDefence}`));
  } else {
    lines.push(line("declared", d.firstStrike ? `${T}DeclaredBlowFirstStrike` : `${T}DeclaredBlow`, { weapon: d.weapon, firstStrike: d.firstStrike }));
    if (d.modifier) lines.push(line("declared", `${T}DeclaredModifier`, { modifier: signed(d.modifier) }));
  }
  return lines;
}

const attackCard: CardKind = {
  title: `${T}CardTitle`,
  gmFigures: (d) => [...(isSet(d.modifier) ? [`${T}AttackModifier`] : []), ...(isSet(d.firstStrike) ? [`${T}FirstStrike`] : []), ...(isSet(d.range) ? [`${T}RangeRuling`] : [])],
  // The target's answer to a shot was given in the Movement phase and is on the declaration.
  unanswered: (d: Declaration | null) => Boolean(d?.missile),
  prepare,
  describe: describeDeclaration,
  async defend(card: CardView) {
    const d = card.declaration as Declaration;
    // A shot has no answer (an older card may still show the button): resolve it as declared.
    if (d?.missile) return {};
    const target = view(card.defender);
    const choices = blowDefencesFor(d);
    const values = await openOddsDialog({
      title: `${T}DefendTitle`,
      titleData: { name: fighterName(card.attacker) },
      confirmLabel: "BOUT.Card.Defend",
      fields: [{ kind: "select", name: "defence", label: `${T}Defence.Label`, value: choices[0]!, options: choices.map((c) => ({ value: c, label: `${T}Defence.${c}` })) }],
      odds: (v) => {
        const odds = meleeOdds(meleeInput(d, target, v.defence as BlowDefence));
        return { rows: [{ label: `${T}Odds.Hit`, probability: pct(odds.hit), headline: true }, { label: `${T}Odds.Wound`, probability: pct(wounding(odds.wounds)) }] };
      },
    });
    return values ? { defence: values.defence } : null;
  },
  async resolve(card, answer: any): Promise<Outcome<any>> {
    const d = card.declaration as Declaration;
    if (!card.attacker || !card.defender || !d) return refused("noWeapon", "NoWeapon");
    const target = view(card.defender);
    // The blow's reach is the card's, as posted; a card from before it carried one reads its weapon, and without either it is refused plainly.
    const missile = Boolean(d.missile);
    const kept = (card.attacker.items.get(d.weaponId)?.system as { phases?: PhasesWeapon } | undefined)?.phases;
    const reach = missile ? null : (postedReach(d.reach) ?? (kept ? weaponReach(kept) : null));
    if (!missile && !reach) return refused("noWeapon", "NoWeapon");
    const commands = turnCommands(phasesCombat(card.combatId, card.attacker, card.defender), missile, reach, { target: fighterName(card.defender), weapon: d.weapon });
    if (!commands.ok) return commands;
    let wounds: number;
    let hit: boolean;
    let events: EngineEvent[];
    let rolls: Roll[];
    if (d.missile) {
      const rolled = await resolveWithFoundry((dice) => rollMissile(missileInput(d, target, fighterRef(card.attacker!)), dice));
      if (!rolled.value.ok) return rolled.value;
      const r = rolled.value.value.result;
      ({ wounds, hit } = r);
      events = shotLines(rolled.value.value.events as EngineEvent[], r);
      rolls = rolled.rolls;
    } else {
      const defence = answer?.defence as BlowDefence;
      if (!blowDefencesFor(d).includes(defence)) return refused("badDefence", "BadDefence");
      const rolled = await resolveWithFoundry((dice) => rollMelee(meleeInput(d, target, defence, { attackerId: fighterRef(card.attacker!), defenderId: fighterRef(card.defender!) }), dice));
      if (!rolled.value.ok) return rolled.value;
      ({ wounds, hit } = rolled.value.value.result);
      events = rolled.value.value.events as EngineEvent[];
      rolls = rolled.rolls;
    }
    // A delta: two cards resolved before either is applied both count.
    const updates: Record<string, Record<string, unknown>> = wounds > 0 ? { [fighterRef(card.defender!)]: { "system.phases.woundsLeft": delta(-wounds, 0) } } : {};
    return ok({
      outcome: hit ? "success" : "failure",
      headline: attackHeadline(hit, wounds, Boolean(d.missile)),
      events: withNames(events, [card.attacker, card.defender]),
      updates,
      rolls,
      lookups: [],
      combatCommands: commands.value,
    });
  },
};

export function registerPhasesTable(): void {
  registerCardKind("phases.attack", attackCard);
  registerItemRoll("phases", "weapon", declareAttack);
}
