import { badRequest } from "../../http/errors";

/** Where a responses page ended: the last recipient's audience row and id (the page order's key). */
export interface RecipientCursor {
  row: number;
  id: number;
}

// Opaque to clients (base64url of "row.id") so the key can change without changing the call.
export function encodeRecipientCursor(cursor: RecipientCursor): string {
  return Buffer.from(`${cursor.row}.${cursor.id}`).toString("base64url");
}

const KEY = /^(-?\d{1,10})\.(\d{1,18})$/;

export function decodeRecipientCursor(raw: string): RecipientCursor {
  const match = KEY.exec(Buffer.from(raw, "base64url").toString("utf8"));
  const row = match ? Number(match[1]) : NaN;
  const id = match ? Number(match[2]) : NaN;
  if (!Number.isSafeInteger(row) || !Number.isSafeInteger(id) || Math.abs(row) > 2 ** 31)
    throw badRequest("The cursor is not valid", [{ field: "cursor", message: "is not valid" }]);
  return { row, id };
}
