import { expect, test } from "./fixtures";
import { apiToken, login, shot } from "./support";

// Globex is the demo manager that starts unconnected (the seed connects Acme's manager for the template screens), and
// no other spec connects it: its numbers start with no traffic, and analytics show only what is sent over them.
test("a manager connects a sandbox WABA, sees its numbers and their analytics, and edits the business profile", async ({
  page,
}) => {
  // Connecting, a customer's message, an answer and two loads of a lazy chart: more than the default on a busy machine.
  test.setTimeout(120_000);
  await login(page, "globex", "manager");
  await page.goto("/organization/channels/whatsapp");
  // A retry finds the WABA the first attempt connected (same server): only a first attempt sees the empty state.
  if (test.info().retry === 0) {
    await expect(page.getByText("No WhatsApp Business Account connected")).toBeVisible({ timeout: 20_000 }); // a first load on a busy machine
    await expect(page.getByRole("button", { name: "Connect WhatsApp Cloud API" })).toBeVisible();
    await shot(page, "wach-empty");
    await page.getByRole("button", { name: "Use the sandbox" }).click();
  }
  await expect(page.getByText(/^Connected Sandbox WABA \d{4}$/)).toBeVisible({ timeout: 20_000 });
  const numbers = page.locator(".ant-table-row");
  await expect(numbers.first()).toContainText(/\+91 9\d{4} \d{5}/);
  await expect(numbers.first().getByLabel(/^Quality: (High|Medium|Low)$/)).toBeVisible();

  // Nothing was sent over the new numbers: zeros, said plainly, and no chart of invented traffic.
  const analytics = page.locator(".ant-card").filter({ hasText: "Analytics" });
  const firstNumber = analytics.locator("section").first();
  const sentFigure = firstNumber.locator(".ant-statistic").first();
  if (test.info().retry === 0) {
    await expect(sentFigure).toHaveText("Sent0");
    await expect(firstNumber.getByText("No messages over this number yet")).toBeVisible();
    await expect(firstNumber.locator(".recharts-line")).toHaveCount(0);
    await shot(page, "wach-analytics-empty");
  }

  // A customer writes to the first number and the inbox answers: that one message is what the analytics show.
  const token = await apiToken(page, "globex");
  const headers = { authorization: `Bearer ${token}` };
  // The analytics' own first number, the one drawn first.
  const shown = await (await page.request.get("/api/waba/analytics", { headers })).json();
  const address = shown.data.phone_numbers[0].phone_number_id as string;
  const sentOverFirst = async () => {
    const body = await (await page.request.get("/api/waba/analytics", { headers })).json();
    return (body.data.phone_numbers[0].data_points as { sent: number }[]).reduce((sum, p) => sum + p.sent, 0);
  };
  // 0 on a first attempt (checked above); a retry on the same server finds the first attempt's message.
  const before = await sentOverFirst();
  const customer = "+919700012345";
  expect(
    (
      await page.request.post("/api/v1/sandbox/phone/messages", {
        headers,
        data: { channel: "whatsapp", address, number: customer, text: "Is my order ready?" },
      })
    ).ok(),
  ).toBe(true);
  let chatId = "";
  await expect(async () => {
    const list = await (await page.request.get(`/api/v1/chats?q=${encodeURIComponent(customer)}`, { headers })).json();
    chatId = list.data[0]?._id ?? "";
    expect(chatId).not.toBe("");
  }).toPass({ timeout: 15_000 });
  const answer = await page.request.post(`/api/v1/chats/${chatId}/messages`, {
    headers,
    data: { clientId: `analytics-${test.info().retry}`, messageType: "text", text: "Yes, it ships today" },
  });
  expect(answer.ok()).toBe(true);
  // Counted once the provider has taken it; then the page shows it.
  await expect.poll(sentOverFirst, { timeout: 30_000 }).toBe(before + 1);
  await page.reload();
  await expect(sentFigure).toHaveText(`Sent${before + 1}`, { timeout: 30_000 });
  await expect(firstNumber.locator(".recharts-line")).toHaveCount(3);
  await shot(page, "wach-connected");

  const profile = page.locator(".ant-card").filter({ hasText: "Business profile" });
  // Over Meta's limit: the form says so before any call.
  await profile.getByLabel("Website 1").fill("acme.example");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByText("Start with http:// or https://")).toBeVisible();
  await shot(page, "wach-profile-invalid");

  await profile.getByLabel("Website 1").fill("https://acme.example");
  await profile.getByLabel("About").fill("Open 9 am to 6 pm, Monday to Saturday");
  await profile.getByLabel("Email").fill("hello@acme.example");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Business profile saved")).toBeVisible();

  // Saved on the server: a reload reads it back.
  await page.reload();
  await expect(page.locator(".ant-card").filter({ hasText: "Business profile" }).getByLabel("About")).toHaveValue(
    "Open 9 am to 6 pm, Monday to Saturday",
  );
  await expect(page.locator(".ant-card").filter({ hasText: "Business profile" }).getByLabel("Website 1")).toHaveValue(
    "https://acme.example",
  );
});

test("the admin sees the WhatsApp provider in settings", async ({ page }) => {
  await login(page, "admin", "admin");
  await page.goto("/admin/settings");
  const card = page.locator(".ant-card").filter({ hasText: "WhatsApp provider" });
  await expect(card.getByRole("combobox", { name: "WhatsApp provider solution" })).toBeVisible();
  await expect(card).toContainText("Sandbox (simulated WhatsApp Cloud API)");
  await shot(page, "wach-admin-settings");
});

test("a department head reads numbers and analytics but cannot connect", async ({ page }) => {
  await login(page, "depthead", "department_head");
  await page.goto("/department-head/channels/whatsapp");
  await expect(page.getByText("No WhatsApp Business Account connected")).toBeVisible({ timeout: 20_000 }); // a first load on a busy machine
  await expect(page.getByText("Your organization has not connected")).toBeVisible();
  await expect(page.getByRole("button", { name: /Connect WhatsApp|Use the sandbox/ })).toHaveCount(0);
  await shot(page, "wach-depthead");
});
