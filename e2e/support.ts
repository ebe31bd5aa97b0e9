import { expect, type Page } from "@playwright/test";
import { DEFAULT_DEMO_PASSWORD } from "../server/config";
import { ROLE_AREAS, type Role } from "../contract/roles";
import { THEME_STORAGE_KEY } from "../contract/constants";

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

/**
 * Picks an option of an antd select by its accessible name, in that select's own list (the combobox's
 * `aria-controls`). The list is opened from the keyboard (focus, ArrowDown), not by a click at the box's place: a
 * click while the form redraws lands where the box was (CI's runs waited minutes on a list that never opened), and a
 * list of another select still fading out must not count as this one's. Tried again until the option is taken.
 */
export async function pick(page: Page, label: string, option: string | RegExp): Promise<void> {
  const box = page.getByRole("combobox", { name: label, exact: true });
  const list = async () =>
    page
      .locator(".ant-select-dropdown")
      .filter({ has: page.locator(`[id="${await box.getAttribute("aria-controls")}"]`) });
  try {
    await expect(async () => {
      await expect(box).toBeEnabled({ timeout: 3_000 });
      if ((await box.getAttribute("aria-expanded")) !== "true") {
        await box.focus();
        await box.press("ArrowDown");
      }
      await (
        await list()
      )
        .locator(".ant-select-item-option")
        .filter({ hasText: option })
        .first()
        .click({ timeout: 3_000 });
      // A click that lands while the list is still sliding in can miss and leave it open: then try again (a
      // multiple select stays open by design).
      if (!(await box.evaluate((el) => Boolean(el.closest(".ant-select-multiple")))))
        await expect(box).not.toHaveAttribute("aria-expanded", "true", { timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
  } catch (e) {
    // Say what the list held, so a failure on CI explains itself.
    const shown = await (await list()).innerText({ timeout: 1_000 }).catch(() => "(no list open)");
    const state = `expanded=${await box.getAttribute("aria-expanded")}, disabled=${await box.isDisabled()}`;
    throw new Error(`"${label}": no option ${String(option)} (${state}); the list showed: ${JSON.stringify(shown)}`, {
      cause: e,
    });
  }
}

/** Switches the console's theme for this page and the pages it opens next, and reloads so it applies. */
export async function setTheme(page: Page, theme: "light" | "dark"): Promise<void> {
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
  await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
  await page.reload();
}
