// Seed 000_4377b2da58f3a52b.txt, issue 32: rules the steel table reached only halfway or decided in the
// shell, now the engine's with exact dice: "Multiple Opponents" (the match-up after the outnumbered roll,
// `whoFaces`, kept by the bout), "Melee Combat" (both red: reach from the two weapons' lengths), "Missile
// Combat" 3 (red or white each round), the fumble paragraph under "Weapon Length" (below 0), and
// "Maneuver-based Combat" (the maneuvers a weapon allows).
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import {
  chooseMatchUp,
  CORE_MANEUVERS,
  crowdMatchUp,
  closesIn,
  fumbleBelowZero,
  gaitChangeFrom,
  mayQuicken,
  mayRidersPass,
  reachBetween,
  matchUpAllows,
  matchUpChoosers,
  matchUpFacing,
  missileFireTime,
  NO_WEAPON_ATN,
  orderSimultaneousBlows,
  outnumberedRoll,
  strikeForm,
  strikerAtn,
  strikerReachPenalty,
  strikesWith,
  type CrowdMatchUp,
  type SteelWeapon,
  maneuverChoices,
} from "../../../../src/engine/rulesets/steel";
import { boutsMachine, startBouts, type BoutsCommand, type BoutsState } from "../../../../src/engine/time/bouts";

const code = (o: { ok: boolean; refusal?: { code: string } }) => (o.ok ? "ok" : o.refusal!.code);
const value = <T>(o: { ok: true; value: T } | { ok: false }): T => {
  if (!o.ok) throw new Error("refused");
  return o.value;
};

/** Bran against three wolves in one bout, thrown (Bran and the first wolf red). */
function gate(): BoutsState {
  const s = value(startBouts([{ id: "gate", combatants: ["bran", "w1", "w2", "w3"].map((id) => ({ id, reflex: 5, pool: 10 })) }]));
  return apply(s, { type: "reveal", boutId: "gate", choices: { bran: "white", w1: "red", w2: "white", w3: "white" } });
}
function apply(s: BoutsState, ...cmds: BoutsCommand[]): BoutsState {
  for (const c of cmds) s = value(boutsMachine.apply(s, c) as never as { ok: true; value: { state: BoutsState } }).state;
  return s;
}
const engage = (by: string, on: string): BoutsCommand => ({ type: "engage", combatantId: on, by: { id: by, small: true } });
const tryCode = (s: BoutsState, c: BoutsCommand) => code(boutsMachine.apply(s, c));

