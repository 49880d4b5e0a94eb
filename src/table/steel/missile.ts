/**
 * Seed 000 "Missile Combat" at the table. In a bout a missile weapon is readied
 * first (a self card: the preparation rounds, with the quicker draw's Reflex
 * test), the tracker counts the rounds down, and the Missile Pool fills to
 * missile Proficiency when it is ready. The weapon's roll button then looses:
 * dice from the Missile Pool, some set aside to steer the 2d6 location, once a
 * round: in the first exchange (red) or the second (white), the bout's throw
 * deciding in its own round and the shooter in later ones (the engine's
 * `missileFireTime`, checked by the bout as he looses). The target
 * evades or blocks with Combat Pool dice when it is in melee, else with Reflex.
 * Outside a bout the weapon is taken as ready with a full pool.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterName, fighterRef } from "../fighter";
import { actorView } from "../../data/actor/actor-view";
import { isWholeNumber, ok, refuse, type Outcome } from "../../engine/outcome";
import type { ActorView } from "../../engine/rulesets/ruleset";
import {
  knockedDown,
  aimOf,
  applyWound,
  beginPreparation,
  EVASION_TN,
  exchangeOdds,
  missileAttack,
  missileDefencePool,
  missileStateOutsideBout,
  missileProfile,
  mayQuicken,
  mosBars,
  mountedHit,
  stayInSaddle,
  oneSuccessOdds,
  PART_REGION,
  isGmTnModifier,
  rangeBand,
  reflexOf,
  shockPoolFor,
  shotAtn,
  shotDiceProblem,
  shotBand,
  successBars,
  type BodyPart,
  type EvasionRoom,
  type MissileDefence,
  type SteelStats,
} from "../../engine/rulesets/steel";
import { yardsBetween } from "../measure";
import type { BoutMissile } from "../../engine/time/bouts";
import type { TimeCommand } from "../../engine/time/machine";
import { blowAftermath, readyHeadline, shotHeadline } from "./headline";
import { combatantFor, dryRun, isSet, postCard, registerCardKind, withNames, withThen, type CardKind, type CardResolution, type CardView, type StatusChange } from "../cards";
import { openOddsDialog } from "../../applications/dialogs/odds-dialog";
import type { EngineEvent } from "../../applications/results/result-card";
import { registerItemRoll, type ItemRollRequest } from "../../applications/sheets/item-roll";
import { defaultOpponent, opponentOptions, opponents, pickOpponent } from "../opponents";
import { combatPoolLeft, declareAttack, fighterOf } from "./attack";
import { rideTnOf } from "./mounted";
import { steelTables, steelTablesRead } from "./tables";
import { steelRangeBands } from "../../settings";
import { addStatuses, armourByRegion, casualtyOf, groundCommands, shockCommand, timedStatus, woundStatuses, woundUpdates } from "./wounds";

const M = "BOUT.Steel.Missile.";
const view = (actor: Actor.Implementation) => actorView<SteelStats>(actor, "steel");
const refused = (code: string, key: string, data?: Record<string, string | number>): Outcome<never> => refuse(`steel.missile.${code}`, `${M}Refusal.${key}`, data);
const ROOMS = Object.keys(EVASION_TN) as EvasionRoom[];
const signed = (n: number) => (n < 0 ? `−${-n}` : `+${n}`);

function missileWeapon(actor: Actor.Implementation, weaponId: unknown) {
  const w = view(actor).weapons.find((x) => x.id === weaponId);
  return w?.stats.missile ? w : undefined;
}

/** The shooter's weapon as the bout has it; outside a bout, ready with a full pool. */
function missileNow(actor: Actor.Implementation, combatId: string): { inBout: boolean; missile: BoutMissile | null } {
  const fighter = fighterOf(actor, combatId);
  if (fighter) return { inBout: true, missile: fighter.missile ?? null };
  return { inBout: false, missile: missileStateOutsideBout(view(actor).stats) };
}

// ── Readying ──────────────────────────────────────────────────────────────

