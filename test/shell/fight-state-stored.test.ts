// Issue 23 ("Writes a group's server sees"): the fight's state and the GM's undo
// history are kept as structured data (src/data/combat/stored-state.ts,
// stored-history.ts), so an update carries only what a step changed. Here: the
// stored form reads back exactly, never holds a key Foundry would expand or take
// as an operator, and merged as Foundry merges an object field (v13
// ObjectField#_updateDiff, modelled by test/harness/fields.ts) gives the new
// state; and a world saved before the change (both fields JSON text) keeps
// working, the active GM converting it on the first write. No rules text is
// involved: the states are whatever the machines make.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHUNK, decodeState, encodeState, fieldChange, mergeStored, safeKeys, stateChange, storedChange, storedKey } from "../../src/data/combat/stored-state";
import { readStoredHistory, storeHistory } from "../../src/data/combat/stored-history";
import { historyAfterStep, reversePatch } from "../../src/engine/time/undo";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { deepClone, expandObject, mergeObject } from "../harness/utils";
import { dist } from "../build/dist";
import { decisionWrites, settle } from "./support";

/** How the harness server (as Foundry's) stores an update of `system.state`: dotted keys expanded, merged with deletions. */
function serverMerge(stored: Record<string, unknown>, change: unknown): unknown {
  const doc = { system: { state: deepClone(stored) } };
  mergeObject(doc, expandObject({ "system.state": deepClone(change) }), { performDeletions: true });
  return doc.system.state;
}

/** Every key of a value, at any depth, with the value under each. */
function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => [k, ...allKeys(v)]);
}

/** Are the change's `-=` keys all `null` and naming keys `before` holds at that place? */
function removals(change: unknown, before: unknown): boolean {
  if (!change || typeof change !== "object" || Array.isArray(change)) return true;
  return Object.entries(change).every(([k, v]) => {
    const inBefore = before && typeof before === "object" && !Array.isArray(before) ? (before as Record<string, unknown>) : {};
    if (k.startsWith("-=")) return v === null && Object.hasOwn(inBefore, k.slice(2));
    return removals(v, inBefore[k]);
  });
}

const AWKWARD = { "a.b": 1, "$ids": [1], "-=x": 2, "==y": 3, "50%": 4, "%2E": 5, __proto__x: 6, "": 7 };

