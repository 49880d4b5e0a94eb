/** The duel simulator: adapters register themselves per ruleset (see ./adapters.ts). */
export * from "./adapter";
export * from "./simulate";
export * from "./actor-source";
import "./adapters";
