import { CALLS } from "../calls";
import type { CallDef } from "../calls/types";

/** The fields of a call the console reads; everything else (schemas, summaries) stays on the server's side. */
const ROUTE_FIELDS = [
  "method",
  "path",
  "access",
  "module",
  "requiredIds",
  "queryDefaults",
  "failure",
  "multipart",
  "download",
] as const;

export function routeOf(def: CallDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of ROUTE_FIELDS) if (def[field] !== undefined) out[field] = def[field];
  return out;
}

/** Text of call-routes.ts: the call table without its TypeBox schemas, so the login route does not ship them. */
export function buildCallRoutesModule(): string {
  const rows = Object.entries(CALLS).map(([id, def]) => `  ${JSON.stringify(id)}: ${JSON.stringify(routeOf(def))},`);
  return [
    "// Generated from contract/calls by `npm run call-routes` (contract/routes/generate-call-routes.ts); do not edit.",
    "// contract/routes/call-routes.test.ts fails when it is stale.",
    'import type { CallId } from "../calls";',
    'import type { CallRoute } from "./call-route";',
    "",
    "export const CALL_ROUTES: Readonly<Record<CallId, CallRoute>> = {",
    ...rows,
    "};",
    "",
  ].join("\n");
}
