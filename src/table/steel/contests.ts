/**
 * Seed 000's rolls beside the exchange, at the table, each a card the GM's
 * client rolls with the engine:
 * - a terrain roll ("Terrain Rolls", "Difficult Fighting Conditions"): the
 *   fighter burns Combat Pool dice against the table's TN (or the GM's), with
 *   the stakes the GM names (the seed's two examples); a made roll may win
 *   higher footing;
 * - an opposed terrain roll ("Opposed Terrain Rolls"): an opponent burns dice
 *   at the same TN to cancel the move;
 * - on horseback ("Mounted modifiers") a rider's terrain roll is a Ride check
 *   (Agility dice at the Ride TN, no pool dice), and a rider opposing one rolls
 *   Ride too: two riders make a contested Ride check;
 * - buying initiative: the seed names it without figures, so it is our contest
 *   (both sides burn dice at the world's TN, the buyer needs more successes).
 * Every figure is re-read from the documents and the bout on the GM's client.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterName, fighterRef } from "../fighter";
import { isWholeNumber, ok, refuse, type Outcome } from "../../engine/outcome";
import {
  BENCH_STAKES,
  ENGAGED_RIDE_TN_MAX,
  buyInitiative,
  buyInitiativeOdds,
  DECK_STAKES,
  mountedOpposedTerrainRoll,
  mountedTerrainRoll,
  oneSuccessOdds,
  opposedTerrainOdds,
  PACES,
  successBars,
  TERRAIN_TABLE,
  terrainAftermath,
  terrainConsequence,
  terrainTn,
  type Pace,
  type SteelStats,
  type TerrainRoller,
  type TerrainStakes,
} from "../../engine/rulesets/steel";
import { actorView } from "../../data/actor/actor-view";
import type { TimeCommand } from "../../engine/time/machine";
import { buyHeadline, terrainContestHeadline, terrainHeadline } from "./headline";
import { combatantFor, dryRun, registerCardKind, postCard, withNames, type CardKind, type CardResolution, type CardView, type StatusChange } from "../cards";
import { boutIn, boutsState } from "./bouts-state";
import { buyingFrom } from "../../engine/time/bouts";
import { openOddsDialog, type DialogValues } from "../../applications/dialogs/odds-dialog";
import type { EngineEvent } from "../../applications/results/result-card";
import { registerActorAction } from "../../applications/sheets/actor-actions";
import { combatPoolLeft, fighterOf } from "./attack";
import { timedStatus } from "./wounds";
import { rideTnModifier, rideTnOf } from "./mounted";
import { opponentOptions, opponents, pickOpponent } from "../opponents";
import { notifyRefusal } from "../notify";
import { steelBuyInitiativeTn } from "../../settings";

const C = "BOUT.Steel.Contest.";
const refused = (code: string, key: string, data?: Record<string, string | number>): Outcome<never> => refuse(`steel.contest.${code}`, `${C}Refusal.${key}`, data);
const STAKES: Readonly<Record<string, TerrainStakes | null>> = { none: null, bench: BENCH_STAKES, deck: DECK_STAKES };
const MAX_TN = 20;
const agilityOf = (actor: Actor.Implementation) => (actorView<SteelStats>(actor, "steel")).stats.agility;
const riding = (actor: Actor.Implementation | null, combatId: string) => Boolean(actor && fighterOf(actor, combatId)?.mounted);

/** The world's TN for buying initiative (ours: the seed gives none). */
export const buyTn = steelBuyInitiativeTn;

const line = (key: string, data: Record<string, string | number | boolean> = {}): EngineEvent => ({ type: "contest", key: `${C}${key}`, data });

