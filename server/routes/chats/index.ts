import { callerOf } from "../../auth/guard";
import type { Caller } from "../../auth/caller";
import type { Db } from "../../db/client";
import {
  assignConversation,
  readConversation,
  reopenConversation,
  resolveConversation,
} from "../../services/chats/actions";
import { conversationRecord, findConversation } from "../../services/chats/conversations";
import { badRequest, forbidden } from "../../http/errors";
import { assignSettings, saveAssignSettings } from "../../services/chats/auto-assign";
import { sendCsatSurvey } from "../../services/chats/csat";
import { checkCsatDlt, csatDltWarnings } from "../../services/chats/csat-dlt";
import { csatSettings, saveCsatSettings } from "../../services/chats/csat-settings";
import { saveSlaSettings, slaSettings } from "../../services/chats/sla-settings";
import { wallboard } from "../../services/chats/wallboard";
import { isTimeZone } from "../../../contract/domain/time-zone";
import type { WeekHours } from "../../../contract/domain/business-hours";
import { conversationActivity } from "../../services/chats/activity";
import { customerCard } from "../../services/chats/card";
import { customerTimeline } from "../../services/chats/timeline";
import { linkKeyOf } from "../../services/links/code";
import { accountLabels, setLabelColor } from "../../services/chats/customer-labels";
import { dltTemplatesOnly } from "../../services/chats/dlt-route";
import { relabelConversations } from "../../services/chats/labels";
import { listConversations } from "../../services/chats/list";
import { conversationMessages, customerOf, syncMessages } from "../../services/chats/queries";
import { addNote, sendChatMessage } from "../../services/chats/send";
import { inboxTeam } from "../../services/chats/team";
import { quickReplies } from "../../services/chats/templates";
import { createView, deleteView, listViews } from "../../services/chats/views";
import { chatWorkspace } from "../../services/chats/workspace";
import type { Handlers } from "../context";
import { attachmentHandlers } from "./attachments";
import { cannedHandlers } from "./canned";

const OWNER_ONLY = "Only the account's owner changes auto-assignment";
const SLA_OWNER_ONLY = "Only the account's owner changes SLAs and business hours";
const CSAT_OWNER_ONLY = "Only the account's owner changes the satisfaction survey";

/** The caller's inbox and one conversation in it (anything outside answers 404). */
async function inbox(db: Db, caller: Caller, id: string) {
  const ws = await chatWorkspace(db, caller);
  return { ws, conversation: await findConversation(db, ws, id) };
}

