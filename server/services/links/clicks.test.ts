import { describe, expect, it } from "vitest";
import { deviceOf, isMachine } from "./clicks";

const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

describe("who fetched a short link", () => {
  it.each([
    ["WhatsApp's link preview", "WhatsApp/2.23.20.0 A"],
    [
      "iMessage's link preview",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
    ],
    ["Telegram's preview", "TelegramBot (like TwitterBot)"],
    ["Slack's unfurler", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"],
    ["Outlook's existence check", "Microsoft Office Existence Discovery"],
    ["Office's fetch", "Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.4266; Pro)"],
    ["no User-Agent", undefined],
  ])("%s is a machine", (_name, userAgent) => {
    expect(isMachine({ method: "GET", userAgent, purpose: undefined })).toBe(true);
  });

  it.each([
    ["a HEAD", "HEAD", ANDROID, undefined, true],
    ["a browser prefetch", "GET", ANDROID, "prefetch", true],
    ["a person on Android", "GET", ANDROID, undefined, false],
    ["a person on an iPad", "GET", IPAD, undefined, false],
    ["a person on Windows", "GET", WINDOWS, undefined, false],
  ])("%s: machine %s", (_name, method, userAgent, purpose, machine) => {
    expect(isMachine({ method, userAgent, purpose })).toBe(machine);
  });

  it.each([
    [ANDROID, "mobile"],
    [IPAD, "tablet"],
    [WINDOWS, "desktop"],
    [undefined, "unknown"],
    ["curl/8.0", "unknown"],
  ])("device of %s is %s", (ua, device) => {
    expect(deviceOf(ua)).toBe(device);
  });
});
