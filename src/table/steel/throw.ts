/**
 * Seed 000's secret throw: red or white, declared in secret and revealed
 * together to open a bout, with a posture when the GM allows them ("Posture").
 * A declaration kind of the runner's (../declarations.ts).
 */
import { checkThrow, POSTURES, THROWS } from "../../engine/rulesets/steel";
import { ruleSwitch } from "../../settings";
import type { TimeCommand } from "../../engine/time/machine";
import { openOddsDialog } from "../../applications/dialogs/odds-dialog";
import { askOptions, registerDeclarationKind, type DeclarationKind } from "../declarations";

const posturesAllowed = () => ruleSwitch("steelPostures");

/** The declaration kind's name: registered here, opened by the bouts' tracker button (./time.ts). */
export const THROW_KIND = "throw";

const THROW: DeclarationKind = {
  question: "BOUT.Declare.Throw.Question",
  optionLabels: "BOUT.Declare.Throw.Option.",
  // The engine's word on a throw ("Melee Combat", "Posture"): a bare "red"/"white" is a neutral throw.
  check(_combat, _combatantId, choice) {
    return checkThrow(choice, posturesAllowed());
  },
  async ask(combat, combatantId) {
    const name = combat.combatants.get(combatantId)?.name ?? "";
    if (!posturesAllowed()) return askOptions(combat, combatantId);
    const values = await openOddsDialog({
      title: "BOUT.Declare.Throw.Question",
      titleData: { name },
      confirmLabel: "BOUT.Declare.Throw.Confirm",
      fields: [
        { kind: "select", name: "throw", label: "BOUT.Declare.Throw.Label", value: "red", options: THROWS.map((t) => ({ value: t, label: `BOUT.Declare.Throw.Option.${t}` })) },
        { kind: "select", name: "posture", label: "BOUT.Declare.Throw.Posture", value: "neutral", options: POSTURES.map((p) => ({ value: p, label: `BOUT.Declare.Throw.PostureOption.${p}` })) },
      ],
    });
    return values ? { throw: values.throw, posture: values.posture } : null;
  },
  reveal(groupId, choices) {
    const throws: Record<string, unknown> = {};
    const postures: Record<string, unknown> = {};
    for (const [id, choice] of Object.entries(choices)) {
      const c = choice as { throw?: unknown; posture?: unknown } | null;
      throws[id] = c?.throw ?? null;
      if (c?.posture && c.posture !== "neutral") postures[id] = c.posture;
    }
    return { type: "reveal", boutId: groupId, choices: throws, postures } as TimeCommand;
  },
};

/** Called once from the `init` hook. */
export function registerSteelThrow(): void {
  registerDeclarationKind(THROW_KIND, THROW);
}
