/**
 * Seed 004 [16.5] at the table: a figure caught by a net, whip or bola (the
 * Entangled condition an Entangle puts on it) works free with the sheet's
 * **Work free (Pass)**: two consecutive Passes free it. The card counts them
 * (kept on the actor); in a running pulse each is the figure's action.
 */
import { view } from "./attack";
import { checkStunnedMay } from "../../engine/rulesets/pulse/actions";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { fighterRef } from "../fighter";
import { passToDisentangle, type PassRecord } from "../../engine/rulesets/pulse/entanglement";
import type { PulsesState } from "../../engine/time/pulses";
import { disentangleHeadline } from "./headline";
import { dryRun, machineStateOf, postCard, registerCardKind, withNames, type CardKind } from "../cards";
import { registerActorAction } from "../../applications/sheets/actor-actions";
import { eventLine as line } from "../../applications/results/result-card";
import { endTurnCommands } from "./fight";
import { hasStatus } from "../status-effects";

const T = "BOUT.Pulse.Table.Entangle.";
const ENTANGLED = "entangled";
const entangled = (actor: Actor.Implementation | null) => hasStatus(actor, ENTANGLED);

/** The Passes already spent working free. */
function lastPass(actor: Actor.Implementation): PassRecord | null {
  const r = (actor.flags as { bout?: { disentangle?: Partial<PassRecord> | null } } | undefined)?.bout?.disentangle;
  return r && typeof r.fight === "string" && Number.isInteger(r.pulse) && Number.isInteger(r.passes) ? (r as PassRecord) : null;
}

/** Where this Pass is spent: the running pulse fight and its pulse, or outside any. */
function moment(combatId: string): { fight: string; pulse: number } {
  const state = machineStateOf<PulsesState>(combatId, "pulses");
  return state ? { fight: combatId, pulse: state.pulse } : { fight: "", pulse: 0 };
}

const passCard: CardKind = {
  title: `${T}Title`,
  self: true,
  unanswered: () => true,
  prepare(_raw, actor, _same, combatId): Outcome<true> {
    // [15] a stunned figure's only action is to recover.
    const stun = checkStunnedMay(view(actor).stats.stunned, "pass");
    if (!stun.ok) return stun;
    if (!entangled(actor)) return refuse("pulse.entangle.notCaught", `${T}NotCaught`, { name: actor.name });
    const turn = dryRun(combatId, endTurnCommands(combatId, actor));
    if (!turn.ok) return turn;
    return ok(true);
  },
  describe: () => [line("declared", `${T}Declared`, {})],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<any>> {
    const actor = card.attacker;
    if (!actor) return refuse("card.unknownActor", "BOUT.Card.Refusal.UnknownActor");
    const step = passToDisentangle(lastPass(actor), moment(card.combatId));
    return ok({
      // A Pass that does not yet free the figure is progress, not a failure.
      outcome: step.free ? "success" : "neutral",
      events: withNames([step.free ? line("free", `${T}Free`, { who: fighterRef(actor) }) : line("stillCaught", `${T}StillCaught`, { who: fighterRef(actor), passes: step.record.passes })], [actor]),
      updates: { [fighterRef(actor)]: { "flags.bout.disentangle": step.free ? null : step.record } },
      statuses: step.free ? { [fighterRef(actor)]: [{ id: ENTANGLED, active: false }] } : {},
      rolls: [],
      lookups: [],
      combatCommands: endTurnCommands(card.combatId, actor),
      headline: disentangleHeadline(step),
    });
  },
};

async function passFromSheet(actor: Actor.Implementation) {
  return postCard("pulse.disentangle", actor, actor, {}, game.combat?.id ?? "");
}

export function registerPulseEntangle(): void {
  registerCardKind("pulse.disentangle", passCard);
  registerActorAction("pulse", { id: "disentangle", label: `${T}Action`, icon: "fa-solid fa-person-through-window", run: passFromSheet });
}
