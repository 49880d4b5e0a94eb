// The fighting styles as rules (issue 33): each a pure choice from the options
// a fighter legally has, the same for the same state, played by both the duel
// simulator and the table. Rules cited: seed 000 (steel) "Posture", "Melee
// Combat" (red and white throws), "Combat Pool"; seed 002 (actionpoints) IV.b-c
// (passive and active defences, their Fatigue), VI (Combat Advantages), II
// (acting while points last); seed 003 (opposed) "Opposed Tests"; seed 004
// (pulse) [17.4] (evading, parry), [19] (a stunned figure).
import { describe, expect, it } from "vitest";
import {
  ACTIONPOINTS_STYLES,
  apAct,
  apAdvantage,
  apDefence,
  best,
  bestBlow,
  expectedParryDice,
  GM_DECIDES,
  least,
  opposition,
  OPPOSED_STYLES,
  phasesPlan,
  PHASES_STYLES,
  pulseAnswer,
  PULSE_STYLES,
  spendShare,
  steelAttackDice,
  steelDefence,
  steelDefenceDice,
  steelStrike,
  steelThrow,
  steelZone,
  STEEL_STYLES,
  styleHint,
  styleIds,
  styleName,
  styleRule,
} from "../../../src/engine/styles";
import { RULESET_IDS } from "../../../src/engine/rulesets/ruleset";
import { readFileSync } from "node:fs";
import { packSources } from "../../pack-sources";

const LANG = JSON.parse(readFileSync(new URL("../../../lang/en.json", import.meta.url), "utf8"));
const text = (key: string) => key.split(".").reduce<any>((o, k) => o?.[k], LANG);

const FATIGUE = { shieldBash: 2, riposte: 3, disarm: 2, dodgeAttack: 2, bonusAttack: 1 } as never;

describe("the shipped Adversaries", () => {
  it("each fights by one of its ruleset's styles in every ruleset (its default; the GM may change it)", () => {
    const npcs = packSources<{ name: string; system: { styles?: Record<string, string> } }>("npcs");
    expect(npcs.length).toBeGreaterThan(0);
    for (const npc of npcs) for (const r of RULESET_IDS) expect(styleRule(r, npc.system.styles?.[r]), `${npc.name} in ${r}`).not.toBeNull();
  });
});

describe("choosing by the odds", () => {
  it("takes the best chance, the first of equal ones, and nothing from nothing", () => {
    expect(best([{ value: "a", chance: 0.2 }, { value: "b", chance: 0.7 }, { value: "c", chance: 0.7 }])).toBe("b");
    expect(least([{ value: "a", chance: 0.2 }, { value: "b", chance: 0.1 }, { value: "c", chance: 0.1 }])).toBe("b");
    expect(best([])).toBeNull();
  });
});

describe("the catalogue", () => {
  it("lists each ruleset's styles, reads an id only in its own ruleset, and 'GM decides' is no style", () => {
    expect(styleIds("steel")).toEqual(["balanced", "all-out-attack", "defend-and-riposte", "shield-wall"]);
    expect(styleIds("opposed")).toEqual(["parry-everything", "dodge-everything", "best-defence", "reckless"]);
    for (const r of RULESET_IDS) expect(styleIds(r).length).toBeGreaterThanOrEqual(2);
    expect(styleRule("steel", "balanced")).toBe(STEEL_STYLES.balanced);
    expect(styleRule("steel", "reckless")).toBeNull();
    expect(styleRule("opposed", GM_DECIDES)).toBeNull();
    expect(styleRule("opposed", "__proto__")).toBeNull();
    expect(styleRule("opposed", 3)).toBeNull();
    expect(styleName("pulse", "stand-fast")).toBe("BOUT.Style.pulse.stand-fast.Name");
    expect(styleName("pulse", "nonsense")).toBe("BOUT.Style.GmDecides");
    expect(styleHint("pulse", GM_DECIDES)).toBe("BOUT.Style.GmDecidesHint");
  });
  it("names every style in plain words, a short name and a line that starts with it", () => {
    for (const r of RULESET_IDS)
      for (const id of [GM_DECIDES, ...styleIds(r)]) {
        const name = text(styleName(r, id));
        expect(typeof name, `${r} ${id}`).toBe("string");
        expect(String(text(styleHint(r, id))).startsWith(`${name}: `), `${r} ${id}`).toBe(true);
      }
  });
});

