// The environment the server process runs with, unless the caller's own environment sets the same names:
// scripts/start.mjs and the benchmarks pass it; the Dockerfile repeats it as ENV (server/test/container.test.ts
// checks).
//
// glibc's mmap threshold, fixed at 2 MB: by default glibc raises it to the size of each large block freed (up to
// 32 MB), after which the start-up's large temporaries (V8's compile zones, PGlite's buffers) are carved from
// malloc's arenas and stay resident; fixed, they go back to the system when freed. Idle server ~285 → ~245 MiB, and
// dispatch is no slower (README "npm start"; a 128 KB threshold cost ~12 % of it). Other C libraries ignore it.
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: "2097152" };

/** `env` (default: this process's) over SERVER_ENV. */
export const serverEnv = (env = process.env) => ({ ...SERVER_ENV, ...env });
