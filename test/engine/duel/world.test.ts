// The duel adapters play the world they are handed (issue 21, "The same
// simulator inside Foundry"): the tables and costs a GM changed, as the cards
// read them; without a world, ours (the command-line simulator's).
import { describe, expect, it } from "vitest";
import { actionPointsDuel, ACTIONPOINTS_POLICIES, actorViewFromSource, chooseDefence, simulateDuels, steelDuel, type DuelWorld } from "../../../src/engine/duel";
import { DEFAULT_AP_TABLES } from "../../../src/engine/rulesets/actionpoints";
import { DEFAULT_STEEL_TABLES, type WoundTable } from "../../../src/engine/rulesets/steel";
import { packSource } from "../../pack-sources";

const npc = (slug: string) => packSource("npcs", slug);

describe("actionpoints duels pay the world's Fatigue costs (seed 002 IV, VI; the costs are the world's table)", () => {
  it("a Dodge the world prices at 5 FP is paid at 5, and with 4 FP left the duellist falls back to the free passive defence", () => {
    const world: DuelWorld = { actionpoints: { tables: { ...DEFAULT_AP_TABLES, defenceFatigue: { ...DEFAULT_AP_TABLES.defenceFatigue, dodge: 5 } } } };
    const duellist = actionPointsDuel.fighter(actorViewFromSource(npc("duellist"), "actionpoints"), "Duellist", world);
    expect(chooseDefence(duellist, ACTIONPOINTS_POLICIES.dodger!, 5)).toMatchObject({ defence: "dodge", cost: 5 });
    expect(chooseDefence(duellist, ACTIONPOINTS_POLICIES.dodger!, 4)).toMatchObject({ defence: "passiveShield", cost: 0 });
    // Without a world, ours: 2 FP.
    const ours = actionPointsDuel.fighter(actorViewFromSource(npc("duellist"), "actionpoints"), "Duellist");
    expect(chooseDefence(ours, ACTIONPOINTS_POLICIES.dodger!, 2)).toMatchObject({ defence: "dodge", cost: 2 });
  });

  it("the shield bash base damage is the world's", () => {
    const world: DuelWorld = { actionpoints: { tables: { ...DEFAULT_AP_TABLES, shieldBashDamage: 6 } } };
    expect(actionPointsDuel.fighter(actorViewFromSource(npc("duellist"), "actionpoints"), "Duellist", world).bashDamage).toBe(6);
    expect(actionPointsDuel.fighter(actorViewFromSource(npc("duellist"), "actionpoints"), "Duellist").bashDamage).toBe(3);
  });
});

describe("steel duels read the world's wound tables (seed 000 'Wounds': the tables are named, not printed)", () => {
  it("with every wound fatal, more duels end in a death than with ours, and no win comes from a foe merely down", () => {
    const fatal = Object.fromEntries(
      Object.entries(DEFAULT_STEEL_TABLES.woundTable).map(([type, parts]) => [type, Object.fromEntries(Object.entries(parts).map(([part, row]) => [part, row.map((e) => ({ ...e, fatal: true }))]))]),
    ) as unknown as WoundTable;
    const run = (world?: DuelWorld) => {
      const r = simulateDuels({ ruleset: "steel", a: { name: "A", actor: actorViewFromSource(npc("duellist"), "steel") }, b: { name: "B", actor: actorViewFromSource(npc("bandit"), "steel") }, n: 300, seed: 5, world });
      if (!r.ok) throw new Error(r.refusal.message);
      return r.value;
    };
    const ours = run();
    const theirs = run({ steel: { tables: { ...DEFAULT_STEEL_TABLES, woundTable: fatal } } });
    const dead = (s: typeof ours) => s.conditions.a["BOUT.Duel.Condition.Dead"]! + s.conditions.b["BOUT.Duel.Condition.Dead"]!;
    expect(dead(theirs)).toBeGreaterThan(dead(ours));
    expect(theirs.endings.a["BOUT.Duel.Ending.Down"] ?? 0).toBe(0);
    expect(theirs.endings.b["BOUT.Duel.Ending.Down"] ?? 0).toBe(0);
  });

  it("a fighter aiming at gaps picks among the world's zones", () => {
    const zones = DEFAULT_STEEL_TABLES.zones.map((z) => (z.form === "swing" ? z : { ...z, id: z.id + 100 }));
    const f = steelDuel.fighter(actorViewFromSource(npc("duellist"), "steel"), "A", { steel: { tables: { ...DEFAULT_STEEL_TABLES, zones } } });
    expect(f.gaps.thrust).toBeGreaterThan(100);
    expect(steelDuel.fighter(actorViewFromSource(npc("duellist"), "steel"), "A").gaps.thrust).toBeLessThan(100);
  });
});
