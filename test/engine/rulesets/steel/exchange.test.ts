// Seed 000_4377b2da58f3a52b.txt: "Exchange of Blows", "Posture", "Weapon Length",
// the fumble paragraph, "Pressing Opponents" (Roland's press).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FixedDice, SeededDice } from "../../../../src/engine/dice";
import { checkDeclaration, CORE_MANEUVERS, defenceDtn, maneuverTn, postureEffect, rolledDice, reachBetween, reachPenalty, resolveExchange } from "../../../../src/engine/rulesets/steel";
import { attack, defence, maneuver, noArmour } from "./helpers";

const target = (over = {}) => ({ combatantId: "d", toughness: 4, armour: noArmour, ...over });

describe("seed 000 'Pressing Opponents': Roland's press in the corridor", () => {
  // Roland chops down for 6 dice with a 6-die press; the guard parries and does not resist the press.
  const input = {
    attack: attack({ combatantId: "roland", cpLeft: 12, dice: 6, press: 6, zone: 6, damage: 5, damageType: "cut" as const }),
    defence: defence({ combatantId: "guard", cpLeft: 8, dice: 5 }),
    target: target({ combatantId: "guard", toughness: 4, armour: { ...noArmour, head: 3 } }),
  };
  // attack 4 successes at TN 6; parry 3 successes; location d6 = 6 (head); press 5 successes at TN 3.
  const dice = () => new FixedDice([9, 8, 7, 6, 2, 3, 8, 7, 6, 2, 3, 6, 5, 5, 4, 3, 3, 2]);
  const r = resolveExchange(input, dice());

  it("4 attack successes against a 3-success parry: margin 1, Roland keeps initiative", () => {
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.result.attacker.roll.successes).toBe(4);
    expect(r.value.result.defender?.roll.successes).toBe(3);
    expect(r.value.result.margin).toBe(1);
    expect(r.value.result.winner).toBe("roland");
    expect(r.value.result.attacker.cost).toBe(12);
  });

  it("the helmet withstands the blow: it lands on the head but the wound level is 0", () => {
    if (!r.ok) return;
    expect(r.value.result.hit).toMatchObject({ part: "head", region: "head", rawLevel: 1 + 5 - 4 - 3, level: 0, wound: null });
  });

  it("press: 5 successes plus the margin of 1 = press MOS 6, Roland chooses, 6 feet: 4 beyond the 2 feet of corridor", () => {
    if (!r.ok) return;
    const press = r.value.result.press!;
    expect(press.attacker?.successes).toBe(5);
    expect(press.defender).toBeNull();
    expect(press).toMatchObject({ attackerTotal: 6, defenderTotal: 0, chooser: "roland", feet: 6 });
    expect(press.feet - 2).toBe(4);
    expect(press.feet >= 5).toBe(true);
  });
});

