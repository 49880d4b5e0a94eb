/**
 * A melee attack ("Attacking", "Surprised", "Criticals and Fumbles"): an
 * Opposed Melee Test. The winner gains +1 Advantage; a winning attacker hits
 * the location given by the reversed roll for weapon Damage + SL, less the
 * target's Toughness Bonus and Armour Points (at least 1 Wound). A successful
 * test on a double is a critical for either side; a failed one a fumble.
 */
import type { Dice, PercentileTest } from "../../dice";
import { ok, PASSED, type Outcome } from "../../outcome";
import { woundsSuffered, type WoundsResult } from "./damage";
import { event, type OpposedEvent, type Resolution } from "./events";
import { resolveFumble, type FumbleOutcome } from "./oops";
import { checkFigure, opposedRefuse } from "./refusals";
import type { Location } from "./stats";
import { landsOn } from "./table-rules";
import type { HitTables } from "./tables";
import { checkTest, testEvent, compareOpposed, readOpposedTie, rollTest, type OpposedTie, type TestInput } from "./tests";

/** +20 to hit a Surprised opponent in melee ("Surprised"). */
export const SURPRISED_BONUS = 20;

export interface MeleeAttackInput {
  readonly attacker: {
    readonly id: string;
    readonly test: TestInput;
    /** Weapon Damage with the Strength Bonus where it applies. */
    readonly damage: number;
    readonly blackpowder?: boolean;
    readonly advantage: number;
    /** A called shot ("Combat Difficulty", Hard): a hit lands on this location. */
    readonly calledShot?: Location | null;
  };
  readonly defender: {
    readonly id: string;
    /** Its combatant in the fight, if any: a refusal names the defender by it (the table shows the combatant's name). */
    readonly combatantId?: string | null;
    /** The skill the defender opposes with (Melee, Dodge, ...); null when it does not or cannot. */
    readonly test: TestInput | null;
    readonly surprised: boolean;
    readonly toughnessBonus: number;
    readonly armour: Readonly<Record<Location, number>>;
    readonly woundsNow: number;
    readonly advantage: number;
    readonly blackpowder?: boolean;
  };
  readonly tie?: OpposedTie;
  /** The Hit Locations and Oops! tables the fight plays with (the world's, or ours without a world). */
  readonly tables: HitTables;
}

export interface Hit {
  readonly roll: number;
  readonly reversed: number;
  readonly location: Location;
  readonly damage: number;
  readonly wounds: WoundsResult;
}

export interface MeleeAttackResult {
  readonly attacker: PercentileTest;
  readonly defender: PercentileTest | null;
  readonly winner: "attacker" | "defender";
  readonly sl: number;
  readonly hit: Hit | null;
  /** Who takes a Critical Wound from a critical roll (the defender can inflict one too). */
  readonly criticalsOn: readonly string[];
  readonly fumbles: { readonly attacker: FumbleOutcome; readonly defender: FumbleOutcome | null };
  readonly advantage: { readonly attacker: number; readonly defender: number };
  /** The defender loses Surprised after the first attack on it. */
  readonly surpriseLost: boolean;
}

export function checkMelee(input: MeleeAttackInput): Outcome<true> {
  const a = checkTest(input.attacker.test, "attacker");
  if (!a.ok) return a;
  if (input.tie !== undefined) {
    const tie = readOpposedTie(input.tie);
    if (!tie.ok) return tie;
  }
  if (input.defender.test) {
    if (input.defender.surprised) return opposedRefuse("cannotDefend", { who: input.defender.combatantId ?? input.defender.id });
    const d = checkTest(input.defender.test, "defender");
    if (!d.ok) return d;
  }
  const ar = input.defender.armour;
  // Figure by figure in a fixed order, building nothing unless one is refused (the duel loops call this per attack).
  return (
    checkFigure("damage", input.attacker.damage, 0, 1000) ??
    checkFigure("toughnessBonus", input.defender.toughnessBonus, 0, 1000) ??
    checkFigure("woundsNow", input.defender.woundsNow, 0, 1000) ??
    checkFigure("attackerAdvantage", input.attacker.advantage, 0, 1000) ??
    checkFigure("defenderAdvantage", input.defender.advantage, 0, 1000) ??
    checkFigure("head", ar.head, 0, 1000) ??
    checkFigure("leftArm", ar.leftArm, 0, 1000) ??
    checkFigure("rightArm", ar.rightArm, 0, 1000) ??
    checkFigure("body", ar.body, 0, 1000) ??
    checkFigure("leftLeg", ar.leftLeg, 0, 1000) ??
    checkFigure("rightLeg", ar.rightLeg, 0, 1000) ??
    PASSED
  );
}

