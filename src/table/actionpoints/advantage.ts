/**
 * Seed 002 section VI at the table: a Combat Advantage the exchange opened is a
 * button on its card for the defender's owner. Taking one posts this card,
 * which the GM's client resolves at once: Fatigue paid, then a shield bash, a
 * riposte, an attack after the dodge or the bonus attack after the attacker's
 * critical failure (an undefended blow), or a disarm (the attacker's STR check
 * less the defender's PSF%). The exchange's card is marked as taken in the
 * same step, so a second click, or a second advantage, is refused.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterName, fighterRef, refersTo } from "../fighter";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { actorStats, parryWeaponOf, ATTACK_ADVANTAGES, checkTarget, mayPayFatigue, resolveAdvantage, resolveAdvantageAttack, shieldBashBlow, type AdvantageKind, type AttackInput } from "../../engine/rulesets/actionpoints";
import { advantageHeadline, blowAftermath } from "./headline";
import { cardView, delta, registerCardKind, takeFromCard, withNames, withThen, type CardKind } from "../cards";
import { apRule, apJsonTables, apTablesRead } from "./tables";
import { attackerFigures, blowChanges, defenderFigures, LOOKUPS, skillOf, view, type OpenAdvantage } from "./attack";
import { eventLine as line } from "../../applications/results/result-card";

const refused = (code: string, key: string): Outcome<never> => refuse(`ap.advantage.${code}`, `BOUT.ActionPoints.Advantage.Refusal.${key}`);

interface Declaration {
  readonly sourceId: string;
  readonly kind: AdvantageKind;
  readonly cost: number;
  readonly critical: boolean;
  readonly defence: OpenAdvantage["defence"];
  /** The blow, for every kind but the disarm. */
  readonly attack?: AttackInput;
  readonly weaponId?: string;
  /** The disarm: the first attacker's STR check, the taker's PSF%, and the weapon at stake. */
  readonly disarm?: { readonly strTarget: number; readonly psf: number; readonly weaponId: string };
}

/** The exchange's open advantage, read fresh from its card. */
function openAdvantage(sourceId: unknown): { adv: OpenAdvantage; taken: unknown; weaponId: string } | null {
  const message = typeof sourceId === "string" ? (game.messages!.get(sourceId) as ChatMessage.Implementation | undefined) : undefined;
  const source = message ? cardView(message) : null;
  if (!source || source.kind !== "actionpoints.attack" || (source.state !== "resolved" && source.state !== "applied")) return null;
  const adv = source.result?.data?.advantage as OpenAdvantage | undefined;
  return adv ? { adv, taken: source.result?.taken, weaponId: String(source.declaration?.weaponId ?? "") } : null;
}

function prepare(raw: unknown, taker: Actor.Implementation, victim: Actor.Implementation): Outcome<Declaration> {
  const d = (raw ?? {}) as { sourceId?: unknown; kind?: unknown };
  const open = openAdvantage(d.sourceId);
  if (!open) return refused("noSource", "NoSource");
  const { adv } = open;
  const kind = d.kind as AdvantageKind;
  if (!refersTo(adv.who, taker) || !refersTo(adv.against, victim) || !adv.options.includes(kind)) return refused("notOpen", "NotOpen");
  if (open.taken) return refused("taken", "Taken");
  const tables = apJsonTables();
  const cost = tables.advantageFatigue[kind];
  const t = view(taker);
  if (!mayPayFatigue(cost, t.stats.fatigueNow)) return refused("tooTired", "TooTired");
  const base = { sourceId: d.sourceId as string, kind, cost, critical: adv.critical, defence: adv.defence };
  const target = defenderFigures(view(victim), fighterRef(victim), "none");
  if (!target) return refused("noSource", "NoSource");
  if (kind === "disarm") {
    const parry = parryWeaponOf(t.weapons);
    const skill = skillOf(t, "weapon", String((parry?.stats as { skill?: unknown } | undefined)?.skill ?? ""));
    return ok({ ...base, disarm: { strTarget: checkTarget(view(victim).stats.str, tables), psf: skill?.psf ?? 0, weaponId: open.weaponId } });
  }
  if (kind === "shieldBash") {
    const play = skillOf(t, "shieldPlay");
    if (!play || !t.shields.some((s) => s.equipped)) return refused("noWeapon", "NoWeapon");
    const attacker = shieldBashBlow({ id: fighterRef(taker), tsc: play.tsc, psf: play.psf, str: t.stats.str }, tables.shieldBashDamage);
    return ok({ ...base, attack: { attacker, defender: target } });
  }
  // A riposte, an attack after the dodge or the bonus attack: with the weapon in hand.
  const parry = parryWeaponOf(t.weapons);
  const weapon = parry ? taker.items.get(parry.id) : undefined;
  const attacker = weapon ? attackerFigures(taker, weapon, 0) : null;
  if (!weapon || !attacker) return refused("noWeapon", "NoWeapon");
  return ok({ ...base, attack: { attacker, defender: target }, weaponId: weapon.id! });
}

