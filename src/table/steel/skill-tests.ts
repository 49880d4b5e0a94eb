/**
 * Skill tests from the sheet for seed 000 (steel), a test a player makes alone:
 * a dialog with the exact odds, then the engine's resolution with Foundry's
 * dice, then a result card.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import type { OddsView } from "../../engine/odds-view";
import { oneSuccessOdds, skillCheck, successBars, type SteelActor, type SteelSkill } from "../../engine/rulesets/steel";
import { openOddsDialog, type OddsDialogSpec } from "../../applications/dialogs/odds-dialog";
import { postResultCard, type EngineEvent } from "../../applications/results/result-card";
import { fieldNumber, registerItemRoll, rollStats, type ItemRollRequest } from "../../applications/sheets/item-roll";
import { notifyRefusal } from "../notify";
import { fighterName, fighterRef } from "../fighter";
import { namedDraws } from "../dice-names";
import { skillHeadline } from "./headline";


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
      const pool = Math.max(0, dice + fieldNumber(v.bonusDice));
      const tn = skill.tn + fieldNumber(v.tnModifier);
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

async function steelSkill(request: ItemRollRequest) {
  const { actor, item } = request;
  const { actor: a, item: s } = rollStats<SteelActor, SteelSkill>(request);
  const values = await openOddsDialog({ ...steelSkillSpec(a, s), titleData: { name: item.name } });
  if (!values) return;
  const input = { id: fighterRef(actor), skill: item.name, dice: a[s.attribute], tn: s.tn, bonusDice: fieldNumber(values.bonusDice), tnModifier: fieldNumber(values.tnModifier) };
  const r = await resolveWithFoundry((dice) => skillCheck(input, dice));
  if (!r.value.ok) return notifyRefusal(r.value.refusal);
  const { result, events } = r.value.value;
  return postResultCard(actor, { title: item.name, name: fighterName(actor), outcome: result.success ? "success" : "failure", headline: skillHeadline(item.name, result), events: events as EngineEvent[], draws: namedDraws(r.draws) }, r.rolls);
}

export function registerSteelSkillTests(): void {
  registerItemRoll("steel", "skill", steelSkill);
}
