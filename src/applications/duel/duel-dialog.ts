import { templatePath } from "../../config";
import { actorView } from "../../data/actor/actor-view";
import { duelAdapter, simulateDuels } from "../../engine/duel";
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
};

const DEFAULT_DUELS = 10_000;

/**
 * The GM's duel simulator: two actors of the world, a policy each, and a chart of
 * who wins how often, computed by the engine with seeded dice.
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

  override async _prepareContext(options: unknown) {
    const context = await super._prepareContext(options);
    const ruleset = activeRuleset();
    const adapter = duelAdapter(ruleset.id);
    const actors = game.actors!.contents.map((a) => ({ id: a.id, name: a.name }));
    // The policies are the fighting styles the table plays, named as the GM knows them.
    const policies = adapter ? Object.keys(adapter.policies).map((id) => ({ id, label: game.i18n!.localize(styleName(ruleset.id, id)) })) : [];
    const pick = (key: string, fallback: unknown) => this.#last[key] ?? fallback;
    return Object.assign(context, {
      available: Boolean(adapter),
      ruleset: ruleset.label,
      actors,
      actorA: pick("actorA", this.#actorA ?? actors[0]?.id),
      actorB: pick("actorB", actors.find((a) => a.id !== this.#actorA)?.id ?? actors[0]?.id),
      policies,
      policyA: pick("policyA", adapter?.defaultPolicy),
      policyB: pick("policyB", adapter?.defaultPolicy),
      n: pick("n", DEFAULT_DUELS),
      seed: pick("seed", 1),
      summary: this.#summary,
      refusal: this.#refusal,
    });
  }

  /** Runs the simulation the form describes; bad input is refused with a message. */
  run(values: Record<string, unknown>): void {
    this.#last = values;
    const ruleset = activeRuleset().id;
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
      this.#summary = duelChartContext(result.value, game.i18n!);
      this.#refusal = null;
    } else {
      this.#summary = null;
      this.#refusal = game.i18n!.format(result.refusal.message, Object.fromEntries(Object.entries(result.refusal.data ?? {}).map(([k, v]) => [k, String(v)])));
      ui.notifications?.warn(this.#refusal);
    }
  }

  static async #onSubmit(this: DuelSimulator, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }) {
    this.run(formData.object);
    await this.render();
  }
}
