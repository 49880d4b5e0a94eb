/**
 * Engine rules roll through a synchronous `Dice`; Foundry rolls asynchronously.
 * Here the shell runs a rule against a tape and, whenever the tape runs short,
 * rolls exactly the missing dice as a Foundry `Roll` (so Dice So Nice, roll modes
 * and `CONFIG.Dice.randomUniform` all apply), then replays the rule.
 */
import { resolveWithSupply, type Dice, type DiceRecord, type Draw } from "../engine/dice";

export interface FoundryResolution<T> {
  readonly value: T;
  /** Every Foundry roll made, in order: attach them to the chat message. */
  readonly rolls: Roll[];
  /** The dice the final run used, for storing on a card and replaying. */
  readonly dice: DiceRecord;
  readonly draws: readonly Draw[];
}

/** Rolls `count`d`faces` with Foundry and returns the face values. */
export async function rollFoundryDice(faces: number, count: number, rolls: Roll[] = []): Promise<number[]> {
  const roll = new Roll(`${count}d${faces}`);
  await roll.evaluate();
  rolls.push(roll);
  return roll.dice.flatMap((term) => term.results.filter((r) => r.active !== false).map((r) => r.result));
}

/** Runs an engine rule with dice rolled by Foundry. */
export async function resolveWithFoundry<T>(rule: (dice: Dice) => T): Promise<FoundryResolution<T>> {
  const rolls: Roll[] = [];
  const { value, tape } = await resolveWithSupply(rule, (faces, count) => rollFoundryDice(faces, count, rolls));
  return { value, rolls, dice: tape.consumed(), draws: tape.draws() };
}
