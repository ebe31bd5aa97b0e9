// docs/sandbox-carrier.md is what testers read: it must name every special number and provider code the sandbox
// uses; docs/configuration.md (the one table of the environment) every variable with its real default.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SANDBOX_NUMBERS, sandboxNumberLabel } from "../../../contract/domain/sandbox-numbers";
import type { MessageContent } from "../carrier";
import { MESSAGE_DEFAULTS, type DelayRange } from "./message-config";
import { failureCodes, SUBMIT_ERRORS } from "./provider-errors";

const section = readFileSync(new URL("../../../docs/sandbox-carrier.md", import.meta.url), "utf8");
const configuration = readFileSync(new URL("../../../docs/configuration.md", import.meta.url), "utf8");
const ms = (range: DelayRange) => `${range.min}-${range.max}`;
const d = MESSAGE_DEFAULTS;

describe("docs/sandbox-carrier.md", () => {
  it.each(SANDBOX_NUMBERS.map((range) => [sandboxNumberLabel(range), range] as const))("lists %s", (label, range) => {
    expect(section).toContain(`| \`${label}\` | ${range.behaviour} | ${range.effect} |`);
  });

  it.each([
    ["SANDBOX_SEED", "sandbox"],
    ["SANDBOX_REVIEW_MS", "5000-20000"],
    ["SANDBOX_DELIVERED_PERCENT", String(d.deliveredPercent)],
    ["SANDBOX_FAILED_PERCENT", String(d.failedPercent)],
    ["SANDBOX_READ_PERCENT", String(d.readPercent)],
    ["SANDBOX_REPLY_PERCENT", String(d.replyPercent)],
    ["SANDBOX_CLICK_PERCENT", String(d.clickPercent)],
    ["SANDBOX_RCS_CAPABLE_PERCENT", String(d.rcsCapablePercent)],
    ["SANDBOX_SENT_MS", ms(d.sentMs)],
    ["SANDBOX_DELIVERY_MS", ms(d.deliveryMs)],
    ["SANDBOX_READ_MS", ms(d.readMs)],
    ["SANDBOX_REPLY_MS", ms(d.replyMs)],
    ["SANDBOX_CLICK_MS", ms(d.clickMs)],
    ["SANDBOX_WHATSAPP_MPS", String(d.perSecond.whatsapp)],
    ["SANDBOX_SMS_MPS", String(d.perSecond.sms)],
    ["SANDBOX_RCS_MPS", String(d.perSecond.rcs)],
    ["SANDBOX_REMEMBER_IDS", String(d.rememberIds)],
  ])("documents %s with its default %s", (name, value) => {
    expect(configuration).toContain(`| \`${name}\` | \`${value}\` |`);
  });

  it("documents every SANDBOX_* variable the sandbox reads", () => {
    const files = readdirSync(new URL(".", import.meta.url)).filter(
      (file) => file.endsWith(".ts") && !file.endsWith(".test.ts"),
    );
    const sources = files.map((file) => readFileSync(new URL(`./${file}`, import.meta.url), "utf8")).join("\n");
    const read = new Set(sources.match(/SANDBOX_[A-Z][A-Z_]*[A-Z]/g));
    expect(read.size).toBeGreaterThanOrEqual(15);
    for (const name of read) expect(configuration, name).toContain(`| \`${name}\` |`);
  });

  it("names every provider code", () => {
    const contents: MessageContent[] = [
      { kind: "text", text: "" },
      { kind: "template", templateName: "t", language: "en", params: [] },
    ];
    const failures = (["whatsapp", "sms", "rcs"] as const).flatMap((channel) =>
      contents.flatMap((content) => failureCodes(channel, content)),
    );
    for (const { code, reason } of failures) expect(section).toContain(`| \`${code}\` | ${reason} |`);
    for (const { code } of Object.values(SUBMIT_ERRORS).flatMap((errors) => Object.values(errors)))
      expect(section).toContain(`\`${code}\``);
  });
});
