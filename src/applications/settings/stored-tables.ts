/**
 * The JSON a tables setting holds ("" for the system's own): steel's and
 * actionpoints' older saved tables, actionpoints' costs, pulse's ranks.
 */
export function storedTables(setting: "steelTables" | "apTables" | "pulseTables"): unknown {
  try {
    const text = String(game.settings?.get("bout", setting) ?? "");
    return text ? JSON.parse(text) : "";
  } catch {
    return "";
  }
}
