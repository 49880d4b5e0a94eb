// The harness must behave like Foundry v13 where the system relies on it; these
// tests pin the documented behaviours the system's own tests depend on.
import { describe, expect, it } from "vitest";
import { DataModel } from "../harness/data-model";
import { BooleanField, NumberField, SchemaField, StringField } from "../harness/fields";

class Sample extends DataModel {
  static override defineSchema() {
    return {
      reflex: new NumberField({ required: true, nullable: false, integer: true, min: 1, max: 10, initial: 5 }),
      weight: new NumberField({ required: true, nullable: false, min: 0, initial: 1.5 }),
      label: new StringField({ required: true, blank: false, initial: "x" }),
      posture: new StringField({ required: true, choices: ["neutral", "aggressive", "defensive"], initial: "neutral" }),
      nested: new SchemaField({ flag: new BooleanField() }),
    };
  }
}

describe("harness data fields (Foundry v13 behaviour)", () => {
  it("fills initial values and drops keys the schema does not know", () => {
    const m = new Sample({ stray: 1 } as never);
    expect(m.toObject()).toEqual({ reflex: 5, weight: 1.5, label: "x", posture: "neutral", nested: { flag: false } });
  });

  it("rounds integers and clamps numbers into [min, max] while cleaning", () => {
    const m = new Sample({ reflex: 12 });
    expect(m.toObject().reflex).toBe(10);
    m.updateSource({ reflex: 3.6 });
    expect(m.toObject().reflex).toBe(4);
    m.updateSource({ reflex: -4 });
    expect(m.toObject().reflex).toBe(1);
  });

  it("refuses a non-number with a message naming the field and leaves the source untouched", () => {
    const m = new Sample({ reflex: 6 });
    expect(() => m.updateSource({ reflex: "lots" })).toThrow(/reflex: must be an integer/);
    expect(() => m.updateSource({ weight: "heavy" })).toThrow(/weight: must be a finite number/);
    expect(m.toObject().reflex).toBe(6);
  });

  it("refuses blank strings and invalid choices", () => {
    const m = new Sample();
    expect(() => m.updateSource({ label: "" })).toThrow(/label: may not be a blank string/);
    expect(() => m.updateSource({ posture: "reckless" })).toThrow(/posture: reckless is not a valid choice/);
  });

  it("applies partial nested updates and reports only what changed", () => {
    const m = new Sample();
    expect(m.updateSource({ "nested.flag": true })).toEqual({ nested: { flag: true } });
    expect(m.updateSource({ "nested.flag": true })).toEqual({});
  });

  it("casts strings the way form input arrives", () => {
    const m = new Sample();
    m.updateSource({ reflex: "7", "nested.flag": "true" });
    expect(m.toObject()).toMatchObject({ reflex: 7, nested: { flag: true } });
  });
});
