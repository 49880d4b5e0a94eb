/** The simulator plays the world's steel tables, read as the attack card reads them (a chosen table that does not read refuses). */
import { registerDuelWorld } from "../../applications/duel/duel-world";
import { ok } from "../../engine/outcome";
import { steelTablesRead } from "./tables";

export function registerSteelDuelWorld(): void {
  registerDuelWorld("steel", () => {
    const tables = steelTablesRead();
    return tables.ok ? ok({ steel: { tables: tables.value } }) : tables;
  });
}
