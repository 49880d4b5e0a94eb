/**
 * Seed 001 at the table: a weapon's roll button makes an attack card. A shot
 * builds its ease factor from the Missile Fire Table (range, cover, the
 * target's motion and Size, aiming, a called shot) and the target's owner
 * answers by standing, dodging (its Defense adds to the ease) or, with a
 * shield, actively defending (the shield's Dfn counts twice). A melee blow is
 * Attack Total against Defense Total with the engagement's first-strike bonus
 * (our default procedure, docs/rulesets/phases.md); a routing target cannot
 * defend. The GM's client rolls the stress dice; applying takes the wound
 * levels off the target's track. In a running phased round the attack is the
 * attacker's turn in the right phase, and it ends that turn (a shot counts as
 * fired).
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { actorView } from "../../data/actor/actor-view";
import { isWholeNumber, ok, refuse, type Outcome } from "../../engine/outcome";
import type { ActorView } from "../../engine/rulesets/ruleset";
import {
  attackScore,
  damageScore,
  defenseScore,
  fatigueState,
  isRange,
  meleeOdds,
  missileEase,
  reachOdds,
  rollMelee,
  rollMissile,
  soakScore,
  TARGET_MOTIONS,
  woundState,
  MISSILE_RANGE_ADJUSTMENT,
  RANGES,
  type MeleeInput,
  type MissileInput,
  type PhasesStats,
  type PhasesWeapon,
  type RangeClass,
  type TargetMotion,
} from "../../engine/rulesets/phases";
import { actingNow, type PhasesState } from "../../engine/time/phases";
import type { TimeCommand } from "../../engine/time/machine";
import { combatantFor, delta, dryRun, machineStateOf, postCard, registerCardKind, withNames, type CardKind, type CardView } from "../../chat/cards";
import { openOddsDialog, type DialogField } from "../dialogs/odds-dialog";
import { registerItemRoll, type ItemRollRequest } from "../sheets/item-roll";
import type { EngineEvent } from "../results/result-card";
import { opponents } from "./opponents";

type View = ActorView<PhasesStats>;
const view = (actor: Actor.Implementation | null) => actorView(actor as never, "phases") as unknown as View;
const T = "BOUT.Phases.Table.";
const refused = (code: string, key: string, data?: Record<string, string | number>): Outcome<never> => refuse(`phases.card.${code}`, `${T}Refusal.${key}`, data);

/** Wound and fatigue penalties together (0 or less). */
const penaltyOf = (v: View) => woundState(v.stats.woundsLeft).penalty + fatigueState(v.stats.fatigueLeft).penalty;
const equippedShield = (v: View) => v.shields.find((s) => s.equipped)?.stats ?? null;
const wornArmour = (v: View) => v.armor.filter((a) => a.equipped).map((a) => a.stats);
const readyWeapon = (v: View) => (v.weapons.find((w) => w.equipped && !w.stats.missile)?.stats as PhasesWeapon | undefined) ?? null;

const MISSILE_DEFENCES = ["none", "dodge", "shield"] as const;
const MELEE_DEFENCES = ["defend", "none"] as const;
type Defence = (typeof MISSILE_DEFENCES)[number] | (typeof MELEE_DEFENCES)[number];

