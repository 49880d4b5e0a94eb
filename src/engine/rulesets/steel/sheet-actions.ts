/**
 * Which of a steel fighter's own actions (the sheet's header buttons) apply to
 * it now, so a sheet offers only those. The shell still refuses an action run
 * anyway; this only keeps buttons that could only refuse off the sheet.
 */
import { rideByGaitAllowed, type Gait } from "./mounted";

/** Where the fighter stands, as far as these actions care. */
export interface SteelActionSituation {
  /** It fights in a bout of a running fight. */
  readonly inBout: boolean;
  readonly mounted: boolean;
  /** Its mount's gait in the bout (halt when not riding). */
  readonly gait: Gait;
  /** Who holds its bout's initiative: itself, another fighter, or nobody. */
  readonly initiative: "self" | "other" | null;
}

export const NOT_FIGHTING: SteelActionSituation = { inBout: false, mounted: false, gait: "halt", initiative: null };

export function steelActionApplies(id: string, s: SteelActionSituation): boolean {
  switch (id) {
    // "Mounted Combat": the mount's gait is the rider's to change while riding in the fight.
    case "gait":
      return s.inBout && s.mounted;
    // "Ride-by Attacking and Movement": only at a Canter or a Gallop.
    case "rideBy":
      return s.inBout && s.mounted && rideByGaitAllowed(s.gait);
    // "Buying Initiative": bought from the one who holds it in the same bout.
    case "buyInitiative":
      return s.inBout && s.initiative === "other";
    default:
      return true;
  }
}
