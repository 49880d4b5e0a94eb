/**
 * Facing several foes ("Multiple Opponents"). The outnumbered fighter starts a
 * terrain roll; each opponent may roll against him (no dice = no successes).
 * Who beats whom decides who chooses the matchup. TNs come from the seed's table
 * by number of opponents; the table's two columns are unlabelled in the seed:
 * we read the first as the outnumbered fighter's TN and the second as the
 * opponents' (GM-editable). A Tactics leader's successes lower his allies' TN.
 */
import { labelled, poolBotchProbability, poolSuccessDistribution, rollPool, said, type Dice, type PoolRoll } from "../../dice";
import { isWholeNumber, ok, type Outcome } from "../../outcome";
import { event, type Resolution } from "./events";
import { checkCount, checkSpend, steelRefuse, checkWhole } from "./refusals";

export interface CrowdRow {
  readonly minOpponents: number;
  readonly outnumbered: number;
  readonly opponents: number;
}

export const CROWD_TABLE: readonly CrowdRow[] = [
  { minOpponents: 2, outnumbered: 6, opponents: 5 },
  { minOpponents: 3, outnumbered: 8, opponents: 6 },
  { minOpponents: 6, outnumbered: 9, opponents: 7 },
  { minOpponents: 10, outnumbered: 10, opponents: 8 },
];

/** "Multiple Opponents": one fighter against two or more, so a bout of three or more fighters. */
export function outnumberedApplies(fightersInBout: number): boolean {
  return fightersInBout >= 3;
}

/** "Multiple Opponents" (Tactics Skill): each of the leader's successes lowers his allies' TN by one, never below 1. */
export function crowdOpponentTn(tn: number, tacticsSuccesses: number): number {
  return Math.max(1, tn - tacticsSuccesses);
}

export function crowdTns(opponents: number, table: readonly CrowdRow[] = CROWD_TABLE): CrowdRow | null {
  let found: CrowdRow | null = null;
  for (const r of table) if (opponents >= r.minOpponents) found = r;
  return found;
}

/** At most 3 attackers at once, 4 when they are small; the GM may set another cap. */
export function maxAttackers(small: boolean, gmCap?: number): number {
  return gmCap ?? (small ? 4 : 3);
}

/** One attacker on a defender: smaller ones (dogs, wolves) crowd four to a man. */
export interface FacingAttacker {
  readonly id: string;
  readonly small: boolean;
}

export interface JoinAttack {
  readonly attacker: FacingAttacker;
  /** The distinct attackers already on this defender this round. */
  readonly facing: readonly FacingAttacker[];
  /** The GM's own cap ("GM discretion": a wall of pikemen); absent, the seed's. */
  readonly gmCap?: number;
}

/**
 * "Multiple Opponents": one fighter faces at most 3 opponents at once (4 when
 * they are smaller, such as dogs or wolves; the GM may set another cap). May
 * this attacker join those already on the defender? One already among them
 * always may; a newcomer only while they number fewer than the cap, which is 4
 * only when every one of them, the newcomer too, is small. Ok: who faces the
 * defender once he has joined.
 */
export function mayJoinAttack(j: JoinAttack): Outcome<readonly FacingAttacker[]> {
  const w = checkWhole({ gmCap: j.gmCap }, ["gmCap"]);
  if (!w.ok) return w;
  if (j.gmCap !== undefined && j.gmCap < 1) return steelRefuse("negative", { field: "gmCap" });
  if (j.facing.some((f) => f.id === j.attacker.id)) return ok(j.facing);
  const all = [...j.facing, j.attacker];
  const cap = maxAttackers(all.every((f) => f.small), j.gmCap);
  if (j.facing.length >= cap) return steelRefuse("crowdFull", { cap, facing: j.facing.length });
  return ok(all);
}

export interface CrowdSide {
  readonly id: string;
  readonly cpLeft: number;
  readonly dice: number;
  /** Overrides the table's TN. */
  readonly tn?: number;
}

