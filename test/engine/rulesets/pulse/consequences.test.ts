// Seed 004_2f46e4f6196f6037.txt, [18] Damage (a grievous injury costs armour 2 or breaks the shield, at the
// defender's option), [17.3] Dropping/Breaking Weapons, [17.4] Parry and Riposte, [19] Stun (check for a dropped
// weapon), [16.5] Attack Types (Trip, Disarm): what an attack leaves on the gear and the footing, with exact dice.
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import { attackConsequences, grievousChoiceOf, grievousTarget, resolveAttack, weaponReady, type AttackInput, type ConsequenceInput } from "../../../../src/engine/rulesets/pulse";

const sword = { use: "melee" as const, canTrip: false, canKnockout: true, closeRated: false };
const staff = { use: "pole" as const, canTrip: true, canKnockout: true, closeRated: false };

const attack = (over: Partial<AttackInput> = {}): AttackInput => ({
  attack: "normal",
  baseChance: 55,
  modMD: 15,
  ranked: true,
  rank: 2,
  defense: 20,
  charging: false,
  withdrawingOffensively: false,
  modifiers: [],
  context: { weapon: sword, targetHumanOrSmaller: true, unarmedRank: 0, shieldCanRush: false, inMelee: true, grappling: false },
  attacker: { modMD: 15, weaponRank: 2 },
  defender: { endurance: 15, enduranceNow: 15, fatigueNow: 18, monster: false, modAG: 14, modMD: 12, evading: false, parryRank: null, protection: 4 },
  dieModifier: 4,
  damageModifiers: [],
  ...over,
});

const gear = (over: Partial<ConsequenceInput["defender"]> = {}, weapon: "melee" | "unarmed" = "melee"): ConsequenceInput => ({
  attackerWeapon: { id: "sword", name: "Sword", equipped: true, stats: { use: weapon, broken: false } },
  defender: {
    armour: [
      { id: "helm", name: "Helm", equipped: true, stats: { protection: 2, grievousDamage: 0 } },
      { id: "mail", name: "Mail", equipped: true, stats: { protection: 5, grievousDamage: 0 } },
    ],
    shields: [{ id: "buckler", name: "Buckler", equipped: true, stats: { defense: 4, broken: false } }],
    weapons: [
      { id: "fists", name: "Fists", equipped: true, stats: { use: "unarmed" } },
      { id: "mace", name: "Mace", equipped: true, stats: { use: "melee" } },
    ],
    grievousChoice: "armor",
    ...over,
  },
});

const resolved = (input: AttackInput, dice: Record<number, number[]>) => {
  const out = resolveAttack(input, new FixedDice(dice));
  if (!out.ok) throw new Error("refused");
  return out.value.result;
};

describe("seed 004 [18] a grievous injury, at the defender's option", () => {
  // SC 55 + 15 + 8 = 78 less Defense 20 = 58; a 2 is within 5% of 58 (2 x 20 = 40 <= 58).
  const grievous = () => resolved(attack(), { 100: [2], 10: [1] });
  it("[18] armour chosen: the piece with most protection left (Mail 5) takes one more grievous hit", () => {
    const c = attackConsequences(grievous(), gear());
    expect([c.armourHit, c.shieldBroken]).toEqual(["mail", null]);
    expect(c.events.map((e) => [e.type, e.data])).toEqual([["GrievousArmour", { item: "Mail" }]]);
  });
  it("[18] shield chosen: the buckler breaks and the armour is spared", () => {
    const c = attackConsequences(grievous(), gear({ grievousChoice: "shield" }));
    expect([c.armourHit, c.shieldBroken]).toEqual([null, "buckler"]);
    expect(c.events[0]).toMatchObject({ type: "GrievousShield", data: { item: "Buckler" } });
  });
  it("[18] the choice falls on what is there: no unbroken shield means the armour, worn-out armour means the shield, neither means nothing", () => {
    const d = gear().defender;
    expect(grievousTarget({ ...d, grievousChoice: "shield", shields: [{ ...d.shields[0]!, stats: { defense: 4, broken: true } }] })).toEqual({ kind: "armor", id: "mail" });
    // Mail 5 with three grievous hits has nothing left (5 - 6 < 0); the Helm 2 with none still has 2.
    const worn = [{ ...d.armour[0]!, stats: { protection: 2, grievousDamage: 1 } }, { ...d.armour[1]!, stats: { protection: 5, grievousDamage: 3 } }];
    expect(grievousTarget({ ...d, armour: worn })).toEqual({ kind: "shield", id: "buckler" });
    expect(grievousTarget({ ...d, armour: worn, shields: [] })).toBeNull();
    expect(attackConsequences(grievous(), gear({ armour: worn, shields: [] })).events.map((e) => e.type)).toEqual(["GrievousNoGear"]);
  });
  it("[18] a 3 (15% but not 5% of 58) costs the gear nothing; nor does a grievous Knockout, which rolls no damage [16.5]", () => {
    expect(attackConsequences(resolved(attack(), { 100: [3], 10: [1] }), gear())).toMatchObject({ armourHit: null, shieldBroken: null });
    const knockout = resolved(attack({ attack: "knockout" }), { 100: [1], 10: [4] });
    expect(knockout.strike.grievous).toBe(true);
    expect(attackConsequences(knockout, gear())).toMatchObject({ armourHit: null, shieldBroken: null, events: [] });
  });
});

