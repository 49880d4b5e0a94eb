// Issue 34 "Cards": what the table reads on every card kind of the five
// rulesets, posted through the table's flows with exact dice
// (test/shell/card-kind-cases.ts, rules cited per case) and read from the card
// the handlebars templates rendered:
// - whose dice: every row named by fighter and purpose, in the order the action
//   happened (the engine labels each draw as it reads it: src/engine/dice/labels.ts);
// - what the table must act on is in the headline (knocked down, Shock emptying
//   the pool, stunned, a weapon dropped);
// - Apply only where applying changes something: a card whose result changes
//   nothing is done as it resolves;
// - the answer button says what it does, per kind.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { MANEUVER_FAMILIES } from "../../src/engine/rulesets/steel/stats";
import { DEFENCES } from "../../src/engine/rulesets/actionpoints/attack";
import { DEFAULT_ADVANTAGE_FATIGUE } from "../../src/engine/rulesets/actionpoints/tables";
import { ATTACK_CASES, CASES, cardStates, headlineOf, type KindCase } from "./card-kind-cases";

const A = "Ada of the Western March";

/** Each dice row of a card as the table reads it: its name, then its faces. */
function rows(content: string): string[] {
  const root = new Window().document.createElement("div");
  root.innerHTML = content;
  return Array.from(root.querySelectorAll(".bout-dice .card-die-group")).map((g) => {
    const faces = Array.from(g.querySelectorAll(".card-die")).map((d) => d.firstChild!.textContent!.trim());
    return `${g.querySelector(".card-die-label")!.textContent}: ${faces.join(" ")}`;
  });
}

/** The buttons a card shows the GM: their action and their words. */
function buttons(content: string): string[] {
  const root = new Window().document.createElement("div");
  root.innerHTML = content;
  return Array.from(root.querySelectorAll("button[data-bout-action]")).map((b) => `${b.getAttribute("data-bout-action")}: ${b.textContent!.trim()}`);
}

/** Every kind's rows on its resolved card, in the order the action happened (the cases' dice). */
const ROWS: Readonly<Record<string, readonly string[]>> = {
  "actionpoints.stand": [],
  "opposed.move": [],
  "pulse.jump": [`${A}: landing, target 45: 12`],
  "pulse.infection": [`${A}: infection, chance 34: 88`],
  "steel.terrain": [`${A}: terrain roll, TN 4: 8 4 9`],
  "steel.bloodLoss": [`${A}: Blood Loss, TN 3: 4 7 2 1`],
  "opposed.ambush": [`${A}: Stealth, target 30: 35`, "Bran: Perception, target 30: 62"],
  "pulse.magic": [`${A}: damage: 5`],
  "pulse.recover": [`${A}: recovering from the stun, target 70: 25`],
  "pulse.infectionDay": [`${A}: healing, under 15: 70`, `${A}: fever damage: 9`],
  // The ambusher's dice, the target's spotting, then his hesitation at TN 7 + 3 − 0.
  "steel.surprise": [`${A}: ambush, TN 6: 9 8 3 7 2 4`, "Bran: spotting the ambush, TN 7: 1 5 6 2", "Bran: hesitation, TN 10: 8 3 1 1"],
  "pulse.close": [],
  "pulse.stuck": [],
  "phases.fatigue": [`${A}: fatigue check against 6: 6`],
  "phases.athletics": [`${A}: Athletics against 6: 7`],
  "phases.magic": [],
  "pulse.closeWithdraw": [`${A}: breaking out: 8`],
  "steel.terrainContest": [`${A}: terrain roll, TN 4: 9 7 3`, "Bran: opposing the move, TN 4: 8 2"],
  "steel.missile": [`${A}: shot, TN 6: 9 9 9`, "Bran: evading, TN 7: 2 2", "Bran: hit location: 3 4"],
  "steel.buyInitiative": ["Bran: bid for the initiative, TN 6: 7 8 2", `${A}: keeping the initiative, TN 6: 9 3`],
  "steel.readyMissile": [`${A}: hurrying the reload, TN 8: 9 2 2 2 2`],
  "steel.rideBy": [`${A}: Ride check, TN 7: 8 2 2 2 2 2`],
  "steel.rideByAt": [`${A}: Ride check, TN 7: 8 2 2 2 2 2`, "Bran: holding the rider, TN 7: 2"],
  "steel.ridersPass": [`${A}: Ride check, TN 7: 8 8 2 2 2 2`, "Bran: Ride check, TN 7: 7 2 2 2 2"],
  "steel.gait": [`${A}: Ride check, TN 7: 9 2 2 2 2 2`],
  "opposed.shakeOff": [],
  "pulse.disentangle": [],
  "pulse.trample": ["Bran: strike, chance 30: 30", "Bran: damage: 4"],
  "pulse.disarmChoice": [],
  "actionpoints.advantage": ["Bran: riposte, target 50: 30", "Bran: crit die: 4"],
  "steel.exchange": [`${A}: attack, TN 6: 9 8 7 2`, "Bran: parry, TN 6: 2 3 9", "Bran: hit location: 3", "Bran: Knockdown, TN 4: 1 1 1 1"],
  "phases.attack": [`${A}: attack, stress die +6: 8`, "Bran: defence, stress die +2: 4"],
  // Bran's parry is rolled first (it could change the attack's target), but Ada attacked first: her row leads.
  "actionpoints.attack": [`${A}: attack, target 60: 80`, "Bran: weapon parry, target 35: 20"],
  "opposed.attack": [`${A}: attack, target 45: 21`, "Bran: Melee, target 40: 38"],
  "pulse.attack": [`${A}: strike, chance 61: 20`, `${A}: damage: 6`, "Bran: keeping hold of the weapon while stunned, target 45: 5"],
};

