// Harness contract (issue 29, "Dialogs run through their buttons"): DialogV2 as v13 runs it
// (client/applications/api/dialog.mjs): the dialog is drawn as a form in the client's DOM, the
// `render` callback runs with the render event and the dialog, a button's `callback(event,
// button, dialog)` reads the form (FormDataExtended) and its result resolves `wait`, a closed
// dialog resolves null (or what `close` returns, or rejects with `rejectClose`). The test's
// responder is the person at the screen: it fills fields and presses buttons, and a field the
// form lacks is an error, so a name the code reads that the form does not have cannot hide.
import { beforeAll, describe, expect, it } from "vitest";
import { openOddsDialog, ODDS_DIALOG_TEMPLATE, ODDS_TABLE_TEMPLATE, type OddsDialogSpec } from "../../src/applications/dialogs/odds-dialog";
import { poolSuccessDistribution } from "../../src/engine/dice";
import { installGlobalClient } from "../harness/world";
import { fillForm } from "../harness/forms";
import type { DialogResponder } from "../harness/applications";
import type { Runtime } from "../harness/runtime";

let runtime: Runtime;
let DialogV2: any;
let FormDataExtended: any;
beforeAll(async () => {
  ({ runtime } = installGlobalClient());
  await runtime.templates.load([ODDS_TABLE_TEMPLATE, ODDS_DIALOG_TEMPLATE]);
  ({ DialogV2 } = (globalThis as any).foundry.applications.api);
  ({ FormDataExtended } = (globalThis as any).foundry.applications.ux);
});

/** Run `open` with `responder` as the person at the screen, then put the default person back. */
async function answered<T>(responder: DialogResponder, open: () => Promise<T>): Promise<T> {
  const saved = runtime.dialogs.responder;
  runtime.dialogs.responder = responder;
  try {
    return await open();
  } finally {
    runtime.dialogs.responder = saved;
  }
}

const FORM = `<input type="number" name="dice" value="3" min="0" max="8">
<select name="tn"><option value="6" selected>6</option><option value="8">8</option></select>
<input type="checkbox" name="aggressive">
<input type="text" name="note" value="" disabled>`;

