/**
 * Seed 003 at the table: a weapon's roll button makes an attack card. Melee is
 * an opposed test: the defender's owner answers with Melee, Dodge or nothing;
 * a ranged shot is resolved at once, unopposed. The GM's client reads every
 * figure from the documents, resolves with the engine and Foundry's dice, and
 * in a turn-order fight spends the attacker's Action and ends the defender's
 * surprise with the result. Where the two stand is measured from their tokens
 * (./engagement.ts): a blow reaches a foe beside the attacker, a shot goes no
 * farther than Extreme range, Engaged and Point Blank follow from the tokens;
 * only where nothing can be measured do the Engaged condition and the GM's
 * Point Blank ruling say it.
 */
import { opposedTie } from "../../settings";
import { opposedTablesRead } from "./tables";
import { attackHeadline, criticalAftermath, fumbleAftermath, hitAftermath } from "./headline";
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterFrom, fighterName, fighterRef, sameFighter } from "../fighter";
import { namedRefusal } from "../named-refusal";
import { actorView } from "../../data/actor/actor-view";
import { isWholeNumber, ok, refuse, type Outcome } from "../../engine/outcome";
import {
  armourPoints,
  bonus,
  DEFAULT_DIFFICULTY,
  DIFFICULTIES,
  LOCATIONS,
  opposedOdds,
  resolveMeleeAttack,
  resolveRangedAttack,
  skillItemTarget,
  skillTarget,
  sizeModifierFor,
  criticalLocation,
  CRITICAL_WOUNDS_PER_CRITICAL,
  fumbleEffects,
  rollCritical,
  testOdds,
  type FumbleOutcome,
  type RangedOpposition,
  checkEngagedShot,
  checkAttackReach,
  shotPlace,
  type ShotRange,
  RANGED_OPPOSITIONS,
  rangedOppositions,
  rangedOppositionSkill,
  wieldedDamage,
  readyWeapon,
  attackSkill,
  attackModifier,
  calledShotDifficulty,
  defenceModifier,
  PRONE,
  surpriseEndsOnAttack,
  woundConditions,
  type Difficulty,
  type Location,
  type OpposedStats,
  type OpposedTables,
  type TestInput,
} from "../../engine/rulesets/opposed";
import type { TimeCommand } from "../../engine/time/machine";
import type { TurnsState } from "../../engine/time/turns";
import { combatantFor, delta, dryRun, isSet, machineStateOf, postCard, registerCardKind, withNames, withThen, type CardKind, type CardView, type Headline, type ItemChange, type StatusChange } from "../cards";
import { openOddsDialog } from "../../applications/dialogs/odds-dialog";
import { histogram } from "../../engine/odds-view";
import { registerItemRoll, type ItemRollRequest } from "../../applications/sheets/item-roll";
import { eventLine as line, type EngineEvent } from "../../applications/results/result-card";
import { isSurprised } from "./surprise";
import { engagedInFight, measureBetween } from "./engagement";
import { hasStatus } from "../status-effects";
import { defaultOpponent, opponentOptions, opponents, pickOpponent } from "../opponents";

const view = (actor: Actor.Implementation | null) => actorView<OpposedStats>(actor, "opposed");
const refused = (code: string, key: string): Outcome<never> => refuse(code, `BOUT.Opposed.Table.Refusal.${key}`);
const DEFENCES = ["melee", "dodge", "none"] as const;

const difficultyField = (name = "difficulty") => ({
  kind: "select" as const,
  name,
  label: "BOUT.Roll.Difficulty",
  value: DEFAULT_DIFFICULTY,
  // Each step names the situations the Combat Difficulty table puts there, so the table works as a list of presets.
  options: Object.keys(DIFFICULTIES).map((k) => ({ value: k, label: `BOUT.Opposed.Difficulty.Situation.${k}` })),
});
/** The defender's difficulty: the steps alone (the table's situations describe an attack, not the answer to one). */
const answerDifficultyField = () => ({ ...difficultyField(), options: Object.keys(DIFFICULTIES).map((k) => ({ value: k, label: `BOUT.Opposed.Difficulty.${k}` })) });
const modifierField = { kind: "number" as const, name: "modifier", label: "BOUT.Roll.Modifier", value: 0, min: -100, max: 100, gmOnly: true };

/** The defender's best opposing skill, for the attacker's odds before the answer. */
export const expectedDefence = (defender: Actor.Implementation | null): TestInput | null => {
  if (!defender) return null;
  const s = view(defender).stats;
  return { target: Math.max(skillTarget(s, "melee"), skillTarget(s, "dodge")), difficulty: DEFAULT_DIFFICULTY };
};

