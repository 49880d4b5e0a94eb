/**
 * Seed 004 at the table: a weapon's roll button makes an attack card. The
 * attacker picks the target and the attack (a plain blow or a special attack
 * [16.5]) and the situation (from the rear: no shield [17.5]; charging; an
 * offensive withdrawal [13.3]); the target's owner answers by evading, which
 * opens a parry on a wide miss [17.4], or by standing. The GM's client rolls the
 * Strike Check, the weapon-risk and parry checks and the damage; applying takes
 * the damage from Fatigue or Endurance (never both), marks a stun, and writes
 * what the engine says the blow did to the gear and footing: armour worn down or
 * a shield broken by a grievous injury (the defender's choice, given with the
 * answer), weapons broken or out of hand, a fall (the prone condition). A broken
 * or dropped weapon is refused before any roll. In a running pulse the attack is
 * the attacker's action and ends it, refused before any roll when it is not
 * their moment.
 */
import { attackHeadline, blowAftermath, noLineOfFireHeadline } from "./headline";
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { combatantOf, fighterFrom, fighterName, fighterRef, fightersAround, refersTo, sameFighter } from "../fighter";
import { actorView } from "../../data/actor/actor-view";
import { isWholeNumber, ok, refuse, type Outcome } from "../../engine/outcome";
import type { ActorView } from "../../engine/rulesets/ruleset";
import type { AttackInput } from "../../engine/rulesets/pulse/attack";
import { figureInZone, lineOfFire, type Figure } from "../../engine/rulesets/pulse/hex";
import { blowSide, parryRank, SHIELD_HAND, sideOfBlow as sideOfBlowFrom } from "../../engine/rulesets/pulse/blow-side";
import { SYSTEM_ID } from "../../config";
import { checkMultipleAttacks } from "../../engine/rulesets/pulse/multiple-attacks";
import { concentrationDue } from "../../engine/rulesets/pulse/actions";
import { strikePenaltyOf, type PulsesState, type StrikeType } from "../../engine/time/pulses";
import { resolveShot } from "../../engine/rulesets/pulse/line-of-fire";
import { wallsBlock, type WallLine } from "../../engine/rulesets/pulse/obstruction";
import type { CombatantInfo } from "../machines";
import { armourTotals, defenseOf, effectiveBaseChance, modAGOf, modMDOf, tmrOf } from "../../engine/rulesets/pulse/derived";
import { attackOdds, damageOdds, strikeOdds } from "../../engine/rulesets/pulse/odds";
import { histogram, type OddsView } from "../../engine/odds-view";
import { attackConsequences, DEFAULT_GRIEVOUS_CHOICE, GRIEVOUS_CHOICES, grievousChoiceOf, weaponReady } from "../../engine/rulesets/pulse/consequences";
import { ATTACK_KINDS, attackBaseChance, knockoutMinutes, specialAttackAllowed, type AttackKind } from "../../engine/rulesets/pulse/special-attacks";
import { rollOne } from "../../engine/dice";
import { poisonAgeOf } from "./poison-time";
import type { PulseStats, PulseWeaponStats } from "../../engine/rulesets/pulse/stats";
import { defenseTerms, strikeTerms, type DefenseOptions, type RelativeSide, type StrikeInput } from "../../engine/rulesets/pulse/strike";
import { weaponDamageTerms } from "../../engine/rulesets/pulse/wounds";
import { damageBonus, incapacitated, INCAPACITATING_CONDITIONS } from "../../engine/rulesets/pulse/damage";
import type { TimeCommand } from "../../engine/time/machine";
import { cardView, combatantFor, delta, dryRun, isSet, machineStateOf, postCard, registerCardKind, takeFromCard, withNames, withThen, type CardKind, type CardView, type FollowUp, type ItemChange, type StatusChange } from "../cards";
import { notifyRefusal } from "../notify";
import { checkStunnedMay } from "../../engine/rulesets/pulse/actions";
import { openOddsDialog, type DialogField } from "../../applications/dialogs/odds-dialog";
import { registerItemRoll, type ItemRollRequest } from "../../applications/sheets/item-roll";
import { eventLine as line, type EngineEvent } from "../../applications/results/result-card";
import { defaultOpponent, opponentOptions, opponents, pickOpponent } from "../opponents";
import { tokenPlacement } from "./engagements";
import { checkMountedBlow } from "./mounted";
import { checkAttackPlace } from "./attack-reach";
import { actorIdsFlag, fightInfos, inClose, inPulseFight, owePassCommands, tangledWith } from "./fight";
import { hasStatus } from "../status-effects";
import { blockedShotSpendsFire, blowConditions, freesRestrained, knocksOut, poisonHandling } from "../../engine/rulesets/pulse/card-effects";
import { chargeRunOn } from "../../engine/rulesets/pulse/move-budget";
import { grapples, restrainHelpers as restrainHelpersOf } from "../../engine/rulesets/pulse/grapple";
import { disarmableItems, firesMissiles, hexesCovered, manSized, readyWeapon, shieldCanRush, strikeAction, strikeTypeOf } from "../../engine/rulesets/pulse/wielding";
import { ruleSwitch } from "../../settings";

type View = ActorView<PulseStats>;
export const view = (actor: Actor.Implementation | null) => actorView<PulseStats>(actor, "pulse");
const T = "BOUT.Pulse.Table.";
const refused = (code: string, key: string): Outcome<never> => refuse(`pulse.card.${code}`, `${T}Refusal.${key}`);

// [13.3] a defensive withdrawal behind a prepared shield adds 20 to Defense.
const ANSWERS = ["stand", "evade", "withdraw"] as const;
type Answer = (typeof ANSWERS)[number];

