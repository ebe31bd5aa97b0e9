import { defineConfig } from "drizzle-kit";

// Only generates SQL migrations from the schema; the server applies them itself at start-up.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./server/db/migrations",
});