interface Declaration {
  readonly weaponId: string;
  readonly weapon: string;
  readonly ranged: boolean;
  /** A shot: at Point Blank range, and whether the shooter is Engaged with the target. */
  readonly pointBlank?: boolean;
  readonly engaged?: boolean;
  /** Yards between the two, measured from the tokens (absent: nothing to measure). */
  readonly yards?: number;
  /** The range the shot goes at, from those yards and the weapon's Range (absent: not measured, or no Range set). */
  readonly shotRange?: ShotRange;
  /** How the target may oppose a shot (none of them: the shot resolves at once). */
  readonly oppositions?: readonly RangedOpposition[];
  readonly damage: number;
  /** A called shot: the location a hit lands on. */
  readonly calledShot?: Location | null;
  readonly pistol: boolean;
  readonly blackpowder: boolean;
  readonly test: TestInput;
  /** The Prone Condition when the attack was declared, as the token said: the target's (+20) and the attacker's (−10). */
  readonly prone?: { readonly target?: true; readonly attacker?: true };
}

async function declareAttack({ actor, item }: ItemRollRequest) {
  const a = view(actor).stats;
  const w = (item.system as any).opposed;
  const ranged = w?.kind === "ranged";
  const foes = opponents(actor);
  const base = skillTarget(a, attackSkill(ranged));
  const values = await openOddsDialog({
    title: "BOUT.Roll.AttackTitle",
    titleData: { name: item.name },
    confirmLabel: "BOUT.Opposed.Table.Attack",
    fields: [
      { kind: "select", name: "defender", label: "BOUT.Opposed.Table.Target", value: defaultOpponent(foes), options: opponentOptions(foes) },
      difficultyField(),
      modifierField,
      // "Combat Difficulty": a called shot is Hard; a hit lands where it was called.
      { kind: "select" as const, name: "calledShot", label: "BOUT.Opposed.Table.CalledShot", value: "", options: [{ value: "", label: "BOUT.Opposed.Table.CalledShotNone" }, ...LOCATIONS.map((l) => ({ value: l, label: `BOUT.Opposed.Stat.Location.${l}` }))] },
      // Point Blank and Engaged are measured from the tokens; the GM rules Point Blank only where nothing can be measured.
      ...(ranged ? [{ kind: "checkbox" as const, name: "pointBlank", label: "BOUT.Opposed.Table.PointBlankRuling", value: false, gmOnly: true }] : []),
    ],
    odds: (v) => {
      const test: TestInput = { target: base, difficulty: calledShotDifficulty(v.difficulty as Difficulty, (v.calledShot || null) as Location | null), modifier: Number(v.modifier) || 0 };
      const defender = ranged ? null : expectedDefence(pickOpponent(foes, v.defender) ?? null);
      const odds = opposedOdds(test, defender, opposedTie());
      return {
        rows: [
          { label: "BOUT.Opposed.Table.Odds.Hit", probability: odds.win, headline: true },
          { label: "BOUT.Opposed.Table.Odds.Critical", probability: odds.attackerCritical },
          { label: "BOUT.Opposed.Table.Odds.Fumble", probability: odds.attackerFumble },
        ],
        distributions: [
          { label: "BOUT.Odds.SuccessLevels", bars: histogram(testOdds(test).sl) },
          { label: "BOUT.Odds.WinningSl", bars: histogram(odds.sl) },
        ],
      };
    },
  });
  if (!values) return;
  const defender = pickOpponent(foes, values.defender);
  if (!defender) return;
  return postCard("opposed.attack", actor, defender, { weaponId: item.id, difficulty: values.difficulty, modifier: Number(values.modifier), pointBlank: values.pointBlank === true, calledShot: values.calledShot || null }, game.combat?.id ?? "");
}

/** In a turn-order fight the attack is the attacker's Action, and the first attack ends the defender's surprise. */
function turnCommands(card: { combatId: string; attacker: Actor.Implementation | null; defender: Actor.Implementation | null }, melee: boolean): TimeCommand[] {
  const state = machineStateOf<TurnsState>(card.combatId, "turns");
  const a = combatantFor(card.combatId, card.attacker);
  const d = combatantFor(card.combatId, card.defender);
  if (!state || !a) return [];
  // A melee attack is the one Action a fighter who charged this turn may take.
  const commands = [{ type: "act", combatantId: a, use: "action", melee } as TimeCommand];
  if (d && card.defender && isSurprised(card.defender, card.combatId)) commands.push({ type: "attacked", combatantId: d } as TimeCommand);
  return commands;
}

