// Seed 000_4377b2da58f3a52b.txt "Missile Combat" at the table (issue 5,
// "Mounted and missile combat"): readying in a bout, the Missile Pool filled to
// missile Proficiency when ready, a red throw loosing in exchange 1, aim dice,
// the target evading with Reflex outside melee, the 2d6 location, and the wound.
import { describe, expect, it } from "vitest";
import { formCells, scriptDraws, settle, tableOfThree } from "./support";


/** Draws on this client: each entry is [faces, result]. */
const d10 = (...r: number[]): [number, number][] => r.map((x) => [x, 10]);

const BOW = { missile: true, missileAtn: 6, thrustDamage: 2, thrustType: "puncture", addStrength: false, preparation: 2, quickenCost: 1, quickenTn: 8, reach: 0 };

async function range(inBout: boolean, yardsApart?: number) {
  const { world, gm, alice, bob, Actor } = await tableOfThree("steel");
  const alan = await Actor.create({ name: "Alan", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { steel: { agility: 6, wit: 5, perception: 5, proficiency: 6, missileProficiency: 5 } } });
  const rival = await Actor.create({ name: "Rival", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { steel: { agility: 5, wit: 5, proficiency: 5, toughness: 3 } } });
  const [bow] = await alan.createEmbeddedDocuments("Item", [{ name: "Hunting bow", type: "weapon", system: { equipped: true, steel: BOW } }]);
  // The two on a field of a yard a square, `yardsApart` from each other (none: no tokens, nothing to measure).
  let rivalToken: any = null;
  if (yardsApart !== undefined) {
    const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Field", active: true, grid: { type: 1, size: 100, distance: 1, units: "yd" } });
    [, rivalToken] = await scene.createEmbeddedDocuments("Token", [
      { name: "Alan", actorId: alan.id, actorLink: true, x: 0, y: 0 },
      { name: "Rival", actorId: rival.id, actorLink: true, x: yardsApart * 100, y: 0 },
    ]);
  }
  let combatId = "";
  let groupId = "";
  let ca = "";
  if (inBout) {
    const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
    const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Field" }]);
    const made = await combat.createEmbeddedDocuments("Combatant", [{ actorId: alan.id, name: "Alan", group: group.id }, { actorId: rival.id, name: "Rival", group: group.id }]);
    ca = made[0].id;
    await combat.startCombat();
    alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    bob.runtime.dialogs.responder = () => ({ throw: "white", posture: "neutral" });
    await gm.evaluate<any>("globalThis.__boutTest").openDeclaration(combat, "throw", group.id, made.map((c: any) => c.id), ["red", "white"]);
    await settle();
    await settle();
    combatId = combat.id;
    groupId = group.id;
  }
  await settle();
  const state = () => gm.game.combats.get(combatId).machineState;
  const roll = async (answer: Record<string, unknown>) => {
    // A bow not yet ready opens the readying dialog (its one field: quicken); a ready one the shot.
    alice.runtime.dialogs.responder = () => ("quicken" in answer ? answer : { target: rival.id, dice: 3, aimDice: 0, aimedPart: "", defenceDice: 2, ...answer });
    await alice.game.actors.get(alan.id).sheet.runAction("rollItem", {}, { row: { itemId: bow.id } });
    await settle();
    return gm.game.messages.contents.at(-1);
  };
  return { world, gm, alice, bob, rivalToken, alanId: alan.id as string, rivalId: rival.id as string, combatId, groupId, ca, state, roll };
}

