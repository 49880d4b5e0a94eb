/**
 * The dice of a card as the dice partial (templates/chat/dice.hbs) shows them:
 * each roll's faces in boxes with the mark the engine gave each one (success,
 * failure, Success Level, the table row a lookup picked). Both kinds of card use
 * it: the attack cards (from the marks kept on the message's rolls) and the
 * result cards (from the tape's draws). Nothing here decides what a face means.
 *
 * A stress die's chain is rolled one die at a time, so it arrives as one roll
 * per link; the engine marks each 1 as doubling the next roll and the last link
 * with what the chain came to. A roll that follows a face marked "doubles" is
 * the next link of that chain, so it joins the same group: 1 → 1 → 7 ×4 = 28.
 */
import { signedSl, type DrawLabel, type MarkedFace } from "../../engine/dice";

/** One roll's faces and the engine's mark for each (older cards have none). */
export interface DiceDraw {
  readonly faces: number;
  readonly results: readonly number[];
  readonly marks?: readonly MarkedFace[];
  /** Whose dice and what for, as the engine named them; `who` is the fighter's name here (namedDraws). */
  readonly label?: DrawLabel;
}

type Formatter = { format(key: string, data?: Record<string, string>): string; localize(key: string): string };

const NOTES = new Set(["doubles", "botch", "zero", "critical", "fumble"]);

export interface ShownFace {
  readonly value: number;
  readonly faces: number;
  /** "success", "failure" or "": a class on the box. */
  readonly state: string;
  readonly note: string;
  readonly sl: string;
  /** The table row a lookup picked, in words. */
  readonly row: string;
  /** The end of a doubling chain: "×4 = 28". */
  readonly times: string;
  /** Follows the previous face of its chain (an arrow before it). */
  readonly linked: boolean;
  /** The mark in words: a tooltip, and read by screen readers, so no mark rests on colour alone. */
  readonly words: string;
}

export interface ShownGroup {
  /** Whose dice and what for ("Ada: attack, TN 6"); the formula on an older card. */
  readonly label: string;
  /** The dice as a formula ("4d10"), beside a label. */
  readonly formula: string;
  /** Named by the engine: shown as a row of its own. */
  readonly named: boolean;
  readonly chain: boolean;
  readonly results: ShownFace[];
}

/** A row named the way the card's lines name it (through the lookups), else as a lang key, else as it is. */
function rowText(row: string, lookups: readonly string[], i18n: Formatter): string {
  for (const prefix of [...lookups, ""]) {
    const key = `${prefix}${row}`;
    const localized = i18n.localize(key);
    if (localized !== key) return localized;
  }
  return row;
}

function wholeNumber(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n);
}

/** One face for the template; a mark that does not match the face (a tampered card) is ignored. */
function shownFace(value: number, faces: number, mark: MarkedFace | undefined, linked: boolean, lookups: readonly string[], i18n: Formatter): ShownFace {
  const m = mark && mark.value === value ? mark : undefined;
  const state = m?.success === true ? "success" : m?.success === false ? "failure" : "";
  const note = typeof m?.note === "string" && NOTES.has(m.note) ? m.note : "";
  // A failure at SL 0 reads "-0", a success "+0" (engine signedSl); a mark without its success, as the number says.
  const sl = typeof m?.sl === "number" && Number.isFinite(m.sl) ? i18n.format("BOUT.Card.Die.SL", { sl: typeof m.success === "boolean" ? signedSl(m.sl, m.success) : m.sl > 0 ? `+${m.sl}` : String(m.sl) }) : "";
  const row = typeof m?.row === "string" && m.row ? rowText(m.row, lookups, i18n) : "";
  const chain = m?.chain;
  const times = chain && wholeNumber(chain.times) && wholeNumber(chain.total) ? i18n.format("BOUT.Card.Die.Times", { times: String(chain.times), total: String(chain.total) }) : "";
  const words = [state ? i18n.localize(`BOUT.Card.Die.${state}`) : "", note ? i18n.localize(`BOUT.Card.Die.${note}`) : "", sl, row, times].filter(Boolean).join(", ");
  return { value, faces, state, note, sl, row, times, linked, words };
}

/** The label in words: "Ada: attack, TN 6", its values localized through the lookups; "" for none or a tampered one. */
export function labelText(label: DrawLabel | undefined, i18n: Formatter, lookups: readonly string[] = []): string {
  if (!label || typeof label !== "object" || typeof label.key !== "string" || !label.key.startsWith("BOUT.")) return "";
  const data = label.data && typeof label.data === "object" ? label.data : {};
  const values = Object.fromEntries(
    Object.entries(data)
      .filter(([, v]) => typeof v === "string" || typeof v === "number")
      .map(([k, v]) => [k, typeof v === "string" && v ? rowText(v, lookups, i18n) : String(v)]),
  );
  const what = i18n.format(label.key, values);
  const who = typeof label.who === "string" ? label.who : "";
  return who ? i18n.format("BOUT.Card.Roll.Whose", { who, what }) : what;
}

/** The groups the dice partial shows, in the order the rule read them, a stress chain joined into one. */
export function diceGroups(draws: readonly DiceDraw[], i18n: Formatter, lookups: readonly string[] = []): ShownGroup[] {
  const groups: { label: string; formula: string; named: boolean; chain: boolean; results: ShownFace[] }[] = [];
  for (const d of draws) {
    if (!wholeNumber(d.faces) || d.faces <= 0 || !Array.isArray(d.results) || d.results.length === 0) continue;
    const marks = Array.isArray(d.marks) ? d.marks : [];
    const previous = groups[groups.length - 1];
    const lastFace = previous?.results[previous.results.length - 1];
    // The next link of a chain: one die of the same size after a face that doubles the next roll.
    const continues = previous !== undefined && lastFace?.note === "doubles" && lastFace.faces === d.faces && d.results.length === 1;
    const faces = d.results.map((r, i) => shownFace(r, d.faces, marks[i], continues && i === 0, lookups, i18n));
    if (continues) {
      previous.results.push(...faces);
      previous.chain = true;
      previous.formula = `d${d.faces}`;
      if (!previous.named) previous.label = previous.formula;
    } else {
      const formula = `${d.results.length}d${d.faces}`;
      const named = labelText(d.label, i18n, lookups);
      groups.push({ label: named || formula, formula, named: Boolean(named), chain: false, results: faces });
    }
  }
  return groups;
}
