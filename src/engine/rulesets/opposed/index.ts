import { defineRuleset } from "../ruleset";

// Statistics and rules arrive with this ruleset's own issue; until then it is an
// empty but valid entry in the registry.
export const opposed = defineRuleset({
  id: "opposed",
  seed: "003_094b90e5b0802384.txt",
  time: "turns",
  label: "BOUT.Ruleset.Opposed.Label",
  hint: "BOUT.Ruleset.Opposed.Hint",
  stats: { actor: {}, weapon: {}, armor: {}, shield: {}, maneuver: {}, skill: {} },
  derive: () => ({}),
  vitality: () => ({ value: 0, max: 0 }),
});
