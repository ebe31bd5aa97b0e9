// Rows a statement reads, from EXPLAIN ANALYZE: the rows-read tests' measure (rows-read-inbox, rows-read-contacts).
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/** Rows a plan read: per scan node, the rows it passed on and those it threw away, over all its loops. */
function rowsRead(plan: PlanNode): number {
  return nodes(plan)
    .filter((n) => /Scan$/.test(n["Node Type"]) && n["Node Type"] !== "Subquery Scan")
    .reduce(
      (sum, n) =>
        sum +
        ((n["Actual Rows"] ?? 0) + (n["Rows Removed by Filter"] ?? 0) + (n["Rows Removed by Index Recheck"] ?? 0)) *
          (n["Actual Loops"] ?? 1),
      0,
    );
}

/** Rows read by one recorded statement, and a line saying where (printed when a call goes over its budget). */
export async function explainedRows(db: Db, text: string, values: unknown[]): Promise<{ read: number; where: string }> {
  const result = (await db.execute(sql.raw(`explain (analyze, format json) ${inline(text, values)}`))) as unknown as {
    rows: { "QUERY PLAN": unknown }[];
  };
  const raw = result.rows[0]?.["QUERY PLAN"];
  const plan = ((typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0]!.Plan;
  const scans = nodes(plan)
    .filter((n) => /Scan$/.test(n["Node Type"]))
    .map((n) => `${n["Node Type"]} ${n["Index Name"] ?? n["Relation Name"] ?? ""} ${rowsRead({ ...n, Plans: [] })}`);
  return { read: rowsRead(plan), where: `${rowsRead(plan)}: ${text.slice(0, 160)} [${scans.join("; ")}]` };
}

/** The statement with its parameters written in as literals (EXPLAIN of a bare text is the same on both drivers). */
function inline(text: string, values: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(values[Number(n) - 1]));
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return `'${value.toISOString()}'`;
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}
