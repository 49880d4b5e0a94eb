/**
 * Moving between the armory's cells with the keyboard (pure), as in a
 * spreadsheet: the arrow keys go to the next cell that way, Enter goes down
 * and Shift+Enter up. Left and right leave a text box only from its ends, so
 * the caret still moves inside the text.
 */
export interface CellPosition {
  readonly row: number;
  readonly column: number;
}

export interface KeyPress {
  readonly key: string;
  readonly shiftKey?: boolean;
  /** For a text box: whether the caret sits at the start or the end of its text. */
  readonly atStart?: boolean;
  readonly atEnd?: boolean;
}

/** The cell a key moves to from `at` in a grid of `rows` × `columns`, or null when the key is not a move (or would leave the grid). */
export function nextCell(at: CellPosition, key: KeyPress, rows: number, columns: number): CellPosition | null {
  const move = (dr: number, dc: number): CellPosition | null => {
    const row = at.row + dr;
    const column = at.column + dc;
    return row < 0 || row >= rows || column < 0 || column >= columns ? null : { row, column };
  };
  switch (key.key) {
    case "ArrowUp":
      return move(-1, 0);
    case "ArrowDown":
      return move(1, 0);
    case "Enter":
      return move(key.shiftKey ? -1 : 1, 0);
    case "ArrowLeft":
      return key.atStart === false ? null : move(0, -1);
    case "ArrowRight":
      return key.atEnd === false ? null : move(0, 1);
    default:
      return null;
  }
}
