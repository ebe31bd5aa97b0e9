import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import {
  bodyOf,
  draftReady,
  evenSizes,
  newSplitDraft,
  payloadOf,
  shapeProblems,
  sizeSum,
  type SplitDraft,
} from "./split-draft";
import { fieldErrorsOf } from "./use-splits";

const filled = (patch: Partial<SplitDraft> = {}): SplitDraft => {
  const d = newSplitDraft("sms");
  return {
    ...d,
    name: " OTP wording ",
    numbers: "9000000001, 9000000002",
    variants: d.variants.map((v, i) => ({ ...v, senderId: "acct", templateId: `t${i}`, variables: ["x"] })),
    ...patch,
  };
};

describe("A/B test draft", () => {
  it.each([
    [2, [50, 50]],
    [3, [34, 33, 33]],
    [4, [25, 25, 25, 25]],
  ])("even sizes for %i variants add up to 100: %j", (n, sizes) => {
    expect(evenSizes(n)).toEqual(sizes);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(100);
  });

  it.each([
    ["a filled draft", {}, true, {}],
    [
      "sizes off 100",
      { sizes: [70, 50] },
      false,
      { variants: "the variants' sizes must add up to 100% (they add up to 120%)" },
    ],
    [
      "a test share of 0",
      { testSharePercent: 0 },
      false,
      { testSharePercent: "the test share is a whole percentage from 1 to 100" },
    ],
    ["decide after 0 hours", { decideAfterHours: 0 }, false, { decideAfterHours: "decide after 1 to 720 hours" }],
    ["no name", { name: "  " }, false, {}],
    ["no numbers", { numbers: "" }, false, {}],
  ] as const)("%s: ready %s, live problems by field", (_, patch, ready, problems) => {
    const { sizes, ...rest } = patch as { sizes?: number[] } & Partial<SplitDraft>;
    const base = filled(rest);
    const d = sizes ? { ...base, variants: base.variants.map((v, i) => ({ ...v, sizePercent: sizes[i] })) } : base;
    expect(draftReady(d)).toBe(ready);
    expect(shapeProblems(d)).toEqual(problems);
    expect(sizeSum(d)).toBe(sizes ? sizes.reduce((a, b) => a + b, 0) : 100);
  });

  it("a WhatsApp variant needs its sending number", () => {
    const d = filled();
    const wa = { ...d, variants: [{ ...d.variants[0], channel: "whatsapp" as const }, d.variants[1]] };
    expect(draftReady(wa)).toBe(false);
    expect(draftReady({ ...wa, variants: [{ ...wa.variants[0], phoneNumberId: "pn" }, wa.variants[1]] })).toBe(true);
  });

  it("the body names the audience given, trims the name and sends a send time only when set", () => {
    const at = dayjs("2026-12-08T04:30:00.000Z");
    const d = filled();
    const body = bodyOf({ ...d, variants: [{ ...d.variants[0], sendAt: at }, d.variants[1]] });
    expect(body).toMatchObject({ name: "OTP wording", numbers: "9000000001, 9000000002", testSharePercent: 20 });
    expect(body).not.toHaveProperty("segmentId");
    expect(body.variants[0].sendAt).toBe("2026-12-08T04:30:00.000Z");
    expect(body.variants[1]).not.toHaveProperty("sendAt");
    const seg = bodyOf({ ...d, audience: "segment", segmentId: "s1" });
    expect(seg).toMatchObject({ segmentId: "s1" });
    expect(seg).not.toHaveProperty("numbers");
  });

  it("an audience file: ready once chosen; sent as a form with the test in split and the file, neither numbers nor segment", async () => {
    const file = new File(["phone\n9000000001\n"], "diwali.csv", { type: "text/csv" });
    expect(draftReady(filled({ audience: "file", file: null }))).toBe(false);
    const d = filled({ audience: "file", file, segmentId: "s1" });
    expect(draftReady(d)).toBe(true);
    const form = payloadOf(d);
    expect(form).toBeInstanceOf(FormData);
    const sent = form as FormData;
    expect([...sent.keys()]).toEqual(["split", "file"]);
    const test = JSON.parse(String(sent.get("split")));
    expect(test).toMatchObject({ name: "OTP wording", testSharePercent: 20 });
    expect(test).not.toHaveProperty("numbers");
    expect(test).not.toHaveProperty("segmentId");
    expect(await (sent.get("file") as File).text()).toBe("phone\n9000000001\n");
    expect(payloadOf(filled())).toEqual(bodyOf(filled()));
  });

  it.each([
    [false, undefined],
    [true, true],
  ])("Track links %s: the body's trackLinks is %s (left out when off)", (trackLinks, sent) => {
    expect(bodyOf({ ...filled(), trackLinks }).trackLinks).toBe(sent);
  });

  it.each([
    [
      "field errors join per field",
      { errors: { "variants.1.templateId": ["SMS template not found"] } },
      { "variants.1.templateId": "SMS template not found" },
    ],
    ["a refusal without fields", { message: "Failed" }, {}],
    ["nothing", undefined, {}],
  ])("server refusals: %s", (_, err, out) => {
    expect(fieldErrorsOf(err)).toEqual(out);
  });
});
