export * from "./auth";
export * from "./organisations";
export * from "./mail";
export * from "./work";
export * from "./connections";
export * from "./limits";
export * from "./agents";
export * from "./health";
