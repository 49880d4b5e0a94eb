// The dialogs that open only in a fight (issue 20, "Dialogs"): phases' defence, pulse's
// surprise and leader questions, the tracker's "Move to bout…", and steel's red/white
// throw, buying the initiative, readying and loosing a missile and the evade or
// block against it, the rider's gait, ride-by and riders' pass, surprise and the
// hesitation it asks of the foe, the terrain contest, the bout's blow order and
// the outnumbered roll. Each is reached through the table's own flow in the fight
// a card-kind case builds (test/shell/card-kind-cases.ts), captured as the code
// hands it to DialogV2, framed at the width it asks for in both themes,
// screenshotted as dialog-<ruleset>-<dialog>-<theme>.png, and checked that
// nothing spills out, small text keeps 4.5:1 and Tab reaches every control.
import { describe, expect, it } from "vitest";
import { sharedBrowser } from "./chromium";
import { checkDialog, THEMES, type CapturedDialog } from "./dialog-check";
import { identicalShots, SHOTS } from "./shots";
import { CASES, cardStates, type KindWorld } from "../shell/card-kind-cases";
import { noSurprise, settle } from "../shell/support";

const DEFAULT_WIDTH = 400;
const browser = sharedBrowser(SHOTS);

type Step = (w: KindWorld) => Promise<unknown>;

/**
 * Where a step's own dialog begins, when the step first builds a fight whose dialogs are not
 * the one it opens (redBout's throws): the count of dialogs asked before it. Without it the
 * first dialog of the "open" phase, the throw, was captured as the blow order and the
 * outnumbered roll.
 */
const openedAt = new WeakMap<object, number>();
/** A phase's dialog's name, or its dialogs' names in the order they open ("" for one shown elsewhere). */
type Named = string | readonly string[];

const sheetAction =
  (who: "ada" | "bran", id: string): Step =>
  async (w) => {
    await w[who].sheet.render({ force: true });
    return w[who].sheet.runAction("actorAction", { actorAction: id });
  };
const rollItem =
  (name: string): Step =>
  async (w) => {
    await w.ada.sheet.render({ force: true });
    return w.ada.sheet.runAction("rollItem", {}, { row: { itemId: w.ada.items.getName(name).id } });
  };
const groupAction =
  (actionId: string): Step =>
  (w) => {
    const combat = w.gm.game.combats.contents.at(-1);
    return w.gm.ui.combat.runAction("boutGroupAction", { groupId: combat.groups.contents[0].id, actionId });
  };

/**
 * A fresh steel bout of Ada, Bran and `more` others in the case's world, both
 * throwing red (their blows fall together, so the bout asks for the blow order);
 * each armed with a sword. Then `then` runs in it.
 */
const redBout =
  (more: number, then: Step): Step =>
  async (w) => {
    const Actor = w.gm.CONFIG.Actor.documentClass;
    const fighters = [w.ada, w.bran];
    for (let i = 0; i < more; i++) fighters.push(await Actor.create({ name: `Town guard ${i + 1}`, type: "npc", system: { steel: { agility: 5, wit: 5, proficiency: 4 } } }));
    for (const f of fighters) await f.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { equipped: true, steel: { reach: 3, atnSwing: 6, atnThrust: 7, dtn: 6 } } }]);
    const combat = await w.gm.CONFIG.Combat.documentClass.create({ active: true });
    const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Field" }]);
    const ids = (await combat.createEmbeddedDocuments("Combatant", fighters.map((f: any) => ({ actorId: f.id, name: f.name, group: group.id })))).map((c: any) => c.id as string);
    w.gm.runtime.dialogs.responder = () => null;
    await combat.startCombat();
    await w.hooks.openDeclaration(combat, "throw", group.id, ids, ["red", "white"]);
    await settle();
    for (const id of ids) {
      await w.hooks.declare(w.gm.game.combats.get(combat.id), id, { throw: "red", posture: "neutral" });
      await settle();
    }
    openedAt.set(w, w.gm.runtime.dialogs.asked.length);
    return then(w);
  };

