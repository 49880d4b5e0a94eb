/**
 * Engine rules roll through a synchronous `Dice`; Foundry rolls asynchronously.
 * Here the shell runs a rule against a tape and, whenever the tape runs short,
 * rolls exactly the missing dice as a Foundry `Roll` (so Dice So Nice, roll modes
 * and `CONFIG.Dice.randomUniform` all apply), then replays the rule.
 */
import { inReadingOrder, resolveWithSupply, type Dice, type DiceRecord, type Draw, type DrawLabel, type MarkedFace } from "../engine/dice";

export interface FoundryResolution<T> {
  readonly value: T;
  /** Every Foundry roll made, in the order the rule read them (the order the action happened): attach them to the chat message. */
  readonly rolls: Roll[];
  /** The dice the final run used, for storing on a card and replaying. */
  readonly dice: DiceRecord;
  /** The draws, in the same reading order. */
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
  const draws = tape.draws();
  const reads = markRolls(rolls, draws);
  // The rolls as the rule read them: Dice So Nice throws them in that order and the card lists them so.
  const ordered = inReadingOrder(rolls.map((roll, i) => ({ roll, read: reads[i] })), (r) => r.read).map((r) => r.roll);
  return { value, rolls: ordered, dice: tape.consumed(), draws: inReadingOrder(draws, (d) => d.read) };
}

/** Where a roll keeps the engine's marks for its dice (Roll#options is saved with the roll on the message). */
export const MARKS_OPTION = "boutMarks";
/** Where a roll keeps whose dice they were and what for (../engine/dice/labels.ts). */
export const LABEL_OPTION = "boutLabel";

interface FoundryDieResult {
  result: number;
  active?: boolean;
  success?: boolean;
  failure?: boolean;
}

/**
 * Puts the engine's marks on the Foundry rolls that supplied the marked draws:
 * Foundry's own `success`/`failure` flags on each die result (its roll tooltip
 * reads them) and the whole marks in the roll's options, for the card. Each roll
 * supplied exactly one draw (a replay asks only for what the last run lacked), so
 * a roll is matched to the first unused draw with its faces and values. The
 * draw's label goes in the roll's options too. Returns each roll's place in the
 * order the rule named its draws (undefined where it named none).
 */
export function markRolls(rolls: readonly Roll[], draws: readonly Draw[]): (number | undefined)[] {
  const used = new Set<number>();
  return rolls.map((roll) => {
    const term = (roll.dice as { faces?: number; results: FoundryDieResult[] }[])[0];
    if (!term) return undefined;
    const active = term.results.filter((r) => r.active !== false);
    const values = active.map((r) => r.result);
    const index = draws.findIndex((d, i) => !used.has(i) && d.faces === term.faces && d.results.length === values.length && d.results.every((v, j) => v === values[j]));
    if (index < 0) return undefined;
    used.add(index);
    const draw = draws[index]!;
    if (draw.label) (roll.options as Record<string, unknown>)[LABEL_OPTION] = { ...draw.label } satisfies DrawLabel;
    const marks = draw.marks;
    if (!marks) return draw.read;
    active.forEach((r, j) => {
      const mark = marks[j];
      if (mark?.success === true) r.success = true;
      else if (mark?.success === false) r.failure = true;
    });
    (roll.options as Record<string, unknown>)[MARKS_OPTION] = marks.map((m): MarkedFace => ({ ...m }));
    return draw.read;
  });
}
