/**
 * Skill tests from the sheet, for the rulesets whose skills are tests a player
 * makes alone: a dialog with the exact odds, then the engine's resolution with
 * Foundry's dice, then a result card.
 */
import { resolveWithFoundry } from "../dice/foundry-dice";
import { percentileDistribution, rollOne } from "../engine/dice";
import { apRule } from "./actionpoints/tables";
import { histogram, type OddsView } from "../engine/odds-view";
import { levelBars } from "../engine/rulesets/actionpoints/level-odds";
import { readRoll } from "../engine/rulesets/actionpoints/levels";
import type { ApSkill } from "../engine/rulesets/actionpoints/stats";
import { DIFFICULTIES, readTest, testOdds, type Difficulty } from "../engine/rulesets/opposed";
import { event as opposedEvent } from "../engine/rulesets/opposed/events";
import type { OpposedActor, OpposedSkill } from "../engine/rulesets/opposed/stats";
import { oneSuccessOdds, skillCheck, successBars, type SteelActor, type SteelSkill } from "../engine/rulesets/steel";
import { openOddsDialog, type OddsDialogSpec } from "../applications/dialogs/odds-dialog";
import { postResultCard, type EngineEvent } from "../applications/results/result-card";
import { registerItemRoll, type ItemRollRequest } from "../applications/sheets/item-roll";
import { notifyRefusal } from "./notify";

const num = (v: unknown) => Number(v ?? 0);

/** seed 000: the skill's attribute in dice against its TN; one success passes. */
export function steelSkillSpec(actor: SteelActor, skill: SteelSkill): OddsDialogSpec {
  const dice = actor[skill.attribute];
  return {
    title: "BOUT.Roll.SkillTitle",
    confirmLabel: "BOUT.Roll.Roll",
    fields: [
      { kind: "number", name: "bonusDice", label: "BOUT.Roll.BonusDice", value: 0, min: -dice, max: 10 },
      { kind: "number", name: "tnModifier", label: "BOUT.Roll.TnModifier", value: 0, min: -5, max: 5 },
    ],
    odds: (v): OddsView => {
      const pool = Math.max(0, dice + num(v.bonusDice));
      const tn = skill.tn + num(v.tnModifier);
      const o = oneSuccessOdds(pool, tn);
      return {
        distributions: [{ label: "BOUT.Odds.Successes", data: { dice: pool, tn }, bars: successBars(pool, tn) }],
        rows: [
          { label: "BOUT.Roll.Odds.Success", probability: o.success, headline: true },
          { label: "BOUT.Roll.Odds.Failure", probability: o.failure },
          { label: "BOUT.Roll.Odds.Botch", probability: o.botch },
        ],
      };
    },
  };
}

/** seed 003: characteristic plus advances, with the difficulty table. */
export function opposedSkillSpec(actor: OpposedActor, skill: OpposedSkill): OddsDialogSpec {
  const target = actor[skill.characteristic] + skill.advances;
  return {
    title: "BOUT.Roll.SkillTitle",
    confirmLabel: "BOUT.Roll.Roll",
    fields: [
      {
        kind: "select",
        name: "difficulty",
        label: "BOUT.Roll.Difficulty",
        value: "challenging",
        options: Object.keys(DIFFICULTIES).map((k) => ({ value: k, label: `BOUT.Opposed.Difficulty.${k}` })),
      },
      { kind: "number", name: "modifier", label: "BOUT.Roll.Modifier", value: 0, min: -100, max: 100 },
    ],
    odds: (v): OddsView => {
      const d = testOdds({ target, difficulty: v.difficulty as Difficulty, modifier: num(v.modifier) });
      const slTwo = [...d.sl].filter(([sl]) => sl >= 2).reduce((s, [, p]) => s + p, 0);
      return {
        rows: [
          { label: "BOUT.Roll.Odds.Success", probability: d.success, headline: true },
          { label: "BOUT.Roll.Odds.SlTwo", probability: slTwo },
          { label: "BOUT.Roll.Odds.Critical", probability: d.critical },
          { label: "BOUT.Roll.Odds.Fumble", probability: d.fumble },
        ],
        distributions: [{ label: "BOUT.Odds.SuccessLevels", bars: histogram(d.sl) }],
      };
    },
  };
}

