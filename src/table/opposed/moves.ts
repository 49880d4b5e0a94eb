/**
 * Seed 003 "Move" at the table: Charge, Flee, Disengage, Run, Leap, Climb and
 * Fall from the sheet's Move button, each a card the GM's client rolls with the
 * engine (moves.ts) and that applies Advantage, Wounds and conditions once. The
 * tests use the fighter's skill item of that name (Athletics, Cool, Climb) when
 * it has one, else the bare characteristic. In a turn-order fight the engine's
 * moveCost says what it spends: the Move, or the Action for Run, a Climb Test and
 * the Dodge form of Disengage; a Fall costs neither.
 */
import { opposedTablesRead } from "./tables";
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterFrom, fighterName, fighterRef, refersTo } from "../fighter";
import { actorView } from "../../data/actor/actor-view";
import { isWholeNumber, ok, refuse, type Outcome } from "../../engine/outcome";
import {
  bonus,
  chargeYards,
  MOVE_KINDS,
  MOVES_WITH_OPPONENT,
  type MoveKind,
  DEFAULT_DIFFICULTY,
  brokenAfter,
  charge,
  climb,
  disengageByAdvantage,
  disengageByDodge,
  fall,
  flee,
  leap,
  moveCost,
  run,
  namedSkillTest,
  skillTarget,
  type NamedSkill,
  type OpposedStats,
  type FleeResult,
  type TestInput,
} from "../../engine/rulesets/opposed";
import type { TimeCommand } from "../../engine/time/machine";
import { hitAftermath, moveHeadline } from "./headline";
import { combatantFor, delta, dryRun, isSet, machineStateOf, postCard, registerCardKind, withNames, withThen, type CardKind, type CardResolution, type Headline, type StatusChange } from "../cards";
import type { TurnsState } from "../../engine/time/turns";
import { openOddsDialog } from "../../applications/dialogs/odds-dialog";
import type { EngineEvent } from "../../applications/results/result-card";
import { registerActorAction } from "../../applications/sheets/actor-actions";
import { opponentOptions, opponents } from "../opponents";
import { engagedFoes, engagedInFight, measureBetween, turnStart } from "./engagement";
import { aftermath, armourOf, merge, weaponInHand, woundStatuses, woundUpdate } from "./attack";

const M = "BOUT.Opposed.Move.";
const MOVES = MOVE_KINDS;
const WITH_OPPONENT = MOVES_WITH_OPPONENT;

const view = (actor: Actor.Implementation) => actorView<OpposedStats>(actor, "opposed");
const refused = (code: string, key: string): Outcome<never> => refuse(`opposed.move.${code}`, `${M}Refusal.${key}`);

/** The named skill's test (the engine's namedSkillTest: the skill item of that name, else its characteristic). */
function namedTest(actor: Actor.Implementation, name: NamedSkill): TestInput {
  const v = view(actor);
  return namedSkillTest(v.stats, v.skills, name);
}

interface MoveDeclaration {
  readonly move: MoveKind;
  readonly opponentId: string | null;
  readonly distance: number;
  readonly yards: number;
  readonly runUp: boolean;
  readonly test: boolean;
  /** A Charge's distance was measured between the tokens (else the GM's word). */
  readonly measured?: boolean;
}

/**
 * "Charge: If you are not Engaged in combat already": beside a foe where the
 * charger's turn began, and the distance from there to the opponent, measured
 * from the tokens (./engagement.ts); where nothing can be measured, the
 * Engaged condition and the GM's word for the distance.
 */
function chargeFrom(actor: Actor.Implementation, opponentId: string | null, combatId: string, ruled: number): { engaged: boolean; distance: number; measured: boolean } {
  const start = turnStart(actor, combatId);
  const foe = opponentId ? fighterFrom(opponentId) : null;
  const yards = foe ? measureBetween(actor, foe, combatId, start).yards : null;
  return { engaged: engagedInFight(actor, combatId, start, foe), distance: yards === null ? ruled : chargeYards(yards), measured: yards !== null };
}

/** "Disengage": the opponents the fighter disengages from: every foe Engaged with it, the one it named among them. */
function disengagingFrom(actor: Actor.Implementation, opponentId: string | null, combatId: string): Actor.Implementation[] {
  const foe = opponentId ? fighterFrom(opponentId) : null;
  return foe ? engagedFoes(actor, combatId, foe) : [];
}

/** Disengage by Advantage (more than every engaged opponent's) or else by the Dodge test. */
function disengagesByAdvantage(actor: Actor.Implementation, opponentId: string | null, combatId: string): boolean {
  const foes = disengagingFrom(actor, opponentId, combatId);
  return foes.length > 0 && disengageByAdvantage(view(actor).stats.advantage, foes.map((f) => view(f).stats.advantage)).ok;
}