describe("seed 000 'Multiple Opponents' (\"After the dice are rolled\"): the choice of whom to face is enforced", () => {
  // Bran 3 dice at TN 8 (three opponents): 9, 8, 2 = 2 successes. Wolves at TN 6: w1 7, 7, 6 = 3; w2 2 = 0; w3 9 = 1.
  const roll = () => outnumberedRoll(
    {
      lone: { id: "bran", cpLeft: 10, dice: 3 },
      opponents: [
        { id: "w1", cpLeft: 10, dice: 3, small: true },
        { id: "w2", cpLeft: 10, dice: 1, small: true },
        { id: "w3", cpLeft: 10, dice: 1, small: true },
      ],
    },
    new FixedDice([9, 8, 2, 7, 7, 6, 2, 9]),
  );

  it("the wolf who beat him chooses; until he has, no blow passes between Bran and any wolf; standing off hands Bran the pick", () => {
    const r = value(roll()).result;
    expect([r.decides, r.superior, r.inferior, r.cap]).toEqual(["opponents", ["w1"], ["w3", "w2"], 4]);
    const m = value(crowdMatchUp(1, { ...r, lone: "bran" }, ["bran", "w1", "w2", "w3"]));
    expect(matchUpChoosers(m)).toEqual({ lone: [], opponents: ["w1"] });
    expect(matchUpFacing(m)).toBeNull();
    const due = matchUpAllows(m, 1, "w3", "bran");
    expect(due.ok ? "ok" : [due.refusal.code, due.refusal.data]).toEqual(["steel.matchUpDue", { lone: "bran" }]);
    // Bran may not choose while the wolf who beat him has not.
    expect(code(chooseMatchUp(m, "bran", "w3"))).toBe("steel.notYourChoice");
    expect(code(chooseMatchUp(m, "w2", "bran"))).toBe("steel.notYourChoice");
    // w1 stands off: Bran must take one who rolled fewer, and picks w2.
    const off = value(chooseMatchUp(m, "w1", null));
    expect(matchUpChoosers(off)).toEqual({ lone: ["w3", "w2"], opponents: [] });
    expect(code(chooseMatchUp(off, "bran", "w1"))).toBe("steel.badChoice");
    const picked = value(chooseMatchUp(off, "bran", "w2"));
    expect(matchUpFacing(picked)).toEqual(["w2"]);
    expect(code(matchUpAllows(picked, 1, "w2", "bran"))).toBe("ok");
    expect(code(matchUpAllows(picked, 1, "bran", "w2"))).toBe("ok");
    const w3 = matchUpAllows(picked, 1, "w3", "bran");
    expect(w3.ok ? "ok" : [w3.refusal.code, w3.refusal.data]).toEqual(["steel.notFacing", { lone: "bran", other: "w3" }]);
    expect(code(matchUpAllows(picked, 1, "bran", "w1"))).toBe("steel.notFacing");
    // Wolves among themselves, and the next round, are not the roll's business.
    expect(code(matchUpAllows(picked, 1, "w1", "w3"))).toBe("ok");
    expect(code(matchUpAllows(picked, 2, "w3", "bran"))).toBe("ok");
  });

  it("in the bout: both wolves' attacks were accepted before; now only the one facing Bran gets on him", () => {
    const r = value(roll()).result;
    let s = apply(gate(), { type: "crowd", boutId: "gate", lone: "bran", decides: r.decides, superior: r.superior, inferior: r.inferior, cap: r.cap });
    expect(tryCode(s, engage("w1", "bran"))).toBe("steel.matchUpDue");
    // A second roll in the same round is refused; a choice by one who has none is refused.
    expect(tryCode(s, { type: "crowd", boutId: "gate", lone: "bran", decides: "lone", superior: [], inferior: ["w1", "w2", "w3"], cap: 3 })).toBe("bouts.crowdRolled");
    expect(tryCode(s, { type: "face", combatantId: "w3", target: "bran" })).toBe("steel.notYourChoice");
    s = apply(s, { type: "face", combatantId: "w1", target: "bran" });
    expect(s.bouts[0]!.crowd).toMatchObject({ answers: { w1: true }, pick: null });
    expect(tryCode(s, engage("w1", "bran"))).toBe("ok");
    expect(tryCode(s, engage("w3", "bran"))).toBe("steel.notFacing");
    expect(tryCode(s, engage("bran", "w2"))).toBe("steel.notFacing");
    // The tracker names whom he faces.
    const row = boutsMachine.view(s).rows.find((x) => x.combatantId === "bran")!;
    expect(row.badges.map((b) => b.label)).toContainEqual({ key: "BOUT.Time.Bouts.Badge.Faces", data: { who: "w1" } });
    // A new round: the roll settled one round only.
    s = apply(s, { type: "nextRound", boutId: "gate" });
    expect(s.bouts[0]!.crowd).toBeUndefined();
    expect(tryCode(s, engage("w3", "bran"))).toBe("ok");
  });

  it("beating every wolf, Bran picks; a botch surrounds him up to the cap; a roll naming a stranger is refused", () => {
    const lone: CrowdMatchUp = value(crowdMatchUp(3, { lone: "bran", decides: "lone", superior: [], inferior: ["w1", "w2"], cap: 3 }, ["bran", "w1", "w2"]));
    expect(matchUpChoosers(lone)).toEqual({ lone: ["w1", "w2"], opponents: [] });
    expect(matchUpFacing(value(chooseMatchUp(lone, "bran", "w2")))).toEqual(["w2"]);
    const botch = value(crowdMatchUp(3, { lone: "bran", decides: "surrounded", superior: ["w1"], inferior: ["w2"], cap: 3 }, ["bran", "w1", "w2"]));
    expect(matchUpFacing(botch)).toEqual(["w1", "w2"]);
    expect(code(crowdMatchUp(3, { lone: "bran", decides: "lone", superior: [], inferior: ["w1", "x"], cap: 3 }, ["bran", "w1"]))).toBe("steel.badChoice");
    expect(code(crowdMatchUp(3, { lone: "bran", decides: "opponents", superior: [], inferior: ["w1"], cap: 3 }, ["bran", "w1"]))).toBe("steel.badChoice");
  });
});

