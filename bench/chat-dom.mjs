#!/usr/bin/env node
/* global document */
// `npm run bench -- chat-dom [--port P] [--chat ID] [--keep-data]`: the DOM size of the chat inbox on a long
// conversation. Starts the server as `npm start` does (fresh PGlite data directory, demo seed, console rebuilt when
// stale), signs the demo manager in with Chromium, opens /organization/chats, picks the conversation with the most
// messages (the demo seed has one of 10,000; --chat chooses another), scrolls its message list to the very top (older
// pages load on the way) and back to the bottom, and counts document.querySelectorAll('*').length: at the top, at the
// bottom and the most seen on the way. Target: under 800 (a virtualized list keeps only what is on screen).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { option, startServer } from "./lib/server.mjs";

const args = process.argv.slice(2);
const port = Number(option(args, "port", process.env.BENCH_PORT ?? "8393"));
const chosen = option(args, "chat", "");
const PASSWORD = "demo1234!";
const TARGET = 800;
const SCROLL_LIMIT_MS = Number(process.env.BENCH_SCROLL_MS ?? 240_000);

const fail = (message) => {
  console.error(`chat-dom: ${message}`);
  process.exitCode = 1;
};

async function api(url, token, path) {
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status === 501)
    throw new Error(`GET ${path} answered 501 Not Implemented: the chat handlers are not in this build`);
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Counts a conversation's messages by paging back (stops at `cap`). */
async function countMessages(url, token, id, cap) {
  let count = 0;
  let before = "";
  for (;;) {
    const page = await api(url, token, `/api/v1/chats/${id}/messages?limit=200${before ? `&before=${before}` : ""}`);
    count += page.data.length;
    if (!page.hasMore || page.data.length === 0 || count >= cap) return count;
    before = page.data[0]._id;
  }
}

async function pickConversation(url, token) {
  const list = [];
  for (let page = 1; page <= 10; page++) {
    const res = await api(url, token, `/api/v1/chats?page=${page}&limit=100`);
    list.push(...res.data);
    if (res.data.length < 100) break;
  }
  if (list.length === 0)
    throw new Error("the manager has no conversations: the demo seed of the chat work is not in this build");
  if (chosen) {
    const hit = list.find((c) => c._id === chosen);
    if (!hit) throw new Error(`no conversation ${chosen} in the manager's list`);
    return { conversation: hit, messages: await countMessages(url, token, hit._id, 1_000_000) };
  }
  let best = { conversation: list[0], messages: -1 };
  for (const conversation of list) {
    const messages = await countMessages(url, token, conversation._id, 10_000);
    if (messages > best.messages) best = { conversation, messages };
  }
  return best;
}

const domNodes = (page) => page.evaluate(() => document.querySelectorAll("*").length);

const dataDir = mkdtempSync(join(tmpdir(), "bench-chat-dom-"));
let server;
let browser;
try {
  server = await startServer({
    args: ["scripts/start.mjs"],
    env: { DATA_DIR: dataDir, DATABASE_URL: "", DEMO_PASSWORD: PASSWORD, SEED_DEMO: "true" },
    port,
  });
  const login = await fetch(`${server.url}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "manager", password: PASSWORD }),
  });
  const token = (await login.json()).data.token;
  const { conversation, messages } = await pickConversation(server.url, token);
  console.log(`conversation ${conversation._id} with ${conversation.customerNumber}: ${messages} messages`);
  if (messages < 10_000)
    console.log(`  (fewer than 10,000: the seeded long conversation is missing; measuring this one)`);

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${server.url}/`);
  await page.getByLabel("Email or username").fill("manager");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The manager lands on /organization (its dashboard), with no further segment.
  await page.waitForURL(/\/organization(\/|$)/);
  await page.goto(`${server.url}/organization/chats`);
  const item = page.getByText(conversation.customerNumber, { exact: false }).first();
  try {
    await item.waitFor({ timeout: 15_000 });
  } catch {
    throw new Error(
      `/organization/chats shows no conversation ${conversation.customerNumber} (the inbox page is not in this build, or it lists conversations differently)`,
    );
  }
  await item.click();
  // The message list: the scrollable element holding the most messages' worth of height once the conversation opens.
  await page.waitForTimeout(1500);
  const scroller = await page.evaluateHandle(() => {
    const candidates = [
      ...document.querySelectorAll("[data-virtuoso-scroller], [data-testid=message-list], [role=log]"),
    ];
    return candidates.sort((a, b) => b.scrollHeight - a.scrollHeight)[0] ?? null;
  });
  if (!(await scroller.evaluate((el) => el !== null)))
    throw new Error("no virtualized message list ([data-virtuoso-scroller]) on the conversation view");
  const atOpen = await domNodes(page);
  let most = atOpen;

  // Up to the first message: older pages load as the top is reached; done when the height stops growing.
  const started = Date.now();
  let still = 0;
  let lastHeight = -1;
  while (still < 12 && Date.now() - started < SCROLL_LIMIT_MS) {
    const height = await scroller.evaluate((el) => {
      el.scrollTop = 0;
      return el.scrollHeight;
    });
    await page.waitForTimeout(250);
    most = Math.max(most, await domNodes(page));
    still = height === lastHeight ? still + 1 : 0;
    lastHeight = height;
  }
  const topReached = still >= 12;
  const atTop = await domNodes(page);
  // And down to the last one, a screen at a time.
  for (;;) {
    const done = await scroller.evaluate((el) => {
      el.scrollTop += el.clientHeight;
      return el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
    });
    await page.waitForTimeout(30);
    most = Math.max(most, await domNodes(page));
    if (done) break;
  }
  await page.waitForTimeout(500);
  const atBottom = await domNodes(page);
  await page.screenshot({ path: ".tmp/bench-chat-dom.png" }).catch(() => undefined);
  console.log(
    `chat-dom: DOM nodes on open ${atOpen}, at the top ${atTop}${topReached ? "" : " (top not reached in time)"}, at the bottom ${atBottom}, most while scrolling ${most}`,
  );
  console.log(
    `  scrolled to the top in ${((Date.now() - started) / 1000).toFixed(1)} s; target < ${TARGET} after scrolling top to bottom: ${atBottom < TARGET ? "met" : "NOT met"}`,
  );
  if (atBottom >= TARGET || !topReached) process.exitCode = 1;
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await browser?.close();
  await server?.stop();
  if (!args.includes("--keep-data")) rmSync(dataDir, { recursive: true, force: true });
}