/** What the move costs in a turn-order fight, as the engine says (moveCost): the Move, the Action, or nothing. */
function turnCommands(combatId: string, actor: Actor.Implementation, move: MoveKind, opponentId: string | null): TimeCommand[] {
  const id = combatantFor(combatId, actor);
  const use = moveCost(move, move === "disengage" && disengagesByAdvantage(actor, opponentId, combatId));
  if (!id || !machineStateOf<TurnsState>(combatId, "turns") || use === "none") return [];
  // A Charge is marked so the turn order holds the charger's Action to a melee attack.
  return [{ type: "act", combatantId: id, use, ...(move === "charge" ? { charge: true } : {}) } as TimeCommand];
}

/** A failed Disengage by Dodge holds the fighter in a turn-order fight. */
function pinCommands(combatId: string, actor: Actor.Implementation, pinned: boolean): TimeCommand[] {
  const id = combatantFor(combatId, actor);
  return pinned && id && machineStateOf<TurnsState>(combatId, "turns") ? [{ type: "pin", combatantId: id } as TimeCommand] : [];
}

function prepareMove(raw: unknown, actor: Actor.Implementation, combatId: string): Outcome<MoveDeclaration> {
  const d = (raw ?? {}) as Record<string, unknown>;
  if (!MOVES.includes(d.move as MoveKind)) return refused("badMove", "BadMove");
  const move = d.move as MoveKind;
  const opponentId = typeof d.opponentId === "string" && d.opponentId ? d.opponentId : null;
  if (WITH_OPPONENT.includes(move) && (!opponentId || !fighterFrom(opponentId) || refersTo(opponentId, actor))) return refused("noOpponent", "NoOpponent");
  for (const k of ["distance", "yards"]) if (d[k] !== undefined && (!isWholeNumber(d[k]) || (d[k] as number) < 0 || (d[k] as number) > 1000)) return refused("badNumber", "BadNumber");
  const ready = dryRun(combatId, turnCommands(combatId, actor, move, opponentId));
  if (!ready.ok) return ready;
  // "Charge": refused before anything is posted when the engine says no (already Engaged); the distance is the tokens'.
  let distance = Number(d.distance ?? 0);
  let measured = false;
  if (move === "charge") {
    const me = view(actor).stats;
    const from = chargeFrom(actor, opponentId, combatId, distance);
    ({ distance, measured } = from);
    const allowed = charge({ engaged: from.engaged, distance, move: me.move, advantage: me.advantage });
    if (!allowed.ok) return allowed;
  }
  return ok({ move, opponentId, distance, yards: Number(d.yards ?? 0), runUp: d.runUp === true, test: d.test === true, ...(measured ? { measured } : {}) });
}

