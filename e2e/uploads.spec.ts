import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { apiToken, login, shot } from "./support";

/** A real PNG drawn in the page (a gradient with a label), so thumbnails show something a person can recognise. */
async function drawnPng(page: Page, from: string, to: string, label: string): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([a, b, text]) => {
      const canvas = document.createElement("canvas");
      canvas.width = 640;
      canvas.height = 400;
      const g = canvas.getContext("2d")!;
      const fill = g.createLinearGradient(0, 0, 640, 400);
      fill.addColorStop(0, a);
      fill.addColorStop(1, b);
      g.fillStyle = fill;
      g.fillRect(0, 0, 640, 400);
      g.fillStyle = "#fff";
      g.font = "bold 56px sans-serif";
      g.fillText(text, 40, 220);
      return canvas.toDataURL("image/png");
    },
    [from, to, label],
  );
  return Buffer.from(dataUrl.split(",")[1], "base64");
}

const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

/**
 * Specs before this one upload media for the manager too (a campaign's header image): the library starts empty here.
 */
async function clearLibrary(page: Page) {
  const headers = { authorization: `Bearer ${await apiToken(page, "manager")}` };
  const listed = await page.request.get("/api/upload/list", { headers, params: { channel: "whatsapp", limit: 100 } });
  for (const { _id } of ((await listed.json()) as { data: { _id: string }[] }).data) {
    expect((await page.request.delete(`/api/upload/${_id}`, { headers, data: { channel: "whatsapp" } })).ok()).toBe(
      true,
    );
  }
}

test("a manager uploads an image through the media picker, sees it listed, and deletes it", async ({ page }) => {
  await clearLibrary(page);
  await login(page, "manager", "manager");
  await page.goto("/organization/media-library");
  const main = page.locator("main");
  await expect(main.getByRole("heading", { name: "Media Library" })).toBeVisible();
  await expect(main.getByText("No WhatsApp media yet: upload an image, video or PDF.")).toBeVisible();
  await expect(
    main.getByText("Images JPG, PNG up to 5.0 MB · Videos MP4, 3GPP up to 16 MB · Documents PDF up to 100 MB"),
  ).toBeVisible();
  await shot(page, "uploads-empty");

  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/upload/aws-upload")) sent.push(r.url());
  });
  const input = main.locator("input[type=file]");

  // A GIF dressed as a PNG: the picker reads the bytes like the server does and refuses it without sending anything.
  await input.setInputFiles({ name: "animation.png", mimeType: "image/png", buffer: GIF });
  const refusal = main.getByRole("alert");
  await expect(refusal).toContainText("This file cannot be used");
  await expect(refusal).toContainText(
    "animation.png: WhatsApp accepts image/jpeg, image/png, video/mp4, video/3gpp, application/pdf here; this file is image/gif",
  );
  await shot(page, "uploads-refused");
  expect(sent).toEqual([]);

  // The upload is held back a moment so the progress bar can be seen.
  await page.route("**/api/upload/aws-upload", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  await input.setInputFiles({
    name: "summer-sale.png",
    mimeType: "image/png",
    buffer: await drawnPng(page, "#0ea5e9", "#6366f1", "Summer sale"),
  });
  await expect(refusal).toHaveCount(0);
  await expect(main.getByLabel("Upload progress")).toContainText("Uploading summer-sale.png");
  await expect(main.getByLabel("Upload progress")).toHaveCount(0, { timeout: 15_000 });
  expect(sent).toHaveLength(1);

  const card = main.getByLabel("summer-sale.png", { exact: true });
  await expect(card).toBeVisible();
  await expect(card).toContainText(/PNG · \d+(\.\d)? KB/);
  // The thumbnail is served by its signed link: the image really loads.
  const thumbnail = card.locator("img");
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);

  await page.unroute("**/api/upload/aws-upload");
  await input.setInputFiles({
    name: "Diwali offer.png",
    mimeType: "image/png",
    buffer: await drawnPng(page, "#f97316", "#db2777", "Diwali offer"),
  });
  await expect(main.getByLabel("Diwali offer.png", { exact: true })).toBeVisible();
  await input.setInputFiles({ name: "price-list.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(main.getByLabel("price-list.pdf", { exact: true })).toContainText("PDF");
  await shot(page, "uploads-library");

  // RCS has its own list.
  await main.getByText("RCS", { exact: true }).click();
  await expect(main.getByText("No RCS media yet: upload an image, video or PDF.")).toBeVisible();
  await main.getByText("WhatsApp", { exact: true }).click();
  await expect(card).toBeVisible();

  // Delete asks first; cancelling keeps the file.
  await card.getByRole("button", { name: "Delete summer-sale.png" }).click();
  const confirm = page.locator(".ant-popconfirm");
  await expect(confirm).toContainText("Delete this file?");
  await expect(confirm).toContainText("Templates and campaigns that use it will lose their media.");
  // The screenshot waits for the pop-in animation to end.
  await expect(page.locator(".ant-popconfirm.ant-zoom-big-appear")).toHaveCount(0);
  await shot(page, "uploads-delete-confirm");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Delete summer-sale.png" }).click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Delete" }).click();
  await expect(card).toHaveCount(0);
  await expect(main.getByLabel("Diwali offer.png", { exact: true })).toBeVisible();

  // Gone on the server too.
  await page.reload();
  await expect(main.getByLabel("price-list.pdf", { exact: true })).toBeVisible();
  await expect(main.getByLabel("summer-sale.png", { exact: true })).toHaveCount(0);
  await shot(page, "uploads-after-delete");
  await page.getByRole("button", { name: /dark/i }).click();
  await shot(page, "uploads-dark");
});
