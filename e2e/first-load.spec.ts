import { expect, test } from "./fixtures";
import { login, shot } from "./support";

/**
 * A name that is not localhost, mapped to loopback by Chromium itself (playwright.config.ts: --host-resolver-rules):
 * to the browser an ordinary http origin, not a secure one like localhost or 127.0.0.1, so a page served there
 * behaves as it does at a LAN address, while every packet stays on this machine.
 */
const PLAIN_HTTP_HOST = "console.test";

test("over plain http at a name that is not localhost the console renders and signs in", async ({ page, baseURL }) => {
  const upgraded: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith("https:")) upgraded.push(request.url());
  });
  await login(page, "reseller", "reseller", `http://${PLAIN_HTTP_HOST}:${new URL(baseURL ?? "").port}`);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  expect(upgraded).toEqual([]);
  await shot(page, "plain-http-lan");
});

test("a signed-in reload requests the first view's code at once, not stage after stage", async ({ page }) => {
  await login(page, "reseller", "reseller");
  // Each script answers only after DELAY_MS: a chunk requested in a later stage is requested after an earlier
  // stage's answer arrived.
  const DELAY_MS = 400;
  const requested = new Map<string, number>();
  const answered = new Map<string, number>();
  // Vite names a chunk `<name>-<8-character hash>.js`, and the hash may itself contain "-".
  const chunk = (url: string) => /\/assets\/([\w-]+)-[\w-]{8}\.js$/.exec(url)?.[1];
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    const name = chunk(route.request().url());
    if (name && !requested.has(name)) requested.set(name, Date.now());
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    await route.continue();
    if (name) answered.set(name, Date.now());
  });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  for (const name of ["route-screen", "dashboard"]) {
    expect(requested.get(name), `${name} requested`).toBeDefined();
    expect(requested.get(name) ?? Infinity, `${name} requested before the shell's code arrived`).toBeLessThan(
      answered.get("authenticated-app") ?? 0,
    );
  }
});
