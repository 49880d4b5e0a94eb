/** The simulator plays the world's opposed tables and tie rule, read as the attack card reads them (a chosen table that does not read refuses). */
import { registerDuelWorld } from "../../applications/duel/duel-world";
import { ok } from "../../engine/outcome";
import { opposedTie } from "../../settings";
import { opposedTablesRead } from "./tables";

export function registerOpposedDuelWorld(): void {
  registerDuelWorld("opposed", () => {
    const tables = opposedTablesRead();
    return tables.ok ? ok({ opposed: { tables: tables.value, tie: opposedTie() } }) : tables;
  });
}
