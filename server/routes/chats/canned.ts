import { callerOf } from "../../auth/guard";
import { renderCanned } from "../../services/canned/render";
import { cannedAccount, createCanned, deleteCanned, listCanned, updateCanned } from "../../services/canned/store";
import { findConversation } from "../../services/chats/conversations";
import { chatWorkspace } from "../../services/chats/workspace";
import type { Handlers } from "../context";

/** Canned responses (issue 40 item 2): the account's, listed and rendered by everyone in its inbox. */
export const cannedHandlers: Handlers = {
  "chats.cannedList": async (request, _reply, { db }) => {
    const ws = await chatWorkspace(db, callerOf(request));
    return { success: true, data: await listCanned(db, await cannedAccount(db, ws), request.query.q) };
  },
  "chats.cannedCreate": async (request, reply, { db }) => {
    const data = await createCanned(db, await chatWorkspace(db, callerOf(request)), request.body);
    reply.status(201);
    return { success: true, data };
  },
  "chats.cannedUpdate": async (request, _reply, { db }) => ({
    success: true,
    data: await updateCanned(db, await chatWorkspace(db, callerOf(request)), request.params.id, request.body),
  }),
  "chats.cannedDelete": async (request, _reply, { db }) => {
    await deleteCanned(db, await chatWorkspace(db, callerOf(request)), request.params.id);
    return { success: true, message: "Canned response deleted" };
  },
  "chats.cannedRender": async (request, _reply, { db, carrier }) => {
    const ws = await chatWorkspace(db, callerOf(request));
    const conversation = await findConversation(db, ws, request.params.id);
    return { success: true, ...(await renderCanned(db, carrier, ws, conversation)) };
  },
};
