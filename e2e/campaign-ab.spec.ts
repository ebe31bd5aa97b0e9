import type { Locator, Page } from "@playwright/test";
import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { pickById } from "./campaign-helpers";
import { apiToken, login, shot } from "./support";

// A/B tests (issue 41, item 4): from Campaign Management, a manager splits pasted sandbox numbers between two SMS
// variants, sees the test listed and its comparison fill in as the sandbox sends; an admin reads it without a create
// button; axe light and dark on the list, the drawer and the comparison.

test.describe.configure({ timeout: 120_000 });

const PAGE = "/organization/campaigns/ab-tests";
// +91 90000 000xx: delivered on SMS by the sandbox carrier (contract/domain/sandbox-numbers.ts).
const NUMBERS = Array.from({ length: 20 }, (_, i) => `90000000${String(i).padStart(2, "0")}`);

async function fillVariant(page: Page, drawer: Locator, index: number, value: string): Promise<void> {
  await pickById(page, `variant-${index}-sender`, "Acme Transactional");
  await pickById(page, `variant-${index}-template`, "Login OTP");
  await drawer.locator(`[id="variant-${index}-var-0"]`).fill(value);
}

/** A two-variant SMS test made through the API (the axe sweep needs one to open, whatever ran before it). */
async function createSplitByApi(page: Page, name: string): Promise<void> {
  const token = await apiToken(page, "manager");
  const headers = { authorization: `Bearer ${token}` };
  const templates = await page.request.get("/api/sms/templates", { headers });
  expect(templates.ok()).toBe(true);
  const otp = ((await templates.json()).data as { id: string; smsAccountId: string; name: string }[]).find(
    (t) => t.name === "Login OTP",
  );
  expect(otp, "the seeded Login OTP template").toBeTruthy();
  const variant = (value: string) => ({
    channel: "sms",
    senderId: otp?.smsAccountId,
    templateId: otp?.id,
    variables: [value],
    sizePercent: 50,
  });
  const made = await page.request.post("/api/v1/campaigns/splits", {
    headers,
    data: {
      name,
      numbers: NUMBERS.join(","),
      variants: [variant("111111"), variant("222222")],
      testSharePercent: 50,
      metric: "click",
      decideAfterHours: 24,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
}

/** A drawer is fixed to the viewport: a full-page shot of a long page would draw it halfway down. */
const drawerShot = (page: Page, name: string) => page.screenshot({ path: `.tmp/e2e-shots/${name}.png` });

/** The comparison's Sent cell of a variant, as a number. */
const sentOf = async (compare: Locator, label: string) =>
  Number(
    (
      await compare
        .locator(".ant-table-row")
        .filter({ hasText: new RegExp(`^${label}`) })
        .locator("td")
        .nth(3)
        .innerText()
    ).replace(/,/g, ""),
  );

/** Once both variants have sent, their sent counts add up to the audience: every number lands in exactly one. */
const expectEverySentOnce = (compare: Locator) =>
  expect(async () => {
    const a = await sentOf(compare, "A");
    const b = await sentOf(compare, "B");
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(a + b).toBe(NUMBERS.length);
  }).toPass({ timeout: 90_000 });

test("a manager A/B tests two SMS variants over pasted numbers and watches the comparison fill in", async ({
  page,
  browser,
}) => {
  const name = `OTP wording ${String(Date.now()).slice(-7)}`;
  await login(page, "manager", "manager");
  await page.goto("/organization/campaigns");
  await page.getByRole("button", { name: "A/B tests" }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole("heading", { name: "A/B Tests" })).toBeVisible();

  await page.getByRole("button", { name: "New A/B test" }).first().click();
  const drawer = page.locator(".ant-drawer");
  await drawer.getByLabel("Test name").fill(name);
  await drawer.getByRole("textbox", { name: "Numbers" }).fill(NUMBERS.join("\n"));
  await fillVariant(page, drawer, 0, "111111");
  await fillVariant(page, drawer, 1, "222222");
  // The live sum: sizes off 100 refuse to start; even again, they may.
  await drawer.locator('[id="variant-0-size"]').fill("70");
  await expect(drawer.getByRole("status")).toHaveText("Sizes add up to 120% (they must add up to 100%)");
  await expect(drawer.getByRole("button", { name: "Start test" })).toBeDisabled();
  await drawer.locator('[id="variant-0-size"]').fill("50");
  await expect(drawer.getByRole("status")).toHaveText("Sizes add up to 100%");
  await drawer.locator('[id="split-share"]').fill("100");
  await pickById(page, "split-metric", "Delivery rate");
  await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
  await drawerShot(page, "campaign-ab-drawer");
  await drawer.getByRole("button", { name: "Start test" }).click();
  await expect(drawer).toBeHidden();

  const row = page.locator(".ant-table-row").filter({ hasText: name });
  await expect(row).toContainText("SMS");
  await expect(row).toContainText("A 50% · B 50%");
  await expect(row).toContainText("Delivery rate");
  await expect(row).toContainText("Not yet");
  await row.getByRole("button", { name, exact: true }).click();
  const compare = page.locator(".ant-card").filter({ hasText: `Compare: ${name}` });
  await expect(compare.getByText("Winner by")).toBeVisible();
  await expectEverySentOnce(compare);
  await expect(compare.getByRole("link", { name: new RegExp(name) }).first()).toBeVisible();
  await expect(compare.locator(".recharts-bar-rectangle").first()).toBeVisible();
  // The note names its test and p-value, or why there is none yet (equal rates, nothing sent).
  await expect(compare.getByText(/^(Not significant yet|Significant \()/)).toBeVisible();
  await shot(page, "campaign-ab-compare");

  // An admin reads every test, with no way to create one.
  const admin = await browser.newPage();
  await login(admin, "admin", "admin");
  await admin.goto("/admin/campaigns");
  await admin.getByRole("button", { name: "A/B tests" }).click();
  await expect(admin).toHaveURL(/\/admin\/campaigns\/ab-tests$/);
  await expect(admin.getByRole("heading", { name: "A/B Tests" })).toBeVisible();
  await expect(admin.locator(".ant-table-row").filter({ hasText: name })).toBeVisible();
  await expect(admin.getByRole("button", { name: "New A/B test" })).toHaveCount(0);
  await shot(admin, "campaign-ab-admin");
  await admin.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`the A/B tests list, drawer and comparison pass axe WCAG 2.1 AA (${theme})`, async ({ page }) => {
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
    const name = `Axe ${theme} ${String(Date.now()).slice(-7)}`;
    await createSplitByApi(page, name);
    await login(page, "manager", "manager");
    await page.goto(PAGE);
    await expect(page.getByRole("heading", { name: "A/B Tests" })).toBeVisible();
    await shot(page, `campaign-ab-list-${theme}`);
    expect(await scan(page, `${theme} A/B tests`)).toEqual([]);
    const row = page.locator(".ant-table-row").filter({ hasText: name });
    await row.getByRole("button", { name, exact: true }).click();
    await expect(page.getByText("Winner by")).toBeVisible();
    await expect(page.locator(".recharts-surface").first()).toBeVisible();
    await shot(page, `campaign-ab-compare-${theme}`);
    expect(await scan(page, `${theme} A/B test comparison`)).toEqual([]);
    await page.getByRole("button", { name: "New A/B test" }).first().click();
    await pickById(page, "variant-0-sender", "Acme Transactional");
    await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
    await drawerShot(page, `campaign-ab-drawer-${theme}`);
    expect(await scan(page, `${theme} A/B test drawer`)).toEqual([]);
    // The audience as a file: the drop zone, and a refused file's message.
    await page.locator(".ant-drawer").getByText("A file (CSV or Excel)").click();
    await page
      .locator(".ant-drawer input[type=file]")
      .setInputFiles({ name: "list.txt", mimeType: "text/plain", buffer: Buffer.from("9000000001\n") });
    await expect(page.locator(".ant-drawer").getByText("Only CSV (.csv) or Excel (.xlsx) files")).toBeVisible();
    await drawerShot(page, `campaign-ab-drawer-file-${theme}`);
    expect(await scan(page, `${theme} A/B test drawer, audience file`)).toEqual([]);
  });
}

test("an A/B test over an uploaded audience file: every number of the file lands in exactly one variant", async ({
  page,
}) => {
  const name = `File A/B ${String(Date.now()).slice(-7)}`;
  await login(page, "manager", "manager");
  await page.goto(PAGE);
  await page.getByRole("button", { name: "New A/B test" }).first().click();
  const drawer = page.locator(".ant-drawer");
  await drawer.getByLabel("Test name").fill(name);
  await drawer.getByText("A file (CSV or Excel)").click();
  await expect(drawer.getByRole("button", { name: "Start test" })).toBeDisabled();
  const csv = `name,phone\n${NUMBERS.map((n, i) => `Guest ${i},${n}`).join("\n")}\n`;
  await drawer
    .locator("input[type=file]")
    .setInputFiles({ name: "diwali-list.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(drawer.getByText("diwali-list.csv")).toBeVisible();
  await fillVariant(page, drawer, 0, "333333");
  await fillVariant(page, drawer, 1, "444444");
  await drawer.locator('[id="split-share"]').fill("100");
  await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
  await drawerShot(page, "campaign-ab-drawer-file");
  await drawer.getByRole("button", { name: "Start test" }).click();
  await expect(drawer).toBeHidden();

  const row = page.locator(".ant-table-row").filter({ hasText: name });
  await expect(row).toContainText("A 50% · B 50%");
  await row.getByRole("button", { name, exact: true }).click();
  const compare = page.locator(".ant-card").filter({ hasText: `Compare: ${name}` });
  await expectEverySentOnce(compare);
  await shot(page, "campaign-ab-compare-file");
});
