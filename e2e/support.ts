import { expect, type Page } from "@playwright/test";
import { DEFAULT_DEMO_PASSWORD } from "../server/config";
import { ROLE_AREAS, type Role } from "../contract/roles";

export const DEMO_PASSWORD = DEFAULT_DEMO_PASSWORD;

export const DEMO_ROLES: ReadonlyArray<{ username: string; role: Role }> = [
  { username: "admin", role: "admin" },
  { username: "reseller", role: "reseller" },
  { username: "manager", role: "manager" },
  { username: "user", role: "user" },
  { username: "depthead", role: "department_head" },
];

/** Logs in through the real login form and waits for the role's home. */
export async function login(page: Page, username: string, role: Role, baseURL?: string): Promise<void> {
  await page.goto(baseURL ? `${baseURL}/` : "/");
  await page.getByLabel("Email or username").fill(username);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${ROLE_AREAS[role].home}$`));
}

/** A bearer token for API set-up steps, from the same login call the console makes. */
export async function apiToken(page: Page, username: string): Promise<string> {
  const res = await page.request.post("/api/v1/auth/login", { data: { email: username, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.token as string;
}

/** A screenshot once lazy screens and tables have finished loading, kept in .tmp/e2e-shots for a person to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  await expect(page.locator(".ant-spin-spinning, .ant-spin-blur")).toHaveCount(0);
  await page.screenshot({ path: `.tmp/e2e-shots/${name}.png`, fullPage: true });
}

/**
 * Waits until an antd dialog has finished zooming in. antd zooms a dialog from the pointer's last click, so a click
 * Playwright aims while the zoom runs can land beside the button (a "Start and hold" click was lost that way).
 */
export async function dialogSettled(page: Page): Promise<void> {
  await expect(page.locator(".ant-modal").last()).not.toHaveClass(/ant-zoom-(appear|enter)/);
}