describe("seed 000 'Exchange of Blows'", () => {
  it("ties go to the attacker: he keeps initiative but the blow is turned", () => {
    const r = resolveExchange({ attack: attack({ dice: 2 }), defence: defence({ dice: 2 }), target: target() }, new FixedDice([7, 2, 9, 3]));
    expect(r.ok && r.value.result).toMatchObject({ margin: 0, winner: "a", hit: null, push: { pushed: null, feet: 0 } });
  });

  it("a winning defence takes initiative; without a press the attacker gives a foot per point of margin", () => {
    const r = resolveExchange({ attack: attack({ dice: 2 }), defence: defence({ dice: 3 }), target: target() }, new FixedDice([2, 3, 9, 8, 7]));
    expect(r.ok && r.value.result).toMatchObject({ margin: -3, winner: "d", hit: null, push: { pushed: "a", feet: 3 } });
  });

  it("a hit: margin + damage − Toughness − armour gives the level; the wound comes from the table", () => {
    // 3 successes v 1; zone 4, d6 2 → chest; 2 + 5 − 4 − 0 = 3.
    const r = resolveExchange({ attack: attack({ dice: 3 }), defence: defence({ dice: 2 }), target: target() }, new FixedDice([8, 9, 6, 7, 2, 2]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.result.hit).toMatchObject({ zone: 4, locationRoll: 2, part: "chest", level: 3 });
    expect(r.value.result.hit?.wound?.shock).toBeGreaterThan(0);
    expect(r.value.result.push).toEqual({ pushed: "d", feet: 2 });
    expect(r.value.events.map((e) => e.type)).toEqual(["roll", "roll", "exchange", "hit", "wound", "push"]);
  });

  it("no defence: any success lands", () => {
    const r = resolveExchange({ attack: attack({ dice: 1 }), defence: null, target: target() }, new FixedDice([6, 1]));
    expect(r.ok && r.value.result).toMatchObject({ margin: 1, winner: "a", defender: null });
  });

  it("levels cap at 5", () => {
    const r = resolveExchange({ attack: attack({ dice: 5, damage: 12 }), defence: null, target: target() }, new FixedDice([9, 9, 9, 9, 9, 3]));
    expect(r.ok && r.value.result.hit).toMatchObject({ rawLevel: 5 + 12 - 4, level: 5 });
  });

  it("an evasion rolls against its own TN (partial evasion 7), not the weapon's", () => {
    const c = checkDeclaration(defence({ maneuver: maneuver("partial-evasion"), weaponTn: 5 }), "defence");
    expect(c.ok && c.value.tn).toBe(7);
  });
  it("the DTN a defence starts from: a block the shield's (5), a parry the weapon's (6), an empty hand 7; an evasion keeps its own", () => {
    const core = (slug: string) => CORE_MANEUVERS.find((x) => x.slug === slug)!.stats;
    expect(defenceDtn(core("block"), 6, 5)).toBe(5);
    expect(defenceDtn(core("parry"), 6, 5)).toBe(6);
    expect(defenceDtn(core("block"), 6, undefined)).toBe(6);
    expect(defenceDtn(core("parry"), undefined, undefined)).toBe(7);
    expect(maneuverTn(core("duck-and-weave"), defenceDtn(core("duck-and-weave"), 6, 5))).toBe(9);
  });
});

describe("seed 000 'Posture' and 'Weapon Length'", () => {
  it("aggressive: +2 dice to an attack, +2 activation cost on a defence; defensive the reverse", () => {
    expect(postureEffect("aggressive", "attack")).toEqual({ bonusDice: 2, extraCost: 0 });
    expect(postureEffect("aggressive", "defence")).toEqual({ bonusDice: 0, extraCost: 2 });
    expect(postureEffect("defensive", "defence")).toEqual({ bonusDice: 2, extraCost: 0 });
    expect(postureEffect("defensive", "attack")).toEqual({ bonusDice: 0, extraCost: 2 });
    expect(postureEffect("neutral", "attack")).toEqual({ bonusDice: 0, extraCost: 0 });
    const c = checkDeclaration(attack({ dice: 4, posture: "aggressive" }), "attack");
    expect(c.ok && c.value).toEqual({ cost: 4, rolled: 6, tn: 6 });
    const d = checkDeclaration(defence({ dice: 4, posture: "aggressive" }), "defence");
    expect(d.ok && d.value).toEqual({ cost: 6, rolled: 4, tn: 6 });
  });

  it("−1 die per reach step when attacking a longer weapon; also on defence when out of range; gone after a damaging blow", () => {
    expect(reachPenalty(1, 4)).toEqual({ attack: 3, defence: 0 });
    // Closed in: the longer weapon is out of range; its wielder pays, the shorter no longer does.
    expect(reachPenalty(1, 4, { outOfRange: true })).toEqual({ attack: 0, defence: 0 });
    expect(reachPenalty(4, 1, { outOfRange: true })).toEqual({ attack: 3, defence: 3 });
    expect(reachPenalty(1, 4, { landedDamagingBlow: true })).toEqual({ attack: 0, defence: 0 });
    expect(reachPenalty(4, 1)).toEqual({ attack: 0, defence: 0 });
    const c = checkDeclaration(attack({ dice: 4, reachPenalty: 3 }), "attack");
    expect(c.ok && c.value).toEqual({ cost: 4, rolled: 1, tn: 6 });
  });
});

describe("seed 000 'Posture' and 'Weapon Length': the dice a declaration rolls", () => {
  it("5 dice aggressive on the attack roll 7; defending, aggressive rolls 5; 3 dice a reach step short of a longer weapon roll 2; never below 0", () => {
    expect([rolledDice(5, "aggressive", "attack"), rolledDice(5, "aggressive", "defence"), rolledDice(5, "defensive", "defence"), rolledDice(3, "neutral", "attack", 1), rolledDice(1, "neutral", "attack", 3), rolledDice(2, undefined, "attack", 0, 1)]).toEqual([7, 5, 7, 2, 0, 3]);
  });
});

describe("seed 000 fumble paragraph", () => {
  it("no successes and two 1s: half the dice off the next exchange, Knockdown TN = dice spent", () => {
    const r = resolveExchange({ attack: attack({ dice: 5 }), defence: defence({ dice: 1 }), target: target() }, new FixedDice([1, 1, 3, 4, 5, 2]));
    expect(r.ok && r.value.result.attacker).toMatchObject({ fumblePenalty: 2, fumbleKnockdownTn: 5 });
    expect(r.ok && r.value.events.some((e) => e.type === "fumble")).toBe(true);
  });
});

describe("seed 000 refusals (bad input never throws)", () => {
  const dice = () => new FixedDice([]);
  it.each([
    [{ dice: -1 }, "steel.negative"],
    [{ dice: 2.5 }, "steel.notNumber"],
    [{ dice: "3" as unknown as number }, "steel.notNumber"],
    [{ dice: 11 }, "steel.tooMany"],
    [{ dice: 9, maneuver: maneuver("counter") }, "steel.wrongKind"],
    [{ zone: 99 }, "steel.unknownZone"],
    [{ dice: 8, press: 3 }, "steel.tooMany"],
  ])("%o → %s", (over, code) => {
    const r = resolveExchange({ attack: attack(over), defence: null, target: target() }, dice());
    expect(r.ok ? "ok" : r.refusal.code).toBe(code);
  });
  it("a defence costing more than the pool (activation cost counts)", () => {
    const r = resolveExchange({ attack: attack(), defence: defence({ dice: 9, maneuver: maneuver("counter") }), target: target() }, dice());
    expect(r.ok ? "ok" : r.refusal.code).toBe("steel.tooMany");
  });
});

describe("seed 000 'Exchange of Blows' invariants (fast-check)", () => {
  it("cost never exceeds the pool, margins match the rolls, winner is a side, levels in 0..5", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 }), fc.integer(), (ad, ac, dd, dc, seed) => {
        const r = resolveExchange({ attack: attack({ dice: ad, cpLeft: ac }), defence: defence({ dice: dd, cpLeft: dc }), target: target() }, new SeededDice(seed));
        if (ad > ac || dd > dc) return !r.ok;
        if (!r.ok) return false;
        const x = r.value.result;
        return (
          x.attacker.cost <= ac &&
          x.margin === x.attacker.roll.successes - (x.defender?.roll.successes ?? 0) &&
          (x.winner === "a" || x.winner === "d") &&
          (x.hit === null) === x.margin <= 0 &&
          (x.hit === null || (x.hit.level >= 0 && x.hit.level <= 5))
        );
      }),
    );
  });
});

