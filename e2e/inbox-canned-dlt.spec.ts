import type { Page } from "@playwright/test";
import { THEME_STORAGE_KEY } from "../contract/constants";
import { DLT_ROUTE } from "../server/carriers/smpp/stand-in/dlt";
import { startSmsc, type Smsc } from "../server/carriers/smpp/stand-in";
import { scan } from "./a11y/axe";
import { openDltRoute, type DltRoute } from "./dlt-route";
import { expect, test } from "./fixtures";
import { apiToken, login, shot } from "./support";

// Canned responses on a DLT route (issue 40 item 2): on an SMS number sending through an Indian DLT route only
// registered templates go out. The manager ties a canned response to one of its sender's registered templates on the
// settings page (the body starts as the template's text; its {#var#} place becomes {{name}}); in a conversation on
// that number `/` offers only the tied response, with the one-line reason, and Send sends it as the template: the
// thread shows the template's text filled from the contact, and the SMSC gets the DLT template id. Light and dark, axe.

const HEADER = "CANDLT";
const CHANNEL = "Canned DLT check";
const SMSC_USER = { systemId: "candlt", password: "Can-dlt1" };
const DLT_TEMPLATE_ID = "1107160000000009101";
const TEMPLATE_BODY = "Dear {#var#}, your order is on its way. - Acme Retail";
const RESPONSE_BODY = "Dear {{name}}, your order is on its way. - Acme Retail";
const INBOX = "/organization/chats";
let smsc: Smsc;

test.beforeAll(async () => {
  smsc = await startSmsc({ users: [SMSC_USER], behaviour: { dlt: DLT_ROUTE } });
});
test.afterAll(async () => {
  await smsc?.close();
});

const rows = (page: Page) => page.getByRole("listbox", { name: "Conversations" }).getByRole("option");

