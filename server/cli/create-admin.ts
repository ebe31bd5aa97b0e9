/**
 * Creates an admin account, for a database started with SEED_DEMO=false.
 * Usage: npm run admin:create -- --username NAME --email EMAIL --password PASSWORD
 * (or ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD). Stop the server first when using the embedded database:
 * PGlite is one process per data directory.
 */
import { parseArgs } from "node:util";
import { PASSWORD_MIN_LENGTH } from "../../contract/constants";
import { hashPassword } from "../services/accounts/passwords";
import { configFromEnv } from "../config";
import { openDatabase } from "../db/client";
import { users } from "../db/schema";

const { values } = parseArgs({
  options: { username: { type: "string" }, email: { type: "string" }, password: { type: "string" } },
});
const username = (values.username ?? process.env.ADMIN_USERNAME ?? "").toLowerCase();
const email = (values.email ?? process.env.ADMIN_EMAIL ?? "").toLowerCase();
const password = values.password ?? process.env.ADMIN_PASSWORD ?? "";

if (
  !/^[a-z0-9_.-]{3,40}$/.test(username) ||
  !/^[^@\s]+@[^@\s]+$/.test(email) ||
  password.length < PASSWORD_MIN_LENGTH
) {
  console.error(
    `usage: npm run admin:create -- --username NAME --email EMAIL --password PASSWORD (at least ${PASSWORD_MIN_LENGTH} characters)`,
  );
  process.exit(2);
}

const config = configFromEnv();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const [row] = await database.db
    .insert(users)
    .values({ username, email, passwordHash: await hashPassword(password), role: "admin" })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!row) {
    console.error("An account with this username or email already exists.");
    process.exitCode = 1;
  } else {
    console.log(`admin "${username}" created (${row.id})`);
  }
} finally {
  await database.close();
}
