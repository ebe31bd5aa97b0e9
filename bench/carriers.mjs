#!/usr/bin/env node
// `npm run bench -- carriers [--recipients N] [--numbers K] [--mps R]`: messages per second through each real carrier
// adapter's stand-in, with durable state (PGlite on disk, and PostgreSQL too when DATABASE_URL is set). WhatsApp
// Cloud API: K phone numbers of one WABA at the stand-in, each limited to R messages/s (Meta's default 80, refused
// beyond with 130429), N recipients spread over one campaign per number; every send, webhook and receipt goes through
// the real adapter, webhook route and dispatcher. Prints messages/s per number and checks that nothing was lost or
// sent twice. The work is in bench/carriers-whatsapp-run.ts (the SMPP branch adds its own run here).
import { spawnSync } from "node:child_process";
import { option } from "./lib/server.mjs";

const args = process.argv.slice(2);
const env = {
  ...process.env,
  BENCH_RECIPIENTS: option(args, "recipients", "4000"),
  BENCH_NUMBERS: option(args, "numbers", "1"),
  BENCH_MPS: option(args, "mps", "80"),
};
const run = (extra) => spawnSync(process.execPath, ["--import", "tsx", "bench/carriers-whatsapp-run.ts"], { stdio: "inherit", env: { ...env, ...extra } }).status ?? 1;

let code = run({ DATABASE_URL: "" });
if (process.env.DATABASE_URL) code ||= run({});
process.exit(code);
