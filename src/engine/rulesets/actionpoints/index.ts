import type { Ruleset } from "../ruleset";

export const actionpoints: Ruleset = {
  id: "actionpoints",
  seed: "002_e3c6bc76ba013433.txt",
  time: "actionPhases",
  label: "BOUT.Ruleset.ActionPoints.Label",
  hint: "BOUT.Ruleset.ActionPoints.Hint",
};
