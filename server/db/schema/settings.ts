import { pgTable, text } from "drizzle-orm/pg-core";

// Server settings kept in the database (the generated JWT secret).

export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
