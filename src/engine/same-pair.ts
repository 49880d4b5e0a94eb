/**
 * Entries grouped by two numbers they hold (a total and a score, an Initiative
 * and an Agility), each group in list order and the groups in the order each
 * first appears. By number, not by a text key per entry (issue 35: the views
 * ask for ties at every state whose figures changed).
 */
export function groupsByPair<T>(list: readonly T[], first: (x: T) => number, second: (x: T) => number): T[][] {
  const byFirst = new Map<number, Map<number, T[]>>();
  const groups: T[][] = [];
  for (const x of list) {
    const a = first(x);
    let bySecond = byFirst.get(a);
    if (!bySecond) byFirst.set(a, (bySecond = new Map()));
    const b = second(x);
    const group = bySecond.get(b);
    if (group) group.push(x);
    else {
      const fresh = [x];
      bySecond.set(b, fresh);
      groups.push(fresh);
    }
  }
  return groups;
}
