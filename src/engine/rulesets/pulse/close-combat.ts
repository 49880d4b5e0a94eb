/**
 * [13.6]-[13.7] Closing and close combat: the defender's Repulse when an
 * attacker tries to close from inside the melee zone, and the roll to withdraw
 * from close combat.
 */
import { labelled, reportMarks, rollOne, said, type Dice } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { pulseEvent, type PulseEvent } from "./events";
import { checkWholeFields, pulseRefuse } from "./refusals";

export type CloseAnswer = "repulse" | "admit";

/**
 * [13.6] "If in melee zone of defender, defender may Repulse": the answers open
 * to the defender of a Close and Grapple. From outside the zone (a flank or the
 * rear hex) the attacker simply comes in.
 */
export function closeAnswers(attackerInDefenderZone: boolean): readonly CloseAnswer[] {
  return attackerInDefenderZone ? ["repulse", "admit"] : ["admit"];
}

/** [13.6] the defender's answer, refused when it is not open (a Repulse against a figure outside the melee zone). */
export function checkCloseAnswer(answer: unknown, attackerInDefenderZone: boolean): Outcome<CloseAnswer> {
  if (answer === "repulse" && !attackerInDefenderZone) return pulseRefuse("repulseOutOfZone");
  if (answer !== "repulse" && answer !== "admit") return pulseRefuse("actionNotAllowed", { action: String(answer) });
  return ok(answer);
}

/** [13.6] D10 <= the defender's rank with a prepared weapon: the attacker is kept out and loses the pulse. */
export function readRepulse(roll: number, defenderRank: number): { readonly roll: number; readonly repulsed: boolean } {
  return { roll, repulsed: roll <= defenderRank };
}

export function resolveRepulse(input: { readonly defenderRank: number; readonly id?: string }, dice: Dice): Outcome<{ result: ReturnType<typeof readRepulse>; events: PulseEvent[] }> {
  const bad = checkWholeFields({ defenderRank: [input.defenderRank, 0, 10] });
  if (bad && !bad.ok) return bad;
  const result = readRepulse(labelled(dice, () => said(input.id, "BOUT.Card.Roll.Pulse.repulse", { rank: input.defenderRank }), () => rollOne(dice, 10)), input.defenderRank);
  reportMarks(dice, 10, [{ value: result.roll, success: result.repulsed }]);
  return ok({ result, events: [pulseEvent(result.repulsed ? "Repulsed" : "RepulseFailed", { roll: result.roll, rank: input.defenderRank })] });
}

export const repulseOdds = (defenderRank: number) => Math.min(10, Math.max(0, defenderRank)) / 10;

/**
 * [13.7] withdraw from close combat: D10 + friendly PS - hostile PS >= 10, and a
 * natural 10 always succeeds. The withdrawer lands prone in an adjacent hex.
 * PS are summed per side (several figures may be in the tangle).
 */
export function readCloseWithdraw(roll: number, friendlyPS: number, hostilePS: number) {
  const total = roll + friendlyPS - hostilePS;
  return { roll, total, success: roll === 10 || total >= 10, prone: roll === 10 || total >= 10 };
}

export function resolveCloseWithdraw(
  input: { readonly friendlyPS: number; readonly hostilePS: number; readonly id?: string },
  dice: Dice,
): Outcome<{ result: ReturnType<typeof readCloseWithdraw>; events: PulseEvent[] }> {
  const bad = checkWholeFields({ friendlyPS: [input.friendlyPS, 0, 1000], hostilePS: [input.hostilePS, 0, 1000] });
  if (bad && !bad.ok) return bad;
  const result = readCloseWithdraw(labelled(dice, () => said(input.id, "BOUT.Card.Roll.Pulse.withdraw"), () => rollOne(dice, 10)), input.friendlyPS, input.hostilePS);
  reportMarks(dice, 10, [{ value: result.roll, success: result.success }]);
  return ok({ result, events: [pulseEvent(result.success ? "CloseWithdrawn" : "CloseWithdrawFailed", { roll: result.roll, total: result.total })] });
}

export function closeWithdrawOdds(friendlyPS: number, hostilePS: number): number {
  let n = 0;
  for (let roll = 1; roll <= 10; roll++) if (readCloseWithdraw(roll, friendlyPS, hostilePS).success) n++;
  return n / 10;
}

/**
 * [13.6] entering close combat: prepared shields, and weapons not rated for close
 * combat, are dropped. Returns the ids to drop.
 */
export function dropsOnClosing(
  weapons: readonly { readonly id: string; readonly equipped: boolean; readonly stats: { readonly closeRated: boolean } }[],
  shields: readonly { readonly id: string; readonly equipped: boolean }[],
): { readonly weapons: string[]; readonly shields: string[] } {
  return {
    weapons: weapons.filter((w) => w.equipped && !w.stats.closeRated).map((w) => w.id),
    shields: shields.filter((s) => s.equipped).map((s) => s.id),
  };
}
