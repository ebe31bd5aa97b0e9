export * from "./types";
export { GROUPS } from "./groups";
export { RESOURCES } from "./list";
export * from "./derive";
