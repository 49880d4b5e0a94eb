/**
 * Where a GM opens the armory: a button in the system settings (world items; registered
 * by registerSettings, with the others),
 * "Open in the armory" on an Item compendium and on the Items sidebar, and
 * `CONFIG.BOUT.openArmory({ pack })` for macros. Every way in checks the user
 * is a GM (BoutArmory.open and render refuse anyone else).
 */
import { BoutArmory, type ArmoryOptions } from "./armory-app";
import { contextEntry, type ContextMenuEntry } from "../../compat";


const ICON = '<i class="fa-solid fa-shield-halved"></i>';

export function registerArmory(): void {
  // Its settings button is registered with the other settings, in their order (src/settings.ts).
  const config = CONFIG as { BOUT?: Record<string, unknown> };
  config.BOUT = Object.assign(config.BOUT ?? {}, { openArmory: (options?: ArmoryOptions) => BoutArmory.open(options) });

  // v13 CompendiumDirectory#_createContextMenus fires "getCompendiumContextOptions" for each pack's entry (li.dataset.pack).
  Hooks.on("getCompendiumContextOptions" as never, ((_app: unknown, options: ContextMenuEntry[]) => {
    options.push(
      contextEntry(
        "BOUT.Armory.ContextOpen",
        ICON,
        (li) => Boolean(game.user?.isGM) && (game.packs as { get(id: string): { documentName: string } | undefined })?.get(li.dataset.pack ?? "")?.documentName === "Item",
        (li) => BoutArmory.open({ pack: li.dataset.pack ?? null }),
      ),
    );
  }) as never);
  // v13 DocumentDirectory fires "get<DocumentName>ContextOptions" for its entries: the Items sidebar's is getItemContextOptions.
  Hooks.on("getItemContextOptions" as never, ((_app: unknown, options: ContextMenuEntry[]) => {
    options.push(
      contextEntry(
        "BOUT.Armory.ContextOpen",
        ICON,
        () => Boolean(game.user?.isGM),
        (li) => {
          const type = (game.items as { get(id: string): { type: string } | undefined })?.get(li.dataset.entryId ?? "")?.type;
          return BoutArmory.open({ kind: type === "armor" || type === "shield" ? type : "weapon" });
        },
      ),
    );
  }) as never);
}
