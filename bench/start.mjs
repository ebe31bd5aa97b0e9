#!/usr/bin/env node
// `npm run bench -- start [--runs N] [--port P]`: time from `npm start` to a healthy /healthz on an existing PGlite
// data directory with the console already built (the everyday restart), median of several runs.
import { rmSync } from "node:fs";
import { median, option, startServer } from "./lib/server.mjs";

const args = process.argv.slice(2);
const runs = Number(option(args, "runs", "5"));
const port = Number(option(args, "port", process.env.BENCH_PORT ?? "8393"));
const DATA = ".tmp/bench-start-data";

rmSync(DATA, { recursive: true, force: true });
const env = { DATA_DIR: DATA, DATABASE_URL: "" };
// The first start creates the data directory and builds whatever is stale; it is not measured.
await (await startServer({ command: "npm", args: ["start", "--silent"], env, port })).stop();
const samples = [];
for (let i = 0; i < runs; i++) {
  const server = await startServer({ command: "npm", args: ["start", "--silent"], env, port });
  samples.push(Math.round(server.readyMs));
  await server.stop();
}
console.log(
  `\n\`npm start\` → healthy, existing data directory, ${runs} runs: median ${median(samples)} ms (${samples.join(", ")} ms)`,
);
rmSync(DATA, { recursive: true, force: true });
