/**
 * Opposed's time structure (seed 003): turns in Initiative order, the GM's
 * surprise ruling, Prepare and shaking off surprise. Registered with the
 * runner's time structures (../machines.ts).
 */
import { registerTimeStructure, type CombatantInfo, type TimeStructure, type TimeWords } from "../machines";
import { hasStatus } from "../status-effects";
import { gatherStatuses } from "../status-writes";
import type { TimeCommand } from "../../engine/time/machine";
import { prepareOpen, startTurns, surpriseNow, turnsMachine, type TurnsCombatantInput, type TurnsState } from "../../engine/time/turns";
import { surpriseBeganFor, surpriseEndedFor } from "../../engine/rulesets/opposed";
import { opposedActionApplies } from "../../engine/rulesets/opposed/sheet-actions";
import type { DialogValues } from "../../applications/dialogs/odds-dialog";
import { clearMovementRecords } from "../movement-record";

/** The fighter whose turn the step begins (a new one, or the first of a new round), if any. */
function turnBegins(before: TurnsState, after: TurnsState): string | null {
  const acting = (s: TurnsState) => (s.turn < s.order.length ? (s.order[s.turn] ?? null) : null);
  const now = acting(after);
  return now && (now !== acting(before) || after.round !== before.round) ? now : null;
}

/** A fighter as the turns machine takes it in: Initiative, Agility, and whether it is Surprised ("Surprise!": an ambush before the fight). */
function turnsInput(c: CombatantInfo): TurnsCombatantInput {
  const s = (c.actor?.system as { opposed?: { i?: unknown; ag?: unknown } } | undefined)?.opposed ?? {};
  return { id: c.id, initiative: Number(s.i ?? 0), agility: Number(s.ag ?? 0), surprised: hasStatus(c.actor as Actor.Implementation | null, "surprised") };
}