const moveCard: CardKind = {
  title: `${M}Title`,
  gmFigures: (d) => (isSet(d.distance) ? [`${M}Field.DistanceRuling`] : []),
  self: true,
  unanswered: () => true,
  prepare: (raw, actor, _d, combatId) => prepareMove(raw, actor, combatId),
  describe: (d: MoveDeclaration) => [{ type: "declared", key: `${M}Declared.${d?.move ?? "run"}`, data: { yards: d?.yards ?? 0, distance: d?.distance ?? 0 } }],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<CardResolution>> {
    const actor = card.attacker;
    if (!actor) return refused("badMove", "BadMove");
    const again = prepareMove(card.declaration, actor, card.combatId);
    if (!again.ok) return again;
    const d = again.value;
    const me = view(actor).stats;
    const foe = d.opponentId ? (fighterFrom(d.opponentId) ?? undefined) : undefined;
    const them = foe ? view(foe).stats : null;
    const updates: Record<string, Record<string, unknown>> = {};
    const statuses: Record<string, StatusChange[]> = {};
    const add = (id: string, u: Record<string, unknown>) => (updates[id] = { ...(updates[id] ?? {}), ...u });
    // Flee's free attack reads the world's Hit Locations, Oops! and Critical tables before any die: a chosen table that does not read refuses it.
    const read = d.move === "flee" ? opposedTablesRead() : null;
    if (read && !read.ok) return read;
    const tables = read?.value;
    let fled: { result: FleeResult; weaponId: string | null; damage: number } | null = null;
    // "Disengage" II failed: "you cannot move" (the turn order takes the Move and holds the token).
    let pinned = false;
    const disengaging = d.move === "disengage" ? disengagingFrom(actor, d.opponentId, card.combatId) : [];
    const rolled = await resolveWithFoundry((dice): Outcome<{ events: readonly EngineEvent[]; outcome: CardResolution["outcome"]; headline: Headline }> => {
      switch (d.move) {
        case "charge": {
          // "Charge": only when not Engaged already (prepareMove measured it again above, as the card resolves).
          const r = charge({ engaged: false, distance: d.distance, move: me.move, advantage: me.advantage });
          if (!r.ok) return r;
          add(fighterRef(actor), { "system.opposed.advantage": delta(r.value.result.advantage - me.advantage, 0) });
          return ok({ events: r.value.events, outcome: r.value.result.gained ? "success" : "neutral", headline: moveHeadline({ move: "charge", ...r.value.result }) });
        }
        case "flee": {
          if (!tables) return refused("badMove", "BadMove");
          // The free attack deals what any attack with the opponent's weapon in hand deals.
          const weapon = weaponInHand(foe!);
          const damage = weapon?.damage ?? 0;
          const r = flee(
            {
              fleer: { id: fighterRef(actor), cool: namedTest(actor, "cool"), toughnessBonus: bonus(me.t), armour: armourOf(actor), woundsNow: me.woundsNow },
              opponent: { id: fighterRef(foe!), melee: { target: skillTarget(them!, "melee"), difficulty: DEFAULT_DIFFICULTY, modifier: 0 }, damage, advantage: them!.advantage },
              tables,
            },
            dice,
          );
          if (!r.ok) return r;
          const f = r.value.result;
          fled = { result: f, weaponId: weapon?.id ?? null, damage };
          add(fighterRef(foe!), { "system.opposed.advantage": delta(f.opponentAdvantage - them!.advantage, 0) });
          if (f.hit) add(fighterRef(actor), woundUpdate(f.hit.wounds));
          if (f.hit) statuses[fighterRef(actor)] = woundStatuses(f.hit.wounds);
          // Broken Conditions stack: the count on the sheet grows by each one gained; the token shows the condition.
          if (f.broken) {
            const b = brokenAfter(me.broken, f.broken);
            add(fighterRef(actor), { "system.opposed.broken": delta(b.broken - me.broken, 0) });
            statuses[fighterRef(actor)] = [...(statuses[fighterRef(actor)] ?? []), { id: "broken", active: b.status }];
          }
          return ok({ events: r.value.events, outcome: f.hit ? "failure" : "success", headline: moveHeadline({ move: "flee", wounds: f.hit ? f.hit.wounds.suffered : null, broken: f.broken }) });
        }
        case "disengage": {
          // "Disengage": against every opponent Engaged with the fighter, not only the one it named.
          const foes = disengaging;
          const byAdvantage = disengageByAdvantage(me.advantage, foes.map((f) => view(f).stats.advantage), fighterRef(actor));
          if (byAdvantage.ok) {
            add(fighterRef(actor), { "system.opposed.advantage": delta(byAdvantage.value.result.advantage - me.advantage, 0) });
            return ok({ events: byAdvantage.value.events, outcome: "success", headline: moveHeadline({ move: "disengage", escaped: true }) });
          }
          const held = new Map(foes.map((f) => [fighterRef(f), view(f).stats.advantage]));
          const r = disengageByDodge(
            {
              id: fighterRef(actor),
              dodge: { target: skillTarget(me, "dodge"), difficulty: DEFAULT_DIFFICULTY, modifier: 0 },
              advantage: me.advantage,
              opponents: foes.map((f) => ({ id: fighterRef(f), melee: { target: skillTarget(view(f).stats, "melee"), difficulty: DEFAULT_DIFFICULTY, modifier: 0 }, advantage: view(f).stats.advantage })),
            },
            dice,
          );
          if (!r.ok) return r;
          add(fighterRef(actor), { "system.opposed.advantage": delta(r.value.result.advantage - me.advantage, 0) });
          for (const o of r.value.result.opponents) add(o.id, { "system.opposed.advantage": delta(o.advantage - (held.get(o.id) ?? 0), 0) });
          pinned = r.value.result.pinned;
          return ok({ events: r.value.events, outcome: r.value.result.escaped ? "success" : "failure", headline: moveHeadline({ move: "disengage", escaped: r.value.result.escaped }) });
        }
        case "run": {
          const r = run({ id: fighterRef(actor), athletics: namedTest(actor, "athletics"), move: me.move }, dice);
          return r.ok ? ok({ events: r.value.events, outcome: r.value.result.test.success ? "success" : "failure", headline: moveHeadline({ move: "run", success: r.value.result.test.success, yards: r.value.result.extraYards }) }) : r;
        }
        case "leap": {
          const r = leap({ id: fighterRef(actor), move: me.move, runUp: d.runUp, ...(d.test ? { athletics: namedTest(actor, "athletics") } : {}) }, dice);
          return r.ok ? ok({ events: r.value.events, outcome: "neutral", headline: moveHeadline({ move: "leap", feet: r.value.result.feet }) }) : r;
        }
        case "climb": {
          const r = climb({ id: fighterRef(actor), move: me.move, climb: namedTest(actor, "climb") }, dice);
          return r.ok ? ok({ events: r.value.events, outcome: r.value.result.test.success ? "success" : "failure", headline: moveHeadline({ move: "climb", success: r.value.result.test.success, yards: r.value.result.extraYards }) }) : r;
        }
        case "fall": {
          const r = fall({ id: fighterRef(actor), yards: d.yards, toughnessBonus: bonus(me.t), woundsNow: me.woundsNow, ...(d.test ? { athletics: namedTest(actor, "athletics") } : {}) }, dice);
          if (!r.ok) return r;
          if (r.value.result.wounds) add(fighterRef(actor), { "system.opposed.woundsNow": delta(-r.value.result.wounds, 0) });
          if (r.value.result.prone) statuses[fighterRef(actor)] = [{ id: "prone", active: true }];
          return ok({ events: r.value.events.map((e) => (e.type === "prone" ? { ...e, data: { who: fighterRef(actor) } } : e)), outcome: r.value.result.wounds ? "failure" : "success", headline: moveHeadline({ move: "fall", wounds: r.value.result.wounds, prone: r.value.result.prone }) });
        }
      }
    });
    if (!rolled.value.ok) return rolled.value;
    // The free attack's critical and fumble, worked out as any attack's (Oops!, the critical table).
    const f = fled as { result: FleeResult; weaponId: string | null; damage: number } | null;
    const after = f && foe && tables ? await aftermath({ combatId: card.combatId, attacker: foe, defender: actor }, null, [{ who: foe, fumble: f.result.fumble, weaponId: f.weaponId, damage: f.damage }], f.result.criticalsOn, f.result.hit?.location ?? null, null, tables) : null;
    const merged = after ? merge(updates, after) : { updates, statuses: {} as Record<string, StatusChange[]> };
    for (const [id, changes] of Object.entries(statuses)) merged.statuses[id] = [...(merged.statuses[id] ?? []), ...changes];
    return ok({
      outcome: rolled.value.value.outcome,
      events: withNames([...(rolled.value.value.events as EngineEvent[]), ...(after?.events ?? [])], [actor, foe ?? null, ...disengaging]),
      ...merged,
      rolls: [...rolled.rolls, ...(after?.rolls ?? [])],
      lookups: ["BOUT.Opposed.Stat.Location.", "BOUT.Opposed.OopsLine.", "BOUT.Opposed.Oops.", ""],
      combatCommands: [...turnCommands(card.combatId, actor, d.move, d.opponentId), ...pinCommands(card.combatId, actor, pinned), ...(after?.commands ?? [])],
      headline: withThen(rolled.value.value.headline, [...hitAftermath(f?.result.hit ?? null, fighterName(actor)), ...(after?.then ?? [])]),
    });
  },
};