/** The attack cards' headlines, with what the table must act on after the outcome. */
const ATTACK_HEADLINES: Readonly<Record<string, string>> = {
  "steel.exchange": `${A}'s blow lands: level 4 wound to Bran's shoulder. Shock leaves Bran no dice this round. Bran is knocked down.`,
  "phases.attack": `${A} hits Bran: 2 wound levels.`,
  "actionpoints.attack": `Miss: ${A}'s attack fails.`,
  "opposed.attack": `${A} hits Bran (Left (off) arm): 5 Wounds lost.`,
  "pulse.attack": `${A}'s blow lands: 8 damage to Bran. Bran is stunned.`,
};


/** The answer button of every kind that waits on the other fighter. */
const ANSWER: Readonly<Record<string, string>> = {
  "steel.surprise": "Watch for the ambush",
  "pulse.close": "Let in or repulse",
  "steel.terrainContest": "Oppose",
  "steel.missile": "Defend",
  "steel.buyInitiative": "Bid for initiative",
  "steel.rideByAt": "Hold the rider back",
  "steel.ridersPass": "Answer the pass",
  "steel.exchange": "Defend",
  "phases.attack": "Defend",
  "actionpoints.attack": "Defend",
  "opposed.attack": "Oppose",
  "pulse.attack": "Defend",
};

const ALL: readonly KindCase[] = [...CASES, ...ATTACK_CASES];

