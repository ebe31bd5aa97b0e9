import { ADMIN } from "./access";
import { FileBytes, replies } from "./replies";
import type { CallDef } from "./types";

/** Calls of ours for the people who run the server (not in SPEC). */
export const OPERATION_CALLS = {
  "operations.backup": {
    method: "POST",
    path: "/api/admin/backup",
    access: ADMIN,
    download: true,
    response: replies({ 200: FileBytes }),
    summary:
      "A consistent backup of the whole database, streamed: on PGlite its data directory as a .tar.gz (`npm run restore` puts it back), " +
      "on PostgreSQL a pg_dump custom-format archive (pg_restore puts it back). `npm run backup` calls it.",
  },
} as const satisfies Record<string, CallDef>;
