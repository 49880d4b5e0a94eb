/**
 * [12.2] side initiative and [12.3] engaged initiative. Pure reading of rolls
 * and numbers; the pulse tracker (src/engine/time/pulses.ts) uses these.
 */

export interface SideFigure {
  readonly id: string;
  readonly pc: number;
  readonly militaryScientist: number;
  readonly leader: boolean;
  readonly engaged: boolean;
  readonly stunned: boolean;
  /** Absent: conscious (an unconscious figure is out of the fight's order). */
  readonly unconscious?: boolean;
}

/**
 * [12.2] who rolls for a side: its leader when free; otherwise another
 * non-engaged, conscious, unstunned figure, who may not add Military Scientist.
 * Null when nobody can roll.
 */
export function sideRoller(figures: readonly SideFigure[]): { readonly id: string; readonly bonus: number; readonly leader: boolean } | null {
  return rollerAmong(figures, (f) => f.engaged);
}

/** `sideRoller` with whether each figure is engaged asked apart (issue 35: no copy of each figure to say so). */
export function rollerAmong<F extends Omit<SideFigure, "engaged">>(figures: readonly F[], engaged: (f: F) => boolean): { readonly id: string; readonly bonus: number; readonly leader: boolean } | null {
  const free = (f: F) => !engaged(f) && !f.stunned && !f.unconscious;
  const leader = figures.find((f) => f.leader && free(f));
  if (leader) return { id: leader.id, bonus: leader.pc + leader.militaryScientist, leader: true };
  // The stand-in with the best Perception rolls; a group may prefer another choice.
  let best: F | null = null;
  for (const f of figures) if (free(f) && (!best || f.pc > best.pc)) best = f;
  return best ? { id: best.id, bonus: best.pc, leader: false } : null;
}

/**
 * [12.2] "Leader of each side rolls": the side's leader when the GM has named
 * none. A side of one figure is led by it; otherwise (our reading: the seed
 * names no way to choose) the figure with the best Military Scientist rank
 * leads, then the best PC, then the first listed. The GM may name another.
 */
export function defaultLeader(figures: readonly Pick<SideFigure, "id" | "pc" | "militaryScientist">[]): string | null {
  let best: (typeof figures)[number] | null = null;
  for (const f of figures) if (!best || f.militaryScientist > best.militaryScientist || (f.militaryScientist === best.militaryScientist && f.pc > best.pc)) best = f;
  return best?.id ?? null;
}

export interface EngagedFigure {
  readonly id: string;
  readonly iv: number;
  readonly stunned: boolean;
  /** [12.3] an opponent stands in this figure's rear hex. */
  readonly opponentInRear: boolean;
}

/**
 * [12.3] the order before the top figure's choice: descending IV, except that a
 * figure with an opponent in its rear hex yields to everyone else and a stunned
 * figure [19] comes last of all. Equal IVs keep the order given (the GM's).
 */
export function engagementOrder(figures: readonly EngagedFigure[]): string[] {
  const rankOf = (f: EngagedFigure) => (f.stunned ? 2 : f.opponentInRear ? 1 : 0);
  return figures
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rankOf(a.f) - rankOf(b.f) || b.f.iv - a.f.iv || a.i - b.i)
    .map(({ f }) => f.id);
}

/** [12.3] the top figure chooses to act first or last; everyone else keeps descending order. */
export function applyFirstOrLast(order: readonly string[], choice: "first" | "last"): string[] {
  if (order.length < 2 || choice === "first") return [...order];
  return [...order.slice(1), order[0]!];
}

/** Exact odds that side A's D10 + bonusA beats side B's D10 + bonusB, loses, or ties (a re-roll). */
export function sideInitiativeOdds(bonusA: number, bonusB: number): { readonly win: number; readonly lose: number; readonly tie: number } {
  let win = 0;
  let lose = 0;
  let tie = 0;
  for (let a = 1; a <= 10; a++) {
    for (let b = 1; b <= 10; b++) {
      const d = a + bonusA - (b + bonusB);
      if (d > 0) win++;
      else if (d < 0) lose++;
      else tie++;
    }
  }
  return { win: win / 100, lose: lose / 100, tie: tie / 100 };
}