const readyCard: CardKind = {
  title: `${M}ReadyTitle`,
  self: true,
  unanswered: () => true,
  prepare(raw, actor, _defender, combatId) {
    const d = (raw ?? {}) as { weaponId?: unknown; quicken?: unknown };
    const weapon = missileWeapon(actor, d.weaponId);
    if (!weapon) return refused("noWeapon", "NoWeapon");
    const id = combatantFor(combatId, actor);
    if (!id || !fighterOf(actor, combatId)) return refused("noBout", "NoBout");
    const ready = dryRun(combatId, [{ type: "missile", combatantId: id, missile: { roundsLeft: 1, ready: false, pool: 0, quickenCost: 0 } } as TimeCommand]);
    if (!ready.ok) return ready;
    return ok({ weaponId: weapon.id, weapon: weapon.name, quicken: d.quicken === true, preparation: weapon.stats.preparation });
  },
  describe: (d) => [{ type: "declared", key: `${M}ReadyDeclared`, data: { weapon: d?.weapon ?? "", rounds: Math.max(1, Number(d?.preparation ?? 1)) } }],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<CardResolution>> {
    const actor = card.attacker;
    const weapon = actor ? missileWeapon(actor, card.declaration?.weaponId) : undefined;
    const id = combatantFor(card.combatId, actor);
    if (!actor || !weapon || !id) return refused("noWeapon", "NoWeapon");
    const s = view(actor).stats;
    const w = weapon.stats;
    const rolled = await resolveWithFoundry((dice) => beginPreparation({ id: fighterRef(actor), preparation: w.preparation, quicken: Boolean(card.declaration?.quicken), quickenCost: w.quickenCost, quickenTn: w.quickenTn, reflex: reflexOf(s) }, dice));
    if (!rolled.value.ok) return rolled.value;
    const state = rolled.value.value.result.state;
    const headline = readyHeadline(rolled.value.value.result, weapon.name);
    return ok({ outcome: "neutral", events: withNames(rolled.value.value.events as EngineEvent[], [actor]), updates: {}, rolls: rolled.rolls, lookups: [], combatCommands: [{ type: "missile", combatantId: id, missile: state } as TimeCommand], headline });
  },
};

// ── Loosing ───────────────────────────────────────────────────────────────

interface ShotDeclaration {
  readonly weaponId: string;
  readonly weapon: string;
  readonly dice: number;
  readonly aimDice: number;
  readonly band: string;
  /** Yards between the two, measured from the tokens; absent where nothing could be measured (the band is then the GM's ruling). */
  readonly yards?: number;
  readonly aimedPart: string;
  readonly tnModifier: number;
  readonly atn: number;
}

/** Yards between shooter and target, centre to centre, measured from their tokens; null where there is nothing to measure. */
const yardsApart = (shooter: Actor.Implementation, target: Actor.Implementation, combatId: string): number | null => yardsBetween(shooter, target, combatId)?.centre ?? null;

/** `declared`: checking again at resolve the card's own declaration, whose band was decided when it was posted. */
function prepareShot(raw: unknown, actor: Actor.Implementation, target: Actor.Implementation, combatId: string, declared = false): Outcome<ShotDeclaration> {
  const d = (raw ?? {}) as Record<string, unknown>;
  const weapon = missileWeapon(actor, d.weaponId);
  if (!weapon) return refused("noWeapon", "NoWeapon");
  const s = view(actor).stats;
  const profile = missileProfile(weapon.stats, s.strength);
  if (!profile.ok) return refused("noWeapon", "NoWeapon");
  const yards = declared ? (typeof d.yards === "number" ? d.yards : null) : yardsApart(actor, target, combatId);
  const band = declared ? rangeBand(steelRangeBands(), d.band) : shotBand(steelRangeBands(), yards, d.band);
  if (!band) return refused("badBand", "BadBand");
  const tnModifier = d.tnModifier === undefined ? 0 : d.tnModifier;
  if (d.aimedPart !== "" && !steelTables().missileChart.includes(d.aimedPart as BodyPart)) return refused("badPart", "BadPart");
  for (const v of [d.dice, d.aimDice]) if (!isWholeNumber(v) || (v as number) < 0) return refused("badDice", "BadDice");
  if (!isGmTnModifier(tnModifier)) return refused("badModifier", "BadModifier");
  const { missile } = missileNow(actor, combatId);
  // The engine says whether these dice can be spent; the card words its answer.
  const problem = shotDiceProblem(missile ?? { ready: false, pool: 0 }, d.dice as number, d.aimDice as number, aimOf(s));
  if (problem?.kind === "aimTooHigh") return refused("aimTooHigh", "AimTooHigh", { aim: problem.aim });
  if (problem?.kind === "notReady") return refused("notReady", "NotReady");
  if (problem?.kind === "tooMany") return refused("tooMany", "TooMany", { dice: problem.dice, left: problem.left });
  const total = (d.dice as number) + (d.aimDice as number);
  // In a bout the bout says when this shooter may loose ("Missile Fire": red or white each round, one shot a round).
  const id = combatantFor(combatId, actor);
  if (id && fighterOf(actor, combatId)) {
    const ready = dryRun(combatId, [{ type: "loose", combatantId: id, dice: total } as TimeCommand]);
    if (!ready.ok) return ready;
  }
  return ok({ weaponId: weapon.id, weapon: weapon.name, dice: d.dice as number, aimDice: d.aimDice as number, band: band.slug, ...(yards !== null ? { yards: Math.round(yards * 10) / 10 } : {}), aimedPart: String(d.aimedPart ?? ""), tnModifier, atn: profile.value.atn });
}