describe("every card kind: whose dice, what to act on, Apply only when it changes something, the answer's words (issue 34)", () => {
  it("the expectations cover every kind the cases post", () => {
    expect(ALL.map((c) => c.kind).filter((k) => !(k in ROWS))).toEqual([]);
  });

  for (const c of ALL) {
    it(`${c.kind}: ${ROWS[c.kind]?.length ?? 0} named rows${c.nothingToApply ? ", nothing to apply" : ""}${ANSWER[c.kind] ? `, answered by "${ANSWER[c.kind]}"` : ""}`, async () => {
      const cards = await cardStates(c);
      const done = cards.resolved ?? cards.applied ?? "";
      expect(rows(done), `${c.kind} rows`).toEqual(ROWS[c.kind]);
      if (ATTACK_HEADLINES[c.kind]) expect(headlineOf(done)).toBe(ATTACK_HEADLINES[c.kind]);
      if (c.nothingToApply) {
        // Done as it resolved: never resolved-and-waiting, no Apply, no "Applied" line.
        expect(cards.resolved, `${c.kind} waits for no Apply`).toBeUndefined();
        expect(buttons(cards.applied ?? "")).toEqual([]);
        expect(cards.applied).not.toContain("card-status applied");
      } else {
        expect(buttons(cards.resolved ?? "").filter((b) => b.startsWith("apply")), `${c.kind} Apply`).toEqual(["apply: Apply"]);
        expect(cards.applied).toContain("card-status applied");
      }
      const answer = ANSWER[c.kind];
      expect(buttons(cards.waiting ?? "").filter((b) => b.startsWith("defend")), `${c.kind} answer`).toEqual(answer ? [`defend: ${answer}`] : []);
    });
  }
});

describe("what the table must act on reaches the headline, with its dice named (issue 34)", () => {
  it("action points (seed 002 VII): Bran's parry fumbles (99) and his Agility roll fails (99): the headline says he drops his weapon, and his rows come after Ada's attack", async () => {
    const c = ATTACK_CASES.find((x) => x.kind === "actionpoints.attack")!;
    const cards = await cardStates({ ...c, draws: [[99, 100], [80, 100], [99, 100]] });
    const done = cards.resolved ?? "";
    expect(headlineOf(done)).toBe(`Miss: ${A}'s attack fails. Bran drops their weapon.`);
    expect(rows(done)).toEqual([`${A}: attack, target 60: 80`, "Bran: weapon parry, target 35: 99", "Bran: Agility to keep the weapon, target 60: 99"]);
  });

  it("the card's rolls are in the same order, so Dice So Nice throws the attack before the parry", async () => {
    const c = ATTACK_CASES.find((x) => x.kind === "actionpoints.attack")!;
    let rolls: number[] = [];
    await cardStates(c, async (w) => {
      w.gm.Hooks.on("updateChatMessage", (message: any) => {
        if (message.system.state !== "waiting") rolls = message.rolls.map((r: any) => r.total);
      });
    });
    expect(rolls).toEqual([80, 20]);
  });
});

describe("every name a rule gives its dice exists in lang/en.json (issue 34)", () => {
  const EN = JSON.parse(readFileSync(join(process.cwd(), "lang/en.json"), "utf8"));
  const has = (key: string) => typeof key.split(".").reduce<any>((o, k) => (o && typeof o === "object" ? o[k] : undefined), EN) === "string";
  const sources = (dir: string): string[] => readdirSync(join(process.cwd(), dir), { recursive: true }).map(String).filter((f) => f.endsWith(".ts")).map((f) => readFileSync(join(process.cwd(), dir, f), "utf8"));

  it("the literal keys, and each key a rule builds from its choices (a maneuver's family, a defence, an advantage, a check)", () => {
    const literal = sources("src").flatMap((code) => [...code.matchAll(/"(BOUT\.Card\.Roll\.[A-Za-z.]+)"/g)].map((m) => m[1]!));
    const built = [
      ...MANEUVER_FAMILIES.map((f) => `BOUT.Card.Roll.Steel.${f}`),
      ...DEFENCES.filter((d) => d !== "none").map((d) => `BOUT.Card.Roll.ActionPoints.Defence.${d}`),
      ...Object.keys(DEFAULT_ADVANTAGE_FATIGUE).map((k) => `BOUT.Card.Roll.ActionPoints.Blow.${k}`),
      ...["weapon", "shield", "kneel"].map((w) => `BOUT.Card.Roll.ActionPoints.Agility.${w}`),
      ...["Fall", "WeaponMishap", "StunRecovery", "PoisonHandling", "Landing"].map((c) => `BOUT.Card.Roll.Pulse.Check.${c}`),
    ];
    expect(literal.length).toBeGreaterThan(60);
    expect([...literal, ...built].filter((k) => !has(k))).toEqual([]);
  });
});
