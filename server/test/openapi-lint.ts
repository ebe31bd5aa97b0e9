import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The OpenAPI linters as a developer runs them: the installed CLIs (devDependencies, pinned) with the repository's
// configurations, as child processes, with the network cut off and every attempt to use it recorded (CI has none).

const ROOT = process.cwd();
/** The configurations, copied beside the document: Redocly reads its ignore file from the config's folder. */
const CONFIGS = ["redocly.yaml", ".redocly.lint-ignore.yaml", ".spectral.yaml"];
/** No telemetry and no update check: Redocly would otherwise call home. */
const OFFLINE_ENV = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };

/**
 * Loaded into each CLI's Node (NODE_OPTIONS --require): every outbound connection or name lookup is written to the
 * file NETWORK_LOG names and then fails as an unreachable network would, so a run that tried to fetch anything shows.
 */
const NO_NETWORK = `
const fs = require("node:fs"), net = require("node:net"), dns = require("node:dns");
const note = (what) => fs.appendFileSync(process.env.NETWORK_LOG, what + "\\n");
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const o = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (o && typeof o === "object" && o.path) return connect.apply(this, args);
  note("connect " + (o && typeof o === "object" ? (o.host ?? "localhost") + ":" + o.port : String(o)));
  process.nextTick(() => this.destroy(Object.assign(new Error("network is off in this run"), { code: "ENETUNREACH" })));
  return this;
};
const lookup = dns.lookup;
dns.lookup = function (host, ...rest) {
  note("lookup " + host);
  return lookup.call(this, "no-network.invalid", ...rest);
};
`;

export interface LintResult {
  /** Connections and name lookups the CLI tried (none, offline). */
  network: string[];
  errors: number;
  warnings: number;
  /** Redocly's findings accepted in .redocly.lint-ignore.yaml. */
  ignored: number;
  /** Every finding, as `rule at location: message`, to read when a count is wrong. */
  problems: string[];
}

interface Cli {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(name: string, args: string[], cwd: string): Promise<Cli & { network: string[] }> {
  const log = join(cwd, `${name}-network.log`);
  const env = {
    ...OFFLINE_ENV,
    NETWORK_LOG: log,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${join(cwd, "no-network.cjs")}`.trim(),
  };
  return new Promise((resolve) => {
    execFile(
      join(ROOT, "node_modules", ".bin", name),
      args,
      { cwd, env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const network = existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : [];
        resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr, network });
      },
    );
  });
}

/** A run that printed no report is a broken run, not a clean document. */
function reportOf<T>(run: Cli, text: string, name: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`${name} gave no report (exit ${run.code}): ${run.stderr.slice(-2000)}`);
  }
}

interface RedoclyReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: {
    ruleId: string;
    severity: string;
    message: string;
    ignored?: boolean;
    location: { pointer?: string }[];
  }[];
}

async function redocly(dir: string): Promise<LintResult> {
  const run = await cli("redocly", ["lint", "--config", "redocly.yaml", "--format", "json", "openapi.json"], dir);
  const report = reportOf<RedoclyReport>(run, run.stdout, "redocly");
  return {
    ...report.totals,
    network: run.network,
    problems: report.problems
      .filter((p) => !p.ignored)
      .map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? "?"}: ${p.message}`),
  };
}

/** Spectral's severities: 0 error, 1 warning, 2 information, 3 hint. */
interface SpectralResult {
  code: string;
  message: string;
  severity: number;
  path: (string | number)[];
}

async function spectral(dir: string): Promise<LintResult> {
  const run = await cli(
    "spectral",
    ["lint", "--ruleset", ".spectral.yaml", "--format", "json", "--output", "spectral.json", "openapi.json"],
    dir,
  );
  let text = "";
  try {
    text = readFileSync(join(dir, "spectral.json"), "utf8");
  } catch {
    // No file: reportOf says why.
  }
  const results = reportOf<SpectralResult[]>(run, text, "spectral");
  return {
    errors: results.filter((r) => r.severity === 0).length,
    warnings: results.filter((r) => r.severity === 1).length,
    ignored: 0,
    network: run.network,
    problems: results.map(
      (r) => `${["error", "warning", "info", "hint"][r.severity]} ${r.code} at ${r.path.join(".")}: ${r.message}`,
    ),
  };
}

/** Both linters on one document, side by side. */
export async function lintOpenApi(document: unknown): Promise<{ redocly: LintResult; spectral: LintResult }> {
  const dir = mkdtempSync(join(tmpdir(), "openapi-lint-"));
  try {
    for (const file of CONFIGS) copyFileSync(join(ROOT, file), join(dir, file));
    writeFileSync(join(dir, "no-network.cjs"), NO_NETWORK);
    writeFileSync(join(dir, "openapi.json"), JSON.stringify(document));
    const [r, s] = await Promise.all([redocly(dir), spectral(dir)]);
    return { redocly: r, spectral: s };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
