import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { createSmsCampaign, numbersFor } from "./campaign-helpers";
import { apiToken, login, pick, shot } from "./support";

// Issue 37: SMS rates by DLT template category. The rate screens list them beside the SMS rate ("SMS · Promotional",
// ...); a reseller sets its customer's promotional rate, which the history names.

const CATEGORY_KEYS = ["sms_transactional", "sms_service_implicit", "sms_service_explicit", "sms_promotional"];
const CATEGORY_ROWS = ["SMS · Transactional", "SMS · Service implicit", "SMS · Service explicit", "SMS · Promotional"];

test("a reseller sets a customer's promotional SMS rate; the rows are grouped and named", async ({ page }) => {
  await login(page, "reseller", "reseller");
  await page.goto("/reseller/settings/rates");
  await pick(page, "Customer", /^manager( ·|$)/);
  const card = page.locator(".ant-card").filter({ hasText: "Customer rates" }).first();
  // The category rows follow the SMS row, in the contract's order, each named.
  await expect(card.locator("tr[data-row-key=sms_promotional]")).toBeVisible();
  const keys = await card.locator("tbody tr[data-row-key]").evaluateAll((rows) => rows.map((r) => r.dataset.rowKey));
  const at = keys.indexOf("sms");
  expect(keys.slice(at, at + 5)).toEqual(["sms", ...CATEGORY_KEYS]);
  for (const [i, key] of CATEGORY_KEYS.entries())
    await expect(card.locator(`tr[data-row-key=${key}] td`).first()).toHaveText(CATEGORY_ROWS[i]);
  const promo = card.locator("tr[data-row-key=sms_promotional]");
  const current = (await card.locator("[data-rate=sms_promotional]").textContent()) ?? "";
  // A retry on the same server finds the last attempt's rate: save one the card does not have yet.
  const rupees = current === "₹0.55" ? "0.60" : "0.55";
  await card.getByLabel("New SMS · Promotional rate in rupees").fill(rupees);
  await card.getByRole("button", { name: "Save rates" }).click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("1 rate saved")).toBeVisible();
  await expect(card.locator("[data-rate=sms_promotional]")).toHaveText(`₹${rupees}`);
  await expect(promo).toContainText("Own card");
  const history = page.locator(".ant-table").filter({ hasText: "History of changes" });
  await expect(history.getByRole("row").filter({ hasText: "SMS · Promotional" }).first()).toContainText(`₹${rupees}`);
  await shot(page, "sms-rates-reseller");
  expect(await scan(page, "customer rates with SMS categories light")).toEqual([]);
});

for (const theme of ["light", "dark"] as const) {
  test(`the admin's message rates list the SMS categories (${theme})`, async ({ page }) => {
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
    await login(page, "admin", "admin");
    await page.goto("/admin/settings/rates");
    for (const label of CATEGORY_ROWS) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    await expect(page.locator("[data-rate=sms_promotional]")).toBeVisible();
    const cards = page.locator(".ant-card").filter({ hasText: "Rate cards of accounts and resellers" });
    await pick(page, "Account", /^globex( ·|$)/);
    await expect(cards.locator("tr[data-row-key=sms_promotional]")).toBeVisible();
    await shot(page, `sms-rates-admin-${theme}`);
    expect(await scan(page, `message rates with SMS categories ${theme}`)).toEqual([]);
  });
}

test("a ready draft's estimate in the campaign list says when it was priced", async ({ page }) => {
  await login(page, "manager", "manager");
  const token = await apiToken(page, "manager");
  const name = `As of ${Date.now()}`;
  await createSmsCampaign(page.request, token, name, numbersFor(Date.now()));
  await page.goto("/organization/campaigns");
  const row = page.getByRole("row").filter({ hasText: name });
  const asOf = row.getByText(/^as of \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(asOf).toBeVisible();
  // The reason is a keyboard focus away.
  await asOf.scrollIntoViewIfNeeded();
  await asOf.focus();
  await expect(page.getByRole("tooltip")).toContainText("A rate changed since shows when the campaign is reviewed");
  await shot(page, "sms-rates-campaign-list-as-of");
  expect(await scan(page, "campaign list with an estimate as of")).toEqual([]);
});
