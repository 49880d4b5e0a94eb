// What players see in the combat tracker (issue 20, "Tracker"): each time
// structure names its own time in the header and on the footer's forward
// buttons (seed 000 "Exchange of Blows": two exchanges to a round; seed 001
// "Combat Sequence": the six phases; seed 002 II: action phases in a round;
// seed 003 "Round and surprise": turns; seed 004 [11]-[12]: pulses, never
// rounds), core's row controls stay, the GM's rulings live in the row's context
// menu, and fighters regroup into bouts from that menu through the same GM-only
// move as a drag.
import { describe, expect, it } from "vitest";
import { settle, tableOfThree, noSurprise } from "./support";


/** A fight of four (Ada Alice's, Bran Bob's, two of the GM's), optionally in two groups, started as the GM. */
async function fight(ruleset: string, { groups = 0, start = true } = {}) {
  const { world, gm, alice, bob, Actor } = await tableOfThree(ruleset);
  const own = (user: string) => ({ default: 0, [world.userId(user)]: 3 });
  const actors = [
    await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { opposed: { i: 40, ag: 35 }, actionpoints: { bap: 4 } } }),
    await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { opposed: { i: 30, ag: 35 }, actionpoints: { bap: 3 } } }),
    await Actor.create({ name: "Guard", type: "npc", system: { opposed: { i: 20, ag: 30 }, actionpoints: { bap: 2 } } }),
    await Actor.create({ name: "Wolf", type: "npc", system: { opposed: { i: 10, ag: 30 }, actionpoints: { bap: 1 } } }),
  ];
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const made = groups ? await combat.createEmbeddedDocuments("CombatantGroup", Array.from({ length: groups }, (_, i) => ({ name: `Group ${i + 1}` }))) : [];
  const combatants = await combat.createEmbeddedDocuments(
    "Combatant",
    actors.map((a: any, i: number) => ({ actorId: a.id, name: a.name, ...(made.length ? { group: made[i % made.length].id } : {}) })),
  );
  gm.runtime.dialogs.responder = noSurprise;
  if (start) await combat.startCombat();
  await settle();
  const ids = Object.fromEntries(combatants.map((c: any) => [c.name, c.id as string])) as Record<string, string>;
  return { world, gm, alice, bob, combat, ids, groupIds: made.map((g: any) => g.id as string) };
}

const parts = async (client: any) => {
  await client.ui.combat.render({ force: true });
  return client.ui.combat.renderedParts as Record<string, string>;
};
const title = (header: string) => /class="encounter-title">([^<]*)</.exec(header)?.[1] ?? "";
const tooltip = (footer: string, action: string) => new RegExp(`data-action="${action}" data-tooltip="([^"]*)"`).exec(footer)?.[1] ?? "";
const state = (combat: any) => combat.machineState;

