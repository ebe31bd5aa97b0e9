import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The OpenAPI linters as a developer runs them: the installed CLIs (devDependencies, pinned) with the repository's
// configurations, as child processes, and nothing from the network (CI has none).

const ROOT = process.cwd();
/** The configurations, copied beside the document: Redocly reads its ignore file from the config's folder. */
const CONFIGS = ["redocly.yaml", ".redocly.lint-ignore.yaml", ".spectral.yaml"];
/** No telemetry and no update check: Redocly would otherwise call home. */
const OFFLINE_ENV = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };

export interface LintResult {
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

function cli(name: string, args: string[], cwd: string): Promise<Cli> {
  return new Promise((resolve) => {
    execFile(join(ROOT, "node_modules", ".bin", name), args, { cwd, env: OFFLINE_ENV, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
    });
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
  problems: { ruleId: string; severity: string; message: string; ignored?: boolean; location: { pointer?: string }[] }[];
}

async function redocly(dir: string): Promise<LintResult> {
  const run = await cli("redocly", ["lint", "--config", "redocly.yaml", "--format", "json", "openapi.json"], dir);
  const report = reportOf<RedoclyReport>(run, run.stdout, "redocly");
  return {
    ...report.totals,
    problems: report.problems.filter((p) => !p.ignored).map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? "?"}: ${p.message}`),
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
  const run = await cli("spectral", ["lint", "--ruleset", ".spectral.yaml", "--format", "json", "--output", "spectral.json", "openapi.json"], dir);
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
    problems: results.map((r) => `${["error", "warning", "info", "hint"][r.severity]} ${r.code} at ${r.path.join(".")}: ${r.message}`),
  };
}

/** Both linters on one document, side by side. */
export async function lintOpenApi(document: unknown): Promise<{ redocly: LintResult; spectral: LintResult }> {
  const dir = mkdtempSync(join(tmpdir(), "openapi-lint-"));
  try {
    for (const file of CONFIGS) copyFileSync(join(ROOT, file), join(dir, file));
    writeFileSync(join(dir, "openapi.json"), JSON.stringify(document));
    const [r, s] = await Promise.all([redocly(dir), spectral(dir)]);
    return { redocly: r, spectral: s };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