describe("the stored form of a fight's state", () => {
  it("reads back what was stored: fighters kept by id in their order, keys with dots, dollars, percent signs or operator prefixes escaped", () => {
    const state = {
      round: 2,
      combatants: [
        { id: "bBbBbBbBbBbBbBbB", cp: 3, closedOn: ["aAaAaAaAaAaAaAaA"] },
        { id: "aAaAaAaAaAaAaAaA", cp: 9, missile: { ready: true } },
      ],
      order: ["aAaAaAaAaAaAaAaA", "bBbBbBbBbBbBbBbB"],
      declared: { aAaAaAaAaAaAaAaA: ["cast"] },
      odd: AWKWARD,
      twice: [{ id: "x" }, { id: "x" }],
      empty: [],
    };
    const stored = encodeState(state) as any;
    // Fighters by id, so one fighter's change is one entry's; the order kept beside them; nothing shared by two to keep once.
    expect(stored.combatants).toEqual({ $ids: ["bBbBbBbBbBbBbBbB", "aAaAaAaAaAaAaAaA"], $g1: { $d: {}, bBbBbBbBbBbBbBbB: { cp: 3, closedOn: ["aAaAaAaAaAaAaAaA"] }, aAaAaAaAaAaAaAaA: { cp: 9, missile: { ready: true } } } });
    // A list whose ids repeat stays a list.
    expect(stored.twice).toEqual([{ id: "x" }, { id: "x" }]);
    expect(safeKeys(stored)).toBe(true);
    expect(Object.keys(stored.odd).some((k) => k.includes("."))).toBe(false);
    expect(decodeState(stored)).toEqual(state);
    expect(Object.keys(decodeState(stored) as object)).toEqual(Object.keys(state));
  });

  it("any JSON value: stored with safe keys only and read back equal", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const stored = encodeState(value);
        expect(safeKeys(stored)).toBe(true);
        // Stored as JSON, so -0 is 0.
        expect(JSON.parse(JSON.stringify(decodeState(stored)))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });

  it("a change merged as Foundry's server merges it gives the new state, carrying only what changed (a key removed as -=key)", () => {
    const fighter = (id: string, cp: number) => ({ id, cp, acted: false });
    const ids = Array.from({ length: 50 }, (_, i) => `f${String(i).padStart(15, "0")}`);
    const before = { round: 1, combatants: ids.map((id) => fighter(id, 10)), declared: { [ids[0]!]: ["move"], [ids[1]!]: ["cast"] } };
    const after = { round: 1, combatants: ids.map((id, i) => (i === 7 ? { ...fighter(id, 6), acted: true } : fighter(id, 10))), declared: { [ids[1]!]: ["cast"] } };
    const change = storedChange(encodeState(before) as any, encodeState(after) as any)!;
    // The values most fighters share are kept once; a fighter's entry holds only what it has otherwise.
    expect(change).toEqual({ combatants: { $g1: { [ids[7]!]: { cp: 6, acted: true } } }, declared: { [`-=${ids[0]}`]: null } });
    expect(decodeState(serverMerge(encodeState(before) as any, change))).toEqual(after);
    // Worked out from the parts the step changed (the fighters it did not change are the same objects): the same change.
    const shared = { ...before, combatants: before.combatants.map((c, i) => (i === 7 ? { ...c, cp: 6, acted: true } : c)), declared: { [ids[1]!]: ["cast"] } };
    expect(stateChange(before, shared, encodeState(before))).toEqual(change);
    // An emptied record loses its keys one by one (v13's diffObject skips an empty object).
    const emptied = storedChange({ declared: { a: 1 } }, { declared: {} });
    expect(emptied).toEqual({ declared: { "-=a": null } });
    expect(storedChange({ a: 1 }, { a: 1 })).toBeNull();
  });

  it("a key named like a prototype's (__proto__, constructor) is stored escaped and comes back as data, through the server's merge too", () => {
    const b = JSON.parse('{"round":0,"combatants":[],"extra":{"":{"__proto__":null},"constructor":1}}');
    const [before, after] = [encodeState({ round: 0, combatants: [], extra: {} }) as any, encodeState(b) as any];
    const change = storedChange(before, after)!;
    expect(safeKeys(after)).toBe(true);
    expect(allKeys(change)).not.toContain("__proto__");
    expect(JSON.parse(JSON.stringify(decodeState(serverMerge(before, change))))).toEqual(JSON.parse(JSON.stringify(b)));
  });

  it("random states and steps: the change merges (here and as the harness server does) into the new state", () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    const fighters = fc.uniqueArray(fc.record({ id: fc.stringMatching(/^[A-Za-z0-9]{1,4}$/), cp: fc.integer({ min: 0, max: 9 }), note: json }), { selector: (f) => f.id, maxLength: 6 });
    const state = fc.record({ round: fc.integer(), combatants: fighters, extra: fc.dictionary(fc.string({ maxLength: 4 }), json, { maxKeys: 4 }) });
    fc.assert(
      fc.property(state, state, (a, b) => {
        const [before, after] = [encodeState(a) as any, encodeState(b) as any];
        const change = storedChange(before, after);
        const want = JSON.parse(JSON.stringify(b));
        const json = (v: unknown) => JSON.parse(JSON.stringify(v));
        if (!change) {
          expect(json(decodeState(before))).toEqual(want);
          return;
        }
        // Its only operator keys are removals (-=key: null), and no key holds a dot.
        expect(safeKeys(after)).toBe(true);
        const keys = allKeys(change);
        expect(keys.filter((k) => k.includes("."))).toEqual([]);
        expect(keys.filter((k) => k.startsWith("=="))).toEqual([]);
        // Every removal is `-=key: null` for a key the stored state has: nothing else looks like one.
        expect(removals(change, before)).toBe(true);
        expect(json(decodeState(mergeStored(before, change)))).toEqual(want);
        expect(json(decodeState(serverMerge(before, change)))).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  // Issue 35: the GM's client works the change out from the parts a step changed (a machine's new state shares the
  // rest with the old one), and a list of fighters is kept as one generation of shared values and each fighter's own.
  it("random runs of steps, each worked out from the parts it changed: every change merges (as the harness server does) into the state it stands for", () => {
    type S = { round: number; combatants: Record<string, unknown>[]; acted: unknown[]; extra: Record<string, unknown> };
    const value = fc.jsonValue({ maxDepth: 2 });
    const field = fc.constantFrom("cp", "note", "flag", "$x", "a.b", "__proto__");
    const step = fc.oneof(
      fc.record({ kind: fc.constant("set" as const), i: fc.nat(), field, value }),
      fc.record({ kind: fc.constant("many" as const), every: fc.integer({ min: 1, max: 3 }), field, value }),
      fc.record({ kind: fc.constant("drop" as const), i: fc.nat(), field }),
      fc.record({ kind: fc.constant("join" as const), id: fc.stringMatching(/^[A-Za-z0-9]{5}$/) }),
      fc.record({ kind: fc.constant("leave" as const), i: fc.nat() }),
      fc.record({ kind: fc.constant("reverse" as const) }),
      fc.record({ kind: fc.constant("push" as const), value }),
      fc.record({ kind: fc.constant("cut" as const), n: fc.integer({ min: 0, max: 40 }) }),
      fc.record({ kind: fc.constant("extra" as const), key: fc.string({ maxLength: 3 }), value: fc.option(value) }),
      fc.record({ kind: fc.constant("round" as const) }),
    );
    const put = (o: Record<string, unknown>, k: string, v: unknown) => Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
    const without = (o: Record<string, unknown>, k: string) => Object.fromEntries(Object.entries(o).filter(([x]) => x !== k));
    type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;
    function next(s: S, c: Step): S {
      const n = s.combatants.length;
      const edit = (i: number, f: (x: Record<string, unknown>) => Record<string, unknown>) => ({ ...s, combatants: s.combatants.map((x, k) => (k === i ? f(x) : x)) });
      switch (c.kind) {
        case "set":
          return n ? edit(c.i % n, (x) => { const y = { ...x }; put(y, c.field, c.value); return y; }) : s;
        case "many":
          return { ...s, combatants: s.combatants.map((x, k) => { if (k % c.every) return x; const y = { ...x }; put(y, c.field, c.value); return y; }) };
        case "drop":
          return n ? edit(c.i % n, (x) => without(x, c.field)) : s;
        case "join":
          return s.combatants.some((x) => x.id === c.id) ? s : { ...s, combatants: [...s.combatants, { id: c.id, cp: 0 }] };
        case "leave":
          return n ? { ...s, combatants: s.combatants.filter((_, k) => k !== c.i % n) } : s;
        case "reverse":
          return { ...s, combatants: [...s.combatants].reverse() };
        case "push":
          return { ...s, acted: [...s.acted, c.value] };
        case "cut":
          return { ...s, acted: s.acted.slice(0, c.n) };
        case "extra":
          return { ...s, extra: c.value === null ? without(s.extra, c.key) : (() => { const y = { ...s.extra }; put(y, c.key, c.value); return y; })() };
        default:
          return { ...s, round: s.round + 1 };
      }
    }
    const start = fc.record({
      round: fc.integer(),
      combatants: fc.uniqueArray(fc.record({ id: fc.stringMatching(/^[A-Za-z0-9]{1,4}$/), cp: fc.integer({ min: 0, max: 3 }), note: fc.constantFrom("a", "b") }), { selector: (f) => f.id, maxLength: 40, size: "max" }),
      acted: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 40, size: "max" }),
      extra: fc.dictionary(fc.string({ maxLength: 3 }), value, { maxKeys: 3 }),
    });
    const json = (v: unknown) => JSON.parse(JSON.stringify(v));
    fc.assert(
      fc.property(start, fc.array(step, { maxLength: 12, size: "max" }), (first, steps) => {
        let state: S = first;
        let stored = encodeState(state) as Record<string, unknown>;
        expect(json(decodeState(stored))).toEqual(json(state));
        for (const c of steps) {
          const after = next(state, c);
          const change = stateChange(state, after, stored) as Record<string, unknown> | null;
          if (change) {
            const keys = allKeys(change);
            expect(keys.filter((k) => k.includes(".") || k.startsWith("=="))).toEqual([]);
            expect(removals(change, stored)).toBe(true);
            expect(json(decodeState(mergeStored(stored, change)))).toEqual(json(after));
            stored = serverMerge(stored, change) as Record<string, unknown>;
          }
          expect(safeKeys(stored)).toBe(true);
          expect(json(decodeState(stored))).toEqual(json(after));
          state = after;
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a long list is kept in chunks, so adding to its end writes its last chunk; a step that changes most fighters the same way starts a new generation", () => {
    const ids = Array.from({ length: 40 }, (_, i) => `f${String(i).padStart(15, "0")}`);
    const before = { acted: ids.slice(0, 20), combatants: ids.map((id) => ({ id, die: null, total: null })) };
    const stored = encodeState(before) as any;
    expect(Object.keys(stored.acted)).toEqual(["$0", "$1"]);
    expect(stored.acted.$0).toHaveLength(CHUNK);
    const acted = { ...before, acted: [...before.acted, ids[20]!] };
    expect(stateChange(before, acted, stored)).toEqual({ acted: { $1: ids.slice(CHUNK, 21) } });
    // Every fighter rolls: each entry holds its own; the next round clears them all, in a new generation of one key.
    const rolled = { ...before, combatants: before.combatants.map((c, i) => ({ ...c, die: i % 10, total: i % 10 })) };
    const rolledChange = stateChange(before, rolled, stored) as any;
    const rolledStored = serverMerge(stored, rolledChange) as any;
    expect(decodeState(rolledStored)).toEqual(rolled);
    const cleared = { ...rolled, combatants: rolled.combatants.map((c) => ({ ...c, die: null, total: null })) };
    const change = stateChange(rolled, cleared, rolledStored) as any;
    expect(Object.keys(change.combatants).sort()).toEqual(["$g3", "-=$g2"]);
    expect(JSON.stringify(change).length).toBeLessThan(100);
    expect(decodeState(serverMerge(rolledStored, change))).toEqual(cleared);
    // A key most fighters have and one lacks: kept once, that fighter's entry says it has none.
    const lacking = encodeState([{ id: "a", x: 1 }, { id: "b", x: 1 }, { id: "c" }]) as any;
    expect(lacking.$g1).toEqual({ $d: { x: 1 }, c: { x: { $: 0 } } });
    expect(decodeState(lacking)).toEqual([{ id: "a", x: 1 }, { id: "b", x: 1 }, { id: "c" }]);
  });

  it("an older world's JSON text is replaced whole on the first write (by an empty string when the new value is empty)", () => {
    expect(fieldChange('{"round":1}', { round: 2 })).toEqual({ round: 2 });
    expect(fieldChange("[]", {})).toBe("");
    expect(fieldChange("", {})).toBeNull();
    expect(fieldChange({}, {})).toBeNull();
    expect(fieldChange({ round: 1 }, { round: 2 })).toEqual({ round: 2 });
  });

  it("the undo history: each step one new key, the steps that fall out removed; never an entry rewritten", () => {
    let kept = readStoredHistory({});
    let stored: Record<string, unknown> = {};
    let state: any = { round: 1, combatants: [{ id: "aaaa", cp: 5 }], filler: "x".repeat(2000) };
    const changes: unknown[] = [];
    for (let i = 0; i < 7; i++) {
      const next = { ...state, combatants: [{ id: "aaaa", cp: state.combatants[0].cp + 1 }] };
      const entries = historyAfterStep(kept.map((s) => s.entry), state, next, 0, ["next"]);
      const now = storeHistory(kept, entries);
      changes.push(storedChange(stored, now));
      stored = now;
      kept = readStoredHistory(stored);
      state = next;
    }
    // Five kept (UNDO_DEPTH), numbered as they came.
    expect(kept.map((s) => s.key)).toEqual(["3", "4", "5", "6", "7"]);
    expect(changes.at(-1)).toEqual({ "7": stored["7"], "-=2": null });
    expect(kept.at(-1)!.entry.back).toEqual(reversePatch({ combatants: [{ id: "aaaa", cp: 11 }] }, { combatants: [{ id: "aaaa", cp: 12 }] }));
    // A history of older worlds, JSON text, reads as its steps in order.
    const text = JSON.stringify([{ back: ["=", 1], at: "x", seconds: 2 }]);
    expect(readStoredHistory(text)).toEqual([{ key: "1", entry: { back: ["=", 1], at: "x", seconds: 2 } }]);
  });
});

/** FNV-1a over the state's JSON in its own key order: the fingerprint histories held before issue 23. */
function oldFingerprint(state: unknown): string {
  const text = JSON.stringify(state);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${h.toString(36)}.${text.length.toString(36)}`;
}

/**
 * A world saved before issue 23: an opposed fight of four whose Combat holds its
 * state and its undo history (one step: the next turn) as JSON text, as the
 * earlier version wrote them. The GM and Alice connect to it.
 */
async function oldWorld() {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
  const setup = await world.connect("GM");
  await setup.game.settings.set("bout", "ruleset", "opposed");
  const actors = await setup.CONFIG.Actor.documentClass.createDocuments(["Ada", "Bran", "Guard", "Wolf"].map((name, i) => ({ name, type: i < 2 ? "character" : "npc", system: { opposed: { i: 40 - i * 10, ag: 35 } } })));
  const combat = await setup.CONFIG.Combat.documentClass.create({ active: true });
  await combat.createEmbeddedDocuments("Combatant", actors.map((a: any) => ({ actorId: a.id, name: a.name })));
  await combat.startCombat();
  await settle();
  const start = structuredClone(combat.machineState);
  await combat.nextTurn();
  await settle();
  const now = structuredClone(combat.machineState);
  setup.disconnect();
  const stored = world.server.collections.get("combats")!.find((c) => c._id === combat.id)!;
  const entry = { back: reversePatch(start, now), at: oldFingerprint(now), seconds: 0 };
  stored.system.state = JSON.stringify(now);
  stored.system.history = JSON.stringify([entry]);
  const gm = await world.connect("GM");
  const alice = await world.connect("Alice");
  await settle();
  return { world, gm, alice, combatId: combat.id as string, start, now, stored };
}

describe("a world whose Combat still holds the JSON text of older versions", () => {
  it("reads it on every client, and the GM's next step writes the whole structured state once; the step after writes only its change", async () => {
    const t = await oldWorld();
    const on = (client: any) => client.game.combats.get(t.combatId);
    expect(on(t.gm).machineState).toEqual(t.now);
    expect(on(t.alice).machineState).toEqual(t.now);
    expect(on(t.gm).canUndo).toBe(true);
    // Nothing is written just by connecting.
    expect(typeof t.stored.system.state).toBe("string");

    let mark = t.world.server.writes.length;
    await on(t.gm).nextTurn();
    await settle();
    expect(decisionWrites(t.world, mark).map((w: any) => `${w.action} ${w.documentName}`)).toEqual(["update Combat"]);
    const stored = t.world.server.collections.get("combats")!.find((c) => c._id === t.combatId)!;
    // The database now holds the structured form, and it reads as the state every client shows.
    expect(typeof stored.system.state).toBe("object");
    expect(decodeState(stored.system.state)).toEqual(on(t.gm).machineState);
    expect(on(t.alice).machineState).toEqual(on(t.gm).machineState);
    expect((on(t.gm).machineState as any).turn).toBe(2);
    // The older history was carried over, with the new step on top.
    expect(typeof stored.system.history).toBe("object");
    expect(readStoredHistory(stored.system.history)).toHaveLength(2);

    // From then on a step carries its change only.
    const heard: number[] = [];
    t.alice.Hooks.on("updateCombat", (_doc: unknown, changed: unknown) => void heard.push(JSON.stringify(changed).length));
    mark = t.world.server.writes.length;
    await on(t.gm).nextTurn();
    await settle();
    expect(decisionWrites(t.world, mark)).toHaveLength(1);
    expect(heard).toHaveLength(1);
    expect(heard[0]!).toBeLessThan(JSON.stringify(on(t.gm).machineState).length / 4);
    expect(on(t.alice).machineState).toEqual(on(t.gm).machineState);
    expect(decodeState(stored.system.state)).toEqual(on(t.gm).machineState);
  });

  it("the GM's Undo takes back the step the older history holds, in one write that converts both fields", async () => {
    const t = await oldWorld();
    const on = (client: any) => client.game.combats.get(t.combatId);
    const mark = t.world.server.writes.length;
    await t.gm.ui.combat.runAction("boutUndo");
    await settle();
    expect(t.gm.notices).toEqual([]);
    expect(decisionWrites(t.world, mark).map((w: any) => `${w.action} ${w.documentName}`)).toEqual(["update Combat"]);
    expect(on(t.gm).machineState).toEqual(t.start);
    expect(on(t.alice).machineState).toEqual(t.start);
    const stored = t.world.server.collections.get("combats")!.find((c) => c._id === t.combatId)!;
    expect(decodeState(stored.system.state)).toEqual(t.start);
    // Nothing left to undo: the older text is gone (an empty history).
    expect(stored.system.history).toBe("");
    expect(on(t.gm).canUndo).toBe(false);
  });
});

// Issue 35 changed the stored form again (fighters' entries by generation, long arrays in chunks, the state's
// fingerprint beside it, undo patches with columns). A fight in progress when the system updates keeps going: a
// Combat saved by the version before (lists as `$ids` beside every entry whole under `$by`, arrays whole, history
// fingerprints as an FNV of the canonical JSON, no `system.fingerprint`) is read as it is on every client, the GM's
// Undo takes back the step its history holds, and the GM's next steps rewrite in the new form only what they change.
// No data migration (src/data/migrations.ts) is needed: the readers take both forms.

/** The stored form of issue 23: a list kept by id as `$ids` beside every entry whole under `$by`; arrays whole. */
function issue23Form(value: unknown): unknown {
  if (Array.isArray(value)) {
    const keyed = value.length > 0 && value.every((e) => e && typeof e === "object" && typeof e.id === "string") && new Set(value.map((e) => e.id)).size === value.length;
    if (keyed) return { $ids: value.map((e) => e.id), $by: Object.fromEntries(value.map((e) => [e.id, issue23Form(e)])) };
    return value.map(issue23Form);
  }
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [storedKey(k), issue23Form(v)]));
  return value;
}

/** The reverse patch of issue 23 (before columns, places and lengths): element by element for arrays of one length, else whole. */
function issue23Patch(from: any, to: any): unknown {
  if (Array.isArray(from) && Array.isArray(to) && from.length === to.length) {
    const parts = Object.fromEntries(from.map((v, i) => [String(i), issue23Patch(v, to[i])]).filter(([, p]) => p));
    return Object.keys(parts).length ? ["[", parts] : null;
  }
  if (from && to && typeof from === "object" && typeof to === "object" && !Array.isArray(from) && !Array.isArray(to)) {
    const parts: Record<string, unknown> = {};
    for (const k of Object.keys(to)) if (!(k in from)) parts[k] = ["-"];
    else {
      const p = issue23Patch(from[k], to[k]);
      if (p) parts[k] = p;
    }
    for (const k of Object.keys(from)) if (!(k in to)) parts[k] = ["=", from[k]];
    return Object.keys(parts).length ? ["{", parts] : null;
  }
  return JSON.stringify(from) === JSON.stringify(to) ? null : ["=", from];
}

describe("a world whose Combat holds the stored form of the version before issue 35 (a fight in progress when the system updates)", () => {
  /** A phases fight of 20 (an order of turns longer than a chunk), its last step in the older history, saved in the older form; the GM and Alice connect. */
  async function olderWorld() {
    dist();
    const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
    const setup = await world.connect("GM");
    await setup.game.settings.set("bout", "ruleset", "phases");
    setup.runtime.dialogs.responder = (_kind: string, config: any) => (config.buttons?.some((b: any) => b.action === "none") ? "none" : null);
    const actors = await setup.CONFIG.Actor.documentClass.createDocuments(Array.from({ length: 20 }, (_, i) => ({ name: `Fighter ${i + 1}`, type: i % 2 ? "npc" : "character" })));
    const combat = await setup.CONFIG.Combat.documentClass.create({ active: true });
    await combat.createEmbeddedDocuments("Combatant", actors.map((a: any) => ({ actorId: a.id, name: a.name })));
    await combat.startCombat();
    await settle();
    await setup.ui.combat.runAction("boutReveal");
    await settle();
    await combat.nextTurn();
    await settle();
    const before = structuredClone(combat.machineState);
    await combat.nextTurn();
    await settle();
    const now = structuredClone(combat.machineState);
    setup.disconnect();
    const stored = world.server.collections.get("combats")!.find((c) => c._id === combat.id)!;
    const back = issue23Patch(before, now);
    const entry = { back: issue23Form(back), at: oldPrint(canonical(now)), seconds: 0 };
    stored.system.state = issue23Form(now);
    stored.system.history = { "7": { ...entry, size: JSON.stringify(entry).length + 12 } };
    delete stored.system.fingerprint;
    const gm = await world.connect("GM");
    gm.runtime.dialogs.responder = setup.runtime.dialogs.responder;
    const alice = await world.connect("Alice");
    await settle();
    return { world, gm, alice, combatId: combat.id as string, before, now, stored: () => world.server.collections.get("combats")!.find((c) => c._id === combat.id)! };
  }
  const canonical = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
    if (v && typeof v === "object") return `{${Object.keys(v).sort().filter((k) => (v as any)[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonical((v as any)[k])}`).join(",")}}`;
    return JSON.stringify(v) ?? "null";
  };
  const oldPrint = (text: string) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return `${h.toString(36)}.${text.length.toString(36)}`;
  };

  it("every client reads it as it is; the GM's Undo takes back the step its history holds, in one write", async () => {
    const t = await olderWorld();
    const on = (client: any) => client.game.combats.get(t.combatId);
    expect(on(t.gm).machineState).toEqual(t.now);
    expect(on(t.alice).machineState).toEqual(t.now);
    expect(t.stored().system.state.combatants.$by).toBeDefined();
    expect(on(t.gm).canUndo).toBe(true);
    const mark = t.world.server.writes.length;
    await t.gm.ui.combat.runAction("boutUndo");
    await settle();
    expect(t.gm.notices).toEqual([]);
    expect(decisionWrites(t.world, mark).map((w: any) => `${w.action} ${w.documentName}`)).toEqual(["update Combat"]);
    expect(on(t.gm).machineState).toEqual(t.before);
    expect(on(t.alice).machineState).toEqual(t.before);
    expect(decodeState(t.stored().system.state)).toEqual(t.before);
    expect(on(t.gm).canUndo).toBe(false);
  });

  it("a write of the state that is not the system's (a GM's macro, leaving the fingerprint as it was) is read on every client; the GM's Undo then refuses with nothing written, and the next step goes on from what the macro wrote", async () => {
    const t = await olderWorld();
    const on = (client: any) => client.game.combats.get(t.combatId);
    await on(t.gm).nextTurn();
    await settle();
    const turn = on(t.gm).machineState.turn;
    expect(turn).toBe(t.now.turn + 1);
    await on(t.gm).update({ "system.state.turn": 0 });
    await settle();
    expect(on(t.gm).machineState.turn).toBe(0);
    expect(on(t.alice).machineState.turn).toBe(0);
    const mark = t.world.server.writes.length;
    await t.gm.ui.combat.runAction("boutUndo");
    await settle();
    expect(t.world.writesSince(mark)).toEqual([]);
    expect(t.gm.notices.map((n: any) => n.message)).toEqual(["There is no step to undo."]);
    await on(t.gm).nextTurn();
    await settle();
    expect(on(t.gm).machineState.turn).toBe(1);
    expect(decodeState(t.stored().system.state)).toEqual(on(t.gm).machineState);
    expect(on(t.alice).machineState).toEqual(on(t.gm).machineState);
  });

  it("the GM's steps go on from it: each writes what it changed (the lists it changes in the new form), the fingerprint beside the state; a new round and its undo too", async () => {
    const t = await olderWorld();
    const on = (client: any) => client.game.combats.get(t.combatId);
    const heard: number[] = [];
    t.alice.Hooks.on("updateCombat", (_doc: unknown, changed: unknown) => void heard.push(JSON.stringify(changed).length));
    await on(t.gm).nextTurn();
    await settle();
    expect(t.gm.notices).toEqual([]);
    const stored = t.stored();
    // The fighters' list was not changed: still in the older form; the fingerprint is written.
    expect(stored.system.state.combatants.$by).toBeDefined();
    expect(stored.system.fingerprint).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(heard[0]!).toBeLessThan(1000);
    expect(decodeState(stored.system.state)).toEqual(on(t.gm).machineState);
    expect(on(t.alice).machineState).toEqual(on(t.gm).machineState);
    // A new round changes every fighter: the list is rewritten once in the new form.
    const round = structuredClone(on(t.gm).machineState);
    await on(t.gm).nextRound();
    await settle();
    expect(t.gm.notices).toEqual([]);
    expect(Object.keys(t.stored().system.state.combatants).sort()).toEqual(["$g1", "$ids"]);
    expect(decodeState(t.stored().system.state)).toEqual(on(t.gm).machineState);
    expect(on(t.alice).machineState).toEqual(on(t.gm).machineState);
    await t.gm.ui.combat.runAction("boutUndo");
    await settle();
    expect(on(t.gm).machineState).toEqual(round);
    expect(on(t.alice).machineState).toEqual(round);
    expect(decodeState(t.stored().system.state)).toEqual(round);
  });
});
