import type { Page } from "@playwright/test";
import { THEME_STORAGE_KEY } from "../contract/constants";
import { SMS_NO_FILES } from "../contract/domain/media";
import { expect, test } from "./fixtures";
import { gradientPng } from "./gradient-png";
import { apiToken, login, shot } from "./support";

const INBOX = "/organization/chats";

async function openConversation(page: Page, number: string) {
  await page.getByLabel("Search conversations").fill(number);
  await page.getByLabel("Search conversations").press("Enter");
  await page.getByRole("option").filter({ hasText: number }).first().click();
}

/** The simulated phone writes as a customer (with a file, as a data: URL the sandbox delivers as media). */
async function customerWrites(page: Page, channel: "whatsapp" | "sms", number: string, text: string, file?: Buffer) {
  const token = await apiToken(page, "manager");
  const headers = { authorization: `Bearer ${token}` };
  const addresses = (await (await page.request.get("/api/v1/sandbox/phone/addresses", { headers })).json()).data as {
    channel: string;
    address: string;
  }[];
  const address = addresses.find((a) => a.channel === channel)?.address;
  const res = await page.request.post("/api/v1/sandbox/phone/messages", {
    headers,
    data: {
      channel,
      address,
      number,
      text,
      ...(file ? { mediaUrl: `data:image/png;base64,${file.toString("base64")}` } : {}),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

for (const theme of ["light", "dark"] as const) {
  test(`a customer's photo shows in the thread and an agent sends one back from the composer (${theme})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, theme]);
    const customer = `+9196${String(Date.now()).slice(-8)}`;
    await login(page, "manager", "manager");
    await customerWrites(page, "whatsapp", customer, "The parcel came damaged", gradientPng(240, 160));
    await page.goto(INBOX);
    await openConversation(page, customer);
    // Received: fetched from the (sandbox) provider, stored, and shown through a signed link.
    const received = page.locator("[data-message]").filter({ hasText: "The parcel came damaged" });
    await expect(received.locator("img")).toBeVisible({ timeout: 15_000 });
    await expect(received.locator("img")).toHaveAttribute("src", /\/api\/v1\/chat-files\/.+sig=/);

    // Sent: attached with the paper clip, previewed with its progress, captioned, and shown once sent.
    await page.locator('input[type="file"]').setInputFiles({
      name: "invoice.png",
      mimeType: "image/png",
      buffer: gradientPng(320, 200),
    });
    const preview = page.getByLabel("Attachment");
    await expect(preview.getByText("invoice.png")).toBeVisible();
    await expect(preview.getByText(/image, ready to send/)).toBeVisible();
    await page.getByRole("textbox", { name: "Reply" }).fill("Your invoice, as promised");
    await shot(page, `chat-attachment-preview-${theme}`);
    await page.getByRole("textbox", { name: "Reply" }).press("Enter");
    const sent = page.locator("[data-message]").filter({ hasText: "Your invoice, as promised" });
    await expect(sent.locator("img")).toBeVisible({ timeout: 15_000 });
    await expect(sent.locator("[data-status]")).toHaveAttribute("data-status", /sent|delivered|read/, {
      timeout: 15_000,
    });
    await expect(preview).toHaveCount(0);
    await shot(page, `chat-attachments-thread-${theme}`);

    // Click to open the photo large.
    await received.getByText("Open").click();
    await expect(page.locator(".ant-image-preview-img")).toBeVisible();
    await shot(page, `chat-attachment-open-${theme}`);
  });
}

test("on SMS the attach button is off and says why", async ({ page }) => {
  const customer = `+9195${String(Date.now()).slice(-8)}`;
  await login(page, "manager", "manager");
  await customerWrites(page, "sms", customer, "Can you send the bill?");
  await page.goto(INBOX);
  await openConversation(page, customer);
  const clip = page.getByRole("button", { name: `Attach a file: ${SMS_NO_FILES}` });
  await expect(clip).toBeDisabled();
  await clip.locator("..").hover();
  await expect(page.getByRole("tooltip")).toHaveText(SMS_NO_FILES);
  await shot(page, "chat-attachment-sms");
});
