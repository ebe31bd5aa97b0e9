import type { FastifyRequest } from "fastify";
import { AUDIENCE_MAX_BYTES } from "../../../contract/domain/campaigns";
import { callerOf } from "../../auth/guard";
import { shortLinkOrigin } from "../../config";
import { badRequest } from "../../http/errors";
import { checkSplit, filelessAudience, type CheckedSplit, type SplitBody } from "../../services/campaign-splits/create";
import type { AudienceSource } from "../../services/campaigns/create";
import { audienceUploadError, storeAudience, type StoredAudience } from "../campaigns/audience-upload";
import type { RouteContext } from "../context";
import { validatorOf } from "../uploads/multipart-form";

// The A/B create as a multipart form, for an audience file: the test's JSON body in the field `split` (checked by the
// JSON call's own schema), then the file (part `file`), streamed to storage only once every check passed, as the
// campaign create calls do. Without a file the form is the JSON call.

const SPLIT_FIELD = "split";

function bodyOf(raw: string | undefined): SplitBody {
  if (raw === undefined)
    throw badRequest(`${SPLIT_FIELD}: is required`, [{ field: SPLIT_FIELD, message: "is required" }]);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw badRequest(`${SPLIT_FIELD}: must be the test as JSON`, [
      { field: SPLIT_FIELD, message: "must be the test as JSON" },
    ]);
  }
  const validate = validatorOf("campaign-split-create");
  if (!validate(body)) throw Object.assign(new Error("invalid form"), { statusCode: 400, validation: validate.errors });
  return body as SplitBody;
}

export async function splitFromForm(
  request: FastifyRequest,
  ctx: RouteContext,
  now: Date,
): Promise<{ checked: CheckedSplit; audience: AudienceSource }> {
  const caller = callerOf(request);
  const maxBytes = ctx.config.audience?.maxBytes ?? AUDIENCE_MAX_BYTES;
  let raw: string | undefined;
  let checked: CheckedSplit | undefined;
  let stored: StoredAudience | undefined;
  try {
    // One byte over the limit lets the upload see that the file is too large (the plugin truncates at its limit).
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: 1 } })) {
      if (part.type === "field") {
        if (part.fieldname !== SPLIT_FIELD || stored)
          throw badRequest(`${part.fieldname}: send only the field ${SPLIT_FIELD}, before the file`, [
            { field: part.fieldname, message: `send only the field ${SPLIT_FIELD}, before the file` },
          ]);
        raw = String(part.value);
        continue;
      }
      if (part.fieldname !== "file")
        throw badRequest(`${part.fieldname}: is not allowed`, [
          { field: part.fieldname, message: "is not allowed; send the audience file as file" },
        ]);
      checked = await checkSplit(ctx.db, caller, bodyOf(raw), shortLinkOrigin(ctx.config), now, true);
      stored = await storeAudience(ctx.storage, part, maxBytes);
    }
  } catch (error) {
    if (stored) await ctx.storage.delete(stored.key).catch(() => undefined);
    throw audienceUploadError(request, error, maxBytes);
  }
  if (checked && stored)
    return {
      checked,
      audience: { kind: stored.kind, key: stored.key, name: stored.name, totalBytes: stored.bytes },
    };
  const body = bodyOf(raw);
  return {
    checked: await checkSplit(ctx.db, caller, body, shortLinkOrigin(ctx.config), now),
    audience: await filelessAudience(ctx.db, caller, body),
  };
}
