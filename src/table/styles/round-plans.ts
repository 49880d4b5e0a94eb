/**
 * The GM's round, in one form (../../applications/combat/round-form.ts): the
 * secret choices of every fighter the GM answers for (a steel throw, a phased
 * round's declaration), and the open plan of each styled fighter (whom it
 * strikes at, how it defends) where a ruleset plans its rounds. Styled rows
 * come filled in by the style; the GM changes any and confirms once, or a world
 * setting lets the styles' choices stand without asking. What the GM confirmed
 * stays on the active GM's client, like every secret choice.
 */
import type { BoutCombat } from "../../documents/combat";
import type { DialogValues } from "../../applications/dialogs/odds-dialog";
import { openRoundForm, type RoundRow } from "../../applications/dialogs/round-form";
import { GM_DECIDES, styleName } from "../../engine/styles";
import { activeRuleset, tableSwitch } from "../../settings";
import { askChoice, checkChoice, recordChoices } from "../declarations";
import { queued } from "../write-queue";
import { fighterName } from "../fighter";
import { notifyRefusal } from "../notify";
import { rulesetStyles, type RulesetStyles } from "./registry";
import { downed, styledInOrder, styleOf } from "./style-of";

/** Does the GM confirm the styles' choices each round (the world setting), or do they stand unasked? */
export const confirmsRounds = (): boolean => tableSwitch("styleConfirm");

const fieldsOf = (row: RoundRow): Record<string, DialogValues[string]> => Object.fromEntries(row.fields.map((f) => [f.name, f.value]));
/** A fighter as the table names it ("Wolf (2)"), so rows of one NPC's tokens can be told apart. */
const nameOf = (combat: BoutCombat, id: string) => fighterName((combat.combatants.get(id)?.actor as Actor.Implementation | null | undefined) ?? null);

// ---- the round's plan ------------------------------------------------------------

interface Plan {
  readonly round: string;
  /** The confirmed plan of each styled fighter; null: the GM closed the form, so the GM plays them this round. */
  readonly rows: ReadonlyMap<string, DialogValues> | null;
}

/** Per fight: the round planned last. */
const plans = new Map<string, Plan>();
/** Per fight: the round whose form is open now. */
const asking = new Map<string, string>();

/** A styled fighter's plan for this round: its values, null when its ruleset plans no rounds or it joined since, "closed" when the GM closed the form. */
export function planFor(combat: BoutCombat, combatantId: string): DialogValues | null | "closed" {
  const styles = rulesetStyles(activeRuleset().id);
  const plan = plans.get(combat.id ?? "");
  const round = styles?.plan?.round(combat.machineState);
  if (!plan || !round || plan.round !== round) return null;
  return plan.rows ? (plan.rows.get(combatantId) ?? null) : "closed";
}

/**
 * Active GM: this round's plan, asked for once when the round is new (or taken
 * from the styles without asking, by the world setting). False while the form
 * is open: the styles wait for it.
 */
export async function askPlanFor(combat: BoutCombat, styles: RulesetStyles, order: readonly string[]): Promise<boolean> {
  const id = combat.id ?? "";
  const round = styles.plan?.round(combat.machineState) ?? null;
  if (!styles.plan || !round || plans.get(id)?.round === round) return true;
  if (asking.get(id) === round) return false;
  const rows: RoundRow[] = [];
  const ruleset = activeRuleset().id;
  for (const combatantId of styledInOrder(combat, order, ruleset)) {
    const combatant = combat.combatants.get(combatantId);
    const style = styleOf(combatant, ruleset);
    const actor = (combatant?.actor as Actor.Implementation | null | undefined) ?? null;
    if (!style || !actor || downed(combatant)) continue;
    const fields = styles.plan.fields({ combat, combatantId, actor, style });
    if (fields.length) rows.push({ id: combatantId, name: nameOf(combat, combatantId), style: styleName(activeRuleset().id, style), secret: false, fields });
  }
  if (!rows.length || !confirmsRounds()) {
    plans.set(id, { round, rows: new Map(rows.map((r) => [r.id, fieldsOf(r)])) });
    return true;
  }
  asking.set(id, round);
  try {
    const values = await openRoundForm(rows);
    plans.set(id, { round, rows: values ? new Map(Object.entries(values)) : null });
  } finally {
    asking.delete(id);
  }
  return true;
}

// ---- the secret declarations ----------------------------------------------------

/** Fighters (`declaration id:combatant id`) whose row was shown on this client: asked once, then from the tracker. */
const declared = new Set<string>();

/**
 * Active GM: the open declaration's fighters it answers for, in one form.
 * Styled rows come filled in by their style (and are recorded without asking
 * when the world setting says so); a refused row says why and the form comes
 * back as the GM left it.
 */
export async function askDeclarations(combat: BoutCombat, combatantIds: readonly string[]): Promise<void> {
  const d = combat.boutSystem.declaration;
  const styles = rulesetStyles(activeRuleset().id);
  const fresh = combatantIds.filter((id) => !declared.has(`${d.id}:${id}`));
  if (!d.id || !fresh.length) return;
  for (const id of fresh) declared.add(`${d.id}:${id}`);
  const form = styles?.declaration?.kind === d.kind ? styles.declaration : null;
  // A declaration no ruleset draws in the form: asked as before, one fighter at a time.
  if (!form) {
    for (const id of fresh) await askChoice(combat, id);
    return;
  }
  const rows: RoundRow[] = fresh.map((id) => {
    const style = styleOf(combat.combatants.get(id));
    return { id, name: nameOf(combat, id), style: styleName(activeRuleset().id, style ?? GM_DECIDES), secret: true, fields: form.fields(combat, id, style) };
  });
  const auto = confirmsRounds() ? [] : rows.filter((r) => styleOf(combat.combatants.get(r.id)));
  let shown = rows.filter((r) => !auto.includes(r));
  // The styles' choices stand unasked (the world setting); any the rules refuse are asked in the form with the rest.
  if (auto.length && (await refusedToRecord(combat, d.id, auto, {}))) shown = rows;
  let values: Record<string, DialogValues> = {};
  while (shown.length) {
    const answered = await openRoundForm(shown, values);
    if (!answered) return;
    values = answered;
    if (!(await refusedToRecord(combat, d.id, shown, answered))) return;
    // Only the rows still to record come back, as the GM left them.
    shown = shown.filter((r) => combat.boutSystem.declaration.id === d.id && !combat.boutSystem.declaration.chosen.includes(r.id));
  }
}

/** Records the rows' choices in one write (a row without values: its fields as they stand); true when refused, the first refusal told with its fighter's name. */
async function refusedToRecord(combat: BoutCombat, declarationId: string, rows: readonly RoundRow[], values: Readonly<Record<string, DialogValues>>): Promise<boolean> {
  const form = rulesetStyles(activeRuleset().id)?.declaration;
  const me = game.user as User.Implementation;
  if (!form) return false;
  const choices = Object.fromEntries(rows.map((r) => [r.id, form.choice(combat, r.id, values[r.id] ?? fieldsOf(r))]));
  // Each row checked first, so a refusal names its fighter.
  for (const [id, choice] of Object.entries(choices)) {
    const checked = checkChoice(combat, id, choice, me);
    if (!checked.ok) {
      ui.notifications?.warn(game.i18n!.format("BOUT.RoundForm.Refused", { name: nameOf(combat, id) }));
      notifyRefusal(checked.refusal);
      return true;
    }
  }
  const outcome = await queued([combat], () => recordChoices(combat, declarationId, choices, me));
  if (!outcome.ok) notifyRefusal(outcome.refusal);
  return !outcome.ok;
}