describe("steel (seed 000)", () => {
  it("throws red or white with its posture, and neutral when the GM allows no postures", () => {
    expect(steelThrow(STEEL_STYLES["all-out-attack"]!, true)).toEqual({ throw: "red", posture: "aggressive" });
    expect(steelThrow(STEEL_STYLES["shield-wall"]!, true)).toEqual({ throw: "white", posture: "defensive" });
    expect(steelThrow(STEEL_STYLES["shield-wall"]!, false)).toEqual({ throw: "white", posture: "neutral" });
  });
  it("spends its share of the pool, at least one die while any are left, less the maneuver's activation cost", () => {
    expect(spendShare(10, 0.6)).toBe(6);
    expect(spendShare(1, 0.3)).toBe(1);
    expect(spendShare(0, 1)).toBe(0);
    expect(steelAttackDice(STEEL_STYLES.balanced!, 9, 0)).toBe(6);
    expect(steelAttackDice(STEEL_STYLES.balanced!, 9, 2)).toBe(4);
    expect(steelDefenceDice(STEEL_STYLES["shield-wall"]!, 9, 0)).toBe(7);
    expect(steelDefenceDice(STEEL_STYLES.balanced!, 1, 2)).toBe(0);
  });
  it("blocks only with a shield in hand, else parries; aims at the foe's gaps or its set zones", () => {
    expect(steelDefence(STEEL_STYLES["shield-wall"]!, true)).toBe("block");
    expect(steelDefence(STEEL_STYLES["shield-wall"]!, false)).toBe("parry");
    expect(steelDefence(STEEL_STYLES.balanced!, true)).toBe("parry");
    expect(steelZone(STEEL_STYLES.balanced!, "thrust", { swing: 3, thrust: 11 })).toBe(11);
    expect(steelZone({ ...STEEL_STYLES.balanced!, aimAtGaps: false }, "thrust", { swing: 3, thrust: 11 })).toBe(12);
  });
  it("the weapon's better blow: more damage, then the lower ATN", () => {
    const sword = { reach: 3, atnSwing: 6, atnThrust: 7, dtn: 6, swingDamage: 1, swingType: "cut", thrustDamage: 0, thrustType: "puncture", addStrength: true } as never;
    expect(bestBlow(sword, 5)).toBe("cut");
    expect(bestBlow({ ...(sword as object), thrustDamage: 1 } as never, 5)).toBe("cut");
    expect(bestBlow({ ...(sword as object), thrustDamage: 1, atnThrust: 5 } as never, 5)).toBe("thrust");
  });
  // Seed 000 "Maneuver-based Combat" (a weapon strikes only with the forms it has): a style set on thrusting
  // swings a flail; one set on cutting thrusts with a spear that has no edge; the table's card, the blow order
  // and the duel simulator all take this one answer.
  it("a style weighing whom to strike expects each foe to parry with half the dice he has left, rounded up", () => {
    expect([expectedParryDice(7), expectedParryDice(6), expectedParryDice(1), expectedParryDice(0), expectedParryDice(-2)]).toEqual([4, 3, 1, 0, 0]);
  });
  it("the style's blow the weapon can make: a shield-wall's thrust becomes a cut with a flail", () => {
    const sword = { reach: 3, atnSwing: 6, atnThrust: 7, dtn: 6, swingDamage: 1, swingType: "cut", thrustDamage: 0, thrustType: "puncture", addStrength: true } as never;
    const flail = { ...(sword as object), thrustType: "none" } as never;
    const spear = { ...(sword as object), swingType: "none" } as never;
    expect(steelStrike(STEEL_STYLES["shield-wall"]!, sword, 5)).toEqual({ blow: "thrust", form: "thrust" });
    expect(steelStrike(STEEL_STYLES["shield-wall"]!, flail, 5)).toEqual({ blow: "cut", form: "swing" });
    expect(steelStrike(STEEL_STYLES.balanced!, spear, 5)).toEqual({ blow: "thrust", form: "thrust" });
    expect(steelStrike(STEEL_STYLES.balanced!, { ...(sword as object), swingType: "none", thrustType: "none" } as never, 5)).toBeNull();
  });
});

