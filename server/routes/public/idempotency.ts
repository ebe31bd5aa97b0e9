// The public API's Idempotency-Key: the key and a hash of what the request asks (route and body), and the answer an
// earlier request under the same key got (api_idempotency, kept 24 hours). The sends store their answers in their
// group commit (services/public-api/accept.ts); the contacts upsert stores its own with its write.
import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { sql } from "drizzle-orm";
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_PATTERN, PUBLIC_API_HEADERS } from "../../../contract/domain/api-keys";
import type { SendOutcome } from "../../services/public-api/accept";
import { publicError, type ApiCaller } from "../../services/public-api/caller";
import { rowsOf, type Tx } from "../../db/sql";
import type { RouteContext } from "../context";

/** JSON with its object keys sorted: two bodies that say the same thing hash the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

const VISIBLE_ASCII = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** The request's Idempotency-Key and the hash of what it asks (route and body), or undefined without one. */
export function idempotencyOf(request: FastifyRequest): { key: string; bodyHash: string } | undefined {
  const raw = request.headers[PUBLIC_API_HEADERS.idempotencyKey.toLowerCase()];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (key === undefined || key === "") return undefined;
  if (key.length > IDEMPOTENCY_KEY_MAX || !VISIBLE_ASCII.test(key)) {
    const message = `must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters`;
    const field = PUBLIC_API_HEADERS.idempotencyKey;
    throw publicError("invalidRequest", `${field}: ${message}`, { errors: [{ field, message }] });
  }
  return {
    key,
    bodyHash: createHash("sha256")
      .update(`${request.routeOptions.url}\n${canonical(request.body)}`)
      .digest("hex"),
  };
}

/** An earlier answer under this key: replayed (same body) or refused (another body). Checked before any work. */
export async function earlierAnswer(
  ctx: RouteContext,
  caller: ApiCaller,
  idem: { key: string; bodyHash: string },
): Promise<SendOutcome | null> {
  const [row] = await rowsOf<{ body_hash: string; status: number; response: unknown }>(
    ctx.db,
    sql`select body_hash, status, response from api_idempotency where user_id = ${caller.userId} and key = ${idem.key} and created_at > now() - interval '24 hours'`,
  );
  if (!row) return null;
  return row.body_hash === idem.bodyHash
    ? { kind: "replay", status: row.status, body: row.response }
    : { kind: "conflict" };
}

/** Stores an answer under the key, in the transaction of the write it answers (a key stored meanwhile wins). */
export async function rememberAnswer(
  tx: Tx,
  caller: ApiCaller,
  idem: { key: string; bodyHash: string },
  answer: { status: number; body: unknown },
): Promise<void> {
  await tx.execute(
    sql`insert into api_idempotency (user_id, key, body_hash, status, response)
        values (${caller.userId}, ${idem.key}, ${idem.bodyHash}, ${answer.status}, ${JSON.stringify(answer.body)}::jsonb)
        on conflict (user_id, key) do update set body_hash = excluded.body_hash, status = excluded.status,
          response = excluded.response, created_at = now()
          where api_idempotency.created_at < now() - interval '24 hours'`,
  );
}
