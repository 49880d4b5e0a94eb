// Every card kind beside the five attack cards, posted through the table's own
// flows on real documents with scripted dice (issue 20): the shell test reads
// each resolved card's headline (test/shell/card-headlines.test.ts) and the
// browser test screenshots each state the card passes through
// (test/browser/card-kinds.browser.test.ts). A kind that needs a running bout, a
// rider, an entangled figure or an earlier card builds it in `setup` or `post`
// the way a table does (a fight begun and thrown, a status set on the token, a
// follow-up taken from the card that offered it).
import { expect } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { fightOnScene, hexScene, scriptDraws, settle, STEEL_SWORD } from "./support";

const face = (fill: string) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><circle cx="18" cy="18" r="16" fill="${fill}"/></svg>`)}`;

const d10 = (...faces: number[]): [number, number][] => faces.map((n) => [n, 10]);

export interface KindWorld {
  readonly gm: any;
  readonly ada: any;
  readonly bran: any;
  readonly hooks: any;
}

export interface KindCase {
  readonly ruleset: string;
  /** The registered card kind. */
  readonly kind: string;
  /** Ada's figures (system data) and her items. */
  readonly ada?: Record<string, unknown>;
  readonly bran?: Record<string, unknown>;
  /** Bran's actor type (a monster is an npc). */
  readonly branType?: string;
  readonly adaItems?: Record<string, unknown>[];
  readonly branItems?: Record<string, unknown>[];
  /** The declaration as the sheet's dialog hands it to postCard: `$bran` is Bran's id, `$ada:Name` and `$bran:Name` their items' ids. */
  readonly declaration?: Record<string, unknown>;
  /** Bran's answer, for a card that waits on him. */
  readonly answer?: Record<string, unknown>;
  /** A card of Ada's at Bran posted, answered and applied first (closing before withdrawing). */
  readonly before?: { readonly kind: string; readonly declaration: Record<string, unknown>; readonly answer?: Record<string, unknown> };
  /** Ada makes it on herself. */
  readonly self?: true;
  /** Bran posts it at Ada (he buys the initiative she holds). */
  readonly byBran?: true;
  readonly draws: [number, number][];
  /** The state the kind needs, built through the table's flows; returns the fight it is posted in, if any. */
  readonly setup?: (w: KindWorld) => Promise<void>;
  /** Kinds another flow posts (a token's move, a follow-up on an earlier card): post it, return the card's id. */
  readonly post?: (w: KindWorld) => Promise<string>;
  /** The resolved card's headline, word for word. */
  readonly headline: string;
  /** Its result changes nothing on Apply (what it does happened in the fight as it resolved, or nothing did): done as it resolves, no Apply (issue 34). */
  readonly nothingToApply?: true;
}

/**
 * A steel bout in the GM's world: Ada and Bran in one group, the fight begun and
 * the red/white throw declared by the GM for both (their owner), as the tracker's
 * throw does. `adaThrow`: Ada's colour (red holds the initiative).
 */
async function steelBout(w: KindWorld, adaThrow: "red" | "white", mounted: { ada?: boolean; bran?: boolean } = {}, adaGait?: string) {
  const combat = await w.gm.CONFIG.Combat.documentClass.create({ active: true });
  const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Field" }]);
  const [ca, cb] = (await combat.createEmbeddedDocuments("Combatant", [
    { actorId: w.ada.id, name: w.ada.name, group: group.id },
    { actorId: w.bran.id, name: w.bran.name, group: group.id },
  ])).map((c: any) => c.id as string);
  // The GM closes the private throw dialogs and declares for both fighters.
  w.gm.runtime.dialogs.responder = () => null;
  await combat.startCombat();
  await w.hooks.openDeclaration(combat, "throw", group.id, [ca, cb], ["red", "white"]);
  await settle();
  const live = () => w.gm.game.combats.get(combat.id);
  await w.hooks.declare(live(), ca, { throw: adaThrow, posture: "neutral" });
  await settle();
  await w.hooks.declare(live(), cb, { throw: adaThrow === "red" ? "white" : "red", posture: "neutral" });
  await settle();
  // The GM marks who rides and at what gait, from the tracker's row menu.
  const marks = [...(mounted.ada ? [{ type: "mount", combatantId: ca, mounted: true }] : []), ...(mounted.bran ? [{ type: "mount", combatantId: cb, mounted: true }] : []), ...(adaGait ? [{ type: "gait", combatantId: ca, gait: adaGait }] : [])];
  if (marks.length) await live().applyCommands(marks);
  await settle();
  expect(live().machineState.bouts[0].initiative, "the bout is thrown").toBe(adaThrow === "red" ? ca : cb);
}