describe("seed 000 'Weapon Length': \"When the longer weapon is out of range, however, the penalty applies both to defending and attacking\"", () => {
  it("until the dagger lands, it pays; once it has landed (closed in), the spear's wielder pays on attack and defence", () => {
    const dagger = { reach: 1, closedIn: false };
    const spear = { reach: 4, closedIn: false };
    expect(reachBetween(dagger, spear)).toEqual({ a: { attack: 3, defence: 0 }, b: { attack: 0, defence: 0 }, closes: true });
    const inside = { reach: 1, closedIn: true };
    expect(reachBetween(inside, spear)).toEqual({ a: { attack: 0, defence: 0 }, b: { attack: 3, defence: 3 }, closes: false });
    expect(reachBetween(spear, inside)).toEqual({ a: { attack: 3, defence: 3 }, b: { attack: 0, defence: 0 }, closes: false });
  });
  it("in the exchange: the spearman attacking a dagger that has closed in rolls 5 − 3 = 2 dice, and defending rolls 4 − 3 = 1", () => {
    const spear = reachBetween({ reach: 4, closedIn: false }, { reach: 1, closedIn: true }).a;
    const atk = checkDeclaration(attack({ dice: 5, reachPenalty: spear.attack }), "attack");
    expect(atk.ok && atk.value).toMatchObject({ cost: 5, rolled: 2 });
    const r = resolveExchange({ attack: attack({ dice: 3 }), defence: defence({ dice: 4, reachPenalty: spear.defence }), target: { combatantId: "d", toughness: 10, armour: noArmour } }, new FixedDice([9, 9, 9, 9, 5, 5, 5, 5, 5, 5]));
    expect(r.ok && r.value.result.defender?.rolled).toBe(1);
  });
});
