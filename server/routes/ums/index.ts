import { MSG } from "../../../contract/messages";
import { callerOf } from "../../auth/guard";
import { notFound } from "../../http/errors";
import { requestMessages } from "../../services/public-api/messages";
import { findRequest, listRequests, ownsRequest } from "../../services/public-api/ums";
import type { Handlers } from "../context";

/** The request log of the caller's keys. */
export const umsHandlers: Handlers = {
  "ums.requests": async (request, _reply, { db }) => ({
    success: true,
    ...(await listRequests(db, callerOf(request).id, request.query)),
  }),
  "ums.request": async (request, _reply, { db }) => ({
    success: true,
    data: await findRequest(db, callerOf(request).id, request.params.id),
  }),
  "ums.requestMessages": async (request, _reply, { db }) => {
    const userId = callerOf(request).id;
    if (!(await ownsRequest(db, userId, request.params.id))) throw notFound(MSG.notFound);
    return { success: true, ...(await requestMessages(db, userId, request.params.id, request.query)) };
  },
};