describe("tracker: each time structure speaks its own words", () => {
  it("steel (seed 000 'Exchange of Blows'): the bout in focus's exchange of its round; the forward buttons move exchanges and the bout's rounds", async () => {
    const { gm, alice } = await fight("steel", { groups: 1 });
    const p = await parts(gm);
    expect(title(p.header!)).toBe("Exchange 1 of round 1");
    expect([tooltip(p.footer!, "nextTurn"), tooltip(p.footer!, "nextRound")]).toEqual(["Next exchange of the bout in focus", "Next round of the bout in focus"]);
    expect(title((await parts(alice)).header!)).toBe("Exchange 1 of round 1");
  });

  it("phases (seed 001 'Combat Sequence'): the round's declarations, then 'Round 1 · Phase: Movement'", async () => {
    const { gm, combat } = await fight("phases");
    expect(title((await parts(gm)).header!)).toBe("Round 1 · Declarations");
    // Everyone stands idle (the GM reveals with nobody chosen), then the Initiative Totals are rolled.
    await gm.ui.combat.runAction("boutReveal");
    await settle();
    await combat.nextTurn();
    await settle();
    expect(state(combat).stage).toBe("act");
    const p = await parts(gm);
    expect(title(p.header!)).toBe(`Round 1 · Phase: ${{ movement: "Movement", firstMissile: "First Missile", melee: "Melee", secondMissile: "Second Missile", magic: "Magic", fatigue: "Fatigue" }[state(combat).phase as string]}`);
    expect([tooltip(p.footer!, "nextTurn"), tooltip(p.footer!, "nextRound")]).toEqual(["Next in the phase", "Next round"]);
  });

  it("actionpoints (seed 002 II): 'Round 1 · Action phase 1'; Next Turn is the next action phase", async () => {
    const { gm } = await fight("actionpoints");
    const p = await parts(gm);
    expect(title(p.header!)).toBe("Round 1 · Action phase 1");
    expect([tooltip(p.footer!, "nextTurn"), tooltip(p.footer!, "nextRound")]).toEqual(["Next action phase", "Next round: new Action Pools"]);
  });

  it("opposed (seed 003 'Round and surprise'): plain rounds, the turn on the step line", async () => {
    const { gm, combat } = await fight("opposed");
    expect(title((await parts(gm)).header!)).toBe("Round 1");
    await combat.nextTurn();
    await settle();
    const p = await parts(gm);
    // The round in the header, whose turn of how many on the tracker's step line.
    expect([title(p.header!), /class="tracker-step-label">([^<]*)</.exec(p.tracker!)?.[1]]).toEqual(["Round 1", "Turn 2 of 4"]);
    expect([tooltip(p.footer!, "nextTurn"), tooltip(p.footer!, "nextRound")]).toEqual(["Next turn", "Next round"]);
  });

  it("pulse (seed 004 [12]): 'Pulse 1', 'Next pulse', and no 'Round' in the header, tracker, footer, chat or notices, for the GM or a player, as the pulse runs on", async () => {
    const { gm, alice, combat, world } = await fight("pulse");
    const words = async (client: any) => Object.values(await parts(client)).join("\n");
    expect(title((await parts(gm)).header!)).toBe("Pulse 1");
    expect(tooltip((await parts(gm)).footer!, "nextRound")).toBe("Next pulse");
    await combat.nextTurn();
    await settle();
    await combat.nextRound();
    await settle();
    expect(title((await parts(gm)).header!)).toBe("Pulse 2");
    for (const client of [gm, alice]) expect(await words(client)).not.toMatch(/\bround\b/i);
    const chat = gm.game.messages.contents.map((m: any) => m.content ?? "").join("\n");
    expect(chat).not.toMatch(/\bround\b/i);
    expect([...gm.notices, ...alice.notices].map(String).join("\n")).not.toMatch(/\bround\b/i);
    expect(world).toBeTruthy();
  });

  it("before the fight: 'Not started' and Begin, for every structure", async () => {
    const { gm } = await fight("pulse", { start: false });
    const p = await parts(gm);
    expect(title(p.header!)).toBe("Not started");
    expect(p.footer).toContain('data-action="startCombat"');
    expect(Object.values(p).join("\n")).not.toMatch(/\bround\b/i);
  });
});

