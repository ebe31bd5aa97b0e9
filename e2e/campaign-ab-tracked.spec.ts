import type { Locator, Page } from "@playwright/test";
import { THEME_STORAGE_KEY } from "../contract/constants";
import { formatPValue } from "../contract/domain/significance";
import { scan } from "./a11y/axe";
import { pickById } from "./campaign-helpers";
import { expect, test } from "./fixtures";
import { apiToken, dialogSettled, login, setTheme, shot } from "./support";

// A tracked A/B test through to a decided winner (issue 41): a manager makes, in the console, a test of two RCS
// variants of one template whose {{1}} differs: A's is words ("at your nearest Acme store"), B's a web address, and
// Track links is on, so only B's message carries a short link. The sandbox's phones open every delivered tracked link
// (e2e/start-server.mjs: SANDBOX_CLICK_PERCENT 100) and every number here is delivered on RCS (contract/domain/
// sandbox-numbers.ts), so B's click rate is exactly 100% and A's 0% whichever numbers the split gives each. RCS, not
// SMS: this server's short link (http://localhost:PORT/l/…) is longer than DLT's 30 characters per variable. The test
// would wait a day for its decision; the manager decides now, B wins by click rate and goes to the held-back half.

test.describe.configure({ timeout: 180_000 });

const PAGE = "/organization/campaigns/ab-tests";
const TEXT = "Diwali offers are live. See them {{1}}";
const STORE = "at your nearest Acme store";
const LINK = "https://shop.example.in/diwali?ref=ab";
/**
 * Delivered on RCS (+91 90000 0000x always, 0001x not on WhatsApp only, 0005x delivered and read): 30 numbers, so a
 * 25% slice is empty with a chance of 0.75^30 (2 in 10,000).
 */
const NUMBERS = ["0", "1", "5"].flatMap((d) => Array.from({ length: 10 }, (_, i) => `90000000${d}${i}`));

// The comparison's columns: Variant, Campaign, Status, Sent, Delivered, Replied, Clicked, Converted.
const SENT = 3;
const CLICKED = 6;

/** C(n, k), exactly for the small n here. */
const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n - 1, k - 1) * n) / k);

async function rcsTemplate(page: Page, name: string): Promise<void> {
  const headers = { authorization: `Bearer ${await apiToken(page, "manager")}` };
  const bots = await page.request.get("/api/v1/rcs/templates/bots", { headers });
  const bot = ((await bots.json()).data as { _id: string; name: string }[]).find((b) => b.name === "Acme Retail");
  expect(bot, "the manager's seeded Acme Retail bot").toBeTruthy();
  const res = await page.request.post("/api/v1/rcs/templates", {
    headers,
    data: { botId: bot?._id, name, type: "text", textMessageContent: TEXT },
  });
  expect(res.status(), await res.text()).toBe(201);
  // Chosen in the drawer only once the sandbox's review approved it.
  await expect
    .poll(
      async () => {
        const list = await page.request.get("/api/v1/rcs/templates", { headers, params: { search: name } });
        const found = ((await list.json()).data as { name: string; status: string }[]).find((t) => t.name === name);
        return found?.status.toUpperCase();
      },
      { timeout: 60_000 },
    )
    .toMatch(/^(APPROVED|ACTIVE)$/);
}

async function fillVariant(page: Page, drawer: Locator, index: number, template: string, value: string) {
  await drawer.getByLabel(`Variant ${"AB"[index]} channel`).getByText("RCS", { exact: true }).click();
  await pickById(page, `variant-${index}-sender`, "Acme Retail");
  await pickById(page, `variant-${index}-template`, template);
  await drawer.locator(`[id="variant-${index}-var-0"]`).fill(value);
}

const rowOf = (compare: Locator, label: string) =>
  compare.locator(".ant-table-row").filter({ has: compare.page().getByText(label, { exact: true }) });
const cell = (row: Locator, column: number) => row.locator("td").nth(column);
/** A count cell's number ("12 (100.0%)" → 12). */
const countIn = async (row: Locator, column: number) =>
  Number((await cell(row, column).innerText()).split(" ")[0].replace(/,/g, ""));

