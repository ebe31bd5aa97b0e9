import { describe, expect, it } from "vitest";
import { countPasted, csvFields, hasPhoneColumn, peekCsv, audienceKind } from "./audience";
import { zonedInstant } from "./schedule-time";
import {
  columnsUsed,
  dltCount,
  fillDlt,
  fillNumbered,
  fitValues,
  numberedCount,
  parseValue,
  previewValue,
  serialize,
  stringsOf,
  valueProblem,
  type VariableValue,
} from "./variables";

describe("placeholders", () => {
  it.each([
    [["Hi {{1}}, order {{2}}"], 2],
    [["{{1}}", "Body {{3}} and {{ 2 }}"], 3],
    [["no variables"], 0],
    [["{{name}} is not numbered"], 0],
  ])("numberedCount(%j) = %i", (texts, n) => expect(numberedCount(texts)).toBe(n));

  it("counts DLT variables and finds every string of an RCS draft", () => {
    expect(dltCount("Dear {#var#}, order {#var#} shipped")).toBe(2);
    expect(dltCount("no vars")).toBe(0);
    expect(stringsOf({ a: "x {{1}}", b: [{ c: "{{2}}" }, 3], d: null })).toEqual(["x {{1}}", "{{2}}"]);
  });
});

describe("values", () => {
  it("serializes fixed text as is and a column as {{column}}, and reads them back", () => {
    expect(serialize({ kind: "text", value: "Asha" })).toBe("Asha");
    expect(serialize({ kind: "column", value: " first_name " })).toBe("{{first_name}}");
    expect(parseValue("{{ city }}")).toEqual({ kind: "column", value: "city" });
    expect(parseValue("Pune")).toEqual({ kind: "text", value: "Pune" });
  });

  it.each<[VariableValue, string]>([
    [{ kind: "contact", value: "name", fallback: "Customer" }, "{{contact.name|Customer}}"],
    [{ kind: "contact", value: "tier", fallback: " " }, "{{contact.tier}}"],
    [{ kind: "column", value: "city", fallback: "your city" }, "{{city|your city}}"],
  ])("serializes %j as %s and reads it back", (value, text) => {
    expect(serialize(value)).toBe(text);
    expect(serialize(parseValue(text))).toBe(text);
  });

  it("keeps typed values when the count changes", () => {
    expect(
      fitValues(
        [
          { kind: "text", value: "a" },
          { kind: "text", value: "b" },
        ],
        1,
      ),
    ).toEqual([{ kind: "text", value: "a" }]);
    expect(fitValues([], 2)).toEqual([
      { kind: "text", value: "" },
      { kind: "text", value: "" },
    ]);
  });

  it.each([
    [{ kind: "text", value: "" }, "Enter the text for this variable"],
    [{ kind: "text", value: "  " }, "Enter the text for this variable"],
    [{ kind: "text", value: "{{name}}" }, "Use “Column” to take a value from the audience file"],
    [{ kind: "column", value: "" }, "Choose or type a column of your audience file"],
    [{ kind: "column", value: "a}b" }, "A column name may not contain braces or a bar"],
    [{ kind: "column", value: "a|b" }, "A column name may not contain braces or a bar"],
    [{ kind: "contact", value: "" }, "Choose a contact field"],
    [{ kind: "contact", value: "name", fallback: "x}" }, "The fallback may not contain braces or a bar"],
    [{ kind: "contact", value: "name", fallback: "Customer" }, null],
    [{ kind: "text", value: "Asha" }, null],
    [{ kind: "column", value: "name" }, null],
  ] as const)("valueProblem(%j) = %s", (v, msg) => expect(valueProblem(v)).toBe(msg));

  it("previews a column by the sample row, else by its name", () => {
    expect(previewValue({ kind: "column", value: "name" }, { name: "Ravi" })).toBe("Ravi");
    expect(previewValue({ kind: "column", value: "name" })).toBe("‹name›");
    expect(previewValue({ kind: "text", value: "Hi" })).toBe("Hi");
    const contact = { name: "Asha", email: "" };
    expect(previewValue({ kind: "contact", value: "name", fallback: "Customer" }, undefined, contact)).toBe("Asha");
    expect(previewValue({ kind: "contact", value: "email", fallback: "no email" }, undefined, contact)).toBe(
      "no email",
    );
    expect(previewValue({ kind: "contact", value: "email" }, undefined, contact)).toBe("‹email›");
    expect(previewValue({ kind: "contact", value: "name" })).toBe("‹name›");
    expect(previewValue({ kind: "column", value: "city", fallback: "your city" }, { city: "" })).toBe("your city");
    expect(
      columnsUsed([
        { kind: "column", value: "a" },
        { kind: "text", value: "b" },
        { kind: "column", value: "a" },
      ]),
    ).toEqual(["a"]);
  });

  it("fills numbered placeholders anywhere in a draft and DLT variables in order", () => {
    expect(fillNumbered({ t: "Hi {{1}}", c: [{ d: "{{2}} / {{3}}" }] }, ["A", "B"])).toEqual({
      t: "Hi A",
      c: [{ d: "B / {{3}}" }],
    });
    expect(fillDlt("Dear {#var#}, order {#var#}.", ["Asha", "#12"])).toBe("Dear Asha, order #12.");
    expect(fillDlt("Dear {#var#}, order {#var#}.", ["Asha"])).toBe("Dear Asha, order {#var#}.");
  });
});

