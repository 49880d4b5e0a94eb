import { defineRuleset } from "../ruleset";

// Statistics and rules arrive with this ruleset's own issue; until then it is an
// empty but valid entry in the registry.
export const pulse = defineRuleset({
  id: "pulse",
  seed: "004_2f46e4f6196f6037.txt",
  time: "pulses",
  label: "BOUT.Ruleset.Pulse.Label",
  hint: "BOUT.Ruleset.Pulse.Hint",
  stats: { actor: {}, weapon: {}, armor: {}, shield: {}, maneuver: {}, skill: {} },
  derive: () => ({}),
  vitality: () => ({ value: 0, max: 0 }),
});
