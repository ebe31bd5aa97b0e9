// Where uploaded files live: on disk under DATA_DIR by default, in an S3-compatible store when S3_* is set.
// Keys are ours (never a user's file name), so a key cannot climb out of its folder.
import type { Readable } from "node:stream";

export interface Storage {
  readonly kind: "disk" | "s3";
  put(key: string, bytes: Uint8Array, mimeType: string): Promise<void>;
  /**
   * Writes a stream of unknown length without holding it in memory (audience files); a stream error leaves no object.
   */
  putStream(key: string, source: Readable, mimeType: string): Promise<void>;
  /** The bytes, or null when the key does not exist. */
  get(key: string): Promise<Readable | null>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Refuses keys that could escape the store's root (.., absolute paths, odd characters). */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((part) => part === ".." || part === "." || part === "")) {
    throw new Error(`invalid storage key: ${key}`);
  }
}
