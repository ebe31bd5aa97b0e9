import type { Static } from "@sinclair/typebox";
import { Type } from "./type";
import { MEDIA_CHANNELS } from "../domain/media";
import { MSG } from "../messages";
import { USER_MANAGER } from "./access";
import { PageQuery } from "./pagination";
import { Paged } from "./records";
import { Confirmation, FileBytes, ID, replies } from "./replies";
import type { CallDef } from "./types";

/** A signed link's query (uploads.signedFile, chats.file): its expiry and the HMAC over the id and the expiry. */
export const SignedLinkQuery = Type.Object({
  exp: Type.Integer({ minimum: 0, description: "expiry, epoch seconds" }),
  sig: Type.String({ minLength: 1, maxLength: 100 }),
});

export const MediaChannelField = Type.Union(MEDIA_CHANNELS.map((c) => Type.Literal(c)));

/** One uploaded file as its owner sees it; `url` is a signed link (valid UPLOAD_URL_TTL_S) an <img> can load. */
export const UploadRow = Type.Object({
  _id: Type.String(),
  channel: MediaChannelField,
  /** The name it had on the uploader's machine, for display only. */
  name: Type.String(),
  /** Sniffed from the bytes. */
  mimeType: Type.String(),
  kind: Type.Union([Type.Literal("image"), Type.Literal("video"), Type.Literal("document")]),
  size: Type.Integer(),
  sha256: Type.String(),
  createdAt: Type.String({ format: "date-time" }),
  url: Type.String(),
});

export type UploadRecord = Static<typeof UploadRow>;

const Created = Type.Object({ success: Type.Literal(true), message: Type.String(), data: UploadRow });

/** The file's bytes, streamed with its sniffed Content-Type (not JSON). */

/** SPEC 7 "Uploads", plus the two ways a file is read back: by its owner, and by a signed link (the carrier). */
export const UPLOAD_CALLS = {
  "uploads.list": {
    method: "GET",
    path: "/api/upload/list",
    access: USER_MANAGER,
    query: Type.Object({ ...PageQuery.properties, channel: Type.Optional(MediaChannelField) }),
    response: replies({ 200: Paged(UploadRow) }),
    summary: "The caller's uploaded media, newest first, optionally for one channel",
  },
  "uploads.create": {
    method: "POST",
    path: "/api/upload/aws-upload",
    access: USER_MANAGER,
    multipart: true,
    failure: MSG.uploadTemplateMedia,
    response: replies({ 201: Created }),
    summary: "Upload a media file (multipart: fileContent, channel); its type is read from the bytes",
  },
  "uploads.delete": {
    method: "DELETE",
    path: "/api/upload/:id",
    access: USER_MANAGER,
    failure: MSG.deleteMedia,
    params: ID,
    bodySchema: "upload-delete",
    response: replies({ 200: Confirmation }),
    summary: "Delete one of the caller's files",
  },
  "uploads.file": {
    method: "GET",
    path: "/api/upload/:id",
    access: USER_MANAGER,
    params: ID,
    download: true,
    response: replies({ 200: FileBytes }),
    summary: "The bytes of one of the caller's files",
  },
  "uploads.signedFile": {
    method: "GET",
    path: "/api/upload/file/:id",
    access: "public",
    params: ID,
    download: true,
    query: SignedLinkQuery,
    response: replies({ 200: FileBytes }),
    summary: "A file by signed link (for the carrier): HMAC of id and expiry; expired or wrong answers 403",
  },
} as const satisfies Record<string, CallDef>;