describe("tracker rows: core's controls kept, the GM's rulings in the row's menu", () => {
  it("the GM sees hide, defeated and the row's menu on each row, a player sees none of them; a hidden fighter's row is gone for players", async () => {
    const { gm, alice, combat, ids } = await fight("steel", { groups: 1 });
    const gmRows = (await parts(gm)).tracker!;
    expect(gmRows.match(/data-action="toggleHidden"/g)?.length).toBe(4);
    expect(gmRows.match(/data-action="toggleDefeated"/g)?.length).toBe(4);
    // The row's menu opens from a button too, for the keyboard.
    expect(gmRows.match(/data-action="boutRowMenu" data-tooltip aria-haspopup="menu" aria-label="More for this fighter/g)?.length).toBe(4);
    const aliceRows = (await parts(alice)).tracker!;
    expect(aliceRows).not.toContain("toggleHidden");
    expect(aliceRows).not.toContain("boutRowMenu");
    expect(aliceRows).toContain('data-action="panToCombatant"');
    await combat.combatants.get(ids.Wolf).update({ hidden: true });
    await settle();
    expect((await parts(gm)).tracker).toContain(`data-combatant-id="${ids.Wolf}"`);
    expect((await parts(alice)).tracker).not.toContain(`data-combatant-id="${ids.Wolf}"`);
  });

  it("steel (seed 000 'Higher Footing', 'Mounted Combat'): footing and mount are not buttons on every row but entries of the row's menu, and they apply to that fighter", async () => {
    const { gm, combat, ids } = await fight("steel", { groups: 1 });
    const rows = (await parts(gm)).tracker!;
    expect(rows).not.toContain('data-action-id="footing"');
    expect(rows).not.toContain('data-action-id="mount"');
    await gm.ui.combat.runContextOption("BOUT.Tracker.Action.FootingGained", ids.Bran);
    await settle();
    const fighters = state(combat).combatants as { id: string; higherFooting?: boolean }[];
    expect(fighters.filter((c) => c.higherFooting).map((c) => c.id)).toEqual([ids.Bran]);
    // Bran now holds it: his menu offers to end it, the others' to grant it.
    await expect(gm.ui.combat.runContextOption("BOUT.Tracker.Action.FootingGained", ids.Bran)).rejects.toThrow(/offers no/);
    await gm.ui.combat.runContextOption("BOUT.Tracker.Action.FootingLost", ids.Bran);
    await settle();
    expect((state(combat).combatants as { higherFooting?: boolean }[]).some((c) => c.higherFooting)).toBe(false);
  });

  it("a player's menu offers no ruling, even on her own fighter", async () => {
    const { alice, ids } = await fight("steel", { groups: 1 });
    await alice.ui.combat.render({ force: true });
    await expect(alice.ui.combat.runContextOption("BOUT.Tracker.Action.FootingGained", ids.Ada)).rejects.toThrow(/offers no/);
  });

  it("opposed (seed 003 'Round and surprise'): the GM's surprise call is in the row's menu", async () => {
    const { gm, combat, ids } = await fight("opposed");
    expect((await parts(gm)).tracker).not.toContain('data-action-id="surprise"');
    await gm.ui.combat.runContextOption("BOUT.Tracker.Action.Surprise", ids.Guard);
    await settle();
    expect((state(combat).combatants as { id: string; surprised: boolean }[]).find((c) => c.id === ids.Guard)?.surprised).toBe(true);
  });
});

describe("tracker rows: the fighters' conditions as core draws them", () => {
  const row = (html: string, id: string | undefined) => new RegExp(`<li class="[^"]*" data-combatant-id="${id}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? "";
  const icons = (html: string) => [...html.matchAll(/<img class="token-effect" src="([^"]*)" alt="([^"]*)"/g)].map((m) => `${m[2]} ${m[1]}`);

  it("opposed (seed 003 'Round and surprise'): a Surprised Guard's row shows the condition's icon to the GM and a player, named in its tooltip, until the round that ends it", async () => {
    const { gm, alice, combat, ids } = await fight("opposed");
    await gm.ui.combat.runContextOption("BOUT.Tracker.Action.Surprise", ids.Guard);
    await settle();
    const guard = combat.combatants.get(ids.Guard).actor;
    expect(guard.statuses.has("surprised")).toBe(true);
    for (const client of [gm, alice]) {
      const guardRow = row((await parts(client)).tracker!, ids.Guard);
      expect(icons(guardRow)).toEqual(["Surprised icons/svg/hazard.svg"]);
      expect(guardRow).toMatch(/class="token-effects" data-tooltip-html="[^"]*Surprised/);
      expect(icons(row((await parts(client)).tracker!, ids.Ada))).toEqual([]);
    }
    // Surprise lasts the first round only: the next round clears the status and the icon with it.
    await combat.nextRound();
    await settle();
    expect(guard.statuses.has("surprised")).toBe(false);
    for (const client of [gm, alice]) expect((await parts(client)).tracker).not.toContain("token-effect");
  });

  it("an effect that is not temporary (no status, no duration) shows no icon, and Defeated marks the row instead of an icon, as in core", async () => {
    const { gm, combat, ids } = await fight("steel", { groups: 1 });
    const wolf = combat.combatants.get(ids.Wolf).actor;
    await wolf.createEmbeddedDocuments("ActiveEffect", [{ name: "Thick hide", img: "icons/svg/shield.svg" }]);
    await wolf.toggleStatusEffect("dead", { active: true });
    await settle();
    const wolfRow = row((await parts(gm)).tracker!, ids.Wolf);
    expect(icons(wolfRow)).toEqual([]);
    expect(wolfRow).toMatch(/^<li class="combatant [^"]*defeated/);
  });
});

describe("tracker: regrouping fighters into bouts without dragging", () => {
  it("the GM moves a fighter to another bout from the row's menu: the group and the machine agree, in one move as a drop would make", async () => {
    const { gm, combat, ids, groupIds } = await fight("steel", { groups: 2 });
    // Ada and Guard are in the first bout, Bran and Wolf in the second.
    gm.runtime.dialogs.responder = () => ({ group: groupIds[1] });
    await gm.ui.combat.runContextOption("BOUT.Tracker.Row.MoveTo", ids.Ada);
    await settle();
    expect(combat.combatants.get(ids.Ada)._source.group).toBe(groupIds[1]);
    expect((state(combat).combatants as { id: string; boutId: string }[]).find((c) => c.id === ids.Ada)?.boutId).toBe(groupIds[1]);
    expect(gm.notices).toEqual([]);
  });

  it("'New bout' splits a fighter off into a bout of their own", async () => {
    const { gm, combat, ids, groupIds } = await fight("steel", { groups: 1 });
    await gm.ui.combat.runContextOption("BOUT.Tracker.Row.NewBout", ids.Wolf);
    await settle();
    const group = combat.combatants.get(ids.Wolf)._source.group;
    expect(group).not.toBe(groupIds[0]);
    expect(combat.groups.get(group)).toBeTruthy();
    expect((state(combat).combatants as { id: string; boutId: string }[]).find((c) => c.id === ids.Wolf)?.boutId).toBe(group);
  });

  it("hostile player: the menu offers her no move, and a move sent as a request is refused for her own fighter and for others', nothing written", async () => {
    const { world, alice, combat, ids, groupIds } = await fight("steel", { groups: 2 });
    await alice.ui.combat.render({ force: true });
    await expect(alice.ui.combat.runContextOption("BOUT.Tracker.Row.MoveTo", ids.Bran)).rejects.toThrow(/offers no/);
    await expect(alice.ui.combat.runContextOption("BOUT.Tracker.Row.NewBout", ids.Ada)).rejects.toThrow(/offers no/);
    const mark = world.server.writes.length;
    const onAlice = alice.game.combats.get(combat.id);
    for (const who of [ids.Ada, ids.Bran]) {
      const sent = await onAlice.command({ type: "move", combatantId: who, boutId: groupIds[1] });
      expect(sent.ok).toBe(false);
      expect(sent.refusal.code).toBe("combat.notAllowed");
    }
    expect((await alice.ui.combat.moveCombatant(ids.Ada, groupIds[1])).refusal.code).toBe("combat.gmOnly");
    await settle();
    expect(world.writesSince(mark)).toEqual([]);
  });

  it("pulse: the menu speaks of engagements, not bouts", async () => {
    const { gm, ids } = await fight("pulse", { groups: 1 });
    await gm.ui.combat.render({ force: true });
    await expect(gm.ui.combat.runContextOption("BOUT.Tracker.Row.NewBout", ids.Ada)).rejects.toThrow(/offers no/);
    await gm.ui.combat.runContextOption("BOUT.Tracker.Row.NewGroup", ids.Ada);
    await settle();
    expect(gm.notices).toEqual([]);
  });
});
