import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { precompiledValidators } from "./scripts/validators-plugin.mjs";

/** What both web projects share. */
const WEB = {
  environment: "jsdom",
  setupFiles: ["src/test/setup.ts"],
  server: { deps: { inline: [/@refinedev\//] } },
  // A first render of an antd screen in jsdom takes a few seconds when the server files run beside it on two cores:
  // vitest's 5 s default failed renders there that take 0.3 s alone.
  testTimeout: 20_000,
};
/** Web test files that replace modules (vi.mock): each runs in a fresh module graph. */
const ISOLATED = "src/**/*.isolated.test.{ts,tsx}";

export default defineConfig({
  // Web tests import the generated RJSF validators: write them before any test file loads.
  plugins: [precompiledValidators()],
  test: {
    // Vitest's default is one worker less than the cores: one on a 2-core machine. Server files spend much of their
    // time waiting (timers, child processes, a dispatcher's pace), so one more worker than cores keeps both busy.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          name: "server",
          environment: "node",
          include: ["contract/**/*.test.ts", "server/**/*.test.ts", "schemas/**/*.test.ts"],
          // *.pg.test.ts need several processes on one PostgreSQL: they run in the PostgreSQL pass of npm test only.
          exclude: process.env.DATABASE_URL
            ? configDefaults.exclude
            : [...configDefaults.exclude, "server/**/*.pg.test.ts"],
          // PGlite start-up and scrypt make server files slower than unit tests.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The PostgreSQL pass (scripts/test.mjs) runs its files one at a time: several start server processes of
          // their own and time what they see.
          fileParallelism: !process.env.SERIAL_SERVER_TESTS,
          // One migrated database that every file's freshDatabase copies.
          globalSetup: ["server/test/global-setup.ts"],
          // A worker's files share the server's modules instead of each loading (and compiling) them again in a
          // fresh process: 210 s of summed import time became 27, the server project 418 s -> 360 s on 2 cores.
          // Safe because server state lives per database or app (caches are keyed by them), no server test mocks a
          // module or sets process.env, and the few spies and fake timers are restored in the file that made them.
          isolate: false,
        },
      },
      {
        test: {
          ...WEB,
          name: "web",
          include: ["src/**/*.test.{ts,tsx}", "resources/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ISOLATED],
          // As on the server: a worker's files share the loaded modules instead of each loading antd, Refine and the
          // pages again (summed setup 74 s -> 5, the project alone 83 s -> 22 on 2 cores). RTL unmounts after every
          // test (setup.ts); a file that replaces a module (vi.mock) would leak it into the next files, so those are
          // *.isolated.test.* and run in the project below (src/test/isolation.test.ts keeps it so).
          isolate: false,
        },
      },
      {
        test: { ...WEB, name: "web-isolated", include: [ISOLATED] },
      },
    ],
  },
});
