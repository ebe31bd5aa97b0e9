// Rows a statement reads, measured: the statements a call sends are recorded (freshDatabase's queryLog), then each
// is run again under EXPLAIN (ANALYZE, FORMAT JSON) and its scan nodes' rows summed: the rows each scan returned plus
// those its filter threw away, times its loops. A call whose rows read grow with the campaign (a count(*) over it,
// an ORDER BY that sorts all of it) shows here on a seeded database long before anyone waits for it in production.
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

export interface Statement {
  sql: string;
  params: unknown[];
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

// Nodes that read a table or an index. A bitmap index scan's rows are read again by its heap scan: counted there.
const SCANS = new Set(["Seq Scan", "Index Scan", "Index Only Scan", "Bitmap Heap Scan", "Tid Scan", "Tid Range Scan"]);

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/** Records the statements sent while `recording` is on (pass `queryLog` to freshDatabase). */
export function statementRecorder(): {
  queryLog: (text: string, params: unknown[]) => void;
  record: <T>(work: () => Promise<T>) => Promise<{ result: T; statements: Statement[] }>;
} {
  let current: Statement[] | null = null;
  return {
    queryLog: (text, params) => {
      current?.push({ sql: text, params });
    },
    async record(work) {
      current = [];
      try {
        const result = await work();
        return { result, statements: current };
      } finally {
        current = null;
      }
    },
  };
}

export interface RowsRead {
  rows: number;
  /** The scans by relation, for the failure message. */
  scans: string[];
}

/** Rows one statement reads (EXPLAIN ANALYZE runs it: only for reads). */
export async function rowsRead(database: Database, statement: Statement): Promise<RowsRead> {
  const result = (await database.db.execute(
    sql.raw(`explain (analyze, format json) ${inline(statement.sql, statement.params)}`),
  )) as unknown as { rows: { "QUERY PLAN": unknown }[] };
  const raw = result.rows[0]["QUERY PLAN"];
  const plan = ((typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0].Plan;
  let rows = 0;
  const scans: string[] = [];
  for (const n of nodes(plan)) {
    if (!SCANS.has(n["Node Type"])) continue;
    const read =
      ((n["Actual Rows"] ?? 0) + (n["Rows Removed by Filter"] ?? 0) + (n["Rows Removed by Index Recheck"] ?? 0)) *
      (n["Actual Loops"] ?? 1);
    rows += read;
    scans.push(`${n["Node Type"]} on ${n["Relation Name"] ?? "?"}: ${Math.round(read)}`);
  }
  return { rows: Math.round(rows), scans };
}

/** Only what reads: writes (and locking reads) are not re-run under EXPLAIN ANALYZE. */
export const isRead = (s: Statement): boolean => /^\s*(select|with)\b/i.test(s.sql) && !/\bfor update\b/i.test(s.sql);

/** The statement with its parameters written in as literals (EXPLAIN of a bare text is the same on both drivers). */
export function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value))
    return `'${`{${value.map((v) => (v === null ? "NULL" : `"${String(v).replace(/["\\]/g, "\\$&")}"`)).join(",")}}`.replace(/'/g, "''")}'`;
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}
