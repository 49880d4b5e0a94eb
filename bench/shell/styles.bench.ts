// The GM's client in a round of styled fighters (issue 33, "Done when"): one
// opposed round and one phased round at 10, 50 and 200 combatants, every one
// an unlinked token of a shipped Adversary on its fighting style (town guards
// on one side, wolves on the other), the GM confirming the round form once and
// pressing what the tracker asks. Each figure is one whole round in the
// harness (the active GM's client and the server, no DOM): the world is built
// before the timing starts, so one sample per size.
import { bench, describe } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROLES } from "../../test/harness/server";
import { TestWorld } from "../../test/harness/world";
import { formCells } from "../../test/shell/support";

const source = (slug: string) => {
  const { _id, _key, folder, sort, ownership, _stats, items, ...rest } = JSON.parse(readFileSync(join("packs/_source/npcs", `${slug}.json`), "utf8"));
  return { ...rest, items: (items as Record<string, unknown>[]).map(({ _key, _stats, ...item }) => item) };
};

const turns = () => new Promise((r) => setImmediate(r));

/** A GM alone with `n` styled fighters of two sides in `ruleset`, not yet begun. */
async function field(ruleset: string, n: number) {
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", ruleset);
  gm.runtime.dialogs.responder = (_kind: string, config: any) => formCells(String(config?.content ?? ""));
  let seed = 7;
  gm.CONFIG.Dice.randomUniform = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) + 0.5) / 2147483648;
  const Actor = gm.CONFIG.Actor.documentClass;
  const [guard, wolf] = await Actor.createDocuments([source("town-guard"), source("wolf")]);
  const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Field" });
  const tokens = await scene.createEmbeddedDocuments(
    "Token",
    Array.from({ length: n }, (_, i) => ({ actorId: (i % 2 ? wolf : guard).id, name: i % 2 ? "Wolf" : "Guard", actorLink: false, disposition: i % 2 ? -1 : 1, x: (i % 20) * 100, y: Math.floor(i / 20) * 100 })),
  );
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  await combat.createEmbeddedDocuments("Combatant", tokens.map((t: any) => ({ actorId: t.actorId, name: t.name, sceneId: scene.id, tokenId: t.id })));
  const hooks = gm.evaluate("globalThis.__boutTest") as { stylesIdle(): Promise<void> };
  const fight = () => gm.game.combats.get(combat.id);
  /** Lets everything in flight land, the styles included. */
  const quiet = async () => {
    for (let i = 0; i < 400; i++) {
      const before = world.server.writes.length;
      for (let k = 0; k < 5; k++) await turns();
      await hooks.stylesIdle();
      if (world.server.writes.length === before) return;
    }
  };
  return { gm, fight, quiet };
}

type Field = Awaited<ReturnType<typeof field>>;

/** One round: Begin, then the GM's Next step whenever nobody's turn is waiting, until the round is over. */
const ROUNDS: Record<string, (f: Field) => Promise<void>> = {
  async opposed(f) {
    await f.fight().startCombat();
    await f.quiet();
    // A round that stalled on a fighter is no round: the figure would be too small.
    const s = f.fight().machineState;
    if (s.round === 1 && s.turn < s.order.length) throw new Error(`the opposed round stalled at turn ${s.turn} of ${s.order.length}`);
  },
  async phases(f) {
    await f.fight().startCombat();
    await f.quiet();
    for (let guard = 0; guard < 50 && f.fight().machineState.stage !== "over"; guard++) {
      await f.gm.ui.combat.runAction("boutNextStep", {});
      await f.quiet();
    }
    if (f.fight().machineState.stage !== "over") throw new Error(`the phased round stalled in ${f.fight().machineState.phase}`);
  },
};

for (const ruleset of Object.keys(ROUNDS)) {
  describe(`a ${ruleset} round played by styles`, () => {
    for (const n of [10, 50, 200]) {
      let f: Field;
      bench(
        `${n} combatants`,
        async () => {
          await ROUNDS[ruleset]!(f);
        },
        { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0, setup: async () => void (f = await field(ruleset, n)) },
      );
    }
  });
}
