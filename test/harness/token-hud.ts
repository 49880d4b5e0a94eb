/**
 * v13's TokenHUD as far as its attribute bars go (client/applications/hud/token-hud.mjs):
 * the context shows each bar from TokenDocument#getBarAttribute (`displayBar1`, `bar1Data`);
 * a change typed in a bar's input is read by BasePlaceableHUD#_parseAttributeInput ("=n"
 * sets, "+n" / "-n" changes, "n%" is a share of the max) with TokenHUD's override naming the
 * bar's attribute, and sent to Actor#modifyTokenAttribute(attribute, isDelta ? delta : value,
 * isDelta, isBar) (TokenHUD#onSubmitBar). A bar getBarAttribute marks not editable is drawn
 * without a usable input (the HUD's template; not in the searchable source, so this follows
 * what `editable` is for), so nothing reaches the actor: `submitBar` says false then.
 * There is no canvas: the HUD is made for a token document.
 */
import type { AnyObject } from "./utils";

interface ParsedInput {
  attribute: string;
  value: number;
  delta: number | undefined;
  isDelta: boolean;
  isBar: boolean;
}

export class TokenHUD {
  constructor(readonly document: AnyObject) {}

  get actor(): AnyObject | null {
    return this.document?.actor ?? null;
  }

  /** v13 TokenHUD#_prepareContext, the bars' part. */
  barContext(): AnyObject {
    const bar1 = this.document.getBarAttribute("bar1");
    const bar2 = this.document.getBarAttribute("bar2");
    return { displayBar1: Boolean(bar1) && bar1.type !== "none", bar1Data: bar1, displayBar2: Boolean(bar2) && bar2.type !== "none", bar2Data: bar2 };
  }

  /** v13 BasePlaceableHUD#_parseAttributeInput with TokenHUD's override for "bar1" / "bar2". */
  _parseAttributeInput(name: string, attr: AnyObject | number | undefined, input: string): ParsedInput {
    if (name === "bar1" || name === "bar2") {
      attr = this.document.getBarAttribute(name) as AnyObject;
      name = attr.attribute;
    }
    const isBar = typeof attr === "object" && attr !== null && "max" in attr;
    const isEqual = input.startsWith("=");
    const isDelta = input.startsWith("+") || input.startsWith("-");
    const current = isBar ? (attr as AnyObject).value : (attr as number);
    if (isEqual) input = input.slice(1);
    let v: number;
    if (input.endsWith("%")) {
      const p = Number(input.slice(0, -1)) / 100;
      v = isBar ? (attr as AnyObject).max * p : Math.abs(current) * p;
    } else v = Number(input);
    return { attribute: name, value: isDelta ? current + v : v, delta: isDelta ? v : undefined, isDelta, isBar };
  }

  /** A change typed in a bar's input (TokenHUD#onSubmitBar); false when the bar is not editable. */
  async submitBar(name: "bar1" | "bar2", input: string): Promise<boolean> {
    const bar = this.document.getBarAttribute(name);
    if (!bar?.editable) return false;
    const { attribute, value, delta, isDelta, isBar } = this._parseAttributeInput(name, undefined, input);
    await this.actor?.modifyTokenAttribute(attribute, isDelta ? delta : value, isDelta, isBar);
    return true;
  }
}
