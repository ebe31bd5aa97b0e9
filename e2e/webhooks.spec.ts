import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect as baseExpect, test } from "./fixtures";
import { login, shot } from "./support";
import { PRIVATE_BODY_HIDDEN } from "../server/services/webhooks/address-guard";

const PAGE = "/user/api-management/webhooks";
// The machine is shared: lazy screens can take more than the default 5 s to appear.
const expect = baseExpect.configure({ timeout: 20_000 });

interface Hit {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on this machine: the test's own HTTP server, answering 200 and keeping what arrived. */
async function startReceiver(): Promise<{ url: string; hits: Hit[]; failNext(): void; close(): Promise<void> }> {
  const hits: Hit[] = [];
  let fail = false;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      hits.push({ headers: req.headers, body });
      if (fail) res.writeHead(500, { "content-type": "text/plain" }).end("database unavailable");
      else res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
      fail = false;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/e2e-hooks`,
    hits,
    failNext: () => (fail = true),
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const signed = (secret: string, hit: Hit) =>
  hit.headers["x-webhook-signature"] ===
  `v1=${createHmac("sha256", secret).update(`${hit.headers["x-webhook-timestamp"]}.${hit.body}`).digest("hex")}`;

test("a user adds a webhook endpoint, sends a test delivery, sees it in the delivery log and resends it", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    await login(page, "user", "user");
    await page.goto(PAGE);
    await expect(page.getByRole("heading", { name: "Webhooks" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Webhooks", selected: true })).toBeVisible();
    await shot(page, "webhooks-empty");

    // Add: RJSF form, every event ticked by default.
    await page.getByRole("button", { name: "Add endpoint" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Endpoint URL").fill(receiver.url);
    await dialog.getByLabel("Description").fill("Orders service (e2e)");
    await expect(dialog.getByRole("checkbox", { name: "Delivery receipts (message.status)" })).toBeChecked();
    await shot(page, "webhooks-create");
    await dialog.getByRole("button", { name: "Add endpoint" }).click();

    // The secret, once, with a copy button.
    const secretBox = page.getByTestId("webhook-secret");
    await expect(secretBox).toBeVisible();
    const secret = (await secretBox.innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByText("Copy the secret now: it is not shown again.")).toBeVisible();
    await shot(page, "webhooks-secret");
    await page.getByRole("button", { name: "I have copied it" }).click();

    const row = page.locator(".ant-table-row", { hasText: receiver.url });
    await expect(row).toBeVisible();
    await expect(row).toContainText("No deliveries yet");
    await expect(row).toContainText(`whsec_…${secret.slice(-4)}`);
    await expect(page.getByText(secret)).toHaveCount(0);
    await shot(page, "webhooks-list");

    // Test delivery: the receiver gets a signed webhook.test.
    await row.getByRole("button", { name: "Send test" }).click();
    await expect(page.getByText("Your endpoint answered")).toBeVisible();
    await page.waitForTimeout(400); // the dialog's opening animation
    await shot(page, "webhooks-test-result");
    expect(receiver.hits).toHaveLength(1);
    const [first] = receiver.hits;
    expect(first.headers["x-webhook-event"]).toBe("webhook.test");
    expect(signed(secret, first)).toBe(true);
    const deliveryId = String(first.headers["x-webhook-id"]);

    // The delivery log: succeeded on the first attempt with HTTP 200.
    await page.getByRole("button", { name: "Open delivery log" }).click();
    await expect(page).toHaveURL(/\/user\/api-management\/webhooks\/deliveries\?endpointId=/);
    await expect(page.getByRole("heading", { name: "Delivery Log" })).toBeVisible();
    const delivery = page.locator(".ant-table-row", { hasText: "webhook.test" });
    await expect(delivery).toHaveCount(1);
    await expect(delivery).toContainText("Succeeded");
    await expect(delivery).toContainText("HTTP 200");
    await expect(delivery.locator("td").nth(3)).toHaveText("1");
    await shot(page, "webhooks-deliveries");

    // Resend: the same delivery id again, a second attempt.
    await delivery.getByRole("button", { name: `Resend ${deliveryId}` }).click();
    await expect(page.getByText("Delivery succeeded (HTTP 200)")).toBeVisible();
    await expect(delivery.locator("td").nth(3)).toHaveText("2");
    expect(receiver.hits.map((h) => h.headers["x-webhook-id"])).toEqual([deliveryId, deliveryId]);
    expect(signed(secret, receiver.hits[1])).toBe(true);

    // Details: the body as sent; the receiver's answer is not shown, since it came from a private address (this
    // machine).
    await delivery.getByRole("button", { name: `Details of ${deliveryId}` }).click();
    const drawer = page.locator(".ant-drawer-content");
    await expect(drawer.getByText('"type": "webhook.test"')).toBeVisible();
    await expect(drawer.getByText(PRIVATE_BODY_HIDDEN)).toBeVisible();
    await expect(drawer.getByText('{"received":true}')).toHaveCount(0);
    await shot(page, "webhooks-delivery-details");
    await drawer.getByRole("button", { name: "Close" }).click();

    // A receiver answering 500: the test says so, and the log shows the delivery waiting for its retry.
    receiver.failNext();
    await page.getByRole("link", { name: "All endpoints" }).click();
    await page.locator(".ant-table-row", { hasText: receiver.url }).getByRole("button", { name: "Send test" }).click();
    await expect(page.getByText("The delivery did not succeed")).toBeVisible();
    await expect(page.getByText("HTTP 500. It stays in the log and is retried for 24 hours.")).toBeVisible();
    await page.waitForTimeout(400);
    await shot(page, "webhooks-test-failed");
    await page.getByRole("button", { name: "Open delivery log" }).click();
    const retrying = page.locator(".ant-table-row", { hasText: "Retrying" });
    await expect(retrying).toContainText("HTTP 500");
    await expect(page.locator(".ant-table-row")).toHaveCount(2);
    await shot(page, "webhooks-deliveries-retrying");

    // API Docs: Swagger UI linked, curl examples with the placeholder until keys can be listed.
    await page.getByRole("tab", { name: "API Docs" }).click();
    await expect(page).toHaveURL(/\/user\/api-management\/docs$/);
    await expect(page.getByRole("link", { name: "Open Swagger UI" })).toHaveAttribute("href", /\/api\/docs$/);
    await expect(page.getByLabel("send example", { exact: true })).toContainText("Authorization: Bearer YOUR_API_KEY");
    await expect(page.getByLabel("send example", { exact: true })).toContainText("/api/public/v1/messages");
    await shot(page, "webhooks-api-docs");

    // Delete, after confirming: the endpoint and its log are gone.
    await page.getByRole("tab", { name: "Webhooks" }).click();
    await page
      .locator(".ant-table-row", { hasText: receiver.url })
      .getByRole("button", { name: `More actions for ${receiver.url}` })
      .click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await expect(page.locator(".ant-modal-confirm-title", { hasText: "Delete this endpoint?" })).toBeVisible();
    await shot(page, "webhooks-delete-confirm");
    await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("No webhook endpoints yet.")).toBeVisible();
  } finally {
    await receiver.close();
  }
});
