/**
 * Steel at the table by style (seed 000): the secret throw and posture in the
 * GM's round form; the defence a styled fighter makes on a card aimed at it
 * (its style's maneuver and share of the dice left); its blow when it holds the
 * initiative or its place in a double red's blow order comes (its style's blow,
 * zone and dice, at the foe in its bout it has the best chance to hit by the
 * engine's exact odds, among those it may still join in attacking); and a blow
 * order whose aggressors are all styled is rolled without asking the GM.
 */
import { actorView } from "../../data/actor/actor-view";
import type { BoutCombat } from "../../documents/combat";
import type { ActorView } from "../../engine/rulesets/ruleset";
import { blowDue, type BoutCombatant, type BoutsState } from "../../engine/time/bouts";
import { attackProfile, CORE_MANEUVERS, exchangeOdds, maneuverTn, POSTURES, rolledDice, THROWS, type SteelManeuver, type SteelStats, type SteelWeapon } from "../../engine/rulesets/steel";
import { best, expectedParryDice, steelAttackDice, steelDefence, steelDefenceDice, steelStrike, steelThrow, steelZone, styleRule, thinnestZone, type SteelStyle } from "../../engine/styles";
import type { DialogField, DialogValues } from "../../applications/dialogs/odds-dialog";
import type { CardView } from "../cards";
import { closingWeapon, foesOf, sameOdds, waitingCardBy, type Foe } from "../styles/fight";
import { registerRulesetStyles, type Styled } from "../styles/registry";
import { styledCombatant } from "../styles/runner";
import { combatPoolLeft, defenceOpen, defenceTnOf, maneuversFor, postureOf, reachOf } from "./attack";
import { blowDefaults, rollBlowOrder } from "./blow-order";
import { mayAttackNow } from "./facing";
import { steelTables } from "./tables";
import { ruleSwitch } from "../../settings";
import { armourByRegion } from "./wounds";

const view = (actor: Actor.Implementation | null) => actorView<SteelStats>(actor, "steel");
const rule = (styled: Pick<Styled, "style">) => styleRule<SteelStyle>("steel", styled.style)!;
const posturesAllowed = () => ruleSwitch("steelPostures");
const core = (slug: string): SteelManeuver => CORE_MANEUVERS.find((m) => m.slug === slug)!.stats;

/** The fighter's own maneuver for a core one: by id, else one of the same family (and form), the cheapest first. */
function maneuverFor(v: ActorView<SteelStats>, kind: "attack" | "defence", slug: string) {
  const want = core(slug);
  const own = maneuversFor(v, kind);
  return own.find((m) => m.id === slug) ?? [...own].filter((m) => m.stats.family === want.family && (kind === "defence" || m.stats.form === want.form)).sort((a, b) => a.stats.activationCost - b.stats.activationCost)[0] ?? null;
}

/** The secret throw's row in the round form: the style's throw and posture, or the dialog's defaults for the GM to set. */
function throwFields(_combat: BoutCombat, _combatantId: string, style: string | null): DialogField[] {
  const chosen = style ? steelThrow(styleRule<SteelStyle>("steel", style)!, posturesAllowed()) : { throw: "red", posture: "neutral" };
  return [
    { kind: "select", name: "throw", label: "BOUT.Declare.Throw.Label", value: chosen.throw, options: THROWS.map((t) => ({ value: t, label: `BOUT.Declare.Throw.Option.${t}` })) },
    ...(posturesAllowed() ? [{ kind: "select" as const, name: "posture", label: "BOUT.Declare.Throw.Posture", value: chosen.posture, options: POSTURES.map((p) => ({ value: p, label: `BOUT.Declare.Throw.PostureOption.${p}` })) }] : []),
  ];
}

/** The defence a style makes on a card aimed at its fighter. */
function answer(card: CardView, styled: Styled) {
  if (!defenceOpen(card.attacker, card.defender, card.combatId)) return { maneuverId: "", dice: 0, press: 0 };
  const v = view(styled.actor);
  const s = rule(styled);
  const cp = combatPoolLeft(styled.actor, card.combatId);
  const maneuver = maneuverFor(v, "defence", steelDefence(s, v.shields.some((x) => x.equipped))) ?? maneuverFor(v, "defence", "parry");
  if (!maneuver || cp <= 0) return { maneuverId: "", dice: 0, press: 0 };
  return { maneuverId: maneuver.id, dice: steelDefenceDice(s, cp, maneuver.stats.activationCost), press: 0 };
}

/** The blow the style would strike at a foe now: maneuver, zone, dice and the exact chance it lands. */
function blowAt(styled: Styled, weapon: Item.Implementation, foe: Foe, cp: number) {
  const v = view(styled.actor);
  const s = rule(styled);
  const stats = (weapon.system as { steel?: SteelWeapon }).steel!;
  // The style's blow, or the other when the weapon cannot make it (the engine's steelStrike).
  const strike = steelStrike(s, stats, v.stats.strength);
  if (!strike) return null;
  const { form } = strike;
  const profile = attackProfile(stats, form, v.stats.strength);
  const maneuver = maneuverFor(v, "attack", strike.blow);
  if (!profile.ok || !maneuver) return null;
  const zones = steelTables().zones;
  const armour = armourByRegion(view(foe.actor));
  const zone = steelZone(s, form, { swing: thinnestZone("swing", armour, zones), thrust: thinnestZone("thrust", armour, zones) });
  const dice = steelAttackDice(s, cp, maneuver.stats.activationCost);
  const combatId = styled.combat.id!;
  const foeView = view(foe.actor);
  const parry = core("parry");
  // The parry the style expects of the foe (the engine's expectedParryDice), with the postures and reach the bout says.
  const rolled = rolledDice(dice, postureOf(styled.actor, combatId), "attack", reachOf(styled.actor, foe.actor, combatId, weapon.id!));
  const expected = rolledDice(expectedParryDice(combatPoolLeft(foe.actor, combatId)), postureOf(foe.actor, combatId), "defence");
  const atn = maneuverTn(maneuver.stats, profile.value.atn);
  const dtn = defenceTnOf(foeView, parry);
  const chance = sameOdds(["steel", rolled, atn, expected, dtn], () => exchangeOdds(rolled, atn, expected, dtn).hit);
  return { declaration: { weaponId: weapon.id, maneuverId: maneuver.id, zone, dice, press: 0, side: "side" }, dice, chance };
}

