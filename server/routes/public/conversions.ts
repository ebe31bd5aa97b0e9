import { CONVERSION_MESSAGES } from "../../../contract/domain/conversions";
import { apiCallerOf } from "../../auth/api-key-guard";
import { linkKeyOf } from "../../services/links/code";
import { postbackOwner } from "../../services/conversions/postback";
import { recordConversion } from "../../services/conversions/record";
import { publicError } from "../../services/public-api/caller";
import type { Handlers } from "../context";

// The public conversions call (issue 41, item 2): the key's account reports an order, a sign-up or a lead; the
// service attributes it and answers 201, 202 (unattributed) or 200 (an externalId seen before). The postback URL is
// the same call as a GET whose token (in the path) names the account instead of a key.

let key: { secret: string; key: Buffer } | undefined;
/** The link-code key of the installation's secret, derived once (the short-link route derives the same). */
const linkKey = (secret: string): Buffer => {
  if (key?.secret !== secret) key = { secret, key: linkKeyOf(secret) };
  return key.key;
};

export const publicConversionHandlers: Handlers = {
  "public.conversions.record": async (request, reply, { db, secret }) => {
    const { status, data } = await recordConversion(db, linkKey(secret()), apiCallerOf(request).userId, request.body);
    reply.status(status);
    return { success: true as const, data };
  },

  "public.conversions.postback": async (request, reply, { db, secret }) => {
    const account = await postbackOwner(db, request.params.token);
    if (!account) throw publicError("notFound", CONVERSION_MESSAGES.postbackNotFound);
    const { status, data } = await recordConversion(db, linkKey(secret()), account, request.query);
    reply.status(status).header("cache-control", "no-store");
    return { success: true as const, data };
  },
};