describe("opposed (seed 003)", () => {
  it("opposes with its skill; the canny one with the higher target, Melee on a tie", () => {
    expect(opposition(OPPOSED_STYLES["best-defence"]!, 40, 45)).toBe("dodge");
    expect(opposition(OPPOSED_STYLES["best-defence"]!, 40, 40)).toBe("melee");
    expect(opposition(OPPOSED_STYLES["dodge-everything"]!, 60, 20)).toBe("dodge");
    expect(opposition(OPPOSED_STYLES.reckless!, 60, 20)).toBe("none");
  });
});

describe("phases (seed 001)", () => {
  it("declares a fight with its weapon at the weapon's range against the foe named; a bow shoots at near range; no weapon, nothing", () => {
    expect(phasesPlan(PHASES_STYLES["stand-and-fight"]!, { id: "w", missile: false, range: "reach" }, "c2")).toEqual({ action: "melee", movement: "stand", weaponId: "w", range: "reach", opponents: ["c2"], defence: "dodge" });
    expect(phasesPlan(PHASES_STYLES.reckless!, { id: "b", missile: true, range: "far" }, "c2")).toMatchObject({ action: "missile", range: "near", defence: "none" });
    expect(phasesPlan(PHASES_STYLES.reckless!, null, "c2")).toMatchObject({ action: "none", opponents: [] });
  });
});

describe("actionpoints (seed 002)", () => {
  const all = () => true;
  it("makes its defence when it can pay for it, else the free passive one (with the shield it plays)", () => {
    expect(apDefence(ACTIONPOINTS_STYLES["active-guard"]!, true, all)).toBe("activeShield");
    expect(apDefence(ACTIONPOINTS_STYLES["active-guard"]!, false, all)).toBe("activeParry");
    expect(apDefence(ACTIONPOINTS_STYLES["active-guard"]!, true, () => false)).toBe("passiveShield");
    expect(apDefence(ACTIONPOINTS_STYLES.dodger!, false, (d) => d !== "dodge")).toBe("passiveParry");
    expect(apDefence(ACTIONPOINTS_STYLES["passive-guard"]!, false, all)).toBe("passiveParry");
    expect(apDefence(ACTIONPOINTS_STYLES["all-out-attack"]!, true, all)).toBe("none");
  });
  it("takes the first blow a winning defence opens that it can pay for, only when its style takes them", () => {
    expect(apAdvantage(ACTIONPOINTS_STYLES["parry-and-riposte"]!, ["disarm", "riposte"], FATIGUE, 3)).toBe("riposte");
    expect(apAdvantage(ACTIONPOINTS_STYLES["parry-and-riposte"]!, ["disarm", "riposte"], FATIGUE, 2)).toBeNull();
    expect(apAdvantage(ACTIONPOINTS_STYLES["active-guard"]!, ["riposte"], FATIGUE, 9)).toBeNull();
  });
  it("strikes while its points pay for a blow, and passes when they do not", () => {
    expect(apAct(ACTIONPOINTS_STYLES.dodger!, 6, 6)).toBe("attack");
    expect(apAct(ACTIONPOINTS_STYLES.dodger!, 5, 6)).toBe("pass");
  });
});

describe("pulse (seed 004)", () => {
  it("evades or stands; a stunned figure stands", () => {
    expect(pulseAnswer(PULSE_STYLES["evade-and-parry"]!, false)).toBe("evade");
    expect(pulseAnswer(PULSE_STYLES["evade-and-parry"]!, true)).toBe("stand");
    expect(pulseAnswer(PULSE_STYLES["stand-fast"]!, false)).toBe("stand");
  });
});
