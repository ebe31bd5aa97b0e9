import { SMS_CATEGORIES, type SmsCategory } from "../domain/sms";
import { Type } from "./type";

/** An SMS account as its owner sees it: the route it sends on and its DLT registration. */
export const SmsAccountRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  provider: Type.String(),
  isActive: Type.Boolean(),
  dltEntityId: Type.String(),
  senderIds: Type.Array(Type.String()),
  templateCount: Type.Integer(),
  updatedAt: Type.String({ format: "date-time" }),
});

/** What a template editor needs of an account it may write for: the filter and the sender id choices. */
export const SmsAccountOption = Type.Object({
  id: Type.String(),
  name: Type.String(),
  isActive: Type.Boolean(),
  senderIds: Type.Array(Type.String()),
});

export const SmsTemplateRow = Type.Object({
  id: Type.String(),
  smsAccountId: Type.String(),
  smsAccountName: Type.String(),
  name: Type.String(),
  body: Type.String(),
  category: Type.Unsafe<SmsCategory>({ type: "string", enum: [...SMS_CATEGORIES] }),
  senderId: Type.String(),
  dltTemplateId: Type.String(),
  variables: Type.Integer(),
  createdAt: Type.String({ format: "date-time" }),
  updatedAt: Type.String({ format: "date-time" }),
});
