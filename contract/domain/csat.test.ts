import { describe, expect, it } from "vitest";
import {
  CSAT_NOT_SENT,
  CSAT_WHATSAPP_BUTTONS,
  csatAnswer,
  csatAnswerClientId,
  csatMessageOf,
  csatPlan,
  csatSummary,
  csatSurveyClientId,
  type CsatSituation,
} from "./csat";

const base: CsatSituation = {
  channel: "whatsapp",
  windowOpen: true,
  whatsappTemplate: null,
  dltRoute: false,
  smsDltTemplateId: null,
};

describe("which survey a channel allows", () => {
  it.each([
    [{ channel: "whatsapp", windowOpen: true }, { send: "buttons" }],
    [
      { channel: "whatsapp", windowOpen: false },
      { send: "none", reason: CSAT_NOT_SENT.windowClosed },
    ],
    [
      { channel: "whatsapp", windowOpen: false, whatsappTemplate: "csat_survey" },
      { send: "template", templateName: "csat_survey" },
    ],
    [{ channel: "rcs", windowOpen: false }, { send: "suggestions" }],
    [{ channel: "sms", dltRoute: false }, { send: "text" }],
    [
      { channel: "sms", dltRoute: true },
      { send: "none", reason: CSAT_NOT_SENT.dltRoute },
    ],
    [
      { channel: "sms", dltRoute: true, smsDltTemplateId: "1107160000000000001" },
      { send: "dlt-template", dltTemplateId: "1107160000000000001" },
    ],
  ] as const)("%j sends %j", (situation, plan) => {
    expect(csatPlan({ ...base, ...situation })).toEqual(plan);
  });

  it("keeps WhatsApp's reply button limits: at most 3, titles of at most 20 characters, ids of at most 256", () => {
    expect(CSAT_WHATSAPP_BUTTONS.length).toBeLessThanOrEqual(3);
    for (const b of CSAT_WHATSAPP_BUTTONS) {
      expect(b.title.length).toBeLessThanOrEqual(20);
      expect(b.id.length).toBeLessThanOrEqual(256);
    }
  });
});

describe("reading an answer", () => {
  it.each([
    ["Great", null, 5],
    ["okay", null, 3],
    ["Poor", "csat:1", 1],
    ["", "csat:4", 4],
    ["4", null, 4],
    [" 5. ", null, 5],
    ["3 stars", null, 3],
    ["2/5", null, 2],
    ["6", null, null],
    ["0", null, null],
    ["12", null, null],
    ["5 days late, where is my order?", null, null],
    ["csat:9", null, null],
    ["Hello", "some-other-button", null],
  ] as const)("%j (payload %j) scores %j", (text, payload, score) => {
    expect(csatAnswer(text, payload)).toBe(score);
  });
});

describe("CSAT figures", () => {
  it.each([
    [[], { average: null, responses: 0, satisfied: null }],
    [[5, 5, 1], { average: 3.7, responses: 3, satisfied: 67 }],
    [[4, 3], { average: 3.5, responses: 2, satisfied: 50 }],
  ] as const)("%j gives %j", (scores, summary) => {
    expect(csatSummary(scores)).toEqual(summary);
  });
});

describe("the survey's messages in the thread", () => {
  it.each<[string | null, ReturnType<typeof csatMessageOf>]>([
    [csatSurveyClientId("5f1c"), { survey: true }],
    [csatAnswerClientId("5f1c", 4), { score: 4 }],
    ["csat-answer:9:5f1c", null],
    ["chat-client-1", null],
    [null, null],
  ])("%s reads as %j", (clientId, expected) => {
    expect(csatMessageOf(clientId)).toEqual(expected);
  });
});
