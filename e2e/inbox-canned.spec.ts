import type { Page } from "@playwright/test";
import { THEME_STORAGE_KEY } from "../contract/constants";
import { scan } from "./a11y/axe";
import { expect, test } from "./fixtures";
import { apiToken, login, shot } from "./support";

// Canned responses and the inbox's keys (issue 40 items 2 and 9): a manager adds a canned response on its settings
// page, types `/code` in a conversation's reply box, picks it with the arrows and Enter (filled with the fallback, the
// customer has no contact name) and sends it; `?` shows the keys, j and k move between conversations. Light and dark,
// each screen with axe.

const INBOX = "/organization/chats";

/** The simulated phone writes as a customer, so the conversation is inside WhatsApp's window. */
async function customerWrites(page: Page, number: string, text: string) {
  const headers = { authorization: `Bearer ${await apiToken(page, "manager")}` };
  const addresses = (await (await page.request.get("/api/v1/sandbox/phone/addresses", { headers })).json()).data as {
    channel: string;
    address: string;
  }[];
  const address = addresses.find((a) => a.channel === "whatsapp")?.address;
  const res = await page.request.post("/api/v1/sandbox/phone/messages", {
    headers,
    data: { channel: "whatsapp", address, number, text },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const rows = (page: Page) => page.getByRole("listbox", { name: "Conversations" }).getByRole("option");

for (const theme of ["light", "dark"] as const) {
  test(`a canned response typed with / is sent; ? lists the keys and j/k move (${theme})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
    await page.setViewportSize({ width: 1500, height: 950 });
    const stamp = String(Date.now()).slice(-6);
    const code = `thanks-${theme}-${stamp}`;
    const customer = `+9195${String(Date.now()).slice(-8)}`;
    await login(page, "manager", "manager");
    await customerWrites(page, customer, "Is my refund done?");

    // The settings page, from the inbox's header: add one.
    await page.goto(INBOX);
    await page.getByRole("link", { name: "Canned responses" }).click();
    await expect(page).toHaveURL(/\/organization\/chats\/canned-responses$/);
    await page.getByRole("button", { name: "Add canned response" }).click();
    const drawer = page.locator(".ant-drawer");
    await drawer.getByLabel("Short code").fill(code);
    await drawer.getByLabel("Title").fill("Refund done");
    await drawer.getByLabel("Message").fill("Hi {{name|there}}, your refund is on its way. Thanks for waiting!");
    await shot(page, `inbox-canned-drawer-${theme}`);
    expect(await scan(page, `${theme} canned response drawer`)).toEqual([]);
    await drawer.getByRole("button", { name: "Add response" }).click();
    await expect(page.getByText(`/${code} added`)).toBeVisible();
    await expect(page.getByRole("cell", { name: `/${code}`, exact: true })).toBeVisible();
    await expect(page.locator(".ant-drawer-content-wrapper")).toBeHidden();
    await shot(page, `inbox-canned-settings-${theme}`);
    expect(await scan(page, `${theme} canned responses page`)).toEqual([]);

    // In the conversation: /code opens the list, arrows and Enter insert the filled text, Enter sends it.
    await page.goto(INBOX);
    await page.getByLabel("Search conversations").fill(customer);
    await page.getByLabel("Search conversations").press("Enter");
    await rows(page).filter({ hasText: customer }).first().click();
    const reply = page.getByRole("textbox", { name: "Reply" });
    await reply.click();
    await reply.pressSequentially(`/${code.slice(0, 8)}`);
    const list = page.getByRole("listbox", { name: "Canned responses" });
    await expect(list.getByRole("option").first()).toBeVisible();
    await expect(reply).toHaveAttribute("aria-activedescendant", /canned-response-option-0/);
    await shot(page, `inbox-canned-popup-${theme}`);
    expect(await scan(page, `${theme} canned responses popup`)).toEqual([]);
    const ours = list.getByRole("option").filter({ hasText: `/${code}` });
    const others = await list.getByRole("option").count();
    const index = await ours.evaluate((el) => [...(el.parentElement?.children ?? [])].indexOf(el));
    for (let i = 0; i < index; i++) await reply.press("ArrowDown");
    await expect(ours).toHaveAttribute("aria-selected", "true");
    expect(others).toBeGreaterThan(0);
    await reply.press("Enter");
    await expect(list).toBeHidden();
    await expect(reply).toHaveValue("Hi there, your refund is on its way. Thanks for waiting!");
    await reply.press("Enter");
    await expect(page.locator("[data-message]").filter({ hasText: "your refund is on its way" })).toBeVisible();

    // Esc closes the list and leaves the text as typed (once the send has cleared the box).
    await expect(reply).toHaveValue("");
    await reply.pressSequentially("/");
    await expect(list).toBeVisible();
    await reply.press("Escape");
    await expect(list).toBeHidden();
    await expect(reply).toHaveValue("/");
    await reply.fill("");

    // Keys: not while typing; ? opens the sheet; j and k move the selection.
    await reply.press("j");
    await expect(reply).toHaveValue("j");
    await reply.fill("");
    await reply.blur();
    await page.keyboard.press("?");
    const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText("Insert a canned response (or type / in the reply)")).toBeVisible();
    await shot(page, `inbox-canned-keys-${theme}`);
    expect(await scan(page, `${theme} keyboard shortcuts sheet`)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await page.getByLabel("Search conversations").fill("");
    await page.getByLabel("Search conversations").press("Enter");
    await expect(rows(page).nth(1)).toBeVisible();
    const selected = () => rows(page).and(page.locator("[aria-selected=true]"));
    // A clicked row keeps the focus: it is not a field, so the keys work there.
    await rows(page).first().click();
    const first = await selected().textContent();
    await page.keyboard.press("j");
    await expect(selected()).not.toHaveText(first ?? "");
    await page.keyboard.press("k");
    await expect(selected()).toHaveText(first ?? "");
  });
}
