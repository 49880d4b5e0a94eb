// One write per player decision on a card (issue 23, "Writes a group's server
// sees"): posting, answering and applying are each one request in Foundry v14
// (foundry.documents.modifyBatch, one batch of the card and everything it
// changes) and the fewest Foundry v13 allows (one request per document and kind
// of operation: never one per status), the card's own write first, so a request
// failing after it never lets a card apply twice. A card nobody answers is
// created once, already resolved. Runs in both harness modes (shell: v13, shell-v14: v14), with
// an unlinked token (a synthetic actor whose changes go to its token's delta).
//
// Rules cited: the pulse rules text (seed 004_2f46e4f6196f6037.txt) [17.5]
// "Defense rating not used when defender is ... incapacitated" for the roll after
// a knockout; the rest counts writes, which no rules text speaks of.
import { describe, expect, it } from "vitest";
import { isV14 } from "../harness/version";
import { expectedWrites, scriptDraws, settle, shownWrites } from "./support";
import { attackSecondWolf, resolvedCard, WOLF_FLOWS, wolfFight, wolfForest, type Flow as WolfFlow } from "./wolf-flows";

const v14 = isV14();
const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

const shown = shownWrites;
const expected = expectedWrites;

/** Each ruleset's attack on a wolf, with the wolf's figure the knockout card below lowers. */
type Flow = WolfFlow & { wound: string };

const WOUNDS: Record<string, string> = {
  steel: "system.steel.healthNow",
  phases: "system.phases.woundsLeft",
  actionpoints: "system.actionpoints.bodyNow",
  opposed: "system.opposed.woundsNow",
  pulse: "system.pulse.enduranceNow",
};

// The phases wolf starts with 6 wounds left, so the knockout card has something to lower.
const FLOWS: Flow[] = Object.values(WOLF_FLOWS).map((flow) => ({
  ...flow,
  ...(flow.ruleset === "phases" ? { wolf: { phases: { ...(flow.wolf.phases as object), woundsLeft: 6 } } } : {}),
  wound: WOUNDS[flow.ruleset]!,
}));

/** Ada (Alice's, linked) and two unlinked tokens of one wolf, each wolf with two spare items. */
const forest = (flow: Flow) => wolfForest(flow, [{ name: "Net", type: "skill" }, { name: "Rope", type: "skill" }]);
type Forest = Awaited<ReturnType<typeof forest>>;

