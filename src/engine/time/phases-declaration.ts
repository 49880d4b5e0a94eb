/**
 * What a player's Movement-phase declaration may carry (seed
 * 001_e84cf39f805b9fd9.txt, "1. Movement" and the Initiative Modifiers Table).
 * The player declares; the storyguide rules: "Storyguides should feel free to
 * impose additional modifiers", and a charger's room for a running start is
 * "adjudicated by the storyguide". So a player's declaration carries no
 * modifier of its own, and a run-up it claims is only asked for: the GM allows
 * or refuses it from the tracker (the "rule" command, ./phases.ts). The GM's own
 * declarations (for the fighters the GM plays) are rulings already.
 */
import type { DeclarationInput } from "./phases";

export function playerDeclaration(input: DeclarationInput): DeclarationInput {
  const { gmModifier: _dropped, runUpRoom, runUpAsked: _asked, ...rest } = input;
  return { ...rest, runUpRoom: false, ...(runUpRoom === true && input.charging === true ? { runUpAsked: true } : {}) };
}
