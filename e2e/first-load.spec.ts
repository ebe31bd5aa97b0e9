import { networkInterfaces } from "node:os";
import { expect, test } from "@playwright/test";
import { MAIN_PORT } from "./ports";
import { login, shot } from "./support";

/** An address of this machine that is not loopback: to Chromium an ordinary origin, not a secure one like localhost. */
function lanAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((a) => a?.family === "IPv4" && !a.internal);
  if (!found) throw new Error("this machine has no non-loopback IPv4 address to open the console at");
  return found.address;
}

test("over plain http at the machine's LAN address the console renders and signs in", async ({ page }) => {
  const upgraded: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith("https:")) upgraded.push(request.url());
  });
  await login(page, "reseller", "reseller", `http://${lanAddress()}:${MAIN_PORT}`);
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
  const chunk = (url: string) => /\/assets\/([a-z-]+)-[\w-]+\.js$/i.exec(url)?.[1];
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
    expect(requested.get(name) ?? Infinity, `${name} requested before the shell's code arrived`).toBeLessThan(answered.get("authenticated-app") ?? 0);
  }
});
