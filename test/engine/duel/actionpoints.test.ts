// Whole action-point duels (issue 10 "Duel simulator"; seed 002_e3c6bc76ba013433.txt,
// I "Action Pool", II-III action phases, IV defences, V damage): duels end with
// the loser down or dead, pools and points never go negative, the policies'
// defences are the ones paid for, and the shipped NPCs can be simulated.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actionPointsDuel, ACTIONPOINTS_POLICIES, actionPointsStrike, actorViewFromSource, chooseDefence, simulateDuels } from "../../../src/engine/duel";
import { FixedDice, SeededDice } from "../../../src/engine/dice";
import { armourAbsorption, armourFor, wornArmour, type ActionPointsStats } from "../../../src/engine/rulesets/actionpoints";
import type { ActorView } from "../../../src/engine/rulesets/ruleset";
import { packSource } from "../../pack-sources";

const npc = (slug: string) => packSource("npcs", slug);
const view = (slug: string) => actorViewFromSource(npc(slug), "actionpoints");

describe("action-point duels", () => {
  it("builds fighters from the shipped NPCs with their weapon skill, Dodge and shield (IV)", () => {
    const guard = actionPointsDuel.fighter(view("town-guard"), "Guard");
    // The guard's best melee weapon at its skill level 45: the halberd (base damage 9, 8 AP).
    expect(guard.attack).toMatchObject({ tsc: 45, psf: 11, baseDamage: 9, cost: 8 });
    expect(guard.dodge?.tsc).toBe(45);
    const duellist = actionPointsDuel.fighter(view("duellist"), "Duellist");
    expect(duellist.shield).not.toBeNull();
    expect(duellist.shieldPlay?.tsc).toBe(65);
  });

  it("pays for an active defence in Fatigue Points, and falls back to the free passive one when too tired (IV, our FP table)", () => {
    const duellist = actionPointsDuel.fighter(view("duellist"), "Duellist");
    expect(chooseDefence(duellist, ACTIONPOINTS_POLICIES["active-guard"]!, 10)).toMatchObject({ defence: "activeShield", cost: 1 });
    expect(chooseDefence(duellist, ACTIONPOINTS_POLICIES["active-guard"]!, 0)).toMatchObject({ defence: "passiveShield", cost: 0 });
    expect(chooseDefence(duellist, ACTIONPOINTS_POLICIES.dodger!, 1)).toMatchObject({ defence: "passiveShield", cost: 0 });
    expect(chooseDefence(duellist, ACTIONPOINTS_POLICIES.dodger!, 2)).toMatchObject({ defence: "dodge", cost: 2 });
    // Without a shield the passive defence is a weapon parry.
    const wolf = actionPointsDuel.fighter(view("wolf"), "Wolf");
    expect(wolf.shield).toBeNull();
    expect(chooseDefence(wolf, ACTIONPOINTS_POLICIES["passive-guard"]!, 10)).toMatchObject({ defence: "passiveParry" });
  });

  it("VI: 'parry-and-riposte' answers a winning block with a shield bash: 3 base + STR/4 + the crit die, less the guard's armour, for 2 FP", () => {
    const guard = actionPointsDuel.fighter(view("town-guard"), "Guard");
    const duellist = actionPointsDuel.fighter(view("duellist"), "Duellist");
    const live = (f: typeof guard) => ({ f, pool: 20, fatigueNow: f.fatigue, bodyNow: f.body, out: "" as const });
    const g = live(guard);
    const d = live(duellist);
    // Block 20 (a success below the critical tenth), the guard's 90 fails; the bash rolls 10 (hits 65) with a crit die of 4.
    actionPointsStrike(g as never, d as never, ACTIONPOINTS_POLICIES["parry-and-riposte"]!, new FixedDice({ 100: [20, 90, 10], 10: [4] }));
    const bash = Math.max(0, 3 + Math.floor(duellist.str / 4) + 4 - guard.armour.absorption);
    expect([d.fatigueNow, g.fatigueNow]).toEqual([duellist.fatigue - 1 - 2, guard.fatigue - bash]);
    expect(bash).toBeGreaterThan(0);
  });

  it("without the policy the same exchange leaves the guard untouched", () => {
    const guard = actionPointsDuel.fighter(view("town-guard"), "Guard");
    const duellist = actionPointsDuel.fighter(view("duellist"), "Duellist");
    const g = { f: guard, pool: 20, fatigueNow: guard.fatigue, bodyNow: guard.body, out: "" as const };
    const d = { f: duellist, pool: 20, fatigueNow: duellist.fatigue, bodyNow: duellist.body, out: "" as const };
    actionPointsStrike(g as never, d as never, ACTIONPOINTS_POLICIES["active-guard"]!, new FixedDice({ 100: [20, 90, 10], 10: [4] }));
    expect([d.fatigueNow, g.fatigueNow]).toEqual([duellist.fatigue - 1, guard.fatigue]);
  });

  it("ends every duel with the loser down or dead, within the round limit, whatever the seed and policies", () => {
    const a = actionPointsDuel.fighter(view("duellist"), "A");
    const b = actionPointsDuel.fighter(view("bandit"), "B");
    const policies = Object.keys(ACTIONPOINTS_POLICIES);
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...policies), fc.constantFrom(...policies), (seed, pa, pb) => {
        const out = actionPointsDuel.duel(a, b, ACTIONPOINTS_POLICIES[pa]!, ACTIONPOINTS_POLICIES[pb]!, new SeededDice(seed), 40);
        expect(out.rounds).toBeGreaterThanOrEqual(1);
        expect(out.rounds).toBeLessThanOrEqual(40);
        const fallen = (c: string) => c.endsWith("Down") || c.endsWith("Dead");
        if (out.winner === "a") expect(fallen(out.condition.b)).toBe(true);
        if (out.winner === "b") expect(fallen(out.condition.a)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("the same seed plays the same duels; the duellist beats the town guard more often than not", () => {
    const request = { ruleset: "actionpoints" as const, a: { name: "Duellist", actor: view("duellist") }, b: { name: "Guard", actor: view("town-guard") }, n: 2000, seed: 7 };
    const first = simulateDuels(request);
    const again = simulateDuels(request);
    expect(first).toEqual(again);
    expect(first.ok && first.value.winRateAInterval.low).toBeGreaterThan(0.5);
  });

  // Seed 002 V.b.iii: "Armor – Subtract regardless of defense", one absorption per armour; the seed says
  // nothing of pieces worn together. Our reading (the attack card's): the best piece counts, not the sum.
  describe("seed 002 V.b.iii: the duel meets the armour the attack card meets (pieces worn together do not add up)", () => {
    const ada = actorViewFromSource(
      {
        system: { actionpoints: { str: 12, bap: 10, fatigue: 20, fatigueNow: 20, body: 15, bodyNow: 15, con: 12 } },
        items: [
          { _id: "sw", name: "Broadsword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, light: false, size: 3, skill: "Sword", attackCost: 6 } } },
          { _id: "sk", name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 60, psf: 15, attackerBonus: 0 } } },
        ],
      },
      "actionpoints",
    );
    const bran = actorViewFromSource(
      {
        system: { actionpoints: { str: 12, bap: 5, fatigue: 40, fatigueNow: 40, body: 15, bodyNow: 15, con: 12 } },
        items: [
          { _id: "mail", name: "Mail", type: "armor", system: { equipped: true, actionpoints: { absorption: 3, weight: "light", apModifier: 0, failed: false } } },
          { _id: "helm", name: "Open helm", type: "armor", system: { equipped: true, actionpoints: { absorption: 2, weight: "medium", apModifier: 0, failed: false } } },
          { _id: "coat", name: "Spare coat", type: "armor", system: { equipped: false, actionpoints: { absorption: 9, weight: "heavy", apModifier: 0, failed: false } } },
        ],
      },
      "actionpoints",
    );

    it("Bran in Mail 3 and an Open helm 2 (a coat of 9 carried, not worn) meets a blow with 3, not 5; the heavier helm's weight counts for Dodge", () => {
      const f = actionPointsDuel.fighter(bran, "Bran");
      expect(f.armour).toEqual({ absorption: 3, weight: "medium", failed: false });
      // The same engine figures the attack card (armourFor) and the sheet (armourAbsorption) read.
      expect(f.armour).toEqual(armourFor(wornArmour(bran as ActorView<ActionPointsStats>), null));
      expect(armourAbsorption(wornArmour(bran as ActorView<ActionPointsStats>), null)).toBe(3);
    });

    it("undefended, Ada's 30 hits (TSC 60) with crit die 4: 6 base + STR/2 6 + 4 = 16, less armour 3 = 13 off Bran's Fatigue 40 → 27 (the old sum would have left 29)", () => {
      const a = { f: actionPointsDuel.fighter(ada, "Ada"), pool: 20, fatigueNow: 20, bodyNow: 15, out: "" as const };
      const b = { f: actionPointsDuel.fighter(bran, "Bran"), pool: 0, fatigueNow: 40, bodyNow: 15, out: "" as const };
      actionPointsStrike(a as never, b as never, ACTIONPOINTS_POLICIES["all-out-attack"]!, new FixedDice({ 100: [30], 10: [4] }));
      expect([a.pool, b.fatigueNow, b.bodyNow]).toEqual([14, 27, 15]);
    });

    it("a piece failed as a whole absorbs 2 less (V.d): Mail 3 failed (1) behind an Open helm 2: the helm's 2 is the best", () => {
      const worn = { ...bran, armor: bran.armor.map((p) => (p.id === "mail" ? { ...p, stats: { ...p.stats, failed: true } } : p)) };
      expect(actionPointsDuel.fighter(worn, "Bran").armour).toEqual({ absorption: 2, weight: "medium", failed: false });
    });
  });
});
