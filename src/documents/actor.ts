import { editBar } from "../table/bar-edit";

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
      this.updateSource({ prototypeToken: { ...(given.actorLink === undefined ? { actorLink: true } : {}), ...(given.disposition === undefined ? { disposition: CONST.TOKEN_DISPOSITIONS.FRIENDLY } : {}) } });
    }
  }

  /**
   * The token bar shows the ruleset's track (`system.vitality`, the bar's schema field, so core's
   * Token HUD lets it be edited: v13 TokenHUD#onSubmitBar calls this with the bar's attribute).
   * The edit is written to the statistic behind the track by the active GM, in this actor's
   * write queue (bar-edit.ts): a change typed on the bar never overwrites a wound being applied.
   */
  override async modifyTokenAttribute(attribute: string, value: number, isDelta = false, isBar = true): Promise<this | undefined> {
    if (attribute !== "vitality") return super.modifyTokenAttribute(attribute, value, isDelta, isBar);
    await editBar(this, attribute, value, isDelta, isBar);
    return this;
  }
}
