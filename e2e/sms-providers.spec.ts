import { expect, test } from "./fixtures";
import { startSmsc, type Smsc } from "../server/carriers/smpp/stand-in";
import { DLT_ROUTE } from "../server/carriers/smpp/stand-in/dlt";
import { startSmsHttpStandIn, type SmsHttpStandIn } from "../server/carriers/sms-http/stand-in";
import type { CarrierChannelsPage } from "../contract/calls/carrier-channels";
import { DLT_TEMPLATES_ONLY } from "../contract/domain/chats";
import { apiToken, DEMO_PASSWORD, login, shot } from "./support";

// Gita (globex, a manager) connects her SMS provider over SMPP: here the local SMSC stand-in, which this spec starts
// like e2e/whatsapp-cloud.spec.ts starts Meta's. The SMSC's address is typed into the form, so it listens on any free
// port and the e2e servers need no setting for it. No other spec connects an SMS provider for globex. The last test
// has a customer write over the bind (the SMSC's deliver_sm, through the stand-in's `customerWrites`) and the agent
// answer from the chat inbox: the SMSC is an Indian DLT route and the channel has a DLT entity id, so the composer
// offers templates only and the answer goes with its DLT template id; the last has one write through the HTTP
// provider's inbound URL, set up in the form (no entity id there: free text goes).
const USER = { systemId: "globex", password: "gl0bex-pw" };
const HTTP_KEY = "globex-http-key-7788";
let smsc: Smsc;
let provider: SmsHttpStandIn;
/** Read by the HTTP stand-in at each report: pointed at the channel's DLR URL once the card shows it. */
const providerCallback = { apiKey: HTTP_KEY, callbackUrl: "http://127.0.0.1:9/not-yet" };
let msg91: SmsHttpStandIn;
const MSG91_KEY = "globex-msg91-authkey-4455";

test.beforeAll(async () => {
  smsc = await startSmsc({ users: [USER], behaviour: { dlt: DLT_ROUTE } });
  provider = await startSmsHttpStandIn(providerCallback);
  msg91 = await startSmsHttpStandIn({ apiKey: MSG91_KEY, callbackUrl: "http://127.0.0.1:9/not-yet", mode: "msg91" });
});
test.afterAll(async () => {
  await smsc?.close();
  await provider?.close();
  await msg91?.close();
});

test.describe.configure({ mode: "serial" });

