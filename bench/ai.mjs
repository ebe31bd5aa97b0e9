#!/usr/bin/env node
// `npm run bench -- ai`: classification latency and knowledge search latency of the AI agent hub on 10,000 passages
// (PGlite on disk, through the real calls). BENCH_PASSAGES and BENCH_RUNS change the size and the number of
// measured calls. The work is in bench/ai-run.ts; target p95 < 50 ms each on 2 cores.
import { spawnSync } from "node:child_process";

const result = spawnSync(process.execPath, ["--import", "tsx", "bench/ai-run.ts"], {
  stdio: "inherit",
  env: { ...process.env, LOG_LEVEL: "warn" },
});
process.exit(result.status ?? 1);
