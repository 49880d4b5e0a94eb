// Issue 35: the GM's step keeps what it reads of every fighter (the fighters' conditions, who may be played by a
// style, who carries a timed condition) until a document it comes from changes (src/table/world-changes.ts). The
// world stays the one truth: a change made between two steps, by whatever path (the token HUD, a direct effect
// write on an unlinked token's synthetic actor, a style set on the combatant or the actor's default), is what the
// next step reads.
import { describe, expect, it } from "vitest";
import { crowd, type Crowd } from "./gm-round";
import { crowdFight, formCells, settle } from "./support";

/** The fighters' conditions as the documents hold them now: every combatant's actor's statuses, those with any. */
function statusesInWorld(c: Crowd): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const combatant of c.fight().combatants.contents) {
    const held = [...(combatant.actor?.statuses ?? [])] as string[];
    if (held.length) out[combatant.id] = held;
  }
  return out;
}

/** What the fight reads of its fighters' conditions at its next step, and the acting order it shows. */
const fightReads = (c: Crowd) => ({ statuses: c.fight().fightNow().statuses, order: c.fight().turns.map((t: any) => t.id) });

describe("issue 35: what a step keeps of its fighters is what the world holds", () => {
  it("opposed: the GM's token HUD stuns Isolde and a direct write stuns the wolf's own (unlinked) actor between steps; each next step reads them, and their removal", async () => {
    const c = await crowd("opposed", 1);
    c.gm.runtime.dialogs.responder = (_k: string, config: any) => formCells(String(config?.content ?? ""));
    await c.gmPress("tracker", () => c.fight().startCombat());
    // A step first: what it read is kept.
    await c.gmPress("tracker", () => c.fight().nextTurn());
    expect(fightReads(c).statuses).toEqual({});
    const [, isolde] = c.ids;
    const wolf = c.wolves[0]!;

    // The token HUD's path (Actor#toggleStatusEffect on the linked character).
    await c.gm.game.actors.get(c.isolde.id).toggleStatusEffect("stun", { active: true });
    await c.quiet();
    expect(fightReads(c).statuses).toEqual({ [isolde!]: ["stun"] });
    expect(fightReads(c).statuses).toEqual(statusesInWorld(c));

    // A direct effect write on the wolf's synthetic actor (its token's delta), then a step.
    const wolfActor = () => c.fight().combatants.get(wolf).actor;
    expect(wolfActor().isToken).toBe(true);
    const [effect] = await wolfActor().createEmbeddedDocuments("ActiveEffect", [{ name: "Stunned", statuses: ["stun"] }]);
    await c.gmPress("tracker", () => c.fight().nextTurn());
    expect(fightReads(c).statuses).toEqual({ [isolde!]: ["stun"], [wolf]: ["stun"] });
    expect(fightReads(c).statuses).toEqual(statusesInWorld(c));

    // Both gone again: the next step reads no condition.
    await c.gm.game.actors.get(c.isolde.id).toggleStatusEffect("stun", { active: false });
    await wolfActor().deleteEmbeddedDocuments("ActiveEffect", [effect.id]);
    await c.quiet();
    expect(fightReads(c).statuses).toEqual({});
    expect(statusesInWorld(c)).toEqual({});

    // The combatants as the adapters see them (each part read once and kept): the wolf's token turned friendly is on the party's side.
    const sideOf = () => c.fight().combatantInfos().find((i: any) => i.id === wolf).side;
    expect(sideOf()).toBe("foes");
    await c.fight().combatants.get(wolf).token.update({ disposition: 1 });
    await settle();
    expect(sideOf()).toBe("party");
  });

  it("opposed: a style set on the wolf's actor's default between its turns (no write to the fight) plays its next turn", async () => {
    const c = await crowd("opposed", 1);
    // The wolf's actor (the pack's plays "best defence" by default) left to the GM first.
    await c.gm.game.actors.get(c.wolf.id).update({ "system.styles.opposed": "gm" });
    const form = (_k: string, config: any) => formCells(String(config?.content ?? ""));
    c.gm.runtime.dialogs.responder = form;
    await c.gmPress("tracker", () => c.fight().startCombat());
    const wolf = c.wolves[0]!;
    const cards = () => c.gm.game.messages.contents.filter((m: any) => m.type === "card");
    const holder = () => c.fight().machineState.order[c.fight().machineState.turn] as string | undefined;
    // The players end their turns until the wolf holds the turn (or the round is over).
    const playersToWolf = async () => {
      for (let guard = 0; guard < 4 && holder() && holder() !== wolf; guard++) {
        await c.pcs[holder()!]!.client.ui.combat.runAction("boutEndTurn", { combatantId: holder() });
        await c.quiet();
      }
    };
    await playersToWolf();
    // Its turn, the GM's to play: nothing happens by itself.
    expect(holder()).toBe(wolf);
    expect(cards()).toEqual([]);
    // The world actor's default for the ruleset (the wolf's token actor reads it: its delta names no style).
    await c.gm.game.actors.get(c.wolf.id).update({ "system.styles.opposed": "reckless" });
    await settle();
    // The GM passes this turn; the players end the round's others, the GM begins the next round.
    await c.gmPress("tracker", () => c.fight().nextTurn());
    await playersToWolf();
    if (!holder()) await c.gmPress("tracker", () => c.fight().nextRound());
    const round = c.fight().machineState.round;
    expect(round).toBe(2);
    await playersToWolf();
    // Its next turn is its style's: it strikes (a card) or ends its turn itself.
    expect(cards().length > 0 || c.fight().machineState.order.indexOf(wolf) < c.fight().machineState.turn).toBe(true);
    expect(c.fight().machineState.round).toBe(round);
  });

  it("steel: a new round moves the world's clock (the core.time setting) and keeps what the step read of every fighter; a fighter's condition or a setting of the system's after it is read again", async () => {
    const t = await crowdFight("steel", 4, { boutsOf: 2 });
    await t.combat.startCombat();
    await settle();
    const fight = () => t.gm.game.combats.get(t.combat.id);
    // Exchange 2 of the first bout: what the step read of the fighters' conditions is kept.
    await fight().nextTurn();
    await settle();
    const kept = fight().fightNow();
    expect(fight().fightNow()).toBe(kept);
    // The next step starts the bout's second round: the server moves the clock on in a Setting write of its own.
    const [clock, mark] = [t.gm.game.time.worldTime, t.world.server.writes.length];
    await fight().nextTurn();
    await settle();
    expect(t.gm.game.time.worldTime).toBeGreaterThan(clock);
    expect(t.world.writesSince(mark).map((w: { documentName: string }) => w.documentName)).toContain("Setting");
    expect(fight().fightNow()).toBe(kept);
    // A fighter's condition changed through any door is read at once.
    const first = fight().combatants.contents[0];
    await first.actor.toggleStatusEffect("prone", { active: true });
    await settle();
    expect(fight().fightNow()).not.toBe(kept);
    expect(fight().fightNow().statuses).toEqual({ [first.id]: ["prone"] });
    // A world setting of the system's drops what was kept too.
    const again = fight().fightNow();
    await t.gm.game.settings.set("bout", "steelPostures", true);
    await settle();
    expect(fight().fightNow()).not.toBe(again);
  });
});
