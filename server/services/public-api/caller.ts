import type { ApiScope } from "../../../contract/domain/api-keys";
import type { CampaignChannel } from "../../../contract/constants";
import { PUBLIC_ERRORS, type PublicErrorName } from "../../../contract/domain/api-keys";
import { HttpError, type FieldError } from "../../http/errors";

/** Who a public-API request comes from: a verified API key, its account and what the key may do. */
export interface ApiCaller {
  keyId: string;
  publicId: string;
  keyName: string;
  userId: string;
  username: string;
  channels: CampaignChannel[];
  scopes: ApiScope[];
  perSecond: number;
  perDay: number;
}

/** A public-API refusal: PUBLIC_ERRORS' status and code, its message or a more precise one. */
export function publicError(
  name: PublicErrorName,
  message?: string,
  options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
): HttpError {
  const e = PUBLIC_ERRORS[name];
  return new HttpError(e.status, message ?? e.message, options.errors, e.code, options.headers);
}