describe("seed 000 'Melee Combat', both red: the dice lost to reach come from the two weapons' lengths", () => {
  const dagger = { reach: 0, closedIn: false };
  const spear = { reach: 4, closedIn: false };

  it("a dagger against a spear loses 4 Reflex dice, the spear none; closed in, the spear pays", () => {
    expect(strikerReachPenalty({ reach: { own: dagger, opponent: spear } })).toBe(4);
    expect(strikerReachPenalty({ reach: { own: spear, opponent: dagger } })).toBe(0);
    expect(strikerReachPenalty({ reach: { own: spear, opponent: { reach: 0, closedIn: true } } })).toBe(4);
    expect(strikerReachPenalty({})).toBe(0);
  });

  it("Reflex 5 with a dagger rolls 1 die, Reflex 4 with a spear 4: the spear lands first", () => {
    // Dagger: 1 die (9) at ATN 5 = 1; spear: 4 dice (7, 7, 2, 2) at ATN 6 = 2.
    const r = orderSimultaneousBlows(
      [
        { id: "dagger", reflex: 5, atn: 5, form: "thrust", reach: { own: dagger, opponent: spear } },
        { id: "spear", reflex: 4, atn: 6, form: "thrust", reach: { own: spear, opponent: dagger } },
      ],
      new FixedDice([9, 7, 7, 2, 2]),
    );
    const result = value(r).result;
    expect(result.rolls.map((x) => [x.id, x.roll.dice.length, x.roll.successes])).toEqual([["dagger", 1, 1], ["spear", 4, 2]]);
    expect(result.order).toEqual([["spear"], ["dagger"]]);
  });

  it("the ATN is the weapon's for the blow; a blow the weapon cannot make is refused; no weapon rolls at 10", () => {
    const spearWeapon = { atnSwing: 8, atnThrust: 6, swingType: "none", thrustType: "puncture", swingDamage: 0, thrustDamage: 2, addStrength: true } as SteelWeapon;
    expect(strikerAtn(spearWeapon, "thrust")).toEqual({ ok: true, value: 6 });
    expect(code(strikerAtn(spearWeapon, "swing"))).toBe("steel.badChoice");
    expect(strikerAtn(null, "swing")).toEqual({ ok: true, value: NO_WEAPON_ATN });
  });
});

describe("seed 000 'Maneuver-based Combat': the attack maneuvers a weapon allows", () => {
  const attacks = CORE_MANEUVERS.filter((m) => m.stats.kind === "attack");
  it("a thrust-only spear offers thrust and bash, not cut or feint; a sword all four", () => {
    const spear = { swingType: "none", thrustType: "puncture", atnSwing: 7, atnThrust: 6, swingDamage: 0, thrustDamage: 2, addStrength: true } as SteelWeapon;
    const sword = { ...spear, swingType: "cut" } as SteelWeapon;
    expect(strikesWith(spear, attacks).map((m) => m.slug)).toEqual(["thrust", "bash"]);
    expect(strikesWith(sword, attacks).map((m) => m.slug)).toEqual(["cut", "thrust", "bash", "feint"]);
    expect(attacks.map((m) => strikeForm(m.stats))).toEqual(["swing", "thrust", "bash", "swing"]);
  });

  it("a fighter chooses from his own maneuvers of the kind; with none of it on his sheet, the core ones (ours)", () => {
    const lunge = { id: "m1", name: "Lunge", stats: { ...attacks[1]!.stats } };
    const parry = { id: "m2", name: "My parry", stats: { ...CORE_MANEUVERS.find((m) => m.slug === "parry")!.stats } };
    expect(maneuverChoices([lunge, parry], "attack").map((m) => m.id)).toEqual(["m1"]);
    expect(maneuverChoices([lunge], "defence").map((m) => m.id)).toEqual(CORE_MANEUVERS.filter((m) => m.stats.kind === "defence").map((m) => m.slug));
    expect(maneuverChoices([], "attack")[0]).toEqual({ id: "cut", name: "BOUT.Steel.Maneuver.cut.Name", stats: attacks[0]!.stats });
  });
});

