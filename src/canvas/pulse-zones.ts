/**
 * Seed 004 [13] and [16.1] on the map: with the token tool **Show pulse zones**
 * on, each token this user controls on a hex scene shows its melee zone and its
 * Ranged Zone (out to its missile weapon's range, else 10 hexes) as grid
 * highlights, redrawn as tokens are selected, moved or turned. The hexes come
 * from the engine; this file only maps them to grid spaces. A per-user
 * setting, shown only while the world plays `pulse`.
 */
import { SYSTEM_ID } from "../config";
import { actorView } from "../data/actor/actor-view";
import { figureZones } from "../engine/rulesets/pulse/zones";
import type { Hex } from "../engine/rulesets/pulse/hex";
import { tokenPlacement } from "../table/pulse/engagements";
import { activeRuleset } from "../settings";

export const ZONE_LAYER = "bout-pulse-zones";
const MELEE_COLOUR = 0xc0392b;
const RANGED_COLOUR = 0x2e86c1;
const DEFAULT_REACH = 10;

interface GridLike {
  isHexagonal: boolean;
  sizeX: number;
  sizeY: number;
  getCenterPoint(coords: { q: number; r: number }): { x: number; y: number };
}
interface HighlightLayer {
  addHighlightLayer(name: string): unknown;
  clearHighlightLayer(name: string): void;
  highlightPosition(name: string, mark: { x: number; y: number; color: number; border: number; alpha: number }): unknown;
}
interface CanvasLike {
  ready: boolean;
  scene: { grid?: GridLike } | null;
  tokens?: { controlled: { document: TokenDocument.Implementation }[] };
  interface?: { grid?: HighlightLayer };
}

const canvasNow = () => (globalThis as { canvas?: CanvasLike }).canvas;

export function zonesShown(): boolean {
  try {
    return Boolean(game.settings?.get(SYSTEM_ID, "pulseZones"));
  } catch {
    return false;
  }
}

/** The reach of the Ranged Zone shown: the figure's missile or thrown weapon's range, else 10 hexes. */
function reachOf(actor: Actor.Implementation | null): number {
  if (!actor) return DEFAULT_REACH;
  const weapons = actorView(actor, "pulse").weapons as unknown as { equipped: boolean; stats: { use: string; range: number } }[];
  const missile = weapons.find((w) => w.equipped && (w.stats.use === "missile" || w.stats.use === "thrown") && w.stats.range > 0);
  return missile ? missile.stats.range : DEFAULT_REACH;
}

/** Redraws the zones of the tokens this user controls (or clears them). */
export function drawPulseZones(): void {
  const c = canvasNow();
  const layer = c?.interface?.grid;
  if (!c?.ready || !layer) return;
  layer.addHighlightLayer(ZONE_LAYER);
  layer.clearHighlightLayer(ZONE_LAYER);
  const grid = c.scene?.grid;
  if (!zonesShown() || activeRuleset().id !== "pulse" || !grid?.isHexagonal) return;
  const mark = (h: Hex, color: number) => {
    const centre = grid.getCenterPoint({ q: h.q, r: h.r });
    layer.highlightPosition(ZONE_LAYER, { x: centre.x - grid.sizeX / 2, y: centre.y - grid.sizeY / 2, color, border: color, alpha: 0.2 });
  };
  for (const token of c.tokens?.controlled ?? []) {
    const placed = tokenPlacement(token.document);
    if (!placed) continue;
    const zones = figureZones(placed, reachOf(token.document.actor as Actor.Implementation | null));
    for (const h of zones.ranged) mark(h, RANGED_COLOUR);
    for (const h of zones.melee) mark(h, MELEE_COLOUR);
  }
}

/** The token tool that turns the zones on and off for this user. */
export function addZonesTool(controls: Record<string, { tools?: Record<string, unknown> }>): void {
  const tokens = controls.tokens;
  if (!tokens?.tools) return;
  tokens.tools.boutPulseZones = {
    name: "boutPulseZones",
    title: "BOUT.Pulse.Zones.Tool",
    icon: "fa-solid fa-draw-polygon",
    order: Object.keys(tokens.tools).length,
    toggle: true,
    active: zonesShown(),
    visible: activeRuleset().id === "pulse",
    onChange: (_event: Event, active: boolean) => void game.settings!.set(SYSTEM_ID, "pulseZones", Boolean(active)).then(drawPulseZones),
  };
}

export function registerPulseZones(): void {
  // fvtt-types does not list this v13 hook; its argument is the record of scene controls.
  (Hooks.on as (hook: string, fn: (controls: unknown) => void) => number)("getSceneControlButtons", (controls) => addZonesTool(controls as never));
  Hooks.on("controlToken", () => drawPulseZones());
  Hooks.on("canvasReady", () => drawPulseZones());
  Hooks.on("updateToken", (token, changes) => {
    const c = canvasNow();
    const moved = ["x", "y", "rotation", "width", "height"].some((k) => k in (changes as object));
    if (moved && c?.tokens?.controlled.some((t) => t.document.id === (token as TokenDocument.Implementation).id)) drawPulseZones();
  });
}
