/**
 * Forms as a client's browser holds them, for the harness's DialogV2: a DOM per
 * client (happy-dom), Foundry's FormDataExtended reading a form, and a person's
 * hands on a rendered form (typing into fields, picking options, ticking boxes).
 */
import { createRequire } from "node:module";
import type { Window } from "happy-dom";
import type { AnyObject } from "./utils";

const require = createRequire(import.meta.url);

let screen: Window | null = null;

/**
 * The DOM the harness's dialogs are drawn in: one happy-dom window for every client of a
 * test file (each client's dialog is an element of its own in it; a window per client would
 * cost its making for every client of every test). happy-dom is loaded on the first dialog,
 * synchronously so a dialog draws in the turn it opens: its load costs a good part of a
 * second, which a test file that opens no dialog never pays.
 */
export function sharedScreen(): Window {
  if (!screen) {
    const { Window } = require("happy-dom") as typeof import("happy-dom");
    screen = new Window({ url: "http://localhost/" });
  }
  return screen;
}

type Field = AnyObject;

/**
 * The named controls of a form by name (v13 reads `form.elements`): one element, or several that share the name.
 * Read once per form, not once per field: happy-dom answers each read of `form.elements` with a query of the whole
 * form, so a form of a few hundred fields (the round form of 200 fighters) cost a query per field, and the queries'
 * cache grew past the worker's heap.
 */
function fieldsByName(elements: readonly Field[]): Map<string, Field[]> {
  const byName = new Map<string, Field[]>();
  for (const el of elements) {
    if (!el.name) continue;
    const named = byName.get(el.name);
    if (named) named.push(el);
    else byName.set(el.name, [el]);
  }
  return byName;
}

/**
 * v13 `foundry.applications.ux.FormDataExtended` (client/applications/ux/form-data-extended.mjs) as
 * far as plain forms need it: each named field once, buttons and disabled fields left out
 * (`disabled` / `readonly` options as core's), a checkbox a boolean (or its value / null when it
 * has a value attribute and no Boolean dtype), number and range inputs a number (null when
 * empty), a multi-select an array, a radio group its checked value, anything else its text, each
 * cast by its `data-dtype` or the `dtypes` option. `object` is the flat record core's form
 * handlers and dialog callbacks read. (Editors and `[data-edit]` elements are not modelled: our
 * dialogs have none.)
 */
export class FormDataExtended extends FormData {
  readonly dtypes: Record<string, string>;
  declare readonly object: AnyObject;