for (const flow of FLOWS) {
  describe(`card writes in ${flow.ruleset} (Foundry ${v14 ? 14 : 13})`, () => {
    it(`posting${flow.defence ? ", answering" : ""} and applying a ${flow.ruleset} attack on an unlinked wolf are one write each${v14 ? " (one batch)" : ""}`, async () => {
      const f = await forest(flow);
      let mark = f.world.server.writes.length;
      const card = await attackSecondWolf(f, flow);
      expect(shown(f.world, mark)).toEqual(["create ChatMessage"]);
      if (flow.defence) {
        expect(card.system.state).toBe("waiting");
        f.gm.runtime.dialogs.responder = () => flow.defence;
        mark = f.world.server.writes.length;
        await hooks(f.gm).defendFromCard(f.gm.game.messages.get(card.id));
        await settle();
        expect(shown(f.world, mark)).toEqual(["update ChatMessage"]);
      } else {
        // Nobody answers a shot: the card was created resolved, rolls and all, and never updated.
        expect(card.system.state).toBe("resolved");
        expect(card.rolls.length).toBeGreaterThan(0);
      }
      const result = JSON.parse(f.gm.game.messages.get(card.id).system.result);
      expect(Object.keys(result.updates ?? {}).length).toBeGreaterThan(0);
      mark = f.world.server.writes.length;
      await hooks(f.alice).applyFromCard(f.alice.game.messages.get(card.id));
      await settle();
      expect(f.gm.game.messages.get(card.id).system.state).toBe("applied");
      // One update per fighter the result changes: a world actor's own, the wolf token's into its delta.
      const operations = [
        ...new Set(Object.keys(result.updates).map((ref) => (ref.includes(".Token.") ? "update ActorDelta" : "update Actor"))),
        ...(Object.keys(result.itemUpdates ?? {}).length ? ["update Item"] : []),
        ...(Object.keys(result.itemDeletes ?? {}).length ? ["delete Item"] : []),
      ];
      const writes = shown(f.world, mark);
      // v14: one batch; v13: one request per kind of change, statuses at most one create and one delete.
      if (v14) expect(writes).toHaveLength(1);
      const steps = writes.flatMap((w) => (w.startsWith("batch[") ? w.slice(6, -1).split(", ") : [w]));
      expect(steps.filter((w) => w.endsWith("ActiveEffect")).length).toBe(new Set(steps.filter((w) => w.endsWith("ActiveEffect"))).size);
      expect(steps.filter((w) => !w.endsWith("ActiveEffect"))).toEqual(["update ChatMessage", ...operations]);
    });

    it(`a ${flow.ruleset} knockout (a wound, three statuses on and one off, an item changed, one gone) on an unlinked wolf: ${v14 ? "one batch" : "one request per kind of change"}; the token's actor alone shows the statuses, and core's toggle still works`, async () => {
      const f = await forest(flow);
      const wolf = () => f.tokenOf(f.gm, f.second.id).actor;
      const [net, rope] = ["Net", "Rope"].map((n) => wolf().items.getName(n).id);
      await wolf().toggleStatusEffect("bleeding", { active: true });
      await settle();
      const ref = wolf().uuid;
      const card = await resolvedCard(f, {
        updates: { [ref]: { [flow.wound]: { $delta: -2, min: 0 } } },
        itemUpdates: { [ref]: [{ _id: net, name: "Torn net" }, { _id: "gone0000000000aa", name: "x" }] },
        itemDeletes: { [ref]: [rope] },
        statuses: { [ref]: ["unconscious", { id: "prone", active: true }, "stun", { id: "bleeding", active: false }] },
      });
      const before = Number(foundry(wolf(), flow.wound));
      const mark = f.world.server.writes.length;
      const outcome = await hooks(f.alice).applyFromCard(f.alice.game.messages.get(card.id));
      await settle();
      expect(outcome.ok).toBe(true);
      expect(shown(f.world, mark)).toEqual(expected(["update ChatMessage", "update ActorDelta", "update Item", "delete Item", "delete ActiveEffect", "create ActiveEffect"]));
      for (const client of [f.gm, f.alice, f.bob]) {
        const actor = f.tokenOf(client, f.second.id).actor;
        expect([...actor.statuses].sort()).toEqual(["prone", "stun", "unconscious"]);
        // The token shows them (TokenDocument#hasStatusEffect, what its icons and the Token HUD read); the other wolf's does not.
        expect(["unconscious", "prone", "stun", "bleeding"].map((id) => f.tokenOf(client, f.second.id).hasStatusEffect(id))).toEqual([true, true, true, false]);
        expect(f.tokenOf(client, f.first.id).hasStatusEffect("unconscious")).toBe(false);
        expect(actor.items.getName("Torn net")).toBeTruthy();
        expect(actor.items.getName("Rope")).toBeFalsy();
        expect(Number(foundry(actor, flow.wound))).toBe(Math.max(0, before - 2));
        // The other wolf and the world wolf are untouched.
        expect([...f.tokenOf(client, f.first.id).actor.statuses]).toEqual([]);
        expect([...client.game.actors.get(f.wolf.id).statuses]).toEqual([]);
      }
      // The effects are core's own, as toggleStatusEffect makes them (name, icon, one status each).
      const prone = wolf().effects.find((e: any) => e.statuses.has("prone"));
      const core = (await f.gm.CONFIG.ActiveEffect.documentClass.fromStatusEffect("prone")).toObject();
      expect({ name: prone.name, img: prone.img, statuses: [...prone.statuses] }).toEqual({ name: core.name, img: core.img, statuses: ["prone"] });
      // Foundry's Token HUD toggles a status with Actor#toggleStatusEffect: off, then on again.
      expect(await wolf().toggleStatusEffect("prone")).toBe(false);
      await settle();
      expect(wolf().statuses.has("prone")).toBe(false);
      await wolf().toggleStatusEffect("prone");
      await settle();
      expect(f.tokenOf(f.alice, f.second.id).actor.statuses.has("prone")).toBe(true);
      // Applied once: a second apply is refused and writes nothing.
      const again = f.world.server.writes.length;
      expect((await hooks(f.alice).applyFromCard(f.alice.game.messages.get(card.id))).refusal.code).toBe("card.applied");
      expect(f.world.writesSince(again)).toEqual([]);
    });
  });
}

