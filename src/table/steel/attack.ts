/**
 * Seed 000 at the table: a weapon's roll button declares an attack (maneuver,
 * zone, dice from the Combat Pool) with the exchange's exact odds, and posts a
 * card that waits for the defender; the defender answers with a defence
 * maneuver and dice; the GM's client resolves the exchange and the wound with
 * the engine, reading every figure from the documents.
 */
import { blowAftermath, exchangeHeadline } from "./headline";
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterName, fighterRef } from "../fighter";
import { actorView } from "../../data/actor/actor-view";
import { isWholeNumber, ok, refuse, type Outcome } from "../../engine/outcome";
import type { TimeCommand } from "../../engine/time/machine";
import type { ActorView } from "../../engine/rulesets/ruleset";
import {
  applyWound,
  attackProfile,
  checkDeclaration,
  closesIn,
  CORE_MANEUVERS,
  DEFAULT_ZONES,
  exchangeOdds,
  defenceDtn,
  fumbleBelowZero,
  rolledDice,
  maneuverChoices,
  maneuverTn,
  mosBars,
  poolForRound,
  resolveExchange,
  shockPoolFor,
  knockdownOf,
  knockdownTest,
  knockedDown,
  reachBetween,
  mountedBlow,
  mountedHit,
  riderDefence,
  noDefence,
  stayInSaddle,
  strikeForm,
  strikesWith,
  successBars,
  type Posture,
  type Zone,
  type ManeuverChoice,
  type SteelManeuver,
  type SteelStats,
  steelRefuse,
  steel,
  type NoDefence,
} from "../../engine/rulesets/steel";
import type { BoutCombatant } from "../../engine/time/bouts";
import { openOddsDialog } from "../../applications/dialogs/odds-dialog";
import { combatantFor, dryRun, registerCardKind, postCard, withThen, type CardKind, type CardView, type StatusChange } from "../cards";
import { boutIn, boutsState } from "./bouts-state";
import type { EngineEvent } from "../../applications/results/result-card";
import { registerItemRoll, type ItemRollRequest } from "../../applications/sheets/item-roll";
import { defaultOpponent, opponentOptions, opponents, pickOpponent } from "../opponents";
import { rideTnOf } from "./mounted";
import { horseOf } from "./horse";
import { engageCommand, mayAttackNow } from "./facing";
import { steelTables, steelTablesRead } from "./tables";
import { addStatuses, armourByRegion, casualtyOf, groundCommands, shockCommand, timedStatus, woundStatuses, woundUpdates } from "./wounds";
import { notifyRefusal } from "../notify";

const steelView = (actor: Actor.Implementation | null) => actorView<SteelStats>(actor, "steel");

/** The actor's own maneuvers of a kind, or the core ones when it has none (the engine's `maneuverChoices`). */
export function maneuversFor(view: ActorView<SteelStats>, kind: "attack" | "defence"): ManeuverChoice[] {
  return maneuverChoices(view.maneuvers, kind);
}

/** The actor's fighter in the running bout, if any. */
export function fighterOf(actor: Actor.Implementation, combatId?: string): BoutCombatant | undefined {
  const id = combatantFor(combatId ?? game.combat?.id ?? "", actor);
  return id ? boutsState(combatId)?.combatants.find((c) => c.id === id) : undefined;
}

/** Dice left this round: from the bout when the actor fights in one, else the full pool. */
export function combatPoolLeft(actor: Actor.Implementation, combatId?: string): number {
  return fighterOf(actor, combatId)?.cp ?? poolForRound(steelView(actor)).pool;
}

/** The posture declared with the bout's throw ("Posture"), until the first blow. */
export function postureOf(actor: Actor.Implementation | null, combatId?: string): Posture {
  return (actor && fighterOf(actor, combatId)?.posture) || "neutral";
}

/**
 * "Mounted Combat": a rider may not strike straight ahead without reach 4 or 5,
 * must aim at the zones a horseman reaches on a man on foot, and pays 4 to
 * swivel to the rear. Nothing for a fighter on foot.
 */
function riderExtraCost(attacker: Actor.Implementation, defender: Actor.Implementation, combatId: string, a: { side: "front" | "side" | "rear"; reach: number; zone: number; atMount?: boolean }): Outcome<number> {
  const r = mountedBlow({ attackerMounted: Boolean(fighterOf(attacker, combatId)?.mounted), defenderMounted: Boolean(fighterOf(defender, combatId)?.mounted), side: a.side, reach: a.reach, zone: a.zone, atMount: Boolean(a.atMount) });
  return r.ok ? ok(r.value.extraCost) : r;
}