/** Does a blow (or shot) with this weapon reach the defender from where the two stand now ("Action", Attack Engaged)? The styles strike only where it does. */
export function attackReaches(attacker: Actor.Implementation, defender: Actor.Implementation, combatId: string, weapon: Item.Implementation): boolean {
  const w = (weapon.system as { opposed?: { kind?: string; range?: number } }).opposed ?? {};
  return checkAttackReach(w.kind === "ranged", measureBetween(attacker, defender, combatId), Number(w.range ?? 0)).ok;
}

function prepare(raw: unknown, attacker: Actor.Implementation, defender: Actor.Implementation, combatId: string): Outcome<Declaration> {
  const d = (raw ?? {}) as { weaponId?: unknown; difficulty?: unknown; modifier?: unknown; pointBlank?: unknown; calledShot?: unknown };
  const item = typeof d.weaponId === "string" ? attacker.items.get(d.weaponId) : undefined;
  if (!item || item.type !== "weapon") return refused("opposed.noWeapon", "NoWeapon");
  if (typeof d.difficulty !== "string" || !Object.prototype.hasOwnProperty.call(DIFFICULTIES, d.difficulty)) return refused("opposed.badDifficulty", "BadDifficulty");
  if (!isWholeNumber(d.modifier) || Math.abs(d.modifier) > 100) return refused("opposed.badModifier", "BadModifier");
  if (d.calledShot !== undefined && d.calledShot !== null && d.calledShot !== "" && !LOCATIONS.includes(d.calledShot as Location)) return refused("opposed.badCalledShot", "BadCalledShot");
  const calledShot = d.calledShot ? (d.calledShot as Location) : null;
  const a = view(attacker).stats;
  const w = (item.system as any).opposed ?? {};
  const ranged = w.kind === "ranged";
  const ready = dryRun(combatId, turnCommands({ combatId, attacker, defender }, !ranged));
  if (!ready.ok) return ready;
  // The Action penalty an Oops! left for this round applies to the attack.
  const state = machineStateOf<TurnsState>(combatId, "turns");
  const me = combatantFor(combatId, attacker);
  const penalty = state?.combatants.find((c) => c.id === me)?.effects.actionPenalty ?? 0;
  // "Action" (Attack Engaged): a blow reaches a foe beside the attacker, a shot no farther than Extreme range (the tokens say; the engine decides).
  const place = measureBetween(attacker, defender, combatId);
  const reach = checkAttackReach(ranged, place, Number(w.range ?? 0));
  if (!reach.ok) return reach;
  // "Ranged Combat": a shooter Engaged with anyone needs a Pistol; the target's ways to oppose follow from the range, its shield
  // and whether the shooter is Engaged with it. Measured from the tokens; without them, the Engaged condition and the GM's Point Blank.
  // "Combat Difficulty": the range a shot goes, measured (none where nothing is measured: the GM's Point Blank stands alone).
  const shotAt = ranged ? shotPlace(place, Number(w.range ?? 0), { engagedCondition: hasStatus(attacker, "engaged"), pointBlank: d.pointBlank === true }) : null;
  const engaged = shotAt?.engaged ?? false;
  const pointBlank = shotAt?.pointBlank ?? false;
  const shotRange = shotAt?.measuredRange ?? null;
  const shot = checkEngagedShot(ranged && (engaged || engagedInFight(attacker, combatId)), Boolean(w.pistol));
  if (!shot.ok) return shot;
  const largeShield = defender.items.contents.some((i) => i.type === "shield" && (i.system as any).equipped && (i.system as any).opposed?.large);
  // "Surprised": a Surprised target opposes nothing, a shot at Point Blank included (the engine says which ways are open).
  const oppositions = ranged ? rangedOppositions({ pointBlank, largeShield, surprised: isSurprised(defender, combatId) }, engaged) : [];
  // "Combat Difficulty": the Prone Condition of either, read from the tokens' statuses; nobody types it.
  const targetProne = hasStatus(defender, "prone");
  const attackerProne = hasStatus(attacker, "prone");
  return ok({
    weaponId: item.id!,
    weapon: item.name,
    ranged,
    pointBlank,
    engaged,
    ...(place.yards !== null ? { yards: Math.round(place.yards * 10) / 10 } : {}),
    ...(shotRange ? { shotRange } : {}),
    oppositions,
    damage: wieldedDamage(w, a.s),
    calledShot,
    pistol: Boolean(w.pistol),
    blackpowder: Boolean(w.blackpowder),
    // "Size": a shot at a bigger or smaller target than a human gets the size table's modifier.
    test: { target: skillTarget(a, attackSkill(ranged)), difficulty: calledShotDifficulty(d.difficulty as Difficulty, calledShot), modifier: attackModifier({ modifier: d.modifier, actionPenalty: penalty, ranged, sizeModifier: sizeModifierOf(defender), targetProne, attackerProne, shotRange: shotAt?.modifierRange ?? null }) },
    ...(targetProne || attackerProne ? { prone: { ...(targetProne ? { target: true as const } : {}), ...(attackerProne ? { attacker: true as const } : {}) } } : {}),
  });
}

