/**
 * The dice engine: sources of dice, the bridge to Foundry's asynchronous rolls,
 * the ways the five seeds read dice, and their exact odds.
 */
export * from "./dice";
export * from "./marks";
export * from "./labels";
export * from "./seeded";
export * from "./tape";
export * from "./pool";
export * from "./percentile";
export * from "./stress";
export * from "./open-ended";
export * from "./odds";