async function moveFromSheet(actor: Actor.Implementation) {
  const foes = opponents(actor);
  const values = await openOddsDialog({
    title: `${M}Title`,
    titleData: { attacker: actor.name },
    confirmLabel: `${M}Go`,
    fields: [
      { kind: "select", name: "move", label: `${M}Field.Move`, value: "run", options: MOVES.map((m) => ({ value: m, label: `${M}Kind.${m}` })) },
      { kind: "select", name: "opponentId", label: `${M}Field.Opponent`, value: opponentOptions(foes)[0]?.value ?? "", options: [{ value: "", label: `${M}NoOpponent` }, ...opponentOptions(foes)] },
      // A Charge's distance is measured from the tokens; the GM gives it only where there is nothing to measure.
      { kind: "number", name: "distance", label: `${M}Field.DistanceRuling`, value: 0, min: 0, max: 1000, gmOnly: true },
      { kind: "number", name: "yards", label: `${M}Field.Yards`, value: 0, min: 0, max: 1000 },
      { kind: "checkbox", name: "runUp", label: `${M}Field.RunUp`, value: false },
      { kind: "checkbox", name: "test", label: `${M}Field.Test`, value: false },
    ],
  });
  if (values) return postCard("opposed.move", actor, actor, values, game.combat?.id ?? "");
}

export function registerOpposedMoves(): void {
  registerCardKind("opposed.move", moveCard);
  registerActorAction("opposed", { id: "move", label: `${M}Action`, icon: "fa-solid fa-person-running", run: moveFromSheet });
}