/** A figure's fighting figures after armour. */
export function figure(v: View) {
  const armour = armourTotals(v.armor.filter((a) => a.equipped).map((a) => a.stats));
  const modAG = modAGOf(v.stats, armour);
  const modMD = modMDOf(v.stats, armour);
  const shield = defenseOf(modAG, v.shields.filter((s) => s.equipped).map((s) => s.stats)).shield;
  // A broken weapon neither strikes nor parries [17.3] (the engine's readyWeapon).
  const weapon = (readyWeapon(v.weapons)?.stats as PulseWeaponStats | undefined) ?? null;
  return { armour, modAG, modMD, shield, weapon };
}

interface Declaration {
  readonly weaponId: string;
  readonly weapon: string;
  readonly kind: AttackKind;
  readonly strike: Omit<StrikeInput, "defense">;
  readonly fromRear: boolean;
  /** [17.5] the side of the target the blow comes from, read from the tokens on a hex scene (0 ahead ... 3 rear). */
  readonly from?: RelativeSide;
  readonly attacker: AttackInput["attacker"];
  readonly dieModifier: number;
  readonly damageModifiers: AttackInput["damageModifiers"];
  readonly context: AttackInput["context"];
  /** [16.1] actors standing on the line of fire, nearest first (a shot on a hex scene). */
  readonly inTheWay?: readonly string[];
  /** The missile's range in hexes, for where it falls when it hits nobody. */
  readonly range?: number;
  /** [23] a mounted charge: next pulse the mount runs on this many hexes past the target. */
  readonly momentum?: number;
  /** [16.4] the target, the kind of attack, and whether more attacks follow in this action. */
  readonly targetId: string;
  readonly strikeType: StrikeType;
  readonly several?: "twoWeapons" | "twoHandedB";
  readonly moreToCome?: boolean;
  /** [16.5] a Restrain's helpers: those also grappling the target, whose PS + modAG join the attacker's. */
  readonly helpers?: readonly string[];
  /** [17.4] the free attack a parry of 8 or more gave: the card it came from. It is nobody's turn. */
  readonly riposteOf?: string;
  /** [16.1] the shot had no line of fire: the Fire action is spent and nothing is loosed (the reason's lang key). */
  readonly blocked?: string;
}

/** [17.4] a free attack a card's parry opened: who may make it, against whom, and whether it was taken. */
interface OpenRiposte {
  readonly who: string;
  readonly against: string;
}

/** An offer a resolved attack card keeps in its result (a riposte, a disarm's choice), read fresh, and whether it was taken. */
export function openOffer<T>(sourceId: unknown, key: "riposte" | "disarm", takenKey: "taken" | "disarmTaken"): { offer: T; taken: boolean } | null {
  const message = typeof sourceId === "string" ? (game.messages!.get(sourceId) as ChatMessage.Implementation | undefined) : undefined;
  const source = message ? cardView(message) : null;
  if (!source || source.kind !== "pulse.attack" || (source.state !== "resolved" && source.state !== "applied")) return null;
  const offer = source.result?.data?.[key] as T | undefined;
  return offer ? { offer, taken: Boolean(source.result?.[takenKey]) } : null;
}

function openRiposte(sourceId: unknown): { riposte: OpenRiposte; taken: boolean } | null {
  const open = openOffer<OpenRiposte>(sourceId, "riposte", "taken");
  return open ? { riposte: open.offer, taken: open.taken } : null;
}

/** The target's Defense against this blow, and its damage figures. */
/** [17.5] a figure out of the fight (knocked out, restrained, dead) has no Defense at all. */
export const helpless = (actor: Actor.Implementation | null) => INCAPACITATING_CONDITIONS.some((s) => hasStatus(actor, s));

/** [17.5] the world's choices for Defense: the optional shield facing rule, and whether modAG counts. */
function defenseOptions(): DefenseOptions {
  // The world's Defense switches, each read as the engine's default when unset (settings.ts ruleSwitch).
  return { shieldFacingRule: ruleSwitch("pulseShieldFacing"), agilityInDefense: ruleSwitch("pulseAgilityInDefense") };
}

export function defenderInput(d: Pick<Declaration, "fromRear" | "from">, target: View, answer: Answer, outOfFight = false): AttackInput["defender"] & { defense: number } {
  const f = figure(target);
  const defense = defenseTerms({
    modAG: f.modAG,
    shield: f.shield,
    from: d.from ?? blowSide(null, d.fromRear).from,
    shieldHand: SHIELD_HAND,
    stunned: target.stats.stunned,
    incapacitated: incapacitated(target.stats.enduranceNow, outOfFight),
    withdrawingDefensively: answer === "withdraw",
  }, defenseOptions()).reduce((t, x) => t + x.value, 0);
  return {
    defense,
    endurance: target.stats.endurance,
    enduranceNow: target.stats.enduranceNow,
    fatigueNow: target.stats.fatigueNow,
    monster: target.stats.monster,
    modAG: f.modAG,
    modMD: f.modMD,
    evading: answer === "evade",
    parryRank: parryRank(answer === "evade", f.weapon),
    protection: f.armour.protection,
  };
}

/** The blow's fighters named in its input, so the engine names their dice on the card. */
const named = (input: AttackInput, attacker: Actor.Implementation, defender: Actor.Implementation): AttackInput => ({ ...input, attacker: { ...input.attacker, id: fighterRef(attacker) }, defender: { ...input.defender, id: fighterRef(defender) } });

function attackInput(d: Declaration, target: View, answer: Answer, outOfFight = false, from?: RelativeSide | null): AttackInput {
  const { defense, ...defender } = defenderInput(from === undefined || from === null ? d : { ...d, from }, target, answer, outOfFight);
  // [16.5] a knockout's minutes are the GM's secret: rolled apart and whispered.
  return { ...d.strike, defense, context: d.context, attacker: d.attacker, defender, dieModifier: d.dieModifier, damageModifiers: d.damageModifiers, secretKnockout: true };
}

