// Unlinked tokens against the table flow (issue 17, part 1; the failures are
// issue 18's to fix). In Foundry v13 an NPC's tokens are unlinked: each token's
// actor is a synthetic actor of its own, with the world actor's id
// (harness-synthetic-actors.test.ts pins that). Two wolves of one world actor
// stand on a scene; Alice targets the second, as a player does, and attacks it
// from her character's sheet, taking the target the dialog offers for her
// targeted token; the GM answers for the wolf and Alice applies the card.
//
// For each ruleset, the first test shows the flow ran and the targeted wolf is
// hurt; the second was an `it.fails` while cards named fighters by world actor
// id (the world actor took the wound, and with it every token of that wolf):
// now the targeted token's own actor alone is hurt.
import { beforeAll, describe, expect, it } from "vitest";
import { getProperty } from "../harness/utils";
import { scriptDraws, settle } from "./support";
import { selected, WOLF_FLOWS as FLOWS, wolfForest, type Flow } from "./wolf-flows";


/** Alice attacks the second of two unlinked wolf tokens; returns what each wolf looked like before and after, over the paths the card changed. */
async function attackSecondWolf(flow: Flow, { woundFirst }: { woundFirst?: Record<string, unknown> } = {}) {
  const { gm, alice, weaponId, wolf, adaToken, first, second, tokenOf } = await wolfForest(flow);
  // The GM may already have marked a wound on the second wolf's own sheet (its token's actor, so its delta).
  if (woundFirst) await tokenOf(gm, second.id).actor.update(woundFirst);
  // Alice targets the second wolf (a v13 UserTargets entry is the token's placeable: id, document, actor).
  const target = tokenOf(alice, second.id);
  alice.game.user.targets.add({ id: target.id, document: target, actor: target.actor, name: target.name });
  alice.runtime.dialogs.responder = (_kind: unknown, config: any) => ({ ...flow.form, defender: selected(String(config?.content ?? ""), "defender") });
  scriptDraws(gm, flow.draws);
  await tokenOf(alice, adaToken.id).actor.sheet.runAction("rollItem", {}, { row: { itemId: weaponId } });
  await settle();
  const card = gm.game.messages.contents.at(-1);
  const hooks = (client: any) => client.evaluate("globalThis.__boutTest");
  if (flow.defence) {
    gm.runtime.dialogs.responder = () => flow.defence;
    await hooks(gm).defendFromCard(gm.game.messages.get(card.id));
    await settle();
  }
  const result = JSON.parse(gm.game.messages.get(card.id).system.result ?? "null");
  const changed = Object.values<Record<string, unknown>>(result?.updates ?? {}).flatMap((u) => Object.keys(u)).filter((p) => p.startsWith("system."));
  const paths = [...new Set(changed)];
  const look = () => ({
    first: paths.map((p) => getProperty(tokenOf(gm, first.id).actor, p)),
    second: paths.map((p) => getProperty(tokenOf(gm, second.id).actor, p)),
    world: paths.map((p) => getProperty(gm.game.actors.get(wolf.id), p)),
  });
  const before = look();
  await hooks(alice).applyFromCard(alice.game.messages.get(card.id));
  await settle();
  return { paths, before, after: look(), state: gm.game.messages.get(card.id).system.state };
}

for (const flow of Object.values(FLOWS)) {
  describe(`unlinked tokens in ${flow.ruleset} attack cards`, () => {
    let seen: Awaited<ReturnType<typeof attackSecondWolf>>;
    // A whole fight is built here (the first in the file also loads the dialogs' DOM): the test timeout, not the hook's 10 s.
    beforeAll(async () => {
      seen = await attackSecondWolf(flow);
    }, 30_000);

    it(`the ${flow.ruleset} card is applied and the targeted wolf's token actor is hurt`, () => {
      expect(seen.state).toBe("applied");
      expect(seen.paths.length).toBeGreaterThan(0);
      expect(seen.after.second).not.toEqual(seen.before.second);
    });

    it(`unlinked: the ${flow.ruleset} card names its target by world actor id and writes to the world actor, so the other wolf token (and the world wolf) take the targeted wolf's wound`, () => {
      expect(seen.after.first).toEqual(seen.before.first);
      expect(seen.after.world).toEqual(seen.before.world);
    });
  });
}

describe("unlinked tokens: a wound already on the token", () => {
  it("unlinked: a phases card writes its wound levels to the world actor, so a wolf whose token already holds its wounds (in its delta) takes none of the new ones", async () => {
    const seen = await attackSecondWolf(FLOWS.phases!, { woundFirst: { "system.phases.woundsLeft": 4 } });
    expect(seen.state).toBe("applied");
    expect(seen.paths).toEqual(["system.phases.woundsLeft"]);
    expect(seen.before.second).toEqual([4]);
    // Two wound levels land on the targeted wolf: 4 - 2.
    expect(seen.after.second).toEqual([2]);
  });
});
