import { defineRuleset } from "../ruleset";

// Statistics and rules arrive with this ruleset's own issue; until then it is an
// empty but valid entry in the registry.
export const phases = defineRuleset({
  id: "phases",
  seed: "001_e84cf39f805b9fd9.txt",
  time: "phases",
  label: "BOUT.Ruleset.Phases.Label",
  hint: "BOUT.Ruleset.Phases.Hint",
  stats: { actor: {}, weapon: {}, armor: {}, shield: {}, maneuver: {}, skill: {} },
  derive: () => ({}),
  vitality: () => ({ value: 0, max: 0 }),
});
