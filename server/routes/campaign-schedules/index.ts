import { callerOf } from "../../auth/guard";
import { shortLinkOrigin } from "../../config";
import {
  createSchedule,
  deleteSchedule,
  listSchedules,
  pauseSchedule,
  resumeSchedule,
  scheduleDetail,
  updateSchedule,
} from "../../services/campaign-schedules/store";
import type { Handlers, RouteContext } from "../context";

// Recurring campaigns (issue 41, item 5): each call works on the caller's schedules only (services/campaign-schedules
// /reach.ts); another account's answers 404 like a missing one. The campaign clock is config.now (tests move it).

const nowOf = (config: RouteContext["config"]) => config.now?.() ?? new Date();

export const campaignScheduleHandlers: Handlers = {
  "campaignSchedules.list": async (request, _reply, { db }) => ({
    success: true,
    data: await listSchedules(db, callerOf(request)),
  }),

  "campaignSchedules.get": async (request, _reply, { db }) => ({
    success: true,
    data: await scheduleDetail(db, callerOf(request), request.params.id),
  }),

  "campaignSchedules.create": async (request, reply, { db, config }) => {
    const data = await createSchedule(db, callerOf(request), request.body, nowOf(config), shortLinkOrigin(config));
    reply.status(201);
    return { success: true, message: `Schedule ${data.name} created`, data };
  },

  "campaignSchedules.update": async (request, _reply, { db, config }) => {
    const data = await updateSchedule(
      db,
      callerOf(request),
      request.params.id,
      request.body,
      nowOf(config),
      shortLinkOrigin(config),
    );
    return { success: true, message: `Schedule ${data.name} saved`, data };
  },

  "campaignSchedules.pause": async (request, _reply, { db, config }) => {
    const data = await pauseSchedule(db, callerOf(request), request.params.id, nowOf(config));
    return { success: true, message: `Schedule ${data.name} paused`, data };
  },

  "campaignSchedules.resume": async (request, _reply, { db, config }) => {
    const data = await resumeSchedule(db, callerOf(request), request.params.id, nowOf(config));
    return { success: true, message: `Schedule ${data.name} resumed`, data };
  },

  "campaignSchedules.delete": async (request, _reply, { db }) => {
    const name = await deleteSchedule(db, callerOf(request), request.params.id);
    return { success: true, message: `Schedule ${name} deleted; its campaigns stay` };
  },
};
