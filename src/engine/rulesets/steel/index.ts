import { defineRuleset } from "../ruleset";

// Statistics and rules arrive with this ruleset's own issue; until then it is an
// empty but valid entry in the registry.
export const steel = defineRuleset({
  id: "steel",
  seed: "000_4377b2da58f3a52b.txt",
  time: "bouts",
  label: "BOUT.Ruleset.Steel.Label",
  hint: "BOUT.Ruleset.Steel.Hint",
  stats: { actor: {}, weapon: {}, armor: {}, shield: {}, maneuver: {}, skill: {} },
  derive: () => ({}),
  vitality: () => ({ value: 0, max: 0 }),
});
