/**
 * Seed 004 [22] at the table: a multi-hex monster whose token moves onto a
 * one-hex figure knocks it down and tramples it: an unranked strike at base
 * 40% less the figure's Defense, for D + the monster's size in hexes. The active GM's client sees the move land and posts one card
 * per figure trampled; the card checks the figure really stands under the
 * monster before anything is rolled, and applying it writes the damage and the
 * Prone condition once.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { resolveAttack, type AttackInput } from "../../engine/rulesets/pulse/attack";
import { footprint, sameHex } from "../../engine/rulesets/pulse/hex";
import { trample } from "../../engine/rulesets/pulse/mounted";
import { delta, postCard, registerCardKind, withNames, type CardKind, type StatusChange } from "../../chat/cards";
import type { CombatantInfo } from "../../combat/machines";
import type { EngineEvent } from "../results/result-card";
import { patchCommands } from "./pulse-fight";
import { defenderInput, figure, view } from "./pulse-attack";

interface Placing {
  readonly combatId: string;
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
function underMonster(monsterActorId: string, combatId?: string): Placing | null {
  for (const c of (game.combats?.contents ?? []) as unknown as FightWithInfos[]) {
    if (!c.started || c.boutSystem?.structure !== "pulses" || (combatId && c.id !== combatId)) continue;
    const infos = c.combatantInfos();
    const monster = infos.find((i) => i.actor?.id === monsterActorId);
    if (!monster?.placed?.hexes) continue;
    const covered = footprint(monster.placed);
    const under = infos.filter((i) => i !== monster && i.placed && !i.placed.hexes && covered.some((h) => sameHex(h, i.placed!.hex)));
    return { combatId: c.id ?? "", monster, under };
  }
  return null;
}

const line = (type: string, key: string, data: Record<string, string | number | boolean>): EngineEvent => ({ type, key, data });
const T = "BOUT.Pulse.Table.Trample.";

const trampleCard: CardKind = {
  title: `${T}Title`,
  unanswered: () => true,
  prepare(_raw, monster, figureActor, combatId): Outcome<{ hexes: number }> {
    const placing = underMonster(monster.id!, combatId);
    if (!placing || !placing.under.some((i) => i.actor?.id === figureActor.id)) return refuse("pulse.trample.notUnder", `${T}NotUnder`, { name: figureActor.name });
    return ok({ hexes: footprint(placing.monster.placed!).length });
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
    const rule = trample(hexes);
    const m = figure(view(monster));
    const target = view(victim);
    const { defense, ...defender } = defenderInput({ fromRear: false }, target, "stand");
    const input: AttackInput = {
      attack: "normal",
      baseChance: rule.baseChance,
      modMD: m.modMD,
      ranked: false,
      rank: 0,
      defense,
      charging: false,
      withdrawingOffensively: false,
      modifiers: [],
      context: { weapon: { use: "unarmed", canTrip: false, canKnockout: false, closeRated: false }, targetHumanOrSmaller: true, unarmedRank: 0, shieldCanRush: false, inMelee: true, grappling: false },
      attacker: { modMD: m.modMD, weaponRank: 0 },
      defender,
      dieModifier: rule.dieModifier,
      damageModifiers: [],
    };
    const rolled = await resolveWithFoundry((dice) => resolveAttack(input, dice));
    if (!rolled.value.ok) return rolled.value;
    const r = rolled.value.value.result;
    const changes: Record<string, unknown> = {};
    const damage = r.damage;
    if (damage) {
      if (damage.fatigueNow !== target.stats.fatigueNow) changes["system.pulse.fatigueNow"] = delta(damage.fatigueNow - target.stats.fatigueNow, 0);
      if (damage.enduranceNow !== target.stats.enduranceNow) changes["system.pulse.enduranceNow"] = delta(damage.enduranceNow - target.stats.enduranceNow, 0);
      if (damage.stun && damage.state !== "dead") changes["system.pulse.stunned"] = true;
    }
    // [22] knocked down whether or not the trampling strikes home.
    const conditions: StatusChange[] = [
      { id: "prone", active: true },
      ...(damage?.state === "unconscious" ? [{ id: "unconscious", active: true }] : []),
      ...(damage?.state === "dead" ? [{ id: "dead", active: true }] : []),
      ...(damage?.stun && damage.state !== "dead" ? [{ id: "stun", active: true }] : []),
    ];
    return ok({
      outcome: r.strike.hit ? "success" : "failure",
      events: withNames([line("knockedDown", `${T}KnockedDown`, { who: victim.id! }), ...(rolled.value.value.events as EngineEvent[])], [monster, victim]),
      updates: Object.keys(changes).length ? { [victim.id!]: changes } : {},
      statuses: { [victim.id!]: conditions },
      rolls: rolled.rolls,
      lookups: [],
      combatCommands: damage?.stun && damage.state !== "dead" ? patchCommands(card.combatId, [victim], { stunned: true }) : [],
    });
  },
};

/** Active GM: after a multi-hex figure's token moves in a running pulse, a card for each one-hex figure now under it. */
async function afterMove(token: TokenDocument.Implementation, changes: Record<string, unknown>) {
  if (!game.user?.isActiveGM || (!("x" in changes) && !("y" in changes))) return;
  const actor = token.actor as Actor.Implementation | null;
  if (!actor) return;
  const placing = underMonster(actor.id!);
  if (!placing) return;
  for (const figure of placing.under) if (figure.actor) await postCard("pulse.trample", actor, figure.actor as Actor.Implementation, {}, placing.combatId);
}

export function registerPulseTrample(): void {
  registerCardKind("pulse.trample", trampleCard);
  Hooks.on("updateToken", (token, changes) => void afterMove(token as TokenDocument.Implementation, changes as Record<string, unknown>));
}
