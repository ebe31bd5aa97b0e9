import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { login, shot } from "./support";

const PAGE = "/user/api-management";

// Two flows through a real server and the sandbox's receipts: generous on a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });

/** The public API, called as a customer's system would (curl-equivalent), not through the console. */
async function sendWithKey(
  baseURL: string,
  key: string,
  body: object,
): Promise<{ status: number; json: { data?: { id: string }; code?: string } }> {
  const res = await fetch(`${baseURL}/api/public/v1/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data?: { id: string }; code?: string } };
}

async function createKey(page: Page, name: string): Promise<string> {
  await page.getByRole("button", { name: "Create API key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByRole("button", { name: "Create key" }).click();
  const secret = page.getByRole("dialog", { name: `Your API key "${name}"` });
  await expect(secret.getByText("Copy the key now: it is shown only this once.")).toBeVisible();
  const key = await secret.getByLabel("API key").inputValue();
  expect(key).toMatch(/^mc_live_[a-z0-9]{12}_/);
  return key;
}

test("a key made in the console sends a message; the request log shows it and the message's state changes", async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? "";
  await login(page, "user", "user");
  await page.goto(PAGE);
  await expect(page.locator("main").getByRole("heading", { name: "API Control", exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await shot(page, "api-keys-empty");

  const stamp = String(Date.now()).slice(-5);
  const name = `Order system ${stamp}`;
  const key = await createKey(page, name);
  const secret = page.getByRole("dialog", { name: `Your API key "${name}"` });
  await secret.getByRole("button", { name: "Copy key" }).click();
  await expect(secret.getByRole("button", { name: /Copied$/ })).toBeVisible();
  await shot(page, "api-keys-secret-once");
  await secret.getByRole("button", { name: "I have copied it" }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Never");
  // The whole key never shows again: only its prefix.
  await expect(page.getByText(key)).toHaveCount(0);

  // +91 90000 00001: the sandbox's always-delivered number.
  const sent = await sendWithKey(base, key, {
    channel: "rcs",
    to: "+919000000001",
    text: "Your order has shipped",
    reference: `e2e-${stamp}`,
  });
  expect(sent.status).toBe(201);
  const messageId = sent.json.data?.id ?? "";

  await page.getByRole("tab", { name: "Request log" }).click();
  const logged = page.getByRole("row").filter({ hasText: "POST /api/public/v1/messages" }).filter({ hasText: name });
  await expect(logged.first()).toContainText("201", { timeout: 15_000 });
  await shot(page, "api-keys-request-log");
  await logged.first().getByRole("button").click();
  const drawer = page.locator(".ant-drawer-content");
  await expect(drawer.getByText("POST /api/public/v1/messages")).toBeVisible();
  const message = drawer.getByRole("row").filter({ hasText: "+919000000001" });
  await expect(message).toBeVisible();
  // The sandbox sends the receipts a few seconds apart: the state moves on without a reload.
  await expect(message).toContainText("delivered", { timeout: 20_000 });
  await shot(page, "api-keys-request-drawer");
  await drawer.getByRole("tab", { name: "Request" }).click();
  await expect(drawer.getByText(`e2e-${stamp}`)).toBeVisible();
  await page.keyboard.press("Escape");

  // The same message through the public API shows its history.
  const read = await fetch(`${base}/api/public/v1/messages/${messageId}`, { headers: { "x-api-key": key } });
  const history = ((await read.json()) as { data: { history: { status: string }[] } }).data.history.map(
    (h) => h.status,
  );
  expect(history).toEqual(expect.arrayContaining(["queued", "sent", "delivered"]));
});

test("key configuration (IP allow-list) refuses a request, regenerate stops the old secret, delete asks first", async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? "";
  await login(page, "user", "user");
  await page.goto(PAGE);
  const name = `Rotated ${String(Date.now()).slice(-5)}`;
  const key = await createKey(page, name);
  await page
    .getByRole("dialog", { name: `Your API key "${name}"` })
    .getByRole("button", { name: "I have copied it" })
    .click();
  const row = page.getByRole("row").filter({ hasText: name });

  await row.getByRole("button", { name: `Configure ${name}` }).click();
  const drawer = page.locator(".ant-drawer-content");
  await expect(drawer.getByText("The defaults (no configuration)")).toBeVisible();
  await drawer.getByTitle("Add Item").click();
  await drawer.locator("input[placeholder='203.0.113.0/24 or 2001:db8::/32']").fill("10.0.0.0/8");
  await shot(page, "api-keys-config-editor");
  await drawer.getByRole("button", { name: "Create configuration" }).click();
  await expect(drawer.getByText("This key's own configuration")).toBeVisible();
  await expect(drawer.getByText("10.0.0.0/8")).toBeVisible();
  const refused = await sendWithKey(base, key, { channel: "rcs", to: "+919000000002", text: "Hi" });
  expect(refused).toMatchObject({ status: 403, json: { code: "ip_not_allowed" } });
  await drawer.getByRole("button", { name: "Delete configuration" }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(drawer.getByText("The defaults (no configuration)")).toBeVisible();
  await page.locator(".ant-drawer").getByRole("button", { name: "Close", exact: true }).click();
  await expect(drawer).toBeHidden();
  expect((await sendWithKey(base, key, { channel: "rcs", to: "+919000000002", text: "Hi" })).status).toBe(201);

  await row.getByRole("button", { name: `More for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Regenerate…" }).click();
  const confirm = page.getByRole("dialog", { name: `Regenerate "${name}"?` });
  await expect(confirm.getByText("Immediately")).toBeVisible();
  await shot(page, "api-keys-regenerate");
  await confirm.getByRole("button", { name: "Regenerate" }).click();
  const again = page.getByRole("dialog", { name: `Your API key "${name}"` });
  const fresh = await again.getByLabel("API key").inputValue();
  expect(fresh).not.toBe(key);
  await again.getByRole("button", { name: "I have copied it" }).click();
  expect((await sendWithKey(base, key, { channel: "rcs", to: "+919000000003", text: "Hi" })).status).toBe(401);
  expect((await sendWithKey(base, fresh, { channel: "rcs", to: "+919000000003", text: "Hi" })).status).toBe(201);

  await row.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByText(`Delete "${name}"?`)).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(row).toContainText("Deleted");
  expect((await sendWithKey(base, fresh, { channel: "rcs", to: "+919000000003", text: "Hi" })).json.code).toBe(
    "api_key_deactivated",
  );

  // The refused request is in the log with its code.
  await page.getByRole("tab", { name: "Request log" }).click();
  await page.getByLabel("Status").first().click();
  await page.getByTitle("403 Not allowed").click();
  await expect(page.getByRole("row").filter({ hasText: name }).first()).toContainText("ip_not_allowed", {
    timeout: 15_000,
  });
  await shot(page, "api-keys-log-filtered");
});