// A retry runs the serial group again from its first test, on the same server: the SMS providers an earlier attempt
// connected go first (the first test expects none, the later ones free headers), so a retry starts where the first
// attempt did rather than failing on its leftovers.
test.beforeAll(async ({ request }) => {
  const login = await request.post("/api/v1/auth/login", { data: { email: "globex", password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  const listed = (await (await request.get("/api/v1/channels/carrier-channels", { headers })).json()) as {
    data: CarrierChannelsPage;
  };
  for (const c of listed.data.channels.filter((c) => c.channel === "sms")) {
    const gone = await request.delete(`/api/v1/channels/carrier-channels/${c._id}`, { headers });
    expect(gone.ok(), await gone.text()).toBe(true);
  }
});

test("connects an SMPP provider after a bind, tests it, shows its health and edits it; disconnects with confirmation", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, "globex", "manager");
  await page.goto("/organization/channels/sms");
  await expect(page.getByText("No SMS provider connected")).toBeVisible({ timeout: 20_000 });
  await shot(page, "smpp-empty");

  await page.getByRole("button", { name: "Connect an SMS provider" }).click();
  const drawer = page.locator(".ant-drawer");
  await expect(drawer.getByText("SMPP 3.4")).toBeVisible();
  // Nothing typed: the schema's own rules answer before any call.
  await drawer.getByRole("button", { name: "Check and connect" }).click();
  await expect(drawer.getByText("SMSC host is required")).toBeVisible();
  await expect(drawer.getByText("Sender ids (headers) needs at least one choice")).toBeVisible();
  await shot(page, "smpp-form-empty");

  await drawer.getByLabel("Channel name").fill("Globex SMSC");
  await drawer
    .locator(".ant-select")
    .filter({ has: page.getByRole("combobox", { name: "Sender ids (headers)" }) })
    .click();
  await page
    .locator(".ant-select-dropdown:visible .ant-select-item-option")
    .getByText("GLXTRK", { exact: true })
    .click();
  await page.keyboard.press("Escape");
  await drawer.getByLabel("SMSC host").fill("127.0.0.1");
  await drawer.getByLabel("Port", { exact: true }).fill(String(smsc.port));
  await drawer.getByLabel("System id", { exact: true }).fill(USER.systemId);
  await drawer.getByLabel("Password", { exact: true }).fill("wrong-pw");
  await drawer.getByLabel("DLT entity id", { exact: true }).fill("1201159100000000003");
  await expect(drawer.getByLabel("Throughput (messages per second)")).toHaveValue("100");
  await drawer.getByRole("button", { name: "Check and connect" }).click();
  // The SMSC refuses the bind: said plainly, nothing saved, what was typed stays.
  await expect(page.getByText(/The SMSC refused the bind \(ESME_RINVPASWD\)/).first()).toBeVisible();
  await expect(drawer.getByLabel("Channel name")).toHaveValue("Globex SMSC");
  await shot(page, "smpp-refused");

  const binds = smsc.transmitterBinds;
  await drawer.getByLabel("Password", { exact: true }).fill(USER.password);
  await drawer.getByRole("button", { name: "Check and connect" }).click();
  await expect(drawer.getByText("Globex SMSC is connected")).toBeVisible();
  expect(smsc.transmitterBinds).toBe(binds + 1);
  await drawer.getByRole("button", { name: "Test connection" }).click();
  await expect(drawer.getByText(`Connected: SMSC 127.0.0.1:${smsc.port} as globex`)).toBeVisible();
  await shot(page, "smpp-connected");
  await drawer.getByRole("button", { name: "Done" }).click();
  await expect(drawer).toBeHidden();

  const card = page.locator(".ant-card").filter({ hasText: "Globex SMSC" }).first();
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
  await expect(card.getByText("SMPP 3.4")).toBeVisible();
  await expect(card).toContainText(`127.0.0.1:${smsc.port}`);
  await expect(card).toContainText("GLXTRK");
  await expect(card).toContainText("100 messages/s per bind");
  // Health: the test's success is recorded; the secret never comes back.
  await expect(card.locator("text=Last success").locator("xpath=..")).not.toContainText("Not yet");
  await expect(card).toContainText("Stored");
  await expect(page.locator("body")).not.toContainText(USER.password);
  await card.getByRole("button", { name: "Test connection" }).click();
  await expect(card.getByText("Connection works")).toBeVisible();
  await shot(page, "smpp-channel");

  // Editing: the saved settings filled in, the password empty with its hint; a bind with the new settings comes first.
  await card.getByRole("button", { name: "Edit" }).click();
  const edit = page.locator(".ant-drawer").filter({ hasText: "Edit Globex SMSC" });
  await expect(edit.getByLabel("SMSC host")).toHaveValue("127.0.0.1");
  await expect(edit.getByLabel("Port", { exact: true })).toHaveValue(String(smsc.port));
  await expect(edit.getByLabel("System id", { exact: true })).toHaveValue(USER.systemId);
  await expect(edit.getByLabel("DLT entity id", { exact: true })).toHaveValue("1201159100000000003");
  await expect(edit.getByLabel("Password", { exact: true })).toHaveValue("");
  await expect(edit.getByText("Leave empty to keep the saved value")).toBeVisible();
  await edit.getByLabel("Throughput (messages per second)").fill("50");
  await edit.getByLabel("Password", { exact: true }).fill("wrong-pw");
  await edit.getByRole("button", { name: "Check and save" }).click();
  await expect(page.getByText(/The SMSC refused the bind \(ESME_RINVPASWD\)/).first()).toBeVisible();
  await expect(card).toContainText("100 messages/s per bind");
  await shot(page, "smpp-edit-refused");
  await edit.getByLabel("Password", { exact: true }).fill("");
  await edit.getByRole("button", { name: "Check and save" }).click();
  await expect(page.getByText("Saved Globex SMSC")).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(card).toContainText("50 messages/s per bind");
  await shot(page, "smpp-edited");

  await card.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("Disconnect Globex SMSC?")).toBeVisible();
  await shot(page, "smpp-disconnect-confirm");
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("No SMS provider connected")).toBeVisible();
});

