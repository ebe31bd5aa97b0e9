import fp from "fastify-plugin";
import { migrationState } from "../../db/client";

/** How long /readyz waits for the database before it says the database is not reachable. */
const DATABASE_PROBE_MS = 2000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  );
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * /healthz: the process is alive and serving (no database round trip: a liveness probe must not restart a process
 * because the database is slow). /readyz: this process should get traffic: the database answers, it has every
 * migration of this build, and the background jobs run. While the server shuts down every route, these included,
 * answers 503 (Fastify's return503OnClosing), so a load balancer stops sending before the process goes.
 */
export const healthPlugin = fp(
  async (app) => {
    app.get("/healthz", { schema: { hide: true } }, async () => ({ ok: true, database: app.database.kind }));
    app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
      const failing: string[] = [];
      const migrations = await within(DATABASE_PROBE_MS, migrationState(app.database.db)).catch((err: unknown) => {
        failing.push(`database not reachable: ${err instanceof Error ? err.message : String(err)}`);
        return null;
      });
      if (migrations && migrations.applied < migrations.expected)
        failing.push(`migrations: ${migrations.applied} of ${migrations.expected} applied`);
      const jobs = app.jobsState();
      if (jobs !== "running") failing.push(`jobs ${jobs}`);
      const body = {
        ok: failing.length === 0,
        database: app.database.kind,
        migrations,
        jobs,
        ...(failing.length ? { failing } : {}),
      };
      return reply.status(failing.length ? 503 : 200).send(body);
    });
  },
  { name: "health", dependencies: ["database", "jobs"] },
);
