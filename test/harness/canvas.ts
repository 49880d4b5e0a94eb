/**
 * The small part of v13's `canvas` the system touches: whether it is ready and
 * its scene, the controlled tokens, and the grid layer's named highlight
 * layers (GridLayer#addHighlightLayer returns the layer of that name, making
 * it once; #clearHighlightLayer empties it; #highlightPosition marks one grid
 * space, given its top-left point, and returns false when the layer does not
 * exist). Nothing is drawn: the harness records what would be.
 */
export interface HighlightMark {
  readonly x: number;
  readonly y: number;
  readonly color?: number;
  readonly border?: number | null;
  readonly alpha?: number;
}

export interface HarnessHighlightLayer {
  readonly name: string;
  readonly positions: HighlightMark[];
}

export function createCanvas() {
  const highlightLayers: Record<string, HarnessHighlightLayer> = {};
  return {
    /** Tests set these to what a scene on the canvas would have. */
    ready: false,
    scene: null as unknown,
    tokens: { controlled: [] as unknown[] },
    interface: {
      grid: {
        highlightLayers,
        addHighlightLayer(name: string): HarnessHighlightLayer {
          return (highlightLayers[name] ??= { name, positions: [] });
        },
        clearHighlightLayer(name: string): void {
          const layer = highlightLayers[name];
          if (layer) layer.positions.length = 0;
        },
        highlightPosition(name: string, mark: HighlightMark): boolean {
          const layer = highlightLayers[name];
          if (!layer) return false;
          layer.positions.push({ ...mark });
          return true;
        },
      },
    },
  };
}