test("connects an HTTP provider with the profile's defaults and shows the DLR callback URL with its token", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, "globex", "manager");
  await page.goto("/organization/channels/sms");
  await page.getByRole("button", { name: "Connect an SMS provider" }).click();
  const drawer = page.locator(".ant-drawer");
  await drawer.getByText("HTTP API").click();
  await expect(drawer.getByLabel("Body template (JSON)")).toHaveValue(/\{\{text\}\}/);
  await drawer.getByLabel("Channel name").fill("Globex HTTP");
  await drawer
    .locator(".ant-select")
    .filter({ has: page.getByRole("combobox", { name: "Sender ids (headers)" }) })
    .click();
  await page
    .locator(".ant-select-dropdown:visible .ant-select-item-option")
    .getByText("GLOBEX", { exact: true })
    .click();
  await page.keyboard.press("Escape");
  await drawer.getByLabel("Send URL").fill(provider.url);
  await drawer.getByLabel("API key").fill(HTTP_KEY);
  await shot(page, "sms-http-form");
  await drawer.getByRole("button", { name: "Check and connect" }).click();
  await expect(drawer.getByText("Globex HTTP is connected")).toBeVisible();
  const url = (await drawer.locator(".ant-descriptions-item-content").nth(0).innerText()).trim();
  const token = (await drawer.locator(".ant-descriptions-item-content").nth(1).innerText()).trim();
  expect(url).toMatch(/\/api\/carrier-webhooks\/[0-9a-f-]{36}\?token=/);
  expect(url.endsWith(`token=${token}`)).toBe(true);
  await shot(page, "sms-http-connected");
  await drawer.getByRole("button", { name: "Done" }).click();
  await expect(drawer).toBeHidden();
  const card = page.locator(".ant-card").filter({ hasText: "Globex HTTP" }).first();
  await expect(card).toContainText("DLR callback URL");
  await expect(card).toContainText(`Stored, ends in ${HTTP_KEY.slice(-4)}`);
  await expect(page.locator("body")).not.toContainText(HTTP_KEY);
  await shot(page, "sms-http-channel");

  // Editing with the key left empty keeps it; the new send URL is checked with the key before saving.
  await card.getByRole("button", { name: "Edit" }).click();
  const edit = page.locator(".ant-drawer").filter({ hasText: "Edit Globex HTTP" });
  await expect(edit.getByLabel("Send URL")).toHaveValue(provider.url);
  await expect(edit.getByLabel("Body template (JSON)")).toHaveValue(/\{\{text\}\}/);
  await expect(edit.getByLabel("API key")).toHaveValue("");
  await expect(edit.getByText("Leave empty to keep the saved value")).toBeVisible();
  await edit.getByLabel("Channel name").fill("Globex HTTP route");
  await edit.getByLabel("Statuses meaning delivered").fill("DELIVERED, DELIVRD, SUCCESS");
  await shot(page, "sms-http-edit");
  await edit.getByRole("button", { name: "Check and save" }).click();
  await expect(page.getByText("Saved Globex HTTP route")).toBeVisible();
  await expect(edit).toBeHidden();
  const edited = page.locator(".ant-card").filter({ hasText: "Globex HTTP route" }).first();
  await expect(edited).toContainText(`Stored, ends in ${HTTP_KEY.slice(-4)}`);
});

