/**
 * Seed 000 "Surprise & Hesitation" at the table. The ambusher's sheet opens an
 * ambush against a target: each picks the skill the GM allows (Sneak against
 * Notice by default, any skill by substitution), the GM's client rolls both,
 * then the target's Reflex against TN 7 + the ambusher's successes − their own.
 * One success: the target may only defend for the exchange; none: it cannot act.
 * In a bout the restriction goes on the target at once; the condition on Apply.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterName, fighterRef } from "../fighter";
import { actorView } from "../../data/actor/actor-view";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { isGmTnModifier, hesitationRoll, oneSuccessOdds, reflexOf, successBars, surpriseCheck, type SteelStats } from "../../engine/rulesets/steel";
import type { TimeCommand } from "../../engine/time/machine";
import { surpriseHeadline } from "./headline";
import { combatantFor, dryRun, postCard, registerCardKind, withNames, type CardKind, type CardResolution } from "../cards";
import { openOddsDialog } from "../../applications/dialogs/odds-dialog";
import type { EngineEvent } from "../../applications/results/result-card";
import { registerActorAction } from "../../applications/sheets/actor-actions";
import { defaultOpponent, opponentOptions, opponents, pickOpponent } from "../opponents";
import { fighterOf } from "./attack";

const C = "BOUT.Steel.Contest.";
const view = (actor: Actor.Implementation) => actorView<SteelStats>(actor, "steel");
const refused = (code: string, key: string): Outcome<never> => refuse(`steel.surprise.${code}`, `${C}Refusal.${key}`);

interface SkillPick {
  readonly skillId: string;
  readonly name: string;
  readonly dice: number;
  readonly tn: number;
}

/** A skill of the actor's, with its figures read from the document; the GM's modifier within ±5. */
function pickSkill(actor: Actor.Implementation, raw: { skillId?: unknown; tnModifier?: unknown }): Outcome<SkillPick> {
  const v = view(actor);
  const skill = v.skills.find((s) => s.id === raw.skillId);
  if (!skill) return refused("noSkill", "NoSkill");
  const mod = raw.tnModifier ?? 0;
  if (!isGmTnModifier(mod)) return refused("badModifier", "BadModifier");
  return ok({ skillId: skill.id, name: skill.name, dice: v.stats[skill.stats.attribute as keyof typeof v.stats] as number, tn: skill.stats.tn + mod });
}

const skillOptions = (actor: Actor.Implementation) => view(actor).skills.map((s) => ({ value: s.id, label: s.name }));
const named = (actor: Actor.Implementation, word: string) => view(actor).skills.find((s) => s.name.toLowerCase().includes(word))?.id;

const surpriseCard: CardKind = {
  title: `${C}SurpriseTitle`,
  answer: "BOUT.Card.Answer.Spot",
  prepare: (raw, ambusher) => pickSkill(ambusher, (raw ?? {}) as object),
  describe: (d: SkillPick) => [{ type: "declared", key: `${C}SurpriseDeclared`, data: { skill: d?.name ?? "", dice: d?.dice ?? 0, tn: d?.tn ?? 0 } }],
  async defend(card) {
    if (!card.defender) return null;
    const options = skillOptions(card.defender);
    const values = await openOddsDialog({
      title: `${C}SurpriseAnswer`,
      titleData: { name: fighterName(card.attacker) },
      confirmLabel: "BOUT.Roll.Roll",
      fields: [{ kind: "select", name: "skillId", label: `${C}Field.Skill`, value: named(card.defender, "notice") ?? options[0]?.value ?? "", options }],
    });
    return values ? { skillId: values.skillId } : null;
  },
  async resolve(card, answer: unknown): Promise<Outcome<CardResolution>> {
    const ambusher = card.attacker;
    const target = card.defender;
    if (!ambusher || !target) return refused("noSkill", "NoSkill");
    const a = card.declaration as SkillPick;
    const t = pickSkill(target, { ...((answer ?? {}) as object), tnModifier: 0 });
    if (!t.ok) return t;
    const reflex = reflexOf(view(target).stats);
    const rolled = await resolveWithFoundry((dice) => {
      const check = surpriseCheck({ id: fighterRef(ambusher), dice: a.dice, tn: a.tn }, { id: fighterRef(target), dice: t.value.dice, tn: t.value.tn }, dice);
      if (!check.ok) return { check, hesitation: null };
      const r = check.value.result;
      const hesitation = hesitationRoll({ id: fighterRef(target), reflex, ambusherSuccesses: r.ambusher.successes, targetSuccesses: r.target.successes }, dice);
      return { check, hesitation };
    });
    const { check, hesitation } = rolled.value;
    if (!check.ok) return check;
    if (!hesitation?.ok) return hesitation ?? refused("noSkill", "NoSkill");
    const outcome = hesitation.value.result.outcome;
    const commands: TimeCommand[] = [];
    const id = combatantFor(card.combatId, target);
    if (id && fighterOf(target, card.combatId)) commands.push({ type: "restrict", combatantId: id, restriction: outcome } as TimeCommand);
    const ready = dryRun(card.combatId, commands);
    if (!ready.ok) return ready;
    const events = [...(check.value.events as EngineEvent[]), ...(hesitation.value.events as EngineEvent[])];
    return ok({
      outcome: "neutral",
      events: withNames(events, [ambusher, target]),
      updates: {},
      rolls: rolled.rolls,
      lookups: [],
      combatCommands: commands,
      statuses: { [fighterRef(target)]: ["hesitating"] },
      headline: surpriseHeadline(hesitation.value.result),
    });
  },
};

async function ambushFromSheet(actor: Actor.Implementation) {
  const foes = opponents(actor);
  const options = skillOptions(actor);
  if (!options.length) {
    const no = refused("noSkill", "NoSkill");
    if (!no.ok) ui.notifications?.warn(game.i18n!.localize(no.refusal.message));
    return;
  }
  const values = await openOddsDialog({
    title: `${C}SurpriseAction`,
    confirmLabel: `${C}Ambush`,
    fields: [
      { kind: "select", name: "target", label: "BOUT.Steel.Table.Target", value: defaultOpponent(foes), options: opponentOptions(foes) },
      { kind: "select", name: "skillId", label: `${C}Field.Skill`, value: named(actor, "sneak") ?? options[0]!.value, options },
      { kind: "number", name: "tnModifier", label: "BOUT.Roll.TnModifier", value: 0, min: -5, max: 5 },
    ],
    // The target's skill is unknown until it answers: the odds are the ambusher's own successes, which raise the hesitation TN.
    odds: (v) => {
      const pick = pickSkill(actor, { skillId: v.skillId, tnModifier: v.tnModifier });
      if (!pick.ok) return { rows: [] };
      return {
        rows: [{ label: "BOUT.Roll.Odds.Success", probability: oneSuccessOdds(pick.value.dice, pick.value.tn).success, headline: true }],
        distributions: [{ label: "BOUT.Odds.Successes", data: { dice: pick.value.dice, tn: pick.value.tn }, bars: successBars(pick.value.dice, pick.value.tn) }],
      };
    },
  });
  const target = values ? pickOpponent(foes, values.target) : undefined;
  if (!values || !target) return;
  return postCard("steel.surprise", actor, target, { skillId: values.skillId, tnModifier: values.tnModifier }, game.combat?.id ?? "");
}

export function registerSteelSurprise(): void {
  registerCardKind("steel.surprise", surpriseCard);
  registerActorAction("steel", { id: "ambush", label: `${C}SurpriseAction`, icon: "fa-solid fa-user-ninja", run: ambushFromSheet });
}
