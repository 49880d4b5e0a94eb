/**
 * Seed 004 [22] at the table: a multi-hex monster whose token enters a
 * one-hex figure's hex (on the way or at the end of its move) knocks it down
 * and tramples it: an unranked strike at base
 * 40% less the figure's Defense, for D + the monster's size in hexes. The active GM's client sees the move land and posts one card
 * per figure trampled; the card checks the figure really stands under the
 * monster before anything is rolled, and applying it writes the damage and the
 * Prone condition once.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterFrom, fighterName, fighterRef, refersTo, sameFighter } from "../fighter";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { resolveAttack } from "../../engine/rulesets/pulse/attack";
import { footprint, sameHex, type Hex } from "../../engine/rulesets/pulse/hex";
import { enteredAlong } from "../../engine/rulesets/pulse/mounted";
import { trampleAttack, trampledBy } from "../../engine/rulesets/pulse/trample";
import { walkSteps } from "../../engine/rulesets/pulse/movement";
import { tokenPlacement } from "./engagements";
import { blowAftermath, trampleHeadline } from "./headline";
import { delta, postCard, registerCardKind, withNames, withThen, type CardKind, type StatusChange } from "../cards";
import { blowConditions } from "../../engine/rulesets/pulse/card-effects";
import type { CombatantInfo } from "../machines";
import { eventLine as line, type EngineEvent } from "../../applications/results/result-card";
import { defenderInput, figure, view } from "./attack";

interface Placing {
  readonly combatId: string;
  /** Everyone in the fight, as placed now. */
  readonly infos: readonly CombatantInfo[];
  readonly monster: CombatantInfo;
  readonly under: readonly CombatantInfo[];
}

interface FightWithInfos {
  readonly id: string | null;
  readonly started: boolean;
  readonly boutSystem?: { structure: string };
  combatantInfos(): CombatantInfo[];
}

/** The one-hex figures standing under a multi-hex figure of a running pulse fight. */
function underMonster(monsterRef: string, combatId?: string): Placing | null {
  for (const c of (game.combats?.contents ?? []) as unknown as FightWithInfos[]) {
    if (!c.started || c.boutSystem?.structure !== "pulses" || (combatId && c.id !== combatId)) continue;
    const infos = c.combatantInfos();
    const monster = infos.find((i) => refersTo(monsterRef, i.actor));
    if (!monster?.placed?.hexes) continue;
    const covered = footprint(monster.placed);
    const under = infos.filter((i) => i !== monster && i.placed && trampledBy(covered.length, footprint(i.placed).length) && covered.some((h) => sameHex(h, i.placed!.hex)));
    return { combatId: c.id ?? "", infos, monster, under };
  }
  return null;
}

const T = "BOUT.Pulse.Table.Trample.";

