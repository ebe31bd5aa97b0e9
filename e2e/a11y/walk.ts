import { expect, type Page } from "@playwright/test";
import { scan, settle, type Finding } from "./axe";

/**
 * Client-side navigation, as a sidebar click does, so one sign-in covers a whole area; it has arrived when a heading
 * matching `title` shows (the previous screen stays up while the next one's code loads).
 */
export async function visit(page: Page, path: string, title: RegExp): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, "\\/")}(\\?|$)`));
  await expect(page.locator("main").getByRole("heading", { name: title }).first()).toBeVisible({ timeout: 60_000 });
}

const OPEN_OVERLAY = ".ant-modal-wrap:visible, .ant-drawer-open .ant-drawer-content-wrapper:visible";

/**
 * The screen's own create dialog or drawer, found on the page rather than listed: the first primary button with a
 * plus icon in the content area. Scanned open, then closed with Escape.
 */
export async function scanCreateOverlay(page: Page, screen: string): Promise<Finding[]> {
  // A child route's form is already open over its list.
  if ((await page.locator(OPEN_OVERLAY).count()) > 0) return [];
  const opener = page.locator("main button.ant-btn-primary:has(.anticon-plus):visible:not([aria-haspopup])").first();
  if ((await opener.count()) === 0 || !(await opener.isEnabled())) return [];
  const before = page.url();
  const name = (await opener.innerText()).trim() || "create";
  await opener.click();
  const overlay = page.locator(OPEN_OVERLAY).first();
  // A dialog opens (over the same URL or a child route's), the button navigates to a create screen of its own (scanned
  // as a route), or it opens a menu of kinds (New campaign): whichever shows first, rather than waiting out the
  // dialog's 3 s on every screen whose button does something else. Each branch settles; none rejects.
  const settled = (wait: Promise<unknown>, result: boolean) =>
    wait.then(
      () => result,
      () => false,
    );
  const visible = (wait: Promise<unknown>) => settled(wait, true);
  let opened = await Promise.race([
    visible(overlay.waitFor({ state: "visible", timeout: 3_000 })),
    settled(
      page.waitForURL((url) => url.href !== before, { timeout: 3_000 }),
      false,
    ),
    settled(page.locator(".ant-dropdown:visible").first().waitFor({ state: "visible", timeout: 3_000 }), false),
  ]);
  // A child route's dialog shows a moment after its URL.
  if (!opened && page.url() !== before) opened = await visible(overlay.waitFor({ state: "visible", timeout: 1_000 }));
  if (!opened) {
    if (page.url() !== before) await page.goBack();
    else await page.keyboard.press("Escape");
    return [];
  }
  const found = await scan(page, `${screen} [${name}]`);
  await page.keyboard.press("Escape");
  await expect(page.locator(OPEN_OVERLAY)).toHaveCount(0, { timeout: 5_000 });
  if (page.url() !== before) await page.goBack();
  await settle(page);
  return found;
}
