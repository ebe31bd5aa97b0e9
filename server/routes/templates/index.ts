import { callerOf } from "../../auth/guard";
import { pageWindow } from "../../services/paging";
import { listUnified } from "../../services/channels/templates";
import type { Handlers } from "../context";

export const templateHandlers: Handlers = {
  "templates.unified": async (request, _reply, { db }) =>
    listUnified(db, callerOf(request), pageWindow(request.query), request.query),
};
