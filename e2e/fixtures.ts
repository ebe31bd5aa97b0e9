import { test as base } from "@playwright/test";
import { workerPort } from "./ports";

export { expect } from "@playwright/test";

/**
 * Playwright's test, with each worker's pages pointed at that worker's own server (playwright.config.ts starts one
 * per worker). E2E_BASE_URL, a server started elsewhere, keeps every worker on it.
 */
export const test = base.extend({
  // (Playwright names the second argument `use`; another name keeps React's hook rule from mistaking it for a hook.)
  baseURL: async ({ baseURL }, provide, testInfo) => {
    await provide(process.env.E2E_BASE_URL ? baseURL : `http://127.0.0.1:${workerPort(testInfo.parallelIndex)}`);
  },
});