/** [22] hexes the defender covers: the sheet's figure, or more when its token in the fight is larger on a hex scene. */
function hexesOf(combatId: string, defender: Actor.Implementation, target: View): number {
  const combatant = combatId ? combatantOf(game.combats?.get(combatId), defender) : undefined;
  const token = (combatant?.token as TokenDocument.Implementation | null | undefined) ?? null;
  return hexesCovered(target.stats.hexes, tokenPlacement(token)?.hexes?.length ?? null);
}

/** A scene's wall as its document holds it (v13 BaseWall): the segment, what it blocks, its door, direction and thresholds. */
interface SceneWall {
  readonly c: readonly number[];
  readonly sight: number;
  readonly door: number;
  readonly ds: number;
  readonly dir?: number;
  readonly threshold?: { readonly sight?: number | null };
}

/**
 * [16.1] a shot between two tokens of the fight on a hex scene: the line from
 * hex centre to hex centre must lie in the shooter's Ranged Zone; the actors
 * standing on it are returned nearest first. Null when there is no map to read
 * (no fight, no tokens, not a hex scene): the shot is then taken as declared.
 */
function shotLine(combatId: string, attacker: Actor.Implementation, defender: Actor.Implementation): Outcome<readonly string[]> | null {
  const infos = fightInfos(combatId);
  const from = infos.find((i) => sameFighter(i.actor, attacker));
  const to = infos.find((i) => sameFighter(i.actor, defender));
  if (!from?.placed || !to?.placed) return null;
  const others: Figure[] = infos
    .filter((i) => i.placed && i !== from && i !== to)
    .map((i) => ({ id: i.actor ? fighterRef(i.actor) : i.id, side: i.side, hex: i.placed!.hex, facing: i.placed!.facing, ...(i.placed!.hexes ? { hexes: i.placed!.hexes } : {}) }));
  const line = lineOfFire(from.placed.hex, from.placed.facing, to.placed.hex, others);
  if (!line.clear) return refused("noLineOfFire", "NoLineOfFire");
  // [16.1] unobstructed: no wall of the scene between the two hex centres.
  const tokenOf = (actor: Actor.Implementation) => combatantOf(game.combats?.get(combatId), actor)?.token as TokenDocument.Implementation | null | undefined;
  const shooter = tokenOf(attacker);
  const mark = tokenOf(defender);
  const scene = shooter?.parent as { walls?: { contents: SceneWall[] }; grid?: { size?: number; distance?: number } } | null;
  // A wall's sight threshold is in grid units: in pixels as Foundry's Wall#_createEdge has it (times the scene's pixels per unit).
  const perUnit = Number(scene?.grid?.size) / Number(scene?.grid?.distance) || 0;
  const walls: WallLine[] = (scene?.walls?.contents ?? []).map((w) => ({ c: [...w.c], sight: Number(w.sight), door: Number(w.door), ds: Number(w.ds), dir: Number(w.dir ?? 0), threshold: Number(w.threshold?.sight ?? 0) * perUnit }));
  // The shooter's eye has the token's external radius, as Foundry v13's vision does (Token#externalRadius: half the larger side of TokenDocument#getSize).
  const size = shooter?.getSize();
  const radius = size ? Math.max(size.width, size.height) / 2 : 0;
  if (shooter && mark && walls.length && wallsBlock(shooter.getCenterPoint(), mark.getCenterPoint(), walls, radius)) return refused("obstructed", "Obstructed");
  return ok([...new Set(line.inTheWay)].filter((id) => fighterFrom(id)));
}

/**
 * In a running pulse the attack is the attacker's action: it is recorded, and
 * the last of the action ends the turn (one attack, or the last of several
 * [16.4]).
 */
const turnCommands = (combatId: string, attacker: Actor.Implementation | null, d?: Pick<Declaration, "targetId" | "strikeType" | "moreToCome">): TimeCommand[] => {
  const id = inPulseFight(combatId) ? combatantFor(combatId, attacker) : null;
  if (!id) return [];
  return [(d ? { type: "strike", combatantId: id, targetId: d.targetId, attackType: d.strikeType, done: !d.moreToCome } : { type: "endTurn", combatantId: id }) as unknown as TimeCommand];
};

/**
 * [16.4] an attack after others in the same action: with two weapons (all of
 * one type) or a two-handed class B weapon at rank 4 (each adjacent target
 * once). The earlier attacks come from the fight's record of this turn.
 */
function checkFollowingAttack(combatId: string, attacker: Actor.Implementation, defender: Actor.Implementation, w: PulseWeaponStats, d: Pick<Declaration, "several" | "strikeType" | "targetId">): Outcome<true> {
  const id = combatantFor(combatId, attacker);
  const state = machineStateOf<PulsesState>(combatId, "pulses");
  const before = id ? (state?.strikes?.[id] ?? []) : [];
  if (!before.length && !d.several) return ok(true);
  if (!d.several) return refused("several", "SeveralUndeclared");
  const infos = fightInfos(combatId);
  const me = infos.find((i) => sameFighter(i.actor, attacker))?.placed;
  const inZone = (targetId: string) => {
    const them = infos.find((i) => i.id === targetId || refersTo(targetId, i.actor))?.placed;
    // Without a map, the GM's word that the targets are adjacent.
    return me && them ? figureInZone(me, them) : true;
  };
  const planned = [...before, { targetId: d.targetId, type: d.strikeType }].map((a) => ({ targetId: a.targetId, type: a.type, inMeleeZone: inZone(a.targetId) }));
  return checkMultipleAttacks(d.several, planned, w);
}

