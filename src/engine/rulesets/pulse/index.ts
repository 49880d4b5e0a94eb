import type { Ruleset } from "../ruleset";

export const pulse: Ruleset = {
  id: "pulse",
  seed: "004_2f46e4f6196f6037.txt",
  time: "pulses",
  label: "BOUT.Ruleset.Pulse.Label",
  hint: "BOUT.Ruleset.Pulse.Hint",
};
