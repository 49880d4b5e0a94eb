// Driving the phased round in engine tests: commands applied in turn (a refusal throws, naming its code), and a declaration.
import { phasesMachine, type DeclarationInput, type PhasesCommand, type PhasesState } from "../../../src/engine/time/phases";

export function run(state: PhasesState, ...commands: PhasesCommand[]): PhasesState {
  return commands.reduce((s, c) => {
    const r = phasesMachine.apply(s, c);
    if (!r.ok) throw new Error(`${c.type}: ${r.refusal.code}`);
    return r.value.state;
  }, state);
}

export const declare = (combatantId: string, declaration: DeclarationInput): PhasesCommand => ({ type: "declare", combatantId, declaration });