/** A mounted defender's maneuver: full evasion only by leaping off; barding adds to evasions; against a blow at the horse, evasions only. */
function riderDefenceCost(defender: Actor.Implementation, combatId: string, maneuver: SteelManeuver, leapingOff: boolean, atMount: boolean): Outcome<number> {
  if (!fighterOf(defender, combatId)?.mounted) return ok(0);
  const r = riderDefence(maneuver.family, { attackOnMount: atMount, leapingOff, barding: steelView(defender).stats.barding });
  return r.ok ? ok(r.value.extraCost) : r;
}

/** Where the fighter's next exchange takes its dice from, for the engine's `fumbleBelowZero` (none outside a bout). */
function fumbleTiming(actor: Actor.Implementation, combatId: string) {
  const fighter = fighterOf(actor, combatId);
  const bout = boutIn(combatId, fighter?.boutId);
  return fighter && bout ? { exchange: bout.exchange, exchangesThisRound: bout.exchangesThisRound, poolMax: fighter.poolMax, carry: fighter.carry } : null;
}

/** Our zones have names; a GM's own zone is named by its number and form. */
function zoneLabel(z: Zone): string {
  const key = `BOUT.Steel.Table.ZoneLabel.${z.id}`;
  return game.i18n!.has(key) && (DEFAULT_ZONES.find((d) => d.id === z.id)?.form ?? null) === z.form ? key : game.i18n!.format("BOUT.Steel.Table.ZoneOther", { id: String(z.id), form: game.i18n!.localize(`BOUT.Steel.Table.Form.${z.form}`) });
}

const meleeReach = (view: ActorView<SteelStats>, weaponId?: string) => (view.weapons.find((w) => (weaponId ? w.id === weaponId : w.equipped && !w.stats.missile))?.stats.reach ?? 0);

/**
 * "Weapon Length": the engine's reach penalties for this pairing, from the
 * weapons and the bout's record of who has closed in.
 */
export function reachFigures(attacker: Actor.Implementation, defender: Actor.Implementation, combatId?: string, weaponId?: string) {
  const me = fighterOf(attacker, combatId);
  const them = fighterOf(defender, combatId);
  return reachBetween(
    { reach: meleeReach(steelView(attacker), weaponId), closedIn: Boolean(me && them && me.closedOn?.includes(them.id)) },
    { reach: meleeReach(steelView(defender)), closedIn: Boolean(me && them && them.closedOn?.includes(me.id)) },
  );
}

/** Dice the attacker loses to reach. */
export function reachOf(attacker: Actor.Implementation, defender: Actor.Implementation, combatId?: string, weaponId?: string): number {
  return reachFigures(attacker, defender, combatId, weaponId).a.attack;
}

export const defenceTnOf = (view: ActorView<SteelStats>, maneuver: SteelManeuver) => {
  const weapon = view.weapons.find((w) => w.equipped && !w.stats.missile)?.stats;
  const shield = view.shields.find((s) => s.equipped)?.stats;
  return maneuverTn(maneuver, defenceDtn(maneuver, weapon?.dtn, shield?.dtn));
};

