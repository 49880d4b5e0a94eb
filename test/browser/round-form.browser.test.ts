// The GM's round form (issue 33) in a real browser: one form listing every
// fighter the GM runs, each with its round's choice (steel's secret throw,
// phases' declaration with eight wolves and two characters to engage, opposed's
// plan of whom to strike and how to defend), captured as the code hands it to
// DialogV2 and framed at the width it asks for, in both themes: screenshotted,
// and checked that nothing spills out sideways, small text keeps 4.5:1 and Tab
// reaches every control.
import { describe, expect, it } from "vitest";
import { sharedBrowser } from "./chromium";
import { checkDialog, THEMES, type CapturedDialog } from "./dialog-check";
import { SHOTS } from "./shots";
import { crowd } from "../shell/gm-round";

const browser = sharedBrowser(SHOTS);

/** The round form the GM's client is asked in `ruleset` with `n` wolves (their shipped styles), as DialogV2 is handed it. */
async function roundForm(ruleset: string, n: number): Promise<CapturedDialog> {
  const c = await crowd(ruleset, n);
  const i18n = c.gm.game.i18n;
  let form: CapturedDialog | null = null;
  c.gm.runtime.dialogs.responder = (_kind: string, config: any) => {
    if (String(config?.content ?? "").includes('class="bout-round"') && !form) {
      form = { title: i18n.localize(String(config.window?.title ?? "")), classes: config.classes ?? [], width: config.position?.width ?? 400, content: config.content, buttons: (config.buttons ?? []).map((b: any) => ({ label: i18n.localize(String(b.label)) })) };
    }
    return null;
  };
  for (const pc of Object.values(c.pcs)) pc.client.runtime.dialogs.responder = () => null;
  await c.gmPress("tracker", () => c.fight().startCombat());
  if (ruleset === "steel") await c.gmPress("tracker", () => c.gm.ui.combat.runAction("boutGroupAction", { groupId: c.group.id, actionId: "throw" }));
  if (!form) throw new Error(`no round form in ${ruleset}`);
  return form;
}

describe("the GM's round form in the browser", () => {
  for (const [ruleset, n] of [["steel", 8], ["phases", 8], ["opposed", 3]] as const) {
    it(`${ruleset}, ${n} wolves: nothing overflows, text is readable, Tab reaches every control, in both themes`, async () => {
      const dialog = await roundForm(ruleset, n);
      expect(dialog.content.match(/class="round-row"/g)?.length).toBe(n);
      for (const theme of THEMES) await checkDialog(await browser(), dialog, theme, `${ruleset} round form (${theme})`, `dialog-${ruleset}-round-form-${theme}.png`);
    }, 120_000);
  }
});