function prepare(raw: unknown, attacker: Actor.Implementation, defender: Actor.Implementation, combatId: string): Outcome<Declaration> {
  const d = (raw ?? {}) as Record<string, unknown>;
  const item = typeof d.weaponId === "string" ? attacker.items.get(d.weaponId) : undefined;
  if (!item || item.type !== "weapon") return refused("noWeapon", "NoWeapon");
  const kind = (d.kind ?? "normal") as AttackKind;
  if (!(ATTACK_KINDS as readonly string[]).includes(kind)) return refused("badKind", "BadForm");
  const modifier = d.modifier ?? 0;
  if (!isWholeNumber(modifier) || Math.abs(modifier) > 100) return refused("badModifier", "BadModifier");
  const w = ((item.system as { pulse?: PulseWeaponStats }).pulse ?? {}) as PulseWeaponStats;
  const a = view(attacker);
  // [16.4] the three kinds of attack: fire, grapple (in close combat [13.7]) and melee.
  const strikeType: StrikeType = strikeTypeOf(w.use, inClose(attacker));
  // [15] a stunned figure's only action is to recover: no attack, no riposte, in a pulse or outside one.
  const stun = checkStunnedMay(a.stats.stunned, strikeAction(strikeType));
  if (!stun.ok) return stun;
  const ready = weaponReady(a.weapons.find((x) => x.id === item.id)!);
  if (!ready.ok) return ready;
  const f = figure(a);
  const t = view(defender);
  const several: Declaration["several"] = d.several === "twoWeapons" || d.several === "twoHandedB" ? d.several : undefined;
  // [17.4] a riposte is the parrier's free attack on the one who missed: outside the turn order, once.
  const riposte = d.riposteOf === undefined ? null : openRiposte(d.riposteOf);
  if (d.riposteOf !== undefined && (!riposte || riposte.taken || !refersTo(riposte.riposte.who, attacker) || !refersTo(riposte.riposte.against, defender))) return refused("noRiposte", "NoRiposte");
  // The fight names the target by its combatant; outside one, by its fighter ref.
  const plan = { targetId: combatantFor(combatId, defender) ?? fighterRef(defender), strikeType, moreToCome: d.moreToCome === true, ...(several ? { several } : {}) };
  if (!riposte) {
    const following = checkFollowingAttack(combatId, attacker, defender, w, plan);
    if (!following.ok) return following;
    const turn = dryRun(combatId, turnCommands(combatId, attacker, plan));
    if (!turn.ok) return turn;
  }
  // [13.1] a blow reaches the attacker's melee zone, and [14.2-8] the attack and this pulse's walk are one action
  // (a riposte is a free attack: [17.4] its parry may meet blows from outside the parrier's zone).
  if (!riposte) {
    const place = checkAttackPlace(combatId, attacker, defender, strikeType, w);
    if (!place.ok) return place;
  }
  const riding = checkMountedBlow(combatId, attacker, defender, w, several);
  if (!riding.ok) return riding;
  // [16.5] a Restrain is made while grappling the target; those grappling it too may lend their strength.
  const grappling = grapples(inClose(attacker), tangledWith(attacker).some((r) => refersTo(r, defender)));
  const helpers = kind === "restrain" && d.helped === true ? restrainHelpers(attacker, defender) : [];
  // [17.5] on a hex scene the tokens say which side of the target the blow comes from.
  const side = sideOfBlow(fightInfos(combatId), attacker, defender);
  // [14.1] the GM's penalty for the attacker's turning or the ground this pulse, ruled from its tracker row.
  const penalty = strikePenaltyOf(machineStateOf<PulsesState>(combatId, "pulses"), combatantFor(combatId, attacker));
  const context = {
    weapon: w,
    // A figure covering one hex is man-sized or smaller.
    targetHumanOrSmaller: manSized(hexesOf(combatId, defender, t)),
    unarmedRank: a.stats.unarmedRank,
    shieldCanRush: shieldCanRush(a.shields),
    inMelee: !firesMissiles(w.use),
    grappling,
  };
  // [16.5] an attack the weapon or the situation does not allow is refused before the card is posted.
  const allowed = specialAttackAllowed({ ...context, kind });
  if (!allowed.ok) return allowed;
  const missile = firesMissiles(w.use);
  const line = missile ? shotLine(combatId, attacker, defender) : null;
  // [16.1] one never checks a line of fire without executing Fire: in the shooter's turn in a running pulse a
  // blocked shot still spends the action (a card that says so, nothing rolled); elsewhere it is simply refused.
  const inTurn = !riposte && Boolean(machineStateOf<PulsesState>(combatId, "pulses")) && Boolean(combatantFor(combatId, attacker));
  if (line && !line.ok && !blockedShotSpendsFire(inTurn)) return line;
  const blocked = line && !line.ok ? line.refusal.message : null;
  // [23] a rider's charge owes the mount's run-on next pulse.
  const runOn = chargeRunOn(Boolean(a.stats.mounted), d.charging === true, tmrOf(a.stats, f.armour));
  return ok({
    ...plan,
    ...(blocked ? { blocked, moreToCome: false } : {}),
    ...(riposte ? { riposteOf: d.riposteOf as string, moreToCome: false } : {}),
    ...(line?.ok ? { inTheWay: line.value } : {}),
    ...(missile ? { range: w.range } : {}),
    ...(runOn !== null ? { momentum: runOn } : {}),
    weaponId: item.id!,
    weapon: item.name,
    kind,
    ...(helpers.length ? { helpers: helpers.map((h) => fighterRef(h)) } : {}),
    strike: {
      attack: kind,
      // [16.5] a Restrain's own base chance stands in for the weapon's.
      baseChance: attackBaseChance(kind, effectiveBaseChance(w, { modAG: f.modAG, ps: a.stats.ps, md: a.stats.md }), { attackers: [attacker, ...helpers].map(strength), target: strength(defender) }),
      modMD: f.modMD,
      ranked: w.ranked,
      rank: w.rank,
      charging: d.charging === true,
      withdrawingOffensively: d.withdrawing === true,
      modifiers: [...(modifier ? [{ key: `${T}Modifier`, value: modifier }] : []), ...(penalty ? [{ key: `${T}GmPenalty`, value: penalty }] : [])],
    },
    fromRear: blowSide(side, d.fromRear === true).fromRear,
    ...(side === null ? {} : { from: side }),
    // [18.5] the optional damage bonus the weapon's sheet names, and what it adds to the breakage chance.
    attacker: { modMD: f.modMD, weaponRank: w.rank, breakageAdded: bonusOf(w, a.stats.ps).breakageAdded },
    dieModifier: w.damage,
    damageModifiers: weaponDamageTerms(w, { ps: a.stats.ps }, w.damageBonus ?? "none"),
    context,
  });
}