/** The target's defence pool: Combat Pool dice left when it fights in a bout, else its Reflex. */
function defencePool(target: Actor.Implementation, combatId: string): { inMelee: boolean; dice: number } {
  const fighter = fighterOf(target, combatId);
  return missileDefencePool(Boolean(fighter), fighter?.cp ?? 0, view(target).stats);
}

const shieldDtn = (t: ActorView<SteelStats>) => t.shields.find((s) => s.equipped)?.stats.missileDtn ?? null;

const shotCard: CardKind = {
  title: `${M}ShotTitle`,
  // The band is measured; where it cannot be, it and the TN modifier are the GM's to set.
  gmFigures: (d) => [...(isSet(d?.band) ? [`${M}Field.Band`] : []), ...(isSet(d?.tnModifier) ? ["BOUT.Roll.TnModifier"] : [])],
  prepare: (raw, shooter, target, combatId) => prepareShot(raw, shooter, target, combatId),
  describe: (d: ShotDeclaration): EngineEvent[] => {
    const band = game.i18n!.localize(`${M}Band.${d?.band}`);
    return [
      { type: "declared", key: `${M}ShotDeclared`, data: { weapon: d?.weapon ?? "", dice: d?.dice ?? 0, aim: d?.aimDice ?? 0, band } },
      { type: "declared", key: typeof d?.yards === "number" ? `${M}RangeFrom.measured` : `${M}RangeFrom.ruling`, data: { yards: d?.yards ?? 0, band } },
    ];
  },
  async defend(card: CardView) {
    if (!card.defender) return null;
    const d = card.declaration as ShotDeclaration;
    const pool = defencePool(card.defender, card.combatId);
    const t = view(card.defender);
    const dtn = shieldDtn(t);
    const band = rangeBand(steelRangeBands(), d.band)!;
    const atn = shotAtn(d.atn, band, d.tnModifier);
    const values = await openOddsDialog({
      title: `${M}DefendTitle`,
      titleData: { name: fighterName(card.attacker) },
      confirmLabel: "BOUT.Card.Defend",
      fields: [
        { kind: "select", name: "kind", label: `${M}Field.Defence`, value: "evade", options: ["none", "evade", ...(dtn !== null ? ["block"] : [])].map((k) => ({ value: k, label: `${M}Defence.${k}` })) },
        { kind: "select", name: "room", label: `${M}Field.Room`, value: "restricted", options: ROOMS.map((r) => ({ value: r, label: `${M}Room.${r}` })) },
        { kind: "number", name: "dice", label: pool.inMelee ? "BOUT.Steel.Table.Dice" : `${M}Field.ReflexDice`, value: Math.min(pool.dice, 3), min: 0, max: pool.dice, slider: true },
      ],
      odds: (v) => {
        const kind = String(v.kind);
        const defTn = kind === "block" && dtn !== null ? dtn : EVASION_TN[v.room as EvasionRoom] ?? 7;
        const odds = exchangeOdds(d.dice, atn, kind === "none" ? 0 : Number(v.dice), defTn);
        return { rows: [{ label: "BOUT.Steel.Table.Odds.Stopped", probability: 1 - odds.hit, headline: true }, { label: "BOUT.Steel.Table.Odds.Hit", probability: odds.hit }], distributions: [{ label: "BOUT.Odds.Mos", bars: mosBars(odds) }] };
      },
    });
    return values ? { kind: values.kind, room: values.room, dice: values.dice } : null;
  },
  async resolve(card, answer: unknown): Promise<Outcome<CardResolution>> {
    const shooter = card.attacker;
    const target = card.defender;
    if (!shooter || !target) return refused("noWeapon", "NoWeapon");
    const again = prepareShot(card.declaration, shooter, target, card.combatId, true);
    if (!again.ok) return again;
    const d = again.value;
    const a = (answer ?? {}) as { kind?: unknown; room?: unknown; dice?: unknown };
    const t = view(target);
    const pool = defencePool(target, card.combatId);
    const kind = a.kind === "evade" || a.kind === "block" ? a.kind : "none";
    if (kind !== "none" && (!isWholeNumber(a.dice) || (a.dice as number) < 0)) return refused("badDice", "BadDice");
    const dtn = shieldDtn(t);
    if (kind === "block" && dtn === null) return refused("noShield", "NoShield");
    if (kind === "evade" && !ROOMS.includes(a.room as EvasionRoom)) return refused("badRoom", "BadRoom");
    // The target's place in the bout, read once: nothing is written before the card resolves.
    const inBout = fighterOf(target, card.combatId);
    const blocker = combatantFor(card.combatId, target);
    if (kind === "block" && blocker && inBout) {
      const free = dryRun(card.combatId, [{ type: "block", combatantId: blocker } as TimeCommand]);
      if (!free.ok) return free;
    }
    // A fighter in the middle of a double red's attack cannot defend ("Melee Combat"): the bout says so before any die is rolled.
    if (kind !== "none" && (a.dice as number) > 0 && blocker && pool.inMelee) {
      const open = dryRun(card.combatId, [{ type: "spend", combatantId: blocker, dice: a.dice, purpose: "defence" } as TimeCommand]);
      if (!open.ok) return open;
    }
    const defence: MissileDefence | null =
      kind === "evade" ? { kind, room: a.room as EvasionRoom, dice: a.dice as number, poolLeft: pool.dice } : kind === "block" ? { kind, missileDtn: dtn!, dice: a.dice as number, poolLeft: pool.dice, shieldUsed: false } : null;
    const s = view(shooter).stats;
    const weapon = missileWeapon(shooter, d.weaponId)!;
    const profile = missileProfile(weapon.stats, s.strength);
    if (!profile.ok) return profile;
    const { missile } = missileNow(shooter, card.combatId);
    const band = rangeBand(steelRangeBands(), d.band)!;
    const armour = armourByRegion(t);
    const tablesRead = steelTablesRead();
    if (!tablesRead.ok) return tablesRead;
    const tables = tablesRead.value;
    // What the Shock comes off (the engine's shockPoolFor): in melee, his Combat Pool less the dice his defence spent; outside it
    // his whole pool, as for a blow (a Reflex defence spends none).
    const targetCpAfter = shockPoolFor({ horsePool: null, poolLeft: combatPoolLeft(target, card.combatId), defenceCost: pool.inMelee ? (defence?.dice ?? 0) : null });
    const rolled = await resolveWithFoundry((dice) => {
      const shot = missileAttack(
        {
          shooterId: fighterRef(shooter),
          targetId: fighterRef(target),
          state: { roundsLeft: 0, ready: true, pool: missile!.pool, quickenCost: 0 },
          dice: d.dice,
          aimDice: d.aimDice,
          aim: aimOf(s),
          atn: d.atn,
          band,
          tnModifier: d.tnModifier,
          ...(d.aimedPart ? { aimedPart: d.aimedPart as BodyPart } : {}),
          damage: profile.value.damage,
          damageType: profile.value.damageType,
          toughness: t.stats.toughness,
          armour,
          defence,
          chart: tables.missileChart,
          woundTable: tables.woundTable,
        },
        dice,
      );
      if (!shot.ok) return { shot, wound: null, rider: null };
      const hit = shot.value.result.hit;
      const wound = hit?.wound
        ? applyWound({ ...casualtyOf(t, Math.max(0, targetCpAfter), inBout?.missile), id: fighterRef(target) }, { wound: hit.wound, region: PART_REGION[hit.part], margin: shot.value.result.margin, blunt: profile.value.damageType === "blunt" }, dice)
        : null;
      // "Attacking a Mounted Target": a rider the missile strikes rolls Ride less the margin, or falls.
      const saddle = mountedHit({ defenderMounted: Boolean(inBout?.mounted), atMount: false, landed: Boolean(hit) }).saddleCheck;
      const rider = saddle ? stayInSaddle({ id: fighterRef(target), agility: t.stats.agility, rideTn: rideTnOf(target), margin: shot.value.result.margin }, dice) : null;
      return { shot, wound, rider };
    });
    const { shot, wound, rider } = rolled.value;
    if (!shot.ok) return shot;
    if (wound && !wound.ok) return wound;
    if (rider && !rider.ok) return rider;
    const commands: TimeCommand[] = [];
    const sId = combatantFor(card.combatId, shooter);
    const tId = combatantFor(card.combatId, target);
    if (sId && fighterOf(shooter, card.combatId)) commands.push({ type: "loose", combatantId: sId, dice: d.dice + d.aimDice } as TimeCommand);
    if (tId && pool.inMelee && defence?.dice) commands.push({ type: "spend", combatantId: tId, dice: defence.dice, purpose: "defence" } as TimeCommand);
    if (tId && inBout && kind === "block") commands.push({ type: "block", combatantId: tId } as TimeCommand);
    if (tId && inBout && wound?.ok) commands.push(...shockCommand(tId, Math.max(0, targetCpAfter), wound.value.result, inBout?.missile));
    const events = [...(shot.value.events as EngineEvent[]), ...((wound?.ok ? wound.value.events : []) as EngineEvent[]), ...((rider?.ok ? rider.value.events : []) as EngineEvent[])];
    const thrown = Boolean(rider?.ok && rider.value.result.falls);
    // Thrown from the saddle: on foot in the bout, and on the ground.
    if (thrown && tId && inBout) commands.push({ type: "mount", combatantId: tId, mounted: false } as TimeCommand);
    // Down or out: the conditions go on the target when applied, each for as long as it lasts; off its feet in a bout, half its total pool.
    const down = wound?.ok ? woundStatuses(wound.value.result) : [];
    const statuses: Record<string, StatusChange[]> = {};
    addStatuses(statuses, fighterRef(target), [...down, ...(thrown ? [timedStatus(knockedDown)] : [])]);
    if (tId && inBout && (thrown || down.some((c) => c.id === knockedDown.id))) commands.push(...groundCommands(tId, inBout, wound?.ok ? wound.value.result.cpLeft : Math.max(0, targetCpAfter)));
    return ok({
      outcome: shot.value.result.margin > 0 ? "success" : "failure",
      events: withNames(events, [shooter, target]),
      updates: wound?.ok ? { [fighterRef(target)]: woundUpdates(t, wound.value.result) } : {},
      rolls: rolled.rolls,
      lookups: ["BOUT.Steel.Part."],
      combatCommands: commands,
      statuses,
      headline: withThen(shotHeadline(shot.value.result), blowAftermath({ wound: wound?.ok ? wound.value.result : null, struck: fighterName(target), thrown: thrown ? fighterName(target) : null })),
    });
  },
};

