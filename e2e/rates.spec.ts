import { expect, test } from "./fixtures";
import { login, pick, shot } from "./support";

test("the admin reads the message rates in rupees from Settings and changes one", async ({ page }) => {
  await login(page, "admin", "admin");
  await page.goto("/admin/settings");
  await page.getByRole("button", { name: "Message rates" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/rates$/);
  await expect(page.getByRole("heading", { name: "Message Rates" })).toBeVisible();
  // Each rate is shown in rupees (the server keeps paise).
  await expect(page.locator("[data-rate=sms]")).toHaveText(/^₹\d+\.\d{2}$/);
  await expect(page.getByLabel("SMS (per segment)")).toBeVisible();
  await shot(page, "views-rates");

  const sms = page.getByLabel("SMS (per segment)");
  await sms.fill("0.5");
  await page.getByRole("button", { name: "Save rates" }).click();
  await expect(page.getByText("Rates saved")).toBeVisible();
  await expect(page.locator("[data-rate=sms]")).toHaveText("₹0.50");
  await page.reload();
  await expect(page.locator("[data-rate=sms]")).toHaveText("₹0.50");

  // RBM's basic and single messages are rates of their own; SMS can be billed on delivery instead of submission.
  await expect(page.locator("[data-rate=rcs_basic]")).toHaveText("₹0.15");
  // A conversational RCS bot pays once per 24-hour conversation after a reply.
  await expect(page.locator("[data-rate=rcs_conversation]")).toHaveText("₹0.35");
  await expect(page.locator("[data-rate=sms_billed_on]")).toHaveText("Per part submitted to the operator");
  await pick(page, "SMS billed on", "Per part delivered (not delivered: given back)");
  await page.getByRole("button", { name: "Save rates" }).click();
  await expect(page.locator("[data-rate=sms_billed_on]")).toHaveText("Per part delivered (not delivered: given back)");
  await shot(page, "views-rates-billing");
  await pick(page, "SMS billed on", "Per part submitted to the operator");
  await page.getByRole("button", { name: "Save rates" }).click();
  await expect(page.locator("[data-rate=sms_billed_on]")).toHaveText("Per part submitted to the operator");

  // A rate the schema refuses is not sent.
  await page.getByLabel("SMS (per segment)").fill("-1");
  await page.getByRole("button", { name: "Save rates" }).click();
  await expect(page.locator(".ant-form-item-explain-error").first()).toBeVisible();
  await expect(page.locator("[data-rate=sms]")).toHaveText("₹0.50");
});

test("a reseller's rates page is its customers' rates, not the global ones", async ({ page }) => {
  await login(page, "reseller", "reseller");
  await page.goto("/reseller/settings");
  await expect(page.getByRole("button", { name: "Message rates" })).toHaveCount(0);
  await page.goto("/reseller/settings/rates");
  await expect(page.getByRole("heading", { name: "Customer Rates" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Message Rates" })).toHaveCount(0);
  await expect(page.getByLabel("SMS billed on")).toHaveCount(0);
});
