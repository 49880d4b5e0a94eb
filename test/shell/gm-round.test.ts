// The GM runs a crowd (issue 33, "Done when"): one round per ruleset with two
// player characters and N = 1 and N = 8 wolves on a fighting style, counting
// every dialog the GM's client is asked, every card button and every tracker
// press the GM makes. Eight wolves cost the GM at most two more than one.
import { afterAll, describe, expect, it } from "vitest";
import { crowd, livingWolf, livingWolves, PC_ZONES, playerAttacks, playersAnswer, seededDice, wolfCell, type Crowd, type GmCount } from "./gm-round";
import { formCells } from "./support";

/** Has the fight gone past its first round (the next round's form is not this round's cost)? */
const PAST: Record<string, (s: any) => boolean> = {
  steel: (s) => s.bouts[0].round > 1,
  phases: (s) => s.round > 1,
  actionpoints: (s) => s.round > 1,
  opposed: (s) => s.round > 1,
  pulse: (s) => s.pulse > 1,
};

/** The GM confirms every form as it opens (the styles' choices stand); each dialog of the round is counted. */
const confirmAll = (c: Crowd) => {
  c.gm.runtime.dialogs.responder = (_kind: string, config: any) => {
    const s = c.fight().machineState;
    if (!s || !PAST[c.ruleset]!(s)) c.asked.push(String(config?.window?.title ?? ""));
    return formCells(String(config?.content ?? ""));
  };
};

/** The players' throws: both white (they defend, the wolves' style attacks). */
const playersThrow = (c: Crowd, choice: string) => {
  for (const pc of Object.values(c.pcs)) pc.client.runtime.dialogs.responder = () => ({ throw: choice, posture: "neutral" });
};

const ROUNDS: Record<string, (c: Crowd) => Promise<void>> = {
  async pulse(c) {
    confirmAll(c);
    await c.gmPress("tracker", () => c.fight().startCombat());
    const struck = new Set<string>();
    for (let guard = 0; guard < 300; guard++) {
      const s = c.fight().machineState;
      if (s.pulse > 1) break;
      if (await playersAnswer(c, () => ({ answer: "stand", grievous: "armor" }))) continue;
      const step = s.step;
      if (step.kind === "initiative") {
        await c.gmPress("tracker", () => c.gm.ui.combat.runAction("boutNextStep", {}));
        continue;
      }
      if (step.kind === "sideChoice") {
        // The winning side says which side goes first; the GM clicks it.
        await c.gmPress("tracker", () => c.gm.ui.combat.runAction("boutFightAction", { actionId: `first:${s.initiative.winner}` }));
        continue;
      }
      const e = step.kind === "engagement" ? s.engagements[step.index] : null;
      if (e && !e.chosen && c.pcs[e.order[0]]) {
        await c.pcs[e.order[0]]!.client.ui.combat.runAction("boutTurnChoice", { combatantId: e.order[0], actionId: "first" });
        await c.quiet();
        continue;
      }
      const acting = c.fight().trackerView().rows.filter((r: any) => r.acting && !r.done).map((r: any) => r.combatantId as string);
      const pcId = acting.find((id: string) => c.pcs[id]);
      if (pcId) {
        // [13.1] a blow reaches only the melee zone: a character strikes a wolf of her engagement; out of one, her turn ends.
        const zone: readonly string[] = PC_ZONES[c.ids.indexOf(pcId)]!;
        const mine = s.engagements.find((x: any) => x.members.includes(pcId));
        const foe = mine?.members.find((id: string) => c.wolves.includes(id) && zone.includes(wolfCell(c.wolves.indexOf(id))) && livingWolves(c).includes(id));
        if (foe && !struck.has(pcId)) {
          struck.add(pcId);
          await playerAttacks(c, pcId, foe, { kind: "normal" });
        } else {
          await c.pcs[pcId]!.client.ui.combat.runAction("boutEndTurn", { combatantId: pcId });
          await c.quiet();
        }
        continue;
      }
      throw new Error(`the pulse waits on ${acting.join(", ")}: ${JSON.stringify(c.gm.notices)} ${JSON.stringify(s)}`);
    }
  },
  async actionpoints(c) {
    confirmAll(c);
    await c.gmPress("tracker", () => c.fight().startCombat());
    const struck = new Set<string>();
    for (let guard = 0; guard < 300; guard++) {
      const s = c.fight().machineState;
      if (s.combatants.every((x: any) => x.passed || x.pool <= 0)) break;
      if (await playersAnswer(c, () => ({ defence: "none" }))) continue;
      const acting: string[] = s.combatants.filter((x: any) => !x.passed && !x.actedThisPhase && x.pool > 0).sort((a: any, b: any) => b.pool - a.pool).filter((x: any, _i: number, all: any[]) => x.pool === all[0].pool).map((x: any) => x.id);
      const pcId = acting.find((id) => c.pcs[id]);
      if (pcId && !struck.has(pcId) && livingWolf(c)) {
        struck.add(pcId);
        await playerAttacks(c, pcId, livingWolf(c)!, { moved: 0 });
        continue;
      }
      if (pcId) {
        await c.pcs[pcId]!.client.ui.combat.runAction("boutTurnChoice", { combatantId: pcId, actionId: "pass" });
        await c.quiet();
        continue;
      }
      if (acting.length) throw new Error(`the round waits on ${acting.join(", ")}, wolves: ${JSON.stringify(c.gm.notices)} ${JSON.stringify(s)}`);
      await c.gmPress("tracker", () => c.gm.ui.combat.runAction("boutNextStep", {}));
    }
  },
  async phases(c) {
    confirmAll(c);
    // Each player declares a fight in melee with the weapon in hand at its reach, engaging a wolf of her own (the first, with one wolf).
    Object.values(c.pcs).forEach((pc, i) => {
      const weapon = pc.actor.items.find((i: any) => i.type === "weapon" && i.system.equipped);
      const wolf = c.wolves[Math.min(i, c.wolves.length - 1)];
      pc.client.runtime.dialogs.responder = () => ({ action: "melee", movement: "stand", weaponId: weapon.id, range: weapon.system.phases.range, [`opponent-${wolf}`]: true, defence: "none" });
    });
    await c.gmPress("tracker", () => c.fight().startCombat());
    const struck = new Set<string>();
    for (let guard = 0; guard < 300; guard++) {
      const s = c.fight().machineState;
      if (s.stage === "over") break;
      if (await playersAnswer(c, () => ({ defence: "defend" }))) continue;
      const acting = s.stage === "act" ? s.order[s.turn] : undefined;
      const pc = acting ? c.pcs[acting] : undefined;
      // In the Melee phase a character strikes the foe she is engaged with (seed 001: a blow only within an engagement); unengaged, her turn ends.
      const engaged = s.engagements.find((e: any) => e.a === acting || e.b === acting);
      if (pc && s.phase === "melee" && engaged && !struck.has(acting!)) {
        struck.add(acting!);
        await playerAttacks(c, acting!, engaged.a === acting ? engaged.b : engaged.a, {});
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
        if (!me.actionUsed && wolf) await playerAttacks(c, holder, wolf, { difficulty: "challenging" });
        if (!(await playersAnswer(c, () => ({ skill: "melee", difficulty: "challenging" })))) {
          await c.pcs[holder]!.client.ui.combat.runAction("boutEndTurn", { combatantId: holder });
          await c.quiet();
        }
      } else if (!(await playersAnswer(c, () => ({ skill: "melee", difficulty: "challenging" })))) {
        throw new Error(`the round waits on ${holder}, a wolf: ${JSON.stringify(s)}`);
      }
    }
  },
};

