/**
 * Which of a steel fighter's own actions (the sheet's header buttons) apply to
 * it now, so a sheet offers only those. The shell still refuses an action run
 * anyway; this only keeps buttons that could only refuse off the sheet.
 */
import { beforeTheExchanges, mayRideBy, type Gait } from "./mounted";

/** Where the fighter stands, as far as these actions care. */
export interface SteelActionSituation {
  /** It fights in a bout of a running fight. */
  readonly inBout: boolean;
  readonly mounted: boolean;
  /** Its mount's gait in the bout (halt when not riding). */
  readonly gait: Gait;
  /** Who holds its bout's initiative: itself, another fighter, or nobody. */
  readonly initiative: "self" | "other" | null;
  /** Another fighter of its bout rides too (the two riders face each other in the bout). */
  readonly mountedFoe: boolean;
  /** Its bout's exchange this round (1 or 2; 0 when not in a bout). */
  readonly exchange: number;
}

export const NOT_FIGHTING: SteelActionSituation = { inBout: false, mounted: false, gait: "halt", initiative: null, mountedFoe: false, exchange: 0 };

export function steelActionApplies(id: string, s: SteelActionSituation): boolean {
  switch (id) {
    // "Mounted Combat": the mount's gait is the rider's to change while riding in the fight.
    case "gait":
      return s.inBout && s.mounted;
    // "Ride-by Attacking and Movement": only at a Canter or a Gallop, before the round's exchanges.
    case "rideBy":
      return s.inBout && s.mounted && mayRideBy(s).ok;
    // "Ride-By Attacking", last paragraph: two riders engaged make opposed Ride checks, as a ride-by is timed; a rider alone, or on foot, has no one to pass.
    case "ridersPass":
      return s.inBout && s.mounted && s.mountedFoe && beforeTheExchanges(s.exchange).ok;
    // "Buying Initiative": bought from the one who holds it in the same bout.
    case "buyInitiative":
      return s.inBout && s.initiative === "other";
    default:
      return true;
  }
}
