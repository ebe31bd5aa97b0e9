import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { apiToken, login, pick, shot } from "./support";

// Recurring campaigns (issue 41, item 5): from Campaign Management, schedule an SMS campaign over a segment with the
// rule builder's live next runs, see the upcoming runs and their calendar, pause and resume; axe light and dark.

const PAGE = "/organization/campaigns/recurring";
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

test("a manager schedules a weekly SMS campaign over a segment, sees its next runs and calendar, pauses and resumes", async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-7);
  const segment = `Weekly buyers ${stamp}`;
  const name = `Weekly offers ${stamp}`;
  const token = await apiToken(page, "manager");
  const made = await page.request.post("/api/v1/contacts/segments", {
    headers: auth(token),
    data: {
      name: segment,
      definition: { join: "and", groups: [{ join: "or", conditions: [{ kind: "label", op: "has", label: "vip" }] }] },
    },
  });
  expect(made.status(), await made.text()).toBe(201);

  await login(page, "manager", "manager");
  await page.goto("/organization/campaigns");
  await page.getByRole("button", { name: "Recurring" }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole("heading", { name: "Recurring Campaigns" })).toBeVisible();

  await page.getByRole("button", { name: "New recurring campaign" }).first().click();
  const drawer = page.locator(".ant-drawer");
  await drawer.getByLabel("Schedule name").fill(name);
  await pick(page, "SMS account", "Acme Transactional");
  await pick(page, "Template", "Login OTP");
  await drawer.getByRole("textbox", { name: "Variable 1" }).fill("Offer");
  await pick(page, "Segment", segment);
  await drawer.getByRole("checkbox", { name: "Wed" }).check();
  await expect(drawer.getByText("Every Mon, Wed at 09:00 IST")).toBeVisible();
  await expect(drawer.getByText("Next runs")).toBeVisible();
  await expect(drawer.locator(".ant-list-item")).toHaveCount(5);
  await shot(page, "campaign-schedules-builder");
  await drawer.getByRole("button", { name: "Save schedule" }).click();
  await expect(page.getByText(`Schedule ${name} created`)).toBeVisible();

  const row = page.locator(".ant-table-row").filter({ hasText: name });
  await expect(row).toContainText("Every Mon, Wed at 09:00 IST");
  await expect(row).toContainText("Active");
  await expect(row).toContainText(segment);
  await row.getByRole("button", { name, exact: true }).click();
  await expect(page.getByRole("list", { name: "Next runs" }).locator("li")).toHaveCount(10);
  await expect(page.locator(".ant-picker-calendar")).toBeVisible();
  await expect(page.locator(".ant-picker-calendar .ant-badge").first()).toBeVisible();
  await shot(page, "campaign-schedules-calendar");
  await page.getByRole("tab", { name: /Run history/ }).click();
  await expect(page.getByText("No run yet")).toBeVisible();

  await row.getByRole("button", { name: `Pause ${name}` }).click();
  await expect(page.getByText(`Schedule ${name} paused`)).toBeVisible();
  await expect(row).toContainText("Paused");
  await page.getByRole("tab", { name: "Upcoming runs" }).click();
  await expect(page.getByText("Paused: no run is planned")).toBeVisible();
  await shot(page, "campaign-schedules-paused");
  await row.getByRole("button", { name: `Resume ${name}` }).click();
  await expect(page.getByText(`Schedule ${name} resumed`)).toBeVisible();
  await expect(row).toContainText("Active");
  await expect(page.getByRole("list", { name: "Next runs" }).locator("li")).toHaveCount(10);
});

for (const theme of ["light", "dark"] as const) {
  test(`the recurring campaigns screen and builder pass axe WCAG 2.1 AA (${theme})`, async ({ page }) => {
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
    await login(page, "manager", "manager");
    await page.goto(PAGE);
    await expect(page.getByRole("heading", { name: "Recurring Campaigns" })).toBeVisible();
    await shot(page, `campaign-schedules-${theme}`);
    expect(await scan(page, `${theme} recurring campaigns`)).toEqual([]);
    await page.getByRole("button", { name: "New recurring campaign" }).first().click();
    await page.locator(".ant-drawer").getByText("Monthly", { exact: true }).click();
    await expect(page.getByText("runs on its last day")).toBeVisible();
    await shot(page, `campaign-schedules-builder-${theme}`);
    expect(await scan(page, `${theme} recurring campaigns builder`)).toEqual([]);
  });
}
