#!/usr/bin/env node
// `npm run backup -- [--url URL] [--out FILE]`: asks the running server for a consistent backup (the admin-only
// POST /api/admin/backup) and writes it to FILE (default: the name the server gives, in the current directory).
// PGlite answers its data directory as a .tar.gz (`npm run restore` puts it back), PostgreSQL a pg_dump archive.
// Credentials of an admin account: BACKUP_TOKEN (a session token), or BACKUP_EMAIL and BACKUP_PASSWORD.
import { createWriteStream, renameSync, rmSync } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const base = option("url", process.env.BACKUP_URL || `http://127.0.0.1:${process.env.PORT || 8080}`).replace(
  /\/+$/,
  "",
);

async function token() {
  if (process.env.BACKUP_TOKEN) return process.env.BACKUP_TOKEN;
  const email = process.env.BACKUP_EMAIL;
  const password = process.env.BACKUP_PASSWORD;
  if (!email || !password) throw new Error("set BACKUP_TOKEN, or BACKUP_EMAIL and BACKUP_PASSWORD (an admin account)");
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok || !body.data?.token) throw new Error(`sign-in failed (${res.status}): ${body.message ?? ""}`);
  return body.data.token;
}

try {
  const res = await fetch(`${base}/api/admin/backup`, {
    method: "POST",
    headers: { authorization: `Bearer ${await token()}` },
  });
  if (!res.ok || !res.body) {
    const body = await res.json().catch(() => ({}));
    throw new Error(`the server answered ${res.status}: ${body.message ?? ""}`);
  }
  const named = /filename="?([^";]+)"?/.exec(res.headers.get("content-disposition") ?? "")?.[1];
  const out = option("out", named ?? "backup");
  // Written beside, renamed when complete: a cut download never leaves a file that looks like a backup.
  const partial = `${out}.partial`;
  try {
    await pipeline(Readable.fromWeb(res.body), createWriteStream(partial));
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  renameSync(partial, out);
  console.log(`backup written to ${out}`);
} catch (err) {
  console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
