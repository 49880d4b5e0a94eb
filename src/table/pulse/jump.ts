/**
 * Seed 004 [14.1] jumping at the table: the sheet's **Jump** asks how many feet;
 * the card says what it costs (1 TMR per 5 feet, counted in hexes of movement
 * this pulse) and rolls the AG roll for a clean landing (d100 at most 3 x
 * modAG, our reading, as for falls); a bad landing leaves the figure prone.
 * In a running pulse it is made in the figure's turn and its hexes count
 * against the token's movement for the pulse.
 */
import { checkStunnedMay } from "../../engine/rulesets/pulse/actions";
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterRef } from "../fighter";
import { isWholeNumber, ok, refuse, type Outcome } from "../../engine/outcome";
import { jumpCost } from "../../engine/rulesets/pulse/actions";
import { checkOdds, landingTarget, resolveCheck } from "../../engine/rulesets/pulse/checks";
import { armourTotals, modAGOf } from "../../engine/rulesets/pulse/derived";
import { jumpHeadline } from "./headline";
import { combatantFor, dryRun, postCard, registerCardKind, withNames, type CardKind } from "../cards";
import { inPulseFight } from "./fight";
import type { TimeCommand } from "../../engine/time/machine";
import { openOddsDialog } from "../../applications/dialogs/odds-dialog";
import { registerActorAction } from "../../applications/sheets/actor-actions";
import { eventLine as line, type EngineEvent } from "../../applications/results/result-card";
import { view } from "./attack";
import { landingConditions } from "../../engine/rulesets/pulse/card-effects";

const T = "BOUT.Pulse.Table.Jump.";
interface JumpDeclaration {
  readonly feet: number;
  readonly hexes: number;
  readonly target: number;
}

/** In a running pulse the jump is spent from the figure's movement, in its own turn. */
const jumpCommands = (combatId: string, actor: Actor.Implementation, hexes: number): TimeCommand[] => {
  const id = inPulseFight(combatId) ? combatantFor(combatId, actor) : null;
  return id ? [{ type: "jump", combatantId: id, hexes } as unknown as TimeCommand] : [];
};

const modAG = (actor: Actor.Implementation) => {
  const v = view(actor);
  return modAGOf(v.stats, armourTotals(v.armor.filter((a) => a.equipped).map((a) => a.stats)));
};

const jumpCard: CardKind = {
  title: `${T}Title`,
  self: true,
  unanswered: () => true,
  prepare(raw, actor, _same, combatId): Outcome<JumpDeclaration> {
    // [15] a stunned figure's only action is to recover.
    const stun = checkStunnedMay(Boolean(view(actor).stats.stunned), "move");
    if (!stun.ok) return stun;
    const feet = (raw as { feet?: unknown } | null)?.feet;
    if (!isWholeNumber(feet) || feet < 1 || feet > 100) return refuse("pulse.jump.badFeet", `${T}BadFeet`);
    const turn = dryRun(combatId, jumpCommands(combatId, actor, jumpCost(feet)));
    if (!turn.ok) return turn;
    return ok({ feet, hexes: jumpCost(feet), target: landingTarget(modAG(actor)) });
  },
  describe: (d: JumpDeclaration | null) => [line("declared", `${T}Declared`, { feet: d?.feet ?? 0, hexes: d?.hexes ?? 0 })],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<any>> {
    const actor = card.attacker;
    const d = card.declaration as JumpDeclaration;
    if (!actor || !d) return refuse("card.unknownActor", "BOUT.Card.Refusal.UnknownActor");
    const rolled = await resolveWithFoundry((dice) => resolveCheck("Landing", d.target, dice, fighterRef(actor)));
    if (!rolled.value.ok) return rolled.value;
    const landed = rolled.value.value.result.success;
    return ok({
      outcome: landed ? "success" : "failure",
      events: withNames(rolled.value.value.events as EngineEvent[], [actor]),
      updates: {},
      statuses: landingConditions(landed).length ? { [fighterRef(actor)]: landingConditions(landed).map((id) => ({ id, active: true })) } : {},
      rolls: rolled.rolls,
      lookups: [],
      combatCommands: jumpCommands(card.combatId, actor, d.hexes),
      headline: jumpHeadline(d.feet, rolled.value.value.result),
    });
  },
};

async function jumpFromSheet(actor: Actor.Implementation) {
  const target = landingTarget(modAG(actor));
  const values = await openOddsDialog({
    title: `${T}Title`,
    titleData: { attacker: actor.name },
    confirmLabel: `${T}Go`,
    fields: [{ kind: "number", name: "feet", label: `${T}Feet`, value: 5, min: 1, max: 100 }],
    odds: (v) => ({ rows: [{ label: `${T}Odds`, data: { hexes: jumpCost(Number(v.feet) || 0) }, probability: checkOdds(target), headline: true }] }),
  });
  if (values) return postCard("pulse.jump", actor, actor, { feet: Number(values.feet) }, game.combat?.id ?? "");
}

export function registerPulseJump(): void {
  registerCardKind("pulse.jump", jumpCard);
  registerActorAction("pulse", { id: "jump", label: `${T}Action`, icon: "fa-solid fa-person-falling", run: jumpFromSheet });
}

