import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { apiToken, login, shot } from "./support";

// The customer's card and one timeline in the inbox's details panel (issue 40 item 7): a seeded contact's name,
// attributes and consent from the ledger; then a number a demo campaign messaged writes from the simulated phone, and
// its timeline shows the campaign message under the chat. Light and dark, each with axe.

const INBOX = "/organization/chats";

for (const theme of ["light", "dark"] as const) {
  test(`the details panel is the customer's card with one timeline (${theme})`, async ({ page, browser }) => {
    // Two sign-ins, three searches, a 40-line timeline and two axe scans: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
    await page.setViewportSize({ width: 1600, height: 1400 });
    await login(page, "manager", "manager");

    // A number one of the manager's WhatsApp campaigns messaged, from the message log.
    const headers = { authorization: `Bearer ${await apiToken(page, "manager")}` };
    const log = await page.request.get("/api/v1/message-log?kind=campaign&channel=whatsapp&limit=1", { headers });
    expect(log.ok()).toBe(true);
    const [sent] = (await log.json()).data as { to: string; campaign: { name: string } }[];
    expect(sent).toBeTruthy();

    // The seeded contact's card: name, attributes, consent with how and when. Found by search: other specs' campaign
    // answers on this server open newer conversations above it.
    await page.goto(INBOX);
    await page.getByLabel("Search conversations").fill("+919810000101");
    await page.getByLabel("Search conversations").press("Enter");
    await page
      .getByRole("listbox", { name: "Conversations" })
      .getByRole("option")
      .filter({ hasText: "+919810000101" })
      .first()
      .click();
    const card = page.getByRole("region", { name: "Customer" });
    await expect(card.getByText("Asha Verma")).toBeVisible();
    await expect(card.getByText("asha.verma@example.in")).toBeVisible();
    await expect(card.getByText("Pune")).toBeVisible();
    const consent = card.getByRole("list", { name: "Consent per channel" });
    await expect(consent.getByText("Opted in")).toBeVisible();
    await expect(consent.getByText(/^Form · /)).toBeVisible();
    await expect(card.getByRole("button", { name: "Edit contact" })).toBeVisible();
    const timeline = page.getByRole("region", { name: "Timeline" });
    await expect(timeline.getByText("Customer wrote").first()).toBeVisible();
    await shot(page, `inbox-card-contact-${theme}`);
    expect(await scan(page, `${theme} inbox customer card`)).toEqual([]);

    // A long thread's timeline pages: "Load older" adds the next 20 lines and takes the focus to them.
    await page.getByLabel("Search conversations").fill("+919810000199");
    await page.getByLabel("Search conversations").press("Enter");
    await page
      .getByRole("listbox", { name: "Conversations" })
      .getByRole("option")
      .filter({ hasText: "+919810000199" })
      .first()
      .click();
    await expect(timeline.getByRole("listitem")).toHaveCount(20);
    await timeline.getByRole("button", { name: "Load older" }).click();
    await expect(timeline.getByRole("listitem")).toHaveCount(40);
    await expect(timeline.getByRole("list", { name: "Older lines" })).toBeFocused();

    // The campaign's number writes in: its timeline shows the chat above the campaign message.
    await page.getByLabel("Search conversations").fill("");
    await page.getByLabel("Search conversations").press("Enter");
    const phone = await browser.newPage();
    await login(phone, "manager", "manager");
    await phone.goto(`${INBOX}/phone`);
    await phone.getByLabel("Customer number").fill(sent!.to);
    await phone.getByRole("button", { name: "Open the thread" }).click();
    const words = `About your offer ${theme} ${String(Date.now()).slice(-5)}`;
    await phone.getByLabel("Customer message").fill(words);
    await phone.getByLabel("Customer message").press("Enter");
    const row = page.getByRole("listbox", { name: "Conversations" }).getByRole("option").filter({ hasText: words });
    await expect(row).toBeVisible();
    await row.first().click();
    await expect(timeline.getByText(words)).toBeVisible();
    // The card is the new conversation's alone (the last one's is gone, not stacked above it).
    await expect(page.getByRole("region", { name: "Customer" })).toHaveCount(1);
    await expect(card.getByText("asha.verma@example.in")).toHaveCount(0);
    await expect(timeline.getByText(`Campaign · ${sent!.campaign.name}`).first()).toBeVisible();
    await shot(page, `inbox-card-timeline-${theme}`);
    expect(await scan(page, `${theme} inbox timeline`)).toEqual([]);
    await phone.close();
  });
}
