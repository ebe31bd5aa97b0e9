import type { Static } from "@sinclair/typebox";
import {
  REPORT_CHANNELS,
  REPORT_FORMATS,
  REPORT_STATUSES,
  type ReportChannel,
  type ReportFormat,
  type ReportStatus,
} from "../domain/reports";
import { Type } from "./type";

// What the report calls answer (SPEC 7 "reports.*").

const date = () => Type.Union([Type.String({ format: "date-time" }), Type.Null()]);
const nullableText = () => Type.Union([Type.String(), Type.Null()]);
const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: "string", enum: [...values] });

export const ReportChannelField = enumOf<ReportChannel>(REPORT_CHANNELS);
export const ReportFormatField = enumOf<ReportFormat>(REPORT_FORMATS);

export const ReportRecord = Type.Object({
  /** SPEC 3's reportId. */
  _id: Type.String(),
  status: enumOf<ReportStatus>(REPORT_STATUSES),
  /** 0-100: rows written over rows to write. */
  progress: Type.Integer(),
  rowsDone: Type.Integer(),
  rowsTotal: Type.Integer(),
  failureReason: nullableText(),
  /** The period, YYYY-MM-DD (India's calendar days, both ends included). */
  from: Type.String(),
  to: Type.String(),
  channel: ReportChannelField,
  /** null: every campaign of the channel created in the period. */
  campaignId: nullableText(),
  campaignName: nullableText(),
  detailedCampaignReport: Type.Boolean(),
  format: ReportFormatField,
  /** The download's name, once ready. */
  fileName: nullableText(),
  /** Bytes of the file, once ready. */
  size: Type.Union([Type.Integer(), Type.Null()]),
  /** When the file is deleted (ready), or was (expired). */
  expiresAt: date(),
  userId: Type.String(),
  /** Who asked for it: managers see their sub-users' reports too. */
  ownerName: Type.String(),
  createdAt: Type.String({ format: "date-time" }),
  startedAt: date(),
  completedAt: date(),
});
export type ReportRecord = Static<typeof ReportRecord>;