const STEEL_ADA = { steel: { agility: 6, wit: 5, perception: 5, proficiency: 6, missileProficiency: 5, strength: 5 } };
const STEEL_BRAN = { steel: { agility: 5, wit: 5, proficiency: 5, toughness: 3 } };
const BOW = { missile: true, missileAtn: 6, thrustDamage: 2, thrustType: "puncture", addStrength: false, preparation: 2, quickenCost: 1, quickenTn: 8, reach: 0 };

/** The cases: each with the figures its prepare checks (seed rules cited where the kind is defined). */
export const CASES: readonly KindCase[] = [
  // Standing up from a knee costs action points (seed 002; src/table/actionpoints/stand.ts).
  // Kneeling is the token's condition (issue 31): set as the HUD sets it.
  { ruleset: "actionpoints", kind: "actionpoints.stand", setup: (w) => w.ada.toggleStatusEffect("kneeling", { active: true }), declaration: {}, self: true, draws: [], headline: "Ada of the Western March stands up for 4 action points." },
  // A charge across six yards at Bran (seed 003 'Moves'; src/table/opposed/moves.ts).
  { ruleset: "opposed", kind: "opposed.move", declaration: { move: "charge", opponentId: "$bran", distance: 6, yards: 0 }, self: true, draws: [[30, 100]], headline: "Ada of the Western March charges and gains Advantage (1 now)." },
  // A ten-foot jump and its landing roll (seed 004 [14.1]; src/table/pulse/jump.ts).
  { ruleset: "pulse", kind: "pulse.jump", ada: { pulse: { ag: 15 } }, declaration: { feet: 10 }, self: true, draws: [[12, 100]], nothingToApply: true, headline: "Ada of the Western March jumps 10 feet and lands safely." },
  // An infection check after a wound (seed 004; src/table/pulse/infection.ts), the GM's to post.
  { ruleset: "pulse", kind: "pulse.infection", declaration: { enduranceDamage: 4, natural: false, gmModifier: 0 }, self: true, draws: [[88, 100], [3, 10]], nothingToApply: true, headline: "Ada of the Western March's wound stays clean." },
  // A terrain roll in swampy ground (seed 000 'Terrain'; src/table/steel/contests.ts).
  { ruleset: "steel", kind: "steel.terrain", ada: { steel: { agility: 6, wit: 5, proficiency: 6 } }, declaration: { terrain: "swampy", pace: "normal", dice: 3, stakes: "none", footing: false }, self: true, draws: d10(8, 4, 9), nothingToApply: true, headline: "Ada of the Western March makes the terrain roll and keeps moving." },
  // Blood loss rolled for a bleeding fighter (seed 000 'Blood Loss'; src/table/steel/bleeding.ts).
  { ruleset: "steel", kind: "steel.bloodLoss", ada: { steel: { health: 5, bloodLoss: 3 } }, declaration: {}, self: true, draws: d10(4, 7, 2), nothingToApply: true, headline: "Ada of the Western March holds on: no Health lost to bleeding." },
  // Ada lies in wait; Bran tries to spot her (seed 003 'Surprise'; src/table/opposed/surprise.ts).
  { ruleset: "opposed", kind: "opposed.ambush", declaration: { spotterIds: ["$bran"] }, self: true, draws: [[35, 100], [62, 100]], headline: "Ada of the Western March takes 1 foe by surprise." },
  // A spell at Bran: its D10 of 5 goes to his Fatigue whole, armour ignored (seed 004 [magic]; src/table/pulse/magic.ts).
  { ruleset: "pulse", kind: "pulse.magic", declaration: { kind: "spell", dieModifier: 0 }, draws: [[5, 10]], headline: "Ada of the Western March's magic does 5 damage to Bran." },
  // A stunned figure tries to recover (seed 004 [15]; src/table/pulse/stun.ts).
  // Stunned is the token's condition (issue 31): set as the HUD sets it.
  { ruleset: "pulse", kind: "pulse.recover", setup: (w) => w.ada.toggleStatusEffect("stun", { active: true }), declaration: {}, self: true, draws: [[25, 100]], headline: "Ada of the Western March recovers from the stun." },
  // A day of an infected wound: 70 is not under her starting Endurance, so the fever does D − 5 = 9 − 5 = 4 (seed 004 [24]; src/table/pulse/infection.ts).
  { ruleset: "pulse", kind: "pulse.infectionDay", ada: { pulse: { infected: true } }, declaration: {}, self: true, draws: [[70, 100], [9, 10]], headline: "The fever costs Ada of the Western March 4 Endurance." },
  // Ada sneaks up on Bran, who answers with Notice: her 9, 8, 7 are 3 successes at TN 6, his 1, 5, 6, 2 none at TN 7, so he
  // hesitates at TN 7 + 3 − 0 = 10, which his 8 and 3 miss: he freezes (seed 000 'Surprise & Hesitation'; src/table/steel/surprise.ts).
  {
    ruleset: "steel",
    kind: "steel.surprise",
    ada: { steel: { agility: 6 } },
    bran: { steel: { perception: 4, reflex: 5 } },
    adaItems: [{ name: "Sneak", type: "skill", system: { steel: { attribute: "agility", tn: 6 } } }],
    branItems: [{ name: "Notice", type: "skill", system: { steel: { attribute: "perception", tn: 7 } } }],
    declaration: { skillId: "$ada:Sneak", tnModifier: 0 },
    answer: { skillId: "$bran:Notice" },
    draws: d10(9, 8, 3, 7, 2, 4, 1, 5, 6, 2, 8, 3),
    headline: "Ada of the Western March surprises Bran, who freezes and cannot act this exchange.",
  },
  // Ada closes with Bran, who lets her in (seed 004 [13.6]; src/table/pulse/close.ts).
  { ruleset: "pulse", kind: "pulse.close", declaration: {}, answer: { answer: "admit" }, draws: [], headline: "Ada of the Western March closes with Bran: both are in close combat." },
  // Pulling out an arrow stuck in her (seed 004; src/table/pulse/stuck.ts).
  { ruleset: "pulse", kind: "pulse.stuck", ada: { pulse: { stuckPenalty: 10 } }, declaration: { kind: "missile", barbed: false }, self: true, draws: [[30, 100], [4, 10]], headline: "Ada of the Western March pulls the weapon out without harm." },
  // A fatigue check out of a fight (seed 001; src/table/phases/checks.ts).
  { ruleset: "phases", kind: "phases.fatigue", declaration: {}, self: true, draws: d10(6, 3), nothingToApply: true, headline: "Ada of the Western March keeps going: no fatigue." },
  // An athletics roll and a magic check, out of a fight (seed 001; src/table/phases/checks.ts).
  { ruleset: "phases", kind: "phases.athletics", declaration: {}, self: true, draws: d10(7, 2), nothingToApply: true, headline: "Ada of the Western March makes the Athletics roll." },
  { ruleset: "phases", kind: "phases.magic", declaration: {}, self: true, draws: d10(3, 9), nothingToApply: true, headline: "Ada of the Western March casts a spell: the GM works out what it does." },
  // Ada, closed with Bran, withdraws from close combat (seed 004 [13.6]; src/table/pulse/close.ts).
  { ruleset: "pulse", kind: "pulse.closeWithdraw", ada: { pulse: { ps: 14 } }, bran: { pulse: { ps: 12 } }, before: { kind: "pulse.close", declaration: {}, answer: { answer: "admit" } }, declaration: {}, self: true, draws: d10(8), headline: "Ada of the Western March breaks out of close combat and ends up prone." },
  // A terrain contest for the footing: Bran answers with two dice of his pool (seed 000 'Terrain'; src/table/steel/contests.ts).
  {
    ruleset: "steel",
    kind: "steel.terrainContest",
    ada: { steel: { agility: 6, wit: 5, proficiency: 6 } },
    bran: { steel: { agility: 5, wit: 5, proficiency: 5 } },
    declaration: { terrain: "swampy", pace: "normal", dice: 3, footing: true },
    answer: { dice: 2 },
    draws: d10(9, 7, 3, 8, 2),
    headline: "Ada of the Western March beats Bran on the ground and takes the higher footing.",
    nothingToApply: true,
  },
  // Ada looses her bow at Bran outside a bout; he evades, the arrow finds his chest (seed 000 'Missile Combat'; src/table/steel/missile.ts).
  // Its Shock comes off his whole pool of 10, as a blow's outside a bout does ('Shock and Pain'; issue 32 audit): dice are left, no Knockdown roll.
  {
    ruleset: "steel",
    kind: "steel.missile",
    ada: STEEL_ADA,
    bran: { steel: { agility: 5, wit: 5, proficiency: 5, toughness: 3 } },
    adaItems: [{ name: "Hunting bow", type: "weapon", system: { equipped: true, steel: BOW } }],
    declaration: { weaponId: "$ada:Hunting bow", dice: 3, aimDice: 0, aimedPart: "" },
    answer: { kind: "evade", room: "restricted", dice: 2 },
    draws: [...d10(9, 9, 9, 2, 2), [3, 6], [4, 6]],
    headline: "Ada of the Western March's shot hits: level 2 wound to Bran's chest.",
  },
  // In a bout where Ada holds the initiative, Bran buys it with 3 dice against her 2 (seed 000 names it; src/table/steel/contests.ts).
  {
    ruleset: "steel",
    kind: "steel.buyInitiative",
    ada: STEEL_ADA,
    bran: STEEL_BRAN,
    setup: (w) => steelBout(w, "red"),
    byBran: true,
    declaration: { dice: 3 },
    answer: { dice: 2 },
    // Bran's 3 dice at TN 6: 7, 8, 2 (two successes); Ada's 2: 9, 3 (one).
    draws: d10(7, 8, 2, 9, 3),
    headline: "Bran buys the initiative with 3 dice.",
    nothingToApply: true,
  },
  // Ada readies her bow in the bout and tries to hurry it: Reflex dice at the bow's quicken TN 8, a 9 takes a round off (seed 000 'Missile Combat'; src/table/steel/missile.ts).
  {
    ruleset: "steel",
    kind: "steel.readyMissile",
    ada: STEEL_ADA,
    bran: STEEL_BRAN,
    adaItems: [{ name: "Hunting bow", type: "weapon", system: { equipped: true, steel: BOW } }],
    setup: (w) => steelBout(w, "red"),
    declaration: { weaponId: "$ada:Hunting bow", quicken: true },
    self: true,
    draws: d10(9, 2, 2, 2, 2),
    headline: "Ada of the Western March hurries Hunting bow: ready in 1 round.",
    nothingToApply: true,
  },
  // Mounted at a canter, Ada rides by: Agility 6 dice at the default Ride TN 7, one 8 makes it (seed 000 'Ride-By Attacking'; src/table/steel/mounted.ts).
  {
    ruleset: "steel",
    kind: "steel.rideBy",
    ada: STEEL_ADA,
    bran: STEEL_BRAN,
    setup: (w) => steelBout(w, "red", { ada: true }, "canter"),
    declaration: { tnModifier: 0 },
    self: true,
    draws: d10(8, 2, 2, 2, 2, 2),
    headline: "Ada of the Western March rides by: 1 exchange this round.",
    nothingToApply: true,
  },
  // The same ride-by at Bran on foot: he burns 1 die and rolls a 2 (seed 000 'Ride-By Attacking').
  {
    ruleset: "steel",
    kind: "steel.rideByAt",
    ada: STEEL_ADA,
    bran: STEEL_BRAN,
    setup: (w) => steelBout(w, "red", { ada: true }, "canter"),
    declaration: { tnModifier: 0 },
    answer: { dice: 1 },
    draws: d10(8, 2, 2, 2, 2, 2, 2),
    headline: "Ada of the Western March rides past Bran: 1 exchange this round.",
    nothingToApply: true,
  },
  // Two riders pass: Ada wants one exchange, Bran two; her 8, 8 beat his one 7 (seed 000 'Ride-By Attacking', last paragraph).
  {
    ruleset: "steel",
    kind: "steel.ridersPass",
    ada: STEEL_ADA,
    bran: STEEL_BRAN,
    setup: (w) => steelBout(w, "red", { ada: true, bran: true }),
    declaration: { exchanges: 1, tnModifier: 0 },
    answer: { exchanges: 2 },
    draws: d10(8, 8, 2, 2, 2, 2, 7, 2, 2, 2, 2),
    headline: "The riders pass: Ada of the Western March wins the Ride and sets 1 exchange this round.",
    nothingToApply: true,
  },
  // From a halt, two steps up without the Ride skill take a Ride check: one 9 makes it (seed 000 'Ride-by Attacking and Movement').
  {
    ruleset: "steel",
    kind: "steel.gait",
    ada: STEEL_ADA,
    bran: STEEL_BRAN,
    setup: (w) => steelBout(w, "red", { ada: true }),
    declaration: { change: "up2", tnModifier: 0 },
    self: true,
    draws: d10(9, 2, 2, 2, 2, 2),
    headline: "Ada of the Western March goes from halt to canter.",
    nothingToApply: true,
  },
  // Caught by surprise, Ada spends her Resolve point to shake it off (seed 003 'Surprise'; src/table/opposed/surprise.ts).
  {
    ruleset: "opposed",
    kind: "opposed.shakeOff",
    ada: { opposed: { resolve: 1 } },
    setup: async (w) => {
      await w.ada.toggleStatusEffect("surprised", { active: true });
      await settle();
    },
    declaration: {},
    self: true,
    draws: [],
    headline: "Ada of the Western March shakes off the surprise: 0 Resolve left.",
  },
  // Caught in a net, Ada spends a Pass working free: one of the two in a row it takes (seed 004 [16.5]; src/table/pulse/entangle.ts).
  {
    ruleset: "pulse",
    kind: "pulse.disentangle",
    setup: async (w) => {
      await w.ada.toggleStatusEffect("entangled", { active: true });
      await settle();
    },
    declaration: {},
    self: true,
    draws: [],
    headline: "Ada of the Western March works at the tangle: 1 of 2 Passes in a row.",
  },
  // Bran, a three-hex monster, walks over Ada: she is knocked down; his strike (30 against 40 less her Defense 10) hits for D 4 + 3 hexes = 7 (seed 004 [22]; src/table/pulse/trample.ts).
  {
    ruleset: "pulse",
    kind: "pulse.trample",
    ada: { pulse: { ag: 10, endurance: 30, enduranceNow: 30, fatigue: 20, fatigueNow: 20 } },
    branType: "npc",
    bran: { pulse: { md: 10, monster: true, hexes: 3 } },
    draws: [],
    post: async (w) => {
      const { scene, at } = await hexScene(w.gm, "Meadow");
      const { tokens } = await fightOnScene(w.gm, scene, [
        { actor: w.ada, token: { disposition: 1, rotation: 270, ...at(2, 2) } },
        { actor: w.bran, token: { disposition: -1, rotation: 90, width: 2, height: 2, ...at(2, 12) } },
      ]);
      const combat = w.gm.game.combats.contents.at(-1);
      w.gm.runtime.dialogs.responder = () => "none";
      await combat.startCombat();
      await settle();
      scriptDraws(w.gm, [[30, 100], [4, 10]]);
      await w.gm.game.scenes.get(scene.id).tokens.get(tokens[1].id).update(at(2, 1));
      await settle();
      return w.gm.game.messages.contents.at(-1).id;
    },
    headline: "Bran tramples Ada of the Western March: knocked down, 7 damage.",
  },
  // Ada's Disarm lands on Bran; from the attack card she chooses his buckler (seed 004 [16.5]; src/table/pulse/disarm.ts).
  {
    ruleset: "pulse",
    kind: "pulse.disarmChoice",
    ada: { pulse: { md: 15, ps: 15, ag: 15 } },
    bran: { pulse: { ag: 12, endurance: 15, enduranceNow: 15, fatigue: 20, fatigueNow: 20 } },
    adaItems: [{ name: "Broadsword", type: "weapon", system: { equipped: true, pulse: { baseChance: 50, ranked: true, rank: 2, damage: 2 } } }],
    branItems: [
      { name: "Leather", type: "armor", system: { equipped: true, pulse: { protection: 3 } } },
      { name: "Buckler", type: "shield", system: { equipped: true, pulse: { defense: 5 } } },
      { name: "Mace", type: "weapon", system: { equipped: true, pulse: { baseChance: 45, ranked: true, rank: 4, damage: 3 } } },
    ],
    draws: [],
    post: async (w) => {
      w.gm.runtime.dialogs.responder = () => ({ defender: w.bran.id, kind: "disarm" });
      await w.ada.sheet.runAction("rollItem", {}, { row: { itemId: w.ada.items.getName("Broadsword").id } });
      await settle();
      const attack = w.gm.game.messages.contents.at(-1);
      w.gm.runtime.dialogs.responder = () => ({ answer: "stand", grievous: "armor" });
      scriptDraws(w.gm, [[20, 100]]);
      await w.hooks.defendFromCard(w.gm.game.messages.get(attack.id));
      await settle();
      w.gm.runtime.dialogs.responder = () => ({ itemId: w.bran.items.getName("Buckler").id });
      expect((await w.hooks.followUpFromCard(w.gm.game.messages.get(attack.id), "disarm")).ok, "the disarm is chosen").toBe(true);
      await settle();
      return w.gm.game.messages.contents.at(-1).id;
    },
    headline: "Bran drops the Buckler.",
  },
  // Bran parries Ada's failed cut (20 against her 80) and takes the Riposte offered: 30 against 50 lands for 16 (seed 002 VI; src/table/actionpoints/advantage.ts).
  {
    ruleset: "actionpoints",
    kind: "actionpoints.advantage",
    ada: { actionpoints: { str: 12, agi: 12, bap: 10, fatigue: 20, fatigueNow: 20 } },
    bran: { actionpoints: { str: 12, agi: 12, fatigue: 20, fatigueNow: 20, body: 15, bodyNow: 15, con: 12, bap: 5 } },
    adaItems: [
      { name: "Broadsword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, light: false, size: 3, skill: "Sword", attackCost: 6 } } },
      { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 60, psf: 15, attackerBonus: 0 } } },
    ],
    branItems: [
      { name: "Arming sword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, light: false, size: 3, skill: "Sword", attackCost: 6 } } },
      { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 50, psf: 10, attackerBonus: 0 } } },
    ],
    draws: [],
    post: async (w) => {
      w.gm.runtime.dialogs.responder = () => ({ defender: w.bran.id });
      await w.ada.sheet.runAction("rollItem", {}, { row: { itemId: w.ada.items.getName("Broadsword").id } });
      await settle();
      const attack = w.gm.game.messages.contents.at(-1);
      w.gm.runtime.dialogs.responder = () => ({ defence: "activeParry" });
      scriptDraws(w.gm, [[20, 100], [80, 100]]);
      await w.hooks.defendFromCard(w.gm.game.messages.get(attack.id));
      await settle();
      scriptDraws(w.gm, [[30, 100], [4, 10]]);
      expect((await w.hooks.followUpFromCard(w.gm.game.messages.get(attack.id), "riposte")).ok, "the riposte is taken").toBe(true);
      await settle();
      return w.gm.game.messages.contents.at(-1).id;
    },
    headline: "Riposte: Bran does 16 damage to Ada of the Western March.",
  },
];

