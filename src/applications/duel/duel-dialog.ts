import { templatePath } from "../../config";
import { windowOf } from "../../compat";
import { actorView } from "../../data/actor/actor-view";
import { duelAdapter, duelRulesets, simulateDuels } from "../../engine/duel";
import { getRuleset, listRulesets } from "../../engine/rulesets/registry";
import type { RulesetId } from "../../engine/rulesets/ruleset";
import { activeRuleset } from "../../settings";
import { duelChartContext } from "./duel-context";
import { styleName } from "../../engine/styles";
import { duelWorld } from "./duel-world";

const { HandlebarsApplicationMixin, ApplicationV2 } = foundry.applications.api;

// Typed by hand: see sheet-base.ts for why the full mixin types are avoided.
const Base = HandlebarsApplicationMixin(ApplicationV2 as any) as unknown as new (options?: object) => {
  element: HTMLElement;
  render(options?: object): Promise<unknown>;
  _prepareContext(options: unknown): Promise<Record<string, any>>;
  _onRender(context: unknown, options: unknown): Promise<void>;
};

const DEFAULT_DUELS = 10_000;

/**
 * The GM's duel simulator: two actors of the world, a policy each, and a chart of
 * who wins how often, computed by the engine with seeded dice. It plays the world's
 * ruleset unless the GM picks another (every actor carries all five rulesets' figures).
 */
export class DuelSimulator extends Base {
  static DEFAULT_OPTIONS = {
    id: "bout-duel-simulator",
    classes: ["bout", "bout-duel"],
    tag: "form",
    window: { title: "BOUT.Duel.Title", resizable: true },
    position: { width: 560, height: "auto" },
    form: { handler: DuelSimulator.#onSubmit, submitOnChange: false, closeOnSubmit: false },
  };

  static PARTS = {
    form: { template: templatePath("duel/simulator.hbs") },
  };

  #actorA: string | null;
  #summary: ReturnType<typeof duelChartContext> | null = null;
  #refusal: string | null = null;
  #last: Record<string, unknown> = {};

  constructor({ actor }: { actor?: Actor.Implementation | null } = {}) {
    super({});
    this.#actorA = actor?.id ?? null;
  }

  /** The ruleset to simulate: the GM's pick if it simulates duels, else the world's. */
  #ruleset(): RulesetId {
    const picked = this.#last.ruleset as RulesetId | undefined;
    return picked && duelRulesets().includes(picked) ? picked : activeRuleset().id;
  }

  override async _prepareContext(options: unknown) {
    const context = await super._prepareContext(options);
    const world = activeRuleset();
    const ruleset = getRuleset(this.#ruleset());
    const adapter = duelAdapter(ruleset.id);
    const label = (id: RulesetId) => game.i18n!.localize(getRuleset(id).label);
    // The choice names the ruleset only ("Steel", as the settings name it): its full label is the line below.
    const name = (id: RulesetId) => label(id).split(":")[0]!;
    const actors = game.actors!.contents.map((a) => ({ id: a.id, name: a.name }));
    // The policies are the fighting styles the table plays, named as the GM knows them.
    const policies = adapter ? Object.keys(adapter.policies).map((id) => ({ id, label: game.i18n!.localize(styleName(ruleset.id, id)) })) : [];
    const pick = (key: string, fallback: unknown) => this.#last[key] ?? fallback;
    // A policy of another ruleset (the GM switched rulesets) falls back to this one's default.
    const policy = (key: string) => (policies.some((p) => p.id === String(this.#last[key])) ? this.#last[key] : adapter?.defaultPolicy);
    return Object.assign(context, {
      available: Boolean(adapter),
      ruleset: ruleset.id,
      rulesets: listRulesets().map((r) => r.id).filter((id) => duelRulesets().includes(id)).map((id) => ({ id, label: name(id) + (id === world.id ? ` ${game.i18n!.localize("BOUT.Duel.WorldsRuleset")}` : "") })),
      worldRuleset: label(world.id),
      actors,
      actorA: pick("actorA", this.#actorA ?? actors[0]?.id),
      actorB: pick("actorB", actors.find((a) => a.id !== this.#actorA)?.id ?? actors[0]?.id),
      policies,
      policyA: policy("policyA"),
      policyB: policy("policyB"),
      n: pick("n", DEFAULT_DUELS),
      seed: pick("seed", 1),
      summary: this.#summary,
      refusal: this.#refusal,
    });
  }

  /** Runs the simulation the form describes; bad input is refused with a message. */
  run(values: Record<string, unknown>): void {
    this.#last = values;
    const ruleset = this.#ruleset();
    const a = game.actors!.get(String(values.actorA));
    const b = game.actors!.get(String(values.actorB));
    if (!a || !b) {
      this.#refusal = game.i18n!.localize("BOUT.Duel.Refused.PickActors");
      this.#summary = null;
      return;
    }
    // The world's tables and rules, read as the cards read them; a chosen table that does not read refuses, and nothing runs.
    const world = duelWorld(ruleset);
    const result = world.ok
      ? simulateDuels({
      ruleset,
      a: { name: a.name, actor: actorView(a, ruleset), policy: values.policyA ? String(values.policyA) : undefined },
      b: { name: b.name, actor: actorView(b, ruleset), policy: values.policyB ? String(values.policyB) : undefined },
      n: Number(values.n),
      seed: Number(values.seed),
      world: world.value,
    })
      : world;
    if (result.ok) {
      this.#summary = duelChartContext(result.value, game.i18n!, ruleset);
      this.#refusal = null;
    } else {
      this.#summary = null;
      this.#refusal = game.i18n!.format(result.refusal.message, Object.fromEntries(Object.entries(result.refusal.data ?? {}).map(([k, v]) => [k, String(v)])));
      ui.notifications?.warn(this.#refusal);
    }
  }

  /** Picking another ruleset redraws the form with that ruleset's ways of fighting; nothing runs until Simulate. */
  override async _onRender(context: unknown, options: unknown): Promise<void> {
    await super._onRender(context, options);
    const select = this.element.querySelector<HTMLSelectElement>('select[name="ruleset"]');
    select?.addEventListener("change", () => {
      // The application's element is the form itself (tag "form"); read it through its own window (a v14 pop-out has another).
      const form = (this.element.closest("form") ?? this.element.querySelector("form")) as HTMLFormElement | null;
      const values = form ? Object.fromEntries(new (windowOf(form).FormData)(form).entries()) : {};
      this.pickRuleset(select.value, values);
    });
  }

  /** The GM picks the ruleset to simulate: the chart of the last run goes (it was another game). */
  async pickRuleset(ruleset: string, values: Record<string, unknown> = this.#last): Promise<void> {
    this.#last = { ...values, ruleset };
    this.#summary = null;
    this.#refusal = null;
    await this.render();
  }

  static async #onSubmit(this: DuelSimulator, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }) {
    this.run(formData.object);
    await this.render();
  }
}
