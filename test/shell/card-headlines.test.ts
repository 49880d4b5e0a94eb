// Issue 20, "Chat cards": every card kind of every ruleset opens with a headline
// that tells its story in plain game language, worded from what the engine
// returned. Each kind is posted through the table's flows with exact dice
// (test/shell/card-kind-cases.ts, rules cited per case) and its resolved card's
// headline read word for word; the headline stays when the card is applied.
// Every branch of every headline resolves to a lang string whose placeholders
// the headline fills, and every registered kind has a screenshot case.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { formatCounted } from "../../src/applications/results/plural";
import * as steel from "../../src/table/steel/headline";
import * as phases from "../../src/table/phases/headline";
import * as ap from "../../src/table/actionpoints/headline";
import * as opposed from "../../src/table/opposed/headline";
import * as pulse from "../../src/table/pulse/headline";
import { ATTACK_KINDS, CASES, cardStates, headlineOf } from "./card-kind-cases";

const EN = JSON.parse(readFileSync(join(process.cwd(), "lang/en.json"), "utf8"));
const lookup = (key: string): unknown => key.split(".").reduce<any>((o, k) => (o && typeof o === "object" ? o[k] : undefined), EN);
const i18n = {
  localize: (key: string) => (typeof lookup(key) === "string" ? (lookup(key) as string) : key),
  format: (key: string, data: Record<string, string> = {}) => {
    const raw = typeof lookup(key) === "string" ? (lookup(key) as string) : key;
    return raw.replace(/\{(\w+)\}/g, (m, k: string) => data[k] ?? m);
  },
};

describe("every card kind's headline, read from its resolved card (issue 20)", () => {
  for (const c of CASES) {
    it(`${c.kind}: "${c.headline}"`, async () => {
      const cards = await cardStates(c);
      // A card whose result changes nothing is done as it resolves (issue 34): its first state after waiting is "applied".
      expect(headlineOf(cards.resolved ?? cards.applied ?? ""), `${c.kind} resolved`).toBe(c.headline);
      expect(headlineOf(cards.applied ?? ""), `${c.kind} applied`).toBe(c.headline);
    });
  }
});

