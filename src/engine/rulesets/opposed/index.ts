import type { Ruleset } from "../ruleset";

export const opposed: Ruleset = {
  id: "opposed",
  seed: "003_094b90e5b0802384.txt",
  time: "turns",
  label: "BOUT.Ruleset.Opposed.Label",
  hint: "BOUT.Ruleset.Opposed.Hint",
};
