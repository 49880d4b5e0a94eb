// src/engine/by-id.ts: a state's fighter by id in constant time (issue 35), the same answer as Array#find, and a
// list made by putting entries in place of entries with the same ids reads no ids again (it shares them).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byId, idsOf, mapKeepingIds, patchById, placeOf, putById, withIdsOf } from "../../src/engine/by-id";

type E = { readonly id: string; readonly v: number };
const ids = fc.constantFrom("a", "b", "c", "d", "e");
const entry = fc.record({ id: ids, v: fc.integer() });

describe("byId", () => {
  it("answers as Array#find (and placeOf as Array#findIndex) for every id, after any run of entries put in place (duplicates too)", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 8 }), fc.array(entry, { maxLength: 8 }), fc.constantFrom("a", "b", "c", "d", "e", "z", "__proto__", "constructor"), (start, puts, probe) => {
        let list: readonly E[] = start;
        byId(list, probe);
        for (const p of puts) {
          const next = putById(list, p);
          expect(next).toEqual(list.map((x) => (x.id === p.id ? p : x)));
          list = next;
          for (const id of [...list.map((x) => x.id), probe]) {
            expect(byId(list, id)).toBe(list.find((x) => x.id === id));
            expect(placeOf(list, id)).toBe(list.findIndex((x) => x.id === id));
          }
        }
      }),
    );
  });

  it("a list put from another shares its ids (not read again); a list of other ids does not", () => {
    const list: readonly E[] = [{ id: "a", v: 1 }, { id: "b", v: 2 }];
    const next = putById(list, { id: "b", v: 3 });
    expect(idsOf(next)).toBe(idsOf(list));
    expect(byId(next, "b")).toEqual({ id: "b", v: 3 });
    const other: readonly E[] = [{ id: "b", v: 2 }, { id: "a", v: 1 }];
    expect(idsOf(other)).not.toBe(idsOf(list));
    expect(byId(other, "a")).toBe(other[1]);
    // A promise of the same ids is only taken for a list of the same length.
    const shorter = withIdsOf([list[0]!], list);
    expect(idsOf(shorter)).toEqual(["a"]);
  });

  it("putting an entry that is already in every place of its id gives the same list; another id's entry puts nothing", () => {
    const a = { id: "a", v: 1 };
    const list: readonly E[] = [a, { id: "b", v: 2 }, a];
    expect(putById(list, a)).toBe(list);
    expect(putById(list, { id: "z", v: 0 })).toBe(list);
    const next = putById(list, { id: "a", v: 3 });
    expect(next).toEqual([{ id: "a", v: 3 }, { id: "b", v: 2 }, { id: "a", v: 3 }]);
    expect(next[1]).toBe(list[1]);
  });

  it("refuses what is not an id", () => {
    const list: readonly E[] = [{ id: "a", v: 1 }];
    for (const bad of [undefined, null, 1, {}, ["a"]]) expect(byId(list, bad)).toBeUndefined();
  });
});

describe("mapKeepingIds", () => {
  it("is Array#map for a change that keeps ids; the same list when nothing changed; a changed list shares the ids", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 8 }), fc.integer({ min: -1, max: 8 }), (list: readonly E[], which) => {
        const change = (e: E) => (list.indexOf(e) === which ? { ...e, v: e.v + 1 } : e);
        const out = mapKeepingIds(list, change);
        expect(out).toEqual(list.map(change));
        if (which < 0 || which >= list.length) expect(out).toBe(list);
        else expect(idsOf(out)).toBe(idsOf(list));
      }),
    );
  });
});

describe("patchById", () => {
  it("changes the entries of one id as a spread would; keeping the id, the new list shares the ids", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 8 }), ids, fc.integer(), (list: readonly E[], id, v) => {
        const out = patchById(list, id, { v });
        expect(out).toEqual(list.map((x) => (x.id === id ? { ...x, v } : x)));
        expect(idsOf(out)).toBe(idsOf(list));
        for (const x of list) expect(byId(out, x.id)).toBe(out.find((y) => y.id === x.id));
      }),
    );
    // A change of id is not a list of the same ids.
    const list: readonly E[] = [{ id: "a", v: 1 }];
    expect(idsOf(patchById(list, "a", { id: "b" }))).toEqual(["b"]);
  });
});
