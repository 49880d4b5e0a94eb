/**
 * Seed 000 "Multiple Opponents" from the tracker: the GM runs the outnumbered
 * fighter's roll for a bout of three or more. Each side's dice come off its
 * Combat Pool; the table's TNs (our reading of its two columns) apply unless
 * the GM sets others; a result card says who picks the match-up and how many
 * may attack at once (the engine's cap: 4 when every opponent is small, or the
 * GM's). The bout keeps the outcome for the round, and the choices made from
 * the tracker settle who faces the lone fighter (the engine's match-up).
 */
import { namedDraws } from "../dice-names";
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { crowdOpponentTn, crowdTns, loneDecidesOdds, maxAttackers, outnumberedApplies, outnumberedRoll } from "../../engine/rulesets/steel";
import type { BoutsState } from "../../engine/time/bouts";
import type { TimeCommand } from "../../engine/time/machine";
import type { BoutCombat } from "../../documents/combat";
import { dryRun, withNames } from "../cards";
import { openOddsDialog, type DialogField } from "../../applications/dialogs/odds-dialog";
import { postResultCard, type EngineEvent } from "../../applications/results/result-card";
import { notifyRefusal } from "../notify";
import { crowdHeadline } from "./headline";
import { gmCap, smallOf } from "./facing";

const C = "BOUT.Steel.Crowd.";

export async function runCrowd(combat: BoutCombat, groupId: string): Promise<void> {
  const state = combat.machineState as BoutsState | null;
  const members = state?.combatants.filter((c) => c.boutId === groupId) ?? [];
  if (!state || !outnumberedApplies(members.length)) return;
  const name = (id: string) => combat.combatants.get(id)?.name ?? id;
  const actorOf = (id: string) => (combat.combatants.get(id)?.actor as Actor.Implementation | null | undefined) ?? null;
  // One roll a round: the bout says so before any die is asked for (a probe of the record; the roll's own cap replaces it).
  const once = dryRun(combat.id!, [{ type: "crowd", boutId: groupId, lone: members[0]!.id, decides: "lone", superior: [], inferior: members.slice(1).map((m) => m.id), cap: maxAttackers(false, gmCap()) } as TimeCommand]);
  if (!once.ok) return notifyRefusal(once.refusal);
  const tns = crowdTns(members.length - 1)!;
  const fields: DialogField[] = [
    { kind: "select", name: "lone", label: `${C}Lone`, value: members[0]!.id, options: members.map((m) => ({ value: m.id, label: name(m.id) })) },
    ...members.map((m): DialogField => ({ kind: "number", name: `dice.${m.id}`, label: `${C}Dice`, labelData: { name: name(m.id) }, value: Math.min(m.cp, 2), min: 0, max: m.cp })),
    { kind: "number", name: "tactics", label: `${C}Tactics`, value: 0, min: 0, max: 10 },
  ];
  const values = await openOddsDialog({
    title: `${C}Title`,
    confirmLabel: "BOUT.Roll.Roll",
    fields,
    odds: (v) => {
      const lone = String(v.lone);
      const others = members.filter((m) => m.id !== lone);
      const p = loneDecidesOdds({ dice: Number(v[`dice.${lone}`]), tn: tns.outnumbered }, others.map((o) => ({ dice: Number(v[`dice.${o.id}`]), tn: crowdOpponentTn(tns.opponents, Number(v.tactics)) })));
      return { rows: [{ label: `${C}Odds.LoneDecides`, probability: p, headline: true }] };
    },
  });
  if (!values) return;
  const lone = members.find((m) => m.id === values.lone)!;
  const others = members.filter((m) => m.id !== lone.id);
  const dice = (id: string) => Number(values[`dice.${id}`]);
  const cap = gmCap();
  const rolled = await resolveWithFoundry((d) =>
    outnumberedRoll(
      {
        lone: { id: lone.id, cpLeft: lone.cp, dice: dice(lone.id) },
        // Smaller opponents (dogs, wolves) crowd four to a man; the GM's cap replaces the seed's.
        opponents: others.map((o) => ({ id: o.id, cpLeft: o.cp, dice: dice(o.id), small: smallOf(actorOf(o.id)) })),
        tacticsSuccesses: Number(values.tactics),
        ...(cap === undefined ? {} : { gmCap: cap }),
      },
      d,
    ),
  );
  if (!rolled.value.ok) return notifyRefusal(rolled.value.refusal);
  const r = rolled.value.value.result;
  const spends = members.filter((m) => dice(m.id) > 0).map((m) => ({ type: "spend", combatantId: m.id, dice: dice(m.id), purpose: "other" }) as TimeCommand);
  // The dice burnt and the outcome the bout keeps for this round, in one write.
  const record = { type: "crowd", boutId: groupId, lone: lone.id, decides: r.decides, superior: r.superior, inferior: r.inferior, cap: r.cap } as TimeCommand;
  const applied = await combat.commands([...spends, record]);
  if (!applied.ok) return notifyRefusal(applied.refusal);
  const lines: EngineEvent[] = [
    { type: "crowd", key: `${C}Rolled`, data: { lone: lone.id, successes: r.lone.successes } },
    ...r.opponents.map((o) => ({ type: "crowd", key: `${C}OpponentRolled`, data: { who: o.id, successes: o.roll.successes } })),
    { type: "crowd", key: `${C}Decides.${r.decides}`, data: { superior: r.superior.map(name).join(", "), cap: r.cap } },
  ];
  const actor = actorOf(lone.id);
  if (!actor) return;
  const named = lines.map((l) => ({ ...l, data: Object.fromEntries(Object.entries(l.data).map(([k, v]) => [k, typeof v === "string" && combat.combatants.get(v) ? name(v) : v])) }));
  await postResultCard(actor, { title: game.i18n!.localize(`${C}Title`), name: name(lone.id), outcome: "neutral", headline: crowdHeadline(r), events: withNames(named, []), draws: namedDraws(rolled.draws, Object.fromEntries(members.map((m) => [m.id, name(m.id)]))) }, rolled.rolls);
}
