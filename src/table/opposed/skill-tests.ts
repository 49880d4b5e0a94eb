/**
 * Skill tests from the sheet for seed 003 (opposed), a test a player makes alone:
 * a dialog with the exact odds, then the engine's resolution with Foundry's
 * dice, then a result card.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { histogram, type OddsView } from "../../engine/odds-view";
import { DEFAULT_DIFFICULTY, DIFFICULTIES, rollTest, skillItemTarget, testOdds, type Difficulty } from "../../engine/rulesets/opposed";
import { testEvent } from "../../engine/rulesets/opposed/tests";
import type { OpposedActor, OpposedSkill } from "../../engine/rulesets/opposed/stats";
import { openOddsDialog, type OddsDialogSpec } from "../../applications/dialogs/odds-dialog";
import { eventLine, postResultCard } from "../../applications/results/result-card";
import { fieldNumber, registerItemRoll, rollStats, type ItemRollRequest } from "../../applications/sheets/item-roll";
import { fighterName, fighterRef } from "../fighter";
import { namedDraws } from "../dice-names";
import { skillHeadline } from "./headline";


/** seed 003: characteristic plus advances, with the difficulty table. */
export function opposedSkillSpec(actor: OpposedActor, skill: OpposedSkill): OddsDialogSpec {
  const target = skillItemTarget(actor, skill);
  return {
    title: "BOUT.Roll.SkillTitle",
    confirmLabel: "BOUT.Roll.Roll",
    fields: [
      {
        kind: "select",
        name: "difficulty",
        label: "BOUT.Roll.Difficulty",
        value: DEFAULT_DIFFICULTY,
        options: Object.keys(DIFFICULTIES).map((k) => ({ value: k, label: `BOUT.Opposed.Difficulty.${k}` })),
      },
      { kind: "number", name: "modifier", label: "BOUT.Roll.Modifier", value: 0, min: -100, max: 100 },
    ],
    odds: (v): OddsView => {
      const d = testOdds({ target, difficulty: v.difficulty as Difficulty, modifier: fieldNumber(v.modifier) });
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

async function opposedSkill(request: ItemRollRequest) {
  const { actor, item } = request;
  const { actor: a, item: s } = rollStats<OpposedActor, OpposedSkill>(request);
  const values = await openOddsDialog({ ...opposedSkillSpec(a, s), titleData: { name: item.name } });
  if (!values) return;
  const input = { target: skillItemTarget(a, s), difficulty: values.difficulty as Difficulty, modifier: fieldNumber(values.modifier), skill: item.name };
  const r = await resolveWithFoundry((dice) => rollTest(input, dice, fighterRef(actor), "BOUT.Card.Roll.skillTarget"));
  const t = r.value;
  const name = fighterName(actor);
  const events = [testEvent(name, t)];
  // A double counts (a Critical, a Fumble) only on a combat test: said as such, since any skill rolls here.
  if (t.critical) events.push(eventLine("critical", "BOUT.Roll.DoubleOnSuccess"));
  if (t.fumble) events.push(eventLine("fumble", "BOUT.Roll.DoubleOnFailure"));
  return postResultCard(actor, { title: item.name, name, outcome: t.success ? "success" : "failure", headline: skillHeadline(item.name, t), events, draws: namedDraws(r.draws) }, r.rolls);
}

export function registerOpposedSkillTests(): void {
  registerItemRoll("opposed", "skill", opposedSkill);
}
