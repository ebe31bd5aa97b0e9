export * from "./roles";
export * from "./modules";
export * from "./messages";
export * from "./constants";
export * from "./calls";
export { CALL_ROUTES, callRoute, ROUTE_IDS, type CallRoute } from "./routes";
export * from "./ability";
export * from "./domain/balance-requests";
export * from "./domain/whatsapp-template-events";
