import { join } from "node:path";
import { diskStorage } from "./disk";
import { s3Storage, type S3Config } from "./s3";
import type { Storage } from "./storage";

export type { Storage } from "./storage";
export type { S3Config } from "./s3";
export { sniffMedia, sniffMimeType, type SniffedMedia } from "./sniff";

/** The S3-compatible store when S3_BUCKET is set, otherwise disk under DATA_DIR/uploads. */
export function createStorage(dataDir: string, s3?: S3Config): Storage {
  if (s3) return s3Storage(s3);
  return diskStorage(
    join(dataDir.startsWith("memory://") ? join(process.cwd(), ".tmp", "uploads-memory") : dataDir, "uploads"),
  );
}