  constructor(form: AnyObject, { dtypes = {}, disabled = false, readonly = true }: { dtypes?: Record<string, string>; disabled?: boolean; readonly?: boolean; editors?: AnyObject } = {}) {
    super();
    this.dtypes = dtypes;
    Object.defineProperty(this, "object", { value: {}, writable: false, enumerable: false });
    if (!disabled && form.hasAttribute?.("disabled")) return;
    const elements = Array.from(form.elements as ArrayLike<Field>);
    const byName = fieldsByName(elements);
    for (const element of elements) {
      const name = element.name;
      if (!name || this.has(name)) continue;
      if (element.tagName === "BUTTON") continue;
      if (!disabled && element.matches(":disabled")) continue;
      if (!readonly && element.readOnly) continue;
      const named = byName.get(name)!;
      this.set(name, this.#value(named.length > 1 ? named : element));
    }
  }

  /** Core's `set`: the typed value in `object`, its text in the FormData. */
  override set(name: string, value: unknown): void {
    this.object[name] = value;
    super.set(name, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }

  #value(field: Field | Field[]): unknown {
    if (Array.isArray(field)) {
      if (field.every((f) => f.type === "radio")) {
        const chosen = field.find((f) => f.checked);
        return chosen ? this.#value(chosen) : undefined;
      }
      return field.map((f) => this.#value(f));
    }
    const dtype: string | undefined = field.dataset?.dtype || this.dtypes[field.name];
    if (field.type === "checkbox") {
      if (field.hasAttribute("value") && dtype !== "Boolean") return this.#cast(field.checked ? field.value : null, dtype);
      return this.#cast(field.checked, dtype);
    }
    if (field.type === "number" || field.type === "range") return field.value === "" ? null : this.#cast(field.value, dtype || "Number");
    if (field.type === "select-multiple") return Array.from(field.options as ArrayLike<Field>).filter((o) => o.selected).map((o) => this.#cast(o.value, dtype));
    if (field.type === "radio") return field.checked ? this.#cast(field.value, dtype) : null;
    return this.#cast(field.value, dtype);
  }

  #cast(value: unknown, dtype: string | undefined): unknown {
    if (Array.isArray(value)) return value.map((v) => this.#cast(v, dtype));
    if (value === undefined || value === null || dtype === "String") return value;
    if (dtype === "Boolean") return value === "false" ? false : Boolean(value);
    if (dtype === "Number") return value === "" || value === "null" ? null : Number(value);
    if (dtype === "JSON") return JSON.parse(String(value));
    return value;
  }
}

/** Describes a form's fields for an error: "dice (number), tn (select-one: 6, 8)". */
function describeFields(byName: ReadonlyMap<string, Field[]>): string {
  const out: string[] = [];
  for (const [name, [el]] of byName) {
    const options = el!.tagName === "SELECT" ? `: ${Array.from(el!.options as ArrayLike<Field>).map((o) => o.value).join(", ")}` : "";
    out.push(`${name} (${el!.type}${options})`);
  }
  return out.join(", ") || "none";
}

/**
 * A person filling a rendered form: each value goes into the field of that name as a user
 * would put it there (typed text, a picked option, a ticked box, a chosen radio), each change
 * announced with the `input` and `change` events a browser fires. A name the form lacks, an
 * option a select does not offer, or a disabled field is an error: no person could do it.
 */
export function fillForm(form: AnyObject, values: AnyObject): void {
  const view = form.ownerDocument.defaultView;
  const read = () => fieldsByName(Array.from(form.elements as ArrayLike<Field>));
  let byName = read();
  for (const [name, value] of Object.entries(values)) {
    // A change handler may have redrawn part of the form: read it again when a field is new or gone.
    let named = byName.get(name) ?? [];
    if (!named.length || named.some((f) => !f.isConnected)) named = (byName = read()).get(name) ?? [];
    if (!named.length) throw new Error(`The form has no field "${name}"; its fields: ${describeFields(byName)}`);
    if (named.some((f) => f.matches(":disabled"))) throw new Error(`The field "${name}" is disabled`);
    let changed: Field;
    if (named.every((f) => f.type === "radio")) {
      const radio = named.find((f) => f.value === String(value));
      if (!radio) throw new Error(`The radio group "${name}" offers no "${String(value)}" (${named.map((f) => f.value).join(", ")})`);
      radio.checked = true;
      changed = radio;
    } else {
      if (named.length > 1) throw new Error(`Several fields are named "${name}": fill them through the dialog's element`);
      const field = named[0]!;
      if (field.type === "checkbox") {
        if (typeof value !== "boolean") throw new Error(`The checkbox "${name}" takes true or false, not ${JSON.stringify(value)}`);
        field.checked = value;
      } else if (field.tagName === "SELECT") {
        const offered = Array.from(field.options as ArrayLike<Field>).map((o) => o.value);
        if (!offered.includes(String(value))) throw new Error(`The select "${name}" offers no "${String(value)}" (${offered.join(", ")})`);
        field.value = String(value);
      } else field.value = String(value);
      changed = field;
    }
    changed.dispatchEvent(new view.Event("input", { bubbles: true }));
    changed.dispatchEvent(new view.Event("change", { bubbles: true }));
  }
}

/** A person's click on an element (the primary button, as core's action handlers require). */
export function clickElement(element: AnyObject): void {
  const view = element.ownerDocument.defaultView;
  element.dispatchEvent(new view.MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
}

