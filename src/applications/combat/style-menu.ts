/**
 * The GM's fighting style for a fighter, from the tracker's row menu: "GM
 * decides" or one of the ruleset's styles, for this fight (the combatant) and,
 * if the GM ticks it, as the actor's default for every fight to come. Offered
 * only on fighters no player owns: a style never plays a player's character.
 * The tracker shows each styled fighter's style on its row, to the GM only.
 */
import type { BoutCombat } from "../../documents/combat";
import { GM_DECIDES, styleHint, styleIds, styleName } from "../../engine/styles";
import { activeRuleset } from "../../settings";
import { playerOwned, storedStyle, styleOf } from "../../table/styles/style-of";
import { defaultHolder, setStyle } from "../../table/styles/set-style";
import { openOddsDialog } from "../dialogs/odds-dialog";
import type { BoutTrackerContext } from "./tracker-context";

/** May the GM set this combatant's style (it exists and no player owns its fighter)? */
export function styleable(combat: BoutCombat | null, combatantId: string): boolean {
  const combatant = combat?.combatants.get(combatantId);
  return Boolean(game.user?.isGM && combatant?.actor && !playerOwned(combatant.actor as Actor.Implementation));
}

/** GM: ask for the fighter's style and write it (the combatant's, and the actor's default when ticked). */
export async function chooseStyle(combat: BoutCombat, combatantId: string): Promise<void> {
  const combatant = combat.combatants.get(combatantId);
  if (!combatant || !styleable(combat, combatantId)) return;
  const ruleset = activeRuleset().id;
  const actor = combatant.actor as Actor.Implementation;
  // An unlinked token's default lives on its world actor, which every token of it copies.
  const base = defaultHolder(actor);
  const values = await openOddsDialog({
    title: "BOUT.Style.Menu.Title",
    titleData: { name: combatant.name ?? "" },
    confirmLabel: "BOUT.Style.Menu.Confirm",
    fields: [
      { kind: "select", name: "style", label: "BOUT.Style.Menu.Style", value: storedStyle(combatant), options: [GM_DECIDES, ...styleIds(ruleset)].map((id) => ({ value: id, label: styleHint(ruleset, id) })) },
      { kind: "checkbox", name: "default", label: "BOUT.Style.Menu.Default", labelData: { name: base.name ?? "" }, value: false },
    ],
  });
  if (!values) return;
  await setStyle(combat, combatantId, String(values.style), values.default === true);
}

/** The tracker's rows with each styled fighter's style named on it (the GM's tracker only). */
export function withStyles(bout: BoutTrackerContext, combat: BoutCombat): BoutTrackerContext {
  const ruleset = activeRuleset().id;
  const named = (id: string) => {
    const style = styleOf(combat.combatants.get(id));
    return style ? game.i18n!.localize(styleName(ruleset, style)) : "";
  };
  return { ...bout, groups: bout.groups.map((g) => ({ ...g, rows: g.rows.map((r) => ({ ...r, style: named(r.id) })) })) };
}
