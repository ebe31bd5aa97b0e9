import { spawn } from "node:child_process";
import { Readable } from "node:stream";
import { HttpError } from "../../http/errors";
import { sendDownload } from "../campaigns";
import type { Handlers } from "../context";

/** How long pg_dump may take to say something (its first bytes, or why it cannot): a wrong version fails at once. */
const PG_DUMP_START_MS = 30_000;

const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");

/**
 * pg_dump's custom format on its stdout, once it has written its first bytes: a pg_dump that cannot run (missing, older
 * than the server, refused) answers a clear error instead of an empty file. A failure after that cuts the download, so
 * a partial archive never looks complete.
 */
async function pgDumpStream(binary: string, url: string): Promise<Readable> {
  const child = spawn(binary, ["--format=custom", "--no-owner", "--no-privileges", `--dbname=${url}`], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  const failed = new Promise<never>((_, reject) => {
    child.once("error", (err) =>
      reject(
        new HttpError(501, `Cannot run ${binary} (${err.message}): install PostgreSQL's client tools or set PG_DUMP`),
      ),
    );
    child.once("exit", (code) => {
      if (code !== 0) reject(new HttpError(500, `pg_dump failed: ${stderr.trim() || `exit ${code}`}`));
    });
  });
  const first = new Promise<void>((resolve) => child.stdout.once("readable", () => resolve()));
  const timer = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new HttpError(504, "pg_dump did not start in time")), PG_DUMP_START_MS).unref(),
  );
  try {
    await Promise.race([first, failed, timer]);
  } catch (err) {
    child.kill("SIGKILL");
    throw err;
  }
  failed.catch((err: Error) => child.stdout.destroy(err));
  return child.stdout;
}

export const operationHandlers: Handlers = {
  "operations.backup": async (request, reply, { config }) => {
    const database = request.server.database;
    request.log.info({ kind: database.kind }, "backup requested");
    if (database.dumpDataDir) {
      const archive = await database.dumpDataDir();
      // PGlite hands the archive over whole (it is in memory already).
      return sendDownload(
        reply,
        Readable.from([Buffer.from(await archive.arrayBuffer())]),
        "application/gzip",
        `backup-${stamp()}.tar.gz`,
      );
    }
    if (!database.url) throw new HttpError(501, "This database cannot be backed up from here");
    const stream = await pgDumpStream(config.pgDump ?? "pg_dump", database.url);
    return sendDownload(reply, stream, "application/octet-stream", `backup-${stamp()}.dump`);
  },
};
