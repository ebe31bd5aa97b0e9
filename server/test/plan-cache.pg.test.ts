// PostgreSQL plans a named statement for its parameters five times, then keeps a generic plan unless that looks
// dearer. With `LIMIT $n` the users list's generic plan always looked dearer (the planner guesses a tenth of the rows
// for an unknown limit), so every page was planned again, which cost more than running it. The list pages by row
// number now. This replays the statement the server sends on one connection and asks PostgreSQL how it was planned.
// (PGlite keeps its hot statements on generic plans itself: pglite-statements.test.ts.)
import { eq } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { seedDemo } from "../seed";
import type { Caller } from "../services/caller";
import { listUsers } from "../services/accounts/user-list";
import { freshDatabase } from "./harness";

interface Sent {
  sql: string;
  params: unknown[];
}

describe("the users list on PostgreSQL", () => {
  it("is planned once per connection, not once per page", async () => {
    let sent: Sent | undefined;
    const database = await freshDatabase({
      queryLog: (text, params) => {
        if (/row_number\(\) over/.test(text) && /from "users"/.test(text)) sent = { sql: text, params };
      },
    });
    try {
      const { db } = database;
      await seedDemo(db, "plan-cache-pw-1", pino({ level: "silent" }));
      const [admin] = await db.select().from(users).where(eq(users.username, "admin"));
      const caller: Caller = {
        id: admin.id,
        username: "admin",
        role: "admin",
        parentId: null,
        modules: [],
        sessionId: "s",
      };
      const { rows } = await listUsers(
        db,
        caller,
        { page: 1, limit: 10 },
        { search: undefined, parentId: undefined, limit: 10, offset: 0 },
      );
      expect(rows.map((r) => r.username)).toContain("user");
      if (!sent) throw new Error("the users list sent no statement numbering its rows");
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        for (let page = 0; page < 8; page += 1)
          await client.query({ name: "users_page", text: sent.sql, values: sent.params });
        const plans = await client.query<{ generic: number; custom: number }>(
          "select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = 'users_page'",
        );
        // Five custom plans to learn the cost, then the cached generic one for every later page.
        expect(plans.rows[0]).toEqual({ generic: 3, custom: 5 });
      } finally {
        await client.end();
      }
    } finally {
      await database.close();
    }
  });
});