export async function declareAttack({ actor, item }: ItemRollRequest) {
  const view = steelView(actor);
  const weapon = view.weapons.find((w) => w.id === item.id)?.stats;
  const cp = combatPoolLeft(actor);
  const foes = opponents(actor);
  // Only the maneuvers this weapon can strike with (a spear without an edge offers no cut).
  const attacks = weapon ? strikesWith(weapon, maneuversFor(view, "attack")) : [];
  if (!weapon || !attacks.length) {
    const none = steelRefuse("noStrike");
    if (!none.ok) notifyRefusal(none.refusal);
    return;
  }
  const posture = postureOf(actor);
  const zones = steelTables().zones;
  const values = await openOddsDialog({
    title: "BOUT.Roll.AttackTitle",
    titleData: { name: item.name },
    confirmLabel: "BOUT.Steel.Table.Declare",
    fields: [
      { kind: "select", name: "defender", label: "BOUT.Steel.Table.Target", value: defaultOpponent(foes), options: opponentOptions(foes) },
      { kind: "select", name: "maneuver", label: "BOUT.Steel.Table.Maneuver", value: attacks[0]!.id, options: attacks.map((m) => ({ value: m.id, label: m.name })) },
      { kind: "select", name: "zone", label: "BOUT.Steel.Table.Zone", value: String(zones[0]?.id ?? 5), options: zones.map((z) => ({ value: String(z.id), label: zoneLabel(z) })) },
      { kind: "number", name: "dice", label: "BOUT.Steel.Table.Dice", value: Math.min(cp, Math.ceil(cp / 2)), min: 0, max: cp, slider: true },
      { kind: "number", name: "press", label: "BOUT.Steel.Table.Press", value: 0, min: 0, max: cp },
      ...(fighterOf(actor)?.mounted
        ? [{ kind: "select" as const, name: "side", label: "BOUT.Steel.Table.Side", value: "side", options: ["front", "side", "rear"].map((x) => ({ value: x, label: `BOUT.Steel.Table.SideLabel.${x}` })) }]
        : foes.some((f) => fighterOf(f)?.mounted)
          ? [{ kind: "select" as const, name: "side", label: "BOUT.Steel.Table.SideOfMount", value: "side", options: ["front", "side", "rear"].map((x) => ({ value: x, label: `BOUT.Steel.Table.SideOfMountLabel.${x}` })) }]
          : []),
      // "Attacking a Mounted Target": either the rider or his horse.
      ...(foes.some((f) => fighterOf(f)?.mounted) ? [{ kind: "select" as const, name: "aim", label: "BOUT.Steel.Table.AimAt", value: "rider", options: ["rider", "mount"].map((x) => ({ value: x, label: `BOUT.Steel.Table.AimAtLabel.${x}` })) }] : []),
      { kind: "number", name: "defenceDice", label: "BOUT.Steel.Table.ExpectedDefence", value: Math.ceil(cp / 2), min: 0, max: 30 },
    ],
    odds: (v) => {
      const m = attacks.find((a) => a.id === v.maneuver) ?? attacks[0]!;
      const profile = attackProfile(weapon, strikeForm(m.stats), view.stats.strength);
      const atn = profile.ok ? maneuverTn(m.stats, profile.value.atn) : 10;
      const defender = pickOpponent(foes, v.defender) ?? null;
      const dView = steelView(defender);
      const parry = CORE_MANEUVERS.find((c) => c.slug === "parry")!.stats;
      // Posture adds dice; a longer weapon takes them away until a damaging blow lands.
      const rolled = rolledDice(Number(v.dice), posture, "attack", defender ? reachOf(actor, defender, undefined, item.id!) : 0);
      const odds = exchangeOdds(rolled, atn, rolledDice(Number(v.defenceDice), defender ? postureOf(defender) : "neutral", "defence"), defenceTnOf(dView, parry));
      return {
        rows: [
          { label: "BOUT.Steel.Table.Odds.Hit", probability: odds.hit, headline: true },
          { label: "BOUT.Steel.Table.Odds.Keeps", probability: odds.attackerKeeps },
          { label: "BOUT.Steel.Table.Odds.Fumble", probability: odds.attackerFumble },
        ],
        distributions: [
          { label: "BOUT.Odds.Successes", data: { dice: rolled, tn: atn }, bars: successBars(rolled, atn) },
          { label: "BOUT.Odds.Mos", bars: mosBars(odds) },
        ],
      };
    },
  });
  if (!values) return;
  const defender = pickOpponent(foes, values.defender);
  if (!defender) return;
  return postCard("steel.exchange", actor, defender, { weaponId: item.id, maneuverId: values.maneuver, zone: Number(values.zone), dice: Number(values.dice), press: Number(values.press), side: values.side ?? "side", ...(values.aim === "mount" ? { atMount: true } : {}) }, game.combat?.id ?? "");
}

function boutOf(combatId: string, combatantId: string | null): string | null {
  return boutsState(combatId)?.combatants.find((c) => c.id === combatantId)?.boutId ?? null;
}

const refused = (code: string, key: string): Outcome<never> => refuse(code, `BOUT.Steel.Table.Refusal.${key}`);

/**
 * Why the defender has no defence against this attacker now, or null (the
 * engine's `noDefence`): out of action by the ruleset's rule on his figures and
 * the conditions his token carries now, or in the middle of a double red.
 */
function defenceBarred(attacker: Actor.Implementation | null, defender: Actor.Implementation | null, combatId: string): NoDefence | null {
  if (!attacker || !defender) return null;
  const out = steel.outOfAction(actorView(defender, "steel"), defender.statuses ?? new Set());
  const a = fighterOf(attacker, combatId);
  const d = fighterOf(defender, combatId);
  const bout = boutIn(combatId, d?.boutId);
  return noDefence(a && d && bout ? { bout, attackerThrew: a.thrown, defenderThrew: d.thrown } : null, out);
}