describe("steel missile fire at the table (seed 000 'Missile Combat')", () => {
  it("outside a bout the bow is ready with a full pool: 3 dice at TN 6, the target evades with Reflex, 2d6 finds the chest", async () => {
    const t = await range(false);
    const card = await t.roll({});
    expect(card.system.kind).toBe("steel.missile");
    expect(card.system.state).toBe("waiting");
    t.bob.runtime.dialogs.responder = () => ({ kind: "evade", room: "restricted", dice: 2 });
    // Alan: 9, 9, 9 (three successes); Rival evades at TN 7: 2, 2 (none); 2d6: 3 + 4 = 7, the chest; later rolls fail.
    scriptDraws(t.gm, [...d10(9, 9, 9, 2, 2), [3, 6], [4, 6], ...d10(2, 2, 2, 2, 2, 2, 2, 2, 2, 2)]);
    const answer = await t.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(t.bob.game.messages.get(card.id));
    expect(answer.ok).toBe(true);
    await settle();
    const done = t.gm.game.messages.get(card.id);
    expect(done.rolls.map((r: any) => r.formula).slice(0, 3)).toEqual(["3d10", "2d10", "2d6"]);
    expect(done.content).toContain("outcome-success");
    expect(done.content).toContain("Missile: 3 against 0, margin 3");
    expect(done.content).toContain("chest");
    // Issue 32 audit ("Shock and Pain"): outside a bout Shock is measured against his whole pool (10), as a blow's is, so the card does not say it left him nothing.
    expect(done.content).not.toContain("Shock leaves Rival no dice");
    await t.bob.evaluate<any>("globalThis.__boutTest").applyFromCard(t.bob.game.messages.get(card.id));
    await settle();
    expect(t.gm.game.actors.get(t.rivalId).system.steel.wounded.torso).toBe(true);
  });

  it("in a bout: readying takes the bow's 2 rounds, the pool fills to missile Proficiency, a red throw looses in exchange 1, and a loosed bow must be readied again", async () => {
    const t = await range(true);
    const me = () => t.state().combatants.find((c: any) => c.id === t.ca);
    const ready = await t.roll({ quicken: false });
    expect(ready.system.kind).toBe("steel.readyMissile");
    expect(me().missile).toEqual({ roundsLeft: 2, ready: false, pool: 0, quickenCost: 0, fired: false });
    // Not ready yet: the roll button would ready again, so ask the card directly.
    const hooks = t.alice.evaluate<any>("globalThis.__boutTest");
    const early = await hooks.postCard("steel.missile", t.alice.game.actors.get(t.alanId), t.alice.game.actors.get(t.rivalId), { weaponId: t.alice.game.actors.get(t.alanId).items.getName("Hunting bow").id, dice: 1, aimDice: 0, aimedPart: "" }, t.combatId);
    expect(early.ok ? "ok" : early.refusal.code).toBe("steel.missile.notReady");
    const next = async () => {
      await t.gm.ui.combat.runAction("boutGroupAction", { groupId: t.groupId, actionId: "next" });
      await settle();
    };
    await next();
    await next(); // end of round 1
    expect(me().missile).toMatchObject({ roundsLeft: 1, ready: false });
    await next();
    await next(); // end of round 2: ready, 5 dice
    expect(me().missile).toMatchObject({ roundsLeft: 0, ready: true, pool: 5 });
    const shot = await t.roll({ dice: 3, aimDice: 1, aimedPart: "head" });
    expect(shot.system.kind).toBe("steel.missile");
    t.bob.runtime.dialogs.responder = () => ({ kind: "none", room: "open", dice: 0 });
    scriptDraws(t.gm, [...d10(2, 2, 2), [6, 6], [6, 6]]);
    const answer = await t.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(t.bob.game.messages.get(shot.id));
    expect(answer.ok).toBe(true);
    await settle();
    expect(me().missile).toMatchObject({ pool: 1, fired: true });
    // One shot a round: exchange 2 gives no second one.
    await next();
    const late = await t.roll({ dice: 1 });
    expect(late.id).toBe(shot.id);
    expect(t.alice.notices.at(-1)?.message).toMatch(/one shot a round/);
    await next(); // the round ends: the loosed bow needs readying again
    expect(me().missile).toBeUndefined();
  });
  it("seed 000 'Missile Combat' 1-2: a failed try to shorten preparation keeps both rounds and still costs its Missile Pool die (5 less 1 when ready)", async () => {
    const t = await range(true);
    const me = () => t.state().combatants.find((c: any) => c.id === t.ca);
    // Alan's Reflex dice against the bow's quicken TN 8: all 2s, no success.
    scriptDraws(t.gm, d10(2, 2, 2, 2, 2, 2, 2, 2, 2, 2));
    const ready = await t.roll({ quicken: true });
    expect(ready.system.kind).toBe("steel.readyMissile");
    expect(me().missile).toMatchObject({ roundsLeft: 2, ready: false, pool: 0, quickenCost: 1 });
    const next = async () => {
      await t.gm.ui.combat.runAction("boutGroupAction", { groupId: t.groupId, actionId: "next" });
      await settle();
    };
    for (let i = 0; i < 4; i++) await next();
    // Ready after the bow's full 2 rounds, with missile Proficiency 5 less the 1 die paid for the try.
    expect(me().missile).toMatchObject({ roundsLeft: 0, ready: true, pool: 4 });
  });
  it("seed 000 'Shock and Pain' and 'Blood Loss': Pain comes off the Missile Pool when the bow is ready, and Health 1 halves it", async () => {
    const t = await range(true);
    const me = () => t.state().combatants.find((c: any) => c.id === t.ca);
    // Pain 3 against Will 1: 2 dice off every pool.
    await t.gm.game.actors.get(t.alanId).update({ "system.steel.pain": 3, "system.steel.willpower": 1 });
    await settle();
    await t.roll({ quicken: false });
    const next = async () => {
      await t.gm.ui.combat.runAction("boutGroupAction", { groupId: t.groupId, actionId: "next" });
      await settle();
    };
    for (let i = 0; i < 4; i++) await next();
    // Missile Proficiency 5 less 2 for Pain.
    expect(me().missile).toMatchObject({ ready: true, pool: 3 });
    // At Health 1 every pool is halved: holding fire for a round gathers Aim 5 dice, but only up to
    // (Aim 5 + Proficiency 5 − Pain 2) halved = 4.
    await t.gm.game.actors.get(t.alanId).update({ "system.steel.healthNow": 1 });
    await settle();
    await next();
    await next();
    expect(me().missile).toMatchObject({ ready: true, pool: 4 });
  });
  it("a shield that blocked a blow this exchange cannot block the arrow too (seed 000 'Missile Combat' I)", async () => {
    const t = await range(true);
    const rival = t.gm.game.actors.get(t.rivalId);
    await rival.createEmbeddedDocuments("Item", [{ name: "Buckler", type: "shield", system: { equipped: true, steel: { missileDtn: 6 } } }]);
    const combat = t.gm.game.combats.get(t.combatId);
    const cb = t.state().combatants.find((c: any) => c.id !== t.ca).id;
    await combat.applyCommands([{ type: "block", combatantId: cb }, { type: "missile", combatantId: t.ca, missile: { roundsLeft: 0, ready: true, pool: 5, quickenCost: 0 } }]);
    await settle();
    const shot = await t.roll({ dice: 2 });
    t.bob.runtime.dialogs.responder = () => ({ kind: "block", room: "open", dice: 2 });
    const mark = t.world.server.writes.length;
    const answer = await t.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(t.bob.game.messages.get(shot.id));
    expect(answer.ok ? "ok" : answer.refusal.code).toBe("bouts.shieldUsed");
    expect(t.world.writesSince(mark)).toEqual([]);
  });

  // Issue 19, seed 000 "Melee Combat" (both throw red): "no defense is possible in the middle of an attack", an arrow
  // included: the bout refuses the evasion before any die is rolled, and nothing is written.
  it("both threw red: the rival, in the middle of his own attack, cannot evade the arrow; nothing is rolled or written", async () => {
    const t = await range(true);
    const combat = t.gm.game.combats.get(t.combatId);
    const cb = t.state().combatants.find((c: any) => c.id !== t.ca).id;
    await combat.applyCommands([
      { type: "pause", boutId: t.groupId },
      { type: "reveal", boutId: t.groupId, choices: { [t.ca]: "red", [cb]: "red" } },
      { type: "blowOrder", boutId: t.groupId, order: [[t.ca], [cb]] },
      { type: "missile", combatantId: t.ca, missile: { roundsLeft: 0, ready: true, pool: 5, quickenCost: 0 } },
    ]);
    await settle();
    const shot = await t.roll({ dice: 2 });
    expect(shot.system.kind).toBe("steel.missile");
    t.bob.runtime.dialogs.responder = () => ({ kind: "evade", room: "open", dice: 2 });
    let draws = 0;
    t.gm.CONFIG.Dice.randomUniform = () => (draws++, 0.55);
    const mark = t.world.server.writes.length;
    const answer = await t.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(t.bob.game.messages.get(shot.id));
    expect(answer.ok ? "ok" : answer.refusal.code).toBe("bouts.noDefenceBothRed");
    expect(t.world.writesSince(mark)).toEqual([]);
    expect(draws).toBe(0);
  });
});

