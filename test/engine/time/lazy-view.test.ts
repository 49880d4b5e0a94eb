// A view's groups and rows made only when read (issue 35: a step reads the order and the turn holder; the tracker reads the rows).
import { describe, expect, it } from "vitest";
import { lazyParts, viewOfRows, type TrackerRow } from "../../../src/engine/time/machine";

const rows: TrackerRow[] = [
  { combatantId: "a", acting: false, done: true, badges: [] },
  { combatantId: "b", acting: true, done: false, badges: [] },
];

describe("lazyParts", () => {
  it("works the parts out once, the first time the groups or the rows are read, and not for the round, step, order or holder", () => {
    let made = 0;
    const view = lazyParts({ round: 2, step: { key: "X" }, order: ["a", "b"], holder: "b" }, () => {
      made++;
      return { groups: [], rows };
    });
    expect([view.round, view.step, view.order, view.holder, made]).toEqual([2, { key: "X" }, ["a", "b"], "b", 0]);
    expect(view.rows).toBe(rows);
    expect(view.groups).toEqual([]);
    expect(view.rows).toBe(rows);
    expect(made).toBe(1);
  });

  it("reads as the same view made at once: compared, copied or written out", () => {
    const lazy = lazyParts({ round: 1, step: { key: "X" }, order: ["a", "b"], holder: "b" }, () => ({ groups: [], rows }));
    const eager = viewOfRows(1, { key: "X" }, [], rows);
    expect(lazy).toEqual(eager);
    expect({ ...lazy }).toEqual(eager);
    expect(JSON.parse(JSON.stringify(lazy))).toEqual(JSON.parse(JSON.stringify(eager)));
    expect(Object.keys(lazy).sort()).toEqual(Object.keys(eager).sort());
  });

  it("viewOfRows reads the order (each fighter once) and the holder (the first acting row not done) from the rows", () => {
    const twice: TrackerRow[] = [...rows, { combatantId: "a", acting: true, done: false, badges: [] }];
    expect([viewOfRows(1, { key: "X" }, [], twice).order, viewOfRows(1, { key: "X" }, [], twice).holder]).toEqual([["a", "b"], "b"]);
    expect(viewOfRows(1, { key: "X" }, [], [rows[0]!]).holder).toBeNull();
  });
});
