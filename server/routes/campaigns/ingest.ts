import { Readable } from "node:stream";
import { callerOf } from "../../auth/guard";
import { ingestProgress } from "../../services/campaigns/audience/progress";
import { excludedRowsCsv } from "../../services/campaigns/excluded-rows";
import { checkOptions } from "../campaign-control";
import { findCampaign } from "../../services/campaigns/reach";
import type { Handlers } from "../context";

export const campaignIngestHandlers: Handlers = {
  "campaigns.validatingProgress": async (request, _reply, { db, config }) => {
    const row = await findCampaign(db, callerOf(request), request.params.id);
    return { success: true as const, data: await ingestProgress(db, row, checkOptions(config)) };
  },

  // The ingest's rejected rows and the pre-send check's skipped recipients, in one list.
  "campaigns.rejectedRows": async (request, reply, { db, config }) => {
    const row = await findCampaign(db, callerOf(request), request.params.id);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="excluded-rows-${row.id}.csv"`)
      .header("x-content-type-options", "nosniff")
      .header("cache-control", "private, no-cache")
      .send(Readable.from(excludedRowsCsv(db, row, checkOptions(config))));
  },
};
