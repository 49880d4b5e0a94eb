// Speed of the steel ruleset (seed 000): one exchange resolved with a seeded source,
// and the exact odds a dialog computes before the roll. Run with `npx vitest bench --run bench/steel.bench.ts`.
import { bench, describe } from "vitest";
import { engine } from "./built";

const { SeededDice } = engine.dice;
const { CORE_MANEUVERS, exchangeOdds, pressOdds, resolveExchange, woundLevelOdds } = engine.steel;
const { boutsMachine, startBouts } = engine.bouts;

let sink = 0;
const cut = CORE_MANEUVERS.find((m) => m.slug === "cut")!.stats;
const parry = CORE_MANEUVERS.find((m) => m.slug === "parry")!.stats;
const armour = { head: 3, neck: 0, arms: 2, torso: 4, legs: 0 };
const dice = new SeededDice(7);

describe("steel resolution", () => {
  // Issue 10's target, 10^6 exchanges a second on one core: a typical exchange, 1,000 to an iteration so the
  // timer's own cost is spread thin (exchanges per second = hz × 1,000).
  const typical = {
    attack: { combatantId: "a", cpLeft: 12, dice: 6, maneuver: cut, weaponTn: 6, zone: 5, damage: 6, damageType: "cut" as const },
    defence: { combatantId: "d", cpLeft: 11, dice: 5, maneuver: parry, weaponTn: 6 },
    target: { combatantId: "d", toughness: 4, armour },
  };
  bench("1,000 exchanges, 6 v 5 dice (exchanges/s = hz × 1,000)", () => {
    for (let i = 0; i < 1000; i++) {
      const r = resolveExchange(typical, dice);
      if (r.ok) sink += r.value.result.margin;
    }
  });
  bench("resolveExchange, 8 v 7 dice with a press", () => {
    const r = resolveExchange(
      {
        attack: { combatantId: "a", cpLeft: 14, dice: 8, press: 3, maneuver: cut, weaponTn: 6, zone: 5, damage: 6, damageType: "cut" },
        defence: { combatantId: "d", cpLeft: 12, dice: 7, maneuver: parry, weaponTn: 6 },
        target: { combatantId: "d", toughness: 4, armour },
      },
      dice,
    );
    if (r.ok) sink += r.value.result.margin;
  });
  bench("bouts: reveal, spend, win, next (one exchange)", () => {
    const s = startBouts([{ id: "b", combatants: [{ id: "x", reflex: 5, pool: 10 }, { id: "y", reflex: 4, pool: 9 }] }]);
    if (!s.ok) return;
    let st = s.value;
    for (const c of [
      { type: "reveal", boutId: "b", choices: { x: "red", y: "white" } },
      { type: "spend", combatantId: "x", dice: 5, purpose: "attack" },
      { type: "exchangeWon", boutId: "b", winner: "x" },
      { type: "next" },
    ] as const) {
      const t = boutsMachine.apply(st, c);
      if (t.ok) st = t.value.state;
    }
    sink += st.bouts.length;
  });
});

describe("steel odds", () => {
  bench("exchangeOdds 12 v 12", () => {
    sink += exchangeOdds(12, 6, 12, 7).hit;
  });
  bench("woundLevelOdds 12 v 12", () => {
    sink += woundLevelOdds(12, 6, 12, 7, 1)[3]!;
  });
  bench("pressOdds 8 v 8 with 6 v 6 press", () => {
    sink += pressOdds(8, 6, 8, 6, 6, 6).size;
  });
});

export { sink };
