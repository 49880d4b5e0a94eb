// Every other card kind a ruleset registers, beside its attack card (issue 20,
// "Proof"): each posted through the table's own flow on real documents with
// scripted dice, in the states it passes through (the checks a fighter makes on
// themself resolve as they are posted, so they have no waiting state), framed at
// the chat sidebar's width in both themes, screenshotted as
// `card-<ruleset>-<kind>-<state>-<theme>.png`, and checked that nothing spills
// out of its box and that small text keeps 4.5:1.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { openPage, sharedBrowser } from "./chromium";
import { findLowContrast, findOverflow, sheetPage } from "./sheet-page";
import { scriptDraws, settle } from "../shell/support";

const SHOTS = join(process.cwd(), "test-results", "screenshots");
const THEMES = ["light", "dark"] as const;
const browser = sharedBrowser(SHOTS);

const face = (fill: string) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><circle cx="18" cy="18" r="16" fill="${fill}"/></svg>`)}`;

interface KindCase {
  readonly ruleset: string;
  /** The registered card kind. */
  readonly kind: string;
  /** Ada's figures (system data) and her items. */
  readonly ada?: Record<string, unknown>;
  readonly bran?: Record<string, unknown>;
  readonly adaItems?: Record<string, unknown>[];
  readonly branItems?: Record<string, unknown>[];
  /** The declaration as the sheet's dialog hands it to postCard: `$bran` is Bran's id, `$ada:Name` and `$bran:Name` their items' ids. */
  readonly declaration: Record<string, unknown>;
  /** Bran's answer, for a card that waits on him. */
  readonly answer?: Record<string, unknown>;
  /** A card of Ada's at Bran posted, answered and applied first (closing before withdrawing). */
  readonly before?: { readonly kind: string; readonly declaration: Record<string, unknown>; readonly answer?: Record<string, unknown> };
  /** Ada makes it on herself. */
  readonly self?: true;
  readonly draws: [number, number][];
}

