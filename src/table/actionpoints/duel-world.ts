/** The simulator plays the world's actionpoints tables and critical rules, read as the attack card reads them (a chosen table that does not read refuses). */
import { registerDuelWorld } from "../../applications/duel/duel-world";
import { ok } from "../../engine/outcome";
import { apCritThroughBlock, apRule, apTablesRead } from "./tables";

export function registerActionPointsDuelWorld(): void {
  registerDuelWorld("actionpoints", () => {
    const tables = apTablesRead();
    return tables.ok ? ok({ actionpoints: { tables: tables.value, rule: apRule(), critThroughBlock: apCritThroughBlock() } }) : tables;
  });
}
