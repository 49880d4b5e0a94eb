/**
 * The core maneuvers ("Maneuver-based Combat"). The seed names core, trained and
 * advanced maneuvers but lists only those the rules text uses (block, parry,
 * counter, full and partial evasion, duck and weave; thrusts, swings and bashes).
 * These are shipped as editable items (tools/armory/steel.json); the figures are
 * our defaults except the evasion TNs 4/7/9, which come from "Missile Fire".
 */
import type { SteelManeuver } from "./stats";

export interface ManeuverDefinition {
  readonly slug: string;
  readonly source: "seed" | "default";
  readonly stats: SteelManeuver;
}

const m = (slug: string, source: "seed" | "default", stats: SteelManeuver): ManeuverDefinition => ({ slug, source, stats });

export const CORE_MANEUVERS: readonly ManeuverDefinition[] = [
  m("cut", "default", { kind: "attack", family: "strike", form: "swing", activationCost: 0, tnModifier: 0, fixedTn: 0 }),
  m("thrust", "default", { kind: "attack", family: "strike", form: "thrust", activationCost: 0, tnModifier: 0, fixedTn: 0 }),
  m("bash", "default", { kind: "attack", family: "strike", form: "bash", activationCost: 0, tnModifier: 0, fixedTn: 0 }),
  m("feint", "default", { kind: "attack", family: "strike", form: "swing", activationCost: 1, tnModifier: 1, fixedTn: 0 }),
  m("parry", "default", { kind: "defence", family: "parry", form: "none", activationCost: 0, tnModifier: 0, fixedTn: 0 }),
  m("block", "default", { kind: "defence", family: "block", form: "none", activationCost: 0, tnModifier: 0, fixedTn: 0 }),
  m("counter", "default", { kind: "defence", family: "counter", form: "none", activationCost: 2, tnModifier: 0, fixedTn: 0 }),
  m("full-evasion", "seed", { kind: "defence", family: "fullEvasion", form: "none", activationCost: 0, tnModifier: 0, fixedTn: 4 }),
  m("partial-evasion", "seed", { kind: "defence", family: "partialEvasion", form: "none", activationCost: 0, tnModifier: 0, fixedTn: 7 }),
  m("duck-and-weave", "seed", { kind: "defence", family: "duckAndWeave", form: "none", activationCost: 0, tnModifier: 0, fixedTn: 9 }),
];

/**
 * The DTN a defence starts from ("Exchange of Blows": "the DTN listed for each
 * weapon or maneuver"): a block uses the shield's DTN, any other defence the
 * readied melee weapon's; with neither, 7 (our default for an empty hand). A
 * maneuver's own fixed TN (the evasions) still replaces it in `maneuverTn`.
 */
export function defenceDtn(maneuver: Pick<SteelManeuver, "family">, weaponDtn: number | undefined, shieldDtn: number | undefined): number {
  if (maneuver.family === "block" && shieldDtn !== undefined) return shieldDtn;
  return weaponDtn ?? 7;
}

/** The TN a maneuver rolls against: its fixed TN if it has one, else the weapon's, plus its modifier. */
export function maneuverTn(maneuver: SteelManeuver, weaponTn: number): number {
  return (maneuver.fixedTn > 0 ? maneuver.fixedTn : weaponTn) + maneuver.tnModifier;
}

/** A maneuver a fighter may choose: its id (an item's, or a core slug), its name (or a lang key), its figures. */
export interface ManeuverChoice {
  readonly id: string;
  readonly name: string;
  readonly stats: SteelManeuver;
}

/**
 * The maneuvers of a kind a fighter chooses from ("Maneuver-based Combat"): his
 * own of that kind, else the core ones (ours: a sheet with none of that kind
 * fights with the basics), named by their lang keys.
 */
export function maneuverChoices(own: readonly ManeuverChoice[], kind: "attack" | "defence"): ManeuverChoice[] {
  const mine = own.filter((m) => m.stats.kind === kind).map((m) => ({ id: m.id, name: m.name, stats: m.stats }));
  if (mine.length) return mine;
  return CORE_MANEUVERS.filter((m) => m.stats.kind === kind).map((m) => ({ id: m.slug, name: `BOUT.Steel.Maneuver.${m.slug}.Name`, stats: m.stats }));
}