interface Declaration {
  readonly weaponId: string;
  readonly weapon: string;
  readonly missile: boolean;
  readonly attack: number;
  readonly damage: number;
  readonly penalty: number;
  readonly piercing: boolean;
  /** Missile: the shot's situation (the target's answer adds its Defense or shield). */
  readonly shot: Omit<MissileInput, "attack" | "attackerPenalty" | "damage" | "soak" | "defending" | "shield"> | null;
  /** Melee: the first-strike bonus from the running round's engagement, and the storyguide's modifier. */
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

/** In a running round: the attacker's own turn in a phase for this weapon; the attack is that turn. */
function turnCommands(c: PhasesCombat, missile: boolean): Outcome<TimeCommand[]> {
  if (!c.state || !c.combatantId) return ok([]);
  const phaseOk = missile ? c.state.phase === "firstMissile" || c.state.phase === "secondMissile" : c.state.phase === "melee";
  if (c.state.stage !== "act" || !phaseOk) return refused("wrongPhase", missile ? "WrongPhaseMissile" : "WrongPhaseMelee");
  if (actingNow(c.state) !== c.combatantId) return refused("outOfTurn", "OutOfTurn");
  return ok([{ type: "act", combatantId: c.combatantId, fire: true } as TimeCommand]);
}

function firstStrikeFor(c: PhasesCombat): number {
  const e = c.state?.engagements.find((x) => (x.a === c.combatantId && x.b === c.defenderCombatantId) || (x.b === c.combatantId && x.a === c.defenderCombatantId));
  return e?.firstStrike?.combatantId === c.combatantId ? e.firstStrike.bonus : 0;
}

const routing = (c: PhasesCombat) => c.state?.combatants.find((x) => x.id === c.defenderCombatantId)?.declaration?.action === "rout";

function missileInput(d: Declaration, target: View, defence: Defence): MissileInput {
  const shield = equippedShield(target);
  return {
    ...(d.shot as NonNullable<Declaration["shot"]>),
    attack: d.attack,
    attackerPenalty: d.penalty,
    damage: d.damage,
    soak: soakScore(target.stats, wornArmour(target)),
    ...(defence === "dodge" || defence === "shield" ? { defending: defenseScore(target.stats, readyWeapon(target), null) } : {}),
    // The shield's Dfn always counts against a shot; twice when actively defending with it.
    ...(shield ? { shield: shield.defense * (defence === "shield" ? 2 : 1) } : {}),
  };
}

function meleeInput(d: Declaration, target: View, defence: Defence): MeleeInput {
  const defends = defence === "defend" && !d.targetRouting;
  return {
    attack: d.attack,
    firstStrike: d.firstStrike,
    defense: defends ? defenseScore(target.stats, readyWeapon(target), equippedShield(target)) : null,
    damage: d.damage,
    soak: soakScore(target.stats, wornArmour(target)),
    attackerPenalty: d.penalty,
    defenderPenalty: penaltyOf(target),
    attackModifier: d.modifier,
  };
}

const defencesFor = (d: Declaration, target: View): Defence[] =>
  d.missile ? MISSILE_DEFENCES.filter((x) => x !== "shield" || equippedShield(target) !== null) : d.targetRouting ? ["none"] : [...MELEE_DEFENCES];

const pct = (p: number) => Math.max(0, Math.min(1, p));

/** The odds rows of an attack against one answer. */
function attackOddsRows(d: Declaration, target: View, defence: Defence) {
  if (d.missile) {
    const input = missileInput(d, target, defence);
    const ease = missileEase(input);
    if (!ease.ok) return [];
    const odds = reachOdds(d.attack + d.penalty, ease.value.ease, 1);
    return [
      { label: `${T}Odds.HitShot`, data: { ease: ease.value.ease }, probability: pct(odds.reach), headline: true },
      { label: `${T}Odds.Botch`, probability: pct(odds.botch) },
    ];
  }
  const odds = meleeOdds(meleeInput(d, target, defence));
  const wounding = [...odds.wounds].filter(([w]) => w > 0).reduce((t, [, p]) => t + p, 0);
  return [
    { label: `${T}Odds.Hit`, probability: pct(odds.hit), headline: true },
    { label: `${T}Odds.Wound`, probability: pct(wounding) },
    { label: `${T}Odds.Botch`, probability: pct(odds.attackBotch) },
  ];
}

function readShot(raw: Record<string, unknown>, target: View): Outcome<NonNullable<Declaration["shot"]>> {
  const range = raw.range;
  if (!isRange(range) || MISSILE_RANGE_ADJUSTMENT[range] === null) return refused("badRange", "BadRange");
  const motion = raw.motion ?? "still";
  if (typeof motion !== "string" || !(TARGET_MOTIONS as readonly string[]).includes(motion)) return refused("badMotion", "BadForm");
  const calledShotSize = raw.calledShotSize ?? 0;
  if (!isWholeNumber(calledShotSize) || Math.abs(calledShotSize) > 20) return refused("badModifier", "BadModifier");
  const modifier = raw.modifier ?? 0;
  if (!isWholeNumber(modifier) || Math.abs(modifier) > 50) return refused("badModifier", "BadModifier");
  const calledShot = raw.calledShot === true;
  return ok({
    range: range as RangeClass,
    obscured: raw.obscured === true,
    motion: motion as TargetMotion,
    size: target.stats.size,
    aimed: raw.aimed === true,
    // A called shot's own Size modifier goes with the storyguide's ("Optional Called Shots Rule").
    gmModifier: modifier + (calledShot ? calledShotSize : 0),
    calledShot,
  });
}

function prepare(raw: unknown, attacker: Actor.Implementation, defender: Actor.Implementation, combatId: string): Outcome<Declaration> {
  const d = (raw ?? {}) as Record<string, unknown>;
  const item = typeof d.weaponId === "string" ? attacker.items.get(d.weaponId) : undefined;
  if (!item || item.type !== "weapon") return refused("noWeapon", "NoWeapon");
  const w = ((item.system as { phases?: PhasesWeapon }).phases ?? {}) as PhasesWeapon;
  const a = view(attacker);
  const target = view(defender);
  const c = phasesCombat(combatId, attacker, defender);
  let shot: Declaration["shot"] = null;
  let modifier = 0;
  if (w.missile) {
    const read = readShot(d, target);
    if (!read.ok) return read;
    shot = read.value;
  } else {
    modifier = d.modifier === undefined ? 0 : (d.modifier as number);
    if (!isWholeNumber(modifier) || Math.abs(modifier) > 50) return refused("badModifier", "BadModifier");
  }
  const commands = turnCommands(c, w.missile);
  if (!commands.ok) return commands;
  const ready = dryRun(combatId, commands.value);
  if (!ready.ok) return ready;
  return ok({
    weaponId: item.id!,
    weapon: item.name,
    missile: Boolean(w.missile),
    attack: attackScore(a.stats, w),
    damage: damageScore(a.stats, w),
    penalty: penaltyOf(a),
    piercing: Boolean(w.piercing),
    shot: shot ? { ...shot, piercing: Boolean(w.piercing), piercingRule: piercingRule() } : null,
    firstStrike: w.missile ? 0 : firstStrikeFor(c),
    modifier,
    targetRouting: Boolean(routing(c)),
  });
}

/** The world's choice of the Optional Longbow and Crossbow Damage Rule. */
function piercingRule(): boolean {
  return Boolean(game.settings?.get("bout" as never, "phasesPiercingRule" as never));
}

async function declareAttack({ actor, item }: ItemRollRequest) {
  const foes = opponents(actor);
  const w = ((item.system as { phases?: PhasesWeapon }).phases ?? {}) as PhasesWeapon;
  const target: DialogField = { kind: "select", name: "defender", label: `${T}Target`, value: foes[0]?.id ?? "", options: foes.map((f) => ({ value: f.id!, label: f.name })) };
  const shootable = RANGES.filter((r) => MISSILE_RANGE_ADJUSTMENT[r] !== null);
  const fields: DialogField[] = w.missile
    ? [
        target,
        { kind: "select", name: "range", label: `${T}Range`, value: "middle", options: shootable.map((r) => ({ value: r, label: `BOUT.Phases.Range.${r}` })) },
        { kind: "select", name: "motion", label: `${T}Motion`, value: "still", options: TARGET_MOTIONS.map((m) => ({ value: m, label: `BOUT.Phases.Motion.${m}` })) },
        { kind: "checkbox", name: "obscured", label: `${T}Obscured`, value: false },
        { kind: "checkbox", name: "aimed", label: `${T}Aimed`, value: false },
        { kind: "checkbox", name: "calledShot", label: `${T}CalledShot`, value: false },
        { kind: "number", name: "calledShotSize", label: `${T}CalledShotSize`, value: 0, min: -20, max: 20 },
        { kind: "number", name: "modifier", label: `${T}EaseModifier`, value: 0, min: -50, max: 50 },
      ]
    : [target, { kind: "number", name: "modifier", label: `${T}AttackModifier`, value: 0, min: -50, max: 50 }];
  const combatId = game.combat?.id ?? "";
  const values = await openOddsDialog({
    title: "BOUT.Roll.AttackTitle",
    titleData: { name: item.name },
    confirmLabel: `${T}Attack`,
    fields,
    odds: (v) => {
      const foe = foes.find((f) => f.id === v.defender);
      if (!foe) return { rows: [] };
      const prepared = prepare({ ...v, weaponId: item.id }, actor, foe, combatId);
      // The odds against a target who does not defend: the most the attacker can hope for.
      return prepared.ok ? { rows: attackOddsRows(prepared.value, view(foe), "none") } : { rows: [] };
    },
  });
  if (!values) return;
  const defender = foes.find((f) => f.id === values.defender);
  if (!defender) return;
  const { defender: _target, ...rest } = values;
  return postCard("phases.attack", actor, defender, { ...rest, weaponId: item.id }, combatId);
}

const line = (type: string, key: string, data: Record<string, string | number | boolean>): EngineEvent => ({ type, key, data });

const attackCard: CardKind = {
  title: `${T}CardTitle`,
  prepare,
  describe: (d: Declaration | null) => [
    line("declared", d?.missile ? `${T}DeclaredShot` : `${T}DeclaredBlow`, { weapon: d?.weapon ?? "", range: d?.shot?.range ?? "", firstStrike: d?.firstStrike ?? 0 }),
  ],
  async defend(card: CardView) {
    const d = card.declaration as Declaration;
    const target = view(card.defender);
    const choices = defencesFor(d, target);
    const values = await openOddsDialog({
      title: `${T}DefendTitle`,
      titleData: { name: card.attacker?.name ?? "" },
      confirmLabel: "BOUT.Card.Defend",
      fields: [{ kind: "select", name: "defence", label: `${T}Defence.Label`, value: choices[0]!, options: choices.map((c) => ({ value: c, label: `${T}Defence.${c}` })) }],
      odds: (values) => ({ rows: attackOddsRows(d, target, values.defence as Defence) }),
    });
    return values ? { defence: values.defence } : null;
  },
  async resolve(card, answer: any): Promise<Outcome<any>> {
    const d = card.declaration as Declaration;
    if (!card.attacker || !card.defender || !d) return refused("noWeapon", "NoWeapon");
    const target = view(card.defender);
    const defence = answer?.defence as Defence;
    if (!defencesFor(d, target).includes(defence)) return refused("badDefence", "BadDefence");
    const commands = turnCommands(phasesCombat(card.combatId, card.attacker, card.defender), d.missile);
    if (!commands.ok) return commands;
    const rolled = d.missile
      ? await resolveWithFoundry((dice) => rollMissile(missileInput(d, target, defence), dice))
      : await resolveWithFoundry((dice) => rollMelee(meleeInput(d, target, defence), dice));
    if (!rolled.value.ok) return rolled.value;
    const r = rolled.value.value.result as { hit: boolean; wounds: number };
    const updates: Record<string, Record<string, unknown>> = r.wounds > 0 ? { [card.defender.id!]: { "system.phases.woundsLeft": delta(-r.wounds, 0) } } : {};
    return ok({
      outcome: r.hit ? "success" : "failure",
      events: withNames(rolled.value.value.events as EngineEvent[], [card.attacker, card.defender]),
      updates,
      rolls: rolled.rolls,
      lookups: [],
      combatCommands: commands.value,
    });
  },
};

export function registerPhasesTable(): void {
  game.settings?.register("bout" as never, "phasesPiercingRule" as never, {
    name: `${T}Setting.PiercingRule.Name`,
    hint: `${T}Setting.PiercingRule.Hint`,
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  } as never);
  registerCardKind("phases.attack", attackCard);
  registerItemRoll("phases", "weapon", declareAttack);
}