/** The TN a terrain declaration names: the table's figure for terrain and pace, or the GM's own. */
function tnOf(d: { terrain?: unknown; pace?: unknown; tn?: unknown }): Outcome<number> {
  if (d.terrain === "custom") return isWholeNumber(d.tn) && (d.tn as number) >= 1 && (d.tn as number) <= MAX_TN ? ok(d.tn as number) : refused("badTn", "BadTn", { max: MAX_TN });
  if (typeof d.terrain !== "string" || !PACES.includes(d.pace as Pace)) return refused("badTerrain", "BadTerrain");
  const tn = terrainTn(d.terrain, d.pace as Pace);
  return tn.ok ? tn : refused("badTerrain", "BadTerrain");
}

function diceChecked(dice: unknown, actor: Actor.Implementation, combatId: string): Outcome<number> {
  if (!isWholeNumber(dice) || (dice as number) < 0) return refused("badDice", "BadDice");
  const left = combatPoolLeft(actor, combatId);
  if ((dice as number) > left) return refused("tooMany", "TooMany", { dice: dice as number, left });
  return ok(dice as number);
}

/** In a bout the dice leave the pool like any other spend. */
function spend(combatId: string, actor: Actor.Implementation | null, dice: number): TimeCommand[] {
  const id = combatantFor(combatId, actor);
  return id && actor && dice > 0 && fighterOf(actor, combatId) ? [{ type: "spend", combatantId: id, dice, purpose: "other" } as TimeCommand] : [];
}

/** "Posture" lasts "until the first blow or movement": a terrain roll is the fighter's movement, and its posture ends. */
function movedCommand(combatId: string, actor: Actor.Implementation | null): TimeCommand[] {
  const id = combatantFor(combatId, actor);
  return id && actor && fighterOf(actor, combatId) ? [{ type: "moved", combatantId: id } as TimeCommand] : [];
}

function footingCommand(combatId: string, actor: Actor.Implementation | null): TimeCommand[] {
  const id = combatantFor(combatId, actor);
  return id && actor && fighterOf(actor, combatId) ? [{ type: "footing", combatantId: id, higher: true } as TimeCommand] : [];
}

interface TerrainDeclaration {
  readonly terrain: string;
  readonly pace: string;
  readonly tn: number;
  readonly dice: number;
  readonly stakes: string;
  readonly footing: boolean;
  /** In the saddle when declared: a Ride check (Agility dice at the Ride TN plus `tnModifier`). */
  readonly ride?: boolean;
  readonly tnModifier?: number;
}

/**
 * One side of a terrain roll as the documents and the bout say now: a rider
 * rolls Ride ("Mounted modifiers"), a fighter on foot burns pool dice.
 */
function rollerOf(actor: Actor.Implementation, combatId: string, dice: number, tnModifier = 0): TerrainRoller {
  const id = fighterRef(actor);
  if (riding(actor, combatId)) return { mounted: true, id, agility: agilityOf(actor), rideTn: rideTnOf(actor), tnModifier };
  return { mounted: false, id, cpLeft: combatPoolLeft(actor, combatId), dice };
}

/** A declaration made in the saddle stands only while the fighter still rides (and the other way round). */
function sameSaddle(d: TerrainDeclaration, actor: Actor.Implementation, combatId: string): Outcome<true> {
  return Boolean(d.ride) === riding(actor, combatId) ? ok(true) : refused("saddleChanged", "SaddleChanged");
}

function prepareTerrain(raw: unknown, actor: Actor.Implementation, combatId: string): Outcome<TerrainDeclaration> {
  const d = (raw ?? {}) as Record<string, unknown>;
  if (riding(actor, combatId)) {
    // "Mounted modifiers": Agility at the Ride TN in place of pool dice; no higher footing to win, the horse gives it.
    const mod = rideTnModifier(raw);
    if (!mod.ok) return mod;
    const stakes = typeof d.stakes === "string" && Object.hasOwn(STAKES, d.stakes) ? d.stakes : "none";
    return ok({ terrain: "ride", pace: "", tn: rideTnOf(actor) + mod.value, dice: agilityOf(actor), stakes, footing: false, ride: true, tnModifier: mod.value });
  }
  const tn = tnOf(d);
  if (!tn.ok) return tn;
  const dice = diceChecked(d.dice, actor, combatId);
  if (!dice.ok) return dice;
  const stakes = typeof d.stakes === "string" && Object.hasOwn(STAKES, d.stakes) ? d.stakes : "none";
  const ready = dryRun(combatId, spend(combatId, actor, dice.value));
  if (!ready.ok) return ready;
  return ok({ terrain: String(d.terrain), pace: String(d.pace ?? ""), tn: tn.value, dice: dice.value, stakes, footing: d.footing === true });
}