/** Phases: Ada's sword blow at Bran from her sheet (answered), then Bran's defence from the card (closed). */
const phasesBlow: Step = async (w) => {
  const [sword] = await w.ada.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { phases: { attack: 3, damage: 7 } } }]);
  w.gm.runtime.dialogs.responder = () => ({ defender: w.bran.id });
  await w.ada.sheet.render({ force: true });
  await w.ada.sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
  await settle();
  w.gm.runtime.dialogs.responder = () => null;
  const card = w.gm.game.messages.contents.at(-1);
  await w.hooks.defendFromCard(w.gm.game.messages.get(card.id));
};

/** Pulse: a fight of the party (Ada, Bran) against a wolf begun (the GM's surprise question: none), the party's leader asked for, the fight ended. */
const pulseFight: Step = async (w) => {
  const wolf = await w.gm.CONFIG.Actor.documentClass.create({ name: "Wolf", type: "npc", system: { pulse: { ag: 16, pc: 14 } } });
  const combat = await w.gm.CONFIG.Combat.documentClass.create({ active: true });
  await combat.createEmbeddedDocuments("Combatant", [w.ada, w.bran, wolf].map((a: any) => ({ actorId: a.id, name: a.name })));
  w.gm.runtime.dialogs.responder = noSurprise;
  await combat.startCombat();
  await settle();
  w.gm.runtime.dialogs.responder = () => null;
  await w.gm.ui.combat.runAction("boutGroupAction", { groupId: "side:party", actionId: "leader" });
  await settle();
  // The case's own card is posted outside this fight.
  await w.gm.game.combats.get(combat.id).delete();
};

/** Steel: two bouts begun, and the GM's "Move to bout…" from Ada's row menu. */
const moveToBout: Step = async (w) => {
  const combat = await w.gm.CONFIG.Combat.documentClass.create({ active: true });
  const groups = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Bridge" }, { name: "Gate" }]);
  const [ca] = await combat.createEmbeddedDocuments("Combatant", [w.ada, w.bran].map((a: any, i: number) => ({ actorId: a.id, name: a.name, group: groups[i].id })));
  await combat.startCombat();
  await settle();
  return w.gm.ui.combat.runContextOption("BOUT.Tracker.Row.MoveTo", ca.id);
};

interface Fight {
  /** The card-kind case whose fight it opens in. */
  readonly kind: string;
  /** What the GM does there to open the dialog (closed unanswered). */
  readonly open?: Step;
  /** The name each dialog takes: those the case's setup opens, the one `open` opens, and the defender's answer to the card. */
  readonly names: { readonly setup?: Named; readonly open?: Named; readonly answer?: Named };
}

const STEEL: readonly Fight[] = [
  { kind: "steel.buyInitiative", open: sheetAction("bran", "buyInitiative"), names: { setup: "throw", open: "buy-initiative", answer: "buy-initiative-answer" } },
  { kind: "steel.bloodLoss", open: redBout(0, groupAction("blowOrder")), names: { open: "blow-order" } },
  { kind: "steel.bloodLoss", open: redBout(1, groupAction("crowd")), names: { open: "outnumbered" } },
  { kind: "steel.readyMissile", open: rollItem("Hunting bow"), names: { open: "ready-missile" } },
  { kind: "steel.missile", open: rollItem("Hunting bow"), names: { open: "loose", answer: "missile-defence" } },
  { kind: "steel.gait", open: sheetAction("ada", "gait"), names: { open: "gait" } },
  { kind: "steel.rideBy", open: sheetAction("ada", "rideBy"), names: { open: "ride-by" } },
  { kind: "steel.rideByAt", names: { answer: "ride-by-answer" } },
  { kind: "steel.ridersPass", open: sheetAction("ada", "ridersPass"), names: { open: "riders-pass", answer: "riders-pass-answer" } },
  { kind: "steel.surprise", open: sheetAction("ada", "ambush"), names: { open: "surprise", answer: "surprise-answer" } },
  { kind: "steel.terrainContest", names: { answer: "terrain-contest-answer" } },
];