/** seed 002: d100 under TSC%, criticals by the ruleset's fraction rule. */
export function actionPointsSkillSpec(skill: ApSkill): OddsDialogSpec {
  return {
    title: "BOUT.Roll.SkillTitle",
    confirmLabel: "BOUT.Roll.Roll",
    fields: [{ kind: "number", name: "modifier", label: "BOUT.Roll.Modifier", value: 0, min: -100, max: 100 }],
    odds: (v): OddsView => {
      const d = percentileDistribution(skill.tsc + num(v.modifier), apRule());
      return {
        distributions: [{ label: "BOUT.Odds.Levels", bars: levelBars(skill.tsc + num(v.modifier), apRule()), keyed: true }],
        rows: [
          { label: "BOUT.Roll.Odds.Success", probability: d.success, headline: true },
          { label: "BOUT.Roll.Odds.Critical", probability: d.critical },
          { label: "BOUT.Roll.Odds.Fumble", probability: d.fumble },
        ],
      };
    },
  };
}

const statsOf = (doc: { system: unknown }, ruleset: string) => (doc.system as Record<string, unknown>)[ruleset] as never;

async function steelSkill({ actor, item }: ItemRollRequest) {
  const a = statsOf(actor, "steel") as SteelActor;
  const s = statsOf(item, "steel") as SteelSkill;
  const values = await openOddsDialog({ ...steelSkillSpec(a, s), titleData: { name: item.name } });
  if (!values) return;
  const input = { dice: a[s.attribute], tn: s.tn, bonusDice: num(values.bonusDice), tnModifier: num(values.tnModifier) };
  const r = await resolveWithFoundry((dice) => skillCheck(input, dice));
  if (!r.value.ok) return notifyRefusal(r.value.refusal);
  const { result, events } = r.value.value;
  return postResultCard(actor, { title: item.name, outcome: result.success ? "success" : "failure", events: events as EngineEvent[], draws: r.draws }, r.rolls);
}

async function opposedSkill({ actor, item }: ItemRollRequest) {
  const a = statsOf(actor, "opposed") as OpposedActor;
  const s = statsOf(item, "opposed") as OpposedSkill;
  const values = await openOddsDialog({ ...opposedSkillSpec(a, s), titleData: { name: item.name } });
  if (!values) return;
  const input = { target: a[s.characteristic] + s.advances, difficulty: values.difficulty as Difficulty, modifier: num(values.modifier) };
  const r = await resolveWithFoundry((dice) => readTest(rollOne(dice, 100), input));
  const t = r.value;
  const events = [opposedEvent("test", { who: actor.name, roll: t.roll, target: t.target, sl: t.sl, success: t.success })];
  if (t.critical) events.push(opposedEvent("critical", { on: "" }));
  if (t.fumble) events.push(opposedEvent("fumble", { who: actor.name, roll: t.roll }));
  return postResultCard(actor, { title: item.name, outcome: t.success ? "success" : "failure", events, draws: r.draws }, r.rolls);
}

async function actionPointsSkill({ actor, item }: ItemRollRequest) {
  const s = statsOf(item, "actionpoints") as ApSkill;
  const values = await openOddsDialog({ ...actionPointsSkillSpec(s), titleData: { name: item.name } });
  if (!values) return;
  const r = await resolveWithFoundry((dice) => readRoll(rollOne(dice, 100), s.tsc + num(values.modifier), apRule()));
  const roll = r.value;
  const events: EngineEvent[] = [{ type: "attack", key: "BOUT.Roll.PercentileLine", data: { roll: roll.roll, target: roll.target, level: roll.level } }];
  const success = roll.level === "success" || roll.level === "criticalSuccess";
  return postResultCard(actor, { title: item.name, outcome: success ? "success" : "failure", events, draws: r.draws, lookups: ["BOUT.Roll.Level."] }, r.rolls);
}

export function registerSkillTests(): void {
  registerItemRoll("steel", "skill", steelSkill);
  registerItemRoll("opposed", "skill", opposedSkill);
  registerItemRoll("actionpoints", "skill", actionPointsSkill);
}