const TURNS: TimeStructure = {
  machine: turnsMachine,
  async start(combatants) {
    return startTurns(combatants.map(turnsInput));
  },
  // "Combat Summary": a newcomer takes its place by Initiative among those yet to act this round.
  async join(c) {
    return { type: "join", combatant: turnsInput(c) } as TimeCommand;
  },
  nextStep: { type: "nextTurn" },
  async nextRound() {
    return { type: "nextRound" };
  },
  endTurn: (combatantId) => ({ type: "endTurn", combatantId }) as TimeCommand,
  refine: refinePrepare,
  // "Attacking", "Move": each fighter's Advantage, as its sheet holds it (the world is the one truth).
  rowBadges: (_combatantId, actor) => [{ label: { key: "BOUT.Time.Turns.Badge.Advantage" }, value: Number((actor?.system as { opposed?: { advantage?: number } } | undefined)?.opposed?.advantage ?? 0) }],
  // Plain rounds of turns: "Round 2" (the tracker's step line says whose turn of how many).
  words(state: TurnsState): TimeWords {
    const acting = state.turn < state.order.length;
    return {
      title: acting ? { key: "BOUT.Tracker.Time.Turns.Title", data: { round: state.round } } : { key: "BOUT.Tracker.Time.Turns.AllActed", data: { round: state.round } },
      nextTurn: "BOUT.Tracker.Time.Turns.NextTurn",
      nextRound: "BOUT.Tracker.Time.Turns.NextRound",
    };
  },
  // "Surprised" ends at the round's end or with the first attack, and begins with the GM's ruling: the token
  // condition follows the turn order, set or cleared in the step's own write (one request on v14; on v13 one
  // create or delete per fighter).
  // "Combat Summary": each turn an Action and a Move. The fighter whose turn begins starts with an empty movement record
  // (where its token stood then is where its Move sets off: a Charge's distance), cleared in the same write.
  clearsMovementRecords: true,
  async stepWrites(before: TurnsState, after: TurnsState, combatId, combatants, now) {
    const actors = (ids: string[], has: boolean) =>
      ids.map((id) => combatants.find((c) => c.id === id)?.actor ?? null).filter((actor): actor is Actor.Implementation => Boolean(actor) && hasStatus(actor, "surprised") === has);
    // Against the conditions as they were before the step (a GM's Token HUD counts), not the stored cache.
    const was = surpriseNow(before, now);
    const ended = actors(surpriseEndedFor(was, after), true);
    const began = actors(surpriseBeganFor(was, after), false);
    const turn = turnBegins(before, after);
    if (!ended.length && !began.length && !turn) return null;
    return {
      commands: [],
      async gather(batch) {
        for (const actor of ended) await gatherStatuses(batch, actor as never, [{ id: "surprised", active: false }]);
        for (const actor of began) await gatherStatuses(batch, actor as never, [{ id: "surprised", active: true }]);
        if (turn) clearMovementRecords(batch, game.combats?.get(combatId) as never, [turn]);
      },
    };
  },
  // The GM's call on surprise (unwary defenders are surprised outright); a Surprised fighter may spend Resolve.
  turnChoices(stored: TurnsState, combatantId, actor, now) {
    // Surprised as the token has it now.
    const state = surpriseNow(stored, now);
    const c = state.combatants.find((x) => x.id === combatantId);
    if (!c) return [];
    return [
      { id: "surprise", label: c.surprised ? "BOUT.Tracker.Action.Unsurprise" : "BOUT.Tracker.Action.Surprise", icon: "fa-solid fa-eye-slash", gmOnly: true, command: { type: "setSurprised", combatantId, surprised: !c.surprised } as TimeCommand },
      // "Prepare": the acting fighter's Action for +20 to a defensive skill until its next turn.
      // Offered only when the order would take it (the engine's prepareOpen: not after a Charge, nor with the Action lost to an Oops!).
      ...(prepareOpen(state, combatantId)
        ? [
            {
              id: "prepare",
              label: "BOUT.Tracker.Action.Prepare",
              icon: "fa-solid fa-shield-halved",
              alongsideEndTurn: true as const,
              prompt: {
                title: "BOUT.Tracker.Prepare.Title",
                // "choose a skill to use defensively": Melee, Dodge or any skill on the fighter's sheet (Intimidate, Charm ...).
                fields: [{ kind: "select" as const, name: "skill", label: "BOUT.Tracker.Prepare.Skill", value: "melee", options: [...["melee", "dodge"].map((k) => ({ value: k, label: `BOUT.Opposed.Table.Defence.${k}` })), ...ownSkills(actor).map((k) => ({ value: `item:${k.id}`, label: k.name }))] }],
                command: (values: DialogValues) => ({ type: "prepare", combatantId, skill: values.skill }) as TimeCommand,
              },
            },
          ]
        : []),
      ...(opposedActionApplies("shakeOff", { surprised: c.surprised }) ? [{ id: "shakeOff", label: "BOUT.Opposed.Surprise.ShakeOff", icon: "fa-solid fa-bolt", card: "opposed.shakeOff" }] : []),
    ];
  },
};

/** The skill items on a fighter's sheet, by id and name. */
function ownSkills(actor: Actor.Implementation | null | undefined): { id: string; name: string }[] {
  return (actor?.items.contents ?? []).filter((i) => i.type === "skill").map((i) => ({ id: i.id!, name: i.name }));
}

/**
 * GM, before a command applies: a Prepare of one of the fighter's own skills
 * carries that skill's name as the sheet has it (never the sender's word); a
 * skill the fighter does not have carries none, and the engine refuses it.
 */
function refinePrepare(command: TimeCommand, _state: TurnsState, combatants: readonly CombatantInfo[]): TimeCommand {
  const cmd = command as { type?: string; combatantId?: unknown; skill?: unknown; name?: unknown };
  if (cmd.type !== "prepare" || typeof cmd.skill !== "string" || !cmd.skill.startsWith("item:")) return command;
  const { name: _sent, ...rest } = cmd;
  const actor = combatants.find((c) => c.id === cmd.combatantId)?.actor;
  const skill = ownSkills(actor).find((k) => `item:${k.id}` === cmd.skill);
  return (skill ? { ...rest, name: skill.name } : rest) as TimeCommand;
}

/** Registers the structure with the runner. Called once from the `init` hook. */
export function registerOpposedTime(): void {
  registerTimeStructure("turns", TURNS);
  // The tracker shows each fighter's Advantage: drawn again when a fighter's changes (a card applied, the sheet edited).
  Hooks.on("updateActor", (actor, changes) => {
    const changed = (changes as { system?: { opposed?: { advantage?: unknown } } }).system?.opposed?.advantage !== undefined;
    if (changed && game.combat?.combatants.some((c) => c.actor === actor)) void ui.combat?.render();
  });
}
