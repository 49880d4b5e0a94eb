/**
 * Seed 002 at the table: a weapon's roll button makes an attack card; the
 * defender's owner picks a passive or active defence (or none), the GM's client
 * rolls both percentiles and the damage with the engine, and applying the card
 * takes Fatigue then Body and the active defence's Fatigue cost. In an
 * action-phase fight the attack spends the weapon's Action Points, refused
 * before any roll when it is not the attacker's phase or the points are gone.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { actorView } from "../../data/actor/actor-view";
import { isWholeNumber, ok, refuse, type Outcome } from "../../engine/outcome";
import type { ActorView } from "../../engine/rulesets/ruleset";
import {
  attackOdds,
  DEFAULT_DEFENCE_FATIGUE,
  DEFENCES,
  resolveAttack,
  strengthBonus,
  type ActionPointsStats,
  type AttackInput,
  type Defence,
  type WeightClass,
} from "../../engine/rulesets/actionpoints";
import type { TimeCommand } from "../../engine/time/machine";
import { combatantFor, delta, dryRun, postCard, registerCardKind, withNames, type CardKind, type CardView } from "../../chat/cards";
import { openOddsDialog } from "../dialogs/odds-dialog";
import { levelBars } from "../../engine/rulesets/actionpoints/level-odds";
import { registerItemRoll, type ItemRollRequest } from "../sheets/item-roll";
import type { EngineEvent } from "../results/result-card";
import { defaultOpponent, opponents } from "./opponents";

type View = ActorView<ActionPointsStats>;
const view = (actor: Actor.Implementation | null) => actorView(actor as never, "actionpoints") as unknown as View;
const refused = (code: string, key: string): Outcome<never> => refuse(code, `BOUT.ActionPoints.Table.Refusal.${key}`);
const WEIGHT_ORDER: readonly WeightClass[] = ["none", "light", "medium", "heavy"];

/** TSC% and PSF% of a skill: the one a weapon names, else the first of the kind. */
function skillOf(v: View, kind: "weapon" | "shieldPlay" | "dodge", name = ""): { tsc: number; psf: number } | null {
  const skills = v.skills.map((s) => ({ name: s.name, stats: s.stats as { kind: string; tsc: number; psf: number; attackerBonus: number } }));
  const named = name ? skills.find((s) => s.name.toLowerCase() === name.toLowerCase()) : undefined;
  const found = named ?? skills.find((s) => s.stats.kind === kind);
  return found ? { tsc: found.stats.tsc, psf: found.stats.psf } : null;
}

/** What the defender can defend with: a shield in hand, a weapon to parry with, always Dodge and nothing. */
function defencesFor(v: View): Defence[] {
  const shield = v.shields.some((s) => s.equipped);
  const weapon = v.weapons.some((w) => w.equipped);
  return DEFENCES.filter((d) => d === "none" || d === "dodge" || (d.endsWith("Shield") ? shield : weapon));
}

interface Declaration {
  readonly weaponId: string;
  readonly weapon: string;
  readonly attacker: AttackInput["attacker"];
  readonly cost: number;
}

function defenderFigures(v: View, id: string, defence: Defence): AttackInput["defender"] | null {
  const s = v.stats;
  const shieldItem = v.shields.find((x) => x.equipped)?.stats;
  const parryWeapon = v.weapons.find((w) => w.equipped)?.stats as { size: number; skill: string } | undefined;
  const armour = v.armor.filter((a) => a.equipped).map((a) => a.stats);
  const skill =
    defence === "none" ? { tsc: 0, psf: 0 } : defence.endsWith("Shield") ? skillOf(v, "shieldPlay") : defence === "dodge" ? skillOf(v, "dodge") : skillOf(v, "weapon", parryWeapon?.skill ?? "");
  if (!skill) return null;
  return {
    id,
    defence,
    tsc: skill.tsc,
    psf: skill.psf,
    shield: shieldItem ? { absorption: shieldItem.absorption, blockBonus: shieldItem.blockBonus, penetrations: shieldItem.penetrations } : null,
    armour: {
      absorption: armour.reduce((n, a) => n + a.absorption, 0),
      weight: armour.reduce<WeightClass>((w, a) => (WEIGHT_ORDER.indexOf(a.weight) > WEIGHT_ORDER.indexOf(w) ? a.weight : w), "none"),
      failed: armour.some((a) => a.failed),
    },
    parryWeaponSize: parryWeapon?.size ?? 1,
    kneeling: Boolean(s.kneeling),
    fatigueNow: s.fatigueNow,
    bodyNow: s.bodyNow,
    con: s.con,
  };
}