export const chatHandlers: Handlers = {
  ...attachmentHandlers,
  ...cannedHandlers,
  "chats.list": async (request, _reply, { db }) => {
    const ws = await chatWorkspace(db, callerOf(request));
    return { success: true, ...(await listConversations(db, ws, request.query)) };
  },
  "chats.get": async (request, _reply, { db, carrier }) => {
    const { conversation } = await inbox(db, callerOf(request), request.params.id);
    return {
      success: true,
      data: await conversationRecord(db, conversation),
      customer: await customerOf(db, conversation),
      dltTemplatesOnly: await dltTemplatesOnly(carrier, conversation),
    };
  },
  "chats.messages": async (request, _reply, { db, secret }) => {
    const { conversation } = await inbox(db, callerOf(request), request.params.id);
    const page = await conversationMessages(db, conversation.id, request.query, linkKeyOf(secret()));
    return { success: true, ...page };
  },
  "chats.sync": async (request, _reply, { db, secret }) => {
    const ws = await chatWorkspace(db, callerOf(request));
    const limit = request.query.limit ?? 500;
    return { success: true, ...(await syncMessages(db, ws, request.query.after, limit, linkKeyOf(secret()))) };
  },
  "chats.send": async (request, _reply, { db, carrier, storage }) => ({
    success: true,
    data: await sendChatMessage(
      { db, carrier, storage, io: request.server.io, log: request.log },
      callerOf(request),
      request.params.id,
      request.body,
    ),
  }),
  "chats.note": async (request, _reply, { db, carrier }) => ({
    success: true,
    data: await addNote({ db, carrier, io: request.server.io }, callerOf(request), request.params.id, request.body),
  }),
  "chats.assign": async (request, _reply, { db }) => {
    const { ws, conversation } = await inbox(db, callerOf(request), request.params.id);
    return {
      success: true,
      data: await assignConversation(
        db,
        request.server.io,
        ws,
        conversation,
        (request.body.agentId as string | null) ?? null,
      ),
    };
  },
  "chats.resolve": async (request, _reply, { db, carrier }) => {
    const { conversation } = await inbox(db, callerOf(request), request.params.id);
    const resolved = await resolveConversation(db, request.server.io, conversation);
    // The survey goes after the resolve is written and never holds up its answer (csat.ts logs what it could not do).
    if (conversation.status !== "resolved")
      void sendCsatSurvey({ db, carrier, io: request.server.io, log: request.log }, conversation);
    return { success: true, data: resolved };
  },
  "chats.reopen": async (request, _reply, { db }) => {
    const { conversation } = await inbox(db, callerOf(request), request.params.id);
    return { success: true, data: await reopenConversation(db, request.server.io, conversation) };
  },
  "chats.read": async (request, _reply, { db }) => {
    const { conversation } = await inbox(db, callerOf(request), request.params.id);
    return { success: true, data: await readConversation(db, request.server.io, conversation) };
  },
  "chats.activity": async (request, _reply, { db }) => {
    const { conversation } = await inbox(db, callerOf(request), request.params.id);
    return { success: true, data: await conversationActivity(db, conversation) };
  },
  "chats.card": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const { ws, conversation } = await inbox(db, caller, request.params.id);
    return { success: true, data: await customerCard(db, caller, ws, conversation) };
  },
  "chats.timeline": async (request, _reply, { db, secret }) => {
    const { conversation } = await inbox(db, callerOf(request), request.params.id);
    return { success: true, ...(await customerTimeline(db, conversation, request.query, linkKeyOf(secret()))) };
  },
  "chats.team": async (request, _reply, { db }) => ({
    success: true,
    data: await inboxTeam(db, await chatWorkspace(db, callerOf(request))),
  }),
  "chats.quickReplies": async (request, _reply, { db }) => {
    const { conversation } = await inbox(db, callerOf(request), request.params.id);
    return { success: true, data: await quickReplies(db, conversation) };
  },
  "chats.labels": async (request, _reply, { db }) => ({
    success: true,
    data: await accountLabels(db, await chatWorkspace(db, callerOf(request))),
  }),
  "chats.labelColor": async (request, _reply, { db }) => ({
    success: true,
    data: await setLabelColor(db, await chatWorkspace(db, callerOf(request)), request.body),
  }),
  "chats.relabel": async (request, _reply, { db }) => ({
    success: true,
    data: await relabelConversations(db, request.server.io, await chatWorkspace(db, callerOf(request)), request.body),
  }),
  "chats.views": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    return { success: true, data: await listViews(db, await chatWorkspace(db, caller), caller.id) };
  },
  "chats.viewCreate": async (request, reply, { db }) => {
    const caller = callerOf(request);
    const data = await createView(db, await chatWorkspace(db, caller), caller.id, request.body);
    reply.status(201);
    return { success: true, data };
  },
  "chats.viewDelete": async (request, _reply, { db }) => {
    await deleteView(db, callerOf(request).id, request.params.id);
    return { success: true, message: "View deleted" };
  },
  "chats.assignment": async (request, _reply, { db }) => {
    const ws = await chatWorkspace(db, callerOf(request));
    if (ws.agentId) throw forbidden(OWNER_ONLY);
    return { success: true, data: await assignSettings(db, ws.ownerId) };
  },
  "chats.assignmentSave": async (request, _reply, { db }) => {
    const ws = await chatWorkspace(db, callerOf(request));
    if (ws.agentId) throw forbidden(OWNER_ONLY);
    const { autoAssign, agentCapacity, offlineGraceMinutes } = request.body;
    return {
      success: true,
      data: await saveAssignSettings(db, ws.ownerId, {
        autoAssign: autoAssign as boolean,
        agentCapacity: agentCapacity as number,
        offlineGraceMinutes: offlineGraceMinutes as number,
      }),
    };
  },
  "chats.sla": async (request, _reply, { db }) => {
    const ws = await chatWorkspace(db, callerOf(request));
    if (ws.agentId) throw forbidden(SLA_OWNER_ONLY);
    return { success: true, data: await slaSettings(db, ws.ownerId) };
  },
  "chats.slaSave": async (request, _reply, { db }) => {
    const ws = await chatWorkspace(db, callerOf(request));
    if (ws.agentId) throw forbidden(SLA_OWNER_ONLY);
    const body = request.body;
    if (!isTimeZone(body.timeZone as string))
      throw badRequest("Choose a time zone such as Asia/Kolkata", [
        { field: "timeZone", message: "is not a known zone" },
      ]);
    return {
      success: true,
      data: await saveSlaSettings(db, ws.ownerId, {
        timeZone: body.timeZone as string,
        businessHours: (body.businessHours ?? null) as WeekHours | null,
        holidays: (body.holidays ?? []) as string[],
        firstResponseMinutes: (body.firstResponseMinutes ?? null) as number | null,
        resolutionMinutes: (body.resolutionMinutes ?? null) as number | null,
      }),
    };
  },
  "chats.csat": async (request, _reply, { db, carrier }) => {
    const ws = await chatWorkspace(db, callerOf(request));
    if (ws.agentId) throw forbidden(CSAT_OWNER_ONLY);
    const data = await csatSettings(db, ws.ownerId);
    return { success: true, data, warnings: await csatDltWarnings({ db, carrier }, ws.ownerId, data) };
  },
  "chats.csatSave": async (request, _reply, { db, carrier }) => {
    const ws = await chatWorkspace(db, callerOf(request));
    if (ws.agentId) throw forbidden(CSAT_OWNER_ONLY);
    const body = request.body;
    const next = {
      enabled: body.enabled as boolean,
      question: body.question as string,
      whatsappTemplate: (body.whatsappTemplate ?? null) as string | null,
      smsDltTemplateId: (body.smsDltTemplateId ?? null) as string | null,
    };
    await checkCsatDlt({ db }, ws.ownerId, next);
    const data = await saveCsatSettings(db, ws.ownerId, next);
    return { success: true, data, warnings: await csatDltWarnings({ db, carrier }, ws.ownerId, data) };
  },
  // The wallboard is the whole team's inbox: the owner's, like Team Members' monitor.
  "chats.wallboard": async (request, _reply, { db }) => {
    const ws = await chatWorkspace(db, callerOf(request));
    if (ws.agentId) throw forbidden("Only the account's owner sees the wallboard");
    return { success: true, data: await wallboard(db, ws.ownerId) };
  },
};
