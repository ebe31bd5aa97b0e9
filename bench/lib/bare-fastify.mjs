#!/usr/bin/env node
// The yardsticks of `npm run bench -- api`: a bare Fastify JSON route on loopback, `node bench/lib/bare-fastify.mjs
// PORT`. With `--query`, run inside scripts/with-postgres.mjs (its throw-away cluster's DATABASE_URL; never another
// database: it creates a table), also /bare-query: the same route answering one row read by primary key through
// node-postgres as a named statement, the least any route backed by PostgreSQL can cost here.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/bare", async () => ({ success: true, hello: "world" }));
if (process.argv[3] === "--query") {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  await pool.query("create table bare (id int primary key, balance numeric(14, 2) not null)");
  await pool.query("insert into bare values (1, 2500.50)");
  const read = { name: "bare_read", text: "select balance from bare where id = $1", values: [1] };
  app.get("/bare-query", async () => ({ success: true, balance: Number((await pool.query(read)).rows[0].balance) }));
  app.addHook("onClose", () => pool.end());
}
await app.listen({ port: Number(process.argv[2]), host: "127.0.0.1" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => void app.close().then(() => process.exit(0)));
