// Issue 30 "Acting as a token one does not own": ownership is checked on the
// fighter acted for, and again inside the write queue when the request's turn
// comes. Here the check in the queue is what refuses: Alice's attack passes the
// checks as it arrives, waits behind the active GM's write to her fighter (slow
// on the GM's link), and the second GM takes Ada from her meanwhile (on his own
// link). When her turn comes: refused, nothing of hers written.
import { describe, expect, it } from "vitest";
import type { LatencyLeg } from "../harness/latency";
import { resolvedCard, twoGMs } from "./two-gms";
import { settle } from "./support";

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

describe("issue 30: ownership taken away while a request waits in the queue", () => {
  it("Alice's attack as Ada waits behind the GM's write to Ada; the second GM takes Ada from her; her turn comes: refused, no card, nothing written for her", async () => {
    const t = await twoGMs("opposed");
    const ada = await t.Actor.create({ name: "Ada", type: "character", ownership: t.own("Alice"), system: { opposed: { ws: 45, s: 35, wounds: 12, woundsNow: 12 } } });
    const bran = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob"), system: { opposed: { ws: 40, wounds: 12, woundsNow: 12 } } });
    const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
    const holder = await resolvedCard(t.gm, bran.id, ada.id, 1);
    await settle();
    // The active GM's writes are slow; everything else is quick.
    const gmId = t.world.userId("GM");
    t.world.server.latency = (leg: LatencyLeg) => (leg.userId === gmId && leg.direction === "up" && leg.channel === "modifyDocument" ? 60 : 2);
    const cards = t.gm.game.messages.size;
    const mark = t.world.server.writes.length;
    // The GM applies the card that wounds Ada: Ada's queue is held until that write returns.
    const applied = hooks(t.gm).applyFromCard(t.gm.game.messages.get(holder.id));
    // Alice attacks as Ada: her request arrives and waits in Ada's queue.
    const attack = hooks(t.alice).postCard("opposed.attack", t.alice.game.actors.get(ada.id), t.alice.game.actors.get(bran.id), { weaponId: sword.id, difficulty: "challenging", modifier: 0 });
    await t.world.sleep(20);
    // Meanwhile the second GM takes Ada from Alice.
    await t.second.game.actors.get(ada.id).update({ ownership: { default: 0, [t.world.userId("Alice")]: 0 } });
    const [a, outcome] = await Promise.all([applied, attack]);
    await t.world.settled();
    expect(a.ok).toBe(true);
    expect(outcome.ok ? "ok" : outcome.refusal.code).toBe("card.notYours");
    expect(t.gm.game.messages.size).toBe(cards);
    // Written: the GM's Apply (v14: one batch; v13: Ada, then the card) and the second GM's ownership change; nothing for Alice.
    expect(t.world.writesSince(mark).map((w: any) => w.userId).filter((u: string) => u === t.world.userId("Alice"))).toEqual([]);
    expect(t.world.writesSince(mark).filter((w: any) => w.documentName === "ChatMessage" && w.action === "create")).toEqual([]);
  });
});