/** A value at a dotted path of a document. */
function foundry(doc: any, path: string): unknown {
  return path.split(".").reduce((v, k) => v?.[k], doc);
}

describe(`card writes: two applies at once (Foundry ${v14 ? 14 : 13})`, () => {
  it("two players apply one knockout at once: it is applied once, each status once, the wound once", async () => {
    const flow = FLOWS.find((x) => x.ruleset === "opposed")!;
    const f = await forest(flow);
    const wolf = () => f.tokenOf(f.gm, f.second.id).actor;
    const ref = wolf().uuid;
    const card = await resolvedCard(f, { updates: { [ref]: { [flow.wound]: { $delta: -3, min: 0 } } }, statuses: { [ref]: ["prone", "stun"] } });
    const results = await Promise.all([hooks(f.alice).applyFromCard(f.alice.game.messages.get(card.id)), hooks(f.gm).applyFromCard(f.gm.game.messages.get(card.id))]);
    await settle();
    expect(results.map((r: any) => r.ok).sort()).toEqual([false, true]);
    expect(wolf().effects.size).toBe(2);
    expect(Number(foundry(wolf(), flow.wound))).toBe(9);
  });
});

describe(`card writes in a fight (Foundry ${v14 ? 14 : 13})`, () => {
  it("opposed: answering an attack in a turn-order fight spends the attacker's Action and resolves the card: " + (v14 ? "one batch of both" : "the card's update, then the fight's"), async () => {
    const flow = FLOWS.find((x) => x.ruleset === "opposed")!;
    const f = await forest(flow);
    const combat = await wolfFight(f);
    const card = await attackSecondWolf(f, flow);
    expect(card.system.combatId).toBe(combat.id);
    f.gm.runtime.dialogs.responder = () => flow.defence;
    const mark = f.world.server.writes.length;
    const before = f.gm.game.combats.get(combat.id).system.state;
    await hooks(f.gm).defendFromCard(f.gm.game.messages.get(card.id));
    await settle();
    expect(shown(f.world, mark)).toEqual(expected(["update ChatMessage", "update Combat"]));
    expect(f.gm.game.messages.get(card.id).system.state).toBe("resolved");
    expect(f.alice.game.combats.get(combat.id).system.state).not.toEqual(before);
  });
});

