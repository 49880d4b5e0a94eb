// The GM runs a crowd (issue 33, "Done when"): one round per ruleset with two
// player characters and N = 1 and N = 8 wolves on a fighting style, counting
// every dialog the GM's client is asked, every card button and every tracker
// press the GM makes. Eight wolves cost the GM at most two more than one.
import { describe, expect, it } from "vitest";
import { crowd, livingWolf, playerAttacks, playersAnswer, seededDice, type Crowd, type GmCount } from "./gm-round";
import { formCells } from "./support";

/** The GM confirms every form as it opens (the styles' choices stand). */
const confirmAll = (c: Crowd) => {
  c.gm.runtime.dialogs.responder = (_kind: string, config: any) => formCells(String(config?.content ?? ""));
};

const ROUNDS: Record<string, (c: Crowd) => Promise<void>> = {
  async opposed(c) {
    confirmAll(c);
    await c.gmPress("tracker", () => c.fight().startCombat());
    for (let guard = 0; guard < 200; guard++) {
      const s = c.fight().machineState;
      if (s.turn >= s.order.length) break;
      const holder = s.order[s.turn];
      if (c.pcs[holder]) {
        const me = s.combatants.find((x: any) => x.id === holder);
        const wolf = livingWolf(c);
        if (!me.actionUsed && wolf) await playerAttacks(c, holder, wolf, { difficulty: "challenging", modifier: 0 });
        if (!(await playersAnswer(c, () => ({ skill: "melee", difficulty: "challenging", modifier: 0 })))) {
          await c.pcs[holder]!.client.ui.combat.runAction("boutEndTurn", { combatantId: holder });
          await c.quiet();
        }
      } else if (!(await playersAnswer(c, () => ({ skill: "melee", difficulty: "challenging", modifier: 0 })))) {
        throw new Error(`the round waits on ${holder}, a wolf: ${JSON.stringify(s)}`);
      }
    }
  },
};

const table: Record<string, Record<number, GmCount>> = {};

for (const ruleset of Object.keys(ROUNDS)) {
  describe(`the GM's round in ${ruleset}`, () => {
    for (const n of [1, 8]) {
      it(`two characters and ${n} wolf${n > 1 ? "s" : ""} on a style`, async () => {
        const c = await crowd(ruleset, n);
        seededDice(c.gm, 33 + n);
        await ROUNDS[ruleset]!(c);
        const count = c.gmCount();
        (table[ruleset] ??= {})[n] = count;
        const cards = c.gm.game.messages.contents.filter((m: any) => m.type === "card").map((m: any) => ({ kind: m.system.kind, state: m.system.state, by: m.system.byStyle }));
        console.log(ruleset, n, JSON.stringify(count), JSON.stringify(c.gm.notices), JSON.stringify(cards));
      }, 60_000);
    }
  });
}