const trampleCard: CardKind = {
  title: `${T}Title`,
  unanswered: () => true,
  prepare(_raw, monster, figureActor, combatId): Outcome<{ hexes: number }> {
    const placing = underMonster(fighterRef(monster), combatId);
    const entered = crossed.get(fighterRef(monster))?.has(fighterRef(figureActor)) || placing?.under.some((i) => sameFighter(i.actor, figureActor));
    if (!placing || !entered) return refuse("pulse.trample.notUnder", `${T}NotUnder`, { name: figureActor.name });
    return ok({ hexes: footprint(placing.monster.placed!).length });
  },
  // One card for each figure entered on a walk.
  async claim(_d, monster, figureActor) {
    crossed.get(fighterRef(monster))?.delete(fighterRef(figureActor));
    return ok(true as const);
  },
  describe: (d: { hexes: number } | null) => [line("declared", `${T}Declared`, { hexes: d?.hexes ?? 0 })],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<any>> {
    const monster = card.attacker;
    const victim = card.defender;
    if (!monster || !victim) return refuse("card.unknownActor", "BOUT.Card.Refusal.UnknownActor");
    const hexes = Number(card.declaration?.hexes ?? 1);
    const target = view(victim);
    const { defense, ...defender } = defenderInput({ fromRear: false }, target, "stand");
    const input = trampleAttack({ id: fighterRef(monster), modMD: figure(view(monster)).modMD, hexes }, { ...defender, id: fighterRef(victim) }, defense);
    const rolled = await resolveWithFoundry((dice) => resolveAttack(input, dice));
    if (!rolled.value.ok) return rolled.value;
    const r = rolled.value.value.result;
    const changes: Record<string, unknown> = {};
    const damage = r.damage;
    if (damage) {
      if (damage.fatigueNow !== target.stats.fatigueNow) changes["system.pulse.fatigueNow"] = delta(damage.fatigueNow - target.stats.fatigueNow, 0);
      if (damage.enduranceNow !== target.stats.enduranceNow) changes["system.pulse.enduranceNow"] = delta(damage.enduranceNow - target.stats.enduranceNow, 0);
    }
    // [22] knocked down whether or not the trampling strikes home.
    const conditions: StatusChange[] = blowConditions({ hit: r.strike.hit, kind: "normal", damage, prone: true, restrained: false }).map((id) => ({ id, active: true }));
    return ok({
      outcome: r.strike.hit ? "success" : "failure",
      // Knocked down is in the trampling's own words; a stun or worse follows it.
      headline: withThen(trampleHeadline(r), blowAftermath({ damage, knockedOut: false }, {}, { attacker: fighterName(monster), defender: fighterName(victim) })),
      events: withNames([line("knockedDown", `${T}KnockedDown`, { who: fighterRef(victim) }), ...(rolled.value.value.events as EngineEvent[])], [monster, victim]),
      updates: Object.keys(changes).length ? { [fighterRef(victim)]: changes } : {},
      statuses: { [fighterRef(victim)]: conditions },
      rolls: rolled.rolls,
      lookups: [],
      // The stun and the fall reach the fight as the token's conditions, once applied.
      combatCommands: [],
    });
  },
};

/** Active GM: the figures each monster entered on its last walk, not yet trampled by a card (one card each). */
const crossed = new Map<string, Set<string>>();

interface WalkLike {
  readonly origin: { readonly x: number; readonly y: number };
  readonly passed: { readonly waypoints: readonly { readonly x: number; readonly y: number; readonly intermediate?: boolean }[] };
}

/**
 * Active GM, when a token's move lands (v13 `moveToken`, on every client): a
 * multi-hex figure in a running pulse tramples each one-hex figure it entered
 * on the way, its footprint carried along the walk, and whoever it stands on
 * at the end; a card for each.
 */
async function afterWalk(token: TokenDocument.Implementation, movement: WalkLike) {
  if (!game.user?.isActiveGM) return;
  const actor = token.actor as Actor.Implementation | null;
  if (!actor) return;
  const placing = underMonster(fighterRef(actor));
  if (!placing) return;
  const origin = tokenPlacement(token, { x: Number(movement.origin.x), y: Number(movement.origin.y) });
  const legs = movement.passed.waypoints.filter((w) => !w.intermediate).map((w) => tokenPlacement(token, { x: Number(w.x), y: Number(w.y) })?.hex);
  const figures = placing.infos
    .filter((i) => i !== placing.monster && i.actor && i.placed && trampledBy(footprint(placing.monster.placed!).length, footprint(i.placed).length))
    .map((i) => ({ id: fighterRef(i.actor!), hex: i.placed!.hex }));
  const along = origin?.hexes && legs.every(Boolean) ? enteredAlong({ anchor: origin.hex, hexes: origin.hexes }, walkSteps(origin.hex, legs as Hex[]), figures) : [];
  const before = new Set(origin?.hexes ? figures.filter((f) => origin.hexes!.some((h) => sameHex(h, f.hex))).map((f) => f.id) : []);
  const entered = [...new Set([...along, ...placing.under.map((i) => (i.actor ? fighterRef(i.actor) : "")).filter((id) => id && !before.has(id))])];
  crossed.set(fighterRef(actor), new Set(entered));
  for (const id of entered) {
    const figure = fighterFrom(id);
    if (figure) await postCard("pulse.trample", actor, figure, {}, placing.combatId);
  }
}

export function registerPulseTrample(): void {
  registerCardKind("pulse.trample", trampleCard);
  // v13's moveToken is not in fvtt-types 13.345's hook list yet: (document, movement, operation, user).
  (Hooks.on as unknown as (hook: string, fn: (token: unknown, movement: unknown) => void) => number)("moveToken", (token, movement) => void afterWalk(token as TokenDocument.Implementation, movement as WalkLike));
}
