/**
 * What a machine's view keeps from one state to the next (issue 35) is worked
 * out from a state's lists: another state's lists give the same answer when
 * they hold, place by place, the same entries, or entries equal in what the
 * answer reads. States are never changed in place, so the same object is
 * equal without a look inside it.
 */
export function samePlaces<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y && !same(x, y)) return false;
  }
  return true;
}