/** The roll button of a missile weapon: ready it in a bout when it is not, else loose. */
async function declareMissile({ actor, item }: ItemRollRequest) {
  const combatId = game.combat?.id ?? "";
  const now = missileNow(actor, combatId);
  if (now.inBout && !now.missile) {
    const values = await openOddsDialog({
      title: `${M}ReadyTitle`,
      titleData: { attacker: actor.name },
      confirmLabel: `${M}Ready`,
      fields: [{ kind: "checkbox", name: "quicken", label: `${M}Field.Quicken`, value: false }],
      odds: (v) => {
        const w = (item.system as any).steel ?? {};
        const quick = Boolean(v.quicken) && mayQuicken(Number(w.preparation)) ? oneSuccessOdds(reflexOf(view(actor).stats), Number(w.quickenTn)).success : 0;
        return { rows: [{ label: `${M}Odds.Quicker`, probability: quick, headline: true }] };
      },
    });
    if (values) return postCard("steel.readyMissile", actor, actor, { weaponId: item.id, quicken: values.quicken }, combatId);
    return;
  }
  const s = view(actor).stats;
  const profile = missileProfile((item.system as any).steel, s.strength);
  const pool = now.missile?.ready ? now.missile.pool : 0;
  const aim = Math.min(aimOf(s), pool);
  const foes = opponents(actor);
  // The world's range bands, read once for the choices and the odds; the band each foe is at is measured (the engine's shotBand).
  const bands = steelRangeBands();
  const values = await openOddsDialog({
    title: "BOUT.Roll.AttackTitle",
    titleData: { name: item.name },
    confirmLabel: `${M}Loose`,
    fields: [
      { kind: "select", name: "target", label: "BOUT.Steel.Table.Target", value: defaultOpponent(foes), options: opponentOptions(foes) },
      { kind: "number", name: "dice", label: `${M}Field.Dice`, value: pool, min: 0, max: pool, slider: true },
      { kind: "number", name: "aimDice", label: `${M}Field.AimDice`, value: 0, min: 0, max: aim },
      { kind: "select", name: "aimedPart", label: `${M}Field.AimedPart`, value: "", options: [{ value: "", label: `${M}NoAim` }, ...[...new Set(steelTables().missileChart)].map((p) => ({ value: p, label: `BOUT.Steel.Part.${p}` }))] },
      { kind: "select", name: "band", label: `${M}Field.Band`, value: "short", gmOnly: true, options: bands.map((b) => ({ value: b.slug, label: `${M}BandOption`, labelData: { band: game.i18n!.localize(`${M}Band.${b.slug}`), tn: signed(b.tnModifier) } })) },
      { kind: "number", name: "tnModifier", label: "BOUT.Roll.TnModifier", value: 0, min: -5, max: 5, gmOnly: true },
      { kind: "number", name: "defenceDice", label: "BOUT.Steel.Table.ExpectedDefence", value: 3, min: 0, max: 30 },
    ],
    odds: (v) => {
      const target = pickOpponent(foes, v.target);
      const band = shotBand(bands, target ? yardsApart(actor, target, combatId) : null, v.band) ?? shotBand(bands, null, "")!;
      const atn = shotAtn(profile.ok ? profile.value.atn : 10, band, Number(v.tnModifier) || 0);
      const dice = Number(v.dice);
      const odds = exchangeOdds(dice, atn, Number(v.defenceDice), EVASION_TN.restricted);
      return {
        rows: [{ label: "BOUT.Steel.Table.Odds.Hit", probability: odds.hit, headline: true }],
        distributions: [
          { label: "BOUT.Odds.Successes", data: { dice, tn: atn }, bars: successBars(dice, atn) },
          { label: "BOUT.Odds.Mos", bars: mosBars(odds) },
        ],
      };
    },
  });
  const target = values ? pickOpponent(foes, values.target) : undefined;
  if (!values || !target) return;
  // A player's form has no band or TN modifier (the GM's figures): only what it holds is sent.
  const gm = game.user?.isGM === true;
  return postCard("steel.missile", actor, target, { weaponId: item.id, dice: values.dice, aimDice: values.aimDice, aimedPart: values.aimedPart, ...(gm ? { band: values.band, tnModifier: values.tnModifier } : {}) }, combatId);
}

export function registerSteelMissile(): void {
  registerCardKind("steel.readyMissile", readyCard);
  registerCardKind("steel.missile", shotCard);
  // A weapon's roll button: a shot for missile weapons, the exchange for the rest.
  registerItemRoll("steel", "weapon", (request) => ((request.item.system as any).steel?.missile ? declareMissile(request) : declareAttack(request)));
}
