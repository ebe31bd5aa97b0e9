import { join } from "node:path";
import { diskStorage } from "./disk";
import type { Storage } from "./storage";

export type { Storage } from "./storage";
export { sniffMimeType } from "./sniff";

/** Disk under DATA_DIR/uploads by default; the S3-compatible store (S3_* variables) is added by the uploads work. */
export function createStorage(dataDir: string): Storage {
  return diskStorage(join(dataDir.startsWith("memory://") ? join(process.cwd(), ".tmp", "uploads-memory") : dataDir, "uploads"));
}
