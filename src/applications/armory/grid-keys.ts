/**
 * The grid's keyboard handler (DOM only). It takes the move rule as an argument
 * instead of importing it, so the browser tests can run this very function in a
 * page on its own. Each cell control carries `data-r` and `data-c`; the grid
 * carries its size.
 */
import type { nextCell } from "./navigation";

export function gridKeydown(event: KeyboardEvent, move: typeof nextCell): boolean {
  const el = event.target as HTMLInputElement;
  if (!el?.dataset || el.dataset.r === undefined || el.dataset.c === undefined) return false;
  // Alt+Down opens a select's list, as browsers do: not a move.
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  const grid = el.closest("[data-armory-grid]") as HTMLElement | null;
  if (!grid) return false;
  const text = el.tagName === "INPUT" && (el.type === "text" || el.type === "search");
  const to = move(
    { row: Number(el.dataset.r), column: Number(el.dataset.c) },
    {
      key: event.key,
      shiftKey: event.shiftKey,
      ...(text ? { atStart: el.selectionStart === 0 && el.selectionEnd === 0, atEnd: el.selectionEnd === el.value.length } : {}),
    },
    Number(grid.dataset.rows),
    Number(grid.dataset.columns),
  );
  if (!to) return false;
  const target = grid.querySelector(`[data-r="${to.row}"][data-c="${to.column}"]`) as HTMLInputElement | null;
  if (!target) return false;
  // Arrows would step a number or a select's choice: in the grid they move instead.
  event.preventDefault();
  target.focus();
  if (target.tagName === "INPUT" && target.type !== "checkbox") target.select();
  return true;
}