/** Whether the defender may defend against this attacker now (a style asks before it chooses a defence). */
export function defenceOpen(attacker: Actor.Implementation | null, defender: Actor.Implementation | null, combatId: string): boolean {
  return defenceBarred(attacker, defender, combatId) === null;
}

/** The refusal of a defence the defender may not make now (`barred`): named with why when he is out of action. */
function defenceRefused(barred: NoDefence, defender: Actor.Implementation): Outcome<never> {
  if (barred.why === "bothRed") return refused("steel.noDefenceBothRed", "NoDefenceBothRed");
  return refuse("steel.defenderOut", "BOUT.Steel.Table.Refusal.DefenderOut", { name: fighterName(defender), why: game.i18n!.localize(barred.key) });
}

/** GM: the attack as the documents say it is (a player sends only ids and numbers). */
function prepareAttack(raw: unknown, attacker: Actor.Implementation, defender: Actor.Implementation, combatId: string): Outcome<unknown> {
  const d = (raw ?? {}) as { weaponId?: unknown; maneuverId?: unknown; zone?: unknown; dice?: unknown; press?: unknown; side?: unknown; atMount?: unknown };
  const item = typeof d.weaponId === "string" ? attacker.items.get(d.weaponId) : undefined;
  if (!item || item.type !== "weapon") return refused("steel.noWeapon", "NoWeapon");
  const maneuver = maneuversFor(steelView(attacker), "attack").find((m) => m.id === d.maneuverId);
  if (!maneuver) return refused("steel.noManeuver", "NoManeuver");
  const zone = steelTables().zones.find((z) => z.id === d.zone);
  if (!zone) return refused("steel.noZone", "NoZone");
  if (!isWholeNumber(d.dice) || (d.dice as number) < 0) return refused("steel.badDice", "BadDice");
  const press = d.press ?? 0;
  if (!isWholeNumber(press) || (press as number) < 0) return refused("steel.badDice", "BadDice");
  const side = d.side === "front" || d.side === "rear" ? d.side : "side";
  const atMount = d.atMount === true;
  const mounted = riderExtraCost(attacker, defender, combatId, { side, reach: Number((item.system as any).steel?.reach ?? 0), zone: zone.id, atMount });
  if (!mounted.ok) return mounted;
  const horse = atMount ? horseOf(defender) : null;
  if (horse && !horse.ok) return horse;
  // What the attack costs is the engine's to say, checked against the pool before the card is posted (a card that can never resolve is refused here).
  const view = steelView(attacker);
  const weapon = view.weapons.find((w) => w.id === item.id)?.stats;
  const profile = weapon ? attackProfile(weapon, strikeForm(maneuver.stats), view.stats.strength) : null;
  if (!profile?.ok) return profile ?? refused("steel.noWeapon", "NoWeapon");
  const affordable = checkDeclaration({ combatantId: attacker.id!, cpLeft: combatPoolLeft(attacker, combatId), dice: d.dice as number, press: press as number, maneuver: maneuver.stats, weaponTn: profile.value.atn, posture: postureOf(attacker, combatId), extraCost: mounted.value }, "attack");
  if (!affordable.ok) return affordable;
  // In a bout the bout says whether this fighter may strike now (not before the red/white throw, not when only defending), before any card is posted.
  const striker = combatantFor(combatId, attacker);
  if (striker && fighterOf(attacker, combatId)) {
    const now = dryRun(combatId, [{ type: "spend", combatantId: striker, dice: affordable.value.cost, purpose: "attack" } as TimeCommand]);
    if (!now.ok) return now;
  }
  // "Multiple Opponents": no more than the cap may be on one fighter at once.
  const room = mayAttackNow(attacker, defender, combatId);
  if (!room.ok) return room;
  // Shown on the card: a blow of a double red is struck in the middle of the defender's own attack (checked again when answered);
  // one at a defender out of action lands undefended, and the card resolves as it is posted.
  const barred = defenceBarred(attacker, defender, combatId);
  const undefended = barred?.why === "out" ? { undefended: "out", defenderOut: barred.key, defenderName: fighterName(defender) } : barred ? { undefended: true } : {};
  return ok({ weaponId: item.id, weapon: item.name, maneuverId: maneuver.id, maneuverName: maneuver.name, maneuver: maneuver.stats, zone: zone.id, dice: d.dice, press, side, ...undefended, ...(horse?.ok ? { atMount: true, horse: horse.value.name } : {}) });
}

