// Opaque cursors for keyset paging: base64url of the row's (created_at, id), so a page never skips or repeats a
// row when others are added or deleted meanwhile (an offset would).
import { badRequest } from "../../http/errors";

export interface CursorKey {
  createdAt: Date;
  id: string;
}

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.createdAt.toISOString(), key.id])).toString("base64url");
}

export function decodeCursor(raw: string, field: "before" | "after"): CursorKey {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === "string" && typeof value[1] === "string") {
      const createdAt = new Date(value[0]);
      if (!Number.isNaN(createdAt.getTime()) && /^[0-9a-f-]{36}$/i.test(value[1])) return { createdAt, id: value[1] };
    }
  } catch {
    // falls through to the refusal below
  }
  throw badRequest(`${field}: is not a cursor this server gave out`, [
    { field, message: "is not a cursor this server gave out" },
  ]);
}
