// The schema by area; drizzle-kit (drizzle.config.ts) and the Db type read it through this file.
export * from "./accounts";
export * from "./auth";
export * from "./balance";
export * from "./messages";
export * from "./settings";
export * from "./rate-limits";
export * from "./wabas";
export * from "./rcs-bots";
export * from "./whatsapp";
export * from "./sms";
export * from "./channels";
export * from "./whatsapp-templates";
export * from "./rcs-templates";
export * from "./uploads";
export * from "./campaigns";
export * from "./chats";
export * from "./realtime";
