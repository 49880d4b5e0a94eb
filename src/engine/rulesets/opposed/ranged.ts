/**
 * A ranged attack ("Attacking", "Ranged Combat"): a Ranged Test; on a success
 * the attacker hits and gains +1 Advantage, a miss gives the target nothing.
 * It is opposed only at Point Blank range (Dodge allowed), by a large enough
 * shield, or, when the shooter is Engaged with the target, by any melee skill.
 * An Engaged shooter needs a weapon with the Pistol quality.
 */
import type { Dice, PercentileTest } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { woundsSuffered } from "./damage";
import { event, type OpposedEvent, type Resolution } from "./events";
import type { Hit } from "./melee";
import { resolveFumble, type FumbleOutcome } from "./oops";
import { checkFigures, opposedRefuse } from "./refusals";
import type { Location } from "./stats";
import { landsOn } from "./table-rules";
import type { HitTables } from "./tables";
import { checkTest, testEvent, compareOpposed, readOpposedTie, rollTest, type OpposedTie, type TestInput } from "./tests";

export type RangedOpposition = "none" | "dodgePointBlank" | "largeShield" | "meleeWhileEngaged";

export interface RangedAttackInput {
  readonly attacker: { readonly id: string; readonly test: TestInput; readonly damage: number; readonly pistol: boolean; readonly blackpowder: boolean; readonly engaged: boolean; readonly advantage: number; readonly calledShot?: Location | null };
  readonly defender: {
    readonly id: string;
    /** Its combatant in the fight, if any: a refusal names the defender by it (the table shows the combatant's name). */
    readonly combatantId?: string | null;
    readonly opposition: RangedOpposition;
    readonly test: TestInput | null;
    readonly toughnessBonus: number;
    readonly armour: Readonly<Record<Location, number>>;
    readonly woundsNow: number;
    readonly pointBlank: boolean;
    readonly largeShield: boolean;
    /** "Surprised": the target "cannot defend yourself in opposed Tests": no Dodge at Point Blank, no shield, no parry. */
    readonly surprised?: boolean;
  };
  readonly tie?: OpposedTie;
  /** The Hit Locations and Oops! tables the fight plays with (the world's, or ours without a world). */
  readonly tables: HitTables;
}

export interface RangedAttackResult {
  readonly attacker: PercentileTest;
  readonly defender: PercentileTest | null;
  readonly hit: Hit | null;
  readonly criticalsOn: readonly string[];
  readonly fumble: FumbleOutcome;
  readonly advantage: number;
}

/** Whether the target may oppose this shot, and how. */
export function rangedOppositionAllowed(o: RangedOpposition, d: { pointBlank: boolean; largeShield: boolean }, shooterEngaged: boolean): boolean {
  switch (o) {
    case "none":
      return true;
    case "dodgePointBlank":
      return d.pointBlank;
    case "largeShield":
      return d.largeShield;
    case "meleeWhileEngaged":
      return shooterEngaged;
  }
}

/** Every way a target might oppose a shot, "none" first. */
export const RANGED_OPPOSITIONS: readonly RangedOpposition[] = ["none", "dodgePointBlank", "largeShield", "meleeWhileEngaged"];

/**
 * The ways this target may oppose this shot ("Ranged Combat"), besides not
 * opposing at all; none for a Surprised target ("Surprised": it "cannot defend
 * yourself in opposed Tests").
 */
export function rangedOppositions(d: { pointBlank: boolean; largeShield: boolean; surprised?: boolean }, shooterEngaged: boolean): RangedOpposition[] {
  if (d.surprised) return [];
  return RANGED_OPPOSITIONS.filter((o) => o !== "none" && rangedOppositionAllowed(o, d, shooterEngaged));
}

/**
 * The skill a target opposes a shot with ("Ranged Combat"): Dodge at Point
 * Blank; a Melee skill behind a large shield or against a shooter Engaged with
 * it ("any Melee Skill"); nothing when it does not oppose.
 */
