import { Readable } from "node:stream";
import { callerOf } from "../../auth/guard";
import { ingestProgress, rejectedRowsCsv } from "../../services/campaigns/audience/progress";
import { findCampaign } from "../../services/campaigns/reach";
import type { Handlers } from "../context";

export const campaignIngestHandlers: Handlers = {
  "campaigns.validatingProgress": async (request, _reply, { db }) => {
    const row = await findCampaign(db, callerOf(request), request.params.id);
    return { success: true as const, data: await ingestProgress(db, row) };
  },

  "campaigns.rejectedRows": async (request, reply, { db }) => {
    const row = await findCampaign(db, callerOf(request), request.params.id);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="rejected-rows-${row.id}.csv"`)
      .header("x-content-type-options", "nosniff")
      .header("cache-control", "private, no-cache")
      .send(Readable.from(rejectedRowsCsv(db, row.id)));
  },
};
