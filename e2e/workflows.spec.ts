import { expect as baseExpect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { createImageTemplate } from "./campaign-helpers";
import { gradientPng } from "./gradient-png";
import { apiToken, login, shot } from "./support";

// Workflow Automation against the real server: a keyword workflow is built in the editor (trigger, condition, send
// template, assign agent), published, and answered from the simulated phone; the run's path shows in the history.
// Then a step is broken (a template that does not exist), the run fails, the step is fixed and published, and the
// failed run is replayed from its failed step with the version published now.

test.setTimeout(300_000);
// The editor and the run history are lazy chunks and runs finish in the background: allow a busy machine its time.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Each test (and each retry) has its own workflow and keyword: the account keeps the workflows of earlier tests, and
 * they would answer a shared keyword too.
 */
function ownWorkflow() {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  return { name: `Track my order ${tag}`, keyword: `track${tag}`, customer: `+9198${String(Date.now()).slice(-8)}` };
}
type Own = ReturnType<typeof ownWorkflow>;

async function addStep(page: Page, label: string) {
  const item = page.getByRole("button", { name: `Add ${label}`, exact: true });
  await item.focus();
  await item.press("Enter");
}

async function connect(page: Page, from: string, output: string | null, to: string) {
  const source = page
    .getByTestId(`step-${from}`)
    .locator(output ? `.react-flow__handle.source[title="${output}"]` : ".react-flow__handle.source");
  const target = page.getByTestId(`step-${to}`).locator(".react-flow__handle.target");
  // A drag can miss its handle on a loaded machine (the canvas is still settling): drag again until the edge is there.
  const edge = page.locator(`[aria-roledescription="edge"][aria-label="Edge from ${from} to ${to}"]`);
  await expect(async () => {
    if ((await edge.count()) === 0) await source.dragTo(target);
    await expect(edge).toHaveCount(1, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

async function selectStep(page: Page, id: string) {
  await page.getByTestId(`step-${id}`).click();
  await expect(page.getByRole("complementary", { name: "Step settings" }).getByLabel("Step name")).toHaveValue(id);
}

/**
 * The editor of the run on screen; the run page (its graph has step-* nodes too) stays until the editor's chunk shows.
 */
async function openEditor(page: Page) {
  await page.getByRole("button", { name: "Open in editor" }).click();
  await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
}

async function publish(page: Page, version: number) {
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByRole("dialog", { name: "Publish" }).getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText(`Published version ${version}`)).toBeVisible();
}

async function writeFromPhone(page: Page, customer: string, text: string) {
  await page.goto("/organization/chats/phone");
  await page.getByRole("combobox", { name: "Business number" }).click({ force: true }); // its chosen value lies over the input
  await page
    .locator(".ant-select-item-option")
    .filter({ hasText: /WhatsApp/i })
    .first()
    .click();
  await page.getByLabel("Customer number").fill(customer);
  await page.getByRole("button", { name: "Open the thread" }).click();
  await page.getByLabel("Customer message").fill(text);
  await page.getByLabel("Customer message").press("Enter");
  // The box empties once the server took the message: leaving the page before that could abort the send.
  await expect(page.getByLabel("Customer message")).toHaveValue("");
}

/** Builds and publishes the keyword workflow, answers it from the simulated phone and opens its first run. */
async function keywordWorkflowRun(page: Page, { name, keyword, customer }: Own) {
  await login(page, "manager", "manager");
  await page.goto("/organization/workflows");
  await expect(page.getByRole("heading", { name: "Workflow Automation" })).toBeVisible();
  await page.getByRole("button", { name: "New workflow" }).click();
  await page.getByLabel("Workflow name").fill(name);
  await page.getByRole("button", { name: "Create and open" }).click();
  await expect(page).toHaveURL(/\/organization\/workflows\/editor\?id=/);
  await expect(page.getByText("Add a trigger: it says what starts the workflow")).toBeVisible();

  // Trigger: an inbound message equal to the keyword.
  await addStep(page, "Inbound message");
  const panel = page.getByRole("complementary", { name: "Step settings" });
  await panel.getByLabel("Keywords").fill(keyword);
  // Condition: only WhatsApp (its default).
  await addStep(page, "Channel is");
  // Send an approved template, its one value from the trigger.
  await addStep(page, "Send template");
  await panel.getByLabel("Template name").fill("loyalty_points");
  await panel.getByTitle("Add Item").click();
  await panel.getByLabel("Value").fill("120");
  // Assign the conversation to Asha.
  await addStep(page, "Assign to agent");
  // The chosen value ("The team (unassigned)") lies over the search input; a click there opens the select all the same.
  await panel.getByRole("combobox", { name: "Live agent" }).click({ force: true });
  await page.locator(".ant-select-item-option").filter({ hasText: "Asha Verma" }).click();

  await page.getByRole("button", { name: "Auto-layout" }).click();
  await connect(page, "start", null, "channel");
  await connect(page, "channel", "yes", "send_template");
  await connect(page, "send_template", null, "assign");
  // The problem list is clear but for the condition's unused "no" branch (a warning, not an error).
  await page
    .getByTestId("workflow-canvas")
    .locator(".react-flow__pane")
    .click({ position: { x: 20, y: 20 } });
  await expect(page.getByText(/Problems \(0 errors, 1 warning\)/)).toBeVisible();
  await shot(page, "workflow-editor");
  await publish(page, 1);

  // The keyword from the simulated phone: the template comes back.
  await writeFromPhone(page, customer, keyword);
  const thread = page.getByRole("log", { name: "Thread" });
  await expect(thread.locator('[data-direction="out"]').filter({ hasText: "You have 120 points" })).toBeVisible({
    timeout: 30_000,
  });

  // The run's path in the history.
  await page.goto("/organization/workflows");
  // The workflow's run count opens its runs (an antd Typography.Link: an <a> without href, so not a "link" role).
  await page
    .getByRole("row", { name: new RegExp(name) })
    .getByText("1", { exact: true })
    .click();
  await expect(page).toHaveURL(/workflows\/view\?workflowId=/);
  // The runs page is a lazy chunk: until it shows, the list (with its own cells of the workflow's name) is still on
  // screen.
  await expect(page.getByRole("heading", { name: "Workflow Runs" })).toBeVisible();
  await page.getByRole("cell", { name }).first().click();
  const run = page.getByLabel("Run", { exact: true });
  await expect(run.getByText("Succeeded").first()).toBeVisible();
  await expect(page.getByTestId("run-graph").getByTestId("step-assign")).toBeVisible();
  await expect(
    page.locator(".ant-collapse-header").filter({ hasText: "Assign to agent" }).filter({ hasText: "succeeded" }),
  ).toBeVisible();
  await shot(page, "workflow-run");
}

test("a keyword workflow built in the editor answers the simulated phone; the run's path shows in the history", async ({
  page,
}) => {
  await keywordWorkflowRun(page, ownWorkflow());
});

test("a broken step fails its run, and the run is replayed from that step after the fix", async ({ page }) => {
  const own = ownWorkflow();
  const { customer } = own;
  await keywordWorkflowRun(page, own);
  const panel = page.getByRole("complementary", { name: "Step settings" });
  const thread = page.getByRole("log", { name: "Thread" });
  const run = page.getByLabel("Run", { exact: true });

  // Break the send step: a template that does not exist. Publish, and the next keyword's run fails there.
  await openEditor(page);
  await selectStep(page, "send_template");
  await panel.getByLabel("Template name").fill("loyalty_pointz");
  await publish(page, 2);
  await writeFromPhone(page, customer, own.keyword);
  await page.goto(page.url().replace(/chats\/phone.*/, "workflows"));
  // The run is written a moment after the message: the list is read again until it counts it.
  const failedRuns = page.getByRole("row", { name: new RegExp(own.name) }).getByText("(1 failed)");
  await expect(async () => {
    await page.reload();
    await expect(failedRuns).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await failedRuns.click();
  await expect(page.getByRole("heading", { name: "Workflow Runs" })).toBeVisible();
  await page.getByRole("cell", { name: "Failed" }).first().click();
  await expect(
    run.getByText('Send template: No approved template named "loyalty_pointz"', { exact: false }).first(),
  ).toBeVisible({ timeout: 30_000 });
  await shot(page, "workflow-run-failed");
  const failedUrl = page.url();

  // Fix it, publish, and replay the failed run from its failed step with the version published now.
  await openEditor(page);
  await selectStep(page, "send_template");
  await panel.getByLabel("Template name").fill("loyalty_points");
  await publish(page, 3);
  await page.goto(failedUrl);
  await run.getByRole("button", { name: "Replay" }).click();
  const dialog = page.getByRole("dialog", { name: "Replay run" });
  await expect(dialog.getByRole("radio", { name: /From the failed step \(send_template\)/ })).toBeChecked();
  await dialog.getByRole("checkbox", { name: /Use the version published now/ }).check();
  await dialog.getByRole("button", { name: "Replay" }).click();
  await expect(run.getByText("replay")).toBeVisible();
  await expect(run.getByText("Succeeded").first()).toBeVisible({ timeout: 30_000 });
  await expect(
    page.locator(".ant-collapse-header").filter({ hasText: "Channel is" }).filter({ hasText: "skipped" }),
  ).toBeVisible();
  await shot(page, "workflow-replayed");

  // The customer got the replay's message: two template messages in the thread (the first run's and the replay's).
  await writeFromPhone(page, customer, "thanks");
  await expect(thread.locator('[data-direction="out"]').filter({ hasText: "You have 120 points" })).toHaveCount(2, {
    timeout: 30_000,
  });
});

test("a Send template step whose template has an image header chooses the header image with the campaign's picker", async ({
  page,
}) => {
  const template = `parcel_photo_${Date.now()}`;
  await createImageTemplate(page.request, await apiToken(page, "manager"), {
    name: template,
    body: "Hi {{1}}, your parcel is here.",
    sample: { name: "sample.png", buffer: gradientPng(240, 120) },
    approved: false,
  });

  await login(page, "manager", "manager");
  await page.goto("/organization/workflows");
  await page.getByRole("button", { name: "New workflow" }).click();
  await page.getByLabel("Workflow name").fill(`Parcel photo ${Date.now().toString(36)}`);
  await page.getByRole("button", { name: "Create and open" }).click();
  await expect(page).toHaveURL(/\/organization\/workflows\/editor\?id=/);
  await addStep(page, "Send template");
  const panel = page.getByRole("complementary", { name: "Step settings" });
  await panel.getByLabel("Template name").fill(template);
  await expect(
    panel.getByText("Every message is sent with the template's own header image. You can replace it for this step."),
  ).toBeVisible();
  // The ids are the picker's to fill, never typed.
  await expect(panel.getByLabel("Header media", { exact: true })).toHaveCount(0);
  await panel
    .locator("input[type=file][accept='image/jpeg,image/png']")
    .setInputFiles({ name: "parcel.png", mimeType: "image/png", buffer: gradientPng(480, 240) });
  await expect(panel.getByText("as its header image")).toContainText("parcel.png");
  await panel.getByText("as its header image").scrollIntoViewIfNeeded();
  await shot(page, "workflow-send-template-header");
  // Saved with the step, it is there after a reload.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await page.reload();
  await selectStep(page, "send_template");
  await expect(panel.getByText("as its header image")).toContainText("parcel.png");
});
