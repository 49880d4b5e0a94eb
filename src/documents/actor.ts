import { activeRuleset } from "../settings";
import { queued } from "../combat/write-queue";

export class BoutActor extends Actor {
  /**
   * The token bar shows the ruleset's track (`system.vitality`), which is derived.
   * An edit of the bar writes to the statistic behind it, or is refused when the
   * track has none.
   */
  override async modifyTokenAttribute(attribute: string, value: number, isDelta = false, isBar = true): Promise<this | undefined> {
    if (attribute !== "vitality") return super.modifyTokenAttribute(attribute, value, isDelta, isBar);
    // In this actor's write queue: a change typed on the bar counts from the figure as it is once
    // the cards this client is applying to the actor have landed.
    return queued([this], async () => {
      const system = this.system as { vitality?: { value: number; max: number; path?: string } };
      const track = system.vitality;
      if (!track?.path) {
        ui.notifications?.warn(game.i18n!.localize("BOUT.Actor.Vitality.Derived"));
        return this;
      }
      const target = isDelta ? track.value + value : value;
      const clamped = Math.min(track.max, Math.max(0, Math.round(target)));
      const path = `system.${activeRuleset().id}.${track.path}`;
      const allowed = Hooks.call("modifyTokenAttribute", { attribute, value, isDelta, isBar }, { [path]: clamped });
      return allowed !== false ? ((await this.update({ [path]: clamped })) as this | undefined) : this;
    });
  }
}