describe("seed 004 [18] \"at defender's option\": the choice read", () => {
  it("the target's answer names armour or shield; an answer without one (an older card) and a bystander the shot met are the armour; anything else is refused (null)", () => {
    expect([grievousChoiceOf("target", "shield"), grievousChoiceOf("target", "armor"), grievousChoiceOf("target", undefined), grievousChoiceOf("bystander"), grievousChoiceOf("bystander", "shield"), grievousChoiceOf("target", "helmet")]).toEqual(["shield", "armor", "armor", "armor", "armor", null]);
  });
});

describe("seed 004 [17.3], [17.4], [19], [16.5] weapons out of hand or broken", () => {
  it("[17.3] 99 and a check of 46 against 3 x modMD 15 = 45: the attacker's weapon breaks", () => {
    const c = attackConsequences(resolved(attack(), { 100: [99, 46] }), gear());
    expect([c.attackerWeaponBroken, c.attackerWeaponDropped]).toEqual(["sword", null]);
    expect(c.events.map((e) => e.type)).toEqual(["ItemBroken"]);
  });
  it("[17.3] 100 and a check of 46: dropped; a check of 45 saves it", () => {
    expect(attackConsequences(resolved(attack(), { 100: [100, 46] }), gear()).attackerWeaponDropped).toBe("sword");
    expect(attackConsequences(resolved(attack(), { 100: [100, 45] }), gear()).attackerWeaponDropped).toBeNull();
  });
  it("[17.3] bare hands can neither break nor drop: the card says the GM may set another penalty", () => {
    const c = attackConsequences(resolved(attack(), { 100: [99, 46] }), gear({}, "unarmed"));
    expect([c.attackerWeaponBroken, c.attackerWeaponDropped]).toEqual([null, null]);
    expect(c.events.map((e) => e.type)).toEqual(["MishapNoWeapon"]);
  });
  it("[17.4] evading, 90 > 58 + 30: parry D10 7 + 3 - 2 = 8 disarms the attacker (his sword leaves his hand); a 1 (total 2) only parries", () => {
    const evading = attack({ defender: { ...attack().defender, evading: true, parryRank: 3 } });
    expect(attackConsequences(resolved(evading, { 100: [90], 10: [7] }), gear()).attackerWeaponDropped).toBe("sword");
    expect(attackConsequences(resolved(evading, { 100: [90], 10: [1] }), gear()).attackerWeaponDropped).toBeNull();
  });
  it("[19] 8 under 15% of 58, D10 5 + 4 = 9 > 15/3 stuns; a drop check of 50 against 3 x modMD 12 = 36 fails: the defender's mace (not his fists) goes", () => {
    const c = attackConsequences(resolved(attack(), { 100: [8, 50], 10: [5] }), gear());
    expect(c.defenderWeaponDropped).toBe("mace");
    expect(c.events).toEqual([expect.objectContaining({ type: "ItemDropped", data: { item: "Mace" } })]);
  });
  it("[16.5] Disarm at 78 - 20 - Defense 20 = 38: a 30 hits and knocks the defender's weapon away", () => {
    // 1 Endurance, no die.
    const c = attackConsequences(resolved(attack({ attack: "disarm" }), { 100: [30] }), gear());
    expect(c.defenderWeaponDropped).toBe("mace");
  });
  it("[17.3] a broken weapon may not strike; one out of hand must be taken up first; bare hands always may", () => {
    expect(weaponReady({ equipped: true, stats: { use: "melee", broken: true } })).toMatchObject({ ok: false, refusal: { code: "pulse.weaponBroken" } });
    expect(weaponReady({ equipped: false, stats: { use: "melee", broken: false } })).toMatchObject({ ok: false, refusal: { code: "pulse.weaponNotInHand" } });
    expect(weaponReady({ equipped: false, stats: { use: "unarmed", broken: false } }).ok).toBe(true);
  });
});

describe("seed 004 [16.5] falls", () => {
  // Trip: base 40 + 15 + 8 = 63 less Defense 20 = 43; 30 hits; D10 5 + 0 less armour 4 = 1 Fatigue.
  const trip = attack({ attack: "trip", context: { ...attack().context, weapon: staff } });
  it("[16.5] Trip: a fall check of 43 against 3 x modAG 14 = 42 fails: prone", () => {
    const c = attackConsequences(resolved(trip, { 100: [30, 43], 10: [5] }), gear());
    expect(c.defenderProne).toBe(true);
    expect(c.events.map((e) => e.type)).toEqual(["Prone"]);
  });
  it("[16.5] Trip: 42 stays up", () => {
    expect(attackConsequences(resolved(trip, { 100: [30, 42], 10: [5] }), gear()).defenderProne).toBe(false);
  });
});