const terrainName = (d: TerrainDeclaration) => `BOUT.Steel.Terrain.${d.terrain}`;

/** A TN of the GM's own, in place of the table's, is the GM's figure. */
const customTn = (d: { terrain?: unknown }) => (d.terrain === "custom" ? [`${C}Field.CustomTn`] : []);

const terrainCard: CardKind = {
  title: `${C}TerrainTitle`,
  gmFigures: customTn,
  self: true,
  unanswered: () => true,
  prepare: (raw, attacker, _defender, combatId) => prepareTerrain(raw, attacker, combatId),
  describe: (d: TerrainDeclaration) => [line("TerrainDeclared", { dice: d?.dice ?? 0, tn: d?.tn ?? 0, terrain: game.i18n!.localize(terrainName(d)) })],
  async defend() {
    return null;
  },
  async resolve(card: CardView): Promise<Outcome<CardResolution>> {
    const actor = card.attacker;
    if (!actor) return refused("badDice", "BadDice");
    const d = card.declaration as TerrainDeclaration;
    const same = sameSaddle(d, actor, card.combatId);
    if (!same.ok) return same;
    const cpLeft = combatPoolLeft(actor, card.combatId);
    const rolled = await resolveWithFoundry((dice) => mountedTerrainRoll(rollerOf(actor, card.combatId, d.dice, d.tnModifier), d.tn, dice));
    if (!rolled.value.ok) return rolled.value;
    const r = rolled.value.value.result;
    const events: EngineEvent[] = [...(rolled.value.value.events as EngineEvent[])];
    const commands = [...spend(card.combatId, actor, r.fromPool), ...movedCommand(card.combatId, actor)];
    const inBout = Boolean(combatantFor(card.combatId, actor) && fighterOf(actor, card.combatId));
    const statuses: Record<string, StatusChange[]> = {};
    const stakes = STAKES[d.stakes] ?? null;
    const c = stakes ? terrainConsequence(r, stakes, cpLeft, r.roll.dice.length) : null;
    const id = combatantFor(card.combatId, actor);
    const after = terrainAftermath(c, { inBout: Boolean(inBout && id), riding: Boolean(d.ride), success: r.success, forFooting: Boolean(d.footing) });
    if (c && c.consequence !== "none") events.push(line(`Consequence.${c.consequence}`, { dice: c.diceLost, bout: inBout }));
    if (id && after.unhorsed) commands.push({ type: "mount", combatantId: id, mounted: false } as TimeCommand);
    if (id && after.poolPenalty) commands.push({ type: "penalty", combatantId: id, dice: after.poolPenalty } as TimeCommand);
    if (id && after.nextActionPenalty) commands.push({ type: "fumble", combatantId: id, dice: after.nextActionPenalty } as TimeCommand);
    // On his back or off his feet until his bout's next round (the condition ends by itself as the round comes).
    if (c?.statuses.length) statuses[fighterRef(actor)] = c.statuses.map(timedStatus);
    if (after.footingWon) {
      commands.push(...footingCommand(card.combatId, actor));
      events.push(line("FootingWon"));
    }
    const headline = terrainHeadline(r, after.footingWon, c);
    return ok({ outcome: r.success ? "success" : "failure", events: withNames(events, [actor]), updates: {}, rolls: rolled.rolls, lookups: [], combatCommands: commands, statuses, headline });
  },
};

interface ContestDeclaration {
  readonly tn: number;
  readonly dice: number;
  readonly footing?: boolean;
  readonly terrain?: string;
}

