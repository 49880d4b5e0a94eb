/** Fighting styles: one engine of them for the duel simulator and the table. */
export * from "./choice";
export * from "./catalogue";
export * from "./steel";
export * from "./opposed";
export * from "./phases";
export * from "./actionpoints";
export * from "./pulse";
