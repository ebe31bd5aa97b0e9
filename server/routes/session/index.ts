import { callerOf } from "../../auth/guard";
import type { Handlers } from "../context";

/** Calls about the caller's own server-side session. */
export const sessionHandlers: Handlers = {
  // Ends this session and any impersonation session opened from it; other devices stay signed in.
  "auth.logout": async (request, _reply, ctx) => {
    await ctx.sessions.revoke(callerOf(request).sessionId);
    return { success: true, message: "Logged out" };
  },
};
