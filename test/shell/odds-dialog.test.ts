// The action dialog's odds (issue 10, "Odds"): exact numbers from the dice engine,
// formatted and drawn with the real handlebars; form input typed and bounded.
import { beforeAll, describe, expect, it } from "vitest";
import { oddsDialogContext, oddsTableContext, readValues, ODDS_DIALOG_TEMPLATE, ODDS_TABLE_TEMPLATE, type OddsDialogSpec } from "../../src/applications/dialogs/odds-dialog";
import { formatProbability } from "../../src/engine/odds-view";
import { poolSuccessDistribution } from "../../src/engine/dice";
import { installGlobalClient } from "../harness/world";
import type { Runtime } from "../harness/runtime";

let runtime: Runtime;
beforeAll(async () => {
  ({ runtime } = installGlobalClient());
  await runtime.templates.load(["systems/bout/templates/dialogs/odds-table.hbs"]);
});

// A pool of d10 against TN 6: the chance of at least one success is 1 - 0.5^n.
const spec: OddsDialogSpec = {
  title: "BOUT.Odds.Title",
  confirmLabel: "BOUT.Sheet.Roll",
  fields: [
    { kind: "number", name: "dice", label: "BOUT.Odds.Title", value: 3, min: 0, max: 8, slider: true },
    { kind: "select", name: "tn", label: "BOUT.Odds.Title", value: "6", options: [{ value: "6", label: "6" }, { value: "8", label: "8" }] },
    { kind: "checkbox", name: "aggressive", label: "BOUT.Odds.Title", value: false },
  ],
  odds: (v) => {
    const dist = poolSuccessDistribution(Number(v.dice), Number(v.tn));
    return { rows: [{ label: "BOUT.Odds.Title", probability: 1 - dist[0]!, headline: true }, { label: "BOUT.Odds.Truncated", probability: dist[0]! }] };
  },
};

describe("odds dialog", () => {
  it("formats probabilities without rounding a possible outcome to 0% or a failure-prone one to 100%", () => {
    expect([0, 1, 0.0004, 0.9996, 0.5, 0.12345].map(formatProbability)).toEqual(["0%", "100%", "<0.1%", ">99.9%", "50.0%", "12.3%"]);
  });

  it("reads form input as typed, bounded values and ignores unknown choices", () => {
    expect(readValues(spec.fields, { dice: "12", tn: "7", aggressive: "on" })).toEqual({ dice: 8, tn: "6", aggressive: true });
    expect(readValues(spec.fields, { dice: "-3", tn: "8" })).toEqual({ dice: 0, tn: "8", aggressive: false });
    expect(readValues(spec.fields, { dice: "abc" })).toEqual({ dice: 3, tn: "6", aggressive: false });
  });

  it("shows the exact chance for the current inputs, headline first (3d10 at TN 6: 87.5%)", async () => {
    const context = oddsDialogContext(spec, { dice: 3, tn: "6", aggressive: false }, runtime.i18n);
    expect(context.odds.rows.map((r) => r.percent)).toEqual(["87.5%", "12.5%"]);
    const html = await runtime.templates.render(ODDS_DIALOG_TEMPLATE, context);
    expect(html).toContain('name="dice" value="3" min="0" max="8"');
    expect(html).toContain("87.5%");
    expect(html).toMatch(/<option value="6" selected>/);
    const later = oddsTableContext(spec.odds!({ dice: 1, tn: "6", aggressive: false }), runtime.i18n);
    expect(later.rows[0]!.percent).toBe("50.0%");
    // Issue 20: counted words agree with their number in the odds too.
    expect(oddsTableContext({ rows: [], distributions: [{ label: "BOUT.Odds.Successes", data: { dice: 1, tn: 6 }, bars: [] }] }, runtime.i18n).distributions[0]!.text).toBe("Successes on 1 die at TN 6");
  });

  it("draws whole distributions as columns scaled to the tallest bar, labels localized when keyed", async () => {
    const view = {
      rows: [],
      distributions: [
        { label: "BOUT.Odds.Successes", data: { dice: 2, tn: 6 }, bars: [{ label: "0", probability: 0.25 }, { label: "1", probability: 0.5 }, { label: "2", probability: 0.25 }] },
        { label: "BOUT.Odds.Levels", keyed: true, bars: [{ label: "BOUT.Roll.LevelShort.success", probability: 0.5 }] },
      ],
    };
    const context = oddsTableContext(view, runtime.i18n);
    expect(context.distributions[0]!.text).toBe("Successes on 2 dice at TN 6");
    expect(context.distributions[0]!.bars.map((b) => [b.label, b.percent, b.height])).toEqual([["0", "25.0%", 50], ["1", "50.0%", 100], ["2", "25.0%", 50]]);
    expect(context.distributions[1]!.bars[0]!.label).toBe("Success");
    const html = await runtime.templates.render(ODDS_TABLE_TEMPLATE, context);
    // Each column shows its chance as text above it (issue 20: histograms show their values).
    expect(html).toContain('<span class="odds-y">50.0%</span>');
    expect(html).toMatch(/<span class="odds-x">[^]*?1<\/span>/);
    expect(html).toContain('style="height: 50%"');
    expect(html).toContain("<figcaption>Successes on 2 dice at TN 6</figcaption>");
  });
});

// v14 can pop an ApplicationV2 out into its own browser window. The dialog's live
// odds must draw with that window's frames: the main window may be hidden or
// throttled while the pop-out is in front. Here the dialog is rendered into a
// second document (happy-dom) and the main realm's frame functions refuse to run.
describe("odds dialog popped out into its own window (v14 pop-out applications)", () => {
  it("redraws the odds in the pop-out's own frame, never the main window's", async () => {
    const { Window } = await import("happy-dom");
    const popout = new Window();
    const frames: number[] = [];
    const realRaf = popout.requestAnimationFrame.bind(popout);
    popout.requestAnimationFrame = ((cb: FrameRequestCallback) => {
      frames.push(1);
      return realRaf(cb);
    }) as never;
    const main = globalThis as unknown as Record<string, unknown>;
    const saved = { raf: main.requestAnimationFrame, caf: main.cancelAnimationFrame };
    main.requestAnimationFrame = () => {
      throw new Error("the main window's requestAnimationFrame was used");
    };
    main.cancelAnimationFrame = () => {
      throw new Error("the main window's cancelAnimationFrame was used");
    };
    const { openOddsDialog } = await import("../../src/applications/dialogs/odds-dialog");
    try {
      let table: any = null;
      runtime.dialogs.responder = (_kind, config) => {
        // DialogV2 draws its content inside a form in its element.
        const element: any = popout.document.createElement("dialog");
        element.innerHTML = `<form class="dialog-form">${String(config.content)}</form>`;
        popout.document.body.appendChild(element);
        config.render({}, { element });
        const form: any = element.querySelector("form");
        table = element.querySelector("[data-odds]");
        form.querySelector('[name="dice"]').value = "1";
        form.dispatchEvent(new popout.Event("input", { bubbles: true }));
        return null;
      };
      await openOddsDialog(spec);
      await new Promise((r) => setTimeout(r, 50));
      expect(frames.length).toBe(1);
      // 1d10 at TN 6: 50.0%, drawn in the pop-out's document.
      expect(table!.innerHTML).toContain("50.0%");
      expect(table!.ownerDocument).toBe(popout.document);
    } finally {
      main.requestAnimationFrame = saved.raf;
      main.cancelAnimationFrame = saved.caf;
      runtime.dialogs.responder = () => true;
      await popout.happyDOM.close();
    }
  });
});
