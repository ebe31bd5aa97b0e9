// The layer rules of eslint.config.js, run on one import line at a time: a lower layer refuses an import of a higher
// one at every depth, and what may be imported (or a same-named folder further down) passes.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function refused(filePath: string, from: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import { x } from "${from}";\nexport const y = x;\n`, { filePath });
  return (result?.messages ?? []).some((m) => m.ruleId === "no-restricted-imports");
}

const cases: readonly [file: string, from: string, refusedExpected: boolean][] = [
  ["server/services/users.ts", "../routes/users", true],
  ["server/services/users.ts", "../auth/guard", true],
  ["server/services/live-agents/agents.ts", "../../auth/passwords", true],
  ["server/services/campaigns/dispatch.ts", "../../jobs/claim-loop", true],
  ["server/services/ai/knowledge/search.ts", "../../../plugins/app/jobs", true],
  ["server/services/campaigns/dispatch.ts", "../../../server/routes/campaigns", true],
  ["server/db/pglite-maintenance.ts", "../services/campaigns/dispatch-sql", true],
  ["server/db/schema/accounts.ts", "../../services/ledger", true],
  ["server/db/client.ts", "../routes/index", true],
  ["server/config.ts", "./services/ai/llm", true],
  ["server/config/ai.ts", "../services/ai/llm", true],
  ["server/services/campaigns/dispatch.ts", "../../db/claim-loop", false],
  ["server/services/live-agents/agents.ts", "../passwords", false],
  ["server/services/users.ts", "../http/errors", false],
  ["server/services/campaigns/sub/x.ts", "../jobs/local", false],
  ["server/db/postgres.ts", "../config", false],
  ["server/config.ts", "./config/ai", false],
  ["server/jobs/workflow-events.ts", "../services/workflows/events", false],
  ["server/routes/auth/index.ts", "../../services/passwords", false],
];

describe("import boundaries (eslint.config.js)", () => {
  it.each(cases)("%s importing %s: refused %s", async (file, from, expected) => {
    expect(await refused(file, from)).toBe(expected);
  });
});
