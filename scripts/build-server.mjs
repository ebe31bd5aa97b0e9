#!/usr/bin/env node
// The server as one ESM file and its parse worker as another (esbuild; packages stay in node_modules), with its
// migrations beside it: what `npm start` runs and what the container image runs. `node scripts/build-server.mjs
// [OUTDIR]` (default .build/server). OUTDIR must be inside the repository, so the bundle finds node_modules by walking
// up.
import { cpSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build, stop } from "esbuild";

export const SERVER_OUT = ".build/server";

export async function buildServer(outDir = SERVER_OUT) {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    // The server, and the document-parsing worker it starts beside itself (server/services/files/parse-in-worker.ts).
    entryPoints: {
      main: "server/main.ts",
      "parse-worker": "server/services/files/parse-worker.ts",
      "xlsx-worker": "server/services/files/xlsx-worker.ts",
    },
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    // Without the sources copied into the map (they are in the repository): stack traces still name the file and
    // line, and the map is 1 MB instead of 3.3, which a server run with --enable-source-maps (the Dockerfile) reads and
    // keeps in its heap for as long as it runs.
    sourcesContent: false,
    logLevel: "warning",
  });
  // esbuild's service process would otherwise live as long as this one.
  await stop();
  // server/db/client.ts finds its migrations beside itself (import.meta.url): beside the bundle now.
  cpSync("server/db/migrations", join(outDir, "migrations"), { recursive: true });
  return join(outDir, "main.mjs");
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? "")).href) {
  console.log(await buildServer(process.argv[2]));
}
