import { deflateSync } from "node:zlib";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { login, shot } from "./support";

/** A 480x240 PNG with a diagonal gradient: a real image for the header, made here so the repo holds no binary. */
function gradientPng(width = 480, height = 240): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const o = y * (width * 3 + 1) + 1 + x * 3;
      rows[o] = 18 + Math.round((x / width) * 40);
      rows[o + 1] = 140 + Math.round((y / height) * 80);
      rows[o + 2] = 84 + Math.round(((x + y) / (width + height)) * 120);
    }
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

/** The account to create in: the picker when WABAs are listed, the id field when the WABA list is unavailable. */
async function chooseWaba(page: Page): Promise<void> {
  const idField = page.getByLabel("WABA id");
  const picker = page.getByRole("combobox", { name: "WhatsApp Business Account" });
  // The picker shows while the WABA list loads; wait until it has either options or has given way to the id field.
  await expect(async () => {
    const settled = (await idField.isVisible()) || ((await picker.isVisible()) && (await page.locator(".ant-select-arrow-loading").count()) === 0);
    expect(settled).toBe(true);
  }).toPass();
  if (await idField.isVisible()) {
    await idField.fill("demo-waba-acme");
    return;
  }
  if ((await page.locator(".ant-select-selection-item").filter({ hasText: "·" }).count()) === 0) {
    await picker.click();
    await page.locator(".ant-select-item-option").first().click();
  }
}

test("a manager creates a template with a header image and sees it go from PENDING to APPROVED without reloading", async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, "manager", "manager");
  await page.goto("/organization/manage-templates/whatsapp");
  await expect(page.getByRole("row").filter({ hasText: "order_shipped" })).toContainText("Approved");
  await expect(page.getByRole("row").filter({ hasText: "loyalty_points" }).getByTestId("recategorised")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "payment_due" })).toContainText("the body can't start or end with a variable");
  await shot(page, "watpl-list");

  await page.getByRole("button", { name: "New template" }).click();
  await expect(page).toHaveURL(/manage-templates\/whatsapp\/whatsapp-template-creation$/);
  await chooseWaba(page);

  // The rules speak while typing, before anything is sent.
  await page.getByLabel("Template name").fill("Spring Launch");
  await expect(page.getByText("Name may contain only lowercase letters, digits and underscores")).toBeVisible();
  await page.getByLabel("Body").fill("{{2}} is waiting");
  await expect(page.getByText("Variables must be numbered from {{1}} without gaps: {{1}} is missing")).toBeVisible();
  await shot(page, "watpl-editor-rules");
  const name = `spring_launch_${Date.now().toString(36)}`;
  await page.getByLabel("Template name").fill(name);
  await expect(page.getByText("Name may contain only lowercase letters, digits and underscores")).toHaveCount(0);
  await page.getByText("Marketing", { exact: true }).click();

  await page.getByLabel("Header type").getByText("Image").click();
  await page.locator("input[type=file]").setInputFiles({ name: "spring.png", mimeType: "image/png", buffer: gradientPng() });
  await expect(page.locator(".wa-bubble img")).toBeVisible();

  await page.getByLabel("Body").fill("Hi ");
  await page.getByRole("button", { name: "Add variable" }).click();
  await page.getByLabel("Body").press("End");
  await page.getByLabel("Body").pressSequentially(", our *spring collection* arrives in stores on ");
  await page.getByRole("button", { name: "Add variable" }).click();
  await page.getByLabel("Body").press("End");
  await page.getByLabel("Body").pressSequentially(" with fresh styles for the whole family.");
  await expect(page.getByText("Give an example value for {{1}}")).toBeVisible();
  await page.getByLabel("Example 1").fill("Asha");
  await page.getByLabel("Example 2").fill("14 March");
  await page.getByLabel("Footer").fill("Acme Retail · reply STOP to opt out");
  await page.getByRole("button", { name: "Add button" }).click();
  await page.getByRole("menuitem", { name: "Visit website" }).click();
  await page.getByLabel("Button 1 text").fill("See the collection");
  await page.getByLabel("Button 1 URL").fill("https://acme.example.com/spring");
  await page.getByRole("button", { name: "Add button" }).click();
  await page.getByRole("menuitem", { name: "Quick reply" }).click();
  await page.getByLabel("Button 2 text").fill("Remind me");

  const bubble = page.getByTestId("wa-bubble");
  await expect(bubble).toContainText("Hi Asha, our spring collection arrives in stores on 14 March with fresh styles for the whole family.");
  await expect(page.locator(".wa-button").filter({ hasText: "See the collection" })).toBeVisible();
  await shot(page, "watpl-editor");

  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page).toHaveURL(/manage-templates\/whatsapp$/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Pending");
  await shot(page, "watpl-pending");
  // The review job's verdict arrives over the socket: no reload.
  await expect(row).toContainText("Approved", { timeout: 20_000 });
  await expect(row).toContainText("MARKETING");
  await shot(page, "watpl-approved");

  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByText(`Delete ${name}?`)).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test("the status filter narrows the list", async ({ page }) => {
  await login(page, "manager", "manager");
  await page.goto("/organization/manage-templates/whatsapp");
  await page.getByLabel("Status filter").getByText("Rejected").click();
  await expect(page.getByRole("row").filter({ hasText: "payment_due" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "order_shipped" })).toHaveCount(0);
  await page.getByLabel("Status filter").getByText("Paused").click();
  await expect(page.getByText("No paused templates")).toBeVisible();
});
