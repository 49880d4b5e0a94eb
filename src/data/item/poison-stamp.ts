/**
 * Seed 004 [20.3]: poison is good for six hours. A weapon remembers the world
 * time its Poisoned box was ticked (a flag written with the same update), so an
 * attack can tell fresh poison from dried.
 */
import { SYSTEM_ID } from "../../config";

const FLAG = "poisonedAt";

/** Adds the stamp to a weapon's update or creation data when it becomes poisoned. */
export function stampPoison(data: Record<string, unknown>, wasPoisoned: boolean): void {
  const flat = data["system.pulse.poisoned"];
  const nested = foundry.utils.getProperty(data, "system.pulse.poisoned");
  const poisoned = flat ?? nested;
  if (poisoned !== true || wasPoisoned) return;
  foundry.utils.setProperty(data, `flags.${SYSTEM_ID}.${FLAG}`, game.time?.worldTime ?? 0);
}

/** Seconds of world time since the weapon's poison went on; null when it was never stamped. */
export function poisonAgeOf(item: Item.Implementation | null): number | null {
  const at = (item?.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[SYSTEM_ID]?.[FLAG];
  const now = game.time?.worldTime;
  return typeof at === "number" && typeof now === "number" ? Math.max(0, now - at) : null;
}
