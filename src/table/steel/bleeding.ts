/**
 * Seed 000 "Blood Loss" at the table: when a bout reaches a new round the GM's
 * client rolls Toughness dice against the Blood Loss TN for each bleeding
 * fighter while it works out the round (time.ts), so a pool halved by reaching
 * Health 1 is halved in the round's own write (no moment where the full pool
 * shows, one Combat write per round); a card per fighter then shows the roll
 * already made. A failure costs 1 Health on Apply. A card posted by hand rolls
 * when it resolves, as before.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterRef } from "../fighter";
import { actorView } from "../../data/actor/actor-view";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { bloodLossRoll, halvedPoolLoss, isBleeding, type BloodLossResult, type SteelStats } from "../../engine/rulesets/steel";
import type { TimeCommand } from "../../engine/time/machine";
import { bloodLossHeadline } from "./headline";
import { combatantFor, delta, registerCardKind, withNames, type CardKind, type CardResolution } from "../cards";
import type { EngineEvent } from "../../applications/results/result-card";
import { fighterOf } from "./attack";

const view = (actor: Actor.Implementation) => actorView<SteelStats>(actor, "steel");

/** A Blood Loss roll made as the round was worked out: what the engine gave, and the Foundry rolls as saved data. */
interface RolledBloodLoss {
  readonly result: BloodLossResult;
  /** Health before the roll (the loss on Apply is measured from it). */
  readonly healthBefore: number;
  readonly events: readonly EngineEvent[];
  readonly rolls: readonly object[];
}

const isRolled = (v: unknown): v is RolledBloodLoss => {
  const r = v as Partial<RolledBloodLoss> | null;
  return Boolean(r && typeof r === "object" && r.result && typeof r.result === "object" && typeof r.healthBefore === "number" && Array.isArray(r.events) && Array.isArray(r.rolls));
};

/** The roll for one bleeding fighter: the engine's result with Foundry's dice; null when the engine refuses (a figure out of range). */
async function rollFor(actor: Actor.Implementation): Promise<{ r: BloodLossResult; healthBefore: number; events: EngineEvent[]; rolls: Roll[] } | Outcome<never>> {
  const s = view(actor).stats;
  const rolled = await resolveWithFoundry((dice) => bloodLossRoll({ id: fighterRef(actor), toughness: s.toughness, bloodLoss: s.bloodLoss, healthNow: s.healthNow }, dice));
  if (!rolled.value.ok) return rolled.value;
  return { r: rolled.value.value.result, healthBefore: s.healthNow, events: withNames(rolled.value.value.events as EngineEvent[], [actor]), rolls: rolled.rolls };
}

/**
 * GM, inside the combat's queue as a bout reaches a new round: a bleeding
 * fighter's roll, the pool penalty it sets off in that round's write (reaching
 * Health 1 halves `cp`, the pool the round just refreshed), and the
 * card's declaration carrying the roll. Null when the engine refuses.
 */
export async function bloodLossAtRoundStart(actor: Actor.Implementation, combatantId: string, cp: number): Promise<{ command: TimeCommand | null; declaration: { rolled: RolledBloodLoss } } | null> {
  const rolled = await rollFor(actor);
  if ("ok" in rolled) return null;
  const lost = rolled.healthBefore - rolled.r.healthNow;
  const command = lost && rolled.r.halved ? ({ type: "penalty", combatantId, dice: halvedPoolLoss(cp) } as TimeCommand) : null;
  const declaration = { rolled: { result: rolled.r, healthBefore: rolled.healthBefore, events: rolled.events, rolls: rolled.rolls.map((roll) => roll.toJSON() as object) } };
  return { command, declaration };
}

const bloodLossCard: CardKind = {
  title: "BOUT.Steel.Contest.BloodLossTitle",
  self: true,
  unanswered: () => true,
  // A roll already made is the GM's client's own (the round's): a player's request carrying one is refused.
  gmFigures: (raw) => (raw.rolled !== undefined ? ["BOUT.Steel.Contest.BloodLossRolled"] : []),
  prepare: (raw, actor) => {
    if (!isBleeding(view(actor).stats)) return refuse("steel.notBleeding", "BOUT.Steel.Contest.Refusal.NotBleeding");
    const rolled = (raw as { rolled?: unknown } | null)?.rolled;
    return ok(isRolled(rolled) ? { rolled } : {});
  },
  describe: () => [{ type: "declared", key: "BOUT.Steel.Contest.BloodLossDeclared", data: {} }],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<CardResolution>> {
    const actor = card.attacker;
    if (!actor) return refuse("steel.notBleeding", "BOUT.Steel.Contest.Refusal.NotBleeding");
    // Rolled with the round (its penalty already in the round's write), or now for a card posted by hand.
    const pre = (card.declaration as { rolled?: unknown } | null)?.rolled;
    const made = isRolled(pre) ? { r: pre.result, healthBefore: pre.healthBefore, events: [...pre.events], rolls: pre.rolls.map((data) => Roll.fromData(data as never) as Roll) } : await rollFor(actor);
    if ("ok" in made) return made;
    const { r } = made;
    const lost = made.healthBefore - r.healthNow;
    const commands: TimeCommand[] = [];
    const fighter = fighterOf(actor, card.combatId);
    const id = combatantFor(card.combatId, actor);
    if (!isRolled(pre) && lost && r.halved && fighter && id) commands.push({ type: "penalty", combatantId: id, dice: halvedPoolLoss(fighter.cp) } as TimeCommand);
    return ok({
      outcome: lost ? "failure" : "success",
      events: made.events,
      updates: lost ? { [fighterRef(actor)]: { "system.steel.healthNow": delta(-lost, 0) } } : {},
      rolls: made.rolls,
      lookups: [],
      combatCommands: commands,
      statuses: r.dying ? { [fighterRef(actor)]: ["unconscious"] } : {},
      headline: bloodLossHeadline(r),
    });
  },
};

export function registerSteelBleeding(): void {
  registerCardKind("steel.bloodLoss", bloodLossCard);
}