test("a tracked A/B test of two RCS variants: the phones click, the manager decides now, the winner goes to the rest", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const template = `Diwali AB ${stamp}`;
  const name = `Diwali links ${stamp}`;
  await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "light"]);
  await login(page, "manager", "manager");
  await rcsTemplate(page, template);

  await page.goto(PAGE);
  await page.getByRole("button", { name: "New A/B test" }).first().click();
  const drawer = page.locator(".ant-drawer");
  await drawer.getByLabel("Test name").fill(name);
  await drawer.getByRole("textbox", { name: "Numbers" }).fill(NUMBERS.join("\n"));
  await fillVariant(page, drawer, 0, template, STORE);
  await fillVariant(page, drawer, 1, template, LINK);
  await drawer.getByRole("checkbox", { name: "Track links" }).check();
  await drawer.locator('[id="split-share"]').fill("50");
  await pickById(page, "split-metric", "Click rate");
  await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
  await drawer.getByRole("button", { name: "Start test" }).click();
  await expect(drawer).toBeHidden();

  // The list's row (the comparison's rows below carry the name too, as links to their campaigns).
  const row = page.locator(".ant-table-row").filter({ has: page.getByRole("button", { name, exact: true }) });
  await expect(row).toContainText("RCS");
  await expect(row).toContainText("Click rate");
  await expect(row).toContainText("Not yet");
  await row.getByRole("button", { name, exact: true }).click();
  const compare = page.locator(".ant-card").filter({ hasText: `Compare: ${name}` });
  const [a, b] = [rowOf(compare, "A"), rowOf(compare, "B")];

  // Both variants send; every one of B's people opens its link, none of A's has one to open.
  await expect(async () => {
    await expect(cell(a, 2)).toHaveText("Completed", { timeout: 1_000 });
    await expect(cell(b, 2)).toHaveText("Completed", { timeout: 1_000 });
    const sentB = await countIn(b, SENT);
    expect(sentB).toBeGreaterThan(0);
    expect(await countIn(b, CLICKED)).toBe(sentB);
  }).toPass({ timeout: 120_000, intervals: [1_000] });
  const sentA = await countIn(a, SENT);
  const sentB = await countIn(b, SENT);
  expect(sentA).toBeGreaterThan(0);
  await expect(cell(a, CLICKED)).toHaveText("0 (0.0%)");
  await expect(cell(b, CLICKED)).toHaveText(`${sentB} (100.0%)`);
  // Fewer than 30 people a variant: the z-test's approximation does not hold, so Fisher's exact test. Every one of B's
  // clicked and none of A's: of the C(n, sentB) ways to deal the sentB clicks among the n people, only this one is as
  // unlikely, and with sentA = sentB so is its mirror (all of A's, none of B's): p = 1 or 2 over C(n, sentB).
  const p = (sentA === sentB ? 2 : 1) / choose(sentA + sentB, sentB);
  const note = `${p < 0.05 ? "Significant" : "Not significant yet"} (Fisher's exact test, ${formatPValue(p)}${
    p < 0.05 ? "" : ", needs below 0.05"
  }): B's click rate is higher than A's`;
  await expect(compare.getByText(note, { exact: true })).toBeVisible();
  await expect(compare.getByText("Not chosen yet")).toBeVisible();

  // Decide now, confirmed in a dialog.
  await compare.getByRole("button", { name: "Decide now" }).click();
  const dialog = page.getByRole("dialog", { name: `Decide "${name}" now?` });
  await expect(dialog).toContainText("The variant with the highest click rate so far wins");
  await expect(dialog).toContainText("the other 50% of the audience");
  await expect(dialog).toContainText(`So far: ${note}.`);
  await dialogSettled(page);
  // The viewport: a full-page shot draws the fixed dialog and header partway down a long page.
  await page.screenshot({ path: ".tmp/e2e-shots/campaign-ab-tracked-decide-light.png" });
  expect(await scan(page, "light Decide now dialog")).toEqual([]);
  await dialog.getByRole("button", { name: "Decide now" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Variant B won ${name}: sending it to the rest`)).toBeVisible();

  // B is named the winner, by its click rate against A's, and goes to the held-back half with its own content.
  await expect(compare.locator(".ant-descriptions").getByText("Variant B")).toBeVisible();
  await expect(
    compare.getByText(
      `B won on the highest click rate: B 100.0% (${sentB} of ${sentB} sent) against A 0.0% (0 of ${sentA} sent)`,
      { exact: false },
    ),
  ).toBeVisible();
  await expect(compare.getByRole("button", { name: "Decide now" })).toHaveCount(0);
  const winner = rowOf(compare, "Winner");
  const rest = NUMBERS.length - sentA - sentB;
  await expect(async () => {
    await expect(cell(winner, 2)).toHaveText("Completed", { timeout: 1_000 });
    expect(await countIn(winner, SENT)).toBe(rest);
    expect(await countIn(winner, CLICKED)).toBe(rest);
  }).toPass({ timeout: 120_000, intervals: [1_000] });
  await expect(cell(winner, CLICKED)).toHaveText(`${rest} (100.0%)`);
  await expect(row).toContainText("Variant B");
  // The split job marks the test completed once the winner's campaign started; the list reads again every 10 s.
  await expect(row).toContainText("Completed", { timeout: 30_000 });
  // From the top: a full-page shot of a scrolled page draws the fixed header partway down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "campaign-ab-tracked-winner-light");
  expect(await scan(page, "light A/B comparison with a winner")).toEqual([]);

  await setTheme(page, "dark");
  await row.getByRole("button", { name, exact: true }).click();
  await expect(rowOf(compare, "Winner")).toBeVisible();
  await expect(compare.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await shot(page, "campaign-ab-tracked-winner-dark");
  expect(await scan(page, "dark A/B comparison with a winner")).toEqual([]);

  // The winner's campaign report: the held-back people, each of whom opened B's link.
  await compare.getByText("The winner goes to the rest of the audience as").getByRole("link").click();
  await expect(page).toHaveURL(/\/organization\/campaigns\/individual-reports\?campaignId=.+/);
  const links = page.getByLabel("Link clicks");
  await expect(
    links.locator(".ant-statistic").filter({ has: page.getByText("Clicked", { exact: true }) }),
  ).toContainText(String(rest));
  // What they received: B's words, its web address as each one's own short link (the message log).
  const campaignId = new URL(page.url()).searchParams.get("campaignId") ?? "";
  await page.goto(`/organization/campaigns/message-log?campaignId=${campaignId}`);
  const logged = page.locator(".ant-table-tbody .ant-table-row");
  await expect(logged.first()).toBeVisible();
  await expect(logged.first()).toContainText(
    /Diwali offers are live\. See them http:\/\/localhost:\d+\/l\/[0-9A-Za-z]{12}/,
  );
  await expect(page.getByText(STORE)).toHaveCount(0);
});
