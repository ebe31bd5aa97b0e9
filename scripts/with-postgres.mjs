#!/usr/bin/env node
// Runs a command against a throw-away real PostgreSQL cluster:
//   node scripts/with-postgres.mjs <cmd> [args...]
// The command gets DATABASE_URL=postgres://postgres@127.0.0.1:PORT/console_test (WITH_POSTGRES_SOCKET=1: the same
// database through the cluster's Unix socket, postgres://postgres@localhost/console_test?host=DIR&port=PORT, whose host
// parameter wins). The cluster is stopped and its directory removed afterwards, also on failure and on SIGINT/SIGTERM;
// we exit with the command's exit code. Uses Debian's binaries (apt-get install -y postgresql) without any system
// service.
import { spawn, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const DB_NAME = "console_test";
const cmd = process.argv.slice(2);
if (cmd.length === 0) {
  console.error("usage: node scripts/with-postgres.mjs <cmd> [args...]");
  process.exit(2);
}

/** Highest installed version's bin dir, e.g. /usr/lib/postgresql/15/bin (PG_BIN overrides). */
function findBinDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, "bin", "initdb")))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions.length ? path.join(base, versions[0], "bin") : null;
}

/** A free loopback port: bind to 0, read it, release it (a small race we accept). */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === "object" && addr ? addr.port : 0));
    });
  });
}

const binDir = findBinDir();
if (!binDir) {
  console.error("with-postgres: PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin.");
  console.error("with-postgres: install them with: apt-get install -y postgresql");
  process.exit(1);
}

// PostgreSQL refuses to run as root, so as root the cluster belongs to the postgres user.
const asRoot = process.getuid?.() === 0;
const root = mkdtempSync(path.join(os.tmpdir(), "with-pg-"));
const dataDir = path.join(root, "data");
const logFile = path.join(root, "postgres.log");
if (asRoot) {
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  chownSync(root, uid, gid);
} else {
  mkdirSync(dataDir);
}

/** Runs a PostgreSQL tool (as postgres when we are root) and resolves with its exit code. */
function pgTool(tool, args, { quiet = true } = {}) {
  const exe = path.join(binDir, tool);
  const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", exe, ...args]] : [exe, args];
  // cwd = root: the postgres user may not be able to read our working directory.
  const child = spawn(file, argv, { cwd: root, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
  let out = "";
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (out += d));
  return new Promise((resolve) => {
    child.on("error", (err) => resolve({ code: 1, out: out + String(err) }));
    child.on("close", (code) => resolve({ code: code ?? 1, out }));
  });
}

let started = false;
let cleaned = false;
let child = null;

async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  if (started) await pgTool("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
  rmSync(root, { recursive: true, force: true });
}

async function fail(msg, detail) {
  console.error(`with-postgres: ${msg}`);
  if (detail) console.error(detail.trim());
  if (existsSync(logFile)) console.error(readFileSync(logFile, "utf8").trim());
  await cleanup();
  process.exit(1);
}

// A signal during set-up cleans up and exits; during the command it is passed on,
// and clean-up happens when the command exits.
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(sig, () => {
    if (child && child.exitCode === null) {
      child.kill(sig);
    } else {
      void cleanup().then(() => process.exit(128 + os.constants.signals[sig]));
    }
  });
}

let r = await pgTool("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
if (r.code !== 0) await fail("initdb failed", r.out);

const port = await freePort();
const opts = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
started = true; // from here a half-started server must be stopped too
r = await pgTool("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", opts, "-w", "start"]);
if (r.code !== 0) await fail("pg_ctl start failed", r.out);

r = await pgTool("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", DB_NAME]);
if (r.code !== 0) await fail("createdb failed", r.out);

// WITH_POSTGRES_SOCKET=1: through the Unix socket, as a server on the database's own machine would connect.
const url =
  process.env.WITH_POSTGRES_SOCKET === "1"
    ? `postgres://postgres@localhost/${DB_NAME}?host=${encodeURIComponent(root)}&port=${port}`
    : `postgres://postgres@127.0.0.1:${port}/${DB_NAME}`;
console.error(`with-postgres: PostgreSQL from ${binDir} on port ${port}; DATABASE_URL=${url}`);

child = spawn(cmd[0], cmd.slice(1), { stdio: "inherit", env: { ...process.env, DATABASE_URL: url } });
const exitCode = await new Promise((resolve) => {
  child.on("error", (err) => {
    console.error(`with-postgres: cannot run ${cmd[0]}: ${err.message}`);
    resolve(127);
  });
  child.on("exit", (code, signal) => resolve(code ?? 128 + (os.constants.signals[signal] ?? 0)));
});
await cleanup();
process.exit(exitCode);