describe("harness: DialogV2 as v13 runs it", () => {
  it("draws the form with its buttons, runs the render callback with the event and the dialog, and the button's callback with (event, button, dialog)", async () => {
    const seen: any = {};
    const result = await answered(
      () => ({ dice: 5, tn: "8", aggressive: true }),
      () =>
        DialogV2.wait({
          window: { title: "BOUT.Odds.Title" },
          content: FORM,
          buttons: [
            { action: "roll", label: "BOUT.Roll.Roll", default: true, callback: (event: any, button: any, dialog: any) => ((seen.callback = { type: event.type, button, dialog }), new FormDataExtended(button.form).object) },
            { action: "cancel", label: "Cancel" },
          ],
          render: (event: any, dialog: any) => (seen.render = { type: event.type, dialog, form: dialog.element.querySelector("form.dialog-form") }),
        }),
    );
    expect(seen.render.type).toBe("render");
    expect(seen.render.form.querySelector(".dialog-content [name=dice]")).toBeTruthy();
    expect([...seen.render.form.querySelectorAll(".form-footer button")].map((b: any) => [b.dataset.action, b.hasAttribute("autofocus"), b.textContent])).toEqual([
      ["roll", true, "Roll"],
      ["cancel", false, "Cancel"],
    ]);
    expect(seen.callback.type).toBe("click");
    expect(seen.callback.button.dataset.action).toBe("roll");
    expect(seen.callback.button.form).toBe(seen.render.form);
    expect(seen.callback.dialog).toBe(seen.render.dialog);
    // FormDataExtended: a number input gives a number, a checkbox a boolean, a disabled field nothing.
    expect(result).toEqual({ dice: 5, tn: "8", aggressive: true });
    // Submitted, the dialog is closed and gone from the page.
    expect(seen.render.dialog.rendered).toBe(false);
    expect(seen.render.dialog.element).toBeNull();
  });

  it("FormDataExtended reads an emptied number field as null and a radio group as its checked value", async () => {
    const result = await answered(
      (_k, _c, dialog) => {
        fillForm(dialog.element.querySelector("form"), { dice: "", side: "b" });
        return "ok";
      },
      () => DialogV2.prompt({ content: `${FORM}<input type="radio" name="side" value="a" checked><input type="radio" name="side" value="b">`, ok: { callback: (_e: unknown, button: any) => new FormDataExtended(button.form).object } }),
    );
    expect(result).toEqual({ dice: null, tn: "6", aggressive: false, side: "b" });
  });

  it("a button without a callback resolves to its action; submit(result, dialog) runs first", async () => {
    let submitted: unknown[] = [];
    const result = await answered(
      () => "second",
      () => DialogV2.wait({ content: "<p>Which?</p>", buttons: [{ action: "first", label: "First" }, { action: "second", label: "Second" }], submit: async (r: unknown, dialog: unknown) => void (submitted = [r, dialog]) }),
    );
    expect(result).toBe("second");
    expect(submitted[0]).toBe("second");
    expect(submitted[1]).toBeInstanceOf(DialogV2);
  });

  it("a dialog closed unanswered resolves null, or what its close callback returns; with rejectClose it rejects", async () => {
    const buttons = [{ action: "ok", label: "OK" }];
    expect(await answered(() => null, () => DialogV2.wait({ content: "", buttons }))).toBeNull();
    expect(await answered(() => null, () => DialogV2.wait({ content: "", buttons, close: () => "gone" }))).toBe("gone");
    await expect(answered(() => null, () => DialogV2.wait({ content: "", buttons, rejectClose: true }))).rejects.toThrow(/dismissed without pressing a button/);
    // Escape closes too.
    const escaped = await answered(
      (_k, _c, dialog) => {
        const view = dialog.element.ownerDocument.defaultView;
        dialog.element.dispatchEvent(new view.KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
      },
      () => DialogV2.wait({ content: "", buttons }),
    );
    expect(escaped).toBeNull();
  });

  it("confirm: Yes is true, No is false and the default; prompt's OK is its default; input reads the form", async () => {
    expect(await answered(() => true, () => DialogV2.confirm({ content: "<p>Sure?</p>" }))).toBe(true);
    expect(await answered(() => false, () => DialogV2.confirm({ content: "<p>Sure?</p>" }))).toBe(false);
    let defaultButton = "";
    await answered(
      (_k, _c, dialog) => {
        defaultButton = dialog.element.querySelector("button[autofocus]").dataset.action;
        return null;
      },
      () => DialogV2.confirm({ content: "<p>Sure?</p>" }),
    );
    expect(defaultButton).toBe("no");
    expect(await answered(() => true, () => DialogV2.prompt({ content: "<p>Go?</p>" }))).toBe("ok");
    expect(await answered(() => ({ dice: 2 }), () => DialogV2.input({ content: FORM }))).toEqual({ dice: 2, tn: "6", aggressive: false });
  });

  it("an answer the form cannot take fails the dialog: a field it lacks, an option it does not offer, a button it has not", async () => {
    const open = () => DialogV2.wait({ content: FORM, buttons: [{ action: "roll", label: "Roll", callback: (_e: unknown, b: any) => new FormDataExtended(b.form).object }] });
    await expect(answered(() => ({ dcie: 4 }), open)).rejects.toThrow('The form has no field "dcie"; its fields: dice (number), tn (select-one: 6, 8), aggressive (checkbox), note (text)');
    await expect(answered(() => ({ tn: "7" }), open)).rejects.toThrow('The select "tn" offers no "7" (6, 8)');
    await expect(answered(() => ({ note: "hi" }), open)).rejects.toThrow('The field "note" is disabled');
    await expect(answered(() => "cancel", open)).rejects.toThrow(/has no button "cancel" \(its buttons: roll\)/);
    await expect(answered(() => false, open)).rejects.toThrow(/false answers a confirm/);
  });

  it("refuses a dialog without buttons, as v13 does", async () => {
    await expect(DialogV2.wait({ content: "<p>Nothing to press</p>", buttons: [] })).rejects.toThrow("You must define at least one entry in config.buttons");
  });
});

// A pool of d10 against TN 6: at least one success is 1 - 0.5^n.
const spec: OddsDialogSpec = {
  title: "BOUT.Odds.Title",
  confirmLabel: "BOUT.Roll.Roll",
  fields: [
    { kind: "number", name: "dice", label: "BOUT.Odds.Title", value: 3, min: 0, max: 8 },
    { kind: "select", name: "tn", label: "BOUT.Odds.Title", value: "6", options: [{ value: "6", label: "6" }, { value: "8", label: "8" }] },
  ],
  odds: (v) => {
    const dist = poolSuccessDistribution(Number(v.dice), Number(v.tn));
    return { rows: [{ label: "BOUT.Odds.Title", probability: 1 - dist[0]!, headline: true }] };
  },
};
const headline = (dialog: any) => dialog.element.querySelector("[data-odds] .headline .odds-percent").textContent.trim();

describe("the odds dialog through its real form (openOddsDialog)", () => {
  it("the values come from the form through the button's callback, bounded and typed; the odds shown follow a changed field", async () => {
    const shown: string[] = [];
    const values = await answered(async (_k, _c, dialog) => {
      shown.push(headline(dialog));
      const form = dialog.element.querySelector("form");
      fillForm(form, { dice: 1 });
      // The live odds redraw in the dialog's window's next frame.
      await dialog.element.ownerDocument.defaultView.happyDOM.waitUntilComplete();
      await new Promise((r) => setImmediate(r));
      shown.push(headline(dialog));
      fillForm(form, { dice: 12, tn: "8" });
      return true;
    }, () => openOddsDialog(spec));
    // 3d10 at TN 6: 87.5%; 1d10: 50.0%.
    expect(shown).toEqual(["87.5%", "50.0%"]);
    // 12 typed in a field of at most 8 arrives as 8.
    expect(values).toEqual({ dice: 8, tn: "8" });
  });

  it("an emptied number field keeps the field's default (FormDataExtended reads it as null)", async () => {
    const values = await answered(() => ({ dice: "" }), () => openOddsDialog(spec));
    expect(values).toEqual({ dice: 3, tn: "6" });
  });

  it("closed unanswered, it resolves null and nothing is chosen", async () => {
    expect(await answered(() => null, () => openOddsDialog(spec))).toBeNull();
  });
});
