import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import { createSmsCampaign, numbersFor } from "./campaign-helpers";
import { expect, test } from "./fixtures";
import { apiToken, login, pick, shot } from "./support";

// Issue 37: the admin sets a reseller's cost; the reseller sets its customer's rate above it (refused below), sees its
// margin; the customer's campaign estimate follows the new rate.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function perMessage(request: APIRequestContext, token: string, id: string): Promise<number> {
  const res = await request.get(`/api/v1/campaign-control/${id}/check`, { headers: auth(token) });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data.estimate.perMessage as number;
}

/** Types a new SMS rate into the card and saves it through the confirmation. */
async function saveSmsRate(page: Page, card: Locator, rupees: string): Promise<void> {
  await card.getByLabel("New SMS (per segment) rate in rupees").fill(rupees);
  await card.getByRole("button", { name: "Save rates" }).click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Save", exact: true }).click();
}

test("a reseller sets its customer's SMS rate above its own cost, and the customer's estimate follows", async ({
  page,
  browser,
  baseURL,
}) => {
  // Three people signed in one after another, a campaign's ingest and two checks.
  test.setTimeout(120_000);
  const signedIn = async (username: string, role: "reseller" | "manager") => {
    const other = await (await browser.newContext({ baseURL })).newPage();
    await login(other, username, role);
    return other;
  };
  // The admin: the reseller's own SMS rate (its cost) is ₹0.20.
  await login(page, "admin", "admin");
  await page.goto("/admin/settings/rates");
  const cards = page.locator(".ant-card").filter({ hasText: "Rate cards of accounts and resellers" });
  await pick(page, "Account", /^reseller( ·|$)/);
  await expect(cards.getByRole("radio", { name: "Reseller's own rates (its cost)" })).toBeChecked();
  await saveSmsRate(page, cards, "0.20");
  await expect(cards.locator("[data-rate=sms]")).toHaveText("₹0.20");
  await expect(cards.locator("tr[data-row-key=sms]")).toContainText("Own card");
  await expect(cards.getByRole("table").last()).toContainText("₹0.20");
  // The admin's list of every change has it too, with the account it was made on.
  const everyChange = page.locator(".ant-card").filter({ hasText: "Every rate change" });
  await expect(everyChange.getByRole("row").filter({ hasText: "₹0.20" }).first()).toContainText("reseller");
  await shot(page, "rate-cards-admin");
  expect(await scan(page, "message rates with a card light")).toEqual([]);

  // The customer (manager) has a ready SMS campaign of three one-part messages, priced at what it pays today.
  const managerToken = await apiToken(page, "manager");
  const campaign = await createSmsCampaign(page.request, managerToken, `Rates ${Date.now()}`, numbersFor(Date.now()));
  const before = await perMessage(page.request, managerToken, campaign);

  // The reseller: below its cost is refused; ₹0.40 is saved, with its ₹0.20 margin.
  const reseller = await signedIn("reseller", "reseller");
  await reseller.goto("/reseller/settings");
  await reseller.getByRole("button", { name: "Customer rates" }).click();
  await expect(reseller).toHaveURL(/\/reseller\/settings\/rates$/);
  await expect(reseller.getByRole("heading", { name: "Customer Rates" })).toBeVisible();
  await pick(reseller, "Customer", /^manager( ·|$)/);
  const card = reseller.locator(".ant-card").filter({ hasText: "Customer rates" }).first();
  const smsRow = card.locator("tr[data-row-key=sms]");
  await expect(smsRow).toContainText("₹0.20");
  await saveSmsRate(reseller, card, "0.15");
  await expect(reseller.getByText("The SMS rate is below your own cost of ₹0.20")).toBeVisible();
  await expect(reseller.locator("[data-rate=sms]")).toHaveText(`₹${before.toFixed(2)}`);
  // A retry on the same server finds the last attempt's rate on the card, and an unchanged rate saves nothing: the
  // rate saved is one the card does not have yet.
  const paise = Math.round(before * 100) === 40 ? 45 : 40;
  const rupees = (p: number) => `₹${(p / 100).toFixed(2)}`;
  await saveSmsRate(reseller, card, (paise / 100).toFixed(2));
  await expect(reseller.getByText("1 rate saved")).toBeVisible();
  await expect(reseller.locator("[data-rate=sms]")).toHaveText(rupees(paise));
  await expect(reseller.locator("[data-margin=sms]")).toHaveText(rupees(paise - 20));
  await expect(smsRow).toContainText("Own card");
  const history = reseller.locator(".ant-table").filter({ hasText: "History of changes" });
  await expect(history.getByRole("row").filter({ hasText: "reseller" }).first()).toContainText(rupees(paise));
  await expect(reseller.locator(".ant-card").filter({ hasText: "Margin earned" })).toContainText("manager");
  await shot(reseller, "rate-cards-reseller");
  expect(await scan(reseller, "customer rates light")).toEqual([]);

  // The customer's estimate: the new rate per message from now on (₹0.40, ₹1.20 for the three).
  expect(await perMessage(page.request, managerToken, campaign)).toBe(paise / 100);
  const manager = await signedIn("manager", "manager");
  await manager.goto(`/organization/campaigns/individual-reports?campaignId=${campaign}`);
  await expect(manager.locator(".ant-tag").filter({ hasText: /^Ready$/ })).toBeVisible();
  await manager.getByRole("button", { name: "Start" }).click();
  await expect(manager.locator(".ant-modal-confirm")).toContainText(`est. ${rupees(3 * paise)}`);
  await shot(manager, "rate-cards-customer-estimate");
  await manager.locator(".ant-modal-confirm").getByRole("button", { name: "Cancel" }).click();
});