/**
 * [17.5] the side of the target a blow comes from, when both stand on the map
 * of the fight: the hexside of the first hex on the line from the target toward
 * the attacker (0 ahead ... 3 rear); null without a map.
 */
function sideOfBlow(infos: readonly CombatantInfo[], attacker: Actor.Implementation, target: Actor.Implementation): RelativeSide | null {
  const from = infos.find((i) => sameFighter(i.actor, attacker))?.placed;
  const to = infos.find((i) => sameFighter(i.actor, target))?.placed;
  return from && to ? sideOfBlowFrom(to, from.hex) : null;
}

/** [18.5] the weapon's optional damage bonus for this wielder. */
const bonusOf = (w: PulseWeaponStats, ps: number) =>
  damageBonus(w.damageBonus ?? "none", { ps, minPS: w.minPS, rank: w.rank, missileOrThrown: firesMissiles(w.use) });

/** PS and modAG, what a Restrain pits against a Restrain [16.5]. */
const strength = (actor: Actor.Implementation) => {
  const v = view(actor);
  return { ps: v.stats.ps, modAG: figure(v).modAG };
};

/** Everyone else grappling the target: their close-combat tangle includes it. */
function restrainHelpers(attacker: Actor.Implementation, defender: Actor.Implementation): Actor.Implementation[] {
  const others = fightersAround(attacker).filter((a) => !sameFighter(a, attacker) && !sameFighter(a, defender));
  return restrainHelpersOf(others.map((a) => ({ who: a, inCloseCombat: inClose(a), tangledWithTarget: tangledWith(a).some((r) => refersTo(r, defender)) })));
}


function oddsView(d: Declaration, target: View, answer: Answer, outOfFight = false): OddsView {
  const input = attackInput(d, target, answer, outOfFight);
  const terms = strikeTerms(input);
  const strike = strikeOdds(terms, input.defender.evading);
  const damageInput = { dieModifier: input.dieModifier, modifiers: input.damageModifiers, protection: input.defender.protection, halved: false, target: input.defender };
  const damage = attackOdds(terms, damageInput);
  // The damage a plain hit does after armour, die face by die face.
  const plain = damageOdds({ ...damageInput, ignoreArmour: false, toEndurance: false });
  return { rows: oddsRows(strike, damage, answer), distributions: [{ label: `${T}Odds.DamageSpread`, bars: histogram(plain.effective) }] };
}

/** The exact chance a plain blow of this weapon strikes the foe standing (what a style weighs its foes by); -1 when the blow cannot be made now. */
export function blowChance(attacker: Actor.Implementation, weaponId: string, foe: Actor.Implementation, combatId: string): number {
  const prepared = prepare({ weaponId, kind: "normal" }, attacker, foe, combatId);
  if (!prepared.ok) return -1;
  return strikeOdds(strikeTerms(attackInput(prepared.value, view(foe), "stand", helpless(foe))), false).hit;
}

function oddsRows(strike: ReturnType<typeof strikeOdds>, damage: ReturnType<typeof attackOdds>, answer: Answer) {
  return [
    { label: `${T}Odds.Hit`, data: { chance: strike.modSC }, probability: strike.hit, headline: true },
    { label: `${T}Odds.ThroughArmour`, probability: strike.throughArmour },
    { label: `${T}Odds.Grievous`, probability: strike.grievous },
    { label: `${T}Odds.Stun`, probability: damage.stun },
    { label: `${T}Odds.Down`, probability: damage.down },
    ...(answer === "evade" ? [{ label: `${T}Odds.ParryOpen`, probability: strike.parryOpen }] : []),
    { label: `${T}Odds.WeaponRisk`, probability: strike.weaponRisk },
  ];
}

async function declareAttack({ actor, item }: ItemRollRequest, riposte?: { against: Actor.Implementation; riposteOf: string }) {
  const foes = riposte ? [riposte.against] : opponents(actor);
  const combatId = game.combat?.id ?? "";
  const fields: DialogField[] = [
    { kind: "select", name: "defender", label: `${T}Target`, value: defaultOpponent(foes), options: opponentOptions(foes) },
    { kind: "select", name: "kind", label: `${T}Kind`, value: "normal", options: ATTACK_KINDS.map((k) => ({ value: k, label: `${T}AttackKind.${k}` })) },
    { kind: "checkbox", name: "fromRear", label: `${T}FromRear`, value: false, gmOnly: true },
    { kind: "checkbox", name: "charging", label: `${T}Charging`, value: false },
    { kind: "checkbox", name: "withdrawing", label: `${T}Withdrawing`, value: false },
    { kind: "number", name: "modifier", label: `${T}Modifier`, value: 0, min: -100, max: 100, gmOnly: true },
    // [16.4] several attacks in one action: say how, and whether another follows this one.
    { kind: "select", name: "several", label: `${T}Several.Label`, value: "", options: [{ value: "", label: `${T}Several.none` }, { value: "twoWeapons", label: `${T}Several.twoWeapons` }, { value: "twoHandedB", label: `${T}Several.twoHandedB` }] },
    { kind: "checkbox", name: "moreToCome", label: `${T}MoreToCome`, value: false },
    { kind: "checkbox", name: "helped", label: `${T}Helped`, value: false },
  ];
  const values = await openOddsDialog({
    title: "BOUT.Roll.AttackTitle",
    titleData: { name: item.name },
    confirmLabel: `${T}Attack`,
    fields,
    odds: (v) => {
      const foe = pickOpponent(foes, v.defender);
      const prepared = foe ? prepare({ ...v, weaponId: item.id }, actor, foe, "") : null;
      return prepared?.ok && foe ? oddsView(prepared.value, view(foe), "stand", helpless(foe)) : { rows: [] };
    },
  });
  if (!values) return;
  const defender = pickOpponent(foes, values.defender);
  if (!defender) return;
  const { defender: _target, ...rest } = values;
  return postCard("pulse.attack", actor, defender, { ...rest, weaponId: item.id, ...(riposte ? { riposteOf: riposte.riposteOf } : {}) }, combatId);
}