function attackerFigures(actor: Actor.Implementation, item: Item.Implementation, modifier: number): AttackInput["attacker"] | null {
  const v = view(actor);
  const w = (item.system as any).actionpoints ?? {};
  const skill = v.skills.map((s) => ({ name: s.name, stats: s.stats as { kind: string; tsc: number; psf: number; attackerBonus: number } })).find((s) => (w.skill ? s.name.toLowerCase() === String(w.skill).toLowerCase() : s.stats.kind === "weapon"));
  if (!skill) return null;
  return { id: actor.id!, tsc: skill.stats.tsc, psf: skill.stats.psf, modifier, baseDamage: Number(w.baseDamage ?? 0), strengthBonus: strengthBonus(v.stats.str, Boolean(w.light)), attackerBonus: skill.stats.attackerBonus, weaponSize: Number(w.size ?? 3) };
}

const spendCommands = (combatId: string, attacker: Actor.Implementation | null, cost: number): TimeCommand[] => {
  const id = combatantFor(combatId, attacker);
  return id ? [{ type: "spend", combatantId: id, points: cost, kind: "combat" } as TimeCommand] : [];
};

async function declareAttack({ actor, item }: ItemRollRequest) {
  const foes = opponents(actor);
  const values = await openOddsDialog({
    title: "BOUT.Roll.AttackTitle",
    titleData: { name: item.name },
    confirmLabel: "BOUT.ActionPoints.Table.Attack",
    fields: [
      { kind: "select", name: "defender", label: "BOUT.ActionPoints.Table.Target", value: defaultOpponent(foes), options: foes.map((f) => ({ value: f.id!, label: f.name })) },
      { kind: "number", name: "modifier", label: "BOUT.Roll.Modifier", value: 0, min: -100, max: 100 },
    ],
    odds: (v) => {
      const a = attackerFigures(actor, item, Number(v.modifier) || 0);
      const foe = foes.find((f) => f.id === v.defender) ?? null;
      const d = foe ? defenderFigures(view(foe), foe.id!, "none") : null;
      if (!a || !d) return { rows: [] };
      const odds = attackOdds({ attacker: a, defender: d });
      return {
        rows: [{ label: "BOUT.ActionPoints.Table.Odds.Undefended", probability: odds.outcomes.hit + odds.outcomes.partial, headline: true }, { label: "BOUT.ActionPoints.Table.Odds.Critical", probability: odds.criticalHit }],
        distributions: [{ label: "BOUT.Odds.Levels", bars: levelBars(a.tsc + (a.modifier ?? 0)), keyed: true }],
      };
    },
  });
  if (!values) return;
  const defender = foes.find((f) => f.id === values.defender);
  if (!defender) return;
  return postCard("actionpoints.attack", actor, defender, { weaponId: item.id, modifier: Number(values.modifier) }, game.combat?.id ?? "");
}

function prepare(raw: unknown, attacker: Actor.Implementation, _defender: Actor.Implementation, combatId: string): Outcome<Declaration> {
  const d = (raw ?? {}) as { weaponId?: unknown; modifier?: unknown };
  const item = typeof d.weaponId === "string" ? attacker.items.get(d.weaponId) : undefined;
  if (!item || item.type !== "weapon") return refused("ap.noWeapon", "NoWeapon");
  if (!isWholeNumber(d.modifier) || Math.abs(d.modifier) > 100) return refused("ap.badModifier", "BadModifier");
  const figures = attackerFigures(attacker, item as Item.Implementation, d.modifier);
  if (!figures) return refused("ap.noSkill", "NoSkill");
  const cost = Number((item.system as any).actionpoints?.attackCost ?? 6);
  const ready = dryRun(combatId, spendCommands(combatId, attacker, cost));
  if (!ready.ok) return ready;
  return ok({ weaponId: item.id!, weapon: item.name, attacker: figures, cost });
}