test("the customer rates screen passes axe in the dark theme too", async ({ page }) => {
  await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "dark"]);
  await login(page, "reseller", "reseller");
  await page.goto("/reseller/settings/rates");
  await page.getByText("Default for all customers", { exact: true }).click();
  await expect(page.locator("tr[data-row-key=sms]")).toBeVisible();
  await shot(page, "rate-cards-reseller-default-dark");
  expect(await scan(page, "customer rates dark")).toEqual([]);
});

test("a rate over ₹100 is refused in words; the effective day is typed DD/MM/YYYY and confirmed as a date", async ({
  page,
}) => {
  await login(page, "admin", "admin");
  await page.goto("/admin/settings/rates");
  const cards = page.locator(".ant-card").filter({ hasText: "Rate cards of accounts and resellers" });
  await pick(page, "Account", /^globex( ·|$)/);
  await expect(cards.locator("tr[data-row-key=sms]")).toBeVisible();
  await cards.getByLabel("New SMS (per segment) rate in rupees").fill("150");
  // The day typed with the keyboard, the Indian way; the picker closes on Enter.
  const next = new Date(Date.now() + 40 * 86_400_000);
  const typed = [next.getUTCDate(), next.getUTCMonth() + 1].map((n) => String(n).padStart(2, "0")).join("/");
  const day = cards.getByLabel("Effective from (blank: now)");
  await day.click();
  await day.fill(`${typed}/${next.getUTCFullYear()}`);
  await day.press("Enter");
  await expect(day).toHaveValue(`${typed}/${next.getUTCFullYear()}`);
  await shot(page, "rate-cards-effective-day");
  await cards.getByRole("button", { name: "Save rates" }).click();
  const confirm = page.locator(".ant-popconfirm");
  await expect(confirm).toContainText(/From \d{1,2} [A-Z][a-z]{2} \d{4}\./);
  await confirm.getByRole("button", { name: "Save", exact: true }).click();
  // Said on the card, where it stays until the next save (a toast could close before it is read).
  const refusal = cards.getByRole("alert").filter({ hasText: "The SMS rate can be at most ₹100." });
  await expect(refusal).toBeVisible();
  await expect(refusal).not.toContainText("rates.sms");
  await shot(page, "rate-cards-refused");
});