/** [16.5] a landed Disarm, kept on its card until the attacker picks the item. */
export interface OpenDisarm {
  readonly who: string;
  readonly from: string;
}

/** The attacker's owner, on their client: pick which of the target's items in hand goes, and post the choice. */
async function chooseDisarmed(card: CardView): Promise<Outcome<unknown>> {
  const disarm = card.result?.data?.disarm as OpenDisarm | undefined;
  const taker = disarm ? (fighterFrom(disarm.who) ?? undefined) : undefined;
  const victim = disarm ? (fighterFrom(disarm.from) ?? undefined) : undefined;
  const inHand = victim ? disarmable(victim) : [];
  if (!taker || !victim || !inHand.length) {
    const none = refused("nothingToDisarm", "NothingToDisarm");
    if (!none.ok) notifyRefusal(none.refusal);
    return none;
  }
  const values = await openOddsDialog({
    title: `${T}DisarmTitle`,
    titleData: { name: victim.name },
    confirmLabel: `${T}DisarmGo`,
    fields: [{ kind: "select", name: "itemId", label: `${T}DisarmItem`, value: inHand[0]!.id, options: inHand.map((i) => ({ value: i.id, label: i.name })) }],
    odds: () => ({ rows: [] }),
  });
  if (!values) return ok(false);
  return postCard("pulse.disarmChoice", taker, victim, { sourceId: card.id, itemId: values.itemId }, card.combatId);
}

/** What a Disarm can take: the weapons and shields the figure has in hand (not bare hands). */
export function disarmable(actor: Actor.Implementation): { id: string; name: string }[] {
  const v = view(actor);
  return disarmableItems(v.weapons, v.shields).map((i) => ({ id: i.id, name: i.name }));
}