describe(`card writes: a pulse knockout's secret minutes (Foundry ${v14 ? 14 : 13})`, () => {
  it("[16.5] answering a knockout that lands writes the card and the GM's whisper of the minutes together: " + (v14 ? "one batch" : "the card's update, then the whisper's create"), async () => {
    const pulse = FLOWS.find((x) => x.ruleset === "pulse")!;
    // 73 less 15 for a knockout = 58, less the wolf's Defense 12 = 46: a 20 lands; the GM's D10 4 + 5 = 9 minutes.
    const flow: Flow = { ...pulse, form: { kind: "knockout" }, draws: [[20, 100], [4, 10]] };
    const f = await forest(flow);
    const card = await attackSecondWolf(f, flow);
    expect(card.system.state).toBe("waiting");
    f.gm.runtime.dialogs.responder = () => flow.defence;
    const count = f.gm.game.messages.size;
    const mark = f.world.server.writes.length;
    await hooks(f.gm).defendFromCard(f.gm.game.messages.get(card.id));
    await settle();
    expect(shown(f.world, mark)).toEqual(expected(["update ChatMessage", "create ChatMessage"]));
    expect(f.gm.game.messages.size).toBe(count + 1);
    const whisper = f.gm.game.messages.contents.at(-1);
    expect(whisper.content).toContain("out for 9 minutes");
    expect([whisper.blind, f.alice.game.messages.has(whisper.id)]).toEqual([true, false]);
    expect(whisper.whisper).toEqual([f.world.userId("GM")]);
  });

  it("[16.5] an answer refused (the attacker's sword broke since the card was posted) writes nothing and whispers nothing; one whose card write fails whispers nothing; answered then, one whisper; a second answer is refused with none", async () => {
    const pulse = FLOWS.find((x) => x.ruleset === "pulse")!;
    const flow: Flow = { ...pulse, form: { kind: "knockout" }, draws: [[20, 100], [4, 10]] };
    const f = await forest(flow);
    const card = await attackSecondWolf(f, flow);
    expect(card.system.state).toBe("waiting");
    const sword = () => f.ada.items.get(f.weaponId);
    await sword().update({ "system.pulse.broken": true });
    await settle();
    const whispers = () => f.gm.game.messages.contents.filter((m: any) => m.whisper?.length);
    f.gm.runtime.dialogs.responder = () => flow.defence;
    scriptDraws(f.gm, flow.draws);
    let mark = f.world.server.writes.length;
    const refused = await hooks(f.gm).defendFromCard(f.gm.game.messages.get(card.id));
    await settle();
    expect(refused.ok).toBe(false);
    expect(f.world.writesSince(mark)).toEqual([]);
    expect(whispers()).toEqual([]);
    expect(f.gm.game.messages.get(card.id).system.state).toBe("waiting");
    await sword().update({ "system.pulse.broken": false });
    await settle();
    // Mended, the answer lands, but the server fails the card's write: no whisper without the card.
    const server = f.world.server;
    const update = server.update.bind(server);
    server.update = (from: any, documentName: string, ...rest: any[]) => {
      if (documentName === "ChatMessage") throw new Error("the server failed this request");
      return (update as any)(from, documentName, ...rest);
    };
    scriptDraws(f.gm, flow.draws);
    const failed = await hooks(f.gm).defendFromCard(f.gm.game.messages.get(card.id));
    await settle();
    expect(failed).toMatchObject({ ok: false, refusal: { code: "write.notSaved" } });
    expect(whispers()).toEqual([]);
    expect(f.gm.game.messages.get(card.id).system.state).toBe("waiting");
    expect(f.gm.notices.at(-1)).toMatchObject({ type: "error", message: expect.stringMatching(/^The answer was not saved\. .*the server failed this request.* The card still waits for its answer\.$/) });
    // Answered again with the server working: the card and one whisper.
    server.update = update;
    scriptDraws(f.gm, flow.draws);
    mark = f.world.server.writes.length;
    expect((await hooks(f.gm).defendFromCard(f.gm.game.messages.get(card.id))).ok).toBe(true);
    await settle();
    expect(shown(f.world, mark)).toEqual(expected(["update ChatMessage", "create ChatMessage"]));
    expect(whispers()).toHaveLength(1);
    mark = f.world.server.writes.length;
    expect((await hooks(f.gm).defendFromCard(f.gm.game.messages.get(card.id))).ok).toBe(false);
    await settle();
    expect(f.world.writesSince(mark)).toEqual([]);
    expect(whispers()).toHaveLength(1);
  });
});

