/**
 * Seed 003 "Surprise!" at the table. The sheet's **Sneak** button is the
 * ambusher's Stealth against each spotter's Perception (opposed): every spotter
 * beaten is Surprised, in the fight at once and as the token condition on Apply.
 * A Surprised fighter may spend a Resolve point to shake it off (a card that
 * takes the point on Apply). The skills are the fighter's items named Stealth and
 * Perception, else the bare characteristic (Ag, I).
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterFrom, fighterName, fighterRef, refersTo } from "../fighter";
import { actorView } from "../../data/actor/actor-view";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { namedSkillTest, resolveSurprise, shakeOffSurprise, type NamedSkill, type OpposedStats, type TestInput } from "../../engine/rulesets/opposed";
import type { TimeCommand } from "../../engine/time/machine";
import type { TurnsState } from "../../engine/time/turns";
import { ambushHeadline, shakeOffHeadline } from "./headline";
import { combatantFor, delta, dryRun, machineStateOf, postCard, registerCardKind, withNames, type CardKind, type CardResolution, type StatusChange } from "../cards";
import { openOddsDialog } from "../../applications/dialogs/odds-dialog";
import type { EngineEvent } from "../../applications/results/result-card";
import { registerActorAction } from "../../applications/sheets/actor-actions";
import { opponents } from "../opponents";
import { hasStatus } from "../status-effects";

const S = "BOUT.Opposed.Surprise.";
const view = (actor: Actor.Implementation) => actorView<OpposedStats>(actor, "opposed");
const refused = (code: string, key: string): Outcome<never> => refuse(`opposed.surprise.${code}`, `${S}Refusal.${key}`);

function namedTest(actor: Actor.Implementation, name: NamedSkill): TestInput {
  const v = view(actor);
  return namedSkillTest(v.stats, v.skills, name);
}

/** Surprised: the token's condition, in a fight or out of one (the turn order only caches it, issue 31). */
export function isSurprised(actor: Actor.Implementation, _combatId: string): boolean {
  return hasStatus(actor, "surprised");
}

const ambushCard: CardKind = {
  title: `${S}AmbushTitle`,
  self: true,
  unanswered: () => true,
  prepare(raw, actor) {
    const ids = ((raw ?? {}) as { spotterIds?: unknown }).spotterIds;
    if (!Array.isArray(ids) || !ids.length || !ids.every((id) => typeof id === "string" && !refersTo(id, actor) && fighterFrom(id))) return refused("noSpotters", "NoSpotters");
    return ok({ spotterIds: [...new Set(ids as string[])] });
  },
  describe: (d) => [{ type: "declared", key: `${S}AmbushDeclared`, data: { count: d?.spotterIds?.length ?? 0 } }],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<CardResolution>> {
    const actor = card.attacker;
    if (!actor) return refused("noSpotters", "NoSpotters");
    const spotters = (card.declaration?.spotterIds as string[]).map((id) => fighterFrom(id)).filter((a): a is Actor.Implementation => Boolean(a));
    const rolled = await resolveWithFoundry((dice) => resolveSurprise({ id: fighterRef(actor), stealth: namedTest(actor, "stealth"), spotters: spotters.map((s) => ({ id: fighterRef(s), perception: namedTest(s, "perception") })) }, dice));
    if (!rolled.value.ok) return rolled.value;
    const caught = rolled.value.value.result.spotters.filter((s) => s.surprised).map((s) => s.id);
    const commands: TimeCommand[] = [];
    for (const id of caught) {
      const cid = combatantFor(card.combatId, fighterFrom(id));
      if (cid && machineStateOf<TurnsState>(card.combatId, "turns")) commands.push({ type: "setSurprised", combatantId: cid, surprised: true } as TimeCommand);
    }
    const ready = dryRun(card.combatId, commands);
    if (!ready.ok) return ready;
    const statuses: Record<string, StatusChange[]> = Object.fromEntries(caught.map((id) => [id, [{ id: "surprised", active: true }]]));
    const events = (rolled.value.value.events as EngineEvent[]).map((e) => (e.data.who === "ambush" ? { ...e, data: { ...e.data, who: fighterRef(actor) } } : e));
    return ok({ outcome: caught.length ? "success" : "failure", events: withNames(events, [actor, ...spotters]), updates: {}, statuses, rolls: rolled.rolls, lookups: [], combatCommands: commands, headline: ambushHeadline(rolled.value.value.result) });
  },
};

const shakeOffCard: CardKind = {
  title: `${S}ShakeOffTitle`,
  self: true,
  unanswered: () => true,
  prepare(_raw, actor, _d, combatId) {
    if (!isSurprised(actor, combatId)) return refused("notSurprised", "NotSurprised");
    const spent = shakeOffSurprise(view(actor).stats.resolve);
    return spent.ok ? ok({}) : refused("noResolve", "NoResolve");
  },
  describe: () => [{ type: "declared", key: `${S}ShakeOffDeclared`, data: {} }],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<CardResolution>> {
    const actor = card.attacker;
    if (!actor || !isSurprised(actor, card.combatId)) return refused("notSurprised", "NotSurprised");
    const spent = shakeOffSurprise(view(actor).stats.resolve);
    if (!spent.ok) return refused("noResolve", "NoResolve");
    const cid = combatantFor(card.combatId, actor);
    const commands = cid && machineStateOf<TurnsState>(card.combatId, "turns") ? [{ type: "setSurprised", combatantId: cid, surprised: false } as TimeCommand] : [];
    return ok({
      outcome: "success",
      events: withNames(spent.value.events.map((e) => ({ ...e, data: { who: fighterRef(actor) } })) as EngineEvent[], [actor]),
      updates: { [fighterRef(actor)]: { "system.opposed.resolve": delta(-1, 0) } },
      statuses: { [fighterRef(actor)]: [{ id: "surprised", active: false }] },
      rolls: [],
      lookups: [],
      combatCommands: commands,
      headline: shakeOffHeadline(spent.value.result),
    });
  },
};

/** A spotter's field key: its actor id, numbered where two tokens of one actor are offered. */
function spotKey(foes: readonly Actor.Implementation[], i: number): string {
  const id = foes[i]!.id!;
  return foes.filter((f) => f.id === id).length > 1 ? `${id}-${i}` : id;
}

async function ambushFromSheet(actor: Actor.Implementation) {
  const foes = opponents(actor);
  const values = await openOddsDialog({
    title: `${S}AmbushTitle`,
    titleData: { attacker: actor.name },
    confirmLabel: `${S}Sneak`,
    fields: foes.map((f, i) => ({ kind: "checkbox" as const, name: `spot.${spotKey(foes, i)}`, label: `${S}Spotter`, labelData: { name: fighterName(f) }, value: true })),
  });
  if (!values) return;
  return postCard("opposed.ambush", actor, actor, { spotterIds: foes.filter((_f, i) => values[`spot.${spotKey(foes, i)}`] === true).map((f) => fighterRef(f)) }, game.combat?.id ?? "");
}

export function registerOpposedSurprise(): void {
  registerCardKind("opposed.ambush", ambushCard);
  registerCardKind("opposed.shakeOff", shakeOffCard);
  registerActorAction("opposed", { id: "ambush", label: `${S}Sneak`, icon: "fa-solid fa-user-ninja", run: ambushFromSheet });
  registerActorAction("opposed", { id: "shakeOff", label: `${S}ShakeOff`, icon: "fa-solid fa-bolt", run: (actor) => postCard("opposed.shakeOff", actor, actor, {}, game.combat?.id ?? "") });
}