/** The cases: each with the figures its prepare checks (seed rules cited where the kind is defined). */
const CASES: readonly KindCase[] = [
  // Standing up from a knee costs action points (seed 002; src/table/actionpoints/stand.ts).
  { ruleset: "actionpoints", kind: "actionpoints.stand", ada: { actionpoints: { kneeling: true } }, declaration: {}, self: true, draws: [] },
  // A charge across six yards at Bran (seed 003 'Moves'; src/table/opposed/moves.ts).
  { ruleset: "opposed", kind: "opposed.move", declaration: { move: "charge", opponentId: "$bran", distance: 6, yards: 0 }, self: true, draws: [[30, 100]] },
  // A ten-foot jump and its landing roll (seed 004 [14.1]; src/table/pulse/jump.ts).
  { ruleset: "pulse", kind: "pulse.jump", ada: { pulse: { ag: 15 } }, declaration: { feet: 10 }, self: true, draws: [[12, 100]] },
  // An infection check after a wound (seed 004; src/table/pulse/infection.ts), the GM's to post.
  { ruleset: "pulse", kind: "pulse.infection", declaration: { enduranceDamage: 4, natural: false, gmModifier: 0 }, self: true, draws: [[88, 100], [3, 10]] },
  // A terrain roll in swampy ground (seed 000 'Terrain'; src/table/steel/contests.ts).
  { ruleset: "steel", kind: "steel.terrain", ada: { steel: { agility: 6, wit: 5, proficiency: 6 } }, declaration: { terrain: "swampy", pace: "normal", dice: 3, stakes: "none", footing: false }, self: true, draws: [[8, 10], [4, 10], [9, 10]] },
  // Blood loss rolled for a bleeding fighter (seed 000 'Blood Loss'; src/table/steel/bleeding.ts).
  { ruleset: "steel", kind: "steel.bloodLoss", ada: { steel: { health: 5, bloodLoss: 3 } }, declaration: {}, self: true, draws: [[4, 10], [7, 10], [2, 10]] },
  // Ada lies in wait; Bran tries to spot her (seed 003 'Surprise'; src/table/opposed/surprise.ts).
  { ruleset: "opposed", kind: "opposed.ambush", declaration: { spotterIds: ["$bran"] }, self: true, draws: [[35, 100], [62, 100]] },
  // A spell at Bran and his chance to resist (seed 004 [magic]; src/table/pulse/magic.ts).
  { ruleset: "pulse", kind: "pulse.magic", declaration: { kind: "spell", dieModifier: 0 }, draws: [[40, 100], [5, 10]] },
  // A stunned figure tries to recover (seed 004 [15]; src/table/pulse/stun.ts).
  { ruleset: "pulse", kind: "pulse.recover", ada: { pulse: { stunned: true } }, declaration: {}, self: true, draws: [[25, 100]] },
  // A day of an infected wound (seed 004; src/table/pulse/infection.ts).
  { ruleset: "pulse", kind: "pulse.infectionDay", ada: { pulse: { infected: true } }, declaration: {}, self: true, draws: [[70, 100], [4, 10]] },
  // Ada sneaks up on Bran, who answers with Notice (seed 000 'Surprise & Hesitation'; src/table/steel/surprise.ts).
  {
    ruleset: "steel",
    kind: "steel.surprise",
    ada: { steel: { agility: 6 } },
    bran: { steel: { perception: 4, reflex: 5 } },
    adaItems: [{ name: "Sneak", type: "skill", system: { steel: { attribute: "agility", tn: 6 } } }],
    branItems: [{ name: "Notice", type: "skill", system: { steel: { attribute: "perception", tn: 7 } } }],
    declaration: { skillId: "$ada:Sneak", tnModifier: 0 },
    answer: { skillId: "$bran:Notice" },
    draws: [9, 8, 3, 7, 2, 4, 1, 5, 6, 2, 8, 3].map((n) => [n, 10] as [number, number]),
  },
  // Ada closes with Bran, who lets her in (seed 004 [13.6]; src/table/pulse/close.ts).
  { ruleset: "pulse", kind: "pulse.close", declaration: {}, answer: { answer: "admit" }, draws: [] },
  // Pulling out an arrow stuck in her (seed 004; src/table/pulse/stuck.ts).
  { ruleset: "pulse", kind: "pulse.stuck", ada: { pulse: { stuckPenalty: 10 } }, declaration: { kind: "missile", barbed: false }, self: true, draws: [[30, 100], [4, 10]] },
  // A fatigue check out of a fight (seed 001; src/table/phases/checks.ts).
  { ruleset: "phases", kind: "phases.fatigue", declaration: {}, self: true, draws: [[6, 10], [3, 10]] },
  // An athletics roll and a magic check, out of a fight (seed 001; src/table/phases/checks.ts).
  { ruleset: "phases", kind: "phases.athletics", declaration: {}, self: true, draws: [[7, 10], [2, 10]] },
  { ruleset: "phases", kind: "phases.magic", declaration: {}, self: true, draws: [[3, 10], [9, 10]] },
  // Ada, closed with Bran, withdraws from close combat (seed 004 [13.6]; src/table/pulse/close.ts).
  { ruleset: "pulse", kind: "pulse.closeWithdraw", ada: { pulse: { ps: 14 } }, bran: { pulse: { ps: 12 } }, before: { kind: "pulse.close", declaration: {}, answer: { answer: "admit" } }, declaration: {}, self: true, draws: [[8, 10]] },
  // A terrain contest for the footing: Bran answers with two dice of his pool (seed 000 'Terrain'; src/table/steel/contests.ts).
  {
    ruleset: "steel",
    kind: "steel.terrainContest",
    ada: { steel: { agility: 6, wit: 5, proficiency: 6 } },
    bran: { steel: { agility: 5, wit: 5, proficiency: 5 } },
    declaration: { terrain: "swampy", pace: "normal", dice: 3, footing: true },
    answer: { dice: 2 },
    draws: [9, 7, 3, 8, 2].map((n) => [n, 10] as [number, number]),
  },
  // Ada looses her bow at Bran outside a bout; he evades, the arrow finds his chest (seed 000 'Missile Combat'; src/table/steel/missile.ts).
  {
    ruleset: "steel",
    kind: "steel.missile",
    ada: { steel: { agility: 6, wit: 5, perception: 5, proficiency: 6, missileProficiency: 5 } },
    bran: { steel: { agility: 5, wit: 5, proficiency: 5, toughness: 3 } },
    adaItems: [{ name: "Hunting bow", type: "weapon", system: { equipped: true, steel: { missile: true, missileAtn: 6, thrustDamage: 2, thrustType: "puncture", addStrength: false, preparation: 2, quickenCost: 1, quickenTn: 8, reach: 0 } } }],
    declaration: { weaponId: "$ada:Hunting bow", dice: 3, aimDice: 0, aimedPart: "", band: "short", tnModifier: 0 },
    answer: { kind: "evade", room: "restricted", dice: 2 },
    draws: [[9, 10], [9, 10], [9, 10], [2, 10], [2, 10], [3, 6], [4, 6]],
  },
];