const advantageCard: CardKind = {
  title: "BOUT.ActionPoints.Advantage.CardTitle",
  unanswered: () => true,
  prepare,
  // Taken in the exchange's card's own write queue, written with the new card: whoever comes second finds it gone.
  claimsFrom: (d: Declaration) => d.sourceId,
  async claim(d: Declaration, _taker, _victim, batch) {
    const open = openAdvantage(d.sourceId);
    if (!open) return refused("noSource", "NoSource");
    if (open.taken) return refused("taken", "Taken");
    await takeFromCard(batch, d.sourceId, { taken: d.kind });
    return ok(true as const);
  },
  describe: (d: Declaration | null) => [line("declared", "BOUT.ActionPoints.Advantage.Declared", { kind: `BOUT.ActionPoints.Advantage.${d?.kind ?? ""}`, cost: d?.cost ?? 0 })],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<any>> {
    const d = card.declaration as Declaration;
    if (!card.attacker || !card.defender || !d) return refused("noSource", "NoSource");
    const tablesRead = apTablesRead();
    if (!tablesRead.ok) return tablesRead;
    const tables = tablesRead.value;
    const taker = view(card.attacker);
    const fatigue = { "system.actionpoints.fatigueNow": delta(-d.cost, actorStats.fatigueNow.min) };
    if (d.kind === "disarm" && d.disarm) {
      const rolled = await resolveWithFoundry((dice) =>
        resolveAdvantage(
          { kind: "disarm", defence: d.defence, defenceCritical: d.critical, tsc: 0, attackerStrTarget: d.disarm!.strTarget, defenderPsf: d.disarm!.psf, fatigueNow: taker.stats.fatigueNow, rule: apRule(), fatigueCosts: tables.advantageFatigue, who: fighterRef(card.attacker!), victim: fighterRef(card.defender!) },
          dice,
        ),
      );
      if (!rolled.value.ok) return rolled.value;
      const r = rolled.value.value.result;
      const weapon = card.defender.items.get(d.disarm.weaponId);
      return ok({
        outcome: r.success ? "success" : "failure",
        events: withNames(rolled.value.value.events, [card.attacker, card.defender]),
        updates: { [fighterRef(card.attacker!)]: fatigue },
        ...(r.success && weapon ? { itemUpdates: { [fighterRef(card.defender!)]: [{ _id: weapon.id!, "system.equipped": false }] } } : {}),
        rolls: rolled.rolls,
        lookups: LOOKUPS,
        headline: advantageHeadline(d.kind, r),
      });
    }
    if (!d.attack || !ATTACK_ADVANTAGES.includes(d.kind)) return refused("notOpen", "NotOpen");
    const victim = view(card.defender);
    const attack: AttackInput = {
      ...d.attack,
      rule: apRule(),
      criticalTables: { locations: tables.criticalLocations, effects: tables.criticalEffects },
      agility: { attacker: checkTarget(taker.stats.agi, tables), defender: checkTarget(victim.stats.agi, tables) },
    };
    const rolled = await resolveWithFoundry((dice) => resolveAdvantageAttack({ kind: d.kind, defence: d.defence, defenceCritical: d.critical, fatigueNow: taker.stats.fatigueNow, attack, fatigueCosts: tables.advantageFatigue }, dice));
    if (!rolled.value.ok) return rolled.value;
    const r = rolled.value.value.result.attack;
    const changes = blowChanges(r, { id: fighterRef(card.attacker!), weaponId: d.weaponId ?? "" }, { id: fighterRef(card.defender!), view: victim });
    return ok({
      outcome: r.outcome === "hit" ? "success" : "failure",
      events: withNames(rolled.value.value.events, [card.attacker, card.defender]),
      ...changes,
      updates: { ...changes.updates, [fighterRef(card.attacker!)]: fatigue },
      rolls: rolled.rolls,
      lookups: LOOKUPS,
      headline: withThen(advantageHeadline(d.kind, r), blowAftermath(r, { attacker: fighterName(card.attacker), defender: fighterName(card.defender) })),
    });
  },
};

export function registerActionPointsAdvantage(): void {
  registerCardKind("actionpoints.advantage", advantageCard);
}
