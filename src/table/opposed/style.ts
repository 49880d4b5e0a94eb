/**
 * Opposed at the table by style (seed 003): on its turn a styled fighter makes
 * a melee attack as its Action (with the weapon it closes with, at the foe it
 * has the best chance to hit, by the engine's exact odds) and ends its turn
 * once the card is resolved; it opposes blows with the skill its style picks,
 * and shots with the way that gives it the best target. The round's plan (whom
 * it strikes at, how it opposes) is the GM's to change in the round form.
 */
import { actorView } from "../../data/actor/actor-view";
import type { TimeCommand } from "../../engine/time/machine";
import { actionOpen, type TurnsState } from "../../engine/time/turns";
import { DEFAULT_DIFFICULTY, opposedOdds, rangedOppositionSkill, skillTarget, type OpposedStats, type RangedOpposition } from "../../engine/rulesets/opposed";
import { best, opposition, styleRule, type OpposedStyle } from "../../engine/styles";
import { opposedTie } from "../../settings";
import type { CardView } from "../cards";
import { closingWeapon, foesOf, plannedFoe, sameOdds, targetField, waitingCardBy, type Foe } from "../styles/fight";
import { registerRulesetStyles, type Styled } from "../styles/registry";
import { attackReaches, expectedDefence } from "./attack";

const view = (actor: Actor.Implementation | null) => actorView<OpposedStats>(actor, "opposed");
const rule = (styled: Pick<Styled, "style">) => styleRule<OpposedStyle>("opposed", styled.style)!;
const isMelee = (item: Item.Implementation) => (item.system as { opposed?: { kind?: string } }).opposed?.kind !== "ranged";
const OPPOSE = ["melee", "dodge", "none"] as const;

/** The foe it has the best chance to hit (its Melee against the foe's better opposing skill). */
function bestFoe(actor: Actor.Implementation, foes: readonly Foe[]): Foe | null {
  const attack = { target: skillTarget(view(actor).stats, "melee"), difficulty: DEFAULT_DIFFICULTY };
  const tie = opposedTie();
  return best(
    foes.map((f) => {
      const defence = expectedDefence(f.actor);
      return { value: f, chance: sameOdds(["opposed", attack, defence, tie], () => opposedOdds(attack, defence, tie).win) };
    }),
  );
}

/** The foes its weapon reaches from where it stands (a style does not move its token: out of reach, its turn ends). */
function foesInReach(styled: Pick<Styled, "combat" | "combatantId" | "actor">, weapon: Item.Implementation | null): Foe[] {
  const foes = foesOf(styled.combat, styled.combatantId);
  return weapon ? foes.filter((f) => attackReaches(styled.actor, f.actor, styled.combat.id!, weapon)) : [];
}

/** How it opposes a melee blow: the plan's word, else its style's. */
function meleeOpposition(styled: Styled): "melee" | "dodge" | "none" {
  const planned = styled.plan?.defence;
  if ((OPPOSE as readonly unknown[]).includes(planned)) return planned as "melee" | "dodge" | "none";
  const s = view(styled.actor).stats;
  return opposition(rule(styled), skillTarget(s, "melee"), skillTarget(s, "dodge"));
}

function answer(card: CardView, styled: Styled) {
  const d = card.declaration as { ranged?: boolean; oppositions?: RangedOpposition[] } | null;
  if (d?.ranged) {
    // A shot: the way the rules allow that gives the best target; none for a style that never opposes.
    const s = view(styled.actor).stats;
    const ways = rule(styled).oppose === "none" ? [] : (d.oppositions ?? []);
    const way = best(ways.map((w) => ({ value: w, chance: skillTarget(s, rangedOppositionSkill(w) ?? "melee") }))) ?? "none";
    return { opposition: way, difficulty: DEFAULT_DIFFICULTY, modifier: 0 };
  }
  return { skill: meleeOpposition(styled), difficulty: DEFAULT_DIFFICULTY, modifier: 0 };
}

async function act(styled: Styled) {
  const state = styled.combat.machineState as TurnsState | null;
  const me = state?.combatants.find((c) => c.id === styled.combatantId);
  if (!state || !me || state.order[state.turn] !== styled.combatantId) return null;
  const end = { command: { type: "endTurn", combatantId: styled.combatantId } as TimeCommand };
  // Its card still waits for the foe's answer: the turn waits with it.
  if (waitingCardBy(styled.combat.id!, styled.actor)) return null;
  // The Action as the order judges it (the engine's actionOpen), the token's Surprised included.
  if (styled.down || !actionOpen(state, styled.combatantId, styled.combat.fightNow())) return end;
  const weapon = closingWeapon(styled.actor, isMelee);
  const foes = foesInReach(styled, weapon);
  const foe = plannedFoe(foes, styled.plan?.target, () => bestFoe(styled.actor, foes));
  if (!foe || !weapon) return end;
  return { card: "opposed.attack", defender: foe.actor, declaration: { weaponId: weapon.id, difficulty: DEFAULT_DIFFICULTY, modifier: 0, calledShot: null } };
}

export function registerOpposedStyles(): void {
  registerRulesetStyles("opposed", {
    answers: { "opposed.attack": answer },
    plan: {
      round: (state) => ((state as TurnsState | null)?.round ? `round ${(state as TurnsState).round}` : null),
      fields(styled) {
        const foes = foesInReach(styled, closingWeapon(styled.actor, isMelee));
        const s = view(styled.actor).stats;
        return [
          targetField(foes, bestFoe(styled.actor, foes)),
          { kind: "select", name: "defence", label: "BOUT.RoundForm.Defence", value: opposition(rule(styled), skillTarget(s, "melee"), skillTarget(s, "dodge")), options: OPPOSE.map((k) => ({ value: k, label: `BOUT.Opposed.Table.Defence.${k}` })) },
        ];
      },
    },
    act,
  });
}
