import type { Page } from "@playwright/test";
import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { apiToken, login, pick, shot } from "./support";

// "SLA due soonest" (issue 40 item 5): three customers write, one before the account had targets (no clock), then two
// with a 30-minute first-response target, the earlier one due first. Newest first shows the latest on top; the sort
// control puts the earlier due first and the one without a clock after both; a reply to the first moves it to its
// resolution due, after the other. The order is kept in the URL (a reload, opening a conversation) and in a saved view.
// Light and dark, with axe. The targets and the view are taken off at the end.

const INBOX = "/organization/chats";
const VIEW = "By SLA due e2e";

/** Takes the spec's saved view away (before, for a retry, and after). */
async function removeView(page: Page) {
  const headers = { authorization: `Bearer ${await apiToken(page, "manager")}` };
  const views = (await (await page.request.get("/api/v1/chat-views", { headers })).json()).data as {
    _id: string;
    name: string;
  }[];
  for (const v of views.filter((v) => v.name === VIEW))
    expect((await page.request.delete(`/api/v1/chat-views/${v._id}`, { headers })).ok()).toBe(true);
}

async function api(page: Page) {
  const headers = { authorization: `Bearer ${await apiToken(page, "manager")}` };
  const targets = (first: number | null, resolution: number | null) =>
    page.request.put("/api/v1/chats/sla", {
      headers,
      data: {
        timeZone: "Asia/Kolkata",
        businessHours: null,
        holidays: [],
        firstResponseMinutes: first,
        resolutionMinutes: resolution,
      },
    });
  return {
    targets,
    customerWrites: async (number: string, text: string) => {
      const addresses = (await (await page.request.get("/api/v1/sandbox/phone/addresses", { headers })).json())
        .data as { channel: string; address: string }[];
      const address = addresses.find((a) => a.channel === "whatsapp")?.address;
      const res = await page.request.post("/api/v1/sandbox/phone/messages", {
        headers,
        data: { channel: "whatsapp", address, number, text },
      });
      expect(res.ok(), await res.text()).toBe(true);
    },
    reply: async (number: string) => {
      let id: string | undefined;
      await expect(async () => {
        const list = await page.request.get(`/api/v1/chats?q=${encodeURIComponent(number)}`, { headers });
        id = ((await list.json()).data as { _id: string }[])[0]?._id;
        expect(id).toBeTruthy();
      }).toPass({ timeout: 15_000 });
      const res = await page.request.post(`/api/v1/chats/${id}/messages`, {
        headers,
        data: { clientId: `sort-${number.slice(1)}`, messageType: "text", text: "Looking into it" },
      });
      expect(res.ok(), await res.text()).toBe(true);
    },
  };
}

/** The rows' positions of these customers in the list, top first. */
async function order(page: Page, numbers: string[]) {
  const texts = await page.getByRole("option").allInnerTexts();
  return numbers
    .map((n) => ({ n, at: texts.findIndex((t) => t.includes(n)) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.n);
}

test("the inbox sorted by SLA due: overdue and soonest first, no SLA last (light and dark)", async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "light"]);
  await login(page, "manager", "manager");
  const server = await api(page);
  await removeView(page);
  const tail = String(Date.now()).slice(-7);
  const [noSla, first, second] = ["1", "2", "3"].map((d) => `+9194${d}${tail}`) as [string, string, string];
  try {
    expect((await server.targets(null, null)).ok()).toBe(true);
    await server.customerWrites(noSla, "Hello, no SLA yet");
    expect((await server.targets(30, 480)).ok()).toBe(true);
    await server.customerWrites(first, "My parcel is late");
    await server.customerWrites(second, "Wrong size delivered");

    await page.goto(INBOX);
    await expect.poll(() => order(page, [noSla, first, second]), { timeout: 15_000 }).toEqual([second, first, noSla]);
    await pick(page, "Sort conversations", "SLA due soonest");
    await expect.poll(() => order(page, [noSla, first, second])).toEqual([first, second, noSla]);
    await expect(page).toHaveURL(/[?&]sort=slaDue/);
    // The picked list scrolled the page a little: back to the top, or the full-page shot tears the header.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "inbox-sla-sort-light");
    expect(await scan(page, "light inbox SLA sort")).toEqual([]);

    // Answered: its first response is met, so it now waits on its resolution, due in 8 hours.
    await server.reply(first);
    await expect.poll(() => order(page, [noSla, first, second]), { timeout: 15_000 }).toEqual([second, first, noSla]);

    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "dark"]);
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "dark"]);
    await page.reload();
    // The order is in the URL: a reload keeps it, and opening a conversation keeps it beside the conversation's id.
    await expect.poll(() => order(page, [noSla, first, second]), { timeout: 15_000 }).toEqual([second, first, noSla]);
    await page.getByRole("option").filter({ hasText: second }).click();
    await expect(page).toHaveURL(/[?&]chat=[^&]+/);
    await expect(page).toHaveURL(/[?&]sort=slaDue/);
    await expect(page.locator(".ant-select").filter({ has: page.getByLabel("Sort conversations") })).toContainText(
      "SLA due soonest",
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "inbox-sla-sort-dark");
    expect(await scan(page, "dark inbox SLA sort")).toEqual([]);

    // A saved view keeps the order: saved in SLA order, then newest first is picked, then the view brings SLA back.
    await page.getByRole("button", { name: "Save view" }).click();
    await page.getByRole("dialog").getByLabel("Name").fill(VIEW);
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("View saved")).toBeVisible();
    await pick(page, "Sort conversations", "Newest activity");
    await expect(page).not.toHaveURL(/sort=slaDue/);
    await pick(page, "Saved views", new RegExp(`^${VIEW} \\(`));
    await expect(page).toHaveURL(/[?&]sort=slaDue/);
    await expect(page.locator(".ant-select").filter({ has: page.getByLabel("Sort conversations") })).toContainText(
      "SLA due soonest",
    );
  } finally {
    await server.targets(null, null);
    await removeView(page);
  }
});