function line(type: string, key: string, data: Record<string, string | number | boolean>): EngineEvent {
  return { type, key, data };
}

const exchangeCard: CardKind = {
  title: "BOUT.Steel.Table.CardTitle",
  prepare: (raw, attacker, defender, combatId) => prepareAttack(raw, attacker, defender, combatId),
  describe: (d) => [
    line("declared", "BOUT.Steel.Table.Declared", { weapon: d?.weapon ?? "", maneuver: game.i18n!.localize(d?.maneuverName ?? ""), dice: d?.dice ?? 0, zone: game.i18n!.localize(`BOUT.Steel.Table.ZoneLabel.${d?.zone}`) }),
    ...(d?.atMount ? [line("declared", "BOUT.Steel.Table.AtHorse", { horse: String(d.horse ?? "") })] : []),
    ...(d?.undefended === "out" ? [line("undefended", "BOUT.Steel.Table.UndefendedOut", { name: String(d.defenderName ?? ""), why: game.i18n!.localize(String(d.defenderOut ?? "")) })] : d?.undefended ? [line("undefended", "BOUT.Steel.Table.Undefended", {})] : []),
  ],
  // A defender out of action as the blow is declared has nothing to answer: it lands undefended at once.
  unanswered: (d) => d?.undefended === "out",
  async defend(card: CardView) {
    // Both threw red, or the defender is out of action: the blow lands with no defence; the answer is "none".
    const barred = defenceBarred(card.attacker, card.defender, card.combatId);
    if (barred) {
      ui.notifications?.info(barred.why === "bothRed" ? game.i18n!.localize("BOUT.Steel.Table.NoDefenceBothRed") : game.i18n!.format("BOUT.Steel.Table.NoDefenceOut", { name: fighterName(card.defender), why: game.i18n!.localize(barred.key) }));
      return { maneuverId: "", dice: 0, press: 0 };
    }
    const view = steelView(card.defender);
    const cp = card.defender ? combatPoolLeft(card.defender, card.combatId) : 0;
    const all = maneuversFor(view, "defence");
    // Against a blow at his horse the rider is offered only what the engine allows there (the evasions).
    const atHorse = card.declaration?.atMount === true && Boolean(card.defender && fighterOf(card.defender, card.combatId)?.mounted);
    const allowed = atHorse ? all.filter((m) => riderDefence(m.stats.family, { attackOnMount: true, leapingOff: true }).ok) : all;
    const defences = allowed.length ? allowed : all;
    const attackerView = steelView(card.attacker);
    const d = card.declaration;
    const weapon = attackerView.weapons.find((w) => w.id === d?.weaponId)?.stats;
    const profile = weapon && d?.maneuver ? attackProfile(weapon, strikeForm(d.maneuver), attackerView.stats.strength) : null;
    const atn = profile?.ok ? maneuverTn(d.maneuver, profile.value.atn) : 7;
    const attackerPosture = postureOf(card.attacker, card.combatId);
    const defenderPosture = postureOf(card.defender, card.combatId);
    const values = await openOddsDialog({
      title: "BOUT.Steel.Table.DefendTitle",
      titleData: { name: fighterName(card.attacker) },
      confirmLabel: "BOUT.Card.Defend",
      fields: [
        { kind: "select", name: "maneuver", label: "BOUT.Steel.Table.Maneuver", value: defences[0]!.id, options: defences.map((m) => ({ value: m.id, label: m.name })) },
        { kind: "number", name: "dice", label: "BOUT.Steel.Table.Dice", value: Math.min(cp, Math.ceil(cp / 2)), min: 0, max: cp, slider: true },
        { kind: "number", name: "press", label: "BOUT.Steel.Table.Press", value: 0, min: 0, max: cp },
        ...(card.defender && fighterOf(card.defender, card.combatId)?.mounted ? [{ kind: "checkbox" as const, name: "leapingOff", label: "BOUT.Steel.Table.LeapingOff", value: false }] : []),
      ],
      odds: (v) => {
        const m = defences.find((x) => x.id === v.maneuver) ?? defences[0]!;
        const dtn = defenceTnOf(view, m.stats);
        const rolled = rolledDice(Number(v.dice), defenderPosture, "defence", card.attacker && card.defender ? reachFigures(card.attacker, card.defender, card.combatId, d?.weaponId).b.defence : 0);
        const attackRolled = rolledDice(Number(d?.dice ?? 0), attackerPosture, "attack", card.attacker && card.defender ? reachOf(card.attacker, card.defender, card.combatId, d?.weaponId) : 0);
        const odds = exchangeOdds(attackRolled, atn, rolled, dtn);
        return {
          rows: [
            { label: Number(v.dice) > 0 ? "BOUT.Steel.Table.Odds.Stopped" : "BOUT.Steel.Table.Odds.Misses", probability: 1 - odds.hit, headline: true },
            { label: "BOUT.Steel.Table.Odds.Hit", probability: odds.hit },
            { label: "BOUT.Steel.Table.Odds.Fumble", probability: odds.defenderFumble },
          ],
          distributions: [
            { label: "BOUT.Odds.Successes", data: { dice: rolled, tn: dtn }, bars: successBars(rolled, dtn) },
            { label: "BOUT.Odds.Mos", bars: mosBars(odds) },
          ],
        };
      },
    });
    if (!values) return null;
    return { maneuverId: values.maneuver, dice: Number(values.dice), press: Number(values.press ?? 0), ...(values.leapingOff ? { leapingOff: true } : {}) };
  },
  async resolve(card, answer: any): Promise<Outcome<any>> {
    const a = steelView(card.attacker);
    const t = steelView(card.defender);
    const d = card.declaration;
    const weapon = a.weapons.find((w) => w.id === d?.weaponId)?.stats;
    if (!weapon || !card.attacker || !card.defender) return refused("steel.noWeapon", "NoWeapon");
    // The defender sends a maneuver id and dice; the figures come from the defender's own documents. No answer (a card nobody answers): no defence.
    const a0 = (answer ?? { maneuverId: "", dice: 0, press: 0 }) as { maneuverId?: unknown; dice?: unknown; press?: unknown };
    if (!isWholeNumber(a0.dice) || (a0.dice as number) < 0) return refused("steel.badDice", "BadDice");
    const defencePress = a0.press ?? 0;
    if (!isWholeNumber(defencePress) || (defencePress as number) < 0) return refused("steel.badDice", "BadDice");
    const defenceManeuver = maneuversFor(t, "defence").find((m) => m.id === a0.maneuverId);
    if ((a0.dice as number) > 0 && !defenceManeuver) return refused("steel.noManeuver", "NoManeuver");
    const barred = (a0.dice as number) > 0 || (defencePress as number) > 0 ? defenceBarred(card.attacker, card.defender, card.combatId) : null;
    if (barred) return defenceRefused(barred, card.defender);
    const atMount = d.atMount === true;
    const attackExtra = riderExtraCost(card.attacker, card.defender, card.combatId, { side: d.side ?? "side", reach: Number(weapon.reach ?? 0), zone: Number(d.zone), atMount });
    if (!attackExtra.ok) return attackExtra;
    // A blow at the horse wounds the horse's own actor, with its own Toughness and armour.
    const horse = atMount ? horseOf(card.defender) : null;
    if (horse && !horse.ok) return horse;
    const struck = horse?.ok ? horse.value : card.defender;
    const s = horse?.ok ? steelView(horse.value) : t;
    // "Multiple Opponents": one attacker too many on the defender is refused before any die is rolled.
    const engage = engageCommand(card.attacker, card.defender, card.combatId);
    if (engage) {
      const room = dryRun(card.combatId, [engage]);
      if (!room.ok) return room;
    }
    // A shield blocks once per exchange: checked before any die is rolled.
    const blockerId = combatantFor(card.combatId, card.defender);
    if (blockerId && defenceManeuver?.stats.family === "block" && (a0.dice as number) > 0) {
      const free = dryRun(card.combatId, [{ type: "block", combatantId: blockerId } as TimeCommand]);
      if (!free.ok) return free;
    }
    const defenceExtra = defenceManeuver ? riderDefenceCost(card.defender, card.combatId, defenceManeuver.stats, (answer as { leapingOff?: unknown } | null)?.leapingOff === true, atMount) : ok(0);
    if (!defenceExtra.ok) return defenceExtra;
    const combatId = card.combatId;
    const cpA = combatPoolLeft(card.attacker, combatId);
    const cpD = combatPoolLeft(card.defender, combatId);
    const profile = attackProfile(weapon, strikeForm(d.maneuver), a.stats.strength);
    if (!profile.ok) return profile;
    const armourBy = armourByRegion(s);
    const reach = reachFigures(card.attacker, card.defender, combatId, d.weaponId);
    const defence = defenceManeuver && (a0.dice as number) > 0 ? { combatantId: fighterRef(card.defender), cpLeft: cpD, dice: a0.dice as number, maneuver: defenceManeuver.stats, weaponTn: defenceTnOf(t, { ...defenceManeuver.stats, tnModifier: 0, fixedTn: 0 }), posture: postureOf(card.defender, combatId), press: defencePress as number, extraCost: defenceExtra.value, reachPenalty: reach.b.defence } : null;
    const tablesRead = steelTablesRead();
    if (!tablesRead.ok) return tablesRead;
    const tables = tablesRead.value;
    const input = {
      zones: tables.zones,
      woundTable: tables.woundTable,
      attack: { combatantId: fighterRef(card.attacker), cpLeft: cpA, dice: Number(d.dice), maneuver: d.maneuver, weaponTn: profile.value.atn, posture: postureOf(card.attacker, combatId), press: Number(d.press ?? 0), extraCost: attackExtra.value, reachPenalty: reach.a.attack, zone: Number(d.zone), damage: profile.value.damage, damageType: profile.value.damageType },
      defence,
      target: { combatantId: fighterRef(struck), toughness: s.stats.toughness, armour: armourBy },
    };
    const rolled = await resolveWithFoundry((dice) => {
      const ex = resolveExchange(input, dice);
      if (!ex.ok) return { ex, wound: null };
      const hit = ex.value.result.hit;
      // What the Shock comes off: the defender's pool after his defence, or the horse's own full pool (the engine says).
      const struckLeft = shockPoolFor({ horsePool: horse?.ok ? poolForRound(s).pool : null, poolLeft: defence ? defence.cpLeft : cpD, defenceCost: defence ? ex.value.result.defender!.cost : null });
      const wound = hit?.wound
        ? applyWound({ ...casualtyOf(s, struckLeft, horse?.ok ? undefined : fighterOf(card.defender!, combatId)?.missile), id: fighterRef(struck) }, { wound: hit.wound, region: hit.region, margin: ex.value.result.margin, blunt: hit.damageType === "blunt" }, dice)
        : null;
      // A fumble whose penalty would take the pool below 0 calls for a Knockdown roll at TN = the dice rolled.
      const r = ex.value.result;
      const falls = [
        { side: r.attacker, actor: card.attacker!, stats: a.stats, left: cpA - r.attacker.cost },
        ...(r.defender ? [{ side: r.defender, actor: card.defender!, stats: t.stats, left: cpD - r.defender.cost }] : []),
      ]
        .filter((f) => f.side.fumblePenalty > 0 && fumbleBelowZero(f.side.fumblePenalty, f.left, fumbleTiming(f.actor, combatId)))
        .map((f) => ({ actorId: fighterRef(f.actor), test: knockdownTest(dice, knockdownOf(f.stats), f.side.fumbleKnockdownTn, fighterRef(f.actor)) }));
      // "Mounted Combat": a rider struck by a landed blow rolls Ride less the margin, or falls as from 10 feet.
      const saddle = mountedHit({ defenderMounted: Boolean(fighterOf(card.defender!, combatId)?.mounted), atMount, landed: Boolean(r.hit) }).saddleCheck;
      const rider = saddle ? stayInSaddle({ id: fighterRef(card.defender!), agility: t.stats.agility, rideTn: rideTnOf(card.defender!), margin: r.margin }, dice) : null;
      return { ex, wound, falls, rider };
    });
    const { ex, wound, falls = [], rider = null } = rolled.value;
    if (rider && !rider.ok) return rider;
    if (!ex.ok) return ex;
    if (wound && !wound.ok) return wound;
    for (const f of falls) if (!f.test.ok) return f.test;
    const names: Record<string, string> = { [fighterRef(card.attacker)]: fighterName(card.attacker), [fighterRef(card.defender)]: fighterName(card.defender), [fighterRef(struck)]: fighterName(struck) };
    const named = (e: { type: string; key: string; data: Record<string, string | number | boolean> }) => ({ ...e, data: Object.fromEntries(Object.entries(e.data).map(([k, v]) => [k, typeof v === "string" && names[v] ? names[v] : v])) });
    const events = [...ex.value.events, ...(wound?.ok ? wound.value.events : []), ...falls.flatMap((f) => (f.test.ok ? f.test.value.events : [])), ...(rider?.ok ? rider.value.events : [])].map(named);
    const updates: Record<string, Record<string, unknown>> = {};
    if (wound?.ok) updates[fighterRef(struck)] = woundUpdates(s, wound.value.result);
    // In a bout: the dice leave both pools and the winner holds initiative, with the result.
    const combatCommands: TimeCommand[] = [];
    const aId = combatantFor(combatId, card.attacker);
    const dId = combatantFor(combatId, card.defender);
    const boutId = boutOf(combatId, aId);
    if (aId && boutId) {
      const r = ex.value.result;
      // The attacker is on the defender this round (the bout refuses one too many).
      if (engage) combatCommands.push(engage);
      combatCommands.push({ type: "spend", combatantId: aId, dice: r.attacker.cost, purpose: "attack" } as TimeCommand);
      if (dId && r.defender) combatCommands.push({ type: "spend", combatantId: dId, dice: r.defender.cost, purpose: "defence" } as TimeCommand);
      if (dId && r.defender && defenceManeuver?.stats.family === "block") combatCommands.push({ type: "block", combatantId: dId } as TimeCommand);
      const winner = r.winner === fighterRef(card.attacker) ? aId : dId;
      if (winner) combatCommands.push({ type: "exchangeWon", boutId, winner } as TimeCommand);
      // A damaging blow from the shorter weapon closes the distance ("Weapon Length").
      if (dId && closesIn(reach, r.hit?.level ?? 0)) combatCommands.push({ type: "landed", combatantId: aId, on: dId } as TimeCommand);
      // A fumble costs half the dice rolled off the fumbler's next exchange.
      if (r.attacker.fumblePenalty) combatCommands.push({ type: "fumble", combatantId: aId, dice: r.attacker.fumblePenalty } as TimeCommand);
      if (dId && r.defender?.fumblePenalty) combatCommands.push({ type: "fumble", combatantId: dId, dice: r.defender.fumblePenalty } as TimeCommand);
      // Shock comes off what the defender has left this round; what it cannot take is carried to the next.
      if (dId && wound?.ok && !horse?.ok) combatCommands.push(...shockCommand(dId, Math.max(0, cpD - (r.defender?.cost ?? 0)), wound.value.result, fighterOf(card.defender, combatId)?.missile));
    }
    // Knocked down or out: the conditions go on the fighters' tokens when the result is applied, each for as long as
    // it lasts; in a bout the ground costs half the total pool ("Knockdown & Knockout", "Terrain Roll Mechanics").
    const statuses: Record<string, StatusChange[]> = {};
    const r = ex.value.result;
    const left = { [fighterRef(card.attacker)]: Math.max(0, cpA - r.attacker.cost), [fighterRef(card.defender)]: wound?.ok && !horse?.ok ? wound.value.result.cpLeft : Math.max(0, cpD - (r.defender?.cost ?? 0)) };
    const fall = (actor: Actor.Implementation, id: string | null) => {
      if (statuses[fighterRef(actor)]?.some((c) => c.id === knockedDown.id) || !boutId) return;
      combatCommands.push(...groundCommands(id, fighterOf(actor, combatId), left[fighterRef(actor)] ?? 0));
    };
    const down = wound?.ok ? woundStatuses(wound.value.result) : [];
    if (down.some((c) => c.id === knockedDown.id) && !horse?.ok) fall(card.defender, dId);
    addStatuses(statuses, fighterRef(struck), down);
    for (const f of falls) {
      if (!f.test.ok || !f.test.value.result.down) continue;
      const actor = f.actorId === fighterRef(card.attacker) ? card.attacker : card.defender;
      fall(actor, actor === card.attacker ? aId : dId);
      addStatuses(statuses, f.actorId, [timedStatus(knockedDown)]);
    }
    if (rider?.ok && rider.value.result.falls) {
      fall(card.defender, dId);
      addStatuses(statuses, fighterRef(card.defender!), [timedStatus(knockedDown)]);
      if (dId) combatCommands.push({ type: "mount", combatantId: dId, mounted: false } as TimeCommand);
    }
    const fallen = falls.filter((f) => f.test.ok && f.test.value.result.down).map((f) => names[f.actorId] ?? "");
    const thrown = rider?.ok && rider.value.result.falls ? fighterName(card.defender) : null;
    const then = blowAftermath({ wound: wound?.ok ? wound.value.result : null, struck: fighterName(struck), thrown, fallen });
    const headline = withThen(exchangeHeadline(ex.value.result, fighterRef(card.attacker), fighterName(struck)), then);
    return ok({ outcome: ex.value.result.winner === fighterRef(card.attacker) ? "success" : "failure", events, updates, rolls: rolled.rolls, lookups: ["BOUT.Steel.Part."], combatCommands, statuses, headline });
  },
};

export function registerSteelTable(): void {
  registerCardKind("steel.exchange", exchangeCard);
  registerItemRoll("steel", "weapon", declareAttack);
}