for (const theme of ["light", "dark"] as const) {
  test(`a canned response tied to a registered template is the one / offers on a DLT route, sent as it (${theme})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
    await page.setViewportSize({ width: 1500, height: 950 });
    const stamp = String(Date.now()).slice(-6);
    const code = `onway-${theme}-${stamp}`;
    const templateName = `Order on its way ${theme} ${stamp}`;
    const customer = `+9194${String(Date.now()).slice(-8)}`;
    await login(page, "manager", "manager");
    const token = await apiToken(page, "manager");
    const headers = { authorization: `Bearer ${token}` };
    const route: DltRoute = await openDltRoute(page.request, token, {
      header: HEADER,
      channel: CHANNEL,
      smsc,
      user: SMSC_USER,
    });
    try {
      const made = await page.request.post("/api/sms/templates", {
        headers,
        data: {
          smsAccountId: route.accountId,
          name: templateName,
          body: TEMPLATE_BODY,
          category: "service-implicit",
          senderId: HEADER,
          dltTemplateId: DLT_TEMPLATE_ID,
        },
      });
      expect(made.status(), await made.text()).toBe(201);
      const contact = await page.request.post("/api/v1/contacts", {
        headers,
        data: { number: customer, name: "Ravi" },
      });
      expect(contact.ok(), await contact.text()).toBe(true);
      // The channel's transceiver bound (the SMSC hands customers' messages only to one), then the customer writes.
      const binds = smsc.binds;
      const tested = await page.request.post(`/api/v1/channels/carrier-channels/${route.channelId}/test`, { headers });
      expect(tested.ok(), await tested.text()).toBe(true);
      await expect.poll(() => smsc.binds, { timeout: 20_000 }).toBeGreaterThan(binds);
      smsc.customerWrites({ systemId: SMSC_USER.systemId, from: customer, to: HEADER, text: "Where is my order?" });

      // The settings page: tie a response to the sender's registered template; the body starts as its text.
      await page.goto(`${INBOX}/canned-responses`);
      await page.getByRole("button", { name: "Add canned response" }).click();
      const drawer = page.locator(".ant-drawer");
      await drawer.getByLabel("Short code").fill(code);
      await drawer.getByLabel("Title").fill("Order on its way");
      // Every channel (the default): free text on WhatsApp, RCS and plain SMS, the template on a DLT route.
      const select = drawer.getByRole("combobox", { name: "Registered SMS template (DLT)" });
      await select.click();
      await select.fill(templateName);
      await expect(page.locator(".ant-select-item-option").filter({ hasText: templateName })).toBeVisible();
      await select.press("Enter");
      await expect(drawer.getByLabel("Message")).toHaveValue(TEMPLATE_BODY);
      await expect(drawer.getByLabel("Short code")).toHaveValue(code);
      await drawer.getByLabel("Message").fill(RESPONSE_BODY);
      await shot(page, `inbox-canned-dlt-drawer-${theme}`);
      expect(await scan(page, `${theme} canned response drawer, DLT template`)).toEqual([]);
      await drawer.getByRole("button", { name: "Add response" }).click();
      await expect(page.getByText(`/${code} added`)).toBeVisible();
      await expect(page.locator(".ant-drawer-content-wrapper")).toBeHidden();

      // The conversation on the DLT route: `/` offers only the tied response, and says why.
      await page.goto(INBOX);
      await page.getByLabel("Search conversations").fill(customer);
      await page.getByLabel("Search conversations").press("Enter");
      await rows(page).filter({ hasText: customer }).first().click({ timeout: 30_000 });
      await expect(page.locator("[data-message]").filter({ hasText: "Where is my order?" })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByText("Templates only.")).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: "Templates only." })).toContainText(
        "Or type / for a canned response tied to a registered template.",
      );
      const reply = page.getByRole("textbox", { name: "Reply" });
      await reply.click();
      await reply.pressSequentially("/");
      const list = page.getByRole("listbox", { name: "Canned responses" });
      await expect(list.getByRole("option").first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId("canned-rule")).toHaveText(
        "DLT route: only responses tied to a registered SMS template, sent as that template",
      );
      // The seeded responses (free text) are not offered here; responses other runs tied are, all registered ones.
      const offered = await list.getByRole("option").allTextContents();
      expect(offered.some((o) => o.startsWith("/hello") || o.startsWith("/hours"))).toBe(false);
      const ours = list.getByRole("option").filter({ hasText: `/${code}` });
      await expect(ours).toContainText("Dear Ravi, your order is on its way. - Acme Retail");
      await shot(page, `inbox-canned-dlt-popup-${theme}`);
      expect(await scan(page, `${theme} canned responses popup, DLT route`)).toEqual([]);
      await ours.click();
      await expect(list).toBeHidden();
      const text = "Dear Ravi, your order is on its way. - Acme Retail";
      await expect(reply).toHaveValue(text);
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await expect(page.locator("[data-message]").filter({ hasText: text }).locator("[data-status]")).toHaveAttribute(
        "data-status",
        "delivered",
        { timeout: 20_000 },
      );
      await expect(reply).toHaveValue("");
      await shot(page, `inbox-canned-dlt-sent-${theme}`);
      // It went to the SMSC as the registered template: from the header, with its DLT template id (TLV 0x1401).
      await expect
        .poll(() =>
          smsc.submitted
            .filter((s) => s.to === customer.slice(1))
            .map((s) => ({ from: s.from, text: s.text, templateId: s.tlvs[String(DLT_ROUTE.templateIdTag)] })),
        )
        .toEqual([{ from: HEADER, text, templateId: DLT_TEMPLATE_ID }]);
    } finally {
      const listed = (await (await page.request.get("/api/v1/canned-responses", { headers })).json()) as {
        data: { _id: string; code: string }[];
      };
      for (const c of listed.data.filter((c) => c.code === code))
        await page.request.delete(`/api/v1/canned-responses/${c._id}`, { headers });
      await route.remove();
    }
  });
}
