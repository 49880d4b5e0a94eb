import type { Ruleset } from "../ruleset";

export const steel: Ruleset = {
  id: "steel",
  seed: "000_4377b2da58f3a52b.txt",
  time: "bouts",
  label: "BOUT.Ruleset.Steel.Label",
  hint: "BOUT.Ruleset.Steel.Hint",
};
