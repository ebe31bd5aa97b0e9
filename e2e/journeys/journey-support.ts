import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect as baseExpect, type Page } from "@playwright/test";
import { dialogSettled, pick } from "../support";

export { pick };

// What the journeys share: a webhook receiver as an integrator would run one, README's signature check, the
// simulated customer phone and the campaign stepper, each driven as a person drives the console.

/** The machine is shared: an answer that takes a second when idle takes many at a load of 30. */
export const expect = baseExpect.configure({ timeout: 20_000 });

/** Both journeys cross several features, each waiting for the server: minutes on a loaded machine. */
export const JOURNEY_TIMEOUT_MS = 480_000;

/** A stamp for this run: names and numbers made from it never meet an earlier run's rows on a kept database. */
export const runStamp = (): string => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** An ordinary Indian mobile number of this run (no fixed sandbox behaviour), distinct from earlier runs'. */
export const ordinaryNumber = (prefix: "96" | "97"): string =>
  `+91${prefix}${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`;

export interface Hit {
  headers: IncomingHttpHeaders;
  /** The raw bytes received, before any JSON.parse: what the signature covers. */
  body: string;
}

export interface Receiver {
  url: string;
  hits: Hit[];
  close(): Promise<void>;
}

/** An integrator's endpoint on this machine (127.0.0.1), answering 204 and keeping every delivery. */
export async function startReceiver(): Promise<Receiver> {
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/journey-hooks`,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * docs/webhooks-and-api.md, checking a delivery in Node, as integrators are told to write it (the timestamp
 * within five minutes, any `v1=` signature of the space-separated list matching HMAC-SHA256 of `timestamp.body`).
 */
export function verifyWebhook(
  secret: string,
  headers: IncomingHttpHeaders,
  rawBody: string,
  toleranceSeconds = 300,
): boolean {
  const timestamp = headers["x-webhook-timestamp"];
  const signatures = String(headers["x-webhook-signature"] ?? "").split(" ");
  if (typeof timestamp !== "string" || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex"));
  return signatures.some((s) => {
    const given = Buffer.from(s.replace(/^v1=/, ""));
    return s.startsWith("v1=") && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** An antd statistic by its exact title ("Valid" must not also match "Invalid"). */
export const stat = (page: Page, title: string) =>
  page
    .locator(".ant-statistic")
    .filter({ has: page.locator(".ant-statistic-title").getByText(title, { exact: true }) });

/**
 * The simulated customer phone (`<area>/chats/phone`): the customer `from` writes `text` to the business address
 * whose option matches `to`. Waits until the server took the message (the box empties).
 */
export async function writeFromPhone(
  page: Page,
  area: string,
  { to, from, text }: { to: RegExp; from: string; text: string },
): Promise<void> {
  await page.goto(`${area}/chats/phone`);
  await pick(page, "Business number", to);
  await page.getByLabel("Customer number").fill(from);
  await page.getByRole("button", { name: /Open the thread|Switch to this thread/ }).click();
  await page.getByLabel("Customer message").fill(text);
  await page.getByLabel("Customer message").press("Enter");
  await expect(page.getByLabel("Customer message")).toHaveValue("");
}

export interface StepperCampaign {
  /** The stepper's path under the area, e.g. "campaigns/rcs-campaign-creation". */
  path: string;
  name: string;
  account: { label: string; option: string | RegExp };
  template: string;
  /** WhatsApp's sending number, chosen after the template. */
  sendingNumber?: RegExp;
  /** Fixed values of the template's variables, in order. */
  variables?: readonly string[];
  numbers: readonly string[];
  /** Upload the numbers as a CSV file with a name column (`names`, by position) instead of pasting them. */
  names?: readonly string[];
}

/** The chosen option of a select, as it shows. */
const chosenText = async (page: Page, label: string): Promise<string> =>
  (await page
    .locator(".ant-form-item")
    .filter({ has: page.getByRole("combobox", { name: label, exact: true }) })
    .locator(".ant-select-selection-item")
    .textContent()) ?? "";

/**
 * The campaign stepper up to its pre-send check: template, variables, pasted numbers, the ingest report, then
 * "Check and cost". Leaves the page on the check (`startFromCheck` goes on from there); answers the WhatsApp sending
 * number as its option shows it ("+91 97198 62562 · …"), for the customer to answer that number.
 */
export async function stepperToCheck(page: Page, area: string, c: StepperCampaign): Promise<{ sendingNumber: string }> {
  await page.goto(`${area}/${c.path}`);
  await page.getByLabel("Campaign name").fill(c.name);
  await pick(page, c.account.label, c.account.option);
  await page.getByRole("radio", { name: c.template }).check();
  await expect(page.getByRole("radio", { name: c.template })).toBeChecked();
  if (c.sendingNumber) await pick(page, "Sending number", c.sendingNumber);
  const sendingNumber = c.sendingNumber ? await chosenText(page, "Sending number") : "";
  await page.getByRole("button", { name: "Next" }).click();
  for (const [i, value] of (c.variables ?? []).entries())
    await page.getByRole("textbox", { name: `Variable ${i + 1}` }).fill(value);
  await page.getByRole("button", { name: "Next" }).click();
  if (c.names) {
    const csv = ["phone,name", ...c.numbers.map((n, i) => `${n},${c.names?.[i] ?? ""}`)].join("\n");
    await page.getByText("Upload a file", { exact: true }).click();
    await page
      .locator("input[type=file]")
      .setInputFiles({ name: "customers.csv", mimeType: "text/csv", buffer: Buffer.from(`${csv}\n`) });
    await expect(page.getByLabel("Columns found")).toContainText("name");
  } else {
    await page.getByText("Paste numbers", { exact: true }).click();
    await page.getByRole("textbox", { name: "Numbers" }).fill(c.numbers.join("\n"));
  }
  await page.getByRole("button", { name: "Create campaign and check audience" }).click();
  await expect(page.getByText("recipients ready")).toBeVisible({ timeout: 30_000 });
  await expect(stat(page, "Valid")).toContainText(String(c.numbers.length));
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.locator(".ant-steps-item-process")).toContainText("Check and cost");
  await expect(stat(page, "Estimated cost")).toContainText("₹");
  return { sendingNumber };
}

/** From the pre-send check: confirm, start now with the hold, and land on the campaign's report; answers its id. */
export async function startFromCheck(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.locator(".ant-steps-item-process")).toContainText("Confirm");
  await page.getByRole("button", { name: "Start now" }).click();
  await expect(page.getByRole("dialog")).toContainText("held from your balance");
  await dialogSettled(page);
  await page.getByRole("button", { name: /Start and hold ₹/ }).click();
  await expect(page).toHaveURL(/\/campaigns\/individual-reports\?campaignId=.+/);
  return new URL(page.url()).searchParams.get("campaignId") ?? "";
}

/** The campaign report's Responses card. */
export const responsesCard = (page: Page) =>
  page
    .locator(".ant-card")
    .filter({ has: page.locator(".ant-card-head-title").getByText("Responses", { exact: true }) });
