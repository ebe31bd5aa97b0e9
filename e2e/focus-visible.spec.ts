import { THEME_STORAGE_KEY } from "../contract/constants";
import { tabThrough, type FocusStop } from "./a11y/focus-ring";
import { expect, test } from "./fixtures";
import { login } from "./support";

/** WCAG 1.4.11: a focus indicator needs 3:1 against what is around it. */
const MIN_CONTRAST = 3;

function weak(stops: FocusStop[]): string[] {
  return stops
    .filter((s) => !s.ring || s.contrast < MIN_CONTRAST)
    .map((s) => `${s.name}: ${s.ring ?? "no ring"} ${s.contrast}:1`);
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
    });

    test("every stop of the login page shows a focus ring, password before 'Forgot password?'", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
      // The username field takes focus on load; a click on the page's background starts the tab order from the top.
      await page.mouse.click(5, 5);
      const stops = await tabThrough(page, 20);
      expect(stops.map((s) => s.name.split(" ")[0]).slice(0, 3), JSON.stringify(stops)).toEqual([
        "input",
        "input",
        "a",
      ]);
      expect(stops[2].name).toContain("Forgot password?");
      expect(stops.length).toBeGreaterThanOrEqual(5);
      expect(weak(stops)).toEqual([]);
    });

    test("every stop of the shell shows a focus ring", async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await login(page, "manager", "manager");
      // A fresh load (the session survives it) starts the tab order at the top of the document.
      await page.reload();
      await expect(page.getByRole("link", { name: /home$/ })).toBeVisible();
      const stops = await tabThrough(page, 80);
      // The logo link, the sidebar, the header's controls and the footer's links are all on the way.
      expect(stops.length).toBeGreaterThan(10);
      expect(stops.some((s) => s.name.includes("home"))).toBe(true);
      expect(stops.some((s) => s.name.includes("Toggle sidebar"))).toBe(true);
      expect(weak(stops)).toEqual([]);
    });

    test("every stop of the Create API key dialog shows a focus ring", async ({ page }) => {
      await login(page, "user", "user");
      await page.goto("/user/api-management");
      await page.getByRole("button", { name: "Create API key" }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      // The form is lazy: its fields replace a skeleton once they load.
      await expect(dialog.getByRole("textbox").first()).toBeVisible();
      await expect(dialog.locator(".ant-skeleton")).toHaveCount(0);
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
      const stops = await tabThrough(page, 60);
      expect(stops.length).toBeGreaterThan(5);
      expect(weak(stops)).toEqual([]);
    });
  });
}
