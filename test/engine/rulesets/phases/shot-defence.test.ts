// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt), "2. First Missiles",
// Missile Fire Table and its first footnote: a target that spotted a shooter
// and engaged it defensively in the Movement phase adds its Defense to the
// shooter's ease factor, and must count the shooter as an opponent it engaged;
// with its shield, the third footnote counts the shield twice. The Initiative
// Modifiers Table's first footnote: a routing character defends against nothing.
import { describe, expect, it } from "vitest";
import { declaredShotDefence, phasesMachine, startPhases, type DeclarationInput, type PhasesCommand, type PhasesState } from "../../../../src/engine/time/phases";
import { isShotDefence, SHOT_DEFENCES } from "../../../../src/engine/rulesets/phases";

const SEED = "seed 001_e84cf39f805b9fd9.txt";

function run(state: PhasesState, ...commands: PhasesCommand[]): PhasesState {
  return commands.reduce((s, c) => {
    const r = phasesMachine.apply(s, c);
    if (!r.ok) throw new Error(`${c.type}: ${r.refusal.code}`);
    return r.value.state;
  }, state);
}
const declare = (combatantId: string, declaration: DeclarationInput): PhasesCommand => ({ type: "declare", combatantId, declaration });
const code = (s: PhasesState, c: PhasesCommand) => {
  const r = phasesMachine.apply(s, c);
  return r.ok ? "ok" : r.refusal.code;
};
function start(ids: string[]): PhasesState {
  const s = startPhases(ids.map((id) => ({ id })));
  if (!s.ok) throw new Error(s.refusal.code);
  return s.value;
}
const bow = { action: "missile", missile: true, range: "middle" } as const;

describe(`${SEED}, Missile Fire Table, first footnote: the defence a target declared in the Movement phase`, () => {
  // Archer shoots at Knight and at Squire; Knight watches Archer and dodges; Squire defends with a shield but watches nobody's bow... only Knight's.
  const declared = run(
    start(["archer", "knight", "squire", "runner"]),
    declare("archer", { ...bow, opponents: ["knight"] }),
    declare("knight", { action: "none", opponents: ["archer"], defence: "dodge" }),
    declare("squire", { action: "none", opponents: ["knight"], defence: "shield" }),
    declare("runner", { action: "rout", movement: "sprint" }),
  );

  it("is hidden while declarations are open: the round says nothing yet (null)", () => {
    const open = run(start(["archer", "knight"]), declare("knight", { action: "none", opponents: ["archer"], defence: "dodge" }));
    expect(declaredShotDefence(open, "archer", "knight")).toBeNull();
  });

  it("counts against a shooter the target named among its opponents: Knight dodges Archer", () => {
    expect(declared.stage).toBe("initiative");
    expect(declaredShotDefence(declared, "archer", "knight")).toBe("dodge");
  });

  it("counts for nothing against a shooter the target did not name: Squire's shield defence is not against Archer", () => {
    expect(declaredShotDefence(declared, "archer", "squire")).toBe("none");
    expect(declaredShotDefence(declared, "knight", "squire")).toBe("shield");
  });

  it("is none against a shooter outside the round (nobody can have named it)", () => {
    expect(declaredShotDefence(declared, null, "knight")).toBe("none");
  });

  it("a routing target declared and defends against nothing (Initiative Modifiers Table, first footnote)", () => {
    expect(declaredShotDefence(declared, "archer", "runner")).toBe("none");
  });

  it("a target that declared nothing this round (not in it, or a newcomer waiting) leaves the shooter's statement: null", () => {
    expect(declaredShotDefence(declared, "archer", "stranger")).toBeNull();
    expect(declaredShotDefence(declared, "archer", null)).toBeNull();
    const joined = run(declared, { type: "join", combatantId: "late" });
    expect(declaredShotDefence(joined, "archer", "late")).toBeNull();
  });

  it("a declaration stored before the field existed reads as no defence", () => {
    const old = {
      ...declared,
      combatants: declared.combatants.map((c) => (c.id === "knight" && c.declaration ? { ...c, declaration: { ...c.declaration, defence: undefined as never } } : c)),
    };
    expect(declaredShotDefence(old, "archer", "knight")).toBe("none");
  });
});

describe(`${SEED}, Missile Fire Table: declaring a defence is checked, refusals change nothing`, () => {
  const s = start(["archer", "knight"]);
  it("knows the three answers", () => {
    expect(SHOT_DEFENCES).toEqual(["none", "dodge", "shield"]);
    expect(isShotDefence("dodge")).toBe(true);
    expect(isShotDefence("parry")).toBe(false);
    expect(isShotDefence(3)).toBe(false);
  });
  it("refuses an unknown defence, a routing defender, and a defence that names no opponent", () => {
    expect(code(s, declare("knight", { action: "none", opponents: ["archer"], defence: "parry" as never }))).toBe("phases.badDefence");
    expect(code(s, declare("knight", { action: "rout", opponents: ["archer"], defence: "dodge" }))).toBe("phases.routingDefence");
    expect(code(s, declare("knight", { action: "none", defence: "shield" }))).toBe("phases.defenceWithoutOpponent");
    expect(code(s, declare("knight", { action: "none", opponents: ["archer"], defence: "shield" }))).toBe("ok");
  });
  it("defaults to no defence", () => {
    const after = run(s, declare("knight", { action: "none" }));
    expect(after.combatants.find((c) => c.id === "knight")?.declaration?.defence).toBe("none");
  });
});

describe(`${SEED}, Missile Fire Table: the tracker shows a declared defence once declarations are revealed`, () => {
  it("a badge for a dodge or a shield defence, none for no defence, nothing while others still declare", () => {
    const open = run(start(["archer", "knight"]), declare("knight", { action: "none", opponents: ["archer"], defence: "shield" }));
    const keys = (s: PhasesState, id: string) => phasesMachine.view(s).rows.find((r) => r.combatantId === id)?.badges.map((b) => b.label.key) ?? [];
    expect(keys(open, "knight")).not.toContain("BOUT.Phases.Time.Badge.Defence.shield");
    const revealed = run(open, declare("archer", { ...bow, opponents: ["knight"] }));
    expect(keys(revealed, "knight")).toContain("BOUT.Phases.Time.Badge.Defence.shield");
    expect(keys(revealed, "archer").some((k) => k.includes("Defence"))).toBe(false);
  });
});
