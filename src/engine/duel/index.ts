/** The duel simulator: adapters register themselves per ruleset (see ./adapters.ts). */
export * from "./adapter";
export * from "./simulate";
export * from "./actor-source";
export { steelDuel, STEEL_POLICIES, type SteelPolicy } from "./steel";
export { actionPointsDuel, ACTIONPOINTS_POLICIES, chooseDefence, strike as actionPointsStrike, type ActionPointsPolicy } from "./actionpoints";
export { opposedDuel, OPPOSED_POLICIES, type OpposedPolicy } from "./opposed";
export { phasesDuel, PHASES_POLICIES, type PhasesPolicy } from "./phases";
export { pulseDuel, PULSE_POLICIES, type PulsePolicy } from "./pulse";
import "./adapters";
