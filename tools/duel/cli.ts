/**
 * `npm run duel -- <actor A> <actor B> [options]`: the entry of the duel
 * simulator's command line (./run.ts). A refusal prints "duel: <why>" on
 * stderr and exits with code 2.
 */
import { DuelCliError, runDuelCli } from "./run";

function bar(done: number, total: number): void {
  if (!process.stderr.isTTY) return;
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(`\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total}${done === total ? "\n" : ""}`);
}

try {
  process.stdout.write(runDuelCli(process.argv.slice(2), bar));
} catch (error) {
  if (!(error instanceof DuelCliError)) throw error;
  process.stderr.write(`duel: ${error.message}\n`);
  process.exit(2);
}
