// The check the time machines' property tests share for views that make their rows only when read (lazyParts,
// issue 35): a step reads a view's order and holder, the tracker its rows, perhaps long after.
import { expect } from "vitest";
import { holderOfRows, orderOfRows, type TrackerView } from "../../../src/engine/time/machine";

/** Views of a run kept with their states, their rows unread until `check`; `fromScratch`: the view a machine's new view function gives. */
export function lateViews<S>(fromScratch: (state: S) => TrackerView) {
  const unread: [S, TrackerView][] = [];
  return {
    /** A view a kept view function just made of `state`: its order and holder are those of the rows the tracker draws (`drawn`'s). */
    add(state: S, view: TrackerView, drawn: TrackerView = fromScratch(state)): void {
      expect([view.order, view.holder]).toEqual([orderOfRows(drawn.rows), holderOfRows(drawn.rows)]);
      unread.push([state, view]);
    },
    /** Rows made long after their view (newest first, other views' rows made between) are the rows from scratch. */
    check(): void {
      for (const [state, view] of unread.reverse()) expect(view).toEqual(fromScratch(state));
    },
  };
}
