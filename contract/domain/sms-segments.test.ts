import { describe, expect, it } from "vitest";
import { countSms } from "./sms-segments";

const HINDI = "नमस्ते"; // 6 UTF-16 code units (letters with combining signs)
const EMOJI = "😀"; // one surrogate pair: two UCS-2 units

describe("countSms", () => {
  it.each([
    ["empty", "", "GSM-7", 0, 0],
    ["plain ASCII, 160 characters: one part", "a".repeat(160), "GSM-7", 160, 1],
    ["plain ASCII, 161 characters: two parts of 153", "a".repeat(161), "GSM-7", 161, 2],
    ["plain ASCII, 306 characters: still two parts", "a".repeat(306), "GSM-7", 306, 2],
    ["plain ASCII, 307 characters: three parts", "a".repeat(307), "GSM-7", 307, 3],
    ["€ counts two: 80 fill one part", "€".repeat(80), "GSM-7", 160, 1],
    ["€ counts two: 81 need two parts", "€".repeat(81), "GSM-7", 162, 2],
    ["each extension character counts two", "[]{}\\^~|", "GSM-7", 16, 1],
    ["a DLT variable's braces count two each", "OTP {#var#}", "GSM-7", 13, 1],
    ["GSM accented letters stay GSM-7", "Café à Zürich", "GSM-7", 13, 1],
    ["Hindi switches to UCS-2", HINDI, "UCS-2", 6, 1],
    ["Hindi, 70 units: one part", "क".repeat(70), "UCS-2", 70, 1],
    ["Hindi, 71 units: two parts of 67", "क".repeat(71), "UCS-2", 71, 2],
    ["emoji are surrogate pairs: 35 fill one part", EMOJI.repeat(35), "UCS-2", 70, 1],
    ["emoji: 36 need two parts", EMOJI.repeat(36), "UCS-2", 72, 2],
    ["one emoji turns a GSM body into UCS-2", `${"a".repeat(69)}${EMOJI}`, "UCS-2", 71, 2],
    ["mixed English and Hindi", `Your OTP is {#var#} ${HINDI}`, "UCS-2", 26, 1],
  ])("%s", (_name, body, encoding, units, parts) => {
    const count = countSms(body);
    expect(count).toMatchObject({ encoding, units, parts });
  });

  it.each([
    ["one GSM part", "a".repeat(100), 160, 60],
    ["two GSM parts", "a".repeat(200), 153, 106],
    ["one UCS-2 part", "क".repeat(10), 70, 60],
    ["two UCS-2 parts", "क".repeat(100), 67, 34],
  ])("per part and remaining: %s", (_name, body, perPart, remaining) => {
    expect(countSms(body)).toMatchObject({ perPart, remaining });
  });
});
