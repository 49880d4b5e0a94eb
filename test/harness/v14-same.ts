/**
 * What the v14 run may skip (test/shell/v14-same.json, docs/dev/testing.md "Foundry v14 mode"): the
 * evidence is each test file's v13 run, as test/harness/setup.ts records it.
 *
 * A whole file whose v13 run meets no v14 rule (version.ts) runs the same code on the same data in both
 * modes. So do a file's opening tests, when neither the file's own code outside its tests (its module,
 * the hooks around all its tests) nor any of them meets a rule and each ends with no message on its way:
 * up to the first test that meets one, the file's v13 run is that of a file meeting none, and a skipped
 * test leaves the tests after it nothing that depends on the mode. The v14 run starts the file at its
 * first test that meets a rule.
 */

/** One test of a file's v13 run, in the order they ran: its name, the rules it met, and whether every world was quiet as it ended. */
export interface TestRecord {
  readonly name: string;
  readonly met: readonly string[];
  readonly settled: boolean;
}

/** test/shell/v14-same.json: the files the v14 run skips, and per file of the rest the opening tests it skips. */
export interface V14SameList {
  readonly about?: string;
  readonly files: readonly string[];
  readonly tests: Readonly<Record<string, readonly string[]>>;
}

/** A test's name as the list holds it: its describe blocks' names and its own, joined by " > ". */
export function testName(task: { name: string; suite?: { name: string; suite?: unknown; filepath?: unknown } }): string {
  const parts = [task.name];
  for (let suite = task.suite; suite && !("filepath" in suite && suite.filepath); suite = suite.suite as typeof suite) if (suite.name) parts.unshift(suite.name);
  return parts.join(" > ");
}

/**
 * The file's opening tests that the v14 run may skip: none if the file met a rule outside its tests; else
 * the tests before the first that met a rule or ended with a message on its way. A name two tests share
 * is left out (the list could not tell them apart).
 */
export function openingTests(outside: readonly string[], tests: readonly TestRecord[]): string[] {
  if (outside.length > 0) return [];
  const opening: string[] = [];
  for (const test of tests) {
    if (test.met.length > 0 || !test.settled) break;
    opening.push(test.name);
  }
  const count = new Map<string, number>();
  for (const test of tests) count.set(test.name, (count.get(test.name) ?? 0) + 1);
  return opening.filter((name) => count.get(name) === 1);
}