interface Captured extends CapturedDialog {
  readonly name: string;
}

/** The dialogs a fight's case opens, by phase: its setup, the GM's `open`, and the answer to its card. */
async function dialogsOf(fight: Fight): Promise<Captured[]> {
  const c = CASES.find((k) => k.kind === fight.kind)!;
  let world: KindWorld | null = null;
  const marks: number[] = [];
  await cardStates(c, async (w) => {
    world = w;
    marks.push(w.gm.runtime.dialogs.asked.length);
    if (fight.open) {
      w.gm.runtime.dialogs.responder = () => null;
      await fight.open(w);
      await settle();
    }
    marks.push(openedAt.get(w) ?? marks[0]!, w.gm.runtime.dialogs.asked.length);
  });
  const w = world! as KindWorld;
  const asked = w.gm.runtime.dialogs.asked as { kind: string; config: any }[];
  const i18n = w.gm.game.i18n;
  // marks: [setup ends, the step's own dialogs begin, the step ends]; dialogs between the first two are the step's preparation.
  const phaseOf = (i: number) => (i < marks[0]! ? "setup" : i < marks[1]! ? "preparation" : i < marks[2]! ? "open" : "answer");
  const out: Captured[] = [];
  const seen: Record<string, number> = {};
  for (const [i, { kind, config }] of asked.entries()) {
    if (kind !== "wait" || typeof config.content !== "string") continue;
    const phase = phaseOf(i);
    if (phase === "preparation") continue;
    const n = (seen[phase] = (seen[phase] ?? -1) + 1);
    const named = fight.names[phase as keyof Fight["names"]];
    const name = typeof named === "string" ? named : named?.[n];
    if (!name || out.some((d) => d.name === name)) continue;
    out.push({
      name,
      title: i18n.localize(String(config.window?.title ?? "")),
      classes: config.classes ?? [],
      width: config.position?.width ?? DEFAULT_WIDTH,
      content: config.content,
      buttons: (config.buttons ?? []).map((b: any) => ({ label: i18n.localize(String(b.label ?? b.action)) })),
    });
  }
  return out;
}

const OTHERS: readonly Fight[] = [
  { kind: "phases.fatigue", open: phasesBlow, names: { open: ["", "defence"] } },
  { kind: "pulse.recover", open: pulseFight, names: { open: ["surprise", "leader"] } },
  { kind: "steel.bloodLoss", open: moveToBout, names: { open: "move-to-bout" } },
];

describe("the dialogs of a fight in chromium", () => {
  const written: string[] = [];
  for (const fight of [...STEEL, ...OTHERS]) {
    const ruleset = fight.kind.split(".")[0]!;
    const wanted = Object.values(fight.names).flat().filter(Boolean);
    it(`${ruleset} ${wanted.join(", ")}: reached in the fight, fits its width in both themes, every control reached with the keyboard`, async () => {
      const dialogs = await dialogsOf(fight);
      expect(dialogs.map((d) => d.name).sort(), "every dialog named is reached").toEqual([...wanted].sort());
      for (const dialog of dialogs) {
        for (const theme of THEMES) {
          await checkDialog(browser(), dialog, theme, `${ruleset} ${dialog.name} ${theme}`, `dialog-${ruleset}-${dialog.name}-${theme}.png`);
          written.push(`dialog-${ruleset}-${dialog.name}-${theme}.png`);
        }
      }
    });
  }

  it("no two of these dialogs drew the same image (each test captured its own dialog)", () => {
    expect(written.length).toBeGreaterThan(20);
    expect(identicalShots(written)).toEqual([]);
  });
});