describe("every headline branch is a lang string the headline fills (issue 20)", () => {
  const part = "chest";
  const branches = [
    steel.terrainHeadline({ success: true, botch: false }, false, null),
    steel.terrainHeadline({ success: true, botch: false }, true, null),
    steel.terrainHeadline({ success: false, botch: false }, false, null),
    steel.terrainHeadline({ success: false, botch: true }, false, null),
    ...["halfDiceNextAction", "halfPool", "fallsOnBack", "knockedDown"].map((consequence) => steel.terrainHeadline({ success: false, botch: false }, false, { consequence, diceLost: 2 })),
    steel.terrainContestHeadline({ actorSucceeds: true }, false),
    steel.terrainContestHeadline({ actorSucceeds: true }, true),
    steel.terrainContestHeadline({ actorSucceeds: false }, true),
    steel.buyHeadline({ bought: true, buyer: { dice: [1] } }),
    steel.buyHeadline({ bought: false, buyer: { dice: [1, 2] } }),
    steel.surpriseHeadline({ outcome: "defendOnly" }),
    steel.surpriseHeadline({ outcome: "noAction" }),
    ...[true, false].flatMap((at) => [steel.rideByHeadline({ exchanges: 1, unhorsed: false }, at), steel.rideByHeadline({ exchanges: 2, unhorsed: false }, at), steel.rideByHeadline({ exchanges: 2, unhorsed: true }, at)]),
    ...(["a", "b", null] as const).map((winner) => steel.ridersPassHeadline({ winner, exchanges: 2 })),
    ...[true, false].flatMap((wheel) => [null, { success: true, botch: false }, { success: false, botch: false }, { success: false, botch: true }].map((check) => steel.gaitHeadline({ wheel, from: "halt", to: "trot" }, check))),
    steel.bloodLossHeadline({ bled: false, healthNow: 4, dying: false }),
    steel.bloodLossHeadline({ bled: true, healthNow: 3, dying: false }),
    steel.bloodLossHeadline({ bled: true, healthNow: 0, dying: true }),
    steel.readyHeadline({ state: { roundsLeft: 2 }, quickened: null }, "Hunting bow"),
    steel.readyHeadline({ state: { roundsLeft: 1 }, quickened: true }, "Hunting bow"),
    steel.readyHeadline({ state: { roundsLeft: 2 }, quickened: false }, "Hunting bow"),
    steel.shotHeadline({ margin: 2, hit: { level: 3, part } }),
    steel.shotHeadline({ margin: 1, hit: { level: 0, part } }),
    steel.shotHeadline({ margin: 0, hit: null }),
    phases.fatigueHeadline({ passed: true, lost: 0 }),
    phases.fatigueHeadline({ passed: false, lost: 1 }),
    phases.athleticsHeadline({ passed: true, botched: false }),
    phases.athleticsHeadline({ passed: false, botched: false }),
    phases.athleticsHeadline({ passed: false, botched: true }),
    phases.magicHeadline(),
    ap.standHeadline(4),
    ap.advantageHeadline("disarm", { success: true }),
    ap.advantageHeadline("disarm", { success: false }),
    ...(["missed", "avoided", "partial", "hit"] as const).flatMap((outcome) => [ap.advantageHeadline("riposte", { outcome, damage: { delivered: 5 } }), ap.advantageHeadline("riposte", { outcome, damage: null })]),
    opposed.moveHeadline({ move: "charge", gained: true, advantage: 1 }),
    opposed.moveHeadline({ move: "charge", gained: false, advantage: 0 }),
    ...[null, 3].flatMap((wounds) => [0, 1].map((broken) => opposed.moveHeadline({ move: "flee", wounds, broken }))),
    opposed.moveHeadline({ move: "disengage", escaped: true }),
    opposed.moveHeadline({ move: "disengage", escaped: false }),
    ...(["run", "climb"] as const).flatMap((move) => [opposed.moveHeadline({ move, success: true, yards: 3 }), opposed.moveHeadline({ move, success: false, yards: 0 })]),
    opposed.moveHeadline({ move: "leap", feet: 4.5 }),
    opposed.moveHeadline({ move: "fall", wounds: 0, prone: false }),
    opposed.moveHeadline({ move: "fall", wounds: 4, prone: false }),
    opposed.moveHeadline({ move: "fall", wounds: 9, prone: true }),
    opposed.ambushHeadline({ spotters: [{ surprised: true }, { surprised: false }] }),
    opposed.ambushHeadline({ spotters: [{ surprised: false }] }),
    opposed.shakeOffHeadline({ resolve: 0 }),
    pulse.jumpHeadline(10, { success: true }),
    pulse.jumpHeadline(10, { success: false }),
    pulse.stuckHeadline({ damage: 0 }),
    pulse.stuckHeadline({ damage: 3 }),
    pulse.disarmChoiceHeadline("Buckler"),
    pulse.trampleHeadline({ strike: { hit: false, grievous: false }, parry: null, damage: null }),
    pulse.trampleHeadline({ strike: { hit: true, grievous: false }, parry: null, damage: { effective: 0 } }),
    pulse.trampleHeadline({ strike: { hit: true, grievous: false }, parry: null, damage: { effective: 7 } }),
    pulse.closeHeadline(true),
    pulse.closeHeadline(false),
    pulse.withdrawHeadline({ success: true }),
    pulse.withdrawHeadline({ success: false }),
    pulse.disentangleHeadline({ free: true, record: { passes: 2 }, needed: 2 }),
    pulse.disentangleHeadline({ free: false, record: { passes: 1 }, needed: 2 }),
    pulse.infectionHeadline({ infected: true }),
    pulse.infectionHeadline({ infected: false }),
    pulse.infectionDayHeadline({ healed: true, damage: 0 }),
    pulse.infectionDayHeadline({ healed: false, damage: 4 }),
    ...[null, { success: true }, { success: false }].flatMap((resist) => [0, 6].map((effective) => pulse.magicHeadline({ resist, damage: { effective } }))),
    pulse.recoverHeadline({ success: true }),
    pulse.recoverHeadline({ success: false }),
    pulse.noLineOfFireHeadline(),
    // The result cards' own: skill tests from the sheet (test/shell/result-cards.test.ts), the order of simultaneous blows, the outnumbered roll.
    ...[{ success: true, roll: { successes: 2, botch: false } }, { success: false, roll: { successes: 0, botch: false } }, { success: false, roll: { successes: 0, botch: true } }].map((r) => steel.skillHeadline("Climb", r)),
    ...[true, false].map((success) => opposed.skillHeadline("Climb", { success, sl: success ? 2 : -2 })),
    ...["criticalSuccess", "success", "failure", "criticalFailure"].map((level) => ap.skillHeadline("Climb", { roll: 40, target: 55, level })),
    steel.blowOrderHeadline(["Ada"]),
    steel.blowOrderHeadline(["Ada", "Bran"]),
    ...["lone", "opponents", "surrounded"].map((decides) => steel.crowdHeadline({ decides, cap: 2 })),
    // The attack cards' own.
    ...[{ level: 4, part }, { level: 0, part }, null].map((hit) => steel.exchangeHeadline({ winner: "a", hit }, "a", "Bran")),
    steel.exchangeHeadline({ winner: "b", hit: null }, "a", "Bran"),
    ...[true, false].flatMap((missile) => [phases.attackHeadline(false, 0, missile), phases.attackHeadline(true, 0, missile), phases.attackHeadline(true, 1, missile), phases.attackHeadline(true, 3, missile)]),
    ...(["missed", "avoided", "partial", "hit"] as const).flatMap((outcome) => [ap.attackHeadline({ outcome, damage: { delivered: 5 } }, "dodge"), ap.attackHeadline({ outcome, damage: null }, "dodge")]),
    ...[1, 3].flatMap((suffered) => [true, false].map((ranged) => opposed.attackHeadline({ hit: { location: "head", wounds: { suffered } } }, ranged))),
    opposed.attackHeadline({ hit: null }, false),
    opposed.attackHeadline({ hit: null }, true),
    ...(["parry", "disarm", "riposte"] as const).map((outcome) => pulse.attackHeadline({ strike: { hit: false, grievous: false }, parry: { outcome }, damage: null })),
    ...[false, true].flatMap((grievous) => [null, { effective: 0 }, { effective: 4 }].map((damage) => pulse.attackHeadline({ strike: { hit: damage !== null, grievous }, parry: null, damage }))),
    // What the table must act on after the outcome (issue 34), each ruleset's from its result.
    ...steel.blowAftermath({ wound: { cpLeft: 0, knockdownRoll: { down: true }, knockoutRoll: { out: true }, fatal: true }, struck: "Bran", thrown: "Bran", fallen: ["Ada"] }),
    ...phases.fatigueAftermath({ after: { out: true } }, "Ada"),
    ...ap.blowAftermath({ mishaps: { attackerDrops: true, defenderDrops: "shield", defenderKneels: true }, damage: { shieldShattered: true, unconscious: true, dead: false } }, { attacker: "Ada", defender: "Bran" }),
    ...ap.blowAftermath({ mishaps: { attackerDrops: false, defenderDrops: "weapon", defenderKneels: false }, damage: { shieldShattered: false, unconscious: true, dead: true } }, { attacker: "Ada", defender: "Bran" }),
    ...opposed.fumbleAftermath({ wounds: [{ id: "a", result: { critical: true } }], weaponRuined: true, turnEffect: null, stunned: true }, "Ada", () => "Bran"),
    ...["weaponJars", "outOfPosition", "loseMove", "loseAction"].flatMap((turnEffect) => opposed.fumbleAftermath({ wounds: [], weaponRuined: false, turnEffect, stunned: false }, "Ada", () => "Bran")),
    ...opposed.hitAftermath({ wounds: { critical: true } }, "Bran"),
    opposed.criticalAftermath("Bran"),
    ...pulse.blowAftermath({ damage: { state: "alive", stun: true }, knockedOut: false }, { defenderProne: true, defenderWeaponDropped: "m", shieldBroken: "s", attackerWeaponBroken: "w" }, { attacker: "Ada", defender: "Bran" }),
    ...pulse.blowAftermath({ damage: null, knockedOut: true }, { attackerWeaponDropped: "w" }, { attacker: "Ada", defender: "Bran" }),
    ...pulse.blowAftermath({ damage: { state: "dead", stun: true }, knockedOut: false }, {}, { attacker: "Ada", defender: "Bran" }),
  ];

  it("each key exists in lang/en.json, and the words come out whole: no placeholder left, no '(s)'", () => {
    expect(branches.filter((h) => typeof lookup(h.key) !== "string").map((h) => h.key)).toEqual([]);
    for (const h of branches) {
      const text = formatCounted(i18n, h.key, { attacker: "Ada", defender: "Bran", ...Object.fromEntries(Object.entries(h.data ?? {}).map(([k, v]) => [k, String(v)])) });
      expect(text, h.key).not.toMatch(/[{}|]|\(s\)|BOUT\.|\bseed\b|§/);
    }
    // And every headline in the lang file is one a card can say (the plain outcome words are the fallback for older cards).
    const leaves = (o: any, at: string): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === "string" ? [`${at}${k}`] : leaves(v, `${at}${k}.`)));
    const said = new Set(branches.map((h) => h.key));
    expect(leaves(lookup("BOUT.Card.Headline"), "BOUT.Card.Headline.").filter((k) => !said.has(k))).toEqual(["BOUT.Card.Headline.success", "BOUT.Card.Headline.failure", "BOUT.Card.Headline.neutral"]);
  });

  it("counted words agree with their numbers: '1 die', '2 dice', '2 rounds', '2 exchanges', '1 action point', '1 foot'", () => {
    const say = (h: { key: string; data?: Record<string, string | number> }) => formatCounted(i18n, h.key, { attacker: "Ada", defender: "Bran", ...Object.fromEntries(Object.entries(h.data ?? {}).map(([k, v]) => [k, String(v)])) });
    expect(say(steel.buyHeadline({ bought: true, buyer: { dice: [7] } }))).toBe("Ada buys the initiative with 1 die.");
    expect(say(steel.buyHeadline({ bought: false, buyer: { dice: [7, 2] } }))).toBe("Bran keeps the initiative against Ada's 2 dice.");
    expect(say(steel.readyHeadline({ state: { roundsLeft: 2 }, quickened: null }, "her bow"))).toBe("Ada readies her bow: ready in 2 rounds.");
    expect(say(steel.ridersPassHeadline({ winner: "b", exchanges: 2 }))).toBe("The riders pass: Bran wins the Ride and sets 2 exchanges this round.");
    expect(say(phases.fatigueHeadline({ passed: false, lost: 1 }))).toBe("Ada tires: 1 fatigue level lost.");
    expect(say(ap.standHeadline(1))).toBe("Ada stands up for 1 action point.");
    expect(say(opposed.moveHeadline({ move: "flee", wounds: 1, broken: 0 }))).toBe("Ada flees and takes a free blow: 1 Wound lost.");
    expect(say(opposed.ambushHeadline({ spotters: [{ surprised: true }, { surprised: true }] }))).toBe("Ada takes 2 foes by surprise.");
    expect(say(pulse.jumpHeadline(1, { success: true }))).toBe("Ada jumps 1 foot and lands safely.");
    expect(say(opposed.moveHeadline({ move: "leap", feet: 4.5 }))).toBe("Ada leaps 4.5 feet.");
    expect(say(steel.crowdHeadline({ decides: "lone", cap: 1 }))).toBe("Ada picks whom to face: at most 1 foe attacks at once.");
    expect(say(steel.blowOrderHeadline(["Ada", "Bran"]))).toBe("Ada, Bran strike first, at the same moment.");
  });
});

describe("every registered card kind has a screenshot (issue 20, Proof)", () => {
  it("the kinds the system registers are exactly the browser cases and the five attack cards", async () => {
    dist();
    const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
    const gm = await world.connect("GM");
    const registered: string[] = gm.evaluate<any>("globalThis.__boutTest").registeredCardKinds();
    expect(registered.length).toBeGreaterThan(30);
    const shot = new Set([...CASES.map((c) => c.kind), ...Object.values(ATTACK_KINDS)]);
    expect(registered.filter((k) => !shot.has(k)), "registered kinds without a screenshot case").toEqual([]);
    expect([...shot].filter((k) => !registered.includes(k)), "screenshot cases for kinds no longer registered").toEqual([]);
    // One case per kind: a kind is not screenshotted twice under one name.
    expect(CASES.length).toBe(new Set(CASES.map((c) => c.kind)).size);
  });
});
