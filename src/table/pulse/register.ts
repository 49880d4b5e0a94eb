/**
 * Pulse (seed 004) at the table: what this ruleset supplies to the runner (its time
 * structure, item rolls, actor actions, card kinds and hooks), registered in
 * this order (a later item roll for the same item type replaces an earlier one).
 */
import { registerPulseTime } from "./time";
import { registerPulseTable } from "./attack";
import { registerPulseMounted } from "./mounted";
import { registerPulseTrample } from "./trample";
import { registerPulseClose } from "./close";
import { registerPulseJump } from "./jump";
import { registerPulseStun } from "./stun";
import { registerPulseStuck } from "./stuck";
import { registerPulseInfection } from "./infection";
import { registerPulseEntangle } from "./entangle";
import { registerPulseMagic } from "./magic";
import { registerPulseDisarm } from "./disarm";
import { registerPulseSheetActions } from "./sheet-actions";
import { registerPoisonTime } from "./poison-time";
import { registerPulseStyles } from "./style";

/** Called once from the `init` hook. */
export function registerPulse(): void {
  registerPulseTime();
  registerPulseTable();
  registerPulseMounted();
  registerPulseTrample();
  registerPulseClose();
  registerPulseJump();
  registerPulseStun();
  registerPulseStuck();
  registerPulseInfection();
  registerPulseEntangle();
  registerPulseMagic();
  registerPulseDisarm();
  registerPulseSheetActions();
  registerPoisonTime();
  registerPulseStyles();
}
