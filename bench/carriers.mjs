#!/usr/bin/env node
// `npm run bench -- carriers [--recipients N] [--numbers K] [--mps R] [--smpp-mps S] [--only whatsapp,smpp,rcs]`:
// messages per second through each real carrier adapter's stand-in, with durable state (PGlite on disk, and
// PostgreSQL too when DATABASE_URL is set). Each run is one campaign (WhatsApp: one per number) of N recipients sent
// through the real adapter, dispatcher and receipts, and checks that no recipient was lost or sent twice:
// - WhatsApp Cloud API (bench/carriers-whatsapp-run.ts): K phone numbers of one WABA, each limited to R messages/s
//   (Meta's default 80, refused beyond with 130429); messages/s per number.
// - SMPP (bench/carriers-smpp-run.ts): one bind to the SMSC stand-in at the contract's S submit_sm/s (default 100,
//   ESME_RTHROTTLED beyond); says whether that target was met.
// - Google RBM (bench/carriers-rcs-run.ts): one agent at the RBM stand-in, every number RCS-capable, receipts through
//   the signed webhook.
// What the runs share is in bench/lib/carrier-bench.ts.
import { spawnSync } from "node:child_process";
import { option } from "./lib/server.mjs";

const args = process.argv.slice(2);
const env = {
  ...process.env,
  BENCH_RECIPIENTS: option(args, "recipients", "4000"),
  BENCH_NUMBERS: option(args, "numbers", "1"),
  BENCH_MPS: option(args, "mps", "80"),
  BENCH_SMPP_MPS: option(args, "smpp-mps", "100"),
};
const only = option(args, "only", "whatsapp,smpp,rcs").split(",");
const run = (script, extra) =>
  spawnSync(process.execPath, ["--import", "tsx", script], { stdio: "inherit", env: { ...env, ...extra } }).status ?? 1;

let code = 0;
for (const name of only) {
  const script = `bench/carriers-${name}-run.ts`;
  code = run(script, { DATABASE_URL: "" }) || code;
  if (process.env.DATABASE_URL) code = run(script, {}) || code;
}
process.exit(code);