describe("audience", () => {
  it("counts pasted numbers as the server will: valid, invalid, duplicates (Indian by default)", () => {
    expect(countPasted("9000000001\n+91 90000 00001, 12345\n9000000002;\n\n", "IN")).toEqual({
      entries: 4,
      valid: 2,
      invalid: 1,
      duplicates: 1,
    });
    expect(countPasted("2025550123", "US").valid).toBe(1);
    expect(countPasted("", "IN")).toEqual({ entries: 0, valid: 0, invalid: 0, duplicates: 0 });
  });

  it("reads a CSV header and first row, with quotes and a BOM", () => {
    expect(csvFields('a,"b, c","d ""e"""')).toEqual(["a", "b, c", 'd "e"']);
    expect(peekCsv("\uFEFFphone,name\n+919000000001,Asha\n")).toEqual({
      columns: ["phone", "name"],
      sample: { phone: "+919000000001", name: "Asha" },
    });
    expect(peekCsv("\n\n")).toBeNull();
    expect(hasPhoneColumn(["Name", "Mobile Number"])).toBe(true);
    expect(hasPhoneColumn(["name", "city"])).toBe(false);
    expect(audienceKind("List.XLSX")).toBe("xlsx");
    expect(audienceKind("list.xls")).toBeNull();
  });
});

describe("schedule time", () => {
  it("turns a wall time in a zone into its instant", () => {
    expect(zonedInstant({ year: 2026, month: 11, day: 24, hour: 10, minute: 30 }, "Asia/Kolkata").toISOString()).toBe(
      "2026-11-24T05:00:00.000Z",
    );
    expect(zonedInstant({ year: 2026, month: 7, day: 1, hour: 9, minute: 0 }, "America/New_York").toISOString()).toBe(
      "2026-07-01T13:00:00.000Z",
    );
    expect(zonedInstant({ year: 2026, month: 1, day: 1, hour: 9, minute: 0 }, "America/New_York").toISOString()).toBe(
      "2026-01-01T14:00:00.000Z",
    );
  });
});

describe("create payload", async () => {
  const { createPayload } = await import("./channel-calls");
  const { initialState } = await import("./wizard-state");
  const base = {
    ...initialState().draft,
    name: " Diwali ",
    accountId: "w1",
    senderId: "p1",
    templateId: "t1",
    variables: [
      { kind: "column" as const, value: "name" },
      { kind: "text" as const, value: "#1" },
    ],
  };

  it("pasted numbers go as JSON with each channel's field names", () => {
    expect(createPayload("sms", { ...base, audienceMode: "paste", numbers: "9000000001" })).toEqual({
      campaignName: "Diwali",
      smsAccountId: "w1",
      templateId: "t1",
      variables: ["{{name}}", "#1"],
      defaultRegion: "IN",
      numbers: "9000000001",
    });
    expect(createPayload("rcs", { ...base, audienceMode: "paste", numbers: "1" })).toMatchObject({
      botId: "w1",
      templateId: "t1",
    });
  });

  it("a file goes as multipart with arrays as JSON strings (WhatsApp with SMS failover)", () => {
    const file = new File(["phone\n9000000001\n"], "list.csv", { type: "text/csv" });
    const form = createPayload("whatsapp", {
      ...base,
      file,
      failover: {
        enabled: true,
        conditions: ["failed"],
        smsAccountId: "s1",
        smsTemplateId: "st1",
        paramCount: 1,
        params: [{ kind: "text", value: "x" }],
      },
    }) as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== "file"))).toEqual({
      campaignName: "Diwali",
      variables: '["{{name}}","#1"]',
      defaultRegion: "IN",
      waba_id: "w1",
      phoneNumberId: "p1",
      message: "t1",
      smsFailover: "true",
      smsFailoverConditions: '["failed"]',
      smsAccountId: "s1",
      smsTemplate: "st1",
      smsCustomParams: '["x"]',
    });
    expect((form.get("file") as File).name).toBe("list.csv");
  });

  it("RCS takes the same failover fields; its wizard starts with RCS's conditions", () => {
    const rcs = initialState("rcs").draft;
    expect(rcs.failover).toMatchObject({ enabled: false, conditions: ["failed", "not_rcs_capable"] });
    expect(
      createPayload("rcs", {
        ...base,
        audienceMode: "paste",
        numbers: "1",
        failover: {
          ...rcs.failover,
          enabled: true,
          smsAccountId: "s1",
          smsTemplateId: "st1",
          paramCount: 1,
          params: [{ kind: "text", value: "x" }],
        },
      }),
    ).toEqual({
      campaignName: "Diwali",
      botId: "w1",
      templateId: "t1",
      variables: ["{{name}}", "#1"],
      defaultRegion: "IN",
      numbers: "1",
      smsFailover: true,
      smsFailoverConditions: ["failed", "not_rcs_capable"],
      smsAccountId: "s1",
      smsTemplate: "st1",
      smsCustomParams: ["x"],
    });
    expect(createPayload("rcs", { ...base, audienceMode: "paste", numbers: "1" })).toMatchObject({
      smsFailover: false,
    });
    expect(initialState("sms").draft.failover.conditions).toEqual([]);
  });
});
