import { Type } from "./type";
import { MSG } from "../messages";
import { USER_MANAGER } from "./access";
import { ID, NOT_BUILT } from "./replies";
import type { CallDef } from "./types";

/** SPEC 7 "Uploads". */
export const UPLOAD_CALLS = {
  "uploads.list": { method: "GET", path: "/api/upload/list", access: USER_MANAGER, query: Type.Object({ channel: Type.Optional(Type.String()) }), response: NOT_BUILT },
  "uploads.create": { method: "POST", path: "/api/upload/aws-upload", access: USER_MANAGER, failure: MSG.uploadTemplateMedia, response: NOT_BUILT },
  "uploads.delete": { method: "DELETE", path: "/api/upload/:id", access: USER_MANAGER, failure: MSG.deleteMedia, params: ID, response: NOT_BUILT },
} as const satisfies Record<string, CallDef>;