/**
 * Posts a weapon's attack from Ada's sheet as a table does: the sheet's roll
 * button, its dialog answered with `dialog` (Bran as the target).
 */
const fromSheet = (weapon: string, dialog: Record<string, unknown>) => async (w: KindWorld): Promise<string> => {
  w.gm.runtime.dialogs.responder = () => ({ defender: w.bran.id, ...dialog });
  await w.ada.sheet.runAction("rollItem", {}, { row: { itemId: w.ada.items.getName(weapon).id } });
  await settle();
  return w.gm.game.messages.contents.at(-1).id;
};

/**
 * Each ruleset's attack card (the kinds of ATTACK_KINDS), posted from the sheet
 * and answered by Bran, with the figures the browser screenshots use
 * (test/browser/cards.browser.test.ts).
 */
export const ATTACK_CASES: readonly KindCase[] = [
  // Ada's 4-dice cut at TN 6 (9, 8, 7 succeed) beats Bran's 3-dice parry at TN 6 (2, 3, 9: one) by 2 and wounds his shoulder; its Shock
  // empties his pool, and his Knockdown dice (1s) fail (seed 000 'Melee Combat', 'Shock and Pain', 'Knockdown & Knockout').
  {
    ruleset: "steel",
    kind: "steel.exchange",
    ada: { steel: { agility: 6, wit: 5, proficiency: 6, strength: 5 } },
    bran: { steel: { agility: 5, wit: 5, proficiency: 5, toughness: 4 } },
    adaItems: [{ name: "Arming sword", type: "weapon", system: { equipped: true, steel: STEEL_SWORD } }],
    branItems: [{ name: "Arming sword", type: "weapon", system: { equipped: true, steel: STEEL_SWORD } }],
    post: fromSheet("Arming sword", { maneuver: "cut", zone: "5", dice: 4, press: 0, defenceDice: 3 }),
    answer: { maneuver: "parry", dice: 3 },
    draws: d10(9, 8, 7, 2, 2, 3, 9, 4, 1, 1, 1, 1),
    headline: "",
  },
  // Ada's sword blow (stress die 8 + Attack 3) against Bran's defence (4 + 2) (seed 001, the melee procedure).
  {
    ruleset: "phases",
    kind: "phases.attack",
    ada: { phases: { attack: 3 } },
    bran: { phases: { defense: 2, soak: 2 } },
    adaItems: [{ name: "Arming sword", type: "weapon", system: { phases: { attack: 3, damage: 7 } } }],
    post: fromSheet("Arming sword", { modifier: 0 }),
    answer: { defence: "defend" },
    draws: d10(8, 4),
    headline: "",
  },
  // Bran's active parry rolls 20 before Ada's cut at 80 is read (a defence is rolled first); the cut misses (seed 002 'Combat').
  {
    ruleset: "actionpoints",
    kind: "actionpoints.attack",
    adaItems: [
      { name: "Broadsword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, size: 3, skill: "Sword" } } },
      { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 60, psf: 15 } } },
    ],
    branItems: [
      { name: "Arming sword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, size: 3, skill: "Sword" } } },
      { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 50, psf: 10 } } },
    ],
    post: fromSheet("Broadsword", { modifier: 0 }),
    answer: { defence: "activeParry" },
    draws: [[20, 100], [80, 100]],
    headline: "",
  },
  // Ada's 21 against Bran's Melee 38 (seed 003 'Combat').
  {
    ruleset: "opposed",
    kind: "opposed.attack",
    ada: { opposed: { ws: 45, bs: 40, s: 35, i: 40, ag: 35 } },
    bran: { opposed: { ws: 40, t: 30, i: 30, ag: 30, wounds: 12, woundsNow: 12 } },
    adaItems: [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }],
    post: fromSheet("Hand weapon", { difficulty: "challenging", modifier: 0 }),
    answer: { skill: "melee", difficulty: "challenging", modifier: 0 },
    draws: [[21, 100], [38, 100]],
    headline: "",
  },
  // Ada's broadsword strikes at 20 while Bran stands; the damage die 6 (seed 004 [17]).
  {
    ruleset: "pulse",
    kind: "pulse.attack",
    ada: { pulse: { md: 15, ps: 15, ag: 15 } },
    bran: { pulse: { ag: 12 } },
    adaItems: [{ name: "Broadsword", type: "weapon", system: { equipped: true, pulse: { baseChance: 50, ranked: true, rank: 2, damage: 2, weaponClass: "B" } } }],
    branItems: [{ name: "Mace", type: "weapon", system: { equipped: true, pulse: { baseChance: 45, ranked: true, rank: 4, damage: 3 } } }],
    post: fromSheet("Broadsword", { kind: "normal", modifier: 0 }),
    answer: { answer: "stand", grievous: "armor" },
    draws: [[20, 100], [6, 10]],
    headline: "",
  },
];

