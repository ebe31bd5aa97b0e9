import { THEME_STORAGE_KEY } from "../contract/constants";
import { CSAT_DLT_MESSAGES, CSAT_QUESTION_DEFAULT } from "../contract/domain/csat";
import { startSmsc, type Smsc } from "../server/carriers/smpp/stand-in";
import { scan } from "./a11y/axe";
import { openDltRoute } from "./dlt-route";
import { expect, test } from "./fixtures";
import { apiToken, login, shot } from "./support";

// The CSAT settings and DLT routes (issue 40 item 6): a DLT template id none of the account's SMS templates has is
// refused with the reason under the field and nothing saved; the demo manager's registered survey template
// ("Satisfaction survey", 1107160000000000005) saves. With an SMS header on a DLT route (the spec's own header CSATDL
// through an SMPP channel with an entity id, e2e/dlt-route.ts) and no template chosen, turning the survey on saves
// (WhatsApp and RCS get theirs) and the card warns that SMS conversations on that header get no survey. Light and dark,
// with axe.

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

const CHANNEL = "CSAT DLT check";
const HEADER = "CSATDL";
const SMSC_USER = { systemId: "csatdlt", password: "Csat-dlt1" };
let smsc: Smsc;
test.beforeAll(async () => {
  smsc = await startSmsc({ users: [SMSC_USER] });
});
test.afterAll(async () => {
  await smsc?.close();
});

test("on with an SMS header on a DLT route and no template: saved, and the card warns (light and dark)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, "manager", "manager");
  const token = await apiToken(page, "manager");
  const route = await openDltRoute(page.request, token, { header: HEADER, channel: CHANNEL, smsc, user: SMSC_USER });
  const warning = CSAT_DLT_MESSAGES.noSurvey(HEADER);
  const card = page.locator(".ant-card").filter({ hasText: "Customer satisfaction" });
  try {
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
      await page.goto("/organization/agents");
      const on = card.getByRole("switch", { name: "Ask for a rating on resolve" });
      await expect(on).toBeVisible({ timeout: 30_000 });
      if ((await on.getAttribute("aria-checked")) !== "true") await on.click();
      await card.getByLabel("DLT template ID for SMS").fill("");
      await card.getByRole("button", { name: "Save survey" }).click();
      await expect(page.getByText("Satisfaction survey saved").first()).toBeVisible();
      await expect(card.getByTestId("csat-dlt-warnings")).toContainText(warning);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `inbox-csat-dlt-warning-${theme}`);
      expect(await scan(page, `${theme} CSAT settings, DLT warning`)).toEqual([]);
    }
    // Choosing the registered survey template takes the warning away.
    await card.getByLabel("DLT template ID for SMS").fill("1107160000000000005");
    await card.getByRole("button", { name: "Save survey" }).click();
    await expect(card.getByTestId("csat-dlt-warnings")).toHaveCount(0);
  } finally {
    // Back to off with no template, and no DLT channel, for the specs after this one.
    await page.request.put("/api/v1/chats/csat", {
      headers: { authorization: `Bearer ${token}` },
      data: { enabled: false, question: CSAT_QUESTION_DEFAULT, whatsappTemplate: null, smsDltTemplateId: null },
    });
    await route.remove();
  }
});
