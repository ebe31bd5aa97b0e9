import { MSG } from "../../../contract/messages";
import { callerOf } from "../../auth/guard";
import { HttpError } from "../../http/errors";
import { whatsappAnalytics } from "../../services/whatsapp/analytics";
import { getBusinessProfile, setBusinessProfile } from "../../services/whatsapp/business-profile";
import { listPhoneNumbers } from "../../services/whatsapp/phone-numbers";
import { selectSolution, solutionSelection } from "../../services/whatsapp/solutions";
import { onboardEmbeddedSignup } from "../../services/carrier-channels/embedded-signup";
import { listWabas, storeConnection } from "../../services/whatsapp/wabas";
import { channelDepsOf } from "../carrier-channels";
import type { Handlers } from "../context";

// The WhatsApp channel: connecting a WABA, its numbers, business profile and analytics, and the platform's
// provider solution. Templates, media and campaigns (waba.templates.*, waba.media.*, waba.campaigns.*) live elsewhere.
export const wabaHandlers: Handlers = {
  "waba.active": async (request, _reply, { db }) => ({
    success: true,
    data: await listWabas(db, callerOf(request).id),
  }),

  "waba.onboarding": async (request, reply, ctx) => {
    const { db, carrier } = ctx;
    const caller = callerOf(request);
    const { code } = request.body;
    // With a Facebook app configured, Embedded Signup's code connects a real WABA; otherwise the default carrier's.
    if (code && ctx.config.whatsappCloud.embeddedSignup) {
      const { record, wabaId } = await onboardEmbeddedSignup(channelDepsOf(ctx, request.log), caller.id, {
        ...request.body,
        code,
      });
      const waba = (await listWabas(db, caller.id)).find((w) => w.waba_id === wabaId);
      if (!waba) throw new Error("connected WABA not found after Embedded Signup");
      reply.status(201);
      return { success: true, message: `Connected ${record.name}`, data: waba };
    }
    const connection = await carrier.onboardWhatsApp({ accountId: caller.id, code: request.body.code });
    const { created, record } = await storeConnection(db, caller.id, carrier.name, connection);
    reply.status(created ? 201 : 200);
    return {
      success: true,
      message: created ? `Connected ${record.name}` : `${record.name} is already connected`,
      data: record,
    };
  },

  "waba.phoneNumbers": async (request, _reply, { db }) => {
    try {
      return { success: true, data: await listPhoneNumbers(db, callerOf(request).id, request.query) };
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // SPEC 8 names this call's failure; the details stay in the log.
      request.log.error({ err: error }, "phone numbers failed");
      throw new HttpError(500, MSG.fetchPhoneNumbers);
    }
  },

  "waba.analytics": async (request, _reply, { db }) => ({
    success: true,
    data: await whatsappAnalytics(db, callerOf(request).id, request.query),
  }),

  "waba.businessProfile.get": async (request, _reply, { db }) => ({
    success: true,
    data: await getBusinessProfile(db, callerOf(request), request.query.phone_number_id),
  }),

  "waba.businessProfile.set": async (request, _reply, { db }) => ({
    success: true,
    message: "Business profile saved",
    data: await setBusinessProfile(db, callerOf(request), request.body),
  }),

  "waba.solutionSelection": async (_request, _reply, { db }) => ({ success: true, data: await solutionSelection(db) }),

  "waba.updateSolutionProvider": async (request, _reply, { db }) => {
    const data = await selectSolution(db, request.body.solution_id, callerOf(request).id);
    return { success: true, message: `WABA provider set to ${data.selected?.name ?? request.body.solution_id}`, data };
  },
};
