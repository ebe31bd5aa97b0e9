// The small scale run of issue 16 (the big one is `npm run bench -- scale`): two server processes on one PostgreSQL
// behind a sticky balancer; a 1,000-recipient campaign, 5 agents chatting with customers over sockets, one process
// killed with SIGKILL mid-run and started again. No recipient twice or skipped, no chat message lost, every socket
// event to its own tenant on whichever process, sessions and rate limits across processes, balances equal to ledgers.
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase } from "./harness";
import { startCluster, type Cluster } from "./cluster/cluster";
import { runScale } from "./cluster/driver";
import { scenarioParts } from "./cluster/scenario-parts";
import { DEMO_PASSWORD } from "./harness";

let cluster: Cluster | undefined;
afterAll(async () => {
  if (!cluster) return;
  for (const s of cluster.servers) if (s.child.exitCode === null) s.child.kill("SIGKILL");
  await cluster.balancer.close().catch(() => undefined);
  cluster.remove();
});

describe("two processes behind a balancer, one killed mid-run", () => {
  it("lose nothing: 1,000 recipients once each, every chat message stored, answered and delivered to its tenant", async () => {
    const database = await freshDatabase();
    try {
      const RESET_LIMIT = 6;
      cluster = await startCluster(database, {
        processes: 2,
        env: {
          DISPATCH_WHATSAPP_MPS: "60",
          DISPATCH_BATCH: "40",
          DISPATCH_LEASE_MS: "2000",
          RATE_LIMIT_RESET_PER_IP: String(RESET_LIMIT),
        },
      });
      const c = cluster;
      const result = await runScale({
        base: `http://127.0.0.1:${c.balancer.port}`,
        backendPorts: () => c.servers.map((s) => s.port),
        sockets: () => [...c.balancer.sockets.values()],
        database,
        password: DEMO_PASSWORD,
        recipients: 1000,
        agents: 5,
        chatPerSecond: 8,
        minChat: 40,
        killAt: 0.3,
        victim: 1,
        kill: () => c.kill(1),
        restart: () => c.restart(1),
        sendLog: c.sendLog,
        resetLimit: RESET_LIMIT,
        parts: scenarioParts({ apiSends: { count: 50, everyMs: 200 }, reports: { count: 2, everyMs: 4000 } }),
        log: (m) => console.info(`scale: ${m}`),
      });
      if (result.problems.length > 0)
        for (const [i, s] of c.servers.entries()) console.info(`process ${i} stderr: ${s.stderr().slice(-3000)}`);
      const codes = await c.stop();
      console.info(
        `scale (2 processes): ${JSON.stringify({ ...result.figures, servedPerBackend: c.balancer.served })}`,
      );
      expect(result.problems).toEqual([]);
      expect(result.figures.acceptedBeforeKill).toBeGreaterThan(0);
      expect(result.figures.acceptedBeforeKill).toBeLessThan(1000);
      // A graceful stop of each process exits 0.
      expect(codes).toEqual([0, 0]);
    } finally {
      await database.close();
    }
  }, 420_000);
});
