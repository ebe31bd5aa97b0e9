import { describe, expect, it } from "vitest";
import { attachmentHeader, csvField, csvLine, formulaSafe, safeFileName } from "./csv-safe";

describe("formula-safe cells", () => {
  it.each([
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3", "'-2+3"],
    ["@SUM(1)", "'@SUM(1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["hello", "hello"],
    ["+919876543210", "+919876543210"],
    ["-12.5", "-12.5"],
    ["", ""],
  ])("%j becomes %j", (input, expected) => {
    expect(formulaSafe(input)).toBe(expected);
  });

  it("quotes CSV fields with commas, quotes and line breaks after escaping", () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField(null)).toBe("");
    expect(csvField(-3)).toBe("-3");
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
  });

  it("makes download names that cannot break the header", () => {
    expect(safeFileName('Diwali "sale"; 50%/off', "csv")).toBe("Diwali_sale_50_off.csv");
    expect(safeFileName("???", "xlsx")).toBe("campaign.xlsx");
    expect(attachmentHeader('a"b.csv')).toBe(`attachment; filename="a_b.csv"; filename*=UTF-8''a%22b.csv`);
  });
});
