/**
 * Distances on a scene in the rulesets' own measures. The seeds count in
 * yards (opposed), paces (phases: the Engagement Example counts a rout in
 * yards, so a pace is read as a yard) or hexes (pulse, read from the grid).
 * A scene's units: feet are a third of a yard, metres a little more than one;
 * anything else (yards, paces, squares, none) is read as yards.
 */
export function yardsPerUnit(units: unknown): number {
  const u = typeof units === "string" ? units.trim().toLowerCase().replace(/\.$/, "") : "";
  if (["ft", "feet", "foot"].includes(u)) return 1 / 3;
  if (["m", "meter", "meters", "metre", "metres"].includes(u)) return 1 / 0.9144;
  return 1;
}