export function armourOf(defender: Actor.Implementation): Record<Location, number> {
  const v = view(defender);
  const armour = v.armor.filter((x) => x.equipped).map((x) => x.stats);
  const shield = v.shields.find((x) => x.equipped)?.stats ?? null;
  return Object.fromEntries(LOCATIONS.map((l) => [l, armourPoints(armour, l, shield)])) as Record<Location, number>;
}

/** Wounds come off what is left when applied; a wound past the last one is a Critical Wound (and Prone: woundStatuses). */
export const woundUpdate = (w: { suffered: number; critical: boolean }) => {
  const c = woundConditions(w);
  return { "system.opposed.woundsNow": delta(-w.suffered, 0), ...(c.criticalWounds ? { "system.opposed.criticalWounds": delta(c.criticalWounds, 0) } : {}) };
};

/** The token conditions a wound leaves (Prone past the last Wound). */
export const woundStatuses = (w: { critical: boolean }): StatusChange[] => (woundConditions(w).prone ? [{ id: "prone", active: true }] : []);

/** Statuses from several sources for one card, per fighter. */
function addStatuses(into: Record<string, StatusChange[]>, id: string, changes: readonly StatusChange[]): void {
  if (changes.length) into[id] = [...(into[id] ?? []), ...changes];
}

/**
 * The defender's target for a choice: Melee or Dodge, or one of its own skill
 * items ("item:<id>") for another skill the GM allows (Intimidate, Charm ...).
 * Null for no defence; undefined for a choice that is not the defender's.
 */
function defenceTarget(defender: Actor.Implementation, choice: unknown): number | null | undefined {
  if (choice === "none") return null;
  const st = view(defender).stats;
  if (choice === "melee" || choice === "dodge") return skillTarget(st, choice);
  if (typeof choice !== "string" || !choice.startsWith("item:")) return undefined;
  const item = view(defender).skills.find((x) => x.id === choice.slice(5));
  if (!item) return undefined;
  return skillItemTarget(st, item.stats);
}

/** The name of the skill a defender opposes with, for the card's dice row: Melee, Dodge (lang keys) or the skill item's own. */
function defenceSkillName(defender: Actor.Implementation, choice: string): string {
  if (choice === "melee" || choice === "dodge") return `BOUT.Opposed.Table.Defence.${choice}`;
  return view(defender).skills.find((x) => `item:${x.id}` === choice)?.name ?? "";
}

/**
 * What the defender's own situation adds to its defence (the engine's
 * defenceModifier): "Prepare"'s +20 to the skill it prepared, until its next
 * turn, against any attack; −30 to dodge while Prone.
 */
function defenceBonus(combatId: string, defender: Actor.Implementation | null, skill: string): number {
  const id = combatantFor(combatId, defender);
  const prepared = machineStateOf<TurnsState>(combatId, "turns")?.combatants.find((c) => c.id === id)?.prepared;
  return defenceModifier({ modifier: 0, prepared, skill, prone: hasStatus(defender, "prone") });
}

/** The size table's modifier for shooting at this figure (the engine's sizeModifierFor). */
const sizeModifierOf = (target: Actor.Implementation): number => sizeModifierFor(String(view(target).stats.size));

// The Oops! effect is said in the third person on the card (OopsLine), whatever the table's own words.
const LOOKUPS = ["BOUT.Opposed.Stat.Location.", "BOUT.Opposed.OopsLine.", "BOUT.Opposed.Oops.", ""];

/** Everyone a card's lines may name: the two fighters and the others in the fight (a fumble can hit them). */
function allActors(card: { combatId: string; attacker: Actor.Implementation | null; defender: Actor.Implementation | null }): (Actor.Implementation | null)[] {
  const combat = card.combatId ? game.combats?.get(card.combatId) : undefined;
  return [card.attacker, card.defender, ...((combat?.combatants.contents.map((c) => c.actor) ?? []) as (Actor.Implementation | null)[])];
}

