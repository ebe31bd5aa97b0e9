import type { Locator } from "@playwright/test";
import { THEME_STORAGE_KEY } from "../contract/constants";
import { SANDBOX_NUMBERS, type SandboxNumberBehaviour } from "../contract/domain/sandbox-numbers";
import { scan } from "./a11y/axe";
import { createSmsCampaign, numbersFor } from "./campaign-helpers";
import { expect, test } from "./fixtures";
import { apiToken, dialogSettled, login, setTheme, shot } from "./support";

// The live control room (issue 41 item 6). The manager's SMS campaign of pasted numbers goes out through the sandbox
// at a throttle of 3 a second (the sender's own limit is 100), so it runs long enough to watch: the room fills in
// (throughput, ETA, chart, errors per route, cost), the manager lowers the throttle to 1 and the dispatcher follows,
// then sets a failure-rate alert at 5 % that pauses. The audience (docs/sandbox-carrier.md): 70 ordinary numbers
// (the sandbox fails about 4 % of them), 60 of its numbers that never fail on SMS, then its 10 that always fail, then 40
// ordinary ones to keep it sending. When the ten fail about 140 outcomes are in, so the share passes 5 % (the alert)
// and stays far under the auto-pause's 20 %: the alert fires (perhaps earlier, on the ordinary numbers' own failures),
// rings the bell and pauses the campaign. An admin then reads the same room from the campaigns list. Light and dark,
// with axe.

test.describe.configure({ timeout: 420_000 });

const REPORTS = "/organization/campaigns/individual-reports";
const tenOf = (behaviour: SandboxNumberBehaviour) => {
  const range = SANDBOX_NUMBERS.find((r) => r.behaviour === behaviour);
  if (!range) throw new Error(`no sandbox numbers that are ${behaviour}`);
  return Array.from({ length: 10 }, (_, i) => `${range.prefix}${i}`);
};
/** Numbers whose SMS never fails: delivered (the WhatsApp- and RCS-only refusals deliver on SMS), or never confirmed. */
const NEVER_FAIL = (
  [
    "always-delivered",
    "not-on-whatsapp",
    "not-rcs-capable",
    "rcs-not-launched",
    "always-read",
    "never-confirmed",
  ] as const
).flatMap(tenOf);
const FAILING = tenOf("always-fails");

const stat = (room: Locator, title: string) => room.locator(".ant-statistic").filter({ hasText: title });
/** The figure of a statistic like "2.5 msg/s", as a number. */
async function rateOf(room: Locator, title: string): Promise<number> {
  const text = (await stat(room, title).locator(".ant-statistic-content").textContent()) ?? "";
  return Number(text.replace(/[^0-9.]/g, "")) || 0;
}

