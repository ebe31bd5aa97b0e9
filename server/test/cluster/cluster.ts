// A cluster for the scale scenario: N server processes (the bundle) on one PostgreSQL database behind the balancer,
// all sharing the sandbox's send log (one provider), with a kill -9 and a restart of one of them.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { DEMO_PASSWORD } from "../harness";
import { startBalancer, type Balancer } from "./balancer";
import { buildBundle, startServer, stopServer, type ServerProcess } from "./servers";

export interface Cluster {
  balancer: Balancer;
  servers: ServerProcess[];
  sendLog: string;
  env: Record<string, string>;
  kill(index: number): Promise<void>;
  restart(index: number): Promise<void>;
  /** SIGTERM to every process; resolves with their exit codes. */
  stop(): Promise<(number | string | null)[]>;
  remove(): void;
}

export interface ClusterOptions {
  processes: number;
  /** Per-process environment on top of the defaults below (dispatch pace, lease, limits). */
  env?: Record<string, string>;
}

/** Seeds the demo accounts on `database` (migrated by opening it), then starts the processes and the balancer. */
export async function startCluster(database: Database, options: ClusterOptions): Promise<Cluster> {
  const dataDir = mkdtempSync(join(tmpdir(), "cluster-"));
  const seeder = await buildApp({
    database,
    logger: false,
    config: { demoPassword: DEMO_PASSWORD, webRoot: "./.no-web-root", jwtSecret: "cluster-secret", dataDir },
  });
  await seeder.ready();
  await seeder.close();
  const bundle = await buildBundle("cluster");
  const sendLog = join(dataDir, "sends.log");
  const env: Record<string, string> = {
    DATABASE_URL: database.url ?? "",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    JWT_SECRET: "cluster-secret",
    DEMO_PASSWORD,
    SANDBOX_SEND_LOG: sendLog,
    SANDBOX_SEED: "cluster",
    SANDBOX_SENT_MS: "5-50",
    SANDBOX_DELIVERY_MS: "20-200",
    SANDBOX_READ_MS: "50-500",
    SANDBOX_REPLY_MS: "100-1000",
    SANDBOX_WHATSAPP_MPS: "1000000",
    SANDBOX_SMS_MPS: "1000000",
    SANDBOX_RCS_MPS: "1000000",
    RATE_LIMIT_LOGIN_PER_IP: "100000",
    JOB_INTERVAL_MS: "250",
    DISPATCH_IDLE_MS: "100",
    ...options.env,
  };
  const servers: ServerProcess[] = await Promise.all(
    Array.from({ length: options.processes }, () => startServer(bundle.main, env)),
  );
  const balancer = await startBalancer(servers.map((s) => s.port));
  // In rotation once the balancer has seen each /readyz.
  while (balancer.backends.some((b) => !b.ready)) await new Promise((r) => setTimeout(r, 50));
  return {
    balancer,
    servers,
    sendLog,
    env,
    kill: async (index) => {
      servers[index].child.kill("SIGKILL");
      await servers[index].exited;
    },
    restart: async (index) => {
      servers[index] = await startServer(bundle.main, env, servers[index].port);
    },
    stop: async () => {
      const codes = await Promise.all(servers.map((s) => stopServer(s)));
      await balancer.close();
      return codes;
    },
    remove: () => bundle.remove(),
  };
}
