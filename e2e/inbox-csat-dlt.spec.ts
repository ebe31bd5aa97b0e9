import { THEME_STORAGE_KEY } from "../contract/constants";
import { CSAT_DLT_MESSAGES } from "../contract/domain/csat";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { login, shot } from "./support";

// The CSAT settings and DLT routes (issue 40 item 6): a DLT template id none of the account's SMS templates has is
// refused with the reason under the field and nothing saved; the demo manager's registered survey template
// ("Satisfaction survey", 1107160000000000005) saves. Light and dark, with axe. (Saving with no template while an SMS
// header is on a DLT route, and the card's warning, are server/test/chat-csat-dlt.test.ts's.)

const UNKNOWN = "1107169999999999999";

test("the CSAT settings refuse an unregistered DLT template id, under the field (light and dark)", async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "light"]);
  await login(page, "manager", "manager");
  await page.goto("/organization/agents");
  const card = page.locator(".ant-card").filter({ hasText: "Customer satisfaction" });
  const field = card.getByLabel("DLT template ID for SMS");
  await field.fill(UNKNOWN);
  await card.getByRole("button", { name: "Save survey" }).click();
  await expect(card.getByText(CSAT_DLT_MESSAGES.unknown(UNKNOWN))).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "inbox-csat-dlt-refused-light");
  expect(await scan(page, "light CSAT settings, DLT id refused")).toEqual([]);
  await page.reload();
  await expect(field).toHaveValue("");

  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "dark"]);
  await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "dark"]);
  await page.reload();
  await field.fill(UNKNOWN);
  await card.getByRole("button", { name: "Save survey" }).click();
  await expect(card.getByText(CSAT_DLT_MESSAGES.unknown(UNKNOWN))).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "inbox-csat-dlt-refused-dark");
  expect(await scan(page, "dark CSAT settings, DLT id refused")).toEqual([]);
  await field.fill("1107160000000000005");
  await card.getByRole("button", { name: "Save survey" }).click();
  await expect(page.getByText("Satisfaction survey saved")).toBeVisible();
  await page.reload();
  await expect(field).toHaveValue("1107160000000000005");
  // Back to none, for the specs after this one.
  await field.fill("");
  await card.getByRole("button", { name: "Save survey" }).click();
  await expect(page.getByText("Satisfaction survey saved").first()).toBeVisible();
});