describe(`card writes: a request after the card's fails (Foundry ${v14 ? 14 : 13})`, () => {
  it(v14 ? "the batch fails whole: nothing applied, the card still resolved; applied once when the server accepts it, then refused" : "the card's applied mark is written first: the wolf's update then fails, the card goes back to appliable holding only what was not saved; applied again, the rest lands once, then refused", async () => {
    const flow = FLOWS.find((x) => x.ruleset === "opposed")!;
    const f = await forest(flow);
    const wolf = () => f.tokenOf(f.gm, f.second.id).actor;
    const ref = wolf().uuid;
    const card = await resolvedCard(f, { updates: { [ref]: { [flow.wound]: { $delta: -3, min: 0 } } }, statuses: { [ref]: ["prone"] } });
    // The server refuses any change to the wolf token's actor (its delta), as a failing request would.
    const server = f.world.server;
    const update = server.update.bind(server);
    server.update = (from: any, documentName: string, parent: any[], ...rest: any[]) => {
      if (parent.some((p: any) => p.id === f.second.id)) throw new Error("the server failed this request");
      return (update as any)(from, documentName, parent, ...rest);
    };
    const mark = server.writes.length;
    const outcome = await hooks(f.gm).applyFromCard(f.gm.game.messages.get(card.id));
    await settle();
    expect(outcome).toMatchObject({ ok: false, refusal: { code: "write.notSaved" } });
    expect(Number(foundry(wolf(), flow.wound))).toBe(12);
    expect(wolf().statuses.has("prone")).toBe(false);
    // The GM is told what the failure left, in plain words (and only once: the refusal is not shown again on the GM's own client).
    expect(f.gm.notices.filter((n: any) => n.type !== "info")).toEqual([
      {
        type: "error",
        message: v14
          ? "The card was not applied, and nothing was saved. Foundry refused the whole change: the server failed this request. It can be applied again."
          : "The card was applied only in part. Not saved: the figures of Wolf (2), because the server refused it (the server failed this request); the conditions of Wolf (2), because it was not sent once a change before it had failed. The card shows what is missing: Apply it again to make only that.",
      },
    ]);
    expect(f.gm.game.messages.get(card.id).system.state).toBe("resolved");
    if (v14) expect(server.writesSince(mark)).toEqual([]);
    // v13: the card's mark landed, the request after it failed and the statuses' after that was never sent; the card written back to say so.
    else expect(shown(f.world, mark)).toEqual(["update ChatMessage", "update ChatMessage"]);
    if (!v14) expect(f.alice.game.messages.get(card.id).content).toContain("Apply again to make only these changes.");
    server.update = update;
    expect((await hooks(f.alice).applyFromCard(f.alice.game.messages.get(card.id))).ok).toBe(true);
    await settle();
    expect(Number(foundry(wolf(), flow.wound))).toBe(9);
    expect(wolf().statuses.has("prone")).toBe(true);
    expect(f.gm.game.messages.get(card.id).system.state).toBe("applied");
    expect(f.alice.game.messages.get(card.id).content).not.toContain("Apply again");
    const again = server.writes.length;
    for (const client of [f.gm, f.alice]) expect((await hooks(client).applyFromCard(client.game.messages.get(card.id))).refusal.code).toBe("card.applied");
    await settle();
    expect(server.writesSince(again)).toEqual([]);
    expect(Number(foundry(wolf(), flow.wound))).toBe(9);
  });
});

describe(`card writes: a status's penalty on the next roll (Foundry ${v14 ? 14 : 13})`, () => {
  it("pulse [17.5]: the knocked-out wolf token (unconscious, applied in one write) has no Defense against the next blow: 73, where the other wolf's is 73 - 12 = 61", async () => {
    const flow = FLOWS.find((x) => x.ruleset === "pulse")!;
    const f = await forest(flow);
    const wolf = f.tokenOf(f.gm, f.second.id).actor;
    const card = await resolvedCard(f, { statuses: { [wolf.uuid]: ["unconscious", "prone"] } });
    await hooks(f.gm).applyFromCard(f.gm.game.messages.get(card.id));
    await settle();
    expect(f.tokenOf(f.gm, f.second.id).actor.statuses.has("unconscious")).toBe(true);
    const next = await attackSecondWolf(f, { ...flow, draws: [[90, 100]] });
    f.gm.runtime.dialogs.responder = () => flow.defence;
    scriptDraws(f.gm, [[90, 100]]);
    await hooks(f.gm).defendFromCard(f.gm.game.messages.get(next.id));
    await settle();
    const miss = JSON.parse(f.gm.game.messages.get(next.id).system.result).events.find((e: any) => e.type === "StrikeMiss")?.data;
    expect(miss).toMatchObject({ modSC: 73 });
  });
});