const attackCard: CardKind = {
  title: `${T}CardTitle`,
  // The side a blow comes from is the map's to tell; without one, the GM's word.
  gmFigures: (d) => [...(isSet(d.modifier) ? [`${T}Modifier`] : []), ...(isSet(d.fromRear) ? [`${T}FromRear`] : [])],
  prepare,
  // A blocked shot has nothing for the target to answer.
  unanswered: (d: Declaration | null) => Boolean(d?.blocked),
  // A riposte is taken in its card's own write queue, written with the riposte's card: a second click finds it gone.
  claimsFrom: (d: Declaration) => d.riposteOf ?? null,
  async claim(d: Declaration, _attacker, _defender, batch) {
    if (!d.riposteOf) return ok(true as const);
    const open = openRiposte(d.riposteOf);
    if (!open || open.taken) return refused("noRiposte", "NoRiposte");
    await takeFromCard(batch, d.riposteOf, { taken: "riposte" });
    return ok(true as const);
  },
  followUps(card: CardView): FollowUp[] {
    const riposte = card.result?.data?.riposte as OpenRiposte | undefined;
    const disarm = card.result?.data?.disarm as OpenDisarm | undefined;
    return [
      ...(riposte && !card.result?.taken ? [{ id: "riposte", label: `${T}RiposteButton`, actorId: riposte.who }] : []),
      ...(disarm && !card.result?.disarmTaken ? [{ id: "disarm", label: `${T}DisarmButton`, actorId: disarm.who }] : []),
    ];
  },
  async followUp(card: CardView, id: string) {
    if (id === "disarm") return chooseDisarmed(card);
    const riposte = card.result?.data?.riposte as OpenRiposte | undefined;
    const taker = riposte ? (fighterFrom(riposte.who) ?? undefined) : undefined;
    const victim = riposte ? (fighterFrom(riposte.against) ?? undefined) : undefined;
    // [17.3] the riposte is struck with the weapon in hand (the engine's readyWeapon).
    const ready = taker ? readyWeapon(view(taker).weapons) : null;
    const weapon = ready ? taker!.items.get(ready.id) : undefined;
    const bad = !taker || !victim ? refused("noRiposte", "NoRiposte") : !weapon ? refused("noWeaponInHand", "NoWeaponInHand") : null;
    if (bad) {
      if (!bad.ok) notifyRefusal(bad.refusal);
      return bad;
    }
    return (await declareAttack({ actor: taker!, item: weapon! } as ItemRollRequest, { against: victim!, riposteOf: card.id })) ?? ok(false);
  },
  describe: (d: Declaration | null) => [
    line("declared", `${T}Declared`, { weapon: d?.weapon ?? "", kind: d?.kind ?? "normal" }),
    ...(d?.momentum ? [line("momentum", `${T}Momentum`, { hexes: d.momentum })] : []),
  ],
  async defend(card: CardView) {
    const d = card.declaration as Declaration;
    const target = view(card.defender);
    const values = await openOddsDialog({
      title: `${T}DefendTitle`,
      titleData: { name: fighterName(card.attacker) },
      confirmLabel: "BOUT.Card.Defend",
      fields: [
        { kind: "select", name: "answer", label: `${T}Answer.Label`, value: "evade", options: ANSWERS.map((a) => ({ value: a, label: `${T}Answer.${a}` })) },
        // [18] the defender picks in advance which piece pays for a grievous injury.
        { kind: "select", name: "grievous", label: `${T}Grievous.Label`, value: DEFAULT_GRIEVOUS_CHOICE, options: GRIEVOUS_CHOICES.map((g) => ({ value: g, label: `${T}Grievous.${g}` })) },
      ],
      odds: (values) => oddsView(d, target, values.answer as Answer, helpless(card.defender)),
    });
    return values ? { answer: values.answer, grievous: values.grievous } : null;
  },
  async resolve(card, raw: any): Promise<Outcome<any>> {
    const d = card.declaration as Declaration;
    if (!card.attacker || !card.defender || !d) return refused("noWeapon", "NoWeapon");
    if (d.blocked) {
      const spent = turnCommands(card.combatId, card.attacker);
      const turn = dryRun(card.combatId, spent);
      if (!turn.ok) return turn;
      return ok({ outcome: "failure", events: [line("blocked", `${T}FireSpent`, {}), line("why", d.blocked, {})], updates: {}, rolls: [], lookups: [], combatCommands: spent, headline: noLineOfFireHeadline() });
    }
    const answer = raw?.answer as Answer;
    if (!ANSWERS.includes(answer)) return refused("badAnswer", "BadForm");
    // [18] the defender's pick for a grievous injury (the engine's default when the answer has none).
    const grievous = grievousChoiceOf("target", raw?.grievous);
    if (!grievous) return refused("badAnswer", "BadForm");
    // The weapon may have broken or left the hand since the card was posted.
    const weapon = view(card.attacker).weapons.find((w) => w.id === d.weaponId);
    if (!weapon) return refused("noWeapon", "NoWeapon");
    const ready = weaponReady(weapon);
    if (!ready.ok) return ready;
    const target = view(card.defender);
    const attackerCombatant = combatantFor(card.combatId, card.attacker);
    // [23] a mounted charge: the mount owes its run on past the target next pulse (a tracker badge).
    const momentum: TimeCommand[] = d.momentum && attackerCombatant && machineStateOf<PulsesState>(card.combatId, "pulses") ? [{ type: "momentum", combatantId: attackerCombatant, hexes: d.momentum } as unknown as TimeCommand] : [];
    const commands = [...momentum, ...(d.riposteOf ? [] : turnCommands(card.combatId, card.attacker, d.targetId ? d : undefined))];
    const turn = dryRun(card.combatId, commands);
    if (!turn.ok) return turn;
    // [16.1] a shot first meets whoever stands on its line of fire; the figure it strikes takes the blow.
    const bystanders = (d.inTheWay ?? []).map((id) => fighterFrom(id)).filter((a): a is Actor.Implementation => Boolean(a));
    // [20.3] a poisoned class A or B weapon is handled twice by its wielder (an Assassin runs no risk).
    const wielder = view(card.attacker);
    const poisonAge = poisonAgeOf(card.attacker.items.get(weapon.id) ?? null);
    // The fight's placings, read once for every figure the blow may meet.
    const infos = fightInfos(card.combatId);
    const handling = poisonHandling(weapon.stats, poisonAge, { assassin: Boolean(wielder.stats.assassin), modMD: figure(wielder).modMD });
    const poison = handling ? { poison: handling } : {};
    const rolled = await resolveWithFoundry((dice) =>
      resolveShot(
        {
          // The handling checks belong to the attack, not to each figure it meets: rolled with the first.
          inTheWay: bystanders.map((a, i) => ({ id: fighterRef(a), input: { ...named(attackInput(d, view(a), "stand", helpless(a), sideOfBlow(infos, card.attacker!, a)), card.attacker!, a), ...(i === 0 ? poison : {}) } })),
          target: { id: fighterRef(card.defender!), input: { ...named(attackInput(d, target, answer, helpless(card.defender), sideOfBlow(infos, card.attacker!, card.defender!)), card.attacker!, card.defender!), ...(bystanders.length ? {} : poison) } },
          range: d.range ?? null,
        },
        dice,
      ),
    );
    if (!rolled.value.ok) return rolled.value;
    const shot = rolled.value.value.result;
    const r = shot.attack;
    const victim = bystanders.find((a) => fighterRef(a) === shot.against) ?? card.defender;
    const hitView = victim === card.defender ? target : view(victim);
    const damage = r.damage;
    const changes: Record<string, unknown> = {};
    if (damage) {
      // As deltas, so two cards applied together both count.
      if (damage.fatigueNow !== hitView.stats.fatigueNow) changes["system.pulse.fatigueNow"] = delta(damage.fatigueNow - hitView.stats.fatigueNow, 0);
      if (damage.enduranceNow !== hitView.stats.enduranceNow) changes["system.pulse.enduranceNow"] = delta(damage.enduranceNow - hitView.stats.enduranceNow, 0);
    }
    const after = attackConsequences(r, {
      attackerWeapon: weapon,
      attackKind: d.kind,
      disarmChoice: "later",
      poisonAgeSeconds: poisonAge,
      defender: {
        humanOrSmaller: manSized(hexesOf(card.combatId, victim, hitView)),
        armour: hitView.armor,
        shields: hitView.shields,
        weapons: hitView.weapons,
        grievousChoice: victim === card.defender ? grievous : grievousChoiceOf("bystander"),
      },
    });
    if (after.stuckPenalty) changes["system.pulse.stuckPenalty"] = delta(after.stuckPenalty, 0, 40);
    const items: Record<string, ItemChange[]> = {};
    const add = (actor: Actor.Implementation, change: ItemChange) => (items[fighterRef(actor)] ??= []).push(change);
    // Counted on the figure as it is when applied, so two grievous blows both wear the armour.
    if (after.armourHit) add(victim, { _id: after.armourHit, "system.pulse.grievousDamage": delta(1, 0, 20) });
    if (after.shieldBroken) add(victim, { _id: after.shieldBroken, "system.pulse.broken": true });
    if (after.attackerWeaponBroken || after.attackerWeaponDropped || after.poisonSpent) {
      add(card.attacker, {
        _id: weapon.id,
        ...(after.attackerWeaponBroken ? { "system.pulse.broken": true } : {}),
        ...(after.attackerWeaponDropped ? { "system.equipped": false } : {}),
        ...(after.poisonSpent ? { "system.pulse.poisoned": false } : {}),
      });
    }
    if (after.defenderWeaponDropped) add(victim, { _id: after.defenderWeaponDropped, "system.equipped": false });
    const knockedOut = knocksOut(r.strike.hit, d.kind);
    const whisper = knockedOut ? await knockoutWhisper(card.attacker, victim) : null;
    // [19] a figure whose Endurance is spent falls unconscious, or dies; a stun shows as the core condition.
    // The engine's blowConditions; a knockout's Unconscious names the GMs' whisper, which alone holds its minutes (read on Apply).
    const conditions: StatusChange[] = blowConditions({ hit: r.strike.hit, kind: d.kind, damage, prone: after.defenderProne, restrained: r.restrained }).map((id) =>
      id === "knockout" ? { id: "unconscious", active: true, ...(whisper ? { secretFrom: whisper._id } : {}) } : { id, active: true },
    );
    if (r.restrained) changes["flags.bout.restrainedBy"] = [fighterRef(card.attacker), ...(d.helpers ?? [])];
    const statuses: Record<string, StatusChange[]> = conditions.length ? { [fighterRef(victim)]: conditions } : {};
    const updates: Record<string, Record<string, unknown>> = Object.keys(changes).length ? { [fighterRef(victim)]: changes } : {};
    // [16.5] 1 effective damage to a holder frees whoever that holder restrains.
    const freed = freesRestrained(damage) ? fightersAround(victim, card.combatId).filter((held) => actorIdsFlag(held, "restrainedBy").some((r) => refersTo(r, victim)) && hasStatus(held, "restrain")) : [];
    for (const held of freed) {
      statuses[fighterRef(held)] = [...(statuses[fighterRef(held)] ?? []), { id: "restrain", active: false }];
      updates[fighterRef(held)] = { ...(updates[fighterRef(held)] ?? {}), "flags.bout.restrainedBy": [] };
    }
    const released = freed.map((held) => line("Released", `${T}Released`, { who: fighterRef(held) }));
    // [13] a caster attacked while casting owes a concentration check (its procedure, 29.5, is the group's book).
    const state = machineStateOf<PulsesState>(card.combatId, "pulses");
    const victimCombatant = combatantFor(card.combatId, victim);
    const casting = victimCombatant ? concentrationDue(state?.declared?.[victimCombatant]) : false;
    const reminders = casting ? [line("ConcentrationDue", `${T}ConcentrationDue`, { who: fighterRef(victim) })] : [];
    return ok({
      outcome: r.strike.hit ? "success" : "failure",
      headline: withThen(attackHeadline(r), blowAftermath({ damage, knockedOut }, after, { attacker: fighterName(card.attacker), defender: fighterName(victim) })),
      events: withNames([...rolled.value.value.events, ...after.events, ...released, ...reminders] as EngineEvent[], [card.attacker, card.defender, ...bystanders, ...freed]),
      updates,
      itemUpdates: items,
      statuses,
      rolls: rolled.rolls,
      lookups: [],
      // [19] the stun and the fall are the conditions Apply puts on the token: the fight reads them there (a
      // stunned figure acts last, an unconscious one leaves the fight's order). [17.4] a bare parry costs the parrier its next action.
      combatCommands: [...commands, ...(r.parry?.defenderPassesNext ? owePassCommands(card.combatId, card.defender) : [])],
      // [17.4] a parry of 8 or more gives the defender a free attack on the attacker: a button on the card.
      ...(r.parry?.freeAttack ? { data: { riposte: { who: fighterRef(card.defender), against: fighterRef(card.attacker) } } } : {}),
      // [16.5] a Disarm that lands: the attacker picks what the target drops, on the card.
      ...(r.disarmed ? { data: { disarm: { who: fighterRef(card.attacker), from: fighterRef(victim) } } } : {}),
      // [16.5] the knockout's minutes, whispered to the GMs in the card's own write.
      ...(whisper ? { messages: [whisper] } : {}),
    });
  },
};