async function world(c: KindCase) {
  dist();
  const w = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  const gm = await w.connect("GM");
  await gm.game.settings.set("bout", "ruleset", c.ruleset);
  await settle();
  const Actor = gm.CONFIG.Actor.documentClass;
  const ada = await Actor.create({ name: "Ada of the Western March", type: "character", img: face("#3b6ea5"), system: c.ada ?? {} });
  const bran = await Actor.create({ name: "Bran", type: "character", img: face("#8a5a2b"), system: c.bran ?? {} });
  if (c.adaItems) await ada.createEmbeddedDocuments("Item", c.adaItems);
  if (c.branItems) await bran.createEmbeddedDocuments("Item", c.branItems);
  await settle();
  return { gm, ada, bran };
}

/** Posts the card as the GM, then applies it: its content in each state it reaches. */
async function states(c: KindCase): Promise<Record<string, string>> {
  const { gm, ada, bran } = await world(c);
  const api = gm.evaluate<any>("globalThis.__boutTest");
  const named = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(named);
    if (v === "$bran") return bran.id;
    const item = typeof v === "string" ? /^\$(ada|bran):(.+)$/.exec(v) : null;
    return item ? (item[1] === "ada" ? ada : bran).items.getName(item[2]).id : v;
  };
  const fill = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, named(v)]));
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
  const declaration = fill(c.declaration);
  scriptDraws(gm, c.draws);
  const posted = await api.postCard(c.kind, ada, c.self ? ada : bran, declaration, "");
  await settle();
  expect(gm.notices, `${c.kind} is posted`).toEqual([]);
  expect(posted.ok, c.kind).toBe(true);
  const message = gm.game.messages.contents.at(-1);
  const out: Record<string, string> = {};
  const state = () => (gm.game.messages.get(message.id).system as { state: string }).state;
  out[state()] = gm.game.messages.get(message.id).content as string;
  if (state() === "waiting" && c.answer) {
    const answer = fill(c.answer);
    gm.runtime.dialogs.responder = () => answer;
    await api.defendFromCard(gm.game.messages.get(message.id));
    await settle();
    expect(gm.notices, `${c.kind} is answered`).toEqual([]);
    out[state()] = gm.game.messages.get(message.id).content as string;
  }
  if (state() === "resolved") {
    await api.applyFromCard(gm.game.messages.get(message.id));
    await settle();
    expect(state(), `${c.kind} applied`).toBe("applied");
    out.applied = gm.game.messages.get(message.id).content as string;
  }
  return out;
}

describe("every other card kind in chromium (issue 20, Proof)", () => {
  for (const c of CASES) {
    it(`${c.kind}: each state it reaches fits the chat sidebar in both themes`, async () => {
      const cards = await states(c);
      expect(Object.keys(cards), c.kind).toEqual(c.answer ? ["waiting", "resolved", "applied"] : ["resolved", "applied"]);
      const short = c.kind.split(".")[1]!.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`);
      for (const [state, content] of Object.entries(cards)) {
        for (const theme of THEMES) {
          const html = sheetPage({ title: "Chat", classes: ["sidebar-tab", "chat-sidebar"], width: 300, height: 520, parts: { content }, theme });
          const page = await openPage(browser(), html, { width: 332, height: 552 });
          try {
            expect(await page.locator(".bout-card").count()).toBe(1);
            expect(await page.evaluate(findOverflow), `${c.kind} ${state} ${theme}`).toEqual([]);
            expect(await page.evaluate(findLowContrast), `${c.kind} ${state} ${theme}`).toEqual([]);
            expect(await page.locator("form.application").innerText()).not.toMatch(/\bseed\b|§|BOUT\./i);
            await page.locator("form.application").screenshot({ path: join(SHOTS, `card-${c.ruleset}-${short}-${state}-${theme}.png`) });
          } finally {
            await page.close();
          }
        }
      }
    });
  }
});
