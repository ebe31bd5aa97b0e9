import { CONVERSION_MESSAGES, postbackUrlOf } from "../../../contract/domain/conversions";
import { callerOf } from "../../auth/guard";
import { linkOrigin } from "../../config";
import {
  conversionSettingsOf,
  newPostbackToken,
  revokePostback,
  setWindowDays,
} from "../../services/conversions/postback";
import type { Handlers } from "../context";

// An account's conversion settings (issue 41, item 2): always the caller's own (the token's account), so there is no
// record of another account to reach.

export const conversionSettingsHandlers: Handlers = {
  "conversionSettings.get": async (request, _reply, { db }) => ({
    success: true,
    data: await conversionSettingsOf(db, callerOf(request).id),
  }),

  "conversionSettings.update": async (request, _reply, { db }) => {
    const { id } = callerOf(request);
    await setWindowDays(db, id, request.body.windowDays);
    return { success: true, message: CONVERSION_MESSAGES.settingsSaved, data: await conversionSettingsOf(db, id) };
  },

  "conversionSettings.newPostback": async (request, reply, { db, config }) => {
    const { id } = callerOf(request);
    const token = await newPostbackToken(db, id);
    reply.status(201);
    return {
      success: true,
      message: CONVERSION_MESSAGES.postbackMade,
      url: postbackUrlOf(linkOrigin(config), token),
      data: await conversionSettingsOf(db, id),
    };
  },

  "conversionSettings.revokePostback": async (request, _reply, { db }) => {
    const { id } = callerOf(request);
    await revokePostback(db, id);
    return { success: true, message: CONVERSION_MESSAGES.postbackRevoked, data: await conversionSettingsOf(db, id) };
  },
};