test("a customer's SMS over the SMPP bind opens a conversation in the inbox; on the DLT route the agent answers with a template, sent as submit_sm with its DLT template id", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const token = await apiToken(page, "globex");
  const headers = { authorization: `Bearer ${token}` };
  // Globex's first SMS template, on the account that registers GLXTRK.
  const accounts = (await (await page.request.get("/api/sms/accounts", { headers })).json()) as {
    data: { id: string; senderIds: string[] }[];
  };
  const account = accounts.data.find((a) => a.senderIds.includes("GLXTRK"));
  const dltTemplateId = "1107160000000000033";
  const made = await page.request.post("/api/sms/templates", {
    headers,
    data: {
      smsAccountId: account?.id,
      name: `Parcel out ${Date.now()}`,
      body: "Dear {#var#}, your parcel {#var#} is out for delivery today. - Globex",
      category: "service-implicit",
      senderId: "GLXTRK",
      dltTemplateId,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const templateName = ((await made.json()) as { data?: { name?: string } }).data?.name ?? "";
  // Connected through the API (the form is the first test's): GLXTRK, which that test freed when it disconnected.
  const connected = await page.request.post("/api/v1/channels/smpp", {
    headers,
    data: {
      name: "Globex two-way SMSC",
      sender_ids: ["GLXTRK"],
      host: "127.0.0.1",
      port: smsc.port,
      system_id: USER.systemId,
      password: USER.password,
      dlt_entity_id: "1201159100000000003",
    },
  });
  expect(connected.status()).toBe(201);
  const channelId = ((await connected.json()) as { data: { _id: string } }).data._id;
  try {
    // Its transceiver bound (the SMSC hands customers' messages only to one), as the server does for every SMPP channel
    // at start.
    const binds = smsc.binds;
    const tested = await page.request.post(`/api/v1/channels/carrier-channels/${channelId}/test`, { headers });
    expect(tested.ok(), await tested.text()).toBe(true);
    await expect.poll(() => smsc.binds).toBeGreaterThan(binds);

    const customer = `+9198${String(Date.now()).slice(-8)}`;
    smsc.customerWrites({
      systemId: USER.systemId,
      from: customer,
      to: "GLXTRK",
      text: "Hi, is my parcel GLX-5521 out for delivery?",
    });

    await login(page, "globex", "manager");
    await page.goto("/organization/chats");
    const row = page.getByRole("option").filter({ hasText: customer });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText("Hi, is my parcel GLX-5521 out for delivery?");
    await row.click();
    // The thread loads after the click (slow on a loaded machine: it missed 5 s once at a load average of 30).
    await expect(
      page.locator("[data-message]").filter({ hasText: "Hi, is my parcel GLX-5521 out for delivery?" }),
    ).toBeVisible({ timeout: 15_000 });
    // Before anyone types: free text is off, and the composer says why (the box takes only `/` for a canned response
    // tied to a registered template, inbox-canned-dlt.spec.ts).
    await expect(page.getByText("Templates only.")).toBeVisible();
    await expect(page.getByText(DLT_TEMPLATES_ONLY)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Reply" })).toHaveAttribute(
      "placeholder",
      "Free text is off on this DLT route: / for a canned response tied to a registered template",
    );
    await expect(page.getByRole("button", { name: "Send", exact: true })).toBeDisabled();
    await shot(page, "sms-inbox-smpp-dlt");
    // A note for the team still goes.
    const mode = page.locator(".ant-segmented");
    await mode.getByText("Note").click();
    await expect(page.getByRole("textbox", { name: "Internal note" })).toBeEnabled();
    await mode.getByText("Reply").click();

    await page.getByRole("button", { name: "Templates", exact: true }).click();
    const popover = page.locator(".ant-popover");
    await popover.getByText(templateName, { exact: true }).click();
    await expect(popover.getByText(`DLT template ${dltTemplateId}`)).toBeVisible();
    await popover.getByLabel("Value 1").fill("Ravi");
    await popover.getByLabel("Value 2").fill("GLX-5521");
    await shot(page, "sms-inbox-smpp-dlt-template");
    await popover.getByRole("button", { name: "Send template" }).click();
    const text = "Dear Ravi, your parcel GLX-5521 is out for delivery today. - Globex";
    await expect(page.locator("[data-message]").filter({ hasText: text }).locator("[data-status]")).toHaveAttribute(
      "data-status",
      "delivered",
      { timeout: 15_000 },
    );
    await shot(page, "sms-inbox-smpp");

    // The answer went to the SMSC from the header the customer wrote to, once, with the template's DLT id in 0x1401.
    await expect
      .poll(() =>
        smsc.submitted
          .filter((s) => s.to === customer.slice(1))
          .map((s) => ({ from: s.from, text: s.text, templateId: s.tlvs[String(DLT_ROUTE.templateIdTag)] })),
      )
      .toEqual([{ from: "GLXTRK", text, templateId: dltTemplateId }]);
  } finally {
    await page.request.delete(`/api/v1/channels/carrier-channels/${channelId}`, { headers });
  }
});

test("the MSG91 preset fills the HTTP form, leaving the key, the sender ids and the entity id; the card names the preset", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, "globex", "manager");
  await page.goto("/organization/channels/sms");
  await page.getByRole("button", { name: "Connect an SMS provider" }).click();
  const drawer = page.locator(".ant-drawer");
  await drawer.getByText("HTTP API").click();
  // The form below loads lazily: opened before it settles, the dropdown can move under the click, so choose again.
  await expect(drawer.getByLabel("Send URL")).toBeVisible();
  const hint = drawer.getByText(/paste the delivery report URL into MSG91's SMS › Webhook and choose version v3/);
  await expect(async () => {
    if (!(await hint.isVisible())) {
      await drawer
        .locator(".ant-select")
        .filter({ has: page.getByRole("combobox", { name: "Preset" }) })
        .click();
      await page
        .locator(".ant-select-dropdown:visible .ant-select-item-option")
        .getByText("MSG91 (India)", { exact: true })
        .click({ timeout: 2_000 });
    }
    await expect(hint).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(drawer.getByLabel("Send URL")).toHaveValue("https://api.msg91.com/api/v2/sendsms");
  await expect(drawer.getByLabel("Auth header")).toHaveValue("authkey");
  await expect(drawer.getByLabel("Before the key")).toHaveValue("");
  await expect(drawer.getByLabel("Body template (JSON)")).toHaveValue(/"DLT_TE_ID": "\{\{dlt_template_id\}\}"/);
  await expect(drawer.getByLabel("Message id in the answer")).toHaveValue("message");
  await expect(drawer.getByLabel("Statuses meaning failed")).toHaveValue("2, 9, 16, 17, 25");
  await expect(drawer.getByLabel("API key")).toHaveValue("");
  await expect(drawer.getByLabel("DLT entity id", { exact: true })).toHaveValue("");
  await shot(page, "sms-http-msg91-preset");

  await drawer.getByLabel("Channel name").fill("Globex MSG91");
  // GLXTRK, freed by the SMPP test, is the one free header left (GLOBEX is the HTTP route's): chosen already.
  await expect(drawer.locator('.ant-select-selection-item[title="GLXTRK"]')).toBeVisible();
  // MSG91 itself is not reachable from here: its stand-in, speaking MSG91's API, stands at a local address.
  await drawer.getByLabel("Send URL").fill(msg91.url);
  await drawer.getByLabel("DLT entity id", { exact: true }).fill("1201159100000000003");
  await drawer.getByLabel("API key").fill("not-the-msg91-authkey");
  await drawer.getByRole("button", { name: "Check and connect" }).click();
  await expect(
    page.getByText("The provider refused the API key (207: Invalid authentication key)").first(),
  ).toBeVisible();
  await drawer.getByLabel("API key").fill(MSG91_KEY);
  await drawer.getByRole("button", { name: "Check and connect" }).click();
  await expect(drawer.getByText("Globex MSG91 is connected")).toBeVisible();
  // The success took the refusal's place: nothing stale lies over the drawer's buttons.
  await expect(page.getByText(/The provider refused the API key/)).toBeHidden({ timeout: 2_000 });
  await drawer.getByRole("button", { name: "Done" }).click();
  await expect(drawer).toBeHidden();

  const card = page.locator(".ant-card").filter({ hasText: "Globex MSG91" }).first();
  await expect(card).toContainText("MSG91 (India)");
  await expect(card).toContainText("authkey: …");
  await shot(page, "sms-http-msg91-channel");
  await card.getByRole("button", { name: "Edit" }).click();
  const edit = page.locator(".ant-drawer").filter({ hasText: "Edit Globex MSG91" });
  await expect(edit.getByText("Filled from the MSG91 (India) preset.", { exact: false })).toBeVisible();
  await edit.getByLabel("Throughput (messages per second)").fill("40");
  const saving = page.waitForResponse(
    (r) => r.request().method() === "PUT" && r.url().includes("/api/v1/channels/sms-http/"),
  );
  await edit.getByRole("button", { name: "Check and save" }).click();
  const saved = await saving;
  expect(saved.status(), `${saved.request().postData() ?? ""} → ${await saved.text()}`).toBe(200);
  await expect(page.getByText("Saved Globex MSG91")).toBeVisible();
  // Saved again from the form, the channel keeps its preset.
  await expect(card).toContainText("MSG91 (India)");
});

test("an HTTP provider set up for customers' messages shows its inbound URL; a customer's SMS through it reaches the inbox and the answer goes back through the provider", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, "globex", "manager");
  await page.goto("/organization/channels/sms");
  const card = page.locator(".ant-card").filter({ hasText: "Globex HTTP route" }).first();
  await expect(card).toContainText("To receive customers' messages too, edit this provider");
  await card.getByRole("button", { name: "Edit" }).click();
  const edit = page.locator(".ant-drawer").filter({ hasText: "Edit Globex HTTP route" });
  await edit.getByLabel("Number written to in an inbound message").fill("to");
  await edit.getByLabel("Customer's number in an inbound message").fill("from");
  await edit.getByLabel("Text in an inbound message").fill("text");
  await edit.getByLabel("Message id in an inbound message").fill("id");
  await shot(page, "sms-http-inbound-form");
  await edit.getByRole("button", { name: "Check and save" }).click();
  await expect(page.getByText("Saved Globex HTTP route")).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(card).toContainText("Delivery reports and customers' messages");
  // The callback URLs' table (bordered: a row per URL, its value in code).
  const urlOf = async (label: string) =>
    (await card.locator(".ant-descriptions-row").filter({ hasText: label }).locator("code").first().innerText()).trim();
  const inboundUrl = await urlOf("Inbound URL");
  const dlrUrl = await urlOf("DLR callback URL");
  expect(inboundUrl).toBe(`${dlrUrl}&kind=inbound`);
  await shot(page, "sms-http-inbound-card");
  providerCallback.callbackUrl = dlrUrl;

  const customer = `+9197${String(Date.now()).slice(-8)}`;
  const wrote = await provider.customerWrites(inboundUrl, {
    from: customer.slice(1),
    to: "GLOBEX",
    text: "Can I change the delivery address of GLX-7731?",
  });
  expect(wrote.status).toBe(200);
  await page.goto("/organization/chats");
  const row = page.getByRole("option").filter({ hasText: customer });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.click();
  await page.getByRole("textbox", { name: "Reply" }).fill("Yes: reply with the new address and we will update it.");
  await page.getByRole("textbox", { name: "Reply" }).press("Enter");
  await expect(
    page.locator("[data-message]").filter({ hasText: "reply with the new address" }).locator("[data-status]"),
  ).toHaveAttribute("data-status", "delivered", { timeout: 15_000 });
  await shot(page, "sms-inbox-http");
  // Sent through the HTTP provider (not the sandbox) from the header the customer wrote to.
  expect(
    provider.received
      .filter((r) => r.body.to === customer.slice(1))
      .map((r) => ({ sender: r.body.sender, message: r.body.message })),
  ).toEqual([{ sender: "GLOBEX", message: "Yes: reply with the new address and we will update it." }]);
});
