import { SegmentedMessage } from "sms-segments-calculator";

// The encoding and the parts a body needs, counted by a maintained library (Twilio's segment calculator) rather
// than hand-written GSM tables: it knows the GSM 03.38 basic and extension sets, surrogate pairs and the user
// data header that leaves 153 (GSM-7) or 67 (UCS-2) characters per part of a long message.

export type SmsEncoding = "GSM-7" | "UCS-2";

export const SMS_PART_LIMITS: Record<SmsEncoding, { single: number; multi: number }> = {
  "GSM-7": { single: 160, multi: 153 },
  "UCS-2": { single: 70, multi: 67 },
};

export interface SmsCount {
  encoding: SmsEncoding;
  /** Units the body takes: GSM-7 septets (an extension character counts two) or UCS-2 code units (an emoji two). */
  units: number;
  /** How many units one part holds at this length: the single-message limit until the body is split. */
  perPart: number;
  parts: number;
  /** Units left before one more part is needed. */
  remaining: number;
}

const BITS_PER_UNIT: Record<SmsEncoding, number> = { "GSM-7": 7, "UCS-2": 16 };

export function countSms(body: string): SmsCount {
  if (!body)
    return {
      encoding: "GSM-7",
      units: 0,
      perPart: SMS_PART_LIMITS["GSM-7"].single,
      parts: 0,
      remaining: SMS_PART_LIMITS["GSM-7"].single,
    };
  const message = new SegmentedMessage(body, "auto");
  const encoding = message.encodingName;
  const units = message.messageSize / BITS_PER_UNIT[encoding];
  const parts = message.segmentsCount;
  const limits = SMS_PART_LIMITS[encoding];
  const perPart = parts > 1 ? limits.multi : limits.single;
  return { encoding, units, perPart, parts, remaining: perPart * parts - units };
}
