import { callerOf } from "../../auth/guard";
import { VARIANT_LABELS } from "../../../contract/domain/splits";
import { shortLinkOrigin } from "../../config";
import { decideSplitNow } from "../../services/campaign-splits/advance";
import { createSplit, insertSplit } from "../../services/campaign-splits/create";
import { listSplits } from "../../services/campaign-splits/list";
import { findSplit, type SplitRow } from "../../services/campaign-splits/reach";
import { toSplitRecords } from "../../services/campaign-splits/records";
import type { Handlers } from "../context";
import { splitFromForm } from "./create-form";

// A/B tests (issue 41, item 4): the reads take the campaigns' reach (admins and resellers their customers'); the
// create is the sender's own and checks every variant before it writes anything. Decide now is the sender's too (the
// contract's roles), on a test in its reach (another account's answers like a missing one).

export const campaignSplitHandlers: Handlers = {
  "campaignSplits.list": async (request, _reply, { db }) => {
    const { page, limit } = request.query;
    const { rows, total } = await listSplits(db, callerOf(request), { page, limit });
    return { success: true, data: await toSplitRecords(db, rows), pagination: { total, page, limit } };
  },

  "campaignSplits.get": async (request, _reply, { db }) => {
    const split = await findSplit(db, callerOf(request), request.params.id);
    const [data] = await toSplitRecords(db, [split]);
    return { success: true, data };
  },

  "campaignSplits.create": async (request, reply, ctx) => {
    const { db, config, storage } = ctx;
    const now = config.now?.() ?? new Date();
    let split: SplitRow;
    if (request.isMultipart()) {
      const { checked, audience } = await splitFromForm(request, ctx, now);
      try {
        split = await insertSplit(db, callerOf(request), checked, audience, now);
      } catch (error) {
        if (audience.key) await storage.delete(audience.key).catch(() => undefined);
        throw error;
      }
    } else split = await createSplit(db, callerOf(request), request.body, shortLinkOrigin(config), now);
    const [data] = await toSplitRecords(db, [split]);
    reply.status(201);
    return { success: true, message: `A/B test ${split.name} created`, data };
  },

  "campaignSplits.decide": async (request, _reply, { db, config }) => {
    const split = await findSplit(db, callerOf(request), request.params.id);
    await decideSplitNow(db, split, config.now?.() ?? new Date());
    const [data] = await toSplitRecords(db, [await findSplit(db, callerOf(request), split.id)]);
    const winner = data.winnerVariant === null ? "" : ` ${VARIANT_LABELS[data.winnerVariant]}`;
    return { success: true, message: `Variant${winner} won ${split.name}: sending it to the rest`, data };
  },
};
