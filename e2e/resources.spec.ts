import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { ROLE_AREAS } from "../contract/roles";
import { MSG } from "../contract/messages";
import { areaRoutes, gatingModule } from "../resources";
import { DEMO_ACCOUNTS } from "../server/seed";
import { DEMO_ROLES, login, shot } from "./support";

/** Client-side navigation, as a sidebar click would do, so one sign-in covers every route of an area. */
async function visit(page: Page, path: string, stays = true): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  // A route this role may not open redirects at once; then only the redirect's target is checked. A list page may
  // add its page and size to the URL (useTable syncWithLocation) once it has loaded.
  if (stays) await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, "\\/")}(\\?|$)`));
}

for (const { username, role } of DEMO_ROLES) {
  test(`every route of the ${role} area renders its page, Coming soon or Access Restricted`, async ({ page }) => {
    test.setTimeout(120_000);
    const held = DEMO_ACCOUNTS.find((a) => a.username === username)?.modules ?? [];
    await login(page, username, role);
    const main = page.locator("main");
    for (const route of areaRoutes(role)) {
      if (route.path === "") continue;
      const path = `${ROLE_AREAS[role].prefix}/${route.path}`;
      const allowed = !route.allow || route.allow.includes(role);
      await visit(page, path, allowed);
      if (!allowed) {
        // SPEC 2: a route that lists other roles sends this one home.
        await expect(page).toHaveURL(new RegExp(`${ROLE_AREAS[role].home}$`));
        // The home screen must have settled before the next push, or a late redirect could land on top of it.
        await expect(main.getByRole("heading", { name: /^Welcome back/ })).toBeVisible();
        continue;
      }
      await expect(main.getByText(MSG.notFoundTitle)).toHaveCount(0);
      const module = gatingModule(route.resource, role);
      if (module && !held.includes(module)) {
        await expect(main.getByRole("heading", { name: MSG.accessRestrictedTitle }), path).toBeVisible();
        await expect(main.getByText(route.title, { exact: true }), path).toBeVisible();
      } else {
        await expect(main.getByRole("heading", { name: route.title, exact: true }).first(), path).toBeVisible();
      }
    }
  });
}

test("a module-gated URL typed by hand explains Access Restricted instead of opening the screen", async ({ page }) => {
  await login(page, "manager", "manager");
  await page.goto("/organization/api-management");
  await expect(page.getByRole("heading", { name: MSG.accessRestrictedTitle })).toBeVisible();
  await expect(page.getByText(/contact your account manager/i)).toBeVisible();
  await expect(page.getByText(MSG.comingSoon)).toHaveCount(0);
  await shot(page, "route-access-restricted");
});

test("/api opens the API keys screen (API Control)", async ({ page }) => {
  await login(page, "user", "user");
  await page.goto("/user/api");
  await expect(page.locator("main").getByRole("heading", { name: "API Control", exact: true })).toBeVisible();
  await expect(page.getByText(MSG.notFoundTitle)).toHaveCount(0);
});