const ORDER = ["steel", "phases", "actionpoints", "opposed", "pulse"] as const;
const table: Record<string, Record<number, GmCount>> = {};
const total = (c: GmCount) => c.dialogs + c.cards + c.tracker;

/** The round's count as a Markdown table, as the README shows it. */
function markdown(): string {
  const cell = (c: GmCount | undefined) => (c ? `${total(c)} (${c.dialogs} dialog${c.dialogs === 1 ? "" : "s"}, ${c.tracker} tracker, ${c.cards} card)` : "-");
  return ["| ruleset | N = 1 | N = 8 |", "|---|---|---|", ...ORDER.map((r) => `| ${r} | ${cell(table[r]?.[1])} | ${cell(table[r]?.[8])} |`)].join("\n");
}

afterAll(() => {
  console.log(`What the GM presses in one round, two characters and N wolves on a style:\n${markdown()}`);
});

for (const ruleset of ORDER) {
  describe(`the GM's round in ${ruleset}`, () => {
    for (const n of [1, 8]) {
      it(`two characters and ${n} ${n > 1 ? "wolves" : "wolf"} on a style${n === 8 ? ": at most two more presses than with one" : ""}`, async () => {
        const c = await crowd(ruleset, n);
        seededDice(c.gm, 33 + n);
        await ROUNDS[ruleset]!(c);
        const count = c.gmCount();
        (table[ruleset] ??= {})[n] = count;
        const cards = c.gm.game.messages.contents.filter((m: any) => m.type === "card").map((m: any) => JSON.parse(m.system.byStyle || "{}"));
        // The wolves played by style: they answered the players' blows, or struck, and the GM pressed no card button.
        expect(cards.some((marks: Record<string, string>) => marks.post || marks.answer)).toBe(true);
        // The characters fought too (a round, not a wait): they struck, or (steel's white throw) parried the wolves' blows.
        const pcActors = Object.values(c.pcs).map((pc) => pc.actor.id);
        const theirs = (m: any) => m.type === "card" && (pcActors.includes(m.system.attackerId) || (pcActors.includes(m.system.defenderId) && m.system.state !== "waiting"));
        expect(c.gm.game.messages.contents.some(theirs)).toBe(true);
        expect(count.cards).toBe(0);
        // No style was refused (it would have left its fighter to the GM).
        expect(c.gm.notices.filter((x: any) => /fighting style/.test(x.message))).toEqual([]);
        // Nor was any character's blow or answer refused: the round is one the table would play.
        for (const pc of Object.values(c.pcs)) expect(pc.client.notices.filter((x: any) => x.type !== "info").map((x: any) => x.message)).toEqual([]);
        if (n === 8) expect(total(count)).toBeLessThanOrEqual(total(table[ruleset]![1]!) + 2);
      }, 60_000);
    }
  });
}