export interface CrowdInput {
  readonly lone: CrowdSide;
  readonly opponents: readonly (CrowdSide & { readonly small?: boolean })[];
  /** Successes of the opponents' leader on a Tactics check: each lowers their TN by 1 (GM discretion). */
  readonly tacticsSuccesses?: number;
  readonly gmCap?: number;
  readonly table?: readonly CrowdRow[];
}

export interface CrowdResult {
  readonly lone: PoolRoll;
  readonly opponents: readonly { readonly id: string; readonly roll: PoolRoll }[];
  /** Opponents with more successes than the lone fighter: each may engage or decline. */
  readonly superior: readonly string[];
  /** The rest, in order of successes (most first). */
  readonly inferior: readonly string[];
  /** "lone": he picks his foe; "opponents": the superior ones decide; "surrounded": he botched. */
  readonly decides: "lone" | "opponents" | "surrounded";
  readonly cap: number;
}

export function outnumberedRoll(input: CrowdInput, dice: Dice): Outcome<Resolution<CrowdResult>> {
  if (input.opponents.length === 0) return steelRefuse("noOpponents");
  const tns = crowdTns(Math.max(2, input.opponents.length), input.table);
  for (const s of [input.lone, ...input.opponents]) {
    for (const v of [s.dice, s.cpLeft]) {
      const c = checkCount(v, s.id);
      if (!c.ok) return c;
    }
    const sp = checkSpend(s.dice, s.cpLeft, s.id);
    if (!sp.ok) return sp;
    const w = checkWhole({ [`${s.id}.tn`]: s.tn }, [`${s.id}.tn`]);
    if (!w.ok) return w;
  }
  const t = checkWhole({ tacticsSuccesses: input.tacticsSuccesses, gmCap: input.gmCap }, ["tacticsSuccesses", "gmCap"]);
  if (!t.ok) return t;
  const loneTn = input.lone.tn ?? tns?.outnumbered ?? 6;
  const lone = labelled(dice, () => said(input.lone.id, "BOUT.Card.Roll.outnumbered", { tn: loneTn }), () => rollPool(dice, input.lone.dice, loneTn));
  const oppTn = (o: CrowdSide) => crowdOpponentTn(o.tn ?? tns?.opponents ?? 5, input.tacticsSuccesses ?? 0);
  const opponents = input.opponents.map((o) => ({ id: o.id, roll: labelled(dice, () => said(o.id, "BOUT.Card.Roll.outnumbering", { tn: oppTn(o) }), () => rollPool(dice, o.dice, oppTn(o))) }));
  const superior = opponents.filter((o) => o.roll.successes > lone.successes).map((o) => o.id);
  const inferior = opponents
    .filter((o) => o.roll.successes <= lone.successes)
    .sort((x, y) => y.roll.successes - x.roll.successes)
    .map((o) => o.id);
  const decides = lone.botch ? "surrounded" : superior.length === 0 ? "lone" : "opponents";
  const cap = maxAttackers(input.opponents.every((o) => o.small), input.gmCap);
  return ok({ result: { lone, opponents, superior, inferior, decides, cap }, events: [event("crowd", { decides, superior: superior.length, cap })] });
}

/**
 * Who the lone fighter faces this round, from the roll and the choices made:
 * `loneChoice` when he decides; the superior opponents' `engaging` list when they
 * do (if all decline he must take one of the inferior, his pick or the best
 * roller); `surrounding` (picked by the opponents) up to the cap on a botch.
 * An empty answer means no exchange this round (it still counts for fatigue).
 */
