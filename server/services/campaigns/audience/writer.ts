import { sql } from "drizzle-orm";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Db } from "../../../db/client";

// Bulk writes of the ingest (STACK gotcha 8): never drizzle's insert builder, which allocates an object per value.
// PGlite takes one multi-row INSERT of literals per batch; PostgreSQL takes COPY, the fastest way in.

export interface RecipientRow {
  row: number;
  number: string;
  variables: string[] | null;
}

export interface RejectedRow {
  row: number;
  value: string;
  kind: "invalid" | "duplicate";
  reason: string;
}

export interface BatchWriter {
  recipients(campaignId: string, userId: string, rows: readonly RecipientRow[]): Promise<void>;
  rejected(campaignId: string, rows: readonly RejectedRow[]): Promise<void>;
}

// PostgreSQL text cannot hold NUL; everything else is quoted.
const literal = (value: string) => `'${value.replace(/\0/g, "").replace(/'/g, "''")}'`;
const arrayLiteral = (values: readonly string[] | null) => (values ? `ARRAY[${values.map(literal).join(",")}]::text[]` : "NULL");

function sqlWriter(db: Db): BatchWriter {
  return {
    async recipients(campaignId, userId, rows) {
      if (!rows.length) return;
      const head = `${literal(campaignId)},${literal(userId)},`;
      // Numbers are E.164 (a plus and digits): nothing in them to escape.
      const values = rows.map((r) => `(${head}${r.row},'${r.number}',${arrayLiteral(r.variables)})`).join(",");
      await db.execute(sql.raw(`insert into campaign_recipients (campaign_id,user_id,"row",number,variables) values ${values}`));
    },
    async rejected(campaignId, rows) {
      if (!rows.length) return;
      const id = literal(campaignId);
      const values = rows.map((r) => `(${id},${r.row},${literal(r.value)},'${r.kind}',${literal(r.reason)})`).join(",");
      await db.execute(sql.raw(`insert into campaign_rejected_rows (campaign_id,"row",value,kind,reason) values ${values}`));
    },
  };
}

/** COPY's text format: backslash, tab and line breaks escaped; NUL dropped. */
const copyText = (value: string) => value.replace(/\0/g, "").replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
/** An array literal {"a","b"} (quotes and backslashes escaped inside it), then escaped for COPY. */
const copyArray = (values: readonly string[] | null) =>
  values ? copyText(`{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`) : "\\N";

type CopyInto = (statement: string, text: string) => Promise<void>;

async function copyInto(pool: pg.Pool, statement: string, text: string): Promise<void> {
  const client = await pool.connect();
  try {
    await pipeline(Readable.from([text]), client.query(copyFrom(statement)));
  } finally {
    client.release();
  }
}

const poolCopy = (pool: pg.Pool): CopyInto => (statement, text) => copyInto(pool, statement, text);

function copyWriter(copy: CopyInto): BatchWriter {
  return {
    async recipients(campaignId, userId, rows) {
      if (!rows.length) return;
      const head = `${campaignId}\t${userId}\t`;
      let text = "";
      for (const r of rows) text += `${head}${r.row}\t${copyText(r.number)}\t${copyArray(r.variables)}\n`;
      await copy(`copy campaign_recipients (campaign_id,user_id,"row",number,variables) from stdin`, text);
    },
    async rejected(campaignId, rows) {
      if (!rows.length) return;
      let text = "";
      for (const r of rows) text += `${campaignId}\t${r.row}\t${copyText(r.value)}\t${r.kind}\t${copyText(r.reason)}\n`;
      await copy(`copy campaign_rejected_rows (campaign_id,"row",value,kind,reason) from stdin`, text);
    },
  };
}

/**
 * COPY through node-postgres on PostgreSQL (drizzle keeps the pool as $client); one multi-row INSERT of literals on
 * PGlite. (PGlite's COPY FROM '/dev/blob' was measured too: no faster here, 11.7 s against 8.6 s for 100,000 rows
 * on a loaded 2-core machine, so the plain statement stays.)
 */
export function batchWriter(db: Db): BatchWriter {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? copyWriter(poolCopy(client)) : sqlWriter(db);
}