export function rangedOppositionSkill(o: RangedOpposition): "dodge" | "melee" | null {
  switch (o) {
    case "none":
      return null;
    case "dodgePointBlank":
      return "dodge";
    case "largeShield":
    case "meleeWhileEngaged":
      return "melee";
  }
}

/** "You cannot make ranged attacks whilst Engaged, unless ... the Pistol Quality". */
export function checkEngagedShot(engaged: boolean, pistol: boolean): Outcome<true> {
  return engaged && !pistol ? opposedRefuse("engagedRanged") : ok(true);
}

export function resolveRangedAttack(input: RangedAttackInput, dice: Dice): Outcome<Resolution<RangedAttackResult>> {
  const { attacker: a, defender: d } = input;
  const shot = checkEngagedShot(a.engaged, a.pistol);
  if (!shot.ok) return shot;
  const t = checkTest(a.test, "attacker");
  if (!t.ok) return t;
  if (input.tie !== undefined) {
    const tie = readOpposedTie(input.tie);
    if (!tie.ok) return tie;
  }
  const figures = checkFigures({ damage: a.damage, toughnessBonus: d.toughnessBonus, woundsNow: d.woundsNow, advantage: a.advantage, ...d.armour }, 0, 1000);
  if (!figures.ok) return figures;
  if (d.opposition !== "none") {
    if (d.surprised) return opposedRefuse("cannotDefend", { who: d.combatantId ?? d.id });
    if (!rangedOppositionAllowed(d.opposition, d, a.engaged)) return opposedRefuse("cannotOppose", { how: d.opposition });
    if (!d.test) return opposedRefuse("cannotOppose", { how: d.opposition });
    const dtCheck = checkTest(d.test, "defender");
    if (!dtCheck.ok) return dtCheck;
  }
  const events: OpposedEvent[] = [];
  const at = rollTest(a.test, dice, a.id, "BOUT.Card.Roll.Opposed.shot");
  events.push(testEvent(a.id, at));
  const dt = d.opposition !== "none" && d.test ? rollTest(d.test, dice, d.id, d.test.skill ? "BOUT.Card.Roll.Opposed.oppose" : "BOUT.Card.Roll.Opposed.opposeAny") : null;
  if (dt) events.push(testEvent(d.id, dt));
  const outcome = dt ? compareOpposed(at, dt, input.tie) : { winner: at.success ? ("attacker" as const) : ("defender" as const), sl: at.sl };
  const criticalsOn = [...(at.critical ? [d.id] : []), ...(dt?.critical ? [a.id] : [])];
  for (const id of criticalsOn) events.push(event("critical", { on: id }));
  let hit: Hit | null = null;
  if (outcome.winner === "attacker") {
    const { reversed, location } = landsOn(at.roll, a.calledShot, input.tables.hitLocations);
    const damage = Math.max(0, a.damage + outcome.sl);
    const wounds = woundsSuffered({ damage, toughnessBonus: d.toughnessBonus, armourPoints: d.armour[location], woundsNow: d.woundsNow });
    hit = { roll: at.roll, reversed, location, damage, wounds };
    events.push(event("hit", { on: d.id, location, reversed }), event("wounds", { on: d.id, damage, suffered: wounds.suffered, woundsNow: wounds.woundsNow }));
    if (wounds.critical) events.push(event("criticalWound", { on: d.id }), event("prone", { who: d.id }));
    events.push(event("advantage", { who: a.id, advantage: a.advantage + 1 }));
  } else events.push(event("miss", { by: a.id }));
  const fumble = resolveFumble(a.id, at, a.blackpowder, dice, input.tables.oops);
  events.push(...fumble.events);
  // In ranged combat only the shooter gains Advantage, and only by hitting.
  return ok({ result: { attacker: at, defender: dt, hit, criticalsOn, fumble, advantage: hit ? a.advantage + 1 : a.advantage }, events });
}
