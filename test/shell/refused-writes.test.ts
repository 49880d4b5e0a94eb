// A refused write is never passed in silence (issue 30, "A refused write passes in
// silence"). Foundry refuses a write without throwing: in v13 a module's preUpdateX
// hook returning false, or a value the data model rejects, drops that document and
// the call resolves with the rest (ClientDatabaseBackend#preUpdateDocumentArray;
// harness: test/shell/harness-refused-writes.test.ts); in v14 one refused document
// cancels the whole modifyBatch, which then rejects or resolves empty (the evidence
// is split: test/harness/batch-failure.ts; every v14 case runs under both readings).
//
// What the table must show, followed to where it shows: a decision that did not land
// completely is not marked done (the card stays appliable or answerable, or says on
// itself what is missing), the fighters' figures are what was really saved, the GM
// reads what was refused and why, and the one who pressed the button is not told "ok".
// No rules text speaks of this: the figures and dice below are only there to be changed.
import { describe, expect, it } from "vitest";
import { BATCH_FAILURE_READINGS, type BatchFailure } from "../harness/batch-failure";
import { isV14 } from "../harness/version";
import { expectedWrites, scriptDraws, settle, shownWrites } from "./support";
import { attackSecondWolf, resolvedCard, WOLF_FLOWS, wolfFight, wolfForest } from "./wolf-flows";

const v14 = isV14();
const hooks = (client: any) => client.evaluate("globalThis.__boutTest");
const flow = WOLF_FLOWS.opposed!;
const WOUNDS = "system.opposed.woundsNow";
const WS = "system.opposed.ws";
/** v13 has one way; v14 two readings of a failed batch, each run. */
const READINGS: readonly (BatchFailure | null)[] = v14 ? BATCH_FAILURE_READINGS : [null];
const modeName = (reading: BatchFailure | null) => (reading ? `Foundry 14, a failed batch ${reading === "reject" ? "rejects" : "resolves empty"}` : "Foundry 13");

async function forest(reading: BatchFailure | null) {
  const f = await wolfForest(flow);
  if (reading) f.world.server.batchFailure = reading;
  const wolf = (client: any = f.gm) => f.tokenOf(client, f.second.id).actor;
  const ada = (client: any = f.gm) => client.game.actors.get(f.ada.id);
  const card = (client: any, id: string) => client.game.messages.get(id);
  return { ...f, wolfOf: wolf, adaOf: ada, card };
}
type Forest = Awaited<ReturnType<typeof forest>>;

/** Ada's characteristic raised by one and the second wolf wounded and knocked prone: the card the tests apply. */
const knockout = (f: Forest, wound: unknown = { $delta: -3, min: 0 }) => ({
  updates: { [f.adaOf().uuid]: { [WS]: { $delta: 1 } }, [f.wolfOf().uuid]: { [WOUNDS]: wound } },
  statuses: { [f.wolfOf().uuid]: ["prone"] },
});

const figure = (actor: any, path: string) => Number(path.split(".").reduce((v, k) => v?.[k], actor));
const errors = (client: any) => client.notices.filter((n: any) => n.type === "error").map((n: any) => n.message);

const attack = (f: Forest) => attackSecondWolf(f, flow);

