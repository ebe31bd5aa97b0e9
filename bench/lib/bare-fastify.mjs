#!/usr/bin/env node
// The yardstick of `npm run bench -- api`: a bare Fastify JSON route on loopback, `node bench/lib/bare-fastify.mjs PORT`.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/bare", async () => ({ success: true, hello: "world" }));
await app.listen({ port: Number(process.argv[2]), host: "127.0.0.1" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => void app.close().then(() => process.exit(0)));