export function resolveMeleeAttack(input: MeleeAttackInput, dice: Dice): Outcome<Resolution<MeleeAttackResult>> {
  const valid = checkMelee(input);
  if (!valid.ok) return valid;
  const { attacker: a, defender: d } = input;
  const events: OpposedEvent[] = [];
  const attackTest = { ...a.test, modifier: (a.test.modifier ?? 0) + (d.surprised ? SURPRISED_BONUS : 0) };
  const at = rollTest(attackTest, dice, a.id, "BOUT.Card.Roll.Opposed.attack");
  events.push(testEvent(a.id, at));
  const dt = d.test ? rollTest(d.test, dice, d.id, d.test.skill ? "BOUT.Card.Roll.Opposed.oppose" : "BOUT.Card.Roll.Opposed.opposeAny") : null;
  if (dt) events.push(testEvent(d.id, dt));
  // Unopposed (the Surprised cannot defend): the attack must succeed on its own.
  const outcome = dt ? compareOpposed(at, dt, input.tie) : { winner: at.success ? ("attacker" as const) : ("defender" as const), sl: at.sl };
  events.push(event("opposed", { winner: outcome.winner === "attacker" ? a.id : d.id, sl: outcome.sl }));

  const criticalsOn: string[] = [];
  if (at.critical) criticalsOn.push(d.id);
  if (dt?.critical) criticalsOn.push(a.id);
  for (const id of criticalsOn) events.push(event("critical", { on: id }));

  let hit: Hit | null = null;
  if (outcome.winner === "attacker") {
    const { reversed, location } = landsOn(at.roll, a.calledShot, input.tables.hitLocations);
    const damage = Math.max(0, a.damage + outcome.sl);
    const wounds = woundsSuffered({ damage, toughnessBonus: d.toughnessBonus, armourPoints: d.armour[location], woundsNow: d.woundsNow });
    hit = { roll: at.roll, reversed, location, damage, wounds };
    events.push(event("hit", { on: d.id, location, reversed }));
    events.push(event("wounds", { on: d.id, damage, suffered: wounds.suffered, woundsNow: wounds.woundsNow }));
    if (wounds.critical) events.push(event("criticalWound", { on: d.id }), event("prone", { who: d.id }));
  } else events.push(event("miss", { by: a.id }));

  const advantage =
    outcome.winner === "attacker" ? { attacker: a.advantage + 1, defender: d.advantage } : { attacker: a.advantage, defender: d.advantage + 1 };
  events.push(event("advantage", { who: outcome.winner === "attacker" ? a.id : d.id, advantage: outcome.winner === "attacker" ? advantage.attacker : advantage.defender }));

  const oops = input.tables.oops;
  const fumbles = { attacker: resolveFumble(a.id, at, a.blackpowder ?? false, dice, oops), defender: dt ? resolveFumble(d.id, dt, d.blackpowder ?? false, dice, oops) : null };
  events.push(...fumbles.attacker.events, ...(fumbles.defender?.events ?? []));
  if (d.surprised) events.push(event("surpriseLost", { who: d.id }));
  return ok({ result: { attacker: at, defender: dt, winner: outcome.winner, sl: outcome.sl, hit, criticalsOn, fumbles, advantage, surpriseLost: d.surprised }, events });
}