/** The opponent's answer: dice from their own pool, checked against it on the GM's client. */
async function answerDice(card: CardView, title: string, odds: (values: DialogValues) => ReturnType<NonNullable<Parameters<typeof openOddsDialog>[0]["odds"]>>): Promise<unknown> {
  const left = card.defender ? combatPoolLeft(card.defender, card.combatId) : 0;
  const values = await openOddsDialog({
    title,
    titleData: { name: fighterName(card.attacker) },
    confirmLabel: `${C}Answer`,
    fields: [{ kind: "number", name: "dice", label: "BOUT.Steel.Table.Dice", value: Math.min(left, Number(card.declaration?.dice ?? 0)), min: 0, max: left, slider: true }],
    odds,
  });
  return values ? { dice: values.dice } : null;
}

const terrainContestCard: CardKind = {
  title: `${C}TerrainContestTitle`,
  answer: "BOUT.Card.Answer.Oppose",
  gmFigures: customTn,
  prepare(raw, attacker, _defender, combatId) {
    return prepareTerrain({ ...(raw as object), stakes: "none" }, attacker, combatId);
  },
  describe: (d: TerrainDeclaration) => [line("TerrainContestDeclared", { dice: d?.dice ?? 0, tn: d?.tn ?? 0, terrain: game.i18n!.localize(terrainName(d)) })],
  async defend(card) {
    const d = card.declaration as TerrainDeclaration;
    const opponent = card.defender;
    if (opponent && riding(opponent, card.combatId)) {
      // A rider opposes with a Ride check: nothing to burn, only whether to oppose.
      const dice = agilityOf(opponent);
      const tn = rideTnOf(opponent);
      const values = await openOddsDialog({
        title: `${C}TerrainContestAnswer`,
        titleData: { name: fighterName(card.attacker) },
        confirmLabel: `${C}RideAnswer`,
        fields: [],
        odds: () => ({ rows: [{ label: `${C}Odds.Cancel`, probability: 1 - opposedTerrainOdds(d.dice, dice, d.tn, tn), headline: true }], distributions: [{ label: "BOUT.Odds.Successes", data: { dice, tn }, bars: successBars(dice, tn) }] }),
      });
      return values ? { dice: 0 } : null;
    }
    return answerDice(card, `${C}TerrainContestAnswer`, (v) => {
      const cancel = 1 - opposedTerrainOdds(d.dice, Number(v.dice), d.tn);
      return { rows: [{ label: `${C}Odds.Cancel`, probability: cancel, headline: true }], distributions: [{ label: "BOUT.Odds.Successes", data: { dice: Number(v.dice), tn: d.tn }, bars: successBars(Number(v.dice), d.tn) }] };
    });
  },
  async resolve(card, answer: unknown): Promise<Outcome<CardResolution>> {
    const actor = card.attacker;
    const opponent = card.defender;
    if (!actor || !opponent) return refused("badDice", "BadDice");
    const d = card.declaration as TerrainDeclaration;
    const same = sameSaddle(d, actor, card.combatId);
    if (!same.ok) return same;
    // A rider answering burns nothing; anyone else's dice are checked against their pool.
    const theirs = riding(opponent, card.combatId) ? ok(0) : diceChecked((answer as { dice?: unknown } | null)?.dice, opponent, card.combatId);
    if (!theirs.ok) return theirs;
    const mine = rollerOf(actor, card.combatId, d.dice, d.tnModifier);
    const them = rollerOf(opponent, card.combatId, theirs.value);
    const commands = [...spend(card.combatId, actor, mine.mounted ? 0 : d.dice), ...spend(card.combatId, opponent, them.mounted ? 0 : theirs.value), ...movedCommand(card.combatId, actor)];
    const ready = dryRun(card.combatId, commands);
    if (!ready.ok) return ready;
    const rolled = await resolveWithFoundry((dice) => mountedOpposedTerrainRoll(mine, them, d.tn, dice));
    if (!rolled.value.ok) return rolled.value;
    const r = rolled.value.value.result;
    const events = [...(rolled.value.value.events as EngineEvent[])];
    // The footing the move was made for is won as the engine says (never by a rider: his horse gives him height).
    const after = terrainAftermath(null, { inBout: Boolean(fighterOf(actor, card.combatId)), riding: Boolean(d.ride), success: r.actorSucceeds, forFooting: Boolean(d.footing) });
    if (after.footingWon) {
      commands.push(...footingCommand(card.combatId, actor));
      events.push(line("FootingWon"));
    }
    return ok({ outcome: r.actorSucceeds ? "success" : "failure", events: withNames(events, [actor, opponent]), updates: {}, rolls: rolled.rolls, lookups: [], combatCommands: commands, headline: terrainContestHeadline(r, after.footingWon) });
  },
};