/** [16.5] the GM rolls how long a knockout lasts, and alone learns it: the whisper's data, posted with the card. */
async function knockoutWhisper(attacker: Actor.Implementation, victim: Actor.Implementation): Promise<{ readonly _id: string } & Record<string, unknown>> {
  const rolled = await resolveWithFoundry((dice) => knockoutMinutes(rollOne(dice, 10)));
  const gms = game.users?.filter((u) => u.isGM).map((u) => u.id!) ?? [];
  return {
    // Its id is named by the card's condition; its seconds are how long the knockout lasts once applied (issue 31).
    _id: foundry.utils.randomID(),
    flags: { [SYSTEM_ID]: { seconds: rolled.value * 60 } },
    content: `<p>${game.i18n!.format(`${T}KnockoutMinutes`, { attacker: foundry.utils.escapeHTML(attacker.name), victim: foundry.utils.escapeHTML(victim.name), minutes: String(rolled.value) })}</p>`,
    speaker: ChatMessage.implementation.getSpeaker({ alias: game.i18n!.localize(`${T}KnockoutSpeaker`) }),
    whisper: gms,
    blind: true,
  };
}

export function registerPulseTable(): void {
  registerCardKind("pulse.attack", attackCard);
  registerItemRoll("pulse", "weapon", declareAttack);
}
