import { existsSync } from "node:fs";
import { relative, resolve, sep } from "node:path";
import fastifyStatic, { type SetHeadersResponse } from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { MSG } from "../contract/messages";
import { isApiPath, pathOf } from "./http/paths";

const PLACEHOLDER = `<!doctype html><html><head><meta charset="utf-8"><title>Messaging Console</title></head>
<body style="font-family:system-ui;margin:4rem">
<h1>Messaging Console</h1><p>The API is running. The console has not been built: run <code>npm run build</code>
(or <code>npm start</code>, which builds it when missing).</p></body></html>`;

/** Vite names every file under assets/ by its content hash: a changed file is a new URL, so it may be kept forever. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html (and any unhashed file) names the current assets: revalidate it on every load. */
export const REVALIDATE = "no-cache";

/** Serves the built console with SPA fallback, so one port is the whole product; /api stays JSON. */
export async function registerWeb(app: FastifyInstance, webRoot: string): Promise<void> {
  const root = resolve(webRoot);
  const index = resolve(root, "index.html");
  const built = existsSync(index);
  const setHeaders = (res: SetHeadersResponse, path: string) => {
    const hashed = relative(root, path).startsWith(`assets${sep}`);
    res.setHeader("cache-control", hashed ? IMMUTABLE : REVALIDATE);
    // The same URL answers brotli, gzip or plain by Accept-Encoding: caches must key on it.
    res.setHeader("vary", "accept-encoding");
  };
  // wildcard: files are looked up per request, so a rebuild is served without a restart; a missing file falls
  // through to the not-found handler below. preCompressed: the build writes .br and .gz beside each file
  // (vite.config.ts), sent when the browser accepts them, so nothing is compressed per request.
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: "index.html",
      preCompressed: true,
      cacheControl: false,
      setHeaders,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    if (isApiPath(path) || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply.status(404).send({ success: false, message: MSG.notFound });
    }
    if (/\.[a-z0-9]+$/i.test(path) && path.startsWith("/assets/")) {
      return reply.status(404).send({ success: false, message: MSG.notFound });
    }
    if (!built) return reply.type("text/html").send(PLACEHOLDER);
    return reply.sendFile("index.html", root);
  });
}

/** registerWeb as a plugin; registered last, so its not-found handler answers what no route took. */
export const web = fp<{ webRoot: string }>(async (app, { webRoot }) => registerWeb(app, webRoot), { name: "web" });