/** The bout where the buyer fights without initiative and the holder holds it (the engine's `buyingFrom`). */
function buyingBout(combatId: string, buyer: Actor.Implementation, holder: Actor.Implementation): Outcome<{ boutId: string; buyerId: string }> {
  const b = fighterOf(buyer, combatId);
  const h = fighterOf(holder, combatId);
  const state = boutsState(combatId);
  if (!b || !h || !state) return refused("noBout", "NoBout");
  const bout = buyingFrom(state, b.id, h.id);
  return bout.ok ? ok({ boutId: bout.value.boutId, buyerId: b.id }) : bout;
}

const buyCard: CardKind = {
  title: `${C}BuyTitle`,
  answer: "BOUT.Card.Answer.Bid",
  prepare(raw, buyer, holder, combatId) {
    const bout = buyingBout(combatId, buyer, holder);
    if (!bout.ok) return bout;
    const dice = diceChecked((raw as { dice?: unknown } | null)?.dice, buyer, combatId);
    if (!dice.ok) return dice;
    const ready = dryRun(combatId, spend(combatId, buyer, dice.value));
    if (!ready.ok) return ready;
    return ok({ dice: dice.value, tn: buyTn() });
  },
  describe: (d: ContestDeclaration) => [line("BuyDeclared", { dice: d?.dice ?? 0, tn: d?.tn ?? 0 })],
  defend(card) {
    const d = card.declaration as ContestDeclaration;
    return answerDice(card, `${C}BuyAnswer`, (v) => ({ rows: [{ label: `${C}Odds.Keep`, probability: 1 - buyInitiativeOdds(d.dice, Number(v.dice), d.tn), headline: true }] }));
  },
  async resolve(card, answer: unknown): Promise<Outcome<CardResolution>> {
    const buyer = card.attacker;
    const holder = card.defender;
    if (!buyer || !holder) return refused("noBout", "NoBout");
    const bout = buyingBout(card.combatId, buyer, holder);
    if (!bout.ok) return bout;
    const d = card.declaration as ContestDeclaration;
    const theirs = diceChecked((answer as { dice?: unknown } | null)?.dice, holder, card.combatId);
    if (!theirs.ok) return theirs;
    const commands = [...spend(card.combatId, buyer, d.dice), ...spend(card.combatId, holder, theirs.value)];
    const rolled = await resolveWithFoundry((dice) =>
      buyInitiative({ buyer: { id: fighterRef(buyer), cpLeft: combatPoolLeft(buyer, card.combatId), dice: d.dice, tn: d.tn }, holder: { id: fighterRef(holder), cpLeft: combatPoolLeft(holder, card.combatId), dice: theirs.value, tn: d.tn } }, dice),
    );
    if (!rolled.value.ok) return rolled.value;
    const bought = rolled.value.value.result.bought;
    const headline = buyHeadline(rolled.value.value.result);
    if (bought) commands.push({ type: "seize", boutId: bout.value.boutId, combatantId: bout.value.buyerId } as TimeCommand);
    return ok({ outcome: bought ? "success" : "failure", events: withNames(rolled.value.value.events as EngineEvent[], [buyer, holder]), updates: {}, rolls: rolled.rolls, lookups: [], combatCommands: commands, headline });
  },
};