export function whoFaces(
  r: CrowdResult,
  choice: { loneChoice?: string; engaging?: readonly string[]; surrounding?: readonly string[] },
): Outcome<readonly string[]> {
  const all = [...r.superior, ...r.inferior];
  if (r.decides === "surrounded") {
    const picked = (choice.surrounding ?? all).filter((id) => all.includes(id)).slice(0, r.cap);
    return ok(picked);
  }
  if (r.decides === "lone") {
    if (choice.loneChoice === undefined) return ok(all.slice(0, 1));
    if (!all.includes(choice.loneChoice)) return steelRefuse("badChoice", { choice: choice.loneChoice });
    return ok([choice.loneChoice]);
  }
  const engaging = (choice.engaging ?? r.superior).filter((id) => r.superior.includes(id));
  if (engaging.length > 0) return ok(engaging.slice(0, r.cap));
  if (r.inferior.length === 0) return ok([]);
  if (choice.loneChoice !== undefined) {
    if (!r.inferior.includes(choice.loneChoice)) return steelRefuse("badChoice", { choice: choice.loneChoice });
    return ok([choice.loneChoice]);
  }
  return ok(r.inferior.slice(0, 1));
}

/**
 * P(the lone fighter picks the match-up): he rolls no botch and no opponent beats
 * his successes. Exact, from the binomial pools; TNs as outnumberedRoll reads them.
 */
export function loneDecidesOdds(lone: { dice: number; tn: number }, opponents: readonly { dice: number; tn: number }[]): number {
  const l = poolSuccessDistribution(lone.dice, lone.tn);
  const cumulative = opponents.map((o) => {
    const d = poolSuccessDistribution(o.dice, o.tn);
    let run = 0;
    return d.map((p) => (run += p));
  });
  let p = 0;
  for (let k = 0; k < l.length; k++) {
    const mass = k === 0 ? (l[0] ?? 0) - poolBotchProbability(lone.dice, lone.tn) : (l[k] ?? 0);
    p += mass * cumulative.reduce((acc, c) => acc * (c[Math.min(k, c.length - 1)] ?? 1), 1);
  }
  return p;
}

/**
 * The outnumbered roll's outcome as the bout keeps it for the round it was
 * rolled in, with the choices made since: who faces the lone fighter is
 * settled by those choices ("After the dice are rolled"), and until then no
 * blow passes between him and his opponents.
 */
export interface CrowdMatchUp {
  readonly round: number;
  readonly lone: string;
  readonly decides: CrowdResult["decides"];
  readonly superior: readonly string[];
  readonly inferior: readonly string[];
  readonly cap: number;
  /** Each superior opponent's answer: true faces the lone fighter, false stands off. */
  readonly answers: Readonly<Record<string, boolean>>;
  /** The lone fighter's pick, when the choice is his. */
  readonly pick: string | null;
}

const DECIDERS: readonly CrowdResult["decides"][] = ["lone", "opponents", "surrounded"];

/** The match-up a bout keeps from a roll, checked: the lone fighter and his opponents are distinct fighters of the bout. */
export function crowdMatchUp(
  round: number,
  r: { readonly lone: unknown; readonly decides: unknown; readonly superior: unknown; readonly inferior: unknown; readonly cap: unknown },
  inBout: readonly string[],
): Outcome<CrowdMatchUp> {
  const ids = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");
  if (typeof r.lone !== "string" || !inBout.includes(r.lone)) return steelRefuse("badChoice", { choice: String(r.lone) });
  if (!DECIDERS.includes(r.decides as CrowdResult["decides"])) return steelRefuse("badChoice", { choice: String(r.decides) });
  if (!ids(r.superior) || !ids(r.inferior)) return steelRefuse("noOpponents");
  const opponents = [...r.superior, ...r.inferior];
  if (opponents.length === 0) return steelRefuse("noOpponents");
  const stray = opponents.find((id, i) => id === r.lone || !inBout.includes(id) || opponents.indexOf(id) !== i);
  if (stray !== undefined) return steelRefuse("badChoice", { choice: stray });
  if (!isWholeNumber(r.cap) || r.cap < 1) return steelRefuse("notNumber", { field: "cap" });
  // Who chooses follows from the roll: a botch surrounds him, anyone who beat him chooses, else he does.
  const decides = r.decides as CrowdResult["decides"];
  if (decides === "opponents" ? r.superior.length === 0 : r.superior.length > 0 && decides === "lone") return steelRefuse("badChoice", { choice: decides });
  return ok({ round, lone: r.lone, decides, superior: [...r.superior], inferior: [...r.inferior], cap: r.cap, answers: {}, pick: null });
}

