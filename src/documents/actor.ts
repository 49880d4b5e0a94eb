import type { Vitality } from "../engine/rulesets/ruleset";
import { trackEdit } from "../engine/rulesets/track-edit";
import { activeRuleset } from "../settings";
import { queued } from "../table/write-queue";

export class BoutActor extends Actor {
  /**
   * A player character's tokens are linked and friendly unless the data says
   * otherwise: its token is the character itself. NPCs keep Foundry's default,
   * unlinked, so each token dropped on a scene is its own fighter.
   */
  override async _preCreate(...args: Parameters<Actor["_preCreate"]>): Promise<boolean | void> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    const [data] = args;
    const given = ((data as { prototypeToken?: Record<string, unknown> }).prototypeToken ?? {}) as Record<string, unknown>;
    if (this.type === "character") {
      this.updateSource({ prototypeToken: { ...(given.actorLink === undefined ? { actorLink: true } : {}), ...(given.disposition === undefined ? { disposition: CONST.TOKEN_DISPOSITIONS.FRIENDLY } : {}) } } as never);
    }
  }

  /**
   * The token bar shows the ruleset's track (`system.vitality`, the bar's schema field, so core's
   * Token HUD lets it be edited: v13 TokenHUD#onSubmitBar calls this with the bar's attribute).
   * The edit is written to the statistic behind the track, in this actor's write queue.
   */
  override async modifyTokenAttribute(attribute: string, value: number, isDelta = false, isBar = true): Promise<this | undefined> {
    if (attribute !== "vitality") return super.modifyTokenAttribute(attribute, value, isDelta, isBar);
    // In this actor's write queue: a change typed on the bar counts from the figure as it is once
    // the cards this client is applying to the actor have landed.
    return queued([this], async () => {
      const ruleset = activeRuleset();
      const track = (this.system as { vitality?: Vitality }).vitality;
      const edit = track ? trackEdit(track, ruleset.stats.actor, value, isDelta) : null;
      if (!edit) {
        ui.notifications?.warn(game.i18n!.localize("BOUT.Actor.Vitality.Derived"));
        return this;
      }
      const path = `system.${ruleset.id}.${edit.path}`;
      const allowed = Hooks.call("modifyTokenAttribute", { attribute, value, isDelta, isBar }, { [path]: edit.value });
      return allowed !== false ? ((await this.update({ [path]: edit.value })) as this | undefined) : this;
    });
  }
}
