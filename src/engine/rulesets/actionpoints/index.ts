import { defineRuleset } from "../ruleset";

// Statistics and rules arrive with this ruleset's own issue; until then it is an
// empty but valid entry in the registry.
export const actionpoints = defineRuleset({
  id: "actionpoints",
  seed: "002_e3c6bc76ba013433.txt",
  time: "actionPhases",
  label: "BOUT.Ruleset.ActionPoints.Label",
  hint: "BOUT.Ruleset.ActionPoints.Hint",
  stats: { actor: {}, weapon: {}, armor: {}, shield: {}, maneuver: {}, skill: {} },
  derive: () => ({}),
  vitality: () => ({ value: 0, max: 0 }),
});