test("a manager watches a campaign's control room, lowers its throttle and sets an alert that pauses it; an admin reads the same room", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "light"]);
  await login(page, "manager", "manager");
  const token = await apiToken(page, "manager");
  const auth = { authorization: `Bearer ${token}` };
  const stamp = Date.now();
  const ordinary = numbersFor(stamp % 90_000_000, 110);
  const name = `Control room ${stamp}`;
  const audience = [...ordinary.slice(0, 70), ...NEVER_FAIL, ...FAILING, ...ordinary.slice(70)];
  const id = await createSmsCampaign(page.request, token, name, audience);
  // A ready campaign's throttle can be set before its start: slow enough to watch.
  const throttled = await page.request.put(`/api/v1/campaign-control/${id}/throttle`, {
    headers: auth,
    data: { perSecond: 3 },
  });
  expect(throttled.ok(), await throttled.text()).toBe(true);

  try {
    await page.goto(`${REPORTS}?campaignId=${id}`);
    await expect(page.locator(".ant-tag").filter({ hasText: /^Ready$/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("control-room")).toHaveCount(0);
    await page.getByRole("button", { name: "Start" }).click();
    await dialogSettled(page);
    await page.locator(".ant-modal-confirm").getByRole("button", { name: "Start now" }).click();
    await expect(page.getByText("Campaign started")).toBeVisible();

    // The room fills in: done grows, throughput now (whole 10 s buckets of the last 30 s), an ETA with its clock time,
    // the chart with the throttle's line, the route's row and the spend.
    const room = page.getByTestId("control-room");
    await expect(room.getByText("Live control room")).toBeVisible();
    await expect(stat(room, "Done")).toContainText(new RegExp(`[1-9][0-9]* of ${audience.length}`), {
      timeout: 30_000,
    });
    await expect.poll(() => rateOf(room, "Throughput now"), { timeout: 60_000 }).toBeGreaterThan(0);
    await expect(room.getByTestId("control-room-eta")).toContainText(/about \d+ minutes?|under a minute/);
    await expect(room.getByTestId("control-room-eta-clock")).toContainText(/^done by .*(IST|\d{4}, )/);
    await expect(room.locator(".recharts-wrapper")).toBeVisible();
    await expect(room.getByText("Throttle 3/s")).toBeVisible();
    await expect(room.getByRole("row").filter({ hasText: "SMS" })).toBeVisible();
    await expect(room.getByTestId("control-room-cost")).toContainText(/₹[\d,]+\.\d\d spent of ₹[\d,]+\.\d\d estimated/);
    await expect(room.getByRole("spinbutton", { name: "Messages per second" })).toHaveValue("3");
    await shot(page, "campaign-control-room-running");

    // Lowered to 1 a second: the server's effective throttle says so, the chart's line moves, and the throughput of the
    // last 30 s comes down from about 3 (it is below 2 once a bucket at the new pace is in it).
    await expect.poll(() => rateOf(room, "Throughput now"), { timeout: 60_000 }).toBeGreaterThan(2);
    await room.getByRole("spinbutton", { name: "Messages per second" }).fill("1");
    await room.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Throttle set to 1 msg/s")).toBeVisible();
    await expect(room.getByTestId("throttle-effective")).toHaveText("Sending at up to 1 msg/s");
    await expect(room.getByText("Throttle 1/s")).toBeVisible();
    await expect.poll(() => rateOf(room, "Throughput now"), { timeout: 60_000, intervals: [2_000] }).toBeLessThan(2);

    // A failure-rate alert at 5 % that pauses the campaign, to every target.
    await room.getByLabel("Alert when failures pass (%)").fill("5");
    await room.getByRole("switch", { name: "Pause the campaign when an alert fires" }).click();
    for (const target of ["Bell (notifications)", "Mail to the campaign's owner", "The account's webhooks"])
      await expect(room.getByRole("checkbox", { name: target })).toBeChecked();
    await room.getByRole("button", { name: "Save alerts" }).click();
    await expect(page.getByText("Alerts saved")).toBeVisible();

    // The failures come in: the alert fires once, is listed with its time and that it paused, and the campaign is
    // paused by it.
    const fired = room
      .getByRole("region", { name: "Fired alerts" })
      .getByRole("row")
      .filter({ hasText: "Failure rate" });
    await expect(fired).toHaveCount(1, { timeout: 180_000 });
    await expect(fired).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(fired).toContainText("Paused it");
    await expect(fired).toContainText(`${name}: `);
    await expect(
      page
        .locator(".ant-tag")
        .filter({ hasText: /^Paused$/ })
        .first(),
    ).toBeVisible({ timeout: 15_000 });
    await expect(room.getByTestId("control-room-eta")).toContainText("Paused");

    // The bell rang.
    const bell = page.getByRole("button", { name: "Notifications" });
    await expect(bell).toHaveAttribute("data-unread", /^[1-9][0-9]*$/, { timeout: 15_000 });
    await bell.click();
    await expect(
      page.locator(".ant-popover").getByText("Failure rate alert · Paused by its alert").first(),
    ).toBeVisible();
    await page.keyboard.press("Escape");

    await shot(page, "campaign-control-room-light");
    expect(await scan(page, "light control room, alert fired")).toEqual([]);
    await setTheme(page, "dark");
    await expect(
      room.getByRole("region", { name: "Fired alerts" }).getByRole("row").filter({ hasText: "Failure rate" }),
    ).toHaveCount(1, { timeout: 30_000 });
    await expect(room.locator(".recharts-wrapper")).toBeVisible();
    await shot(page, "campaign-control-room-dark");
    expect(await scan(page, "dark control room, alert fired")).toEqual([]);

    // An admin reads the same room from the campaigns list: no throttle or alert controls, the settings as text.
    const context = await browser.newContext({ baseURL });
    const admin = await context.newPage();
    try {
      await admin.addInitScript(([k, v]) => localStorage.setItem(k, v), [THEME_STORAGE_KEY, "light"]);
      await login(admin, "admin", "admin");
      const openRoom = async () => {
        await admin.goto("/admin/campaigns");
        await admin.getByLabel("Search campaigns").fill(name);
        await admin.getByLabel("Search campaigns").press("Enter");
        await admin.getByRole("button", { name: `${name}: open the control room` }).click();
        const drawer = admin.locator(".ant-drawer-content");
        await expect(
          drawer.getByRole("region", { name: "Fired alerts" }).getByRole("row").filter({ hasText: "Failure rate" }),
        ).toHaveCount(1);
        return drawer;
      };
      const drawer = await openRoom();
      await expect(drawer.getByTestId("throttle-effective")).toContainText("1 msg/s (set by the sender)");
      await expect(drawer.getByRole("button", { name: "Apply" })).toHaveCount(0);
      await expect(drawer.getByRole("button", { name: "Save alerts" })).toHaveCount(0);
      await expect(drawer.getByRole("spinbutton")).toHaveCount(0);
      await expect(drawer.getByTestId("alert-settings")).toContainText("Past 5%");
      await expect(drawer.getByTestId("alert-settings")).toContainText("Pause the campaign");
      await shot(admin, "campaign-control-room-admin-light");
      expect(await scan(admin, "light control room, admin")).toEqual([]);
      await setTheme(admin, "dark");
      await openRoom();
      await shot(admin, "campaign-control-room-admin-dark");
      expect(await scan(admin, "dark control room, admin")).toEqual([]);
    } finally {
      await context.close();
    }
  } finally {
    // Nothing of it keeps sending on this server for the specs after it.
    await page.request.put(`/api/sms/campaigns/${id}/discard`, { headers: auth });
  }
});
