// The owner's test send: the campaign's message to a few numbers now, before (or while) it runs. It is not part of
// the campaign's audience or hold: each message is paid straight from the owner's balance with a ledger debit, at the
// owner's rate card, all
// of them at once before anything is sent (so a short balance sends nothing), and a message the carrier refuses is
// credited back.
import { randomUUID } from "node:crypto";
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import type { CampaignStatus } from "../../../contract/domain/campaigns";
import { MSG } from "../../../contract/messages";
import { callerOf } from "../../auth/guard";
import { conflict, HttpError, notFound } from "../../http/errors";
import { loadDispatchCampaign } from "../../services/campaigns/dispatch-campaign";
import { HeaderMediaUnavailable } from "../../services/campaigns/header-media";
import { contentFor, costOf } from "../../services/campaigns/dispatch-content";
import { findCampaign } from "../../services/campaigns/reach";
import { testParams } from "../../services/campaigns/test-params";
import { applyMoves } from "../../services/balance/ledger";
import { loadRatesFor } from "../../services/rates/cards";
import type { Handler } from "../context";

const FINAL: readonly CampaignStatus[] = ["completed", "discarded", "failed"];

interface Answer {
  number: string;
  accepted: boolean;
  reason: string | null;
}

export const testSend: Handler<"campaigns.testSend"> = async (request, _reply, { db, carrier, storage }) => {
  const caller = callerOf(request);
  const row = await findCampaign(db, caller, request.params.id, { owner: true });
  if (FINAL.includes(row.status)) throw conflict(`The campaign is ${row.status}: there is nothing to test`);
  const campaign = await loadDispatchCampaign(db, row.id, { carrier, storage }).catch((err: unknown) => {
    if (err instanceof HeaderMediaUnavailable) throw new HttpError(422, err.message);
    throw err;
  });
  if (!campaign) throw notFound("The campaign's template no longer exists");

  const answers: Answer[] = [];
  const valid: { at: number; number: string }[] = [];
  for (const raw of request.body.numbers) {
    const parsed = parsePhoneNumberFromString(raw, row.defaultRegion as CountryCode);
    if (!parsed?.isValid()) answers.push({ number: raw, accepted: false, reason: "Not a valid phone number" });
    else {
      valid.push({ at: answers.length, number: parsed.number });
      answers.push({ number: parsed.number, accepted: true, reason: null });
    }
  }
  const { params, columns } = testParams(row.variables);
  const content = contentFor(campaign.template, params);
  // Priced as the owner pays: its own card (account → reseller → global), as the campaign itself is estimated.
  const cost = costOf(campaign.template, content, await loadRatesFor(db, row.userId));
  const note = `Test send of campaign "${row.name}"`;
  // Throws 400 with MSG.insufficientBalance (nothing written, nothing sent) when the balance is short.
  if (valid.length > 0 && cost > 0) {
    await applyMoves(
      db,
      [{ userId: row.userId, paise: -cost * valid.length, kind: "debit", note, insufficient: MSG.insufficientBalance }],
      caller.id,
      caller.impersonatedBy,
    );
  }

  let refused = 0;
  await Promise.all(
    valid.map(async ({ at, number }) => {
      const message = {
        id: `test:${randomUUID()}`,
        channel: campaign.channel,
        from: campaign.from,
        to: number,
        content,
        ...(campaign.replyTo ? { replyTo: campaign.replyTo } : {}),
      };
      const result = await carrier.send(message).catch((err: unknown) => ({
        accepted: false as const,
        reason: err instanceof Error ? err.message : "The carrier did not answer",
      }));
      if (!result.accepted) {
        refused++;
        answers[at] = { number, accepted: false, reason: result.reason };
      }
    }),
  );
  if (refused > 0 && cost > 0) {
    await applyMoves(
      db,
      [
        {
          userId: row.userId,
          paise: cost * refused,
          kind: "credit",
          note: `${note}: ${refused} not accepted`,
          insufficient: MSG.insufficientBalance,
        },
      ],
      caller.id,
      caller.impersonatedBy,
    );
  }
  const sent = valid.length - refused;
  const shown = columns.length
    ? ` (a test has no audience row: ${columns.map((c) => `{{${c}}} is shown as [${c}]`).join(", ")})`
    : "";
  return {
    success: true,
    message: `Test message sent to ${sent} of ${answers.length} number${answers.length === 1 ? "" : "s"}${shown}`,
    data: answers,
  };
};
