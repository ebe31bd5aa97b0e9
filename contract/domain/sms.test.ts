import { describe, expect, it } from "vitest";
import {
  checkSmsAccount,
  checkSmsTemplate,
  fillDltTemplate,
  matchesDltTemplate,
  smsBodyParts,
  smsVariableCount,
  SMS_BODY_MAX,
  SMS_MESSAGES,
  SMS_NAME_MAX,
  type SmsTemplateDraft,
} from "./sms";

const GOOD: SmsTemplateDraft = {
  name: "Order shipped",
  body: "Dear {#var#}, your order {#var#} has shipped. - ACME",
  category: "transactional",
  senderId: "ACMERT",
  dltTemplateId: "1107161234567890123",
};
const SENDERS = ["ACMERT", "ACMEOT"];

describe("checkSmsTemplate", () => {
  it("accepts a valid template, with the header in any case", () => {
    expect(checkSmsTemplate(GOOD, SENDERS)).toEqual([]);
    expect(checkSmsTemplate({ ...GOOD, senderId: "acmert" }, SENDERS)).toEqual([]);
    expect(checkSmsTemplate({ ...GOOD, body: "No variables at all" }, SENDERS)).toEqual([]);
  });

  it.each([
    ["empty name", { name: "  " }, "name", SMS_MESSAGES.nameRequired],
    ["long name", { name: "n".repeat(SMS_NAME_MAX + 1) }, "name", SMS_MESSAGES.nameTooLong],
    ["empty body", { body: " " }, "body", SMS_MESSAGES.bodyRequired],
    ["long body", { body: "b".repeat(SMS_BODY_MAX + 1) }, "body", SMS_MESSAGES.bodyTooLong],
    ["named variable", { body: "Hi {#name#}" }, "body", `${SMS_MESSAGES.badVariable} (found {#name#})`],
    ["capital variable", { body: "Hi {#VAR#}" }, "body", `${SMS_MESSAGES.badVariable} (found {#VAR#})`],
    ["unclosed variable", { body: "Hi {#var" }, "body", SMS_MESSAGES.badVariable],
    ["stray closer", { body: "Hi var#}" }, "body", SMS_MESSAGES.badVariable],
    ["unknown category", { category: "marketing" }, "category", SMS_MESSAGES.category],
    ["5-letter header", { senderId: "ACMER" }, "senderId", SMS_MESSAGES.header],
    ["header with a digit", { senderId: "ACME01" }, "senderId", SMS_MESSAGES.header],
    ["header not on the account", { senderId: "OTHERS" }, "senderId", SMS_MESSAGES.headerUnknown],
    ["DLT template id with letters", { dltTemplateId: "11071612345678901ab" }, "dltTemplateId", SMS_MESSAGES.dltId],
    ["DLT template id too short", { dltTemplateId: "12345" }, "dltTemplateId", SMS_MESSAGES.dltId],
  ])("%s", (_name, change, field, message) => {
    expect(checkSmsTemplate({ ...GOOD, ...change }, SENDERS)).toEqual([{ field, message }]);
  });

  it("checks only the header's form when no account list is given", () => {
    expect(checkSmsTemplate({ ...GOOD, senderId: "OTHERS" })).toEqual([]);
  });
});

describe("checkSmsAccount", () => {
  it.each([
    ["valid", { dltEntityId: "1201159123456789012", senderIds: ["ACMERT", "acmeot"] }, []],
    ["no sender ids yet", { dltEntityId: "1201159123456789012", senderIds: [] }, []],
    [
      "entity id with a dash",
      { dltEntityId: "1201-159123456789", senderIds: [] },
      [{ field: "dltEntityId", message: SMS_MESSAGES.dltId }],
    ],
    [
      "bad second header",
      { dltEntityId: "1201159123456789012", senderIds: ["ACMERT", "AC"] },
      [{ field: "senderIds.1", message: SMS_MESSAGES.header }],
    ],
    [
      "repeated header",
      { dltEntityId: "1201159123456789012", senderIds: ["ACMERT", "acmert"] },
      [{ field: "senderIds", message: SMS_MESSAGES.senderIdsDuplicate }],
    ],
  ])("%s", (_name, draft, errors) => {
    expect(checkSmsAccount(draft)).toEqual(errors);
  });
});

describe("variables", () => {
  it.each([
    ["none", "Hello", 0, [{ text: "Hello", variable: false }]],
    [
      "two",
      "{#var#} and {#var#}!",
      2,
      [
        { text: "{#var#}", variable: true },
        { text: " and ", variable: false },
        { text: "{#var#}", variable: true },
        { text: "!", variable: false },
      ],
    ],
  ])("%s", (_name, body, count, parts) => {
    expect(smsVariableCount(body)).toBe(count);
    expect(smsBodyParts(body)).toEqual(parts);
  });
});

describe("a text against its registered DLT template (scrubbing)", () => {
  const SURVEY = "Thank you for contacting {#var#}. How did we do? Reply 1 (poor) to 5 (great).";
  it.each<[string, string, string, boolean]>([
    [
      "the template filled",
      SURVEY,
      "Thank you for contacting Acme Retail. How did we do? Reply 1 (poor) to 5 (great).",
      true,
    ],
    ["a variable left empty", SURVEY, "Thank you for contacting . How did we do? Reply 1 (poor) to 5 (great).", true],
    ["a variable of 30 characters", "Hi {#var#}!", `Hi ${"a".repeat(30)}!`, true],
    ["a variable of 31 characters", "Hi {#var#}!", `Hi ${"a".repeat(31)}!`, false],
    ["30 Devanagari letters count as 30", "Hi {#var#}!", `Hi ${"क".repeat(30)}!`, true],
    ["our own wording", SURVEY, "How did we do? Reply with a number from 1 (poor) to 5 (great).", false],
    ["a full stop added", "Your OTP is {#var#} now", "Your OTP is 1234 now.", false],
    ["double spacing", "Your OTP is {#var#}", "Your  OTP is 1234", false],
    ["regex characters in the static text are text", "Total (Rs) {#var#}*", "Total (Rs) 99*", true],
    ["no variables: exactly the text", "Thanks - ACME", "Thanks - ACME", true],
  ])("%s", (_name, body, text, matches) => {
    expect(matchesDltTemplate(body, text)).toBe(matches);
  });

  it("fills each {#var#} in order, and a filled template matches", () => {
    const filled = fillDltTemplate("Dear {#var#}, order {#var#} shipped", ["Asha", "JM-1"]);
    expect(filled).toBe("Dear Asha, order JM-1 shipped");
    expect(matchesDltTemplate("Dear {#var#}, order {#var#} shipped", filled)).toBe(true);
    expect(fillDltTemplate("Dear {#var#}, order {#var#}", ["Asha"])).toBe("Dear Asha, order {#var#}");
  });
});
