// The scale bench's body (bench/scale.mjs): for each process count a fresh database on DATABASE_URL, the cluster
// (server/test/cluster/cluster.ts: the server bundle, the balancer) and the scale driver without a kill, for the
// throughput; then the most processes again with one SIGKILLed at 30% and restarted, for the correctness checks.
// Prints each run's figures, the scaling ratio against one process, and the load average at the start and end.
import { loadavg } from "node:os";
import { startCluster } from "../server/test/cluster/cluster";
import { runScale, type ScaleResult } from "../server/test/cluster/driver";
import { scenarioParts } from "../server/test/cluster/scenario-parts";
import { DEMO_PASSWORD, freshDatabase } from "../server/test/harness";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 50);
const COUNTS = (process.env.BENCH_PROCESSES ?? "1,2,3")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const KILL = process.env.BENCH_KILL !== "false";
const RESET_LIMIT = 6;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

/** One run: `processes` server processes, optionally one of them killed at 30% of the campaign. */
async function run(processes: number, kill: boolean): Promise<ScaleResult & { served: number[] }> {
  const database = await freshDatabase();
  const cluster = await startCluster(database, {
    processes,
    // The pace of a real carrier account is not what is measured: the sandbox and the dispatcher are left unpaced.
    env: { DISPATCH_WHATSAPP_MPS: "100000", DISPATCH_LEASE_MS: "5000", RATE_LIMIT_RESET_PER_IP: String(RESET_LIMIT) },
  });
  const victim = processes - 1;
  try {
    const result = await runScale({
      base: `http://127.0.0.1:${cluster.balancer.port}`,
      backendPorts: () => cluster.servers.map((s) => s.port),
      sockets: () => [...cluster.balancer.sockets.values()],
      database,
      password: DEMO_PASSWORD,
      recipients: RECIPIENTS,
      agents: AGENTS,
      chatPerSecond: Math.max(5, AGENTS / 2),
      minChat: AGENTS * 4,
      killAt: kill ? 0.3 : null,
      victim,
      kill: () => cluster.kill(victim),
      restart: () => cluster.restart(victim),
      sendLog: cluster.sendLog,
      resetLimit: RESET_LIMIT,
      // Spread over about as long as the campaign takes at 1,000 messages a second, so the kill falls among them.
      parts: scenarioParts({
        apiSends: { count: Math.max(50, RECIPIENTS / 200), everyMs: 200 },
        reports: { count: 5, everyMs: Math.max(1000, RECIPIENTS / 5) },
      }),
      log: (m) => console.log(`  ${m}`),
    });
    if (result.problems.length > 0)
      for (const [i, s] of cluster.servers.entries()) console.log(`  process ${i} stderr: ${s.stderr().slice(-2000)}`);
    return { ...result, served: [...cluster.balancer.served] };
  } finally {
    await cluster.stop();
    cluster.remove();
    await database.close();
  }
}

const rows: { label: string; result: ScaleResult & { served: number[] } }[] = [];
console.log(
  `scale bench: ${RECIPIENTS} recipients, ${AGENTS} agents, processes ${COUNTS.join(", ")}${KILL ? " and a SIGKILL run" : ""}; load average ${load()}`,
);
const plan: [number, boolean][] = [
  ...COUNTS.map((n): [number, boolean] => [n, false]),
  ...(KILL && COUNTS.length > 0 ? [[Math.max(...COUNTS), true] as [number, boolean]] : []),
];
for (const [processes, kill] of plan) {
  const label = `${processes} process${processes > 1 ? "es" : ""}${kill ? ", one SIGKILLed" : ""}`;
  console.log(`\n${label} (load average ${load()})`);
  const result = await run(processes, kill);
  rows.push({ label, result });
  const f = result.figures;
  console.log(
    `  ${f.messagesPerSecond.toFixed(0)} messages/s (${f.recipients} in ${f.sendSeconds.toFixed(1)} s); chat: ${f.chatSent} customer messages, to agent p50 ${f.inboundToAgentP50} ms p95 ${f.inboundToAgentP95} ms, ` +
      `reply ack p95 ${f.replyAckP95} ms, customer POST p95 ${f.postP95} ms; ${f.crossProcessDeliveries} cross-process deliveries; requests per process ${result.served.join("/")}` +
      (kill
        ? `; killed at ${f.acceptedBeforeKill} sent, ${f.resentAfterKill} offered to the carrier again (deduplicated)`
        : ""),
  );
  console.log(result.problems.length === 0 ? "  checks: all passed" : `  checks: ${result.problems.length} FAILED`);
}

console.log(`\nsummary (load average at the end ${load()}):`);
const base = rows.find((r) => r.label === "1 process")?.result.figures.messagesPerSecond;
for (const { label, result } of rows) {
  const f = result.figures;
  const ratio = base ? ` (x${(f.messagesPerSecond / base).toFixed(2)})` : "";
  console.log(
    `  ${label.padEnd(26)} ${f.messagesPerSecond.toFixed(0).padStart(6)} messages/s${ratio}, to-agent p95 ${f.inboundToAgentP95} ms, POST p95 ${f.postP95} ms, ${result.problems.length === 0 ? "ok" : "FAILED"}`,
  );
}
process.exit(rows.every((r) => r.result.problems.length === 0) ? 0 : 1);
