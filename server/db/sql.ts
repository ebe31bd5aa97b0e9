// What every layer that writes SQL shares: the transaction handle, the rows of a raw statement, and PostgreSQL's array
// literal. Arrays travel as one text parameter in array syntax and are cast in SQL (`${pgArray(ids)}::bigint[]`),
// which both drivers (PGlite and node-postgres) pass through unchanged; so a statement's text is the same every time
// and the hot ones are planned once (client.ts, hot()).
import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

/** A transaction of either driver: the moves of a bigger unit of work (e.g. deciding a balance request). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** An element pgArray writes: NULL for null or undefined. */
export type PgArrayItem = string | number | null | undefined;

/** One array literal: `{1,2}` or `{"a","b",NULL}` with quotes and backslashes escaped. */
export function pgArray(values: readonly PgArrayItem[]): string {
  const items = values.map((v) =>
    v === null || v === undefined
      ? "NULL"
      : typeof v === "number"
        ? String(v)
        : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`,
  );
  return `{${items.join(",")}}`;
}

/** The rows of a raw statement, typed by the caller (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
