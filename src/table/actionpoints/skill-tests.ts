/**
 * Skill tests from the sheet for seed 002 (actionpoints), a test a player makes alone:
 * a dialog with the exact odds, then the engine's resolution with Foundry's
 * dice, then a result card.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { percentileDistribution } from "../../engine/dice";
import { apRule } from "./tables";
import type { OddsView } from "../../engine/odds-view";
import { levelBars } from "../../engine/rulesets/actionpoints/level-odds";
import { rollLevel, succeeded } from "../../engine/rulesets/actionpoints/levels";
import type { ApSkill } from "../../engine/rulesets/actionpoints/stats";
import { openOddsDialog, type OddsDialogSpec } from "../../applications/dialogs/odds-dialog";
import { postResultCard, type EngineEvent } from "../../applications/results/result-card";
import { fieldNumber, registerItemRoll, rollStats, type ItemRollRequest } from "../../applications/sheets/item-roll";
import { fighterName, fighterRef } from "../fighter";
import { namedDraws } from "../dice-names";
import { skillHeadline } from "./headline";


/** seed 002: d100 under TSC%, criticals by the ruleset's fraction rule. */
export function actionPointsSkillSpec(skill: ApSkill): OddsDialogSpec {
  return {
    title: "BOUT.Roll.SkillTitle",
    confirmLabel: "BOUT.Roll.Roll",
    fields: [{ kind: "number", name: "modifier", label: "BOUT.Roll.Modifier", value: 0, min: -100, max: 100 }],
    odds: (v): OddsView => {
      const d = percentileDistribution(skill.tsc + fieldNumber(v.modifier), apRule());
      return {
        distributions: [{ label: "BOUT.Odds.Levels", bars: levelBars(skill.tsc + fieldNumber(v.modifier), apRule()), keyed: true }],
        rows: [
          { label: "BOUT.Roll.Odds.Success", probability: d.success, headline: true },
          { label: "BOUT.Roll.Odds.Critical", probability: d.critical },
          { label: "BOUT.Roll.Odds.Fumble", probability: d.fumble },
        ],
      };
    },
  };
}

async function actionPointsSkill(request: ItemRollRequest) {
  const { actor, item } = request;
  const s = rollStats<unknown, ApSkill>(request).item;
  const values = await openOddsDialog({ ...actionPointsSkillSpec(s), titleData: { name: item.name } });
  if (!values) return;
  const r = await resolveWithFoundry((dice) => rollLevel(s.tsc + fieldNumber(values.modifier), dice, apRule(), { who: fighterRef(actor), skill: item.name }));
  const roll = r.value;
  const events: EngineEvent[] = [{ type: "attack", key: "BOUT.Roll.PercentileLine", data: { roll: roll.roll, target: roll.target, level: roll.level } }];
  return postResultCard(actor, { title: item.name, name: fighterName(actor), outcome: succeeded(roll.level) ? "success" : "failure", headline: skillHeadline(item.name, roll), events, draws: namedDraws(r.draws), lookups: ["BOUT.Roll.Level."] }, r.rolls);
}

export function registerActionPointsSkillTests(): void {
  registerItemRoll("actionpoints", "skill", actionPointsSkill);
}