for (const reading of READINGS) {
  describe(`refused writes: applying a card (${modeName(reading)})`, () => {
    it("a guard module's preUpdateActor hook refuses the wolf's wound: the card is not marked done, the GM is told what and why, Alice is not told ok; once the module lets it, Apply makes only what was missing", async () => {
      const f = await forest(reading);
      const card = await resolvedCard(f, knockout(f));
      // A guard module on the GM's client (which writes) keeps the wolves' figures from changing.
      const guard = f.gm.Hooks.on("preUpdateActor", (actor: any) => actor.name !== "Wolf");
      const mark = f.world.server.writes.length;
      const outcome = await hooks(f.alice).applyFromCard(f.card(f.alice, card.id));
      await settle();
      expect(outcome).toMatchObject({ ok: false, refusal: { code: "write.notSaved" } });
      expect(f.alice.notices.at(-1)).toEqual({ type: "warning", message: "Not everything was saved. The GM has been told what is missing." });
      // The wolf's figure is untouched everywhere; the card is appliable again (the Apply button shows for Alice).
      for (const client of [f.gm, f.alice, f.bob]) expect(figure(f.wolfOf(client), WOUNDS)).toBe(12);
      expect(f.card(f.alice, card.id).system.state).toBe("resolved");
      if (reading) {
        // v14: one refused document cancels the batch: nothing saved, the card as it was.
        expect(f.world.writesSince(mark)).toEqual([]);
        expect([figure(f.adaOf(f.alice), WS), f.wolfOf().statuses.has("prone")]).toEqual([45, false]);
        expect(errors(f.gm)).toEqual([
          reading === "reject"
            ? expect.stringMatching(/^The card was not applied, and nothing was saved\. Foundry refused the whole change: .+\. It can be applied again\.$/)
            : "The card was not applied, and nothing was saved. Foundry refused the whole change. It can be applied again.",
        ]);
      } else {
        // v13: the card's mark, Ada's raise and the wolf's prone landed; the wolf's wound did not. The card says so, holding only that.
        expect(shownWrites(f.world, mark)).toEqual(["update ChatMessage", "update Actor", "create ActiveEffect", "update ChatMessage"]);
        expect([figure(f.adaOf(f.alice), WS), f.wolfOf(f.alice).statuses.has("prone")]).toEqual([46, true]);
        expect(errors(f.gm)).toEqual(["The card was applied only in part. Not saved: the figures of Wolf (2), because a module or world script stopped the change. The card shows what is missing: Apply it again to make only that."]);
        expect(f.card(f.alice, card.id).content).toContain("Not saved: the figures of Wolf (2), because a module or world script stopped the change. Apply again to make only these changes.");
        expect(f.card(f.alice, card.id).content).toContain('data-bout-action="apply"');
        expect(JSON.parse(f.card(f.gm, card.id).system.result)).toMatchObject({ updates: { [f.wolfOf().uuid]: { [WOUNDS]: { $delta: -3, min: 0 } } }, statuses: {} });
      }
      // The module lets it through now: Apply again lands the rest once (Ada's raise is not made twice), then the card is done.
      f.gm.Hooks.off("preUpdateActor", guard);
      const again = f.world.server.writes.length;
      expect((await hooks(f.alice).applyFromCard(f.card(f.alice, card.id))).ok).toBe(true);
      await settle();
      expect(shownWrites(f.world, again)).toEqual(reading ? expectedWrites(["update ChatMessage", "update Actor", "update ActorDelta", "create ActiveEffect"]) : ["update ChatMessage", "update ActorDelta"]);
      for (const client of [f.gm, f.alice]) expect([figure(f.adaOf(client), WS), figure(f.wolfOf(client), WOUNDS), f.wolfOf(client).effects.size]).toEqual([46, 9, 1]);
      expect(f.card(f.alice, card.id).system.state).toBe("applied");
      expect(f.card(f.alice, card.id).content).not.toContain("Not saved");
      expect((await hooks(f.alice).applyFromCard(f.card(f.alice, card.id))).refusal.code).toBe("card.applied");
    });

    it("a value the data model rejects: core shows its error, the GM's notice names the change Foundry did not accept, the wolf keeps its figure and the card is not done", async () => {
      const f = await forest(reading);
      const card = await resolvedCard(f, knockout(f, "lots"));
      const mark = f.world.server.writes.length;
      const outcome = await hooks(f.gm).applyFromCard(f.card(f.gm, card.id));
      await settle();
      expect(outcome).toMatchObject({ ok: false, refusal: { code: "write.notSaved" } });
      expect(figure(f.wolfOf(f.alice), WOUNDS)).toBe(12);
      expect(f.card(f.alice, card.id).system.state).toBe("resolved");
      const [core, ours] = errors(f.gm);
      // Core's own error (v13 #preUpdateDocumentArray), then ours saying what it leaves.
      expect(core).toMatch(/woundsNow/);
      if (reading) {
        expect(f.world.writesSince(mark)).toEqual([]);
        expect(ours).toMatch(/^The card was not applied, and nothing was saved\. Not saved: the figures of Wolf \(2\), because Foundry did not accept a value in it\.( Foundry refused the whole change: .*)? It can be applied again\.$/);
      } else {
        expect(shownWrites(f.world, mark)).toEqual(["update ChatMessage", "update Actor", "create ActiveEffect", "update ChatMessage"]);
        expect(ours).toBe("The card was applied only in part. Not saved: the figures of Wolf (2), because Foundry did not accept a value in it. The card shows what is missing: Apply it again to make only that.");
      }
      // The GM's own Apply: the refusal was told once, as the error above, not again as a warning.
      expect(f.gm.notices.filter((n: any) => n.type === "warning")).toEqual([]);
    });

    it("the card's own mark refused (a module stops changes to chat cards): nothing else is written, the card is still appliable", async () => {
      const f = await forest(reading);
      const card = await resolvedCard(f, knockout(f));
      f.gm.Hooks.on("preUpdateChatMessage", () => false);
      const mark = f.world.server.writes.length;
      const outcome = await hooks(f.alice).applyFromCard(f.card(f.alice, card.id));
      await settle();
      expect(outcome).toMatchObject({ ok: false, refusal: { code: "write.notSaved" } });
      expect(f.world.writesSince(mark)).toEqual([]);
      expect([figure(f.adaOf(), WS), figure(f.wolfOf(), WOUNDS), f.wolfOf().statuses.has("prone")]).toEqual([45, 12, false]);
      expect(f.card(f.alice, card.id).system.state).toBe("resolved");
      expect(errors(f.gm)).toEqual([
        reading === null
          ? "The card was not applied, and nothing was saved. Not saved: the card, because a module or world script stopped the change. It can be applied again."
          : reading === "reject"
            ? expect.stringMatching(/^The card was not applied, and nothing was saved\. Foundry refused the whole change: .+\. It can be applied again\.$/)
            : "The card was not applied, and nothing was saved. Foundry refused the whole change. It can be applied again.",
      ]);
    });
  });

  describe(`refused writes: posting a card (${modeName(reading)})`, () => {
    it("a module refuses the new card: Alice reads that nothing was saved and the GM was told, the GM reads why, no card is in the chat", async () => {
      const f = await forest(reading);
      f.gm.Hooks.on("preCreateChatMessage", () => false);
      const count = f.gm.game.messages.size;
      const mark = f.world.server.writes.length;
      await attack(f);
      expect(f.world.writesSince(mark)).toEqual([]);
      expect(f.alice.game.messages.size).toBe(count);
      expect(f.alice.notices.at(-1)).toEqual({ type: "warning", message: "Not everything was saved. The GM has been told what is missing." });
      expect(errors(f.gm)).toEqual(["The card was not posted, and nothing was saved. Not saved: the card, because a module or world script stopped the change."]);
    });
  });

  describe(`refused writes: answering a card (${modeName(reading)})`, () => {
    it("a module refuses the card's answer: it still waits for its answer, nothing is rolled into the world, the GM is told; answered once the module lets it", async () => {
      const f = await forest(reading);
      const card = await attack(f);
      expect(card.system.state).toBe("waiting");
      const guard = f.gm.Hooks.on("preUpdateChatMessage", () => false);
      f.gm.runtime.dialogs.responder = () => flow.defence;
      scriptDraws(f.gm, flow.draws);
      const mark = f.world.server.writes.length;
      const outcome = await hooks(f.gm).defendFromCard(f.card(f.gm, card.id));
      await settle();
      expect(outcome).toMatchObject({ ok: false, refusal: { code: "write.notSaved" } });
      expect(f.world.writesSince(mark)).toEqual([]);
      expect(f.card(f.alice, card.id).system.state).toBe("waiting");
      expect(f.card(f.alice, card.id).content).not.toContain('data-bout-action="apply"');
      // Outside a fight the answer is the card's update alone: a plain request on v14 too.
      expect(errors(f.gm)).toEqual(["The answer was not saved. Not saved: the card, because a module or world script stopped the change. The card still waits for its answer."]);
      f.gm.Hooks.off("preUpdateChatMessage", guard);
      scriptDraws(f.gm, flow.draws);
      expect((await hooks(f.gm).defendFromCard(f.card(f.gm, card.id))).ok).toBe(true);
      await settle();
      expect(f.card(f.alice, card.id).system.state).toBe("resolved");
    });

    it("in a fight, a module refuses the fight's update (the attacker's Action spent): " + (v14 ? "nothing is saved and the card still waits" : "the card is answered (the dice are rolled) and says on itself that the fight was not updated"), async () => {
      const f = await forest(reading);
      const combat = await wolfFight(f);
      const card = await attack(f);
      const state = structuredClone(f.gm.game.combats.get(combat.id).system.state);
      f.gm.Hooks.on("preUpdateCombat", () => false);
      f.gm.runtime.dialogs.responder = () => flow.defence;
      const mark = f.world.server.writes.length;
      const outcome = await hooks(f.gm).defendFromCard(f.card(f.gm, card.id));
      await settle();
      expect(outcome).toMatchObject({ ok: false, refusal: { code: "write.notSaved" } });
      expect(f.alice.game.combats.get(combat.id).system.state).toEqual(state);
      if (reading) {
        expect(f.world.writesSince(mark)).toEqual([]);
        expect(f.card(f.alice, card.id).system.state).toBe("waiting");
      } else {
        expect(shownWrites(f.world, mark)).toEqual(["update ChatMessage", "update ChatMessage"]);
        expect(f.card(f.alice, card.id).system.state).toBe("resolved");
        expect(f.card(f.alice, card.id).content).toContain("Not saved: the fight, because a module or world script stopped the change. The GM makes this change by hand.");
        expect(errors(f.gm)).toEqual(["The answer was saved, but not all of it. Not saved: the fight, because a module or world script stopped the change. The card says what is missing: make that change by hand."]);
      }
    });
  });

  describe(`refused writes: the tracker (${modeName(reading)})`, () => {
    it("a module refuses the fight's step: the fight stays where it was, the GM is told once; the step is taken when the module lets it", async () => {
      const f = await forest(reading);
      const combat = await wolfFight(f);
      const before = { state: structuredClone(combat.system.state), round: combat.round, turn: combat.turn };
      const guard = f.gm.Hooks.on("preUpdateCombat", () => false);
      const mark = f.world.server.writes.length;
      await combat.nextTurn();
      await settle();
      expect(f.world.writesSince(mark)).toEqual([]);
      const seen = f.alice.game.combats.get(combat.id);
      expect({ state: seen.system.state, round: seen.round, turn: seen.turn }).toEqual(before);
      expect(errors(f.gm)).toEqual(["The fight did not move on, and nothing was saved. Not saved: the fight, because a module or world script stopped the change. Try again."]);
      expect(f.gm.notices.filter((n: any) => n.type === "warning")).toEqual([]);
      f.gm.Hooks.off("preUpdateCombat", guard);
      await combat.nextTurn();
      await settle();
      expect(shownWrites(f.world, mark)).toEqual(["update Combat"]);
      expect(f.alice.game.combats.get(combat.id).system.state).not.toEqual(before.state);
    });

    it("a player's End Turn refused on the GM's client: the turn stays hers, she reads that the GM was told, the GM reads why", async () => {
      const f = await forest(reading);
      const combat = await wolfFight(f);
      const mine = f.alice.game.combats.get(combat.id);
      const holder = mine.turnHolderIn(mine.machineState);
      const ada = mine.combatants.find((c: any) => c.actorId === f.ada.id);
      // Ada holds the turn, or the GM passes it to her first.
      if (holder !== ada.id) await combat.nextTurn();
      await settle();
      expect(mine.turnHolderIn(mine.machineState)).toBe(ada.id);
      const state = structuredClone(mine.system.state);
      f.gm.Hooks.on("preUpdateCombat", () => false);
      const mark = f.world.server.writes.length;
      await mine.nextTurn();
      await settle();
      expect(f.world.writesSince(mark)).toEqual([]);
      expect(mine.system.state).toEqual(state);
      expect(f.alice.notices.at(-1)).toEqual({ type: "warning", message: "Not everything was saved. The GM has been told what is missing." });
      expect(errors(f.gm)).toEqual(["The fight did not move on, and nothing was saved. Not saved: the fight, because a module or world script stopped the change. Try again."]);
    });
  });
}