/** The sheet's terrain roll: alone, or against an opponent who may cancel the move. */
async function terrainFromSheet(actor: Actor.Implementation) {
  const combatId = game.combat?.id ?? "";
  if (riding(actor, combatId)) return rideTerrainFromSheet(actor, combatId);
  const left = combatPoolLeft(actor, combatId);
  const foes = opponents(actor);
  const values = await openOddsDialog({
    title: `${C}TerrainTitle`,
    titleData: { attacker: actor.name },
    confirmLabel: "BOUT.Roll.Roll",
    fields: [
      { kind: "select", name: "terrain", label: `${C}Field.Terrain`, value: TERRAIN_TABLE[0]!.slug, options: [...TERRAIN_TABLE.map((r) => r.slug), ...(game.user?.isGM ? ["custom"] : [])].map((slug) => ({ value: slug, label: `BOUT.Steel.Terrain.${slug}` })) },
      { kind: "select", name: "pace", label: `${C}Field.Pace`, value: "normal", options: PACES.map((p) => ({ value: p, label: `BOUT.Steel.Pace.${p}` })) },
      { kind: "number", name: "tn", label: `${C}Field.CustomTn`, value: 6, min: 1, max: MAX_TN, gmOnly: true },
      { kind: "number", name: "dice", label: "BOUT.Steel.Table.Dice", value: Math.min(left, 2), min: 0, max: left, slider: true },
      { kind: "select", name: "stakes", label: `${C}Field.Stakes`, value: "none", options: Object.keys(STAKES).map((k) => ({ value: k, label: `${C}Stakes.${k}` })) },
      { kind: "checkbox", name: "footing", label: `${C}Field.Footing`, value: false },
      { kind: "select", name: "opponent", label: `${C}Field.Opponent`, value: "", options: [{ value: "", label: `${C}NoOpponent` }, ...opponentOptions(foes)] },
      { kind: "number", name: "opponentDice", label: `${C}Field.OpponentDice`, value: 2, min: 0, max: 30 },
    ],
    odds: (v) => {
      const tn = tnOf(v);
      if (!tn.ok) return { rows: [{ label: `${C}Odds.NoTn`, probability: 0, headline: true }] };
      const dice = Number(v.dice);
      const bars = [{ label: "BOUT.Odds.Successes", data: { dice, tn: tn.value }, bars: successBars(dice, tn.value) }];
      if (v.opponent) return { rows: [{ label: `${C}Odds.Keep`, probability: opposedTerrainOdds(dice, Number(v.opponentDice), tn.value), headline: true }], distributions: bars };
      return oneSuccessView(dice, tn.value, bars);
    },
  });
  if (!values) return;
  const declaration = { terrain: values.terrain, pace: values.pace, tn: values.tn, dice: values.dice, stakes: values.stakes, footing: values.footing };
  const opponent = pickOpponent(foes, values.opponent);
  if (opponent) return postCard("steel.terrainContest", actor, opponent, declaration, combatId);
  return postCard("steel.terrain", actor, actor, declaration, combatId);
}

/** The odds a terrain roll alone shows: made, failed or botched, with its success bars. */
function oneSuccessView<B>(dice: number, tn: number, bars: B) {
  const o = oneSuccessOdds(dice, tn);
  return {
    rows: [
      { label: "BOUT.Roll.Odds.Success", probability: o.success, headline: true },
      { label: "BOUT.Roll.Odds.Failure", probability: o.failure },
      { label: "BOUT.Roll.Odds.Botch", probability: o.botch },
    ],
    distributions: bars,
  };
}

