// Seed 004_2f46e4f6196f6037.txt [12.3] "Highest IV chooses to go 1st or last, all other go in order of
// descending IV": who may choose, and when (orderChoiceFor).
import { describe, expect, it } from "vitest";
import { orderChoiceFor, type PulsesState } from "../../../src/engine/time/pulses";

const engagement = (chosen: boolean) => ({ id: "e1", members: ["ada", "wolf"], order: ["ada", "wolf"], chosen });
const at = (step: PulsesState["step"], chosen = false) => ({ step, engagements: [engagement(chosen)] }) as unknown as PulsesState;

describe("seed 004 [12.3]: the top IV chooses first or last", () => {
  it("at the engagement's step Ada (top IV) chooses; the Wolf does not; once chosen, nobody", () => {
    expect(orderChoiceFor(at({ kind: "engagement", index: 0 }), "ada")?.id).toBe("e1");
    expect(orderChoiceFor(at({ kind: "engagement", index: 0 }), "wolf")).toBeNull();
    expect(orderChoiceFor(at({ kind: "engagement", index: 0 }, true), "ada")).toBeNull();
  });
  it("at any other step, nobody", () => {
    expect(orderChoiceFor(at({ kind: "initiative" }), "ada")).toBeNull();
  });
});