/** A fighter's body for the aftermath rules: Toughness Bonus, armour by location, Wounds left. */
function bodyOf(actor: Actor.Implementation) {
  const st = view(actor).stats;
  return { id: fighterRef(actor), toughnessBonus: bonus(st.t), armour: armourOf(actor), woundsNow: st.woundsNow };
}

/** The weapon in hand and the Damage it deals (engine readyWeapon, wieldedDamage): a fumbled parry's, Flee's free attack's. */
export function weaponInHand(actor: Actor.Implementation | null): { id: string; damage: number } | null {
  const v = view(actor);
  const w = actor ? readyWeapon(v.weapons) : null;
  return w ? { id: w.id, damage: wieldedDamage(w.stats, v.stats.s) } : null;
}

export interface Aftermath {
  readonly events: EngineEvent[];
  readonly updates: Record<string, Record<string, unknown>>;
  readonly itemUpdates: Record<string, ItemChange[]>;
  readonly itemDeletes: Record<string, string[]>;
  readonly statuses: Record<string, StatusChange[]>;
  readonly commands: TimeCommand[];
  readonly rolls: Roll[];
  /** What the table must act on, for the headline (a weapon ruined, a fumbler stunned, a Critical Wound). */
  readonly then: Headline[];
}

/**
 * GM: what fumbles and criticals do, rolled with Foundry's dice ("Criticals and
 * Fumbles", "Oops!"). Wounds, Critical Wounds, a jarred weapon's Damage and a
 * ruined weapon are written on Apply; next-round penalties go to the turn order now.
 */
export async function aftermath(
  card: { combatId: string; attacker: Actor.Implementation | null; defender: Actor.Implementation | null },
  _d: unknown,
  fumblers: readonly { who: Actor.Implementation; fumble: FumbleOutcome; weaponId: string | null; damage: number }[],
  criticalsOn: readonly string[],
  hitLocationOf: Location | null,
  defenderRoll: number | null,
  tables: OpposedTables,
): Promise<Aftermath> {
  const out: Aftermath = { events: [], updates: {}, itemUpdates: {}, itemDeletes: {}, statuses: {}, commands: [], rolls: [], then: [] };
  const named = (ref: string) => fighterName(fighterFrom(ref));
  const combat = card.combatId ? game.combats?.get(card.combatId) : undefined;
  const inFight = (combat?.combatants.contents.map((c) => c.actor).filter(Boolean) ?? []) as Actor.Implementation[];
  const add = (id: string, u: Record<string, unknown>) => (out.updates[id] = { ...(out.updates[id] ?? {}), ...u });
  for (const f of fumblers) {
    if (!f.fumble.misfire && !f.fumble.oops) continue;
    const others = inFight.filter((x) => !sameFighter(x, f.who)).map(bodyOf);
    const rolled = await resolveWithFoundry((dice) => fumbleEffects(f.fumble, { ...bodyOf(f.who), weaponDamage: f.damage, others }, dice, tables.hitLocations));
    const e = rolled.value;
    out.rolls.push(...rolled.rolls);
    out.events.push(...(e.events as EngineEvent[]));
    for (const w of e.wounds) {
      add(w.id, woundUpdate(w.result));
      addStatuses(out.statuses, w.id, woundStatuses(w.result));
    }
    if (e.criticalWounds) add(fighterRef(f.who), { "system.opposed.criticalWounds": delta(e.criticalWounds, 0) });
    if (e.weaponDamageLost && f.weaponId) (out.itemUpdates[fighterRef(f.who)] ??= []).push({ _id: f.weaponId, "system.opposed.damage": delta(-e.weaponDamageLost, 0) });
    if (e.weaponRuined && f.weaponId) (out.itemDeletes[fighterRef(f.who)] ??= []).push(f.weaponId);
    if (e.stunned) (out.statuses[fighterRef(f.who)] ??= []).push({ id: "stun", active: true });
    const cid = e.turnEffect ? combatantFor(card.combatId, f.who) : null;
    if (cid && e.turnEffect) out.commands.push({ type: "oops", combatantId: cid, effect: e.turnEffect } as TimeCommand);
    out.then.push(...fumbleAftermath(e, fighterName(f.who), named));
  }
  // A critical on the defender strikes where the blow landed; the defender's own critical, where its reversed roll points.
  for (const on of criticalsOn) {
    const location = criticalLocation(Boolean(card.defender) && on === fighterRef(card.defender!), hitLocationOf, defenderRoll, tables.hitLocations);
    const rolled = await resolveWithFoundry((dice) => rollCritical(on, location, dice, tables.critical));
    out.rolls.push(...rolled.rolls);
    out.events.push(...(rolled.value.events as EngineEvent[]));
    add(on, { "system.opposed.criticalWounds": delta(CRITICAL_WOUNDS_PER_CRITICAL, 0) });
    out.then.push(criticalAftermath(named(on)));
  }
  return out;
}