describe("seed 000 'Missile Combat' 3: red or white each round", () => {
  const t = { phase: "continuing", round: 1, thrownIn: 1, exchange: 1, thrown: "white", fired: false };
  it("in the round of the throw, the throw decides: white looses in the second exchange only", () => {
    expect(code(missileFireTime(t))).toBe("steel.missile.wrongExchange");
    expect(missileFireTime({ ...t, exchange: 2 })).toEqual({ ok: true, value: "white" });
    expect(code(missileFireTime({ ...t, thrown: "red", exchange: 2 }))).toBe("steel.missile.wrongExchange");
  });
  it("in a later round he chooses again: the white thrower looses red in the first exchange", () => {
    expect(missileFireTime({ ...t, round: 2 })).toEqual({ ok: true, value: "red" });
    expect(missileFireTime({ ...t, round: 2, exchange: 2 })).toEqual({ ok: true, value: "white" });
  });
  it("one shot a round, and none before the throw (an all-white bout has thrown)", () => {
    expect(code(missileFireTime({ ...t, round: 2, fired: true }))).toBe("steel.missile.fired");
    expect(code(missileFireTime({ ...t, phase: "opening", thrown: null }))).toBe("steel.missile.notThrown");
    expect(code(missileFireTime({ ...t, phase: "opening", exchange: 2 }))).toBe("ok");
  });
  it("the bout keeps the round of its throw and refuses the early shot when loosed", () => {
    let s = value(startBouts([{ id: "field", combatants: [{ id: "archer", reflex: 5, pool: 8 }, { id: "foe", reflex: 5, pool: 8 }] }]));
    s = apply(s, { type: "missile", combatantId: "archer", missile: { roundsLeft: 0, ready: true, pool: 6, quickenCost: 0 } }, { type: "reveal", boutId: "field", choices: { archer: "white", foe: "red" } });
    expect(s.bouts[0]!.thrownIn).toBe(1);
    expect(tryCode(s, { type: "loose", combatantId: "archer", dice: 3 })).toBe("steel.missile.wrongExchange");
    s = apply(s, { type: "next", boutId: "field" }, { type: "loose", combatantId: "archer", dice: 3 });
    expect(tryCode(s, { type: "loose", combatantId: "archer", dice: 1 })).toBe("steel.missile.fired");
  });
});

describe("seed 000 'Weapon Length' (fumble): a penalty that takes the pool below 0", () => {
  it("in exchange 1 against what is left this round; after the last exchange against the next refresh; outside a bout what is left", () => {
    const first = { exchange: 1, exchangesThisRound: 2, poolMax: 10, carry: 0 };
    expect(fumbleBelowZero(3, 2, first)).toBe(true);
    expect(fumbleBelowZero(2, 2, first)).toBe(false);
    const last = { ...first, exchange: 2 };
    expect(fumbleBelowZero(3, 0, last)).toBe(false);
    expect(fumbleBelowZero(3, 0, { ...last, carry: 8 })).toBe(true);
    // A ride-by round of one exchange: the next exchange is next round's.
    expect(fumbleBelowZero(3, 0, { ...first, exchangesThisRound: 1 })).toBe(false);
    expect(fumbleBelowZero(3, 2)).toBe(true);
  });
});

// Decisions the steel table made itself, now the engine's (issue 32, the last grep of src/table/steel).
describe("seed 000: small rulings moved from the table into the engine", () => {
  it("'Weapon Length': only a wound (level 1+) from the shorter weapon closes the distance, not a bruise, not the longer weapon", () => {
    const dagger = reachBetween({ reach: 0, closedIn: false }, { reach: 3, closedIn: false });
    const sword = reachBetween({ reach: 3, closedIn: false }, { reach: 0, closedIn: false });
    expect([closesIn(dagger, 1), closesIn(dagger, 0), closesIn(sword, 3)]).toEqual([true, false, false]);
  });
  it("'Ride-by Attacking and Movement': a change that changes nothing is refused; one step free for a skilled rider", () => {
    expect(code(gaitChangeFrom("gallop", { kind: "accelerate", steps: 1 }, true))).toBe("steel.badChoice");
    expect(code(gaitChangeFrom("halt", { kind: "decelerate", steps: 1 }, true))).toBe("steel.badChoice");
    expect(gaitChangeFrom("trot", { kind: "accelerate", steps: 1 }, true)).toEqual({ ok: true, value: { to: "canter", checkNeeded: false } });
    expect(gaitChangeFrom("trot", { kind: "wheel" }, true)).toEqual({ ok: true, value: { to: "trot", checkNeeded: true } });
  });
  it("'Ride-By Attacking': riders pass only with another rider, before the exchanges", () => {
    expect(code(mayRidersPass({ foeMounted: false, exchange: 1 }))).toBe("steel.mounted.foeOnFoot");
    expect(code(mayRidersPass({ foeMounted: true, exchange: 2 }))).toBe("steel.mounted.lateRideBy");
    expect(code(mayRidersPass({ foeMounted: true, exchange: 1 }))).toBe("ok");
  });
  it("'Missile Combat' 1: only a weapon readied in more than one round can be readied quicker", () => {
    expect([1, 2, 3].map(mayQuicken)).toEqual([false, true, true]);
  });
});
