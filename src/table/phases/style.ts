/**
 * Phases at the table by style (seed 001): a styled fighter's Movement-phase
 * declaration in the GM's round form (its style's: fight in melee with the
 * weapon it closes with, at the weapon's range, engaging the foe it has the best
 * chance against by the engine's exact odds, dodging shots if it defends); in
 * each phase its turn (done in Movement and Magic, a shot or a held shot in the
 * missile phases, its blow at a foe it is engaged with in Melee, its Fatigue
 * check); and its answer to a blow (the defence that lets the fewest land).
 */
import type { BoutCombat } from "../../documents/combat";
import type { TimeCommand } from "../../engine/time/machine";
import { actingNow, meleeBlowRefusal, type PhasesState } from "../../engine/time/phases";
import { weaponReach, type PhasesWeapon } from "../../engine/rulesets/phases";
import { best, least, phasesPlan, styleRule, type PhasesStyle } from "../../engine/styles";
import type { DialogField } from "../../applications/dialogs/odds-dialog";
import type { CardView } from "../cards";
import { fighterName } from "../fighter";
import { closingWeapon, foesOf, sameOdds, waitingCardBy, type Foe } from "../styles/fight";
import { registerRulesetStyles, type Styled } from "../styles/registry";
import { blowChance, blowDefenceOdds } from "./attack";
import { declarationFields, fighterOf, PHASES_DECLARATION, readDeclarationForm } from "./declaration";

const rule = (style: string) => styleRule<PhasesStyle>("phases", style)!;
const statsOf = (item: Item.Implementation | null) => ((item?.system as { phases?: PhasesWeapon } | undefined)?.phases ?? null) as PhasesWeapon | null;
const melee = (item: Item.Implementation) => !statsOf(item)?.missile;
// Named as the table knows them ("Wolf (2)"): a form of many tokens of one NPC must tell them apart.
const others = (combat: BoutCombat, combatantId: string) => combat.combatants.contents.filter((c) => c.id !== combatantId).map((c) => ({ id: c.id!, name: fighterName((c.actor as Actor.Implementation | null) ?? null) }));
const done = (combatantId: string, fire?: boolean) => ({ command: { type: "act", combatantId, ...(fire === undefined ? {} : { fire }) } as TimeCommand });

/** The foe a weapon's blow has the best chance against. */
function bestFoe(actor: Actor.Implementation, weapon: Item.Implementation | null, foes: readonly Foe[]): Foe | null {
  const stats = statsOf(weapon);
  return best(foes.map((f) => ({ value: f, chance: stats && !stats.missile ? blowChance(actor, stats, f.actor, (input, work) => sameOdds(["phases", input], work)) : 0 })));
}

/**
 * A fighter's row of the round form: the declaration dialog's fields, filled in
 * with the style's declaration when it has one. The dialog's "Engage …" boxes
 * (one per fighter) become one choice of whom to engage: a row of a crowd's
 * form must not grow with the crowd.
 */
function declarationRow(combat: BoutCombat, combatantId: string, style: string | null): DialogField[] {
  const fighter = fighterOf(combat, combatantId);
  const actor = (combat.combatants.get(combatantId)?.actor as Actor.Implementation | null | undefined) ?? null;
  if (!fighter || !actor) return [];
  const around = others(combat, combatantId);
  const engage: DialogField = { kind: "select", name: "engage", label: "BOUT.RoundForm.Engage", value: "", options: [{ value: "", label: "BOUT.RoundForm.EngageNobody" }, ...around.map((o) => ({ value: o.id, label: o.name }))] };
  const all = declarationFields(fighter, around, true);
  const at = all.findIndex((f) => f.name.startsWith("opponent-"));
  const fields = [...all.slice(0, at < 0 ? all.length : at).filter((f) => !f.name.startsWith("opponent-")), engage, ...all.slice(at < 0 ? all.length : at).filter((f) => !f.name.startsWith("opponent-"))];
  if (!style) return fields;
  const weapon = closingWeapon(actor, melee) ?? closingWeapon(actor, () => true);
  const stats = statsOf(weapon);
  const foe = bestFoe(actor, weapon, foesOf(combat, combatantId));
  const plan = phasesPlan(rule(style), weapon && stats ? { id: weapon.id!, missile: Boolean(stats.missile), range: stats.range } : null, foe?.id ?? null);
  const planned: Record<string, string | boolean> = { action: plan.action, movement: plan.movement, weaponId: plan.weaponId, range: plan.range, defence: plan.defence, engage: plan.opponents[0] ?? "" };
  return fields.map((f) => (f.name in planned ? ({ ...f, value: planned[f.name] } as DialogField) : f));
}

/** The answer to a blow: the defence that lets the fewest land, or none for a style that never defends. */
function answer(card: CardView, styled: Styled) {
  if ((card.declaration as { missile?: boolean } | null)?.missile) return {};
  const open = blowDefenceOdds(card);
  const defended = rule(styled.style).defend ? least(open.filter((o) => o.value !== "none")) : null;
  return { defence: defended ?? "none" };
}

function act(styled: Styled) {
  const state = styled.combat.machineState as PhasesState | null;
  const me = styled.combatantId;
  if (!state || actingNow(state) !== me || waitingCardBy(styled.combat.id!, styled.actor)) return null;
  const declared = state.combatants.find((c) => c.id === me)?.declaration;
  if (styled.down) return done(me, false);
  switch (state.phase) {
    case "firstMissile":
    case "secondMissile": {
      const bow = declared?.action === "missile" ? closingWeapon(styled.actor, (i) => Boolean(statsOf(i)?.missile)) : null;
      const target = foesOf(styled.combat, me).find((f) => declared?.opponents.includes(f.id)) ?? foesOf(styled.combat, me)[0];
      if (!bow || !target) return done(me, false);
      return { card: "phases.attack", defender: target.actor, declaration: { weaponId: bow.id, range: declared?.range || "near", motion: "still", defence: "none", obscured: false, aimed: false, modifier: 0 } };
    }
    case "melee": {
      const weapon = closingWeapon(styled.actor, melee);
      const stats = statsOf(weapon);
      const reach = stats ? weaponReach(stats) : null;
      const foes = foesOf(styled.combat, me).filter((f) => meleeBlowRefusal(state, me, f.id, reach) === null);
      const foe = bestFoe(styled.actor, weapon, foes);
      return weapon && foe ? { card: "phases.attack", defender: foe.actor, declaration: { weaponId: weapon.id, modifier: 0 } } : done(me);
    }
    case "fatigue":
      return { card: "phases.fatigue", defender: styled.actor, declaration: {} };
    default:
      return done(me);
  }
}

export function registerPhasesStyles(): void {
  registerRulesetStyles("phases", {
    answers: { "phases.attack": answer },
    declaration: {
      kind: PHASES_DECLARATION,
      fields: declarationRow,
      // The one foe engaged, as the dialog's box for it (a macro's or a test's "opponent-…" answer still counts).
      choice: (combat, id, values) => readDeclarationForm({ ...values, ...(values.engage ? { [`opponent-${values.engage}`]: true } : {}) }, others(combat, id).map((o) => o.id)),
    },
    act,
  });
}