/** A GM-only world under the case's ruleset with Ada (blue) and Bran (brown) and their items. */
async function world(c: KindCase): Promise<KindWorld> {
  dist();
  const w = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  const gm = await w.connect("GM");
  await gm.game.settings.set("bout", "ruleset", c.ruleset);
  await settle();
  const Actor = gm.CONFIG.Actor.documentClass;
  const ada = await Actor.create({ name: "Ada of the Western March", type: "character", img: face("#3b6ea5"), system: c.ada ?? {} });
  const bran = await Actor.create({ name: "Bran", type: c.branType ?? "character", img: face("#8a5a2b"), system: c.bran ?? {} });
  if (c.adaItems) await ada.createEmbeddedDocuments("Item", c.adaItems);
  if (c.branItems) await bran.createEmbeddedDocuments("Item", c.branItems);
  await settle();
  return { gm, ada: gm.game.actors.get(ada.id), bran: gm.game.actors.get(bran.id), hooks: gm.evaluate<any>("globalThis.__boutTest") };
}

/**
 * Posts the case's card as the GM, answers it, applies it: its content in each state it reaches.
 * `ready` runs once the case's state is built, before the card is posted (to open a sheet's dialog there).
 */
export async function cardStates(c: KindCase, ready?: (w: KindWorld) => Promise<void>): Promise<Record<string, string>> {
  const w = await world(c);
  const { gm, ada, bran, hooks: api } = w;
  const named = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(named);
    if (v === "$bran") return bran.id;
    const item = typeof v === "string" ? /^\$(ada|bran):(.+)$/.exec(v) : null;
    return item ? (item[1] === "ada" ? ada : bran).items.getName(item[2]).id : v;
  };
  const fill = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, named(v)]));
  if (c.setup) await c.setup(w);
  if (ready) await ready(w);
  if (c.before) {
    await api.postCard(c.before.kind, ada, bran, fill(c.before.declaration), "");
    await settle();
    const first = gm.game.messages.contents.at(-1);
    const answer = fill(c.before.answer ?? {});
    gm.runtime.dialogs.responder = () => answer;
    if (c.before.answer) await api.defendFromCard(gm.game.messages.get(first.id));
    await settle();
    await api.applyFromCard(gm.game.messages.get(first.id));
    await settle();
    expect(gm.notices, `${c.before.kind} first`).toEqual([]);
  }
  let id: string;
  if (c.post) id = await c.post(w);
  else {
    scriptDraws(gm, c.draws);
    const [by, at] = c.byBran ? [bran, ada] : [ada, c.self ? ada : bran];
    const posted = await api.postCard(c.kind, by, at, fill(c.declaration ?? {}), "");
    await settle();
    expect(gm.notices, `${c.kind} is posted`).toEqual([]);
    expect(posted.ok, c.kind).toBe(true);
    id = gm.game.messages.contents.at(-1).id;
  }
  expect(gm.notices, `${c.kind} is posted`).toEqual([]);
  expect(gm.game.messages.get(id).system.kind, "the card posted").toBe(c.kind);
  const out: Record<string, string> = {};
  const state = () => (gm.game.messages.get(id).system as { state: string }).state;
  out[state()] = gm.game.messages.get(id).content as string;
  if (state() === "waiting" && c.answer) {
    const answer = fill(c.answer);
    gm.runtime.dialogs.responder = () => answer;
    scriptDraws(gm, c.draws);
    await api.defendFromCard(gm.game.messages.get(id));
    await settle();
    expect(gm.notices, `${c.kind} is answered`).toEqual([]);
    out[state()] = gm.game.messages.get(id).content as string;
  }
  if (state() === "resolved") {
    await api.applyFromCard(gm.game.messages.get(id));
    await settle();
    expect(gm.notices, `${c.kind} is applied`).toEqual([]);
    expect(state(), `${c.kind} applied`).toBe("applied");
    out.applied = gm.game.messages.get(id).content as string;
  }
  return out;
}

/** The headline's words in a card's HTML, its entities read back. */
export function headlineOf(content: string): string {
  const m = /<span class="card-headline-text">([\s\S]*?)<\/span>/.exec(content);
  const text = m?.[1] ?? "";
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#x3D;/g, "=")
    .replace(/&#x60;/g, "`")
    .replace(/&amp;/g, "&")
    .trim();
}

/** Each ruleset's attack card, screenshotted in test/browser/cards.browser.test.ts. */
export const ATTACK_KINDS: Readonly<Record<string, string>> = { steel: "steel.exchange", phases: "phases.attack", actionpoints: "actionpoints.attack", opposed: "opposed.attack", pulse: "pulse.attack" };

/** The file name's view for a kind: `card-<ruleset>-<kind in kebab case>`. */
export function shotName(c: { ruleset: string; kind: string }, state: string, theme: string): string {
  const short = c.kind.split(".")[1]!.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`);
  return `card-${c.ruleset}-${short}-${state}-${theme}.png`;
}
