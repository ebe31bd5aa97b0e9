import type { Dayjs } from "dayjs";
import { displayTimeZone } from "../../../shell/format";
import { SPLIT_VARIANTS_MAX, splitProblems, type WinnerMetric } from "../../../../contract/domain/splits";
import type { SplitBody } from "./use-splits";

export type Channel = "sms" | "rcs" | "whatsapp";

export interface VariantDraft {
  channel: Channel;
  senderId: string;
  /** WhatsApp: the sending number of the account. */
  phoneNumberId: string;
  templateId: string;
  variables: string[];
  sizePercent: number | null;
  sendAt: Dayjs | null;
}

export interface SplitDraft {
  name: string;
  audience: "segment" | "numbers" | "file";
  segmentId: string;
  numbers: string;
  /** A CSV or Excel audience file (sent with the test as a form; the server streams it to storage). */
  file: File | null;
  variants: VariantDraft[];
  testSharePercent: number | null;
  metric: WinnerMetric;
  decideAfterHours: number | null;
  /** Variables that are web addresses go out as each recipient's own short link, so the click rate can be compared. */
  trackLinks: boolean;
}

export const newVariant = (channel: Channel, sizePercent: number | null): VariantDraft => ({
  channel,
  senderId: "",
  phoneNumberId: "",
  templateId: "",
  variables: [],
  sizePercent,
  sendAt: null,
});

export const newSplitDraft = (channel: Channel): SplitDraft => ({
  name: "",
  audience: "numbers",
  segmentId: "",
  numbers: "",
  file: null,
  variants: [newVariant(channel, 50), newVariant(channel, 50)],
  testSharePercent: 20,
  metric: "click",
  decideAfterHours: 24,
  trackLinks: false,
});

/** Even sizes for n variants, the first ones taking the rounding (3 → 34, 33, 33), so a new variant keeps the sum 100. */
export const evenSizes = (n: number): number[] =>
  Array.from({ length: n }, (_, i) => Math.floor(100 / n) + (i < 100 % n ? 1 : 0));

export const canAddVariant = (d: SplitDraft) => d.variants.length < SPLIT_VARIANTS_MAX;

export const sizeSum = (d: SplitDraft) => d.variants.reduce((a, v) => a + (v.sizePercent ?? 0), 0);

/** The split's own problems (sizes, share, hours) from the rule both ends read, keyed by the body's field names. */
export function shapeProblems(d: SplitDraft): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of splitProblems({
    sizes: d.variants.map((v) => v.sizePercent ?? 0),
    testSharePercent: d.testSharePercent ?? 0,
    decideAfterHours: d.decideAfterHours ?? 0,
  }))
    out[p.field] ??= p.message;
  return out;
}

const variantReady = (v: VariantDraft) =>
  v.senderId !== "" &&
  v.templateId !== "" &&
  (v.channel !== "whatsapp" || v.phoneNumberId !== "") &&
  v.variables.every((x) => x.trim() !== "");

export const draftReady = (d: SplitDraft) =>
  d.name.trim() !== "" &&
  (d.audience === "segment" ? d.segmentId !== "" : d.audience === "file" ? d.file !== null : d.numbers.trim() !== "") &&
  d.variants.every(variantReady) &&
  Object.keys(shapeProblems(d)).length === 0;

export function bodyOf(d: SplitDraft): SplitBody {
  return {
    name: d.name.trim(),
    ...(d.audience === "segment" ? { segmentId: d.segmentId } : d.audience === "numbers" ? { numbers: d.numbers } : {}),
    variants: d.variants.map((v) => ({
      channel: v.channel,
      senderId: v.senderId,
      templateId: v.templateId,
      variables: v.variables,
      sizePercent: v.sizePercent ?? 0,
      ...(v.channel === "whatsapp" ? { phoneNumberId: v.phoneNumberId } : {}),
      ...(v.sendAt ? { sendAt: v.sendAt.toISOString() } : {}),
    })),
    testSharePercent: d.testSharePercent ?? 0,
    metric: d.metric,
    decideAfterHours: d.decideAfterHours ?? 0,
    ...(d.trackLinks ? { trackLinks: true } : {}),
    timeZone: displayTimeZone(),
  };
}

/** What the create call carries: the test as JSON, or with a file a form (the test in `split`, then the file). */
export function payloadOf(d: SplitDraft): SplitBody | FormData {
  const body = bodyOf(d);
  if (d.audience !== "file" || !d.file) return body;
  const form = new FormData();
  form.append("split", JSON.stringify(body));
  form.append("file", d.file);
  return form;
}