// Seed 000 "Missile Combat" 3b names a Range Modifiers table without printing it: ours, the GM's to change in a form
// of labelled cells (issue 21), read by the shot dialog's choices and odds and by the card that resolves the shot.
describe("steel range modifiers: the world's bands, edited in their cells", () => {
  it("medium's TN modifier set to +3 in its cell: the next shot at 40 yards (Medium, measured) rolls at TN 6 + 3 = 9; a +11 is refused naming the cell", async () => {
    const t = await range(false, 40);
    const menu = t.gm.game.settings.menus.get("bout.steelRangeBandsMenu");
    expect(menu.restricted).toBe(true);
    const app = new menu.type();
    await app.render({ force: true });
    const html = app.renderedParts.form as string;
    for (const text of ["Range bands", "Range", "TN modifier", "Points per aim die", "Reaches up to (yards)", "Everything farther", "Point blank", "Medium", "Extreme"]) expect(html).toContain(text);
    expect(html).not.toContain("BOUT.");
    const cells = formCells(html);
    expect([cells.pointBlank__stepsPerAimDie, cells.medium__tnModifier, cells.extreme__tnModifier, cells.medium__upTo, cells.extreme__upTo]).toEqual([2, 1, 3, 60, undefined]);
    t.gm.ui.notifications.clear();
    await app.submit({ ...cells, medium__tnModifier: 11 });
    expect(t.gm.ui.notifications.notices.at(-1)).toEqual({ type: "warning", message: "Medium: TN modifier must be a whole number from -10 to 10." });
    expect(t.gm.game.settings.get("bout", "steelRangeBands")).toBe("");
    await app.submit({ ...cells, medium__tnModifier: 3 });
    await settle();
    expect(t.gm.ui.notifications.notices.at(-1)).toEqual({ type: "info", message: "Range modifiers saved." });

    let offered = "";
    const shoot = async () => {
      t.alice.runtime.dialogs.responder = (_k: unknown, config: any) => {
        offered = String(config.content ?? "");
        return { target: t.rivalId, dice: 3, aimDice: 0, aimedPart: "", defenceDice: 2 };
      };
      await t.alice.game.actors.get(t.alanId).sheet.runAction("rollItem", {}, { row: { itemId: t.alice.game.actors.get(t.alanId).items.getName("Hunting bow").id } });
      await settle();
      const card = t.gm.game.messages.contents.at(-1);
      t.bob.runtime.dialogs.responder = () => ({ kind: "none", room: "open", dice: 0 });
      // Alan: 9, 8, 8; 2d6 = 3 + 4 = 7.
      scriptDraws(t.gm, [...d10(9, 8, 8), [3, 6], [4, 6], ...d10(2, 2, 2, 2, 2, 2, 2, 2, 2, 2)]);
      await t.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(t.bob.game.messages.get(card.id));
      await settle();
      return t.gm.game.messages.get(card.id);
    };
    const done = await shoot();
    // A player's form has no range to pick (nor a TN modifier): the tokens say it.
    expect(offered).not.toContain('name="band"');
    expect(offered).not.toContain('name="tnModifier"');
    expect(done.content).toContain("Measured between the tokens: 40 yards, Medium range.");
    // TN 9 on the card: the 9 succeeds, both 8s are marked failures.
    const marks = (card: any) => [...String(card.content).matchAll(/card-die d10 (success|failure)" title="\w+">(\d+)/g)].map((m) => `${m[2]} ${m[1]}`);
    expect(marks(done).slice(0, 3)).toEqual(["9 success", "8 failure", "8 failure"]);
    expect(done.content).toContain("Missile: 1 against 0, margin 1");

    // Back to ours: TN 6 + 1 = 7, and the same faces give three successes.
    await app.runAction("reset");
    await settle();
    expect(t.gm.game.settings.get("bout", "steelRangeBands")).toBe("");
    const again = await shoot();
    expect(marks(again).slice(0, 3)).toEqual(["9 success", "8 success", "8 success"]);
    expect(again.content).toContain("Missile: 3 against 0, margin 3");
  });
});

// Seed 000 "Missile Combat" 3b ("Apply all modifiers for Range"): the band a shot is at is measured between the
// two tokens against the world's reaches (ours: Point blank to 3 yards, Short 20, Medium 60, Long 150, Extreme
// beyond), never typed; the GM rules it, and sets a TN modifier, only where nothing can be measured (issue 31).
describe("steel: a shot's range band is measured, never typed", () => {
  const hooks = (client: any) => client.evaluate("globalThis.__boutTest");
  const bowOf = (t: any) => t.alice.game.actors.get(t.alanId).items.getName("Hunting bow").id;
  const lastDeclaration = (t: any) => JSON.parse(t.gm.game.messages.contents.at(-1).system.declaration);

  it("10 yards apart the shot is at Short; the GM moves the rival to 100 yards and the next is at Long, each said on the card", async () => {
    const t = await range(false, 10);
    const near = await t.roll({});
    expect(JSON.parse(near.system.declaration)).toMatchObject({ band: "short", yards: 10, tnModifier: 0 });
    expect(near.content).toContain("Measured between the tokens: 10 yards, Short range.");
    await t.rivalToken.update({ x: 10000, y: 0 });
    await settle();
    const far = await t.roll({});
    expect(JSON.parse(far.system.declaration)).toMatchObject({ band: "long", yards: 100 });
    expect(far.content).toContain("Measured between the tokens: 100 yards, Long range.");
  });

  it("hostile: Alice asks for Point blank and a TN modifier of -5 past her dialog: refused as the GM's figures, nothing written", async () => {
    const t = await range(false, 100);
    const mark = t.world.server.writes.length;
    const before = t.gm.game.messages.size;
    const forged = await hooks(t.alice).postCard("steel.missile", t.alice.game.actors.get(t.alanId), t.alice.game.actors.get(t.rivalId), { weaponId: bowOf(t), dice: 3, aimDice: 0, aimedPart: "", band: "pointBlank", tnModifier: -5 });
    expect(forged.ok ? "ok" : forged.refusal.code).toBe("card.gmFigures");
    await settle();
    expect(t.gm.game.messages.size).toBe(before);
    expect(t.world.writesSince(mark)).toEqual([]);
  });

  it("the GM's word for the band counts only where nothing is measured: with tokens, his Point blank is still Long; without, his Long is the band, and a player's shot is at Short", async () => {
    const t = await range(false, 100);
    const ruled = await hooks(t.gm).postCard("steel.missile", t.gm.game.actors.get(t.alanId), t.gm.game.actors.get(t.rivalId), { weaponId: bowOf(t), dice: 3, aimDice: 0, aimedPart: "", band: "pointBlank", tnModifier: 1 });
    expect(ruled.ok).toBe(true);
    expect(lastDeclaration(t)).toMatchObject({ band: "long", yards: 100, tnModifier: 1 });
    const open = await range(false);
    const byGM = await hooks(open.gm).postCard("steel.missile", open.gm.game.actors.get(open.alanId), open.gm.game.actors.get(open.rivalId), { weaponId: bowOf(open), dice: 3, aimDice: 0, aimedPart: "", band: "long" });
    expect(byGM.ok).toBe(true);
    expect(lastDeclaration(open)).toMatchObject({ band: "long" });
    expect(lastDeclaration(open).yards).toBeUndefined();
    expect(open.gm.game.messages.contents.at(-1).content).toMatch(/No tokens to measure between: Long range, the GM(&#x27;|&#39;|')s ruling\./);
    const byAlice = await open.roll({});
    expect(JSON.parse(byAlice.system.declaration)).toMatchObject({ band: "short" });
  });
});