const line = (type: string, key: string, data: Record<string, string | number | boolean>): EngineEvent => ({ type, key, data });

const attackCard: CardKind = {
  title: "BOUT.ActionPoints.Table.CardTitle",
  prepare,
  describe: (d: Declaration | null) => [line("declared", "BOUT.ActionPoints.Table.Declared", { weapon: d?.weapon ?? "", tsc: d?.attacker.tsc ?? 0, cost: d?.cost ?? 0 })],
  async defend(card: CardView) {
    const v = view(card.defender);
    const d = card.declaration as Declaration;
    const choices = defencesFor(v);
    const values = await openOddsDialog({
      title: "BOUT.ActionPoints.Table.DefendTitle",
      titleData: { name: card.attacker?.name ?? "" },
      confirmLabel: "BOUT.Card.Defend",
      fields: [{ kind: "select", name: "defence", label: "BOUT.ActionPoints.Table.Defence.Label", value: choices[0]!, options: choices.map((c) => ({ value: c, label: `BOUT.ActionPoints.Table.Defence.${c}` })) }],
      odds: (values) => {
        const figures = defenderFigures(v, card.defender?.id ?? "", values.defence as Defence);
        if (!figures) return { rows: [] };
        const odds = attackOdds({ attacker: d.attacker, defender: figures });
        return {
          rows: [
            { label: "BOUT.ActionPoints.Table.Odds.Stopped", probability: odds.outcomes.missed + odds.outcomes.avoided, headline: true },
            { label: "BOUT.ActionPoints.Table.Odds.Partial", probability: odds.outcomes.partial },
            { label: "BOUT.ActionPoints.Table.Odds.Advantage", probability: odds.advantage },
          ],
        };
      },
    });
    return values ? { defence: values.defence } : null;
  },
  async resolve(card, answer: any): Promise<Outcome<any>> {
    const d = card.declaration as Declaration;
    if (!card.attacker || !card.defender || !d) return refused("ap.noWeapon", "NoWeapon");
    const v = view(card.defender);
    const defence = answer?.defence as Defence;
    if (!defencesFor(v).includes(defence)) return refused("ap.badDefence", "BadDefence");
    const defender = defenderFigures(v, card.defender.id!, defence);
    if (!defender) return refused("ap.noSkill", "NoDefenceSkill");
    const fpCost = (DEFAULT_DEFENCE_FATIGUE as Record<string, number>)[defence] ?? 0;
    if (fpCost > defender.fatigueNow) return refused("ap.tooTired", "TooTired");
    const rolled = await resolveWithFoundry((dice) => resolveAttack({ attacker: d.attacker, defender }, dice));
    if (!rolled.value.ok) return rolled.value;
    const r = rolled.value.value.result;
    const lost = r.damage ? { fatigue: r.damage.toFatigue, body: r.damage.toBody } : { fatigue: 0, body: 0 };
    const updates: Record<string, Record<string, unknown>> = {
      [card.defender.id!]: {
        "system.actionpoints.fatigueNow": delta(-(lost.fatigue + fpCost), 0),
        ...(lost.body ? { "system.actionpoints.bodyNow": delta(-lost.body, -200) } : {}),
      },
    };
    return ok({
      outcome: r.outcome === "hit" || r.outcome === "partial" ? "success" : "failure",
      events: withNames(rolled.value.value.events, [card.attacker, card.defender]),
      updates,
      rolls: rolled.rolls,
      lookups: ["BOUT.ActionPoints.Table.Defence.", "BOUT.Roll.Level."],
      combatCommands: spendCommands(card.combatId, card.attacker, d.cost),
    });
  },
};

export function registerActionPointsTable(): void {
  registerCardKind("actionpoints.attack", attackCard);
  registerItemRoll("actionpoints", "weapon", declareAttack);
}
