/**
 * The horse a rider sits on ("Attacking a Mounted Target": "either mount or
 * rider is a fair target"): a world actor the rider's sheet names in its Mount
 * field, by name, id or uuid. A blow aimed at the horse wounds that actor.
 * The field is the rider's owners' to edit, so it names only a horse those
 * players own as well: a player cannot point blows meant for a horse at
 * someone else's fighter.
 */
import { fighterFrom, sameFighter } from "../fighter";
import { ok, refuse, type Outcome } from "../../engine/outcome";

const K = "BOUT.Steel.Mounted.Refusal.";

export function horseOf(rider: Actor.Implementation | null): Outcome<Actor.Implementation> {
  const named = String((rider?.system as { steel?: { mount?: unknown } } | undefined)?.steel?.mount ?? "").trim();
  const horse = named ? (fighterFrom(named) ?? (game.actors?.getName(named) as Actor.Implementation | undefined) ?? null) : null;
  if (!rider || !horse || sameFighter(horse, rider)) return refuse("steel.mounted.noHorse", `${K}NoHorse`);
  const players = (game.users?.contents ?? []).filter((u) => !u.isGM && rider.testUserPermission(u, "OWNER"));
  if (players.some((u) => !horse.testUserPermission(u, "OWNER"))) return refuse("steel.mounted.notTheirHorse", `${K}NotTheirHorse`, { horse: horse.name ?? "" });
  return ok(horse);
}
