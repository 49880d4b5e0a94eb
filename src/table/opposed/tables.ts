/**
 * The opposed d100 tables the world plays with: each lookup's chosen RollTable
 * (Hit Locations, Oops!, the Critical table per location) over ours, refused
 * whole when a chosen table does not read. Every card that lands a hit, rolls
 * Oops! or a critical reads it before its first die and hands it to the engine.
 */
import type { Outcome } from "../../engine/outcome";
import { assembleOpposed, type OpposedTables } from "../roll-tables/catalogue";
import { worldLabel, worldPick } from "../roll-tables/world";

export function opposedTablesRead(): Outcome<OpposedTables> {
  return assembleOpposed(worldPick(), worldLabel);
}
