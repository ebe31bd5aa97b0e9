import { expect, test } from "./fixtures";
import { MSG } from "../contract/messages";
import { DEMO_ROLES, login, shot } from "./support";

/** What each role's sidebar must and must not show (SPEC 2). */
const SIDEBAR: Record<string, { has: string[]; hasNot: string[] }> = {
  admin: {
    has: ["Dashboard", "Campaigns", "Users Management", "Quota Reports", "Settings", "Support", "Feedback"],
    hasNot: ["Quota Management", "Workspace"],
  },
  reseller: {
    has: ["Dashboard", "Campaigns", "Users Management", "Quota Management", "Settings"],
    hasNot: ["Quota Reports", "Workspace"],
  },
  manager: {
    has: [
      "Workspace",
      "Overview",
      "Campaign Management",
      "Team Reports",
      "Conversations",
      "API Control",
      "Team Members",
      "Settings",
    ],
    hasNot: ["Users Management"],
  },
  user: {
    has: ["Workspace", "Overview", "Campaign Management", "Performance Reports", "API Control"],
    hasNot: ["Team Reports", "Users Management"],
  },
  department_head: {
    has: ["Workspace", "Overview", "Team Reports", "Workflow Automation"],
    hasNot: ["Users Management"],
  },
};

for (const { username, role } of DEMO_ROLES) {
  test(`${username} logs in and lands on its home with its sidebar`, async ({ page }) => {
    await login(page, username, role);
    const nav = page.getByRole("navigation").or(page.locator("aside")).first();
    for (const item of SIDEBAR[role].has) await expect(nav.getByText(item, { exact: true }).first()).toBeVisible();
    for (const item of SIDEBAR[role].hasNot) await expect(nav.getByText(item, { exact: true })).toHaveCount(0);
    await shot(page, `home-${username}`);
  });
}

test("opening another role's area alerts and sends the user home", async ({ page }) => {
  await login(page, "user", "user");
  await page.goto("/admin/users");
  await expect(page.getByText(MSG.unauthorizedArea)).toBeVisible();
  await expect(page).toHaveURL(/\/user$/);
});

test("unauthenticated visitors go to the login page", async ({ page }) => {
  await page.goto("/reseller/users");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});

test("an unknown path shows the 404 page", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByText(MSG.notFoundTitle)).toBeVisible();
  await expect(page.getByText(MSG.notFoundText)).toBeVisible();
  await shot(page, "not-found");
});

test("the URL guard stops injection attempts and lets near misses through", async ({ page }) => {
  await login(page, "manager", "manager");
  await page.goto("/organization/campaigns?name=1'%20or%201=1--");
  await expect(page.getByText(MSG.suspicious)).toBeVisible();
  await expect(page).not.toHaveURL(/campaigns/);
  await page.goto("/organization/campaigns?search=selection");
  await expect(page).toHaveURL(/campaigns\?search=selection$/);
  await expect(page.getByText(MSG.suspicious)).toHaveCount(0);
});