describe("seed 004 [20.3] poisoned weapons and [20.4] stuck weapons", () => {
  // SC 78 less Defense 20 = 58: a 40 hits plainly; D10 3 + 4 = 7 less protection 4 is 3 effective damage (no stun: a third of 15 is 5).
  const withWeapon = (stats: Record<string, unknown>, defender: Partial<ConsequenceInput["defender"]> = {}): ConsequenceInput => {
    const g = gear(defender);
    return { ...g, attackerWeapon: { ...g.attackerWeapon, stats: { use: "melee", broken: false, ...stats } as never } };
  };
  it("[20.3] a non-Assassin handles the poisoned blade twice before the blow, d100 at most 3 x modMD 15 = 45: a 30 is safe, a 46 a nick", () => {
    const out = resolveAttack(attack({ poison: { handlingTarget: 45 } }), new FixedDice({ 100: [30, 46, 40], 10: [3] }));
    if (!out.ok) throw new Error("refused");
    expect(out.value.result.poisonChecks.map((c) => [c.roll, c.success])).toEqual([[30, true], [46, false]]);
    expect(out.value.events.slice(0, 2).map((e) => e.type)).toEqual(["PoisonHandlingPassed", "PoisonHandlingFailed"]);
    expect(out.value.result.strike.hit).toBe(true);
  });
  it("[20.3] an Assassin runs no risk: no handling roll, the first d100 is the strike", () => {
    const r = resolved(attack({ poison: { handlingTarget: null } }), { 100: [40], 10: [3] });
    expect([r.poisonChecks, r.strike.roll]).toEqual([[], 40]);
  });
  it("[20.3] poison on a class A or B blade takes through 1 or more effective damage and is used up; through none it stays on the blade", () => {
    const hit = resolved(attack(), { 100: [40], 10: [3] });
    expect(hit.damage?.effective).toBe(3);
    const c = attackConsequences(hit, withWeapon({ weaponClass: "B", poisoned: true }));
    expect(c.poisonSpent).toBe("sword");
    expect(c.events.map((e) => e.type)).toContain("PoisonTakes");
    // Protection 10 stops all 7 points: nothing gets in.
    const stopped = resolved(attack({ defender: { ...attack().defender, protection: 10 } }), { 100: [40], 10: [3] });
    expect(attackConsequences(stopped, withWeapon({ weaponClass: "A", poisoned: true })).poisonSpent).toBeNull();
  });
  it("[20.3] poison is good for six hours: at 6 h exactly it still takes; one second later it has dried, strikes clean and is cleared", () => {
    const hit = resolved(attack(), { 100: [40], 10: [3] });
    const poisoned = withWeapon({ weaponClass: "A", poisoned: true });
    expect(attackConsequences(hit, { ...poisoned, poisonAgeSeconds: 6 * 3600 }).events.map((e) => e.type)).toEqual(["PoisonTakes"]);
    const dried = attackConsequences(hit, { ...poisoned, poisonAgeSeconds: 6 * 3600 + 1 });
    expect([dried.poisonSpent, dried.events.map((e) => e.type)]).toEqual(["sword", ["PoisonDried"]]);
  });
  it("[20.3] a class C weapon holds no poison: the card says so and nothing is used up", () => {
    const c = attackConsequences(resolved(attack(), { 100: [40], 10: [3] }), withWeapon({ weaponClass: "C", poisoned: true }));
    expect([c.poisonSpent, c.events.map((e) => e.type)]).toEqual([null, ["PoisonClassC"]]);
  });
  it("[20.4] a pole weapon that wounds a man-sized figure sticks (-5 modAG), a class A arrow -3; a class B arrow, a large figure or no effective damage: nothing", () => {
    const hit = resolved(attack(), { 100: [40], 10: [3] });
    const man = { humanOrSmaller: true };
    expect(attackConsequences(hit, withWeapon({ use: "pole", weaponClass: "B" }, man)).stuckPenalty).toBe(5);
    const arrow = attackConsequences(hit, withWeapon({ use: "missile", weaponClass: "A" }, man));
    expect([arrow.stuckPenalty, arrow.events.at(-1)]).toEqual([3, { type: "StuckIn", key: "BOUT.Pulse.Event.StuckIn", data: { item: "Sword", penalty: 3 } }]);
    expect(attackConsequences(hit, withWeapon({ use: "missile", weaponClass: "B" }, man)).stuckPenalty).toBe(0);
    // Our reading: only a plain blow impales; a Trip with a staff leaves nothing behind.
    expect(attackConsequences(hit, { ...withWeapon({ use: "pole", weaponClass: "B" }, man), attackKind: "trip" }).stuckPenalty).toBe(0);
    expect(attackConsequences(hit, withWeapon({ use: "pole", weaponClass: "B" }, { humanOrSmaller: false })).stuckPenalty).toBe(0);
    const stopped = resolved(attack({ defender: { ...attack().defender, protection: 10 } }), { 100: [40], 10: [3] });
    expect(attackConsequences(stopped, withWeapon({ use: "pole", weaponClass: "B" }, man)).stuckPenalty).toBe(0);
  });
});
