export * from "./roles";
export * from "./modules";
export * from "./messages";
export * from "./constants";
export * from "./calls";
export * from "./ability";
export * from "./balance-requests";