/** Whose blow it is in the fighter's bout (the engine's `blowDue`): an earlier aggressor whose style has nothing to strike at is not waited on. */
function myBlow(state: BoutsState, me: BoutCombatant, combat: BoutCombat): boolean {
  return blowDue(state, me.id, (id) => cannotStrike(combat, state, id));
}

/** A styled aggressor with no foe it may join in attacking, or no dice: its place in the order is passed over. */
function cannotStrike(combat: BoutCombat, state: BoutsState, id: string): boolean {
  const styled = styledCombatant(combat, id);
  if (!styled) return false;
  return targets(styled, state).length === 0 || combatPoolLeft(styled.actor, combat.id!) <= 0;
}

/** The foes in the fighter's bout it may still join in attacking this round. */
function targets(styled: Styled, state: BoutsState): Foe[] {
  const boutId = state.combatants.find((c) => c.id === styled.combatantId)?.boutId;
  const inBout = new Set(state.combatants.filter((c) => c.boutId === boutId).map((c) => c.id));
  return foesOf(styled.combat, styled.combatantId).filter((f) => inBout.has(f.id) && mayAttackNow(styled.actor, f.actor, styled.combat.id!).ok);
}

function act(styled: Styled) {
  const state = styled.combat.machineState as BoutsState | null;
  const me = state?.combatants.find((c) => c.id === styled.combatantId);
  if (!state || !me || styled.down) return null;
  const bout = state.bouts.find((b) => b.id === me.boutId);
  // Several red throws, every aggressor styled: the blow order is rolled with their blows.
  if (bout?.phase === "simultaneous" && bout.declareOrder[0] === me.id && bout.declareOrder.every((id) => styledCombatant(styled.combat, id))) {
    const values = { ...blowDefaults(styled.combat, bout.id), ...blowForms(styled.combat, state, bout.declareOrder) };
    return { run: () => rollBlowOrder(styled.combat, bout.id, values) };
  }
  if (!myBlow(state, me, styled.combat) || waitingCardBy(styled.combat.id!, styled.actor)) return null;
  const chosen = chosenBlow(styled, state);
  return chosen ? { card: "steel.exchange", defender: chosen.foe.actor, declaration: chosen.blow.declaration } : null;
}

/** The foe the style strikes at and its blow: the best chance to land by the engine's exact odds (`best`), among those it may join in attacking. */
function chosenBlow(styled: Styled, state: BoutsState) {
  const cp = combatPoolLeft(styled.actor, styled.combat.id!);
  const weapon = closingWeapon(styled.actor, (i) => !(i.system as { steel?: { missile?: boolean } }).steel?.missile);
  if (!weapon || cp <= 0) return null;
  const blows = targets(styled, state).flatMap((foe) => {
    const blow = blowAt(styled, weapon, foe, cp);
    return blow && blow.dice > 0 ? [{ value: { foe, blow }, chance: blow.chance }] : [];
  });
  return best(blows);
}

/**
 * Each styled aggressor's blow for the blow order's Reflex roll: its weapon, the form its style strikes
 * with and (in a bout of more than two) the foe it will strike at, whose weapon's length costs it dice
 * ("Weapon Length penalties as normal"), not the dialog's default of another aggressor.
 */
function blowForms(combat: BoutCombat, state: BoutsState, aggressors: readonly string[]): DialogValues {
  const values: DialogValues = {};
  for (const id of aggressors) {
    const styled = styledCombatant(combat, id);
    const weapon = styled ? closingWeapon(styled.actor, (i) => !(i.system as { steel?: { missile?: boolean } }).steel?.missile) : null;
    const stats = (weapon?.system as { steel?: SteelWeapon } | undefined)?.steel;
    if (!styled || !weapon || !stats) continue;
    values[`weapon.${id}`] = weapon.id!;
    // The same blow the style strikes on its card (a form the weapon cannot make would be refused).
    const strike = steelStrike(rule(styled), stats, view(styled.actor).stats.strength);
    if (strike) values[`form.${id}`] = strike.form;
    // Whom it strikes at matters only with more than one other in the bout (the dialog asks the same).
    const boutId = state.combatants.find((x) => x.id === id)?.boutId;
    const foe = state.combatants.filter((c) => c.boutId === boutId && c.id !== id).length > 1 ? chosenBlow(styled, state)?.foe : null;
    if (foe) values[`target.${id}`] = foe.id;
  }
  return values;
}

export function registerSteelStyles(): void {
  registerRulesetStyles("steel", {
    answers: { "steel.exchange": answer },
    declaration: {
      kind: "throw",
      fields: throwFields,
      choice: (_combat, _id, values) => ({ throw: values.throw, posture: values.posture ?? "neutral" }),
    },
    act,
  });
}

