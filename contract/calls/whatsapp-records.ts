import type { Static } from "@sinclair/typebox";
import { Type } from "./type";

/* WhatsApp channel records as the server sends them: Meta's snake_case names where the Graph API has them. */

export const QUALITY_RATINGS = ["GREEN", "YELLOW", "RED", "UNKNOWN"] as const;
export type QualityRating = (typeof QUALITY_RATINGS)[number];
const Quality = Type.Unsafe<QualityRating>({ type: "string", enum: [...QUALITY_RATINGS] });

/** Meta's analytics metrics of a phone number, counted from our messages table. */
export const WABA_METRICS = ["SENT", "DELIVERED", "READ"] as const;
export type WabaMetric = (typeof WABA_METRICS)[number];

/** Fields GET /api/waba/phone_numbers may be asked for (`fields`, comma-joined); `id` always comes. */
export const PHONE_NUMBER_FIELDS = [
  "display_phone_number",
  "verified_name",
  "quality_rating",
  "account_mode",
  "waba_id",
] as const;

export const WabaPhoneNumber = Type.Object({
  id: Type.String(),
  display_phone_number: Type.String(),
  verified_name: Type.String(),
  quality_rating: Quality,
  account_mode: Type.String(),
});
export type WabaPhoneNumber = Static<typeof WabaPhoneNumber>;

/** A phone number row of the phone-numbers call: only the fields asked for. */
export const PhoneNumberRow = Type.Object({
  id: Type.String(),
  display_phone_number: Type.Optional(Type.String()),
  verified_name: Type.Optional(Type.String()),
  quality_rating: Type.Optional(Quality),
  account_mode: Type.Optional(Type.String()),
  waba_id: Type.Optional(Type.String()),
});
export type PhoneNumberRow = Static<typeof PhoneNumberRow>;

export const WabaRecord = Type.Object({
  _id: Type.String(),
  waba_id: Type.String(),
  name: Type.String(),
  provider: Type.String(),
  createdAt: Type.String({ format: "date-time" }),
  phone_numbers: Type.Array(WabaPhoneNumber),
});
export type WabaRecord = Static<typeof WabaRecord>;

export const BusinessProfile = Type.Object({
  phone_number_id: Type.String(),
  display_phone_number: Type.String(),
  about: Type.String(),
  address: Type.String(),
  description: Type.String(),
  email: Type.String(),
  websites: Type.Array(Type.String()),
  vertical: Type.String(),
  profile_picture_handle: Type.String(),
  /** The picture's address when the handle is one (an upload handle alone cannot be shown). */
  profile_picture_url: Type.String(),
});
export type BusinessProfile = Static<typeof BusinessProfile>;

export const AnalyticsPoint = Type.Object({
  /** UTC day, YYYY-MM-DD. */
  date: Type.String(),
  sent: Type.Optional(Type.Integer()),
  delivered: Type.Optional(Type.Integer()),
  read: Type.Optional(Type.Integer()),
});
export type AnalyticsPoint = Static<typeof AnalyticsPoint>;

export const WabaAnalytics = Type.Object({
  granularity: Type.Literal("DAY"),
  start: Type.String(),
  end: Type.String(),
  metric_types: Type.Array(Type.Unsafe<WabaMetric>({ type: "string", enum: [...WABA_METRICS] })),
  phone_numbers: Type.Array(
    Type.Object({
      phone_number_id: Type.String(),
      display_phone_number: Type.String(),
      data_points: Type.Array(AnalyticsPoint),
    }),
  ),
});
export type WabaAnalytics = Static<typeof WabaAnalytics>;

export const WabaSolution = Type.Object({
  solution_id: Type.String(),
  name: Type.String(),
  provider: Type.String(),
  selected: Type.Boolean(),
});
export type WabaSolution = Static<typeof WabaSolution>;

export const SolutionSelection = Type.Object({
  selected: Type.Union([WabaSolution, Type.Null()]),
  solutions: Type.Array(WabaSolution),
});
export type SolutionSelection = Static<typeof SolutionSelection>;
