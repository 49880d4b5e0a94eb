/**
 * The opposed d100 tables the world plays with: each lookup's chosen RollTable
 * (Hit Locations, Oops!, the Critical table per location) over ours, refused
 * whole when a chosen table does not read. Only the Critical table reaches the
 * cards so far; Hit Locations and Oops! are read inside the engine's resolutions.
 */
import type { Outcome } from "../../engine/outcome";
import { assembleOpposed, type OpposedTables } from "../roll-tables/catalogue";
import { worldLabel, worldPick } from "../roll-tables/world";

export function opposedTablesRead(): Outcome<OpposedTables> {
  return assembleOpposed(worldPick(), worldLabel);
}
