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
import {
  campaignContactsOwner,
  contactValuesOf,
  type ContactValues,
} from "../../services/campaigns/audience/contact-values";
import { variableRefs } from "../../../contract/domain/personalise";
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
  // A test number that is a contact of the owner gets its own values for `{{contact.x}}` (one lookup for all of them);
  // each number's message is then its own, and so is its price.
  const contactOf = variableRefs(row.variables, "contact").length
    ? await contactValuesOf(
        db,
        await campaignContactsOwner(db, row),
        valid.map((v) => v.number),
      )
    : new Map<string, ContactValues>();
  const rates = await loadRatesFor(db, row.userId);
  const columns = new Set<string>();
  const messages = valid.map(({ at, number }) => {
    const test = testParams(row.variables, contactOf.get(number));
    for (const c of test.columns) columns.add(c);
    const content = contentFor(campaign.template, test.params);
    // Priced as the owner pays: its own card (account → reseller → global), as the campaign itself is estimated.
    return { at, number, content, cost: costOf(campaign.template, content, rates) };
  });
  const total = messages.reduce((sum, m) => sum + m.cost, 0);
  const note = `Test send of campaign "${row.name}"`;
  // Throws 400 with MSG.insufficientBalance (nothing written, nothing sent) when the balance is short.
  if (total > 0) {
    await applyMoves(
      db,
      [{ userId: row.userId, paise: -total, kind: "debit", note, insufficient: MSG.insufficientBalance }],
      caller.id,
      caller.impersonatedBy,
    );
  }

  let refused = 0;
  let refund = 0;
  await Promise.all(
    messages.map(async ({ at, number, content, cost }) => {
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
        refund += cost;
        answers[at] = { number, accepted: false, reason: result.reason };
      }
    }),
  );
  if (refund > 0) {
    await applyMoves(
      db,
      [
        {
          userId: row.userId,
          paise: refund,
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
  const shown = columns.size
    ? ` (a test has no audience row: ${[...columns].map((c) => `{{${c}}} is shown as [${c}]`).join(", ")})`
    : "";
  return {
    success: true,
    message: `Test message sent to ${sent} of ${answers.length} number${answers.length === 1 ? "" : "s"}${shown}`,
    data: answers,
  };
};