/** Who must choose now: the lone fighter (and among whom), or the superior opponents yet to answer; nobody once it is settled. */
export function matchUpChoosers(m: CrowdMatchUp): { readonly lone: readonly string[]; readonly opponents: readonly string[] } {
  const none = { lone: [], opponents: [] };
  if (m.decides === "surrounded" || m.pick !== null) return none;
  if (m.decides === "lone") return { lone: [...m.superior, ...m.inferior], opponents: [] };
  const waiting = m.superior.filter((id) => m.answers[id] === undefined);
  if (waiting.length) return { lone: [], opponents: waiting };
  // Every superior opponent stood off: he must take one who rolled fewer, if any is left.
  return m.superior.some((id) => m.answers[id]) ? none : { lone: [...m.inferior], opponents: [] };
}

/**
 * A choice after the roll: the lone fighter names his foe (`target`), or a
 * superior opponent faces him (`target` = the lone fighter) or stands off
 * (`target` null). Refused when the choice is not the chooser's to make now.
 */
export function chooseMatchUp(m: CrowdMatchUp, chooser: string, target: string | null): Outcome<CrowdMatchUp> {
  const now = matchUpChoosers(m);
  if (chooser === m.lone) {
    if (!now.lone.length) return steelRefuse("notYourChoice");
    if (target === null || !now.lone.includes(target)) return steelRefuse("badChoice", { choice: String(target) });
    return ok({ ...m, pick: target });
  }
  if (!now.opponents.includes(chooser)) return steelRefuse("notYourChoice");
  if (target !== null && target !== m.lone) return steelRefuse("badChoice", { choice: String(target) });
  return ok({ ...m, answers: { ...m.answers, [chooser]: target !== null } });
}

/**
 * Who faces the lone fighter this round (the engine's `whoFaces` on the
 * choices made), or null while a choice is still due. Surrounded, any of them
 * may: the cap (`mayJoinAttack`) stops the one too many as they close in.
 */
export function matchUpFacing(m: CrowdMatchUp): readonly string[] | null {
  const now = matchUpChoosers(m);
  if (now.lone.length || now.opponents.length) return null;
  if (m.decides === "surrounded") return [...m.superior, ...m.inferior];
  const result = { superior: m.superior, inferior: m.inferior, decides: m.decides, cap: m.cap } as CrowdResult;
  const faced = whoFaces(result, { ...(m.pick !== null ? { loneChoice: m.pick } : {}), engaging: m.superior.filter((id) => m.answers[id]) });
  return faced.ok ? faced.value : [];
}

/**
 * May this blow pass between these two in this round of their bout? Between the
 * lone fighter and one of those he rolled against, only once the match-up is
 * settled and only if that one faces him; any other pairing is not the roll's
 * business.
 */
export function matchUpAllows(m: CrowdMatchUp | undefined, round: number, attacker: string, defender: string): Outcome<true> {
  if (!m || m.round !== round || (attacker !== m.lone && defender !== m.lone)) return ok(true);
  const other = attacker === m.lone ? defender : attacker;
  if (![...m.superior, ...m.inferior].includes(other)) return ok(true);
  const facing = matchUpFacing(m);
  if (facing === null) return steelRefuse("matchUpDue", { lone: m.lone });
  return facing.includes(other) ? ok(true) : steelRefuse("notFacing", { lone: m.lone, other });
}

/** The match-up once a fighter has left the bout: without the lone fighter there is none. */
export function matchUpWithout(m: CrowdMatchUp | undefined, id: string): CrowdMatchUp | undefined {
  if (!m || id === m.lone) return undefined;
  const { [id]: _gone, ...answers } = m.answers;
  return { ...m, superior: m.superior.filter((x) => x !== id), inferior: m.inferior.filter((x) => x !== id), answers, pick: m.pick === id ? null : m.pick };
}
