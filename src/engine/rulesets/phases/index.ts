import type { Ruleset } from "../ruleset";

export const phases: Ruleset = {
  id: "phases",
  seed: "001_e84cf39f805b9fd9.txt",
  time: "phases",
  label: "BOUT.Ruleset.Phases.Label",
  hint: "BOUT.Ruleset.Phases.Hint",
};
