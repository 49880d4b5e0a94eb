/**
 * Seed 004 [20.3]: poison is good for six hours. The hours count from when the
 * active GM saw the weapon become poisoned (its Poisoned box ticked, by anyone),
 * kept in a world setting only a GM may write: the weapon's owner may write any
 * flag on it, so no time on the weapon is read (issue 31, hostile). A weapon the
 * GM never saw poisoned has no known age, which the rules take as fresh.
 */
import { SYSTEM_ID } from "../../config";
import { refuse, ok } from "../../engine/outcome";
import { queued } from "../write-queue";

const SETTING = "poisonStamps";

type Stamps = Record<string, number>;

const stamps = (): Stamps => {
  const value = game.settings?.get(SYSTEM_ID, SETTING) as unknown;
  return value && typeof value === "object" ? (value as Stamps) : {};
};

/** Seconds of world time since the GM saw this weapon poisoned; null when it never did. */
export function poisonAgeOf(item: Item.Implementation | null): number | null {
  const at = item?.uuid ? stamps()[item.uuid] : undefined;
  const now = game.time?.worldTime;
  return typeof at === "number" && typeof now === "number" ? Math.max(0, now - at) : null;
}

/** Active GM, in the setting's queue: the weapon stamped now (poisoned) or its stamp gone; a refused write is said. */
function stamp(uuid: string, poisoned: boolean): void {
  void queued([`Setting.${SYSTEM_ID}.${SETTING}`], async () => {
    const { [uuid]: _was, ...rest } = stamps();
    if (!poisoned && _was === undefined) return ok(true);
    try {
      await game.settings!.set(SYSTEM_ID, SETTING as never, (poisoned ? { ...rest, [uuid]: game.time?.worldTime ?? 0 } : rest) as never);
      return ok(true);
    } catch (error) {
      console.error("bout | the poison's time was not saved", error);
      ui.notifications?.error(game.i18n!.localize("BOUT.Pulse.Table.PoisonTimeNotSaved"));
      return refuse("pulse.poisonTime", "BOUT.Pulse.Table.PoisonTimeNotSaved");
    }
  });
}

/** Active GM: a weapon's Poisoned box set or cleared, by whoever. */
function heard(item: Item.Implementation, changes: object): void {
  if (!game.user?.isActiveGM || item.type !== "weapon" || !item.uuid) return;
  const poisoned = foundry.utils.getProperty(changes, "system.pulse.poisoned") ?? (changes as Record<string, unknown>)["system.pulse.poisoned"];
  if (typeof poisoned === "boolean") stamp(item.uuid, poisoned);
}

export function registerPoisonTime(): void {
  game.settings!.register(SYSTEM_ID, SETTING, { scope: "world", config: false, type: Object, default: {} } as never);
  Hooks.on("createItem", (item) => heard(item as Item.Implementation, (item as Item.Implementation).toObject()));
  Hooks.on("updateItem", (item, changes) => heard(item as Item.Implementation, changes as object));
  Hooks.on("deleteItem", (item) => {
    if (game.user?.isActiveGM && (item as Item.Implementation).uuid) stamp((item as Item.Implementation).uuid!, false);
  });
}