/** A rider's terrain roll from the sheet: a Ride check, alone or against an opponent (who rolls Ride too if he rides). */
async function rideTerrainFromSheet(actor: Actor.Implementation, combatId: string) {
  const foes = opponents(actor);
  const dice = agilityOf(actor);
  const tn = rideTnOf(actor);
  const values = await openOddsDialog({
    title: `${C}TerrainTitle`,
    titleData: { attacker: actor.name },
    confirmLabel: "BOUT.Roll.Roll",
    fields: [
      { kind: "number", name: "tnModifier", label: `${C}Field.RideTnModifier`, value: 0, min: 0, max: ENGAGED_RIDE_TN_MAX },
      { kind: "select", name: "stakes", label: `${C}Field.Stakes`, value: "none", options: Object.keys(STAKES).map((k) => ({ value: k, label: `${C}Stakes.${k}` })) },
      { kind: "select", name: "opponent", label: `${C}Field.Opponent`, value: "", options: [{ value: "", label: `${C}NoOpponent` }, ...opponentOptions(foes)] },
      { kind: "number", name: "opponentDice", label: `${C}Field.OpponentDice`, value: 2, min: 0, max: 30 },
    ],
    odds: (v) => {
      const at = tn + Number(v.tnModifier);
      const foe = pickOpponent(foes, v.opponent);
      const bars = [{ label: "BOUT.Odds.Successes", data: { dice, tn: at }, bars: successBars(dice, at) }];
      if (foe) {
        const rider = riding(foe, combatId);
        return { rows: [{ label: `${C}Odds.Keep`, probability: opposedTerrainOdds(dice, rider ? agilityOf(foe) : Number(v.opponentDice), at, rider ? rideTnOf(foe) : at), headline: true }], distributions: bars };
      }
      return oneSuccessView(dice, at, bars);
    },
  });
  if (!values) return;
  const declaration = { terrain: "ride", pace: "", tnModifier: values.tnModifier, stakes: values.stakes };
  const opponent = pickOpponent(foes, values.opponent);
  if (opponent) return postCard("steel.terrainContest", actor, opponent, declaration, combatId);
  return postCard("steel.terrain", actor, actor, declaration, combatId);
}

/** The sheet's "buy initiative": against whoever holds it in the actor's bout. */
async function buyFromSheet(actor: Actor.Implementation) {
  const combatId = game.combat?.id ?? "";
  const me = fighterOf(actor, combatId);
  const holderId = boutIn(combatId, me?.boutId)?.initiative ?? null;
  const holder = holderId ? ((game.combat?.combatants.get(holderId)?.actor as Actor.Implementation | null | undefined) ?? null) : null;
  if (!me || !holder || holderId === me.id) {
    const no = refused("notHolder", "NotHolder");
    if (!no.ok) notifyRefusal(no.refusal);
    return;
  }
  const tn = buyTn();
  const values = await openOddsDialog({
    title: `${C}BuyTitle`,
    titleData: { attacker: actor.name, defender: holder.name },
    confirmLabel: `${C}Buy`,
    fields: [
      { kind: "number", name: "dice", label: "BOUT.Steel.Table.Dice", value: Math.min(me.cp, 2), min: 0, max: me.cp, slider: true },
      { kind: "number", name: "holderDice", label: `${C}Field.HolderDice`, value: 2, min: 0, max: 30 },
    ],
    odds: (v) => ({ rows: [{ label: `${C}Odds.Buy`, data: { tn }, probability: buyInitiativeOdds(Number(v.dice), Number(v.holderDice), tn), headline: true }] }),
  });
  if (!values) return;
  return postCard("steel.buyInitiative", actor, holder, { dice: values.dice }, combatId);
}

export function registerSteelContests(): void {
  registerCardKind("steel.terrain", terrainCard);
  registerCardKind("steel.terrainContest", terrainContestCard);
  registerCardKind("steel.buyInitiative", buyCard);
  registerActorAction("steel", { id: "terrain", label: `${C}TerrainAction`, icon: "fa-solid fa-mountain", run: terrainFromSheet });
  registerActorAction("steel", { id: "buyInitiative", label: `${C}BuyAction`, icon: "fa-solid fa-hand-holding-dollar", run: buyFromSheet });
}
