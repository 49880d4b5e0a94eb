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

/** The players' throws: both white (they defend, the wolves' style attacks). */
const playersThrow = (c: Crowd, choice: string) => {
  for (const pc of Object.values(c.pcs)) pc.client.runtime.dialogs.responder = () => ({ throw: choice, posture: "neutral" });
};

const ROUNDS: Record<string, (c: Crowd) => Promise<void>> = {
  async phases(c) {
    confirmAll(c);
    // Each player declares a fight in melee with the weapon in hand at its reach, engaging the first wolf.
    for (const [id, pc] of Object.entries(c.pcs)) {
      const weapon = pc.actor.items.find((i: any) => i.type === "weapon" && i.system.equipped);
      pc.client.runtime.dialogs.responder = () => ({ action: "melee", movement: "stand", weaponId: weapon.id, range: weapon.system.phases.range, [`opponent-${c.wolves[0]}`]: true, defence: "none" });
      void id;
    }
    await c.gmPress("tracker", () => c.fight().startCombat());
    for (let guard = 0; guard < 300; guard++) {
      const s = c.fight().machineState;
      if (s.stage === "over") break;
      if (await playersAnswer(c, () => ({ defence: "defend" }))) continue;
      const acting = s.stage === "act" ? s.order[s.turn] : undefined;
      const pc = acting ? c.pcs[acting] : undefined;
      if (pc && s.phase === "melee") {
        const target = s.engagements.find((e: any) => e.a === acting || e.b === acting);
        const foe = target ? (target.a === acting ? target.b : target.a) : livingWolf(c);
        await playerAttacks(c, acting!, foe, { modifier: 0 });
        continue;
      }
      if (pc && s.phase === "fatigue") {
        await pc.client.ui.combat.runAction("boutTurnChoice", { combatantId: acting, actionId: "fatigue" });
        await c.quiet();
        continue;
      }
      if (pc) {
        await pc.client.ui.combat.runAction("boutEndTurn", { combatantId: acting });
        await c.quiet();
        continue;
      }
      if (acting) throw new Error(`the round waits on ${acting}, a wolf, in ${s.phase}`);
      // Nobody to act: the GM's Next step (the Initiative Totals, then each empty phase).
      await c.gmPress("tracker", () => c.gm.ui.combat.runAction("boutNextStep", {}));
    }
  },
  async steel(c) {
    confirmAll(c);
    const cp = (id: string) => c.fight().machineState.combatants.find((x: any) => x.id === id).cp as number;
    const defend = (_d: unknown, pcId: string) => ({ maneuver: "parry", dice: Math.ceil(cp(pcId) / 2), press: 0 });
    await c.gmPress("tracker", () => c.fight().startCombat());
    playersThrow(c, "white");
    await c.gmPress("tracker", () => c.gm.ui.combat.runAction("boutGroupAction", { groupId: c.group.id, actionId: "throw" }));
    for (let exchange = 1; exchange <= 2; exchange++) {
      for (let guard = 0; guard < 100; guard++) {
        const s = c.fight().machineState;
        const bout = s.bouts[0];
        const holder = bout.initiative;
        const me = s.combatants.find((x: any) => x.id === holder);
        if (c.pcs[holder] && !me.acted && livingWolf(c)) {
          await playerAttacks(c, holder, livingWolf(c)!, { maneuver: "cut", zone: "5", dice: Math.ceil(cp(holder) / 2), press: 0 });
          continue;
        }
        if (!(await playersAnswer(c, defend))) break;
      }
      if (exchange === 1) await c.gmPress("tracker", () => c.gm.ui.combat.runAction("boutGroupAction", { groupId: c.group.id, actionId: "next" }));
    }
  },
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
        console.log(ruleset, n, JSON.stringify(count), JSON.stringify(c.gm.notices), JSON.stringify(c.alice.notices), JSON.stringify(c.bob.notices), JSON.stringify(cards));
      }, 60_000);
    }
  });
}