/** The card's updates with the aftermath's folded in (both may touch one actor). */
export function merge(updates: Record<string, Record<string, unknown>>, after: Aftermath) {
  const all: Record<string, Record<string, unknown>> = { ...updates };
  for (const [id, u] of Object.entries(after.updates)) {
    const mine = { ...(all[id] ?? {}) };
    for (const [path, v] of Object.entries(u)) {
      const prior = mine[path] as { $delta?: number } | undefined;
      mine[path] = prior && typeof prior === "object" && "$delta" in prior && v && typeof v === "object" && "$delta" in v ? { ...(v as object), $delta: (prior.$delta ?? 0) + ((v as { $delta: number }).$delta ?? 0) } : v;
    }
    all[id] = mine;
  }
  return { updates: all, itemUpdates: after.itemUpdates, itemDeletes: after.itemDeletes, statuses: after.statuses };
}

const attackCard: CardKind = {
  title: "BOUT.Opposed.Table.CardTitle",
  answer: "BOUT.Card.Answer.Oppose",
  gmFigures: (d) => [...(isSet(d.modifier) ? ["BOUT.Roll.Modifier"] : []), ...(isSet(d.pointBlank) ? ["BOUT.Opposed.Table.PointBlankRuling"] : [])],
  gmAnswerFigures: (a) => (isSet(a.modifier) ? ["BOUT.Roll.Modifier"] : []),
  unanswered: (d: Declaration | null) => Boolean(d?.ranged) && !(d?.oppositions?.length),
  prepare,
  describe: (d: Declaration | null) => [
    line("declared", "BOUT.Opposed.Table.Declared", { weapon: d?.weapon ?? "", target: d ? d.test.target : 0 }),
    // Where the two stood, as the tokens said (cards from before this line, or with nothing to measure, have none).
    ...(d?.yards !== undefined ? [line("declared", d.ranged ? `BOUT.Opposed.Table.Measured${d.pointBlank ? "PointBlank" : ""}` : "BOUT.Opposed.Table.MeasuredBlow", { yards: d.yards })] : []),
    // The Prone Condition's part in the target number ("Combat Difficulty").
    ...(d?.prone?.target ? [line("declared", "BOUT.Opposed.Table.ProneTarget", { modifier: `+${PRONE.target}` })] : []),
    ...(d?.prone?.attacker ? [line("declared", "BOUT.Opposed.Table.ProneAttacker", { modifier: String(PRONE.attacker) })] : []),
  ],
  async defend(card: CardView) {
    const s = view(card.defender).stats;
    const d = card.declaration as Declaration;
    if (d.ranged) {
      const ways: RangedOpposition[] = ["none", ...(d.oppositions ?? [])];
      const shot = await openOddsDialog({
        title: "BOUT.Opposed.Table.DefendTitle",
        titleData: { name: fighterName(card.attacker) },
        confirmLabel: "BOUT.Card.Answer.Oppose",
        fields: [
          { kind: "select", name: "opposition", label: "BOUT.Opposed.Table.Opposition", value: ways[1] ?? "none", options: ways.map((k) => ({ value: k, label: `BOUT.Opposed.Table.OppositionLabel.${k}` })) },
          answerDifficultyField(),
          modifierField,
        ],
        odds: (v) => {
          const way = v.opposition as RangedOpposition;
          const skill = rangedOppositionSkill(way);
          const test = skill === null ? null : { target: skillTarget(s, skill), difficulty: v.difficulty as Difficulty, modifier: (Number(v.modifier) || 0) + defenceBonus(card.combatId, card.defender, skill) };
          const odds = opposedOdds(d.test, test, opposedTie());
          return { rows: [{ label: way === "none" ? "BOUT.Opposed.Table.Odds.Misses" : "BOUT.Opposed.Table.Odds.Stopped", probability: 1 - odds.win, headline: true }], distributions: [{ label: "BOUT.Odds.WinningSl", bars: histogram(odds.sl) }] };
        },
      });
      return shot ? { opposition: shot.opposition, difficulty: shot.difficulty, modifier: Number(shot.modifier) } : null;
    }
    const values = await openOddsDialog({
      title: "BOUT.Opposed.Table.DefendTitle",
      titleData: { name: fighterName(card.attacker) },
      confirmLabel: "BOUT.Card.Answer.Oppose",
      fields: [
        {
          kind: "select",
          name: "skill",
          label: "BOUT.Opposed.Table.Skill",
          value: "melee",
          options: [...DEFENCES.map((k) => ({ value: k as string, label: `BOUT.Opposed.Table.Defence.${k}` })), ...view(card.defender).skills.map((x) => ({ value: `item:${x.id}`, label: x.name }))],
        },
        answerDifficultyField(),
        modifierField,
      ],
      odds: (v) => {
        const skill = String(v.skill);
        const target = card.defender ? defenceTarget(card.defender, skill) : null;
        const test = target === null || target === undefined ? null : { target, difficulty: v.difficulty as Difficulty, modifier: (Number(v.modifier) || 0) + defenceBonus(card.combatId, card.defender, skill) };
        const odds = opposedOdds(d.test, test, opposedTie());
        return {
          rows: [{ label: skill === "none" ? "BOUT.Opposed.Table.Odds.Misses" : "BOUT.Opposed.Table.Odds.Stopped", probability: 1 - odds.win, headline: true }, { label: "BOUT.Opposed.Table.Odds.Critical", probability: odds.defenderCritical }],
          distributions: [...(test ? [{ label: "BOUT.Odds.SuccessLevels", bars: histogram(testOdds(test).sl) }] : []), { label: "BOUT.Odds.WinningSl", bars: histogram(odds.sl) }],
        };
      },
    });
    if (!values) return null;
    return { skill: values.skill, difficulty: values.difficulty, modifier: Number(values.modifier) };
  },
  async resolve(card, answer: any): Promise<Outcome<any>> {
    const d = card.declaration as Declaration;
    if (!card.attacker || !card.defender || !d) return refused("opposed.noWeapon", "NoWeapon");
    // The world's tables (Hit Locations, Oops!, the Critical table) are read before any die: a chosen table that does not read refuses the attack.
    const tables = opposedTablesRead();
    if (!tables.ok) return tables;
    const a = view(card.attacker).stats;
    const t = view(card.defender).stats;
    const commands = turnCommands(card, !d.ranged);
    const surprised = isSurprised(card.defender, card.combatId);
    const ids = { attacker: fighterRef(card.attacker), defender: fighterRef(card.defender) };
    // "Surprised": the engine refuses a Surprised defender's opposition, naming it by its combatant (else by its ref).
    const combatantId = combatantFor(card.combatId, card.defender);
    const named = <T>(r: Outcome<T>) => namedRefusal(game.combats?.get(card.combatId), r, new Map([[ids.defender, fighterName(card.defender!)]]));
    let rolled;
    if (d.ranged) {
      // The target's answer names a way to oppose; the engine checks it against the range, the shield and the engagement.
      const way: RangedOpposition = RANGED_OPPOSITIONS.includes(answer?.opposition) ? answer.opposition : "none";
      if (way !== "none" && answer.difficulty !== undefined && !Object.prototype.hasOwnProperty.call(DIFFICULTIES, answer.difficulty)) return refused("opposed.badDifficulty", "BadDifficulty");
      if (way !== "none" && (!isWholeNumber(answer.modifier) || Math.abs(answer.modifier) > 100)) return refused("opposed.badModifier", "BadModifier");
      const skill = rangedOppositionSkill(way);
      const test = skill === null ? null : { target: skillTarget(t, skill), difficulty: answer.difficulty as Difficulty, modifier: (answer.modifier as number) + defenceBonus(card.combatId, card.defender, skill), skill: defenceSkillName(card.defender, skill) };
      const input = {
        attacker: { id: ids.attacker, test: d.test, damage: d.damage, pistol: d.pistol, blackpowder: d.blackpowder, engaged: Boolean(d.engaged), advantage: a.advantage, calledShot: d.calledShot ?? null },
        defender: { id: ids.defender, combatantId, opposition: way, test, toughnessBonus: bonus(t.t), armour: armourOf(card.defender), woundsNow: t.woundsNow, pointBlank: Boolean(d.pointBlank), largeShield: (d.oppositions ?? []).includes("largeShield"), surprised },
        tables: tables.value,
        tie: opposedTie(),
      };
      rolled = await resolveWithFoundry((dice) => resolveRangedAttack(input, dice));
      if (!rolled.value.ok) return named(rolled.value);
      const r = rolled.value.value.result;
      const updates: Record<string, Record<string, unknown>> = { [ids.attacker]: { "system.opposed.advantage": delta(r.advantage - a.advantage, 0) } };
      if (r.hit) updates[ids.defender] = woundUpdate(r.hit.wounds);
      const after = await aftermath(card, d, [{ who: card.attacker, fumble: r.fumble, weaponId: d.weaponId, damage: d.damage }], r.criticalsOn, r.hit?.location ?? null, r.defender?.roll ?? null, tables.value);
      if (r.hit) addStatuses(after.statuses, ids.defender, woundStatuses(r.hit.wounds));
      if (surpriseEndsOnAttack(surprised)) addStatuses(after.statuses, ids.defender, [{ id: "surprised", active: false }]);
      return ok({
        outcome: r.hit ? "success" : "failure",
        headline: withThen(attackHeadline(r, true), [...hitAftermath(r.hit, fighterName(card.defender)), ...after.then]),
        events: withNames([...rolled.value.value.events, ...after.events], allActors(card)),
        ...merge(updates, after),
        rolls: [...rolled.rolls, ...after.rolls],
        lookups: LOOKUPS,
        combatCommands: [...commands, ...after.commands],
      });
    }
    const skill = typeof answer?.skill === "string" ? (answer.skill as string) : null;
    const defenceAt = skill ? defenceTarget(card.defender, skill) : undefined;
    if (!skill || defenceAt === undefined) return refused("opposed.badSkill", "BadSkill");
    if (answer.difficulty !== undefined && !Object.prototype.hasOwnProperty.call(DIFFICULTIES, answer.difficulty)) return refused("opposed.badDifficulty", "BadDifficulty");
    if (!isWholeNumber(answer.modifier) || Math.abs(answer.modifier) > 100) return refused("opposed.badModifier", "BadModifier");
    const input = {
      attacker: { id: ids.attacker, test: d.test, damage: d.damage, blackpowder: d.blackpowder, advantage: a.advantage, calledShot: d.calledShot ?? null },
      defender: {
        id: ids.defender,
        combatantId,
        test: defenceAt === null ? null : { target: defenceAt, difficulty: answer.difficulty as Difficulty, modifier: answer.modifier + defenceBonus(card.combatId, card.defender, skill), skill: defenceSkillName(card.defender, skill) },
        surprised,
        toughnessBonus: bonus(t.t),
        armour: armourOf(card.defender),
        woundsNow: t.woundsNow,
        advantage: t.advantage,
      },
      tables: tables.value,
      tie: opposedTie(),
    };
    rolled = await resolveWithFoundry((dice) => resolveMeleeAttack(input, dice));
    if (!rolled.value.ok) return named(rolled.value);
    const r = rolled.value.value.result;
    const updates: Record<string, Record<string, unknown>> = {
      [ids.attacker]: { "system.opposed.advantage": delta(r.advantage.attacker - a.advantage, 0) },
      [ids.defender]: { "system.opposed.advantage": delta(r.advantage.defender - t.advantage, 0), ...(r.hit ? woundUpdate(r.hit.wounds) : {}) },
    };
    const parry = weaponInHand(card.defender);
    const fumblers = [
      { who: card.attacker, fumble: r.fumbles.attacker, weaponId: d.weaponId, damage: d.damage },
      ...(r.fumbles.defender ? [{ who: card.defender, fumble: r.fumbles.defender, weaponId: parry?.id ?? null, damage: parry?.damage ?? 0 }] : []),
    ];
    const after = await aftermath(card, d, fumblers, r.criticalsOn, r.hit?.location ?? null, r.defender?.roll ?? null, tables.value);
    if (r.hit) addStatuses(after.statuses, ids.defender, woundStatuses(r.hit.wounds));
    if (r.surpriseLost) addStatuses(after.statuses, ids.defender, [{ id: "surprised", active: false }]);
    return ok({
      outcome: r.winner === "attacker" ? "success" : "failure",
      headline: withThen(attackHeadline(r, false), [...hitAftermath(r.hit, fighterName(card.defender)), ...after.then]),
      events: withNames([...rolled.value.value.events, ...after.events], allActors(card)),
      ...merge(updates, after),
      rolls: [...rolled.rolls, ...after.rolls],
      lookups: LOOKUPS,
      combatCommands: [...commands, ...after.commands],
    });
  },
};

export function registerOpposedTable(): void {
  registerCardKind("opposed.attack", attackCard);
  registerItemRoll("opposed", "weapon", declareAttack);
}
